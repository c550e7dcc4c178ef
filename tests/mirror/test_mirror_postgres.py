"""The audit mirror on a real PostgreSQL server (the shared mirror), against SQLite's results.

The server is ``tests/plugins/postgres.py``'s throwaway cluster on 127.0.0.1
(one per session, a fresh database per test). Its text collation is a
language's (ICU en-US), as on an admin's own server, unlike SQLite's code-point
order. Everything here is also done on a SQLite file and the two must agree.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

import peewee
import pytest
from click.testing import CliRunner, Result

from gamestate.profiles.blognomic_139.models import Comment, Post
from gamestate.profiles.blognomic_139.votes import Vote
from tests.mirror import test_mirror as on_sqlite
from tests.mirror import test_mirror_rosters as rosters
from tests.plugins.blog import build_game
from tests.plugins.postgres import PostgresServer
from wikibot.archive import game_from_dict, game_to_dict, read_archive
from wikibot.blog.scraper import BlogScraper
from wikibot.cli import cli
from wikibot.errors import MirrorError
from wikibot.examples import NOMICLAND
from wikibot.mirror import SyncReport, post_states, sync, sync_runs
from wikibot.mirror.api import AuditFinding, Mirror, Stored, load_game_from_mirror
from wikibot.mirror.migrations import CURRENT_VERSION, migrate, schema_version
from wikibot.mirror.schema import MODELS
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration

EXAMPLE = NOMICLAND
SEEN = on_sqlite.SEEN
T0 = on_sqlite.T0
NOW = datetime(2016, 6, 1, tzinfo=UTC)
icon = on_sqlite.icon
make_game = on_sqlite.make_game


@pytest.fixture
def mirror(postgres_url: str) -> Iterator[Mirror]:
    """A PostgreSQL mirror, under the name tests/test_mirror.py's tests ask for."""
    m = Mirror.open(postgres_url)
    yield m
    m.close()


@pytest.fixture
def sqlite_mirror(tmp_path: Path) -> Iterator[Mirror]:
    m = Mirror.open(str(tmp_path / "mirror.sqlite"))
    yield m
    m.close()


# tests/test_mirror.py's backend-neutral tests, run again on PostgreSQL.
test_a_stored_game_exports_as_it_was_imported = (
    on_sqlite.test_a_stored_game_exports_as_it_was_imported
)
test_export_orders_posts_by_time_and_comments_by_time = (
    on_sqlite.test_export_orders_posts_by_time_and_comments_by_time
)
test_storing_the_same_game_twice_adds_nothing = (
    on_sqlite.test_storing_the_same_game_twice_adds_nothing
)
test_voting_icons_and_bids_are_derived_rows = on_sqlite.test_voting_icons_and_bids_are_derived_rows
test_an_edited_comment_is_a_finding_and_the_original_is_kept = (
    on_sqlite.test_an_edited_comment_is_a_finding_and_the_original_is_kept
)
test_a_changed_vote_field_is_an_edit = on_sqlite.test_a_changed_vote_field_is_an_edit
test_a_vanished_comment_is_a_finding_and_stays_in_the_export = (
    on_sqlite.test_a_vanished_comment_is_a_finding_and_stays_in_the_export
)
test_a_listing_entry_leaves_comments_alone = on_sqlite.test_a_listing_entry_leaves_comments_alone
test_another_author_under_a_known_id_is_a_new_comment = (
    on_sqlite.test_another_author_under_a_known_id_is_a_new_comment
)
test_a_comment_whose_id_changed_is_the_same_comment = (
    on_sqlite.test_a_comment_whose_id_changed_is_the_same_comment
)
test_the_roster_is_snapshotted_only_when_it_changes = (
    on_sqlite.test_the_roster_is_snapshotted_only_when_it_changes
)
test_a_failure_midway_through_a_post_stores_none_of_it = (
    on_sqlite.test_a_failure_midway_through_a_post_stores_none_of_it
)
test_two_comments_with_one_id_are_refused = on_sqlite.test_two_comments_with_one_id_are_refused


@pytest.fixture
def database(postgres_url: str) -> str:
    """The ``[mirror] database`` test_mirror_rosters.py's tests ask for: this PostgreSQL one."""
    return postgres_url


