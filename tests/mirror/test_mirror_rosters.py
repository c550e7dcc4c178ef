"""The roster of each day through the mirror: an archive's snapshots are stored at their
own times, ``export`` writes every snapshot the mirror holds (a single one too: the
roster a sync saw), and ``status`` uses them.

The tests taking ``mirror`` or ``database`` run on SQLite here and on PostgreSQL in
``test_mirror_postgres.py``."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamestate import evaluate
from gamestate.profiles.blognomic_139.models import Game, Player, Post, PostStatus, RosterSnapshot
from wikibot.archive import format_time, game_from_dict, game_to_dict, read_archive, write_archive
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


def one_snapshot(archive: dict[str, Any], at: datetime | None = None) -> dict[str, Any]:
    """An exported archive (``game_to_dict``) less its ``rosters``, which must be the one
    snapshot of a mirror that saw one roster: today's roster and Boss (taken at ``at``,
    if given). A blog shows no roster of the past, so a synced blog exports as the
    archive it serves plus that snapshot; so does a stored archive without snapshots."""
    rest = dict(archive)
    (snap,) = rest.pop("rosters")
    assert (snap["boss"], snap["players"]) == (rest["boss"], rest["players"])
    if at is not None:
        assert snap["at"] == format_time(at)
    return rest


@pytest.fixture
def database(tmp_path: Path) -> str:
    """The mirror's ``[mirror] database``: a SQLite file (a PostgreSQL URL in
    test_mirror_postgres.py)."""
    return str(tmp_path / "mirror.sqlite")


@pytest.fixture
def mirror(database: str) -> Iterator[Mirror]:
    m = Mirror.open(database)
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


def test_the_game_from_the_mirror_carries_a_single_snapshot(mirror: Mirror) -> None:
    # One sync: the sidebar's roster at sync time, then the posts.
    mirror.store_roster(_players("Carol", "Dave"), boss="Kevan", seen_at=T1)
    for post in _game().posts:
        mirror.store_post(post, seen_at=T1)
    game = mirror.to_game()
    assert game.rosters == (RosterSnapshot(T1, "Kevan", _players("Carol", "Dave")),)
    assert (game.players, game.boss) == (_players("Carol", "Dave"), "Kevan")
    assert game_to_dict(game)["rosters"] == [
        {"at": "2016-05-01T00:00:00Z", "boss": "Kevan", "players": game_to_dict(game)["players"]}
    ]


def test_a_snapshot_seen_mid_second_is_kept_at_its_whole_second(mirror: Mirror) -> None:
    """A sync's clock has microseconds; archives and `status --now` have whole seconds. A
    status in the same second as the sync names the sync's snapshot."""
    mirror.store_roster(_players(), boss="Kevan", seen_at=T1 + timedelta(microseconds=999_999))
    (snapshot,) = mirror.to_game().rosters
    assert snapshot.at == T1
    assert game_to_dict(mirror.to_game())["rosters"][0]["at"] == "2016-05-01T00:00:00Z"


def test_an_archive_without_rosters_comes_back_with_the_roster_stored(mirror: Mirror) -> None:
    game = _game()
    plain = Game(players=game.players, posts=game.posts, boss=game.boss)
    mirror.store_game(plain, seen_at=SEEN)
    exported = game_to_dict(mirror.to_game())
    assert one_snapshot(exported, at=SEEN) == game_to_dict(plain)
    # From then on the export round-trips exactly: storing it stores nothing new.
    mirror.store_game(game_from_dict(exported), seen_at=SEEN)
    assert mirror.row_counts()["roster_snapshots"] == 1
    assert game_to_dict(mirror.to_game()) == exported


def test_status_and_export_from_a_mirror_with_one_snapshot(
    tmp_path: Path, database: str, mirror: Mirror
) -> None:
    """A sync on 5 May saw Carol and Dave Idle: the roster from then on; before it, today's
    roster (the same) stands in. The verdicts are those of the same game without the
    snapshot; only the "Roster:" line says which roster was used."""
    synced = datetime(2016, 5, 5, tzinfo=UTC)
    roster = _players("Carol", "Dave")
    mirror.store_roster(roster, boss="Kevan", seen_at=synced)
    for post in _game().posts:
        mirror.store_post(post, seen_at=synced)
    config = tmp_path / "nomicbot.toml"
    config.write_text(f'[mirror]\ndatabase = "{database}"\n', encoding="utf-8")
    plain = tmp_path / "plain.json"
    without = Game(players=roster, posts=_game().posts, boss="Kevan")
    plain.write_text(json.dumps(game_to_dict(without)), encoding="utf-8")

    def status(*args: str) -> str:
        result = CliRunner().invoke(cli, ["status", *args], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result.output

    for now, roster_line in [
        ("2016-05-04T00:00:00Z", "today's roster (the first snapshot is of 2016-05-05T00:00:00Z)"),
        ("2016-05-06T00:00:00Z", "the roster snapshot of 2016-05-05T00:00:00Z"),
    ]:
        table = status("--config", str(config), "--now", now).splitlines()
        assert table[1].startswith("Ruleset: ")  # the Ruleset in force first
        assert table[2] == f"Roster: {roster_line}"
        archive_table = status("--archive", str(plain), "--now", now).splitlines()
        assert archive_table[2] == "Roster: today's roster (no roster snapshot is recorded)"
        assert table[:2] + table[3:] == archive_table[:2] + archive_table[3:]
        from_mirror = json.loads(status("--config", str(config), "--now", now, "--json"))
        assert from_mirror == json.loads(status("--archive", str(plain), "--now", now, "--json"))
        assert (from_mirror["players"], from_mirror["quorum"]) == (3, 2)
    # Without --now (today, after the snapshot), status names the snapshot.
    assert status("--config", str(config)).splitlines()[2] == (
        "Roster: the roster snapshot of 2016-05-05T00:00:00Z"
    )
    out = tmp_path / "exp.json"
    result = CliRunner().invoke(cli, ["export", "--config", str(config), "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["rosters"] == [
        {"at": "2016-05-05T00:00:00Z", "boss": "Kevan", "players": data["players"]}
    ]
    assert [p["idle"] for p in data["players"]] == [False] * 3 + [True] * 2
    assert one_snapshot(data, at=synced) == game_to_dict(without)


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
