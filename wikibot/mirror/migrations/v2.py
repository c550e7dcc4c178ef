"""Schema version 2: voting icons, audit findings, unknown archive fields, conditional requests."""

from __future__ import annotations

from typing import Any

import peewee
from playhouse.migrate import SchemaMigrator
from playhouse.migrate import migrate as run_operations

from gamestate.profiles.blognomic_139.icons import scan_comment
from wikibot.mirror.comment_text import as_comment
from wikibot.mirror.migrations.base import frozen_model, sql_default

VERSION = 2
DESCRIPTION = "voting icons, audit findings, unknown archive fields, conditional requests"


def apply(db: peewee.Database) -> None:
    migrator = SchemaMigrator.from_database(db)

    def json_column() -> peewee.TextField:
        return peewee.TextField(default="{}", constraints=sql_default("'{}'"))

    run_operations(
        *(
            migrator.add_column(table, "extra", json_column(), allow_not_null=True)
            for table in ("posts", "comments", "roster_snapshots", "roster_players")
        ),
        migrator.add_column(
            "sync_runs",
            "pages_fetched",
            peewee.IntegerField(default=0, constraints=sql_default("0")),
            allow_not_null=True,
        ),
    )
    run = frozen_model(db, "sync_runs", {})
    post = frozen_model(db, "posts", {"id": peewee.TextField(primary_key=True)})
    comment = frozen_model(
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
    vote = frozen_model(
        db,
        "votes",
        {
            "comment": peewee.ForeignKeyField(comment, column_name="comment_id"),
            "position": peewee.IntegerField(),
            "vote": peewee.TextField(),
        },
        indexes=((("comment", "position"), True),),
    )
    finding = frozen_model(
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
    validator = frozen_model(
        db,
        "page_validators",
        {
            "page": peewee.TextField(primary_key=True),
            "url": peewee.TextField(),
            "etag": peewee.TextField(null=True),
            "last_modified": peewee.TextField(null=True),
            "entry_ids": peewee.TextField(constraints=sql_default("''")),
            "next_url": peewee.TextField(null=True),
            "checked_at": peewee.DateTimeField(),
        },
    )
    db.create_tables([vote, finding, validator])
    # Comments stored under version 1 get their voting icons now.
    rows: list[dict[str, Any]] = []
    for c in comment.select().iterator():
        scan = scan_comment(as_comment(c))
        rows.extend(
            {"comment": c.id, "position": i, "vote": v.value} for i, v in enumerate(scan.votes)
        )
    for start in range(0, len(rows), 500):
        vote.insert_many(rows[start : start + 500]).execute()
