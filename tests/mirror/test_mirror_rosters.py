"""The roster of each day through the mirror: an archive's snapshots are stored at their
own times, ``export`` writes every snapshot the mirror holds, and ``status`` uses them."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamestate import evaluate
from gamestate.profiles.blognomic_139.models import Game, Player, Post, PostStatus, RosterSnapshot
from wikibot.archive import game_to_dict, read_archive, write_archive
from wikibot.cli import cli
from wikibot.mirror.api import Mirror

T1 = datetime(2016, 5, 1, tzinfo=UTC)
T2 = datetime(2016, 5, 10, tzinfo=UTC)
SEEN = datetime(2016, 5, 20, tzinfo=UTC)
NAMES = ("Kevan", "Alice", "Bob", "Carol", "Dave")


def _players(*idle: str) -> tuple[Player, ...]:
    return tuple(Player(n, admin=n == "Kevan", idle=n in idle) for n in NAMES)


def _game() -> Game:
    """Carol and Dave were Idle until T2; today everyone is active."""
    proposal = Post("p", "Proposal", "Proposal: p", "Alice", datetime(2016, 5, 2, tzinfo=UTC))
    passing = Post(
        "pass",
        "Story Post",
        "Story Post: over to Bob",
        "Alice",
        datetime(2016, 5, 3, tzinfo=UTC),
        status=PostStatus.PENDING,
        passes_boss_to="Bob",
    )
    return Game(
        players=_players(),
        posts=(proposal, passing),
        boss="Kevan",
        rosters=(
            RosterSnapshot(T1, "Kevan", _players("Carol", "Dave"), extra={"seen_by": "sync"}),
            RosterSnapshot(T2, "Kevan", _players()),
        ),
    )


@pytest.fixture
def mirror(tmp_path: Path) -> Mirror:
    m = Mirror.open(str(tmp_path / "mirror.sqlite"))
    yield m
    m.close()


def test_an_archive_with_rosters_round_trips_through_the_mirror(mirror: Mirror) -> None:
    game = _game()
    mirror.store_game(game, seen_at=SEEN)
    assert mirror.row_counts()["roster_snapshots"] == 2  # today's equals the last snapshot
    exported = mirror.to_game()
    assert game_to_dict(exported) == game_to_dict(game)
    assert exported.posts[1].passes_boss_to == "Bob"


def test_export_writes_every_snapshot_the_sync_saw(mirror: Mirror) -> None:
    mirror.store_roster(_players("Carol", "Dave"), boss="Kevan", seen_at=T1)
    mirror.store_roster(_players(), boss="Kevan", seen_at=T2)
    out = io.StringIO()
    write_archive(mirror.to_game(), out)
    data = json.loads(out.getvalue())
    assert [(r["at"], r["boss"]) for r in data["rosters"]] == [
        ("2016-05-01T00:00:00Z", "Kevan"),
        ("2016-05-10T00:00:00Z", "Kevan"),
    ]
    assert [p["idle"] for p in data["rosters"][0]["players"]] == [False] * 3 + [True] * 2
    game = read_archive(io.StringIO(out.getvalue()))
    assert (evaluate(game, T1).players, evaluate(game, SEEN).players) == (3, 5)


def test_one_snapshot_is_todays_roster_and_no_rosters_field(mirror: Mirror) -> None:
    mirror.store_roster(_players(), boss="Kevan", seen_at=T1)
    assert "rosters" not in game_to_dict(mirror.to_game())


def test_status_uses_the_roster_of_each_day(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_to_dict(_game())), encoding="utf-8")

    def run(now: str) -> tuple[dict[str, object], str]:
        args = ["status", "--archive", str(path), "--now", now]
        table = CliRunner().invoke(cli, args, catch_exceptions=False).output
        data = json.loads(CliRunner().invoke(cli, [*args, "--json"]).output)
        return data, table

    early, early_table = run("2016-05-02T12:00:00Z")
    late, late_table = run("2016-05-11T00:00:00Z")
    assert (early["players"], early["quorum"]) == (3, 2)
    assert (late["players"], late["quorum"]) == (5, 3)
    assert "Roster: the roster snapshot of 2016-05-01T00:00:00Z" in early_table
    before, _ = run("2016-04-30T00:00:00Z")
    assert before["players"] == 5
    _, before_table = run("2016-04-30T00:00:00Z")
    assert "Roster: today's roster (the first snapshot is of 2016-05-01T00:00:00Z)" in before_table
