"""Schema version 7: each ledger row names its domain (a dynasty's economy, resolutions)."""

from __future__ import annotations

import peewee
from playhouse.migrate import SchemaMigrator
from playhouse.migrate import migrate as run_operations

from wikibot.mirror.migrations.base import frozen_model, sql_default

VERSION = 7
DESCRIPTION = "ledger rows name their domain, so each reader replays only its own"


def apply(db: peewee.Database) -> None:
    migrator = SchemaMigrator.from_database(db)
    run_operations(
        migrator.add_column(
            "ledger",
            "domain",
            peewee.TextField(default="nomicland", constraints=sql_default("'nomicland'")),
            allow_not_null=True,
        ),
        migrator.add_index("ledger", ("domain",), False),
    )
    # Rows written by version 6: resolutions had op ids of their own form.
    ledger = frozen_model(
        db,
        "ledger",
        {"op_id": peewee.TextField(unique=True), "domain": peewee.TextField()},
    )
    resolutions = ledger.op_id.startswith("resolve/") | ledger.op_id.startswith("ascension/")
    ledger.update(domain="resolve").where(resolutions).execute()
