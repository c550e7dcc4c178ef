"""Column types of the mirror's tables: UTC instants and JSON objects, alike on SQLite
and PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import peewee

from wikibot.errors import MirrorError

__all__ = ["JSONField", "UTCDateTimeField", "at_field", "at_or_none_field", "counter_field"]

# peewee's stubs make Field generic in the value it holds; at run time it is not.
if TYPE_CHECKING:
    _AnyField = peewee.Field[Any]
    _DictField = peewee.Field[dict[str, Any]]
else:
    _AnyField = _DictField = peewee.Field


class UTCDateTimeField(_AnyField):
    """A UTC instant, stored as naive UTC text so SQLite and PostgreSQL agree."""

    field_type = "DATETIME"

    def db_value(self, value: Any) -> Any:
        if isinstance(value, datetime):
            return value.astimezone(UTC).replace(tzinfo=None).isoformat(sep=" ")
        return value

    def python_value(self, value: Any) -> Any:
        if isinstance(value, str):
            value = datetime.fromisoformat(value)
        return value.replace(tzinfo=UTC) if isinstance(value, datetime) else value


def at_field(*, index: bool = False) -> peewee.Field[datetime]:
    return UTCDateTimeField(index=index)


def at_or_none_field() -> peewee.Field[datetime | None]:
    return UTCDateTimeField(null=True)


class JSONField(_DictField):
    """A JSON object: archive fields this version does not know, a ledger row's values."""

    field_type = "TEXT"

    def __init__(self) -> None:
        # The DDL default matches what migration 2 added to older tables.
        super().__init__(default=dict, constraints=[peewee.SQL("DEFAULT '{}'")])

    def db_value(self, value: Any) -> Any:
        try:
            return json.dumps(dict(value or {}), sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError) as exc:
            raise MirrorError(f"a value cannot be stored as JSON: {exc}") from None

    def python_value(self, value: Any) -> Any:
        return json.loads(value) if value else {}


def counter_field() -> peewee.IntegerField[int]:
    return peewee.IntegerField(default=0, constraints=[peewee.SQL("DEFAULT 0")])
