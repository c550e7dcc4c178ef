"""``watch`` audits the gamestate pages each cycle: a human edit flagged and announced exactly
once (stdout and the webhook), across a restart. Against the sandbox blog, the real sandbox
MediaWiki and a webhook receiver on 127.0.0.1."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamestate.profiles.blognomic_139.models import Game, Player, Terms
from tests.plugins.wiki import HumanEditor
from wikibot.cli import cli
from wikibot.config import Config
from wikibot.sandbox.blog import SandboxBlog
from wikibot.sandbox.mediawiki import RunningWiki, create_account
from wikibot.wiki.dump import DumpRevision, import_history
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT as TABLE_SEED
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED

pytestmark = pytest.mark.integration


def table(*rows: tuple[str, int, int, int, int]) -> str:
    body = "".join(f"|-\n| {n} || {b} || {d} || {s} || {lbd}\n" for n, b, d, s, lbd in rows)
    return TABLE_SEED.replace("|}\n", body + "|}\n")


def import_business_day(wiki: RunningWiki, nomicland: str, gamestate: str) -> datetime:
    """Imports, with past times (the pairing window of one hour has passed), the pages as
    they stood three hours ago (Admin the Boss, Josh, who gets an account), then the Boss
    beginning Business Day 1 five minutes later (legal); returns that instant."""
    create_account(wiki.data_dir, "Josh", secrets.token_urlsafe(18))
    ago = datetime.now(UTC).replace(microsecond=0) - timedelta(hours=3)
    start = table(("Admin", 0, -50000, 10, 0), ("Josh", 0, 0, 10, 0))
    import_history(
        wiki.data_dir,
        [
            DumpRevision(nomicland, PARK_SEED, "Admin", ago, "the pages"),
            DumpRevision(gamestate, start, "Admin", ago, "the pages"),
            DumpRevision(nomicland, PARK_SEED + "#\n", "Admin", ago + timedelta(minutes=5), "day"),
        ],
    )
    return ago


def import_smiles(wiki: RunningWiki, gamestate: str, ago: datetime) -> None:
    """Imports Josh giving himself 40 Smiles an hour after ``ago`` (no action gives them)."""
    smiles = table(("Admin", 0, -50000, 10, 0), ("Josh", 0, 0, 50, 0))
    import_history(
        wiki.data_dir,
        [DumpRevision(gamestate, smiles, "Josh", ago + timedelta(hours=1), "smiles")],
    )


@pytest.fixture
def receiver() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A webhook receiver: its URL and the JSON bodies it got."""
    got: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            got.append(json.loads(self.rfile.read(length)))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/hook", got
    finally:
        server.shutdown()
        server.server_close()


def test_a_flagged_human_edit_is_announced_once_across_a_restart(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    sandbox_wiki: RunningWiki,
    page_title: str,
    receiver: tuple[str, list[dict[str, Any]]],
    clean_env: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The wiki's Admin account is the game's Boss; Josh plays too.
    players = (Player("Admin", admin=True), Player("Josh"))
    blog = sandbox_blog(Game(players=players, posts=(), boss="Admin", terms=Terms()))
    nomicland, gamestate = f"{page_title}/Nomicland", f"{page_title}/Gamestate"
    config = tmp_path / "nomicbot.toml"
    wiki = wiki_config.wiki
    config.write_text(
        f'[blog]\nurl = "{blog.url}"\nmin_interval = 0\n'
        f'[wiki]\nurl = "{wiki.url}"\nuser = "{wiki.user}"\n'
        f'password_file = "{wiki.password_file}"\n'
        f'nomicland_page = "{nomicland}"\ngamestate_page = "{gamestate}"\n'
        f'votes_page = "{page_title}/Votes"\naudit_page = "{page_title}/Audit"\n'
        "edit_interval = 0\n"
        f'[mirror]\ndatabase = "{tmp_path / "mirror.sqlite"}"\n'
        '[game]\nplayer = "TestOperator"\ncontact = "mailto:ops@example.org"\n',
        encoding="utf-8",
    )
    url, posted = receiver
    monkeypatch.setenv("NOMICBOT_WATCH_WEBHOOK", url)
    runner = CliRunner()
    assert runner.invoke(cli, ["sync", "--config", str(config)]).exit_code == 0

    # Imported with past times (the pairing window of one hour has passed): the pages as
    # they stood three hours ago, then the Boss begins Business Day 1 (legal).
    ago = import_business_day(sandbox_wiki, nomicland, gamestate)
    base = human.site.pages[gamestate].revision
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    started = runner.invoke(
        cli,
        ["wiki", "audit", "--config", str(config), "--since", str(base), "--now", now, "--apply"],
        catch_exceptions=False,
    )
    assert "Recorded 1 ledger row(s) and 1 audited revision(s)" in started.output, started.output

    # Two hours ago Josh gave himself 40 Smiles: flagged by the next cycle.
    import_smiles(sandbox_wiki, gamestate, ago)
    flagged = human.site.pages[gamestate].revision
    first = runner.invoke(cli, ["watch", "--config", str(config), "--once"])
    assert first.exit_code == 0, first.output
    said = [line for line in first.output.splitlines() if f"revision {flagged}" in line]
    assert len(said) == 1 and "is unexplained" in said[0] and "Gamestate/Josh/Smiles" in said[0]
    assert [p["content"] for p in posted if f"revision {flagged}" in p["content"]] == [
        said[0].split(" ", 1)[1]
    ]
    report = human.read(f"{page_title}/Audit")
    assert f"[[Special:Diff/{flagged}|r{flagged}]]" in report

    # A restart: nothing new is announced, posted or written.
    before = len(posted)
    second = runner.invoke(cli, ["watch", "--config", str(config), "--once"])
    assert second.exit_code == 0, second.output
    assert f"revision {flagged}" not in second.output
    assert len(posted) == before
    assert human.read(f"{page_title}/Audit") == report
