"""Schema version 8: the wiki's Ruleset page, every revision read (ARCHITECTURE.md 1c)."""

from __future__ import annotations

import peewee

from wikibot.mirror.fields import at_field
from wikibot.mirror.migrations.base import frozen_model

VERSION = 8
DESCRIPTION = "the Ruleset page's revisions: id, time, editor, summary and text"


def apply(db: peewee.Database) -> None:
    revision = frozen_model(
        db,
        "ruleset_revisions",
        {
            "id": peewee.AutoField(),
            "title": peewee.TextField(index=True),
            "revid": peewee.IntegerField(unique=True),
            "at": at_field(index=True),
            "editor": peewee.TextField(),
            "summary": peewee.TextField(),
            "text": peewee.TextField(null=True),
            "hidden": peewee.TextField(null=True),
            "seen_at": at_field(),
        },
    )
    db.create_tables([revision])
