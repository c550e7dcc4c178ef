"""The audit mirror on real SQLite files: storing, auditing, exporting, migrating."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import peewee
import pytest

from gamestate.profiles.blognomic_139.models import Comment, Game, Player, Post, PostStatus, Terms
from gamestate.profiles.blognomic_139.votes import Vote
from tests.mirror.test_mirror_rosters import one_snapshot
from wikibot.archive import game_to_dict
from wikibot.errors import MirrorError
from wikibot.mirror import post_states
from wikibot.mirror.api import Mirror, load_game_from_mirror
from wikibot.mirror.migrations import CURRENT_VERSION, migrate, schema_version
from wikibot.mirror.schema import MODELS

T0 = datetime(2016, 5, 23, 10, 17, tzinfo=UTC)
SEEN = datetime(2016, 5, 24, 0, 0, tzinfo=UTC)


def icon(word: str) -> str:
    return f'<img src="/images/vote/{word}.gif" alt="{word}">'


def make_game() -> Game:
    queue = Post(
        id="fix_the_queue",
        category="Proposal",
        title="Proposal: Fix the Queue",
        author="Josh",
        posted_at=T0,
        body_html="<p>Add a rule…</p>",
        comments=(
            Comment("c1", "Kevan", T0 + timedelta(hours=1), f"{icon('for')} Fine by me"),
            Comment("c2", "Josh", T0 + timedelta(hours=2), f"{icon('against')} {icon('FOR')}"),
            Comment("c3", "Alice", T0 + timedelta(hours=3), "", vote="deferential"),
        ),
        extra={"flavour": "a queue"},
    )
    demand = Post(
        id="demand_lagoon",
        category="Story Post",
        title="Demand: Lagoon",
        author="Kevan",
        posted_at=T0 - timedelta(days=3),
        status=PostStatus.ENACTED,
        admin_note="Enacted by Kevan (5-1)",
        resolved_at=T0 - timedelta(days=1),
        comments=(
            Comment("c1", "Alice", T0 - timedelta(days=2), "<p>I bid <b>250</b>, and I bid 30</p>"),
            Comment("c2", "Bob", T0 - timedelta(days=2, hours=-1), "I bid 1,000", extra={"k": 1}),
        ),
    )
    return Game(
        players=(
            Player("Kevan", admin=True),
            Player("Josh"),
            Player("Alice", idle=True, extra={"pronouns": "she/her"}),
        ),
        posts=(queue, demand),
        boss="Kevan",
        terms=Terms("Imagineer", "Boss", extra={"currency": "Budget"}),
        extra={"dynasty": 139},
    )


def archive_dict(game: Game) -> dict[str, Any]:
    data = game_to_dict(game)
    data["posts"].sort(key=lambda p: p["id"])
    return data


def dump(mirror: Mirror) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a stable order."""
    out = {}
    for model in MODELS:
        table = model._meta.table_name
        out[table] = list(mirror.db.execute_sql(f"SELECT * FROM {table} ORDER BY 1").fetchall())
    return out


@pytest.fixture
def mirror(tmp_path: Path) -> Mirror:
    m = Mirror.open(str(tmp_path / "mirror.sqlite"))
    yield m
    m.close()


def test_a_stored_game_exports_as_it_was_imported(mirror: Mirror) -> None:
    game = make_game()
    stored = mirror.store_game(game, seen_at=SEEN)
    assert (stored.new_posts, stored.new_comments, stored.findings) == (2, 5, 0)
    # With its roster as seen at SEEN: the archive has no "rosters", the mirror one snapshot.
    assert one_snapshot(archive_dict(mirror.to_game()), at=SEEN) == archive_dict(game)


def test_export_orders_posts_by_time_and_comments_by_time(mirror: Mirror) -> None:
    game = make_game()
    shuffled = replace(game.posts[0], comments=tuple(reversed(game.posts[0].comments)))
    mirror.store_game(replace(game, posts=(shuffled, game.posts[1])), seen_at=SEEN)
    exported = mirror.to_game()
    assert [p.id for p in exported.posts] == ["demand_lagoon", "fix_the_queue"]
    assert [c.id for c in exported.posts[1].comments] == ["c1", "c2", "c3"]


