"""The mirror's schema: today's tables, and the steps that built them.

The models below are the current schema, used by :mod:`wikibot.mirror.api`.
A database is never created from them directly: :func:`migrate` brings any
mirror, new or old, to the current version one step at a time and records
each step in the ``schema_version`` table, so an admin can see which
nomicbot shaped their mirror and when. Steps are frozen history: each one
spells out its tables as they were at that version, never borrowing today's
models, so an old mirror is upgraded exactly as it would have been then.

Versions:

1. posts, comments (with content hash and first/last seen), roster
   snapshots, sync runs and their warnings.
2. voting icons as derived rows (filled in for comments already stored),
   audit findings for edited or vanished comments, unknown archive fields,
   HTTP validators for conditional requests, pages fetched per sync run.
3. bids ("I bid X", rule "Planning") as derived rows, filled in likewise.
4. a robots.txt cache.
5. each post page's ETag / Last-Modified and when it was last checked (so a
   sync can re-read every post for edited comments at the cost of a 304 each);
   each sync run's walk (its floor date, start page, whether it reads back to
   the dynasty's Ascension Address, when the walk began, and the run whose
   walk it resumes), so a walk that was killed or failed is resumed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from html.parser import HTMLParser
from typing import TYPE_CHECKING, Any

import peewee
from playhouse.migrate import SchemaMigrator
from playhouse.migrate import migrate as run_operations

from gamestate.bids import bids_in_text
from gamestate.icons import scan_comment
from gamestate.models import Comment
from wikibot.errors import MirrorError

__all__ = [
    "CURRENT_VERSION",
    "MIGRATIONS",
    "MODELS",
    "AuditFindingRow",
    "BidRow",
    "CommentRow",
    "Migration",
    "PageValidatorRow",
    "RobotsRow",
    "PostRow",
    "RosterPlayerRow",
    "RosterSnapshotRow",
    "SchemaVersionRow",
    "SyncRunRow",
    "VoteRow",
    "WarningRow",
    "comment_text",
    "migrate",
    "schema_version",
]

# Fields --------------------------------------------------------------------

# peewee's stubs make Field generic in the value it holds; at run time it is not.
if TYPE_CHECKING:
    _AnyField = peewee.Field[Any]
    _DictField = peewee.Field[dict[str, Any]]
else:
    _AnyField = _DictField = peewee.Field


class UTCDateTimeField(_AnyField):
    """A UTC instant, stored as naive UTC text so SQLite and PostgreSQL agree."""

    field_type = "DATETIME"

    def db_value(self, value: Any) -> Any:
        if isinstance(value, datetime):
            return value.astimezone(UTC).replace(tzinfo=None).isoformat(sep=" ")
        return value

    def python_value(self, value: Any) -> Any:
        if isinstance(value, str):
            value = datetime.fromisoformat(value)
        return value.replace(tzinfo=UTC) if isinstance(value, datetime) else value


def _at(*, index: bool = False) -> peewee.Field[datetime]:
    return UTCDateTimeField(index=index)


def _at_or_none() -> peewee.Field[datetime | None]:
    return UTCDateTimeField(null=True)


class JSONField(_DictField):
    """Archive fields this version does not know, kept as a JSON object."""

    field_type = "TEXT"

    def __init__(self) -> None:
        # The DDL default matches what migration 2 added to older tables.
        super().__init__(default=dict, constraints=[peewee.SQL("DEFAULT '{}'")])

    def db_value(self, value: Any) -> Any:
        try:
            return json.dumps(dict(value or {}), sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError) as exc:
            raise MirrorError(f"an unknown archive field cannot be stored as JSON: {exc}") from None

    def python_value(self, value: Any) -> Any:
        return json.loads(value) if value else {}


def _counter() -> peewee.IntegerField[int]:
    return peewee.IntegerField(default=0, constraints=[peewee.SQL("DEFAULT 0")])


# The current schema (migrate() builds it) ----------------------------------


class _Model(peewee.Model):
    class Meta:
        database = None  # no global database: Mirror.bound() binds these


class SchemaVersionRow(_Model):
    version = peewee.IntegerField(primary_key=True)
    applied_at = _at()
    description = peewee.TextField()

    class Meta:
        table_name = "schema_version"


class SyncRunRow(_Model):
    id = peewee.AutoField()
    kind = peewee.TextField()
    source = peewee.TextField()
    started_at = _at()
    finished_at = _at_or_none()
    requests_made = peewee.IntegerField(default=0)
    outcome = peewee.TextField()
    pages_fetched = _counter()
    walk_since = peewee.TextField(null=True)
    """A full walk's floor date (ISO), if it has one."""
    start_url = peewee.TextField(null=True)
    """The listing page a full walk started at, if not the front page."""
    to_dynasty_start = peewee.BooleanField(null=True)
    """A full walk that reads on back to the current dynasty's Ascension Address."""
    walk_started_at = _at_or_none()
    """When the full walk began (a resumed walk: when the walk it resumes began)."""
    resumes = peewee.IntegerField(null=True)
    """The run whose unfinished walk this run resumes."""

    class Meta:
        table_name = "sync_runs"


