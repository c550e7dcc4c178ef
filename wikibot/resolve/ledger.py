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
from datetime import datetime
from typing import Any

from wikibot.archive import format_time
from wikibot.errors import LockError
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import RESOLVE, Ledger, LedgerEntry
from wikibot.mirror.locks import Holder, acquire_lock, lock_holder, release_lock
from wikibot.resolve.errors import LockHeld

__all__ = [
    "KILL_AT_ENV",
    "LOCK_NAME",
    "Operations",
    "kill_point",
    "resolve_lock",
]
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


class Operations:
    """The ledger's ``resolve`` domain, as one Admin's run writes it: every row is
    dated ``at``, by ``actor``, for ``cause``."""

    def __init__(
        self, mirror: Mirror, *, actor: str, at: datetime, cause: str, clock: Callable[[], datetime]
    ) -> None:
        self.ledger = Ledger(mirror, clock=clock, domain=RESOLVE)
        self.actor = actor
        self.at = at
        self.cause = cause

    def get(self, op_id: str) -> LedgerEntry | None:
        """The operation, if the ledger has it."""
        return self.ledger.get(op_id)

    def unfinished(self) -> list[LedgerEntry]:
        """Resolutions (operations with no parent) a run started and did not finish."""
        return sorted(self.ledger.pending(roots=True), key=lambda e: (e.at, e.op_id))

    def start(
        self, op_id: str, *, action: str, parent: str | None, arguments: dict[str, Any]
    ) -> LedgerEntry:
        """Records the operation as started (once: a re-run finds the first record)."""
        entry = LedgerEntry(
            op_id=op_id,
            at=self.at,
            actor=self.actor,
            action=action,
            arguments=arguments,
            cause=self.cause,
            parent=parent,
        )
        return self.ledger.start(entry, once=True)

    def applied(
        self,
        op_id: str,
        *,
        after: dict[str, Any] | None = None,
        revisions: dict[str, int] | None = None,
    ) -> None:
        """Records the operation as applied, with what it did."""
        self.ledger.finish(op_id, revisions or {}, after=after or {})


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
