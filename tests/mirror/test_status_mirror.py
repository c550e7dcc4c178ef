"""``status`` from the mirror equals ``status --archive`` on the original game.

The example game is served by the sandbox blog over real HTTP (each markup),
synced into a SQLite mirror with ``nomicbot sync``, and evaluated both ways.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from wikibot.archive import read_archive
from wikibot.cli import cli
from wikibot.examples import NOMICLAND
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration

EXAMPLE = NOMICLAND
NOW = "2016-05-17T12:00:00Z"


def _status(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["status", "--json", "--now", NOW, *args])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
def test_status_from_the_mirror_equals_status_from_the_archive(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog], markup: str
) -> None:
    with EXAMPLE.open(encoding="utf-8") as handle:
        game = read_archive(handle)
    blog = sandbox_blog(game, markup)
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        f'[blog]\nurl = "{blog.url}"\nmarkup = "{markup}"\nmin_interval = 0\n'
        'start = "2016-04-01"\n[mirror]\ndatabase = "mirror.sqlite"\n[game]\nplayer = "Kevan"\n',
        encoding="utf-8",
    )
    synced = CliRunner().invoke(cli, ["sync", "--config", str(config)])
    assert synced.exit_code == 0, synced.output
    from_archive = _status("--archive", str(EXAMPLE))
    assert _status("--config", str(config)) == from_archive
    assert len(from_archive["matters"]) == 5  # type: ignore[arg-type]


def test_a_player_votes_and_the_tally_changes(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    """Playing as a player: a comment with a voting icon POSTed to the blog moves the tally."""
    with EXAMPLE.open(encoding="utf-8") as handle:
        game = read_archive(handle)
    blog = sandbox_blog(game, "classic")
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        f'[blog]\nurl = "{blog.url}"\nmin_interval = 0\nstart = "2016-04-01"\n'
        '[mirror]\ndatabase = "mirror.sqlite"\n[game]\nplayer = "Kevan"\n',
        encoding="utf-8",
    )
    assert CliRunner().invoke(cli, ["sync", "--config", str(config)]).exit_code == 0
    now = "2099-01-01T00:00:00Z"  # after the sandbox stamps the new comment
    before = CliRunner().invoke(cli, ["status", "--json", "--now", now, "--config", str(config)])
    cfj = "call_for_judgement_lagoon_licence"
    tally = {m["id"]: m for m in json.loads(before.output)["matters"]}[cfj]
    assert (tally["for"], tally["against"]) == (2, 2)
    reply = requests.post(
        f"{blog.url}archive/{cfj}/comment",
        data={"author": "Spitemaster", "body": '<img src="/images/vote/for.gif" alt="for"> yes'},
        allow_redirects=False,
        timeout=5,
    )
    assert reply.status_code == 303
    assert CliRunner().invoke(cli, ["sync", "--config", str(config)]).exit_code == 0
    after = CliRunner().invoke(cli, ["status", "--json", "--now", now, "--config", str(config)])
    tally = {m["id"]: m for m in json.loads(after.output)["matters"]}[cfj]
    assert (tally["for"], tally["against"]) == (3, 2)
    assert tally["votes"]["Spitemaster"] == "FOR"
