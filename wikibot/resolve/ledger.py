"""Exactly once: operation ids in the mirror's ledger, the resolve lock, and test kill points.

Every write ``resolve --apply`` makes is an *operation* with an id that is the
same on every run (``resolve/POST``, ``resolve/POST/votes``...). Its ledger row
is written ``started`` before the write and ``applied`` after it; a re-run skips
what is ``applied`` and checks what is only ``started`` (a wiki edit carries its
id in the edit summary, so the page history tells whether it was saved).

One ``resolve --apply`` at a time per mirror: it holds the game lock
(:func:`wikibot.mirror.locks.game_lock`), the one every command that writes game
state holds, a row of the ``locks`` table, so it holds across processes and
machines sharing one PostgreSQL mirror. The lock is taken before the game is read
and before anything is printed; a second run waits, told who holds it, and then
goes ahead on the state the first left, or is refused in one line. A lock left
by a killed run on this machine (its process is gone) is taken over.

An operation keeps its author: a run that finishes another Admin's half-done
resolution records each of its effects under that Admin's name.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from datetime import datetime
from typing import Any

from wikibot.errors import LockError
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import RESOLVE, Ledger, LedgerEntry
from wikibot.mirror.locks import GAME_LOCK, game_lock
from wikibot.resolve.errors import LockHeld

__all__ = [
    "KILL_AT_ENV",
    "LOCK_NAME",
    "Operations",
    "kill_point",
    "resolve_lock",
]
LOCK_NAME = GAME_LOCK
"""The lock ``resolve --apply`` holds: the game lock."""
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
        self,
        op_id: str,
        *,
        action: str,
        parent: str | None,
        arguments: dict[str, Any],
        actor: str | None = None,
    ) -> LedgerEntry:
        """Records the operation as started (once: a re-run finds the first record), by
        ``actor`` (default: this run's Admin; an effect of another Admin's resolution is
        theirs)."""
        entry = LedgerEntry(
            op_id=op_id,
            at=self.at,
            actor=actor or self.actor,
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
def resolve_lock(
    mirror: Mirror,
    *,
    admin: str,
    at: datetime | None = None,
    wait: float | None = None,
    notify: Callable[[str], None] | None = None,
) -> Iterator[str]:
    """Holds the game lock for ``admin``'s ``resolve --apply``; waits while another
    process holds it (``notify`` is told who), then :class:`LockHeld` names the holder."""
    options: dict[str, Any] = {} if notify is None else {"notify": notify}
    lock = game_lock(mirror, who=admin, doing="resolve --apply", now=at, wait=wait, **options)
    with ExitStack() as stack:
        try:
            me = stack.enter_context(lock)
        except LockError as exc:
            raise LockHeld(str(exc)) from None
        yield str(me)
