"""The sandbox MediaWiki: installed from Debian's package, seeded, restartable, stopped cleanly."""

from __future__ import annotations

import os
import socket
import stat
import urllib.request
from pathlib import Path

import pytest

import wikibot.mediawiki_sandbox as sandbox
from rules_text import ruleset_139_wikitext
from tests.plugins.wiki import HumanEditor
from wikibot.config import load_config
from wikibot.errors import WikiError
from wikibot.gamestate_page import GamestatePage
from wikibot.mediawiki_sandbox import RunningWiki, check_requirements, start_wiki
from wikibot.nomicland_page import NomiclandPage
from wikibot.wikiclient import WikiClient

pytestmark = pytest.mark.integration


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_secrets_are_owner_only(sandbox_wiki: RunningWiki) -> None:
    creds = sandbox_wiki.credentials
    for path in (creds.admin_password_file, creds.bot_password_file):
        assert _mode(path) == 0o600, path
    assert _mode(sandbox_wiki.data_dir / "LocalSettings.php") == 0o600
    assert len(creds.bot_password()) == 32 and len(creds.admin_password()) >= 20


def test_config_is_ready_to_use(sandbox_wiki: RunningWiki) -> None:
    config = load_config(sandbox_wiki.config_path)
    assert config.wiki.url == sandbox_wiki.url
    assert config.wiki.user == "NomicBot@nomicbot"
    assert config.wiki.password() == sandbox_wiki.credentials.bot_password()
    assert (config.wiki.nomicland_page, config.wiki.gamestate_page) == ("Nomicland", "Gamestate")
    assert (config.wiki.ruleset_page, config.wiki.votes_page) == ("Ruleset", "Votes")


def test_served_on_loopback_by_debian_mediawiki(sandbox_wiki: RunningWiki) -> None:
    url = f"{sandbox_wiki.api_url}?action=query&meta=siteinfo&format=json"
    with urllib.request.urlopen(url, timeout=10) as answer:
        body = answer.read().decode()
    assert '"generator":"MediaWiki 1.39' in body
    assert sandbox_wiki.url.startswith("http://127.0.0.1:")


def test_pages_are_seeded(bot: WikiClient) -> None:
    assert bot.read("Ruleset").text == ruleset_139_wikitext().rstrip()
    park = NomiclandPage.from_wikitext(bot.read("Nomicland").text)
    assert park.zones == () and park.business_days == () and park.problems == ()
    assert "== Visitors ==" in park.text
    table = GamestatePage.from_wikitext(bot.read("Gamestate").text)
    assert table.columns == ("Imagineer", "Budget", "Debt", "Smiles", "LBD")
    assert table.rows == () and table.problems == ()
    assert "<!-- nomicbot:votes begin" in bot.read("Votes").text
    assert {r.user for r in bot.history("Ruleset")} == {"Admin"}


def test_a_human_can_log_in_as_admin(human: HumanEditor) -> None:
    assert "sysop" in human.site.groups


def test_restart_reuses_the_install(sandbox_wiki: RunningWiki) -> None:
    marker = sandbox_wiki.data_dir / ".nomicbot-installed"
    before = (marker.stat().st_mtime_ns, sandbox_wiki.credentials.bot_password())
    second = start_wiki(sandbox_wiki.data_dir)
    try:
        assert second.port != sandbox_wiki.port
        assert (marker.stat().st_mtime_ns, second.credentials.bot_password()) == before
        with urllib.request.urlopen(second.api_url + "?action=query&format=json") as answer:
            assert answer.status == 200
    finally:
        second.stop()
        # The config follows the wiki that wrote it last: point it back.
        sandbox.write_config(sandbox_wiki.config_path, sandbox_wiki.url, sandbox_wiki.credentials)
    assert not second.is_running()
    with pytest.raises(ProcessLookupError):
        os.killpg(second.process.pid, 0)  # no worker of its process group is left
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", second.port)) != 0


def test_missing_mediawiki_fails_loudly(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sandbox, "MEDIAWIKI_DIR", tmp_path)
    with pytest.raises(WikiError, match="run scripts/bootstrap.sh"):
        check_requirements()


def test_missing_php_fails_loudly(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(WikiError, match="php is not installed: run scripts/bootstrap.sh"):
        sandbox.install_wiki(tmp_path / "wiki")
    assert not (tmp_path / "wiki").exists()


def test_port_in_use_is_reported(sandbox_wiki: RunningWiki) -> None:
    with pytest.raises(WikiError, match=f"could not start on port {sandbox_wiki.port}"):
        start_wiki(sandbox_wiki.data_dir, port=sandbox_wiki.port, ready_timeout=5)
