"""The sandbox MediaWiki: installed from Debian's package, seeded, restartable, stopped cleanly."""

from __future__ import annotations

import os
import secrets
import socket
import stat
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import mwclient
import pytest

import wikibot.sandbox.mediawiki as sandbox
from rules_text import ruleset_139_wikitext
from tests.plugins.wiki import HumanEditor
from wikibot.config import load_config
from wikibot.errors import WikiError
from wikibot.sandbox.mediawiki import RunningWiki, check_requirements, start_wiki
from wikibot.wiki.client import WikiClient, connect
from wikibot.wiki.pages.gamestate import GamestatePage
from wikibot.wiki.pages.nomicland import NomiclandPage

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


def test_restart_on_the_same_port_right_after_stopping(sandbox_wiki: RunningWiki) -> None:
    try:
        first = start_wiki(sandbox_wiki.data_dir)
        port = first.port
        try:
            for _ in range(3):  # the server closes these: they linger in TIME_WAIT on its port
                with urllib.request.urlopen(first.api_url + "?action=query&format=json") as r:
                    assert r.status == 200
        finally:
            first.stop()
        with socket.socket() as plain, pytest.raises(OSError):
            plain.bind(("127.0.0.1", port))  # what the probe saw without SO_REUSEADDR
        second = start_wiki(sandbox_wiki.data_dir, port=port)
        try:
            assert second.port == port
            with urllib.request.urlopen(second.api_url + "?action=query&format=json") as r:
                assert r.status == 200
        finally:
            second.stop()
    finally:
        # The config follows the wiki that wrote it last: point it back.
        sandbox.write_config(sandbox_wiki.config_path, sandbox_wiki.url, sandbox_wiki.credentials)


_STARTED: list[tuple[list[str], dict[str, str]]] | None = None
"""While a test records: every process this Python starts, as (argv, environment)."""


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _STARTED is None:
        return
    if event == "subprocess.Popen":
        _, argv, _, env = args
        words = [str(argv)] if isinstance(argv, str | bytes) else [str(a) for a in argv]
        _STARTED.append((words, dict(env or {})))
    elif event in ("os.system", "os.posix_spawn", "os.exec", "os.spawn"):
        _STARTED.append(([str(a) for a in args], {}))


sys.addaudithook(_audit)  # audit hooks cannot be removed: it records only inside started()


@contextmanager
def started() -> Iterator[list[tuple[list[str], dict[str, str]]]]:
    """Records every process started inside the block (Python's audit events)."""
    global _STARTED
    _STARTED = []
    try:
        yield _STARTED
    finally:
        _STARTED = None


def test_no_password_is_ever_on_a_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[str] = []
    token_urlsafe = secrets.token_urlsafe

    def recorded(nbytes: int | None = None) -> str:
        made.append(token_urlsafe(nbytes))
        return made[-1]

    monkeypatch.setattr(secrets, "token_urlsafe", recorded)  # as the sandbox calls it
    with started() as processes:
        creds = sandbox.install_wiki(tmp_path / "wiki")
        wiki = start_wiki(tmp_path / "wiki")
    try:
        assert creds.admin_password() in made
        (bot_own,) = [p for p in made if p != creds.admin_password()]
        passwords = {creds.admin_password(), bot_own, creds.bot_password()}
        scripts = [next((w for w in argv if w.endswith(".php")), "") for argv, _ in processes]
        assert any(s.endswith("install.php") for s in scripts), scripts
        assert any(s.endswith("createBotPassword.php") for s in scripts), scripts
        for argv, env in processes:
            for password in passwords:
                assert not any(password in word for word in argv), argv
                assert not any(password in value for value in env.values()), argv
        # The bot's own password did reach the wiki: a person could log in with it.
        site: Any = mwclient.Site(
            f"127.0.0.1:{wiki.port}", path="/", scheme="http", clients_useragent="test"
        )
        assert site.clientlogin(username=sandbox.BOT_USER, password=bot_own) is True
        # And the bot logs in with its bot password, with the bot right.
        assert connect(load_config(wiki.config_path), min_interval=0).user == sandbox.BOT_USER
    finally:
        wiki.stop()


def test_an_account_that_cannot_be_made_is_a_clear_error(sandbox_wiki: RunningWiki) -> None:
    with pytest.raises(WikiError) as caught:
        sandbox.create_account(sandbox_wiki.data_dir, "Bad|Name", "Secret-0123456789")
    assert str(caught.value) == (
        "MediaWiki could not create the account Bad|Name: Caught exception Exception: "
        "invalid user name"
    )
