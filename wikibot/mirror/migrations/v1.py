"""Schema version 1: posts, comments, roster snapshots, sync runs, warnings."""

from __future__ import annotations

import peewee

from wikibot.mirror.migrations.base import VERSION_FIELDS, frozen_model

VERSION = 1
DESCRIPTION = "posts, comments, roster snapshots, sync runs, warnings"


def apply(db: peewee.Database) -> None:
    version = frozen_model(db, "schema_version", VERSION_FIELDS)
    run = frozen_model(
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
    post = frozen_model(
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
    comment = frozen_model(
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
    snapshot = frozen_model(
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
    player = frozen_model(
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
    warning = frozen_model(
        db,
        "warnings",
        {
            "sync_run": peewee.ForeignKeyField(run, column_name="sync_run_id"),
            "url": peewee.TextField(),
            "message": peewee.TextField(),
        },
    )
    db.create_tables([version, run, post, comment, snapshot, player, warning])
