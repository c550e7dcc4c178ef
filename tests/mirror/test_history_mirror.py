"""``history`` from a SQLite mirror synced from the sandbox blog over real HTTP."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from wikibot.archive import format_time, read_archive
from wikibot.cli import cli
from wikibot.examples import NOMICLAND
from wikibot.mirror.api import Mirror
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration


def _history(*args: str) -> Any:
    result = CliRunner().invoke(cli, ["history", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
def test_history_from_the_mirror(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog], markup: str
) -> None:
    with NOMICLAND.open(encoding="utf-8") as handle:
        game = read_archive(handle)
    blog = sandbox_blog(game, markup)
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        f'[blog]\nurl = "{blog.url}"\nmarkup = "{markup}"\nmin_interval = 0\n'
        'start = "2016-04-26"\n[mirror]\ndatabase = "mirror.sqlite"\n',  # its first post
        encoding="utf-8",
    )
    synced = CliRunner().invoke(cli, ["sync", "--config", str(config)])
    assert synced.exit_code == 0, synced.output
    from_mirror = _history("--config", str(config))
    from_archive = _history("--archive", str(NOMICLAND))
    # The same verdicts; the mirror's one roster snapshot is the sync's, taken after every
    # matter, so each was judged with today's roster, which the mirror says is all it has.
    with Mirror.open(str(tmp_path / "mirror.sqlite"), create=False) as mirror:
        (snap,) = mirror.to_game().rosters
    first = f"(the first snapshot is of {format_time(snap.at.replace(microsecond=0))})"
    mirror_text = json.dumps(from_mirror)
    assert mirror_text.count(first) == 2 * 31  # each matter's bot.roster and its note
    none = "(no roster snapshot is recorded)"
    assert json.loads(mirror_text.replace(first, none)) == from_archive
    # The mirror keeps each resolution's time and note: every matter is judged.
    assert from_mirror["summary"]["matters"] == 31
    assert from_mirror["summary"]["not_judgeable"] == 0
