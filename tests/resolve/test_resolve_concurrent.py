"""Two Admins running ``resolve --apply`` against one shared PostgreSQL mirror: exactly
one resolution of each matter; a run that finds the lock taken is told who holds it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.resolve.week import STEPS, week_game
from wikibot.archive import format_time
from wikibot.cli import cli
from wikibot.mirror import LedgerRow, LockRow, Mirror, ResolutionRow
from wikibot.resolve import resolve_lock
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration

NOW = format_time(STEPS["day1"])


def config_for(tmp_path: Path, blog: SandboxBlog, database: str) -> str:
    path = tmp_path / "nomicbot.toml"
    path.write_text(
        f'[blog]\nurl = "{blog.url}"\nmarkup = "classic"\nmin_interval = 0\nstart = "2016-05-01"\n'
        f'[mirror]\ndatabase = "{database}"\n[game]\nplayer = "Kevan"\n',
        encoding="utf-8",
    )
    return str(path)


def synced(tmp_path: Path, blog: SandboxBlog, url: str) -> str:
    config = config_for(tmp_path, blog, url)
    result = CliRunner().invoke(cli, ["sync", "--config", config], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return config


def test_two_admins_at_once_make_exactly_one_resolution_each(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog], postgres_url: str
) -> None:
    config = synced(tmp_path, sandbox_blog(week_game()), postgres_url)
    code = "from wikibot.cli import cli; cli()"
    runs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                code,
                "resolve",
                "--config",
                config,
                "--now",
                NOW,
                "--apply",
                "--as",
                admin,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for admin in ("Kevan", "Alice")
    ]
    outputs = [run.communicate(timeout=300) for run in runs]
    with Mirror.open(postgres_url) as mirror, mirror.bound():
        resolutions = sorted((r.post_id, r.admin) for r in ResolutionRow.select())
        ops = [r.op_id for r in LedgerRow.select() if r.parent is None]
        locks = LockRow.select().count()
    assert [post for post, _ in resolutions] == ["cfj_one", "prop_alpha", "prop_beta"]
    assert len({admin for _, admin in resolutions}) == 1  # one run made them all
    assert sorted(ops) == ["resolve/cfj_one", "resolve/prop_alpha", "resolve/prop_beta"]
    assert locks == 0
    # The other run was told who held the lock, or found nothing left to resolve.
    winner = resolutions[0][1]
    loser = 1 if winner == "Kevan" else 0
    out, err = outputs[loser]
    assert runs[1 - loser].returncode == 0, outputs[1 - loser]
    assert "Nothing to resolve." in out or (
        f"another resolve --apply holds the lock: {winner} on " in err
        and runs[loser].returncode == 1
    ), (out, err)


def test_a_run_finding_the_lock_held_is_told_who_holds_it(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog], postgres_url: str
) -> None:
    config = synced(tmp_path, sandbox_blog(week_game()), postgres_url)
    at = datetime(2016, 5, 2, 13, tzinfo=UTC)
    with Mirror.open(postgres_url) as mirror, resolve_lock(mirror, admin="Alice", at=at):
        result = CliRunner().invoke(
            cli, ["resolve", "--config", config, "--now", NOW, "--apply", "--as", "Kevan"]
        )
    assert result.exit_code == 1
    assert "another resolve --apply holds the lock: Alice on " in result.output
    assert "since 2016-05-02T13:00:00Z" in result.output
    with Mirror.open(postgres_url) as mirror, mirror.bound():
        assert ResolutionRow.select().count() == 0 and LedgerRow.select().count() == 0
    # Released: the next run resolves.
    result = CliRunner().invoke(
        cli, ["resolve", "--config", config, "--now", NOW, "--apply", "--as", "Kevan"]
    )
    assert result.exit_code == 0 and "prop_alpha" in result.output
