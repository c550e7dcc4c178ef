"""The webhook: Discord- and Slack-compatible JSON, and a URL that never shows in errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from wikibot.config import WatchConfig
from wikibot.errors import ConfigError, WebhookError
from wikibot.watch.webhook import MAX_LENGTH, post_webhook, webhook_payload


def test_the_payload_serves_discord_and_slack() -> None:
    assert webhook_payload("hi") == {"content": "hi", "text": "hi"}
    long = webhook_payload("x" * 5000)
    assert len(long["content"]) == MAX_LENGTH


def test_a_failed_post_does_not_show_the_url() -> None:
    secret = "http://127.0.0.1:9/hooks/very-secret-token"
    with pytest.raises(WebhookError) as caught:
        post_webhook(secret, "hi", user_agent="nomicbot tests", timeout=5)
    assert "very-secret-token" not in str(caught.value)


def test_the_webhook_file_must_be_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOMICBOT_WATCH_WEBHOOK", raising=False)
    hook = tmp_path / "hook"
    hook.write_text("https://hooks.example/secret-token\n", encoding="utf-8")
    os.chmod(hook, 0o644)
    with pytest.raises(ConfigError, match="chmod 600") as caught:
        WatchConfig(webhook_file=str(hook)).webhook_url()
    assert "secret-token" not in str(caught.value)
    os.chmod(hook, 0o600)
    assert WatchConfig(webhook_file=str(hook)).webhook_url() == "https://hooks.example/secret-token"
    assert WatchConfig().webhook_url() is None


def test_the_environment_overrides_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NOMICBOT_WATCH_WEBHOOK", "https://hooks.example/from-env")
    assert WatchConfig().webhook_url() == "https://hooks.example/from-env"
    monkeypatch.setenv("NOMICBOT_WATCH_WEBHOOK", "not a url secret-token")
    with pytest.raises(ConfigError) as caught:
        WatchConfig().webhook_url()
    assert "secret-token" not in str(caught.value)