class PostRow(_Model):
    id = peewee.TextField(primary_key=True)
    category = peewee.TextField()
    title = peewee.TextField()
    author = peewee.TextField()
    posted_at = _at(index=True)
    status = peewee.TextField()
    body_html = peewee.TextField()
    admin_note = peewee.TextField(null=True)
    resolved_at = _at_or_none()
    listed_comments = peewee.IntegerField(null=True)
    synced_comments = peewee.IntegerField(null=True)
    first_seen = _at()
    last_seen = _at()
    extra = JSONField()
    page_etag = peewee.TextField(null=True)
    """The post page's ETag when last read in full, for a conditional re-read."""
    page_last_modified = peewee.TextField(null=True)
    """The post page's Last-Modified when last read in full."""
    checked_at = _at_or_none()
    """When the post page was last read in full or found unchanged (304)."""

    class Meta:
        table_name = "posts"


class CommentRow(_Model):
    id = peewee.AutoField()
    post = peewee.ForeignKeyField(PostRow, column_name="post_id", backref="comments")
    post_id: str
    blog_id = peewee.TextField()
    author = peewee.TextField()
    posted_at = _at()
    body_html = peewee.TextField()
    vote = peewee.TextField(null=True)
    content_hash = peewee.TextField()
    first_seen = _at()
    last_seen = _at()
    gone_since = _at_or_none()
    extra = JSONField()

    class Meta:
        table_name = "comments"
        indexes = ((("post", "blog_id"), True),)


class VoteRow(_Model):
    id = peewee.AutoField()
    comment = peewee.ForeignKeyField(CommentRow, column_name="comment_id")
    position = peewee.IntegerField()
    vote = peewee.TextField()

    class Meta:
        table_name = "votes"
        indexes = ((("comment", "position"), True),)


class BidRow(_Model):
    id = peewee.AutoField()
    comment = peewee.ForeignKeyField(CommentRow, column_name="comment_id")
    position = peewee.IntegerField()
    amount = peewee.IntegerField()

    class Meta:
        table_name = "bids"
        indexes = ((("comment", "position"), True),)


class AuditFindingRow(_Model):
    id = peewee.AutoField()
    kind = peewee.TextField()
    comment = peewee.ForeignKeyField(CommentRow, column_name="comment_id")
    sync_run = peewee.ForeignKeyField(SyncRunRow, column_name="sync_run_id", null=True)
    found_at = _at()
    new_html = peewee.TextField(null=True)
    new_vote = peewee.TextField(null=True)
    new_hash = peewee.TextField(null=True)

    class Meta:
        table_name = "audit_findings"


class RosterSnapshotRow(_Model):
    id = peewee.AutoField()
    sync_run = peewee.ForeignKeyField(SyncRunRow, column_name="sync_run_id", null=True)
    taken_at = _at()
    boss = peewee.TextField(null=True)
    term_player = peewee.TextField()
    term_boss = peewee.TextField()
    player_count = peewee.IntegerField(null=True)
    quorum = peewee.IntegerField(null=True)
    extra = JSONField()

    class Meta:
        table_name = "roster_snapshots"


class RosterPlayerRow(_Model):
    id = peewee.AutoField()
    snapshot = peewee.ForeignKeyField(RosterSnapshotRow, column_name="snapshot_id")
    position = peewee.IntegerField()
    name = peewee.TextField()
    admin = peewee.BooleanField()
    idle = peewee.BooleanField()
    extra = JSONField()

    class Meta:
        table_name = "roster_players"


