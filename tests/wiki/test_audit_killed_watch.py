"""``watch``'s audit step killed (SIGKILL) at a write point, then run again, ends exactly as an
uninterrupted cycle: the same report page, ledger and cursor, and the flagged revision
announced once.

As in ``tests/watch/test_watch_audit.py``: the sandbox blog, the real sandbox MediaWiki, an
audit started by ``wiki audit --apply``, then a human edit (Josh's forty Smiles) that the
next ``watch --once`` flags. Each run is a subprocess on a copy of one mirror, with report
and Votes pages of its own; ``NOMICBOT_TEST_KILL_AT`` kills it at one write point (no
timing).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamestate.profiles.blognomic_139.models import Game, Player, Terms
from tests.plugins.wiki import HumanEditor
from tests.watch.test_watch_audit import import_business_day, import_smiles
from wikibot.cli import cli
from wikibot.config import Config, load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import AnnouncementRow, LedgerRow, LockRow
from wikibot.resolve.ledger import KILL_AT_ENV
from wikibot.sandbox.blog import SandboxBlog
from wikibot.sandbox.mediawiki import RunningWiki
from wikibot.wiki.audit import audit_cursor
from wikibot.wiki.client import WikiClient

pytestmark = pytest.mark.integration


def write_config(where: Path, blog: SandboxBlog, wiki_config: Config, pages: str, own: str) -> Path:
    """A watcher's nomicbot.toml: the shared gamestate pages, report and Votes pages of its
    own, its mirror in ``where``."""
    wiki = wiki_config.wiki
    config = where / "nomicbot.toml"
    config.write_text(
        f'[blog]\nurl = "{blog.url}"\nmin_interval = 0\n'
        f'[wiki]\nurl = "{wiki.url}"\nuser = "{wiki.user}"\n'
        f'password_file = "{wiki.password_file}"\n'
        f'nomicland_page = "{pages}/Nomicland"\ngamestate_page = "{pages}/Gamestate"\n'
        f'votes_page = "{pages}/Votes {own}"\naudit_page = "{pages}/Audit {own}"\n'
        "edit_interval = 0\n"
        f'[mirror]\ndatabase = "{where / "mirror.sqlite"}"\n'
        '[game]\nplayer = "TestOperator"\ncontact = "mailto:ops@example.org"\n',
        encoding="utf-8",
    )
    return config


def watch(config: Path, kill_at: str | None = None) -> subprocess.CompletedProcess[str]:
    """``nomicbot watch --once`` in a process of its own (no webhook)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NOMICBOT_")}
    if kill_at is not None:
        env[KILL_AT_ENV] = kill_at
    return subprocess.run(
        [sys.executable, "-c", "from wikibot.cli import cli; cli()", "watch", "--once"]
        + ["--config", str(config)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


def outcome(config: Path, human: HumanEditor, bot: WikiClient) -> tuple[Any, ...]:
    """The report page and its bot edits, the ledger, the cursor and the announcements."""
    settings = load_config(config)
    page = settings.wiki.audit_page
    with Mirror.open(settings.mirror.database) as mirror, mirror.bound():
        ledger = [
            (r.op_id, r.domain, r.state, r.at, r.recorded_at, r.actor, r.action, r.cause)
            + tuple(json.dumps(v, sort_keys=True) for v in (r.arguments, r.after, r.revisions))
            for r in LedgerRow.select().order_by(LedgerRow._meta.primary_key)
        ]
        cursor = audit_cursor(mirror, settings.wiki)
        # Each names its own report page.
        said = sorted(
            (r.key, r.text.replace(page, "REPORT PAGE"))
            for r in AnnouncementRow.select()
            if r.key.startswith("audit:")
        )
        locks = LockRow.select().count()
    edits = sum(1 for r in bot.history(page) if r.user == bot.user)
    return human.read(page), edits, ledger, cursor, said, locks


def test_a_watch_cycle_killed_at_a_write_point_ends_as_an_uninterrupted_one(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    bot: WikiClient,
    sandbox_wiki: RunningWiki,
    page_title: str,
) -> None:
    players = (Player("Admin", admin=True), Player("Josh"))
    blog = sandbox_blog(Game(players=players, posts=(), boss="Admin", terms=Terms()))
    pages = f"{page_title}/{secrets.token_hex(4)}"
    template = tmp_path / "template"
    template.mkdir()
    config = write_config(template, blog, wiki_config, pages, "template")
    runner = CliRunner()
    assert runner.invoke(cli, ["sync", "--config", str(config)]).exit_code == 0
    # The pages three hours ago and the Boss's Business Day: the audit starts there.
    nomicland, gamestate = f"{pages}/Nomicland", f"{pages}/Gamestate"
    ago = import_business_day(sandbox_wiki, nomicland, gamestate)
    base = human.site.pages[gamestate].revision
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    args = ["wiki", "audit", "--config", str(config), "--since", str(base), "--now", now]
    started = runner.invoke(cli, [*args, "--apply"], catch_exceptions=False)
    assert "Recorded 1 ledger row(s) and 1 audited revision(s)" in started.output, started.output
    # Two hours ago Josh gave himself 40 Smiles: the next cycle flags it.
    import_smiles(sandbox_wiki, gamestate, ago)
    flagged = human.site.pages[gamestate].revision

    def fresh(name: str) -> Path:
        where = tmp_path / name
        where.mkdir()
        shutil.copy(template / "mirror.sqlite", where / "mirror.sqlite")
        return write_config(where, blog, wiki_config, pages, name)

    reference_config = fresh("reference")
    done = watch(reference_config, kill_at="list")
    assert done.returncode == 0, done.stderr
    points = [
        line.split(": ", 1)[1] for line in done.stderr.splitlines() if line.startswith("kill point")
    ]
    reference = outcome(reference_config, human, bot)
    page, edits, _, _, said, locks = reference
    assert f"[[Special:Diff/{flagged}|r{flagged}]]" in page and edits == 1 and locks == 0
    assert [key for key, _ in said] == [f"audit:{flagged}"]
    assert points[-4:] == [
        "audit: report started",
        "audit: recorded",
        "audit: report page written",
        "audit: report applied",
    ]

    for point in (f"audit: finding {flagged} started", *points[-4:]):
        name = re.sub(r"[^a-z0-9]+", "-", point.removeprefix("audit: "))
        config = fresh(name)
        killed = watch(config, kill_at=str(points.index(point) + 1))
        assert killed.returncode == -signal.SIGKILL, killed.stderr
        again = watch(config)
        assert again.returncode == 0, again.stderr
        got = outcome(config, human, bot)
        assert got == reference, f"killed at {point!r}"
        # Announced once: by the run killed after keeping it, or else by the rerun.
        assert (f"revision {flagged} by Josh" in killed.stdout) != (
            f"revision {flagged} by Josh" in again.stdout
        ), point
