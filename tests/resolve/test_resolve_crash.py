"""A ``resolve --apply`` killed (SIGKILL) at every write point in turn, then run again,
ends exactly as an uninterrupted run: no doubled edit, no lost ledger row."""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.plugins.wiki import HumanEditor
from tests.resolve.week import STEPS, run_cli, seed_pages, week_game, write_config
from wikibot.archive import format_time
from wikibot.cli import cli
from wikibot.config import Config
from wikibot.mirror import LedgerRow, LockRow, Mirror, ResolutionRow
from wikibot.resolve import KILL_AT_ENV
from wikibot.sandbox.blog import SandboxBlog
from wikibot.wiki.client import WikiClient

pytestmark = pytest.mark.integration

PAGES = ("Votes", "Ruleset", "Ruleset 139", "Nomicland 139", "Gamestate 139")


def invoke(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def mirror_state(database: Path) -> tuple[Any, ...]:
    with Mirror.open(str(database)) as mirror, mirror.bound():
        ledger = sorted((r.op_id, r.parent, r.state, r.at, r.actor) for r in LedgerRow.select())
        resolutions = sorted(
            (r.post_id, r.op_id, r.state, r.status_word, r.note, r.resolved_at)
            for r in ResolutionRow.select()
        )
        return ledger, resolutions, LockRow.select().count()


def wiki_state(human: HumanEditor, bot: WikiClient, prefix: str) -> dict[str, tuple[str, int]]:
    """Each page's text and how many edits the bot made to it."""
    found = {}
    for page in PAGES:
        title = f"{prefix}/{page}"
        edits = sum(1 for r in bot.history(title) if r.user == bot.user)
        found[page] = (human.read(title) if edits or page in ("Votes", "Ruleset") else "", edits)
    return found


@pytest.mark.parametrize(
    ("before", "step"),
    [
        pytest.param(("day1",), "day3", id="a resolution: record, Votes page"),
        pytest.param(
            ("day1", "day3", "day5"), "day6", id="an Ascension Address: archives, Ruleset"
        ),
    ],
)
def test_killed_at_every_write_point_then_rerun_ends_as_an_uninterrupted_run(
    before: tuple[str, ...],
    step: str,
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    bot: WikiClient,
    page_title: str,
) -> None:
    blog = sandbox_blog(week_game())
    now = format_time(STEPS[step])

    def fresh(name: str) -> tuple[Path, str]:
        """A config on a copy of the template mirror, with wiki pages of its own."""
        where = tmp_path / name
        where.mkdir()
        prefix = f"{page_title}/{name}"
        seed_pages(human, prefix)
        config = write_config(where, blog, wiki_config, prefix)
        shutil.copy(template / "mirror.sqlite", where / "mirror.sqlite")
        return where, str(config)

    template = tmp_path / "template"
    template.mkdir()
    config = str(write_config(template, blog, wiki_config, f"{page_title}/template"))
    seed_pages(human, f"{page_title}/template")
    invoke("sync", "--config", config)
    for day in before:
        invoke("resolve", "--config", config, "--now", format_time(STEPS[day]), "--apply")

    where, config = fresh("reference")
    assert (
        "Nothing to resolve."
        not in invoke("resolve", "--config", config, "--now", now, "--apply").output
    )
    reference = (
        mirror_state(where / "mirror.sqlite"),
        wiki_state(human, bot, f"{page_title}/reference"),
    )

    point = 0
    while True:
        point += 1
        where, config = fresh(f"kill{point}")
        env = {**os.environ, KILL_AT_ENV: str(point)}
        killed = run_cli("resolve", "--config", config, "--now", now, "--apply", env=env)
        if killed.returncode == 0:
            break  # past the last write point: the run finished
        assert killed.returncode == -signal.SIGKILL, killed.stderr
        invoke("resolve", "--config", config, "--now", now, "--apply")
        got = (
            mirror_state(where / "mirror.sqlite"),
            wiki_state(human, bot, f"{page_title}/kill{point}"),
        )
        assert got == reference, f"killed at write point {point}"
    assert point > 5  # every effect has its points: started, written, applied
