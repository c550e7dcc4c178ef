"""Named locks in the mirror (the ``locks`` table), so two processes cannot do one thing.

A lock's ``holder`` says who holds it, ``pid N on HOST``. A lock left by a
process that was killed must not block forever: a process on the same host
takes over a lock whose holder's process is gone. A lock held from another host
is never taken over (its process cannot be checked from here); the message says
who holds it, so a human can clear it.
"""

from __future__ import annotations

import os
import re
import socket
from dataclasses import dataclass
from datetime import datetime

from wikibot.errors import LockError
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import LockRow

__all__ = ["Holder", "acquire_lock", "lock_holder", "release_lock"]

_HOLDER = re.compile(r"^pid (?P<pid>\d+) on (?P<host>.+)$")


@dataclass(frozen=True)
class Holder:
    """Who holds a lock: a process on a host."""

    pid: int
    host: str

    @classmethod
    def from_text(cls, text: str) -> Holder | None:
        """The holder a ``holder`` column names, or None if it is not in this form."""
        found = _HOLDER.match(text)
        return None if found is None else cls(int(found.group("pid")), found.group("host"))

    @classmethod
    def this_process(cls) -> Holder:
        """This process on this host."""
        return cls(os.getpid(), socket.gethostname())

    def __str__(self) -> str:
        return f"pid {self.pid} on {self.host}"

    def is_gone(self) -> bool:
        """Is this holder's process known to have ended (only checkable on this host)?"""
        if self.host != socket.gethostname():
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            return False  # it exists, under another user
        return False


def lock_holder(mirror: Mirror, name: str) -> tuple[str, datetime] | None:
    """Who holds the lock ``name`` and since when, or None if nobody does."""
    with mirror.bound():
        row = LockRow.get_or_none(LockRow.name == name)
    return None if row is None else (row.holder, row.acquired_at)


def acquire_lock(mirror: Mirror, name: str, *, holder: Holder, now: datetime) -> str | None:
    """Takes the lock ``name`` for ``holder``; returns the holder it took over, if any.

    Raises LockError naming the holder when another live process holds it.
    """
    me = str(holder)
    with mirror.bound(), mirror.db.atomic():
        LockRow.insert(name=name, holder=me, acquired_at=now).on_conflict_ignore().execute()
        row = LockRow.get(LockRow.name == name)
        if row.holder == me:
            return None  # just taken, or taken before by this very process
        old = Holder.from_text(row.holder)
        if old is None or not old.is_gone():
            raise LockError(
                f"the mirror's {name!r} lock is held by {row.holder} since "
                f"{row.acquired_at.isoformat()}; if that process is gone, clear the lock "
                f"(delete its row from the locks table) and start again"
            )
        taken = (
            LockRow.update(holder=me, acquired_at=now)
            .where((LockRow.name == name) & (LockRow.holder == row.holder))
            .execute()
        )
        if taken != 1:
            raise LockError(f"the mirror's {name!r} lock was taken by another process just now")
        return str(row.holder)


def release_lock(mirror: Mirror, name: str, *, holder: Holder) -> bool:
    """Releases the lock if ``holder`` holds it; returns whether it did."""
    with mirror.bound():
        gone = LockRow.delete().where((LockRow.name == name) & (LockRow.holder == str(holder)))
        return bool(gone.execute())