# tests/mirror/test_mirror_rosters.py's tests (the roster of each day), on PostgreSQL.
test_an_archive_with_rosters_round_trips_through_the_mirror = (
    rosters.test_an_archive_with_rosters_round_trips_through_the_mirror
)
test_export_writes_every_snapshot_the_sync_saw = (
    rosters.test_export_writes_every_snapshot_the_sync_saw
)
test_the_game_from_the_mirror_carries_a_single_snapshot = (
    rosters.test_the_game_from_the_mirror_carries_a_single_snapshot
)
test_a_snapshot_seen_mid_second_is_kept_at_its_whole_second = (
    rosters.test_a_snapshot_seen_mid_second_is_kept_at_its_whole_second
)
test_an_archive_without_rosters_comes_back_with_the_roster_stored = (
    rosters.test_an_archive_without_rosters_comes_back_with_the_roster_stored
)
test_status_and_export_from_a_mirror_with_one_snapshot = (
    rosters.test_status_and_export_from_a_mirror_with_one_snapshot
)


def contents(mirror: Mirror) -> dict[str, Any]:
    """What a mirror holds, read through its API: equal for equal mirrors on any backend."""
    game = mirror.to_game()
    return {
        "archive": game_to_dict(game),  # posts in export order, not re-sorted
        "rows": mirror.row_counts(),
        "votes": {p.id: mirror.votes(p.id) for p in game.posts},
        "bids": {p.id: mirror.bids(p.id) for p in game.posts},
        "findings": mirror.findings(),
        "states": post_states(mirror),
    }


def by_id(archive: dict[str, Any]) -> dict[str, Any]:
    """An archive with its posts in id order (an archive file need not be in time order)."""
    return {**archive, "posts": sorted(archive["posts"], key=lambda p: p["id"])}