def test_storing_the_same_game_twice_adds_nothing(mirror: Mirror) -> None:
    game = make_game()
    mirror.store_game(game, seen_at=SEEN)
    before = dump(mirror)
    again = mirror.store_game(game, seen_at=SEEN)
    assert (again.new_posts, again.changed_posts, again.new_comments, again.findings) == (0,) * 4
    assert dump(mirror) == before


def test_storing_later_only_moves_last_seen(mirror: Mirror) -> None:
    game = make_game()
    mirror.store_game(game, seen_at=SEEN)
    counts = mirror.row_counts()
    mirror.store_game(game, seen_at=SEEN + timedelta(hours=5))
    assert mirror.row_counts() == counts
    last_seen = mirror.db.execute_sql("SELECT DISTINCT last_seen FROM comments").fetchall()
    first_seen = mirror.db.execute_sql("SELECT DISTINCT first_seen FROM comments").fetchall()
    assert last_seen == [("2016-05-24 05:00:00",)]
    assert first_seen == [("2016-05-24 00:00:00",)]


def test_voting_icons_and_bids_are_derived_rows(mirror: Mirror) -> None:
    mirror.store_game(make_game(), seen_at=SEEN)
    assert mirror.votes("fix_the_queue") == {
        "c1": (Vote.FOR,),
        "c2": (Vote.AGAINST, Vote.FOR),
        "c3": (Vote.DEFERENTIAL,),
    }
    # Rule "Planning": 30 is not a multiple of 25; tags do not hide "I bid 250".
    assert mirror.bids("demand_lagoon") == {"c1": (250,), "c2": (1000,)}


def test_an_edited_comment_is_a_finding_and_the_original_is_kept(mirror: Mirror) -> None:
    game = make_game()
    mirror.store_game(game, seen_at=SEEN)
    queue = game.posts[0]
    edited = replace(queue.comments[0], body_html=f"{icon('against')} Changed my mind")
    later = replace(queue, comments=(edited, *queue.comments[1:]))
    stored = mirror.store_post(later, seen_at=SEEN + timedelta(hours=1))
    assert stored.findings == 1
    (finding,) = mirror.findings()
    assert finding.kind == "edited"
    assert (finding.post_id, finding.comment_id, finding.author) == ("fix_the_queue", "c1", "Kevan")
    assert finding.original_html == queue.comments[0].body_html
    assert finding.new_html == edited.body_html
    # The export and the derived votes keep what the blog showed first.
    assert mirror.to_game().posts[1].comments[0] == queue.comments[0]
    assert mirror.votes("fix_the_queue")["c1"] == (Vote.FOR,)
    # Seeing the same edit again is not a new finding.
    assert mirror.store_post(later, seen_at=SEEN + timedelta(hours=2)).findings == 0
    assert len(mirror.findings()) == 1


def test_a_changed_vote_field_is_an_edit(mirror: Mirror) -> None:
    game = make_game()
    mirror.store_game(game, seen_at=SEEN)
    queue = game.posts[0]
    edited = replace(queue.comments[2], vote="for")
    mirror.store_post(replace(queue, comments=(*queue.comments[:2], edited)), seen_at=SEEN)
    (finding,) = mirror.findings()
    assert (finding.kind, finding.original_vote, finding.new_vote) == (
        "edited",
        "deferential",
        "for",
    )


def test_a_vanished_comment_is_a_finding_and_stays_in_the_export(mirror: Mirror) -> None:
    game = make_game()
    mirror.store_game(game, seen_at=SEEN)
    queue = game.posts[0]
    without = replace(queue, comments=(queue.comments[0], queue.comments[2]))
    assert mirror.store_post(without, seen_at=SEEN + timedelta(hours=1)).findings == 1
    assert mirror.store_post(without, seen_at=SEEN + timedelta(hours=2)).findings == 0
    (finding,) = mirror.findings()
    assert (finding.kind, finding.comment_id, finding.new_html) == ("disappeared", "c2", None)
    assert finding.original_html == queue.comments[1].body_html
    assert [c.id for c in mirror.to_game().posts[1].comments] == ["c1", "c2", "c3"]
    # It coming back is recorded too.
    mirror.store_post(queue, seen_at=SEEN + timedelta(hours=3))
    assert [f.kind for f in mirror.findings()] == ["disappeared", "reappeared"]


