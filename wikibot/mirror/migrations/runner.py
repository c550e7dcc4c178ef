"""Runs the schema steps: brings any mirror, new or old, to the current version."""

from __future__ import annotations

from datetime import UTC, datetime

import peewee

from wikibot.errors import MirrorError
from wikibot.mirror.migrations import v1, v2, v3, v4, v5, v6, v7, v8
from wikibot.mirror.migrations.base import VERSION_FIELDS, Migration, frozen_model

__all__ = ["CURRENT_VERSION", "MIGRATIONS", "migrate", "schema_version"]

MIGRATIONS: tuple[Migration, ...] = tuple(
    Migration(step.VERSION, step.DESCRIPTION, step.apply)
    for step in (v1, v2, v3, v4, v5, v6, v7, v8)
)
"""Every step, oldest first."""

CURRENT_VERSION = MIGRATIONS[-1].version
"""The schema version this nomicbot reads and writes."""


def schema_version(db: peewee.Database) -> int:
    """The database's schema version: 0 for an empty database."""
    if not db.table_exists("schema_version"):
        return 0
    versions = frozen_model(
        db, "schema_version", {"version": peewee.IntegerField(primary_key=True)}
    )
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
                    frozen_model(db, "schema_version", VERSION_FIELDS).insert(
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