def both(
    pg: Mirror, lite: Mirror, action: Callable[[Mirror], Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Does ``action`` to both mirrors; returns what each then holds."""
    assert action(pg) == action(lite)
    return contents(pg), contents(lite)


# Schema and migrations.


def test_an_empty_database_is_migrated_to_the_current_version(postgres_url: str) -> None:
    db = peewee.PostgresqlDatabase(postgres_url, prefer_psycopg3=True)
    try:
        assert schema_version(db) == 0
        assert migrate(db) == [1, 2, 3, 4, 5, 6, 7, 8] and schema_version(db) == CURRENT_VERSION
        assert migrate(db) == []
        versions = db.execute_sql("SELECT version FROM schema_version ORDER BY version")
        assert versions.fetchall() == [(1,), (2,), (3,), (4,), (5,), (6,), (7,), (8,)]
        assert sorted(db.get_tables()) == sorted(m._meta.table_name for m in MODELS)
    finally:
        db.close()


def test_the_migrations_build_exactly_the_models_schema(
    postgres_database: Callable[[], str],
) -> None:
    migrated = peewee.PostgresqlDatabase(postgres_database(), prefer_psycopg3=True)
    fresh = peewee.PostgresqlDatabase(postgres_database(), prefer_psycopg3=True)
    try:
        migrate(migrated)
        with fresh.bind_ctx(MODELS):
            fresh.create_tables(MODELS)
        assert on_sqlite._schema(migrated) == on_sqlite._schema(fresh)
    finally:
        migrated.close()
        fresh.close()


def _v1_rows() -> list[str]:
    # Portable SQL: TRUE/FALSE (PostgreSQL has no integer booleans), text for times.
    return [
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
        " VALUES (1, 0, 'Kevan', TRUE, FALSE), (1, 1, 'Josh', FALSE, FALSE)",
    ]


def test_a_version_1_mirror_is_migrated_as_sqlite_migrates_it(
    postgres_url: str, tmp_path: Path
) -> None:
    dbs: list[peewee.Database] = [
        peewee.PostgresqlDatabase(postgres_url, prefer_psycopg3=True),
        peewee.SqliteDatabase(str(tmp_path / "old.sqlite")),
    ]
    results = []
    for db in dbs:
        assert migrate(db, target=1) == [1]
        for statement in _v1_rows():
            db.execute_sql(statement)
        assert schema_version(db) == 1
        mirror = Mirror(db)
        assert schema_version(db) == CURRENT_VERSION
        # Derived rows are filled in for the comments stored under version 1.
        assert mirror.votes("fix_the_queue") == {"c1": (Vote.FOR,), "c2": (Vote.AGAINST,)}
        assert mirror.bids("fix_the_queue") == {"c1": (100,)}
        (post,) = mirror.to_game().posts
        assert post.posted_at == datetime(2016, 5, 23, 10, 17, tzinfo=UTC)
        more = replace(post, comments=(*post.comments, Comment("c3", "Bob", T0, icon("veto"))))
        assert mirror.store_post(more, seen_at=SEEN).new_comments == 1
        results.append(contents(mirror))
        mirror.close()
    assert results[0] == results[1]
    assert results[0]["rows"]["votes"] == 3


def test_a_mirror_from_a_newer_nomicbot_is_refused(postgres_url: str) -> None:
    Mirror.open(postgres_url).close()
    db = peewee.PostgresqlDatabase(postgres_url, prefer_psycopg3=True)
    db.execute_sql(
        "INSERT INTO schema_version (version, applied_at, description)"
        " VALUES (99, '2030-01-01 00:00:00', 'from the future')"
    )
    db.close()
    with pytest.raises(MirrorError, match="schema version 99, newer than this nomicbot's 8"):
        Mirror.open(postgres_url)


def test_a_mirror_in_a_schema_of_its_own(postgres_url: str) -> None:
    db = peewee.PostgresqlDatabase(postgres_url, prefer_psycopg3=True)
    db.execute_sql("CREATE SCHEMA nomic")
    db.close()
    url = f"{postgres_url}?options={quote('-csearch_path=nomic')}"
    with Mirror.open(url) as first:
        first.store_game(make_game(), seen_at=SEEN)
    with Mirror.open(url) as again:  # found there, not migrated a second time
        assert len(again.to_game().posts) == 2
    db = peewee.PostgresqlDatabase(postgres_url, prefer_psycopg3=True)
    assert db.get_tables(schema="public") == []
    assert "posts" in db.get_tables(schema="nomic")
    db.close()


# Storing and reading, compared with SQLite.


def test_a_realistic_game_round_trips_as_on_sqlite(mirror: Mirror, sqlite_mirror: Mirror) -> None:
    game = build_game(40, explicit_votes=True)
    pg, lite = both(mirror, sqlite_mirror, lambda m: m.store_game(game, seen_at=SEEN))
    assert pg == lite
    assert rosters.one_snapshot(game_to_dict(mirror.to_game()), at=SEEN) == game_to_dict(game)
    # Storing it again is idempotent: nothing new, nothing changed.
    again = mirror.store_game(game, seen_at=SEEN + timedelta(hours=1))
    assert (again.new_posts, again.changed_posts, again.new_comments, again.findings) == (0,) * 4
    assert contents(mirror) == pg
    # Only the last-seen times moved, to a real timestamp in the database.
    seen = mirror.db.execute_sql("SELECT DISTINCT last_seen FROM comments").fetchall()
    assert seen == [(datetime(2016, 5, 24, 1, 0),)]


def test_the_example_game_round_trips_as_on_sqlite(mirror: Mirror, sqlite_mirror: Mirror) -> None:
    with EXAMPLE.open(encoding="utf-8") as handle:
        game = read_archive(handle)
    pg, lite = both(mirror, sqlite_mirror, lambda m: m.store_game(game, seen_at=SEEN))
    assert pg == lite
    assert by_id(rosters.one_snapshot(game_to_dict(mirror.to_game()), at=SEEN)) == by_id(
        game_to_dict(game)
    )


def test_posts_at_the_same_second_export_in_sqlite_order(
    mirror: Mirror, sqlite_mirror: Mirror
) -> None:
    # The server's collation puts "b_queue" before "B_queue"; code-point order (SQLite's,
    # and the archive's) puts "B_queue" first. The export must not depend on the server.
    base = make_game().posts[0]
    posts = tuple(replace(base, id=i, comments=()) for i in ("b_queue", "B_queue", "a_queue"))
    game = replace(make_game(), posts=posts)
    pg, lite = both(mirror, sqlite_mirror, lambda m: m.store_game(game, seen_at=SEEN))
    assert pg == lite
    assert [p.id for p in mirror.to_game().posts] == ["B_queue", "a_queue", "b_queue"]


def test_edited_vanished_and_reappearing_comments_are_found_as_on_sqlite(
    mirror: Mirror, sqlite_mirror: Mirror
) -> None:
    game = make_game()
    queue = game.posts[0]
    edited = replace(queue.comments[0], body_html=f"{icon('against')} Changed my mind")
    steps: list[tuple[Post, datetime]] = [
        (replace(queue, comments=(edited, *queue.comments[1:])), SEEN + timedelta(hours=1)),
        (replace(queue, comments=queue.comments[:2]), SEEN + timedelta(hours=2)),  # c3 gone
        (queue, SEEN + timedelta(hours=3)),  # c3 back, c1 as first seen
        (replace(queue, comments=(edited, *queue.comments[1:])), SEEN + timedelta(hours=4)),
    ]
    for m in (mirror, sqlite_mirror):
        m.store_game(game, seen_at=SEEN)
    for post, at in steps:
        stored = [m.store_post(post, seen_at=at) for m in (mirror, sqlite_mirror)]
        assert stored[0] == stored[1]
        assert contents(mirror) == contents(sqlite_mirror)
    findings: list[AuditFinding] = mirror.findings()
    assert [(f.kind, f.comment_id) for f in findings] == [
        ("edited", "c1"),
        ("disappeared", "c3"),
        ("reappeared", "c3"),
    ]  # the same edit seen again is not a new finding
    assert findings[0].found_at == SEEN + timedelta(hours=1)
    assert findings[0].original_html == queue.comments[0].body_html
    assert findings[0].new_html == edited.body_html
    # The export keeps the text as first seen.
    exported = next(p for p in mirror.to_game().posts if p.id == queue.id)
    assert exported.comments == queue.comments


def test_a_nul_character_is_a_mirror_error_and_stores_nothing(mirror: Mirror) -> None:
    # PostgreSQL text cannot hold U+0000 (SQLite's can): the driver's refusal is a
    # MirrorError like any other database error, and the post's transaction is undone.
    game = make_game()
    mirror.store_game(game, seen_at=SEEN)
    before = contents(mirror)
    queue = game.posts[0]
    bad = Comment("c9", "Bob", T0 + timedelta(hours=9), "nul \x00 here")
    with pytest.raises(MirrorError, match="mirror database"):
        mirror.store_post(replace(queue, comments=(*queue.comments, bad)), seen_at=SEEN)
    assert contents(mirror) == before


def test_mirrors_on_both_backends_can_be_used_in_turn(
    mirror: Mirror, sqlite_mirror: Mirror, postgres_url: str
) -> None:
    game = make_game()
    mirror.store_roster(game.players, boss="Kevan", seen_at=SEEN)
    sqlite_mirror.store_game(game, seen_at=SEEN)
    mirror.store_post(game.posts[1], seen_at=SEEN)
    assert [p.id for p in mirror.to_game().posts] == ["demand_lagoon"]
    assert len(sqlite_mirror.to_game().posts) == 2
    # A second admin's connection to the same shared mirror sees what the first stored.
    assert [p.id for p in load_game_from_mirror(postgres_url).posts] == ["demand_lagoon"]


# Sync from the sandbox blog over HTTP.


def run(mirror: Mirror, blog: SandboxBlog, make: Callable[..., BlogScraper]) -> SyncReport:
    return sync(mirror, make(blog), since=date(2016, 3, 1), clock=lambda: NOW)


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
def test_a_sync_into_postgresql_exports_as_into_sqlite(
    markup: str,
    mirror: Mirror,
    sqlite_mirror: Mirror,
    sandbox_blog: Callable[..., SandboxBlog],
    scraper: Callable[..., BlogScraper],
) -> None:
    game = build_game(30, explicit_votes=True)
    blog = sandbox_blog(game, markup)
    reports = [run(m, blog, scraper) for m in (mirror, sqlite_mirror)]
    assert reports[0] == replace(reports[1], run_id=reports[0].run_id)
    assert (reports[0].outcome, reports[0].warnings) == ("ok", ())
    assert contents(mirror) == contents(sqlite_mirror)
    exported = game_to_dict(mirror.to_game())
    assert exported == game_to_dict(sqlite_mirror.to_game())
    assert by_id(rosters.one_snapshot(exported, at=NOW)) == by_id(game_to_dict(game))
    # The next sync uses the validators and robots.txt kept in the mirror: a 304 for
    # the front page and for Proposal 8's own page (March's only pending matter off the
    # front page), April's archive read for the first time, and nothing new.
    before = mirror.row_counts()
    later = lambda: NOW + timedelta(minutes=5)  # noqa: E731
    again = [sync(m, scraper(blog), clock=later) for m in (mirror, sqlite_mirror)]
    assert again[0] == again[1]
    assert (again[0].kind, again[0].not_modified, again[0].stored) == ("incremental", 2, Stored())
    after = mirror.row_counts()
    assert after["sync_runs"] == before["sync_runs"] + 1
    assert {k for k in after if after[k] != before[k]} <= {"sync_runs", "page_validators"}
    assert contents(mirror) == contents(sqlite_mirror)
    runs = sync_runs(mirror)
    assert [(r.kind, r.outcome) for r in runs] == [("full", "ok"), ("incremental", "ok")]
    assert runs[0].started_at == NOW


# The command line with [mirror] database = "postgresql://...".


def write_config(tmp_path: Path, blog: SandboxBlog, database: str) -> str:
    path = tmp_path / "nomicbot.toml"
    path.write_text(
        f'[blog]\nurl = "{blog.url}"\nmarkup = "classic"\nmin_interval = 0\n'
        f'start = "2016-04-01"\n[mirror]\ndatabase = "{database}"\n[game]\nplayer = "Kevan"\n',
        encoding="utf-8",
    )
    return str(path)


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def status_json(*args: str) -> dict[str, Any]:
    result = invoke("status", "--json", "--now", "2016-05-17T12:00:00Z", *args)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_the_cli_syncs_exports_and_reports_status_on_postgresql(
    tmp_path: Path, postgres_url: str, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    with EXAMPLE.open(encoding="utf-8") as handle:
        game = read_archive(handle)
    blog = sandbox_blog(game)
    config = write_config(tmp_path, blog, postgres_url)
    first = invoke("sync", "--config", config)
    assert first.exit_code == 0, first.output
    assert first.stdout.startswith("Sync run 1 (full): ok.")
    second = invoke("sync", "--config", config)
    assert second.stdout.startswith("Sync run 2 (incremental): ok. 1 request (1 not modified)")
    exported = invoke("export", "--config", config)
    assert exported.exit_code == 0, exported.output
    from_mirror = game_from_dict(json.loads(exported.stdout))
    assert by_id(rosters.one_snapshot(game_to_dict(from_mirror))) == by_id(game_to_dict(game))
    from_archive = status_json("--archive", str(EXAMPLE))
    assert status_json("--config", config) == from_archive
    assert len(from_archive["matters"]) == 5
    assert not list(tmp_path.glob("*.sqlite"))


def test_export_from_an_empty_postgresql_database_says_to_sync_first(
    tmp_path: Path, postgres_url: str, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    config = write_config(tmp_path, sandbox_blog(build_game(3)), postgres_url)
    for command in (("export",), ("status", "--json")):
        result = invoke(*command, "--config", config)
        assert result.exit_code == 1
        assert "holds no mirror yet; run `nomicbot sync` first" in result.output
        assert "Traceback" not in result.output
    db = peewee.PostgresqlDatabase(postgres_url, prefer_psycopg3=True)
    assert db.get_tables() == []  # looking did not create a mirror
    db.close()


# Passwords in the URL.

PASSWORD = "s3cr@t:p/w%d"
"""Has every character a URL must percent-encode in a password."""


@pytest.fixture(scope="module")
def secret_role(postgres_server: PostgresServer) -> str:
    """A role that logs in with PASSWORD only (not trusted); returns its name."""
    postgres_server.create_role("admin_two", PASSWORD)
    return "admin_two"


def test_a_percent_encoded_password_logs_in(
    postgres_server: PostgresServer, secret_role: str
) -> None:
    name = postgres_server.create_database("shared")
    try:
        with postgres_server.admin() as conn:
            conn.execute(f'ALTER DATABASE "{name}" OWNER TO {secret_role}')
        url = postgres_server.url(name, user=secret_role, password=quote(PASSWORD, safe=""))
        with Mirror.open(url) as m:
            m.store_game(make_game(), seen_at=SEEN)
        assert len(load_game_from_mirror(url).posts) == 2
    finally:
        postgres_server.drop_database(name)


@pytest.mark.parametrize("mistake", ["wrong password", "wrong port", "no such database"])
def test_a_password_in_the_url_is_never_shown(
    mistake: str,
    postgres_server: PostgresServer,
    secret_role: str,
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
) -> None:
    secret = "Hunter2-" + mistake.replace(" ", "-")
    port, dbname = postgres_server.port, "postgres"
    if mistake == "wrong port":
        port = 1
    elif mistake == "no such database":
        dbname, secret = "nope", PASSWORD
    url = f"postgresql://{secret_role}:{quote(secret, safe='')}@127.0.0.1:{port}/{dbname}"
    with pytest.raises(MirrorError) as info:
        Mirror.open(url)
    message = str(info.value)
    assert f"{secret_role}:***@127.0.0.1:{port}/{dbname}" in message
    assert secret not in message and quote(secret, safe="") not in message
    # Nor on the command line, for any command.
    config = write_config(tmp_path, sandbox_blog(build_game(3)), url)
    for command in ("sync", "export", "status"):
        result = invoke(command, "--config", config)
        assert result.exit_code == 1, result.output
        assert "cannot open mirror database" in result.output
        assert secret not in result.output and quote(secret, safe="") not in result.output