def test_another_author_under_a_known_id_is_a_new_comment(mirror: Mirror) -> None:
    """Ids made from positions shift when a comment vanishes: Alice's comment now
    under "c2", where Josh's was, is not Josh's comment edited but a new one."""
    game = make_game()
    mirror.store_game(game, seen_at=SEEN)
    queue = game.posts[0]
    alices = Comment("c2", "Alice", T0 + timedelta(hours=4), f"{icon('for')} Yes")
    later = replace(queue, comments=(queue.comments[0], alices))
    stored = mirror.store_post(later, seen_at=SEEN + timedelta(hours=1))
    assert (stored.new_comments, stored.findings) == (1, 2)
    findings = mirror.findings()
    assert [(f.kind, f.author, f.new_html) for f in findings] == [
        ("disappeared", "Josh", None),
        ("disappeared", "Alice", None),  # c3, her DEFERENTIAL, is not on the page either
    ]
    assert findings[0].original_html == queue.comments[1].body_html
    exported = mirror.to_game().posts[1].comments
    assert [(c.author, c.body_html) for c in exported] == [
        *((c.author, c.body_html) for c in queue.comments),
        ("Alice", alices.body_html),
    ]  # Josh's comment kept as first seen, under another id
    assert mirror.votes("fix_the_queue")["c2"] == (Vote.FOR,)
    assert len({c.id for c in exported}) == 4
    # Seen again: nothing new.
    again = mirror.store_post(later, seen_at=SEEN + timedelta(hours=2))
    assert (again.new_comments, again.findings) == (0, 0)


def test_a_comment_whose_id_changed_is_the_same_comment(mirror: Mirror) -> None:
    """Same author, time and text under a new id (a mirror made when ids came from
    positions, read by a nomicbot that makes them from authors and dates)."""
    game = make_game()
    mirror.store_game(game, seen_at=SEEN)
    before = mirror.row_counts()
    queue = game.posts[0]
    renamed = tuple(replace(c, id=f"{c.author}@{i}") for i, c in enumerate(queue.comments))
    stored = mirror.store_post(replace(queue, comments=renamed), seen_at=SEEN)
    assert (stored.new_comments, stored.findings) == (0, 0)
    assert mirror.row_counts() == before
    assert [c.id for c in mirror.to_game().posts[1].comments] == [c.id for c in renamed]
    assert mirror.votes("fix_the_queue")["Kevan@0"] == (Vote.FOR,)


def test_a_listing_entry_leaves_comments_alone(mirror: Mirror) -> None:
    game = make_game()
    mirror.store_game(game, seen_at=SEEN)
    queue = game.posts[0]
    listed = replace(queue, comments=(), status=PostStatus.ENACTED, admin_note="Enacted by Kevan")
    stored = mirror.store_post(listed, seen_at=SEEN, comments_complete=False, listed_comments=4)
    assert (stored.changed_posts, stored.findings) == (1, 0)
    assert mirror.findings() == []
    state = post_states(mirror)["fix_the_queue"]
    assert (state.listed_comments, state.synced_comments, state.comments_behind) == (4, 3, True)
    exported = mirror.to_game().posts[1]
    assert exported.status is PostStatus.ENACTED and len(exported.comments) == 3


def test_the_roster_is_snapshotted_only_when_it_changes(mirror: Mirror) -> None:
    game = make_game()
    first = mirror.store_roster(game.players, boss="Kevan", seen_at=SEEN, quorum=2)
    assert mirror.store_roster(game.players, boss="Kevan", seen_at=SEEN, quorum=2) == first
    idle = (*game.players[:2], replace(game.players[2], idle=False))
    second = mirror.store_roster(idle, boss="Kevan", seen_at=SEEN, quorum=2)
    assert second != first
    assert mirror.row_counts()["roster_snapshots"] == 2
    assert [p.idle for p in mirror.to_game().players] == [False, False, False]


def test_a_failure_midway_through_a_post_stores_none_of_it(mirror: Mirror) -> None:
    game = make_game()
    mirror.store_game(game, seen_at=SEEN)
    before = dump(mirror)
    queue = game.posts[0]
    bad = Comment("c9", "Bob", T0 + timedelta(hours=9), icon("for"), extra={"x": {1, 2}})
    new_ok = Comment("c4", "Bob", T0 + timedelta(hours=4), icon("for"))
    broken = replace(queue, title="Proposal: Renamed", comments=(*queue.comments, new_ok, bad))
    with pytest.raises(MirrorError, match="JSON"):
        mirror.store_post(broken, seen_at=SEEN + timedelta(hours=1))
    assert dump(mirror) == before