class WarningRow(_Model):
    id = peewee.AutoField()
    sync_run = peewee.ForeignKeyField(SyncRunRow, column_name="sync_run_id")
    sync_run_id: int
    url = peewee.TextField()
    message = peewee.TextField()

    class Meta:
        table_name = "warnings"


class PageValidatorRow(_Model):
    page = peewee.TextField(primary_key=True)
    url = peewee.TextField()
    etag = peewee.TextField(null=True)
    last_modified = peewee.TextField(null=True)
    entry_ids = peewee.TextField(default="", constraints=[peewee.SQL("DEFAULT ''")])
    next_url = peewee.TextField(null=True)
    checked_at = _at()

    class Meta:
        table_name = "page_validators"


class RobotsRow(_Model):
    site = peewee.TextField(primary_key=True)
    text = peewee.TextField(null=True)
    """The site's robots.txt, or NULL when it has none."""
    fetched_at = _at()

    class Meta:
        table_name = "robots_cache"


MODELS: tuple[type[Any], ...] = (
    SchemaVersionRow,
    SyncRunRow,
    PostRow,
    CommentRow,
    VoteRow,
    BidRow,
    AuditFindingRow,
    RosterSnapshotRow,
    RosterPlayerRow,
    WarningRow,
    PageValidatorRow,
    RobotsRow,
)
"""Every table of the current schema."""


# The history --------------------------------------------------------------


@dataclass(frozen=True)
class Migration:
    """One step of the schema's history."""

    version: int
    """The schema version this step produces."""
    description: str
    """What the step adds, as recorded in ``schema_version``."""
    apply: Callable[[peewee.Database], None]
    """Changes the schema (and fills in derived rows) inside a transaction."""


def _model(db: peewee.Database, table: str, fields: dict[str, Any], **meta: Any) -> Any:
    """A throwaway model class for one table, as it stood at one version."""
    meta_class = type("Meta", (), {"database": db, "table_name": table, **meta})
    return type(f"Frozen_{table}", (peewee.Model,), {"Meta": meta_class, **fields})


def _sql_default(value: str) -> list[Any]:
    # A DDL default lets ADD COLUMN ... NOT NULL work on tables that have rows.
    return [peewee.SQL(f"DEFAULT {value}")]


_VERSION_FIELDS = {
    "version": peewee.IntegerField(primary_key=True),
    "applied_at": peewee.DateTimeField(),
    "description": peewee.TextField(),
}


def _v1(db: peewee.Database) -> None:
    version = _model(db, "schema_version", _VERSION_FIELDS)
    run = _model(
        db,
        "sync_runs",
        {
            "kind": peewee.TextField(),
            "source": peewee.TextField(),
            "started_at": peewee.DateTimeField(),
            "finished_at": peewee.DateTimeField(null=True),
            "requests_made": peewee.IntegerField(),
            "outcome": peewee.TextField(),
        },
    )
    post = _model(
        db,
        "posts",
        {
            "id": peewee.TextField(primary_key=True),
            "category": peewee.TextField(),
            "title": peewee.TextField(),
            "author": peewee.TextField(),
            "posted_at": peewee.DateTimeField(index=True),
            "status": peewee.TextField(),
            "body_html": peewee.TextField(),
            "admin_note": peewee.TextField(null=True),
            "resolved_at": peewee.DateTimeField(null=True),
            "listed_comments": peewee.IntegerField(null=True),
            "synced_comments": peewee.IntegerField(null=True),
            "first_seen": peewee.DateTimeField(),
            "last_seen": peewee.DateTimeField(),
        },
    )
    comment = _model(
        db,
        "comments",
        {
            "post": peewee.ForeignKeyField(post, column_name="post_id", backref="comments"),
            "blog_id": peewee.TextField(),
            "author": peewee.TextField(),
            "posted_at": peewee.DateTimeField(),
            "body_html": peewee.TextField(),
            "vote": peewee.TextField(null=True),
            "content_hash": peewee.TextField(),
            "first_seen": peewee.DateTimeField(),
            "last_seen": peewee.DateTimeField(),
            "gone_since": peewee.DateTimeField(null=True),
        },
        indexes=((("post", "blog_id"), True),),
    )
    snapshot = _model(
        db,
        "roster_snapshots",
        {
            "sync_run": peewee.ForeignKeyField(run, column_name="sync_run_id", null=True),
            "taken_at": peewee.DateTimeField(),
            "boss": peewee.TextField(null=True),
            "term_player": peewee.TextField(),
            "term_boss": peewee.TextField(),
            "player_count": peewee.IntegerField(null=True),
            "quorum": peewee.IntegerField(null=True),
        },
    )
    player = _model(
        db,
        "roster_players",
        {
            "snapshot": peewee.ForeignKeyField(snapshot, column_name="snapshot_id"),
            "position": peewee.IntegerField(),
            "name": peewee.TextField(),
            "admin": peewee.BooleanField(),
            "idle": peewee.BooleanField(),
        },
    )
    warning = _model(
        db,
        "warnings",
        {
            "sync_run": peewee.ForeignKeyField(run, column_name="sync_run_id"),
            "url": peewee.TextField(),
            "message": peewee.TextField(),
        },
    )
    db.create_tables([version, run, post, comment, snapshot, player, warning])


