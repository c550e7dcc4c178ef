"""Named locks in the mirror (the ``locks`` table), so two processes cannot do one thing.

A lock's ``holder`` says who holds it: ``pid N on HOST``, or ``NAME on HOST pid N``
when a person (the resolving Admin) runs the process. A lock left by a
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
_ATTEMPTS = 5
"""Tries to take a lock that is released while we look."""
_NAMED = re.compile(r"^(?P<who>.+) on (?P<host>\S+) pid (?P<pid>\d+)$")


@dataclass(frozen=True)
class Holder:
    """Who holds a lock: a process on a host."""

    pid: int
    host: str
    who: str | None = None
    """The person the process acts for (e.g. the resolving Admin), if any."""

    @classmethod
    def from_text(cls, text: str) -> Holder | None:
        """The holder a ``holder`` column names, or None if it is not in this form."""
        found = _HOLDER.match(text)
        if found is not None:
            return cls(int(found.group("pid")), found.group("host"))
        named = _NAMED.match(text)
        if named is None:
            return None
        return cls(int(named.group("pid")), named.group("host"), named.group("who"))

    @classmethod
    def this_process(cls, who: str | None = None) -> Holder:
        """This process on this host (acting for ``who``)."""
        return cls(os.getpid(), socket.gethostname(), who)

    def __str__(self) -> str:
        if self.who:
            return f"{self.who} on {self.host} pid {self.pid}"
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
    with mirror.bound():
        # A lock released between our insert and our read is simply taken again.
        for _attempt in range(_ATTEMPTS):
            with mirror.db.atomic():
                LockRow.insert(name=name, holder=me, acquired_at=now).on_conflict_ignore().execute()
                row = LockRow.get_or_none(LockRow.name == name)
                if row is None:
                    continue
                if row.holder == me:
                    return None  # just taken, or taken before by this very process
                old = Holder.from_text(row.holder)
                if old is None or not old.is_gone():
                    raise LockError(
                        f"the mirror's {name!r} lock is held by {row.holder} since "
                        f"{row.acquired_at.isoformat()}; if that process is gone, clear the "
                        "lock (delete its row from the locks table) and start again"
                    )
                taken = (
                    LockRow.update(holder=me, acquired_at=now)
                    .where((LockRow.name == name) & (LockRow.holder == row.holder))
                    .execute()
                )
                if taken != 1:
                    raise LockError(
                        f"the mirror's {name!r} lock was taken by another process just now"
                    )
                return str(row.holder)
    raise LockError(f"the mirror's {name!r} lock kept changing hands; try again")


def release_lock(mirror: Mirror, name: str, *, holder: Holder) -> bool:
    """Releases the lock if ``holder`` holds it; returns whether it did."""
    with mirror.bound():
        gone = LockRow.delete().where((LockRow.name == name) & (LockRow.holder == str(holder)))
        return bool(gone.execute())