def test_two_comments_with_one_id_are_refused(mirror: Mirror) -> None:
    queue = make_game().posts[0]
    twice = replace(queue, comments=(queue.comments[0], queue.comments[0]))
    with pytest.raises(MirrorError, match="share an id"):
        mirror.store_post(twice, seen_at=SEEN)
    assert mirror.row_counts()["posts"] == 0


def test_load_game_from_mirror_reads_a_file(tmp_path: Path) -> None:
    path = str(tmp_path / "m.sqlite")
    with Mirror.open(path) as m:
        m.store_game(make_game(), seen_at=SEEN)
    assert one_snapshot(archive_dict(load_game_from_mirror(path)), at=SEEN) == archive_dict(
        make_game()
    )


def test_load_game_from_a_missing_mirror_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(MirrorError, match="does not exist; run `nomicbot sync` first"):
        load_game_from_mirror(str(tmp_path / "nope.sqlite"))
    assert not (tmp_path / "nope.sqlite").exists()


def test_a_database_url_password_is_never_shown() -> None:
    with pytest.raises(MirrorError) as info:
        Mirror.open("postgresql://bob:hunter2@127.0.0.1:1/nomic")
    assert "hunter2" not in str(info.value)
    assert "bob:***@127.0.0.1:1" in str(info.value)


def test_a_database_connection_error_is_one_line() -> None:
    # psycopg puts a hint ("Is the server running...") on a line of its own.
    with pytest.raises(MirrorError) as info:
        Mirror.open("postgresql://bob@127.0.0.1:1/nomic")
    message = str(info.value)
    assert "\n" not in message and "\t" not in message
    assert message.startswith("cannot open mirror database postgresql://bob@127.0.0.1:1/nomic")
    assert "Is the server running" in message


def test_an_unknown_database_scheme_is_one_clear_error() -> None:
    with pytest.raises(MirrorError, match="cannot open mirror database nosuch://x/y"):
        Mirror.open("nosuch://x/y")


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, just notes\n" * 100)
    with pytest.raises(MirrorError, match="mirror database"):
        Mirror.open(str(path))


# Migrations.


def v1_database(path: Path) -> peewee.SqliteDatabase:
    """A mirror as nomicbot's schema version 1 left it, with a post and two comments."""
    db = peewee.SqliteDatabase(str(path))
    assert migrate(db, target=1) == [1]
    sql = [
        "INSERT INTO sync_runs (kind, source, started_at, finished_at, requests_made, outcome)"
        " VALUES ('full', 'http://127.0.0.1:9/', '2016-05-24 00:00:00', NULL, 3, 'ok')",
        "INSERT INTO posts VALUES ('fix_the_queue', 'Proposal', 'Proposal: Fix the Queue',"
        " 'Josh', '2016-05-23 10:17:00', 'Pending', '<p>Add a rule</p>', NULL, NULL, 2, 2,"
        " '2016-05-24 00:00:00', '2016-05-24 00:00:00')",
        "INSERT INTO comments (post_id, blog_id, author, posted_at, body_html, vote, content_hash,"
        " first_seen, last_seen, gone_since) VALUES ('fix_the_queue', 'c1', 'Kevan',"
        f" '2016-05-23 11:00:00', '{icon('for')} ok, I bid 100', NULL, 'h1',"
        " '2016-05-24 00:00:00', '2016-05-24 00:00:00', NULL)",
        "INSERT INTO comments (post_id, blog_id, author, posted_at, body_html, vote, content_hash,"
        " first_seen, last_seen, gone_since) VALUES ('fix_the_queue', 'c2', 'Josh',"
        " '2016-05-23 12:00:00', 'hm', 'against', 'h2',"
        " '2016-05-24 00:00:00', '2016-05-24 00:00:00', NULL)",
        "INSERT INTO roster_snapshots (sync_run_id, taken_at, boss, term_player, term_boss,"
        " player_count, quorum) VALUES (1, '2016-05-24 00:00:00', 'Kevan', 'Imagineer', 'Boss',"
        " 2, 2)",
        "INSERT INTO roster_players (snapshot_id, position, name, admin, idle)"
        " VALUES (1, 0, 'Kevan', 1, 0), (1, 1, 'Josh', 0, 0)",
    ]
    for statement in sql:
        db.execute_sql(statement)
    return db


