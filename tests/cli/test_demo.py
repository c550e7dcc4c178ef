"""``nomicbot demo``: the main job end to end on the sandbox blog and a real MediaWiki."""

from __future__ import annotations

from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from wikibot.cli import cli

pytestmark = pytest.mark.integration


def test_demo_syncs_shows_status_and_publishes_once(tmp_path: Path) -> None:
    first = CliRunner().invoke(cli, ["demo", "--data", str(tmp_path), "--once"])
    assert first.exit_code == 0, first.output
    assert "Sync run 1 (full): ok." in first.output
    assert "why: FOR 5 >= Quorum 5 and open 1d 2h 56m (at least 12h)" in first.output
    assert "note: Enacted by Brendan (5-0, Quorum 5)" in first.output  # [game] player
    assert "Votes: saved revision" in first.output
    # The economy: the GNDT seeded, then each action applied on the wiki.
    assert "seeded one row per player" in first.output
    assert first.output.count("Applied (ledger #") == 8, first.output
    assert "The Mouse Zone Buildings:  -> Playpit" in first.output
    votes_url = next(
        line.split()[-1] for line in first.output.splitlines() if "published tally:" in line
    )
    assert votes_url.startswith("http://127.0.0.1:")
    # The same data directory again: same ports, nothing new on the blog, no new edit.
    second = CliRunner().invoke(cli, ["demo", "--data", str(tmp_path), "--once"])
    assert second.exit_code == 0, second.output
    assert "Sync run 2 (incremental): ok. 1 requests (1 not modified)" in second.output
    assert "Votes: no change (the published tally is current)." in second.output
    assert second.output.count("already applied") == 8, second.output
    # The servers were stopped by --once.
    with pytest.raises(requests.ConnectionError):
        requests.get(votes_url, timeout=5)
    config = (tmp_path / "nomicbot.toml").read_text(encoding="utf-8")
    assert "password_file" in config and "password =" not in config


def test_demo_refuses_to_mix_two_games_in_one_data_dir(tmp_path: Path) -> None:
    first = CliRunner().invoke(cli, ["demo", "--data", str(tmp_path), "--once"])
    assert first.exit_code == 0, first.output
    other = tmp_path / "other.json"
    other.write_text('{"format": "nomic-archive/1", "players": [], "posts": []}')
    result = CliRunner().invoke(
        cli, ["demo", "--data", str(tmp_path), "--archive", str(other), "--once"]
    )
    assert result.exit_code == 1
    assert "holds the sandbox of another game" in result.output
