"""What every schema step shares: throwaway models of tables as they stood."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import peewee

__all__ = ["VERSION_FIELDS", "Migration", "frozen_model", "sql_default"]


@dataclass(frozen=True)
class Migration:
    """One step of the schema's history."""

    version: int
    """The schema version this step produces."""
    description: str
    """What the step adds, as recorded in ``schema_version``."""
    apply: Callable[[peewee.Database], None]
    """Changes the schema (and fills in derived rows) inside a transaction."""


def frozen_model(db: peewee.Database, table: str, fields: dict[str, Any], **meta: Any) -> Any:
    """A throwaway model class for one table, as it stood at one version."""
    meta_class = type("Meta", (), {"database": db, "table_name": table, **meta})
    return type(f"Frozen_{table}", (peewee.Model,), {"Meta": meta_class, **fields})


def sql_default(value: str) -> list[Any]:
    # A DDL default lets ADD COLUMN ... NOT NULL work on tables that have rows.
    return [peewee.SQL(f"DEFAULT {value}")]


VERSION_FIELDS = {
    "version": peewee.IntegerField(primary_key=True),
    "applied_at": peewee.DateTimeField(),
    "description": peewee.TextField(),
}