def test_a_version_1_mirror_is_migrated_keeping_every_row(tmp_path: Path) -> None:
    db = v1_database(tmp_path / "old.sqlite")
    assert schema_version(db) == 1
    mirror = Mirror(db)
    assert schema_version(db) == CURRENT_VERSION == 8
    versions = db.execute_sql("SELECT version FROM schema_version ORDER BY version").fetchall()
    assert versions == [(1,), (2,), (3,), (4,), (5,), (6,), (7,), (8,)]
    counts = mirror.row_counts()
    assert (counts["posts"], counts["comments"], counts["sync_runs"]) == (1, 2, 1)
    # Derived rows are filled in for the comments stored under version 1.
    assert mirror.votes("fix_the_queue") == {"c1": (Vote.FOR,), "c2": (Vote.AGAINST,)}
    assert mirror.bids("fix_the_queue") == {"c1": (100,)}
    game = mirror.to_game()
    assert [p.name for p in game.players] == ["Kevan", "Josh"] and game.boss == "Kevan"
    (post,) = game.posts
    assert post.posted_at == datetime(2016, 5, 23, 10, 17, tzinfo=UTC)
    assert [(c.id, c.vote, c.extra) for c in post.comments] == [
        ("c1", None, {}),
        ("c2", "against", {}),
    ]
    # And the current code can go on storing into it.
    more = replace(post, comments=(*post.comments, Comment("c3", "Bob", T0, icon("veto"))))
    assert mirror.store_post(more, seen_at=SEEN).new_comments == 1
    mirror.close()


def test_migrating_twice_does_nothing(tmp_path: Path) -> None:
    db = peewee.SqliteDatabase(str(tmp_path / "m.sqlite"))
    assert migrate(db) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert migrate(db) == []


def _schema(db: peewee.Database) -> dict[str, Any]:
    out = {}
    for table in sorted(db.get_tables()):
        columns = sorted(
            (c.name, c.data_type, c.null, c.primary_key) for c in db.get_columns(table)
        )
        indexes = sorted((tuple(i.columns), i.unique) for i in db.get_indexes(table))
        keys = sorted((k.column, k.dest_table, k.dest_column) for k in db.get_foreign_keys(table))
        out[table] = (columns, indexes, keys)
    return out


def test_the_migrations_build_exactly_the_models_schema(tmp_path: Path) -> None:
    migrated = peewee.SqliteDatabase(str(tmp_path / "migrated.sqlite"))
    migrate(migrated)
    fresh = peewee.SqliteDatabase(str(tmp_path / "fresh.sqlite"))
    with fresh.bind_ctx(MODELS):
        fresh.create_tables(MODELS)
    assert _schema(migrated) == _schema(fresh)


def test_a_mirror_from_a_newer_nomicbot_is_refused(tmp_path: Path) -> None:
    db = peewee.SqliteDatabase(str(tmp_path / "m.sqlite"))
    migrate(db)
    db.execute_sql(
        "INSERT INTO schema_version (version, applied_at, description)"
        " VALUES (99, '2030-01-01 00:00:00', 'from the future')"
    )
    with pytest.raises(MirrorError, match="schema version 99, newer than this nomicbot's 8"):
        Mirror(db)


def test_version_7_names_each_ledger_rows_domain(tmp_path: Path) -> None:
    """Rows written under version 6 are told apart by their op ids: resolutions
    (``resolve/...``, ``ascension/...``) and the economy's (the rest)."""
    db = peewee.SqliteDatabase(str(tmp_path / "m.sqlite"))
    assert migrate(db, target=6) == [1, 2, 3, 4, 5, 6]
    row = "INSERT INTO ledger (op_id, state, at, recorded_at, actor, action, cause) VALUES "
    for op_id in ("resolve/prop_alpha", "ascension/aa_alice/ruleset", "9f3a41c2d0e1b7aa"):
        db.execute_sql(
            row + "(?, 'applied', '2016-05-23', '2016-05-23', 'Kevan', 'x', 'test')", (op_id,)
        )
    assert migrate(db) == [7, 8]
    domains = dict(db.execute_sql("SELECT op_id, domain FROM ledger").fetchall())
    assert domains == {
        "resolve/prop_alpha": "resolve",
        "ascension/aa_alice/ruleset": "resolve",
        "9f3a41c2d0e1b7aa": "nomicland",
    }
