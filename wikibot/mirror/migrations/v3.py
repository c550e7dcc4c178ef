"""Schema version 3: bids."""

from __future__ import annotations

from typing import Any

import peewee

from gamestate.profiles.blognomic_139.bids import bids_in_text
from wikibot.mirror.comment_text import comment_text
from wikibot.mirror.migrations.base import frozen_model

VERSION = 3
DESCRIPTION = "bids"


def apply(db: peewee.Database) -> None:
    comment = frozen_model(db, "comments", {"body_html": peewee.TextField()})
    bid = frozen_model(
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