def _v2(db: peewee.Database) -> None:
    migrator = SchemaMigrator.from_database(db)

    def json_column() -> peewee.TextField:
        return peewee.TextField(default="{}", constraints=_sql_default("'{}'"))

    run_operations(
        *(
            migrator.add_column(table, "extra", json_column(), allow_not_null=True)
            for table in ("posts", "comments", "roster_snapshots", "roster_players")
        ),
        migrator.add_column(
            "sync_runs",
            "pages_fetched",
            peewee.IntegerField(default=0, constraints=_sql_default("0")),
            allow_not_null=True,
        ),
    )
    run = _model(db, "sync_runs", {})
    post = _model(db, "posts", {"id": peewee.TextField(primary_key=True)})
    comment = _model(
        db,
        "comments",
        {
            "post": peewee.ForeignKeyField(post, column_name="post_id"),
            "body_html": peewee.TextField(),
            "vote": peewee.TextField(null=True),
            "author": peewee.TextField(),
            "blog_id": peewee.TextField(),
            "posted_at": peewee.DateTimeField(),
        },
    )
    vote = _model(
        db,
        "votes",
        {
            "comment": peewee.ForeignKeyField(comment, column_name="comment_id"),
            "position": peewee.IntegerField(),
            "vote": peewee.TextField(),
        },
        indexes=((("comment", "position"), True),),
    )
    finding = _model(
        db,
        "audit_findings",
        {
            "kind": peewee.TextField(),
            "comment": peewee.ForeignKeyField(comment, column_name="comment_id"),
            "sync_run": peewee.ForeignKeyField(run, column_name="sync_run_id", null=True),
            "found_at": peewee.DateTimeField(),
            "new_html": peewee.TextField(null=True),
            "new_vote": peewee.TextField(null=True),
            "new_hash": peewee.TextField(null=True),
        },
    )
    validator = _model(
        db,
        "page_validators",
        {
            "page": peewee.TextField(primary_key=True),
            "url": peewee.TextField(),
            "etag": peewee.TextField(null=True),
            "last_modified": peewee.TextField(null=True),
            "entry_ids": peewee.TextField(constraints=_sql_default("''")),
            "next_url": peewee.TextField(null=True),
            "checked_at": peewee.DateTimeField(),
        },
    )
    db.create_tables([vote, finding, validator])
    # Comments stored under version 1 get their voting icons now.
    rows: list[dict[str, Any]] = []
    for c in comment.select().iterator():
        scan = scan_comment(_as_comment(c))
        rows.extend(
            {"comment": c.id, "position": i, "vote": v.value} for i, v in enumerate(scan.votes)
        )
    for start in range(0, len(rows), 500):
        vote.insert_many(rows[start : start + 500]).execute()


def _v3(db: peewee.Database) -> None:
    comment = _model(db, "comments", {"body_html": peewee.TextField()})
    bid = _model(
        db,
        "bids",
        {
            "comment": peewee.ForeignKeyField(comment, column_name="comment_id"),
            "position": peewee.IntegerField(),
            "amount": peewee.IntegerField(),
        },
        indexes=((("comment", "position"), True),),
    )
    db.create_tables([bid])
    # Comments stored under earlier versions get their bids now.
    rows: list[dict[str, Any]] = []
    for c in comment.select().iterator():
        amounts = bids_in_text(comment_text(c.body_html))
        rows.extend({"comment": c.id, "position": i, "amount": a} for i, a in enumerate(amounts))
    for start in range(0, len(rows), 500):
        bid.insert_many(rows[start : start + 500]).execute()


