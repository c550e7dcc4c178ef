"""The mirror's database: opening one from a config string, and fast hand-written SQL.

A ``postgresql://`` URL may hold a password: every message built here masks it.

Two processes may write one SQLite mirror at once (two Admins, a ``watch`` and a
``sync``). Each waits for the other's write rather than failing with "database is
locked": every transaction begins ``IMMEDIATE`` (it takes the write lock at
``BEGIN``, where SQLite's busy timeout applies; a transaction that read first and
then wrote could not wait, as its snapshot may be stale) and the busy timeout is
:data:`SQLITE_BUSY_TIMEOUT` milliseconds.
"""

from __future__ import annotations

import importlib.util
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlsplit

import peewee
from playhouse import db_url

from wikibot.errors import MirrorError
from wikibot.secrecy import redact_url, without_secret  # the one masking of URL logins

__all__ = [
    "CHUNK",
    "SQLITE_BUSY_TIMEOUT",
    "SQLITE_PRAGMAS",
    "connect_url",
    "insert_rows",
    "redact_url",
    "select_where",
    "sqlite_database",
    "update_where",
    "without_secret",
]


_POSTGRES_SCHEMES = frozenset({"postgres", "postgresql"})


def connect_url(database: str) -> peewee.Database:
    """A peewee database for a URL; a ``postgresql://`` one drives psycopg 3."""
    parts = urlsplit(database)
    options: dict[str, Any] = {}
    if parts.scheme in _POSTGRES_SCHEMES:
        if importlib.util.find_spec("psycopg") is None:
            raise MirrorError(
                "a postgresql:// mirror needs the PostgreSQL driver: "
                "pip install 'nomicbot[postgres]'"
            )
        options["prefer_psycopg3"] = True  # the driver nomicbot installs and is tested with
        if "connect_timeout" not in dict(parse_qsl(parts.query)):
            options["connect_timeout"] = _CONNECT_TIMEOUT
    # A password holding "@", ":" or "/" is written percent-encoded in the URL.
    db: peewee.Database = db_url.connect(
        database, unquote_password=True, unquote_user=True, **options
    )
    return db


_M = TypeVar("_M", bound=peewee.Model)

SQLITE_BUSY_TIMEOUT = 60_000
"""Milliseconds a SQLite connection waits for another's write transaction to end."""

SQLITE_PRAGMAS = {
    # WAL lets `nomicbot status` read while a sync writes; NORMAL sync is safe with WAL.
    "journal_mode": "wal",
    "foreign_keys": 1,
    "synchronous": "normal",
    "busy_timeout": SQLITE_BUSY_TIMEOUT,
}


def sqlite_database(path: str) -> peewee.SqliteDatabase:
    """A SQLite mirror file whose transactions wait for another process's, never fail."""
    return peewee.SqliteDatabase(
        path,
        pragmas=SQLITE_PRAGMAS,
        timeout=SQLITE_BUSY_TIMEOUT / 1000,
        # BEGIN IMMEDIATE: a transaction takes the write lock first, waiting as long as
        # the busy timeout, so it never has to upgrade a read lock (which cannot wait).
        lock_type="IMMEDIATE",
    )


_AS_PEEWEE_ERRORS: Any = vars(peewee)["__exception_wrapper__"]
"""Turns the driver's errors (sqlite3's, psycopg's) into peewee's, as ``execute_sql`` does."""

_CONNECT_TIMEOUT = 10
"""Seconds to wait for a database server (a URL may set ``?connect_timeout=N``)."""

CHUNK = 90
"""Ids per IN (...) list: well under SQLite's limit on bound parameters."""


def _sql(model: type[peewee.Model], text: str) -> tuple[Any, str]:
    """The model's database and ``text`` with its parameter marks."""
    db: Any = model._meta.database
    return db, text.replace("?", db.param)


def select_where(model: type[_M], where: str, *params: Any) -> list[_M]:
    """Rows by a hand-written WHERE; far cheaper than building the query with peewee."""
    db, sql = _sql(model, f'SELECT * FROM "{model._meta.table_name}" WHERE {where}')
    return list(model.raw(sql, *params))


def update_where(
    model: type[peewee.Model], changes: dict[str, Any], where: str, *params: Any
) -> None:
    fields = [model._meta.fields[name] for name in changes]
    to_db: list[Any] = [f.db_value for f in fields]
    sets = ", ".join(f'"{f.column_name}" = ?' for f in fields)
    db, sql = _sql(model, f'UPDATE "{model._meta.table_name}" SET {sets} WHERE {where}')
    values = [c(v) for c, v in zip(to_db, changes.values(), strict=True)]
    db.execute_sql(sql, [*values, *params])


def insert_rows(model: type[peewee.Model], rows: list[dict[str, Any]]) -> None:
    """Inserts many rows with one prepared statement (peewee's own builder is slow here)."""
    if not rows:
        return
    names = list(rows[0])
    fields = [model._meta.fields[name] for name in names]
    to_db: list[Any] = [f.db_value for f in fields]
    columns = ", ".join(f'"{f.column_name}"' for f in fields)
    marks = ", ".join("?" * len(fields))
    db, sql = _sql(model, f'INSERT INTO "{model._meta.table_name}" ({columns}) VALUES ({marks})')
    values = [[c(r[n]) for c, n in zip(to_db, names, strict=True)] for r in rows]
    with _AS_PEEWEE_ERRORS:
        db.cursor().executemany(sql, values)
