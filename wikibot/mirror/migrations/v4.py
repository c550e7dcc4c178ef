"""Schema version 4: robots.txt cache, so an unchanged blog costs one request."""

from __future__ import annotations

import peewee

from wikibot.mirror.fields import at_field
from wikibot.mirror.migrations.base import frozen_model

VERSION = 4
DESCRIPTION = "robots.txt cache, so an unchanged blog costs one request"


def apply(db: peewee.Database) -> None:
    robots = frozen_model(
        db,
        "robots_cache",
        {
            "site": peewee.TextField(primary_key=True),
            "text": peewee.TextField(null=True),
            "fetched_at": at_field(),
        },
    )
    db.create_tables([robots])