def _v4(db: peewee.Database) -> None:
    robots = _model(
        db,
        "robots_cache",
        {
            "site": peewee.TextField(primary_key=True),
            "text": peewee.TextField(null=True),
            "fetched_at": _at(),
        },
    )
    db.create_tables([robots])


def _v5(db: peewee.Database) -> None:
    migrator = SchemaMigrator.from_database(db)
    run_operations(
        migrator.add_column("posts", "page_etag", peewee.TextField(null=True)),
        migrator.add_column("posts", "page_last_modified", peewee.TextField(null=True)),
        migrator.add_column("posts", "checked_at", peewee.DateTimeField(null=True)),
        migrator.add_column("sync_runs", "walk_since", peewee.TextField(null=True)),
        migrator.add_column("sync_runs", "start_url", peewee.TextField(null=True)),
        migrator.add_column("sync_runs", "to_dynasty_start", peewee.BooleanField(null=True)),
        migrator.add_column("sync_runs", "walk_started_at", peewee.DateTimeField(null=True)),
        migrator.add_column("sync_runs", "resumes", peewee.IntegerField(null=True)),
    )


class _TextCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def comment_text(body_html: str) -> str:
    """A comment's text as a reader sees it, tags dropped ("I bid <b>250</b>" reads "I bid 250")."""
    collector = _TextCollector()
    collector.feed(body_html)
    collector.close()
    return "".join(collector.parts)


def _as_comment(row: Any) -> Comment:
    return Comment(
        id=row.blog_id,
        author=row.author,
        posted_at=row.posted_at,
        body_html=row.body_html,
        vote=row.vote,
    )


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "posts, comments, roster snapshots, sync runs, warnings", _v1),
    Migration(
        2,
        "voting icons, audit findings, unknown archive fields, conditional requests",
        _v2,
    ),
    Migration(3, "bids", _v3),
    Migration(4, "robots.txt cache, so an unchanged blog costs one request", _v4),
    Migration(5, "post page validators for re-reading posts; resumable full walks", _v5),
)
"""Every step, oldest first."""

CURRENT_VERSION = MIGRATIONS[-1].version
"""The schema version this nomicbot reads and writes."""


def schema_version(db: peewee.Database) -> int:
    """The database's schema version: 0 for an empty database."""
    if not db.table_exists("schema_version"):
        return 0
    versions = _model(db, "schema_version", {"version": peewee.IntegerField(primary_key=True)})
    value = versions.select(peewee.fn.MAX(versions.version)).scalar()
    return int(value) if value is not None else 0


def migrate(db: peewee.Database, *, target: int | None = None) -> list[int]:
    """Brings the mirror's schema up to ``target`` (default: the current version).

    Each step runs in its own transaction together with its ``schema_version``
    row, so a failure leaves the database at the last complete version.
    Returns the versions applied. A mirror written by a newer nomicbot is
    refused rather than guessed at.
    """
    goal = CURRENT_VERSION if target is None else target
    if not 0 <= goal <= CURRENT_VERSION:
        raise MirrorError(f"no schema version {goal}: this nomicbot knows 1 to {CURRENT_VERSION}")
    have = schema_version(db)
    if have > CURRENT_VERSION:
        raise MirrorError(
            f"the mirror has schema version {have}, newer than this nomicbot's "
            f"{CURRENT_VERSION}; upgrade nomicbot"
        )
    applied = []
    for step in MIGRATIONS:
        if have < step.version <= goal:
            try:
                with db.atomic():
                    step.apply(db)
                    _model(db, "schema_version", _VERSION_FIELDS).insert(
                        version=step.version,
                        applied_at=datetime.now(UTC).replace(tzinfo=None).isoformat(sep=" "),
                        description=step.description,
                    ).execute()
            except peewee.PeeweeException as exc:
                raise MirrorError(
                    f"schema migration to version {step.version} failed: {exc}"
                ) from None
            applied.append(step.version)
    return applied
