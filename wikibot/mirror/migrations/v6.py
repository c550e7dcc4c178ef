"""Schema version 6: the ledger of applied actions, resolutions, locks and announcements."""

from __future__ import annotations

import peewee

from wikibot.mirror.migrations.base import frozen_model, sql_default

VERSION = 6
DESCRIPTION = "ledger of applied actions, resolutions awaiting the blog, locks, announcements"


def _json() -> peewee.TextField:
    return peewee.TextField(default="{}", constraints=sql_default("'{}'"))


def apply(db: peewee.Database) -> None:
    ledger = frozen_model(
        db,
        "ledger",
        {
            "op_id": peewee.TextField(unique=True),
            "parent": peewee.TextField(null=True, index=True),
            "state": peewee.TextField(),
            "at": peewee.DateTimeField(index=True),
            "recorded_at": peewee.DateTimeField(),
            "actor": peewee.TextField(),
            "action": peewee.TextField(),
            "arguments": _json(),
            "before": _json(),
            "after": _json(),
            "cause": peewee.TextField(),
            "revisions": _json(),
        },
    )
    resolution = frozen_model(
        db,
        "resolutions",
        {
            "post_id": peewee.TextField(primary_key=True),
            "op_id": peewee.TextField(unique=True),
            "state": peewee.TextField(),
            "admin": peewee.TextField(),
            "resolved_at": peewee.DateTimeField(),
            "outcome": peewee.TextField(),
            "status_word": peewee.TextField(),
            "note": peewee.TextField(),
            "for_votes": peewee.IntegerField(null=True),
            "against_votes": peewee.IntegerField(null=True),
            "quorum": peewee.IntegerField(null=True),
            "clause": peewee.TextField(),
            "blog_status": peewee.TextField(null=True),
            "blog_note": peewee.TextField(null=True),
            "recorded_at": peewee.DateTimeField(),
            "checked_at": peewee.DateTimeField(null=True),
        },
    )
    lock = frozen_model(
        db,
        "locks",
        {
            "name": peewee.TextField(primary_key=True),
            "holder": peewee.TextField(),
            "acquired_at": peewee.DateTimeField(),
        },
    )
    announcement = frozen_model(
        db,
        "announcements",
        {
            "key": peewee.TextField(primary_key=True),
            "at": peewee.DateTimeField(),
            "text": peewee.TextField(),
            "sent_at": peewee.DateTimeField(null=True),
        },
    )
    db.create_tables([ledger, resolution, lock, announcement])
