"""Exactly once: operation ids in the mirror's ledger, the resolve lock, and test kill points.

Every write ``resolve --apply`` makes is an *operation* with an id that is the
same on every run (``resolve/POST``, ``resolve/POST/votes``...). Its ledger row
is written ``started`` before the write and ``applied`` after it; a re-run skips
what is ``applied`` and checks what is only ``started`` (a wiki edit carries its
id in the edit summary, so the page history tells whether it was saved).

One ``resolve --apply`` at a time per mirror: the lock is a row of the
``locks`` table, so it holds across processes and machines sharing one
PostgreSQL mirror; the second run is told who holds it. A lock left by a
killed run on this machine (its process is gone) is taken over.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from wikibot.archive import format_time
from wikibot.errors import LockError
from wikibot.mirror.api import Mirror
from wikibot.mirror.locks import Holder, acquire_lock, lock_holder, release_lock
from wikibot.mirror.schema import LedgerRow
from wikibot.resolve.errors import LockHeld

__all__ = [
    "APPLIED",
    "KILL_AT_ENV",
    "LOCK_NAME",
    "STARTED",
    "Ledger",
    "Operation",
    "kill_point",
    "resolve_lock",
]

STARTED = "started"
APPLIED = "applied"
LOCK_NAME = "resolve"
KILL_AT_ENV = "NOMICBOT_TEST_KILL_AT"
"""Tests only: the number of the write point at which the process kills itself (SIGKILL)."""

_points_passed = 0


def kill_point(name: str) -> None:
    """A write point: with ``NOMICBOT_TEST_KILL_AT=N`` set, the N-th one kills the process.

    ``NOMICBOT_TEST_KILL_AT=list`` prints each point's number and name to stderr instead.
    """
    global _points_passed
    wanted = os.environ.get(KILL_AT_ENV)
    if not wanted:
        return
    _points_passed += 1
    if wanted == "list":
        os.write(2, f"kill point {_points_passed}: {name}\n".encode())
    elif wanted.isdigit() and int(wanted) == _points_passed:
        os.kill(os.getpid(), signal.SIGKILL)


@dataclass(frozen=True)
class Operation:
    """One ledger entry: an operation and its state."""

    op_id: str
    """The operation id."""
    parent: str | None
    """The resolution it is an effect of."""
    state: str
    """``started`` or ``applied``."""
    action: str
    """What it does."""
    arguments: dict[str, Any]
    """What it was asked to do."""
    after: dict[str, Any]
    """What it did."""


class Ledger:
    """The mirror's ledger, as one Admin's run writes it."""

    def __init__(
        self, mirror: Mirror, *, actor: str, at: datetime, cause: str, clock: Callable[[], datetime]
    ) -> None:
        self.mirror = mirror
        self.actor = actor
        self.at = at
        self.cause = cause
        self.clock = clock

    def get(self, op_id: str) -> Operation | None:
        """The operation, if the ledger has it."""
        with self.mirror.bound():
            row = LedgerRow.get_or_none(LedgerRow.op_id == op_id)
            return None if row is None else _operation(row)

    def unfinished(self) -> list[Operation]:
        """Resolutions (operations with no parent) a run started and did not finish."""
        with self.mirror.bound():
            rows = LedgerRow.select().where(
                (LedgerRow.state == STARTED) & LedgerRow.parent.is_null()
            )
            return [_operation(r) for r in sorted(rows, key=lambda r: (r.at, r.op_id))]

    def start(
        self, op_id: str, *, action: str, parent: str | None, arguments: dict[str, Any]
    ) -> Operation:
        """Records the operation as started (once: a re-run finds the first record)."""
        with self.mirror.bound(), self.mirror.db.atomic():
            row = LedgerRow.get_or_none(LedgerRow.op_id == op_id)
            if row is None:
                row = LedgerRow.create(
                    op_id=op_id,
                    parent=parent,
                    state=STARTED,
                    at=self.at,
                    recorded_at=self.clock(),
                    actor=self.actor,
                    action=action,
                    arguments=arguments,
                    before={},
                    after={},
                    cause=self.cause,
                    revisions={},
                )
            return _operation(row)

    def applied(
        self,
        op_id: str,
        *,
        after: dict[str, Any] | None = None,
        revisions: dict[str, int] | None = None,
    ) -> None:
        """Records the operation as applied, with what it did."""
        with self.mirror.bound(), self.mirror.db.atomic():
            row = LedgerRow.get(LedgerRow.op_id == op_id)
            if row.state == APPLIED:
                return
            row.state = APPLIED
            row.after = after or {}
            row.revisions = revisions or {}
            row.recorded_at = self.clock()
            row.save()


def _operation(row: LedgerRow) -> Operation:
    return Operation(row.op_id, row.parent, row.state, row.action, row.arguments, row.after)


@contextmanager
def resolve_lock(mirror: Mirror, *, admin: str, at: datetime) -> Iterator[str]:
    """Holds the mirror's resolve lock; :class:`LockHeld` names the holder if taken."""
    me = Holder.this_process(admin)
    try:
        acquire_lock(mirror, LOCK_NAME, holder=me, now=at)
    except LockError:
        held = lock_holder(mirror, LOCK_NAME)
        who = f"{held[0]} since {format_time(held[1])}" if held else "another run"
        raise LockHeld(
            f"another resolve --apply holds the lock: {who}; try again when it has finished"
        ) from None
    holder = str(me)
    try:
        yield holder
    finally:
        release_lock(mirror, LOCK_NAME, holder=me)
