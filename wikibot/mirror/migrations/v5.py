"""Schema version 5: post page validators for re-reading posts; resumable full walks."""

from __future__ import annotations

import peewee
from playhouse.migrate import SchemaMigrator
from playhouse.migrate import migrate as run_operations

VERSION = 5
DESCRIPTION = "post page validators for re-reading posts; resumable full walks"


def apply(db: peewee.Database) -> None:
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
