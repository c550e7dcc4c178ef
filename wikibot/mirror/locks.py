"""Named locks in the mirror (the ``locks`` table), so two processes cannot do one thing.

A lock's ``holder`` says who holds it: ``pid N on HOST``, or ``NAME on HOST pid N``
when a person (the resolving Admin, the acting player) runs the process, each
followed by what it does in brackets (``Kevan on host pid 7 (resolve --apply)``).
A lock left by a process that was killed must not block forever: a process on
the same host takes over a lock whose holder's process is gone. A lock held
from another host is never taken over (its process cannot be checked from
here); the message says who holds it, so a human can clear it.

The game lock (:func:`game_lock`, the row ``game``) is the one every command that
writes game state holds: ``resolve``, ``publish``, the economy and Demand
commands, ``roll``, ``wiki audit --apply`` and each ``watch`` cycle. It is taken
before the state the write is computed from is read, and released when the
write is recorded, so two Admins at once never compute from the same state: the
second waits (saying on stderr who holds the lock) up to a bound
(:data:`WAIT_ENV`, default :data:`DEFAULT_WAIT` seconds), then is refused in one
line, having read and written nothing. The lock lives in the mirror, so it holds
across processes and, on a shared PostgreSQL mirror, across machines.
"""

from __future__ import annotations

import os
import re
import socket
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from wikibot.errors import ConfigError, LockError
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import LockRow

__all__ = [
    "DEFAULT_WAIT",
    "GAME_LOCK",
    "PAUSE_AT_ENV",
    "WAIT_ENV",
    "Holder",
    "acquire_lock",
    "game_lock",
    "game_lock_at",
    "lock_holder",
    "lock_wait",
    "pause_point",
    "release_lock",
]

GAME_LOCK = "game"
"""The lock of every write of game state (one per mirror, so one per game)."""
WAIT_ENV = "NOMICBOT_LOCK_WAIT"
"""Seconds a command waits for the game lock before it is refused (0: refused at once)."""
DEFAULT_WAIT = 120.0
"""The wait when :data:`WAIT_ENV` is not set: longer than a resolution with its edits."""
POLL = 0.2
"""Seconds between two tries to take a lock another process holds."""
PAUSE_AT_ENV = "NOMICBOT_TEST_PAUSE_AT"
"""Tests only: ``NAME:DIR`` holds the process at pause point NAME (:func:`pause_point`)."""

_DOING = r"(?: \((?P<doing>[^()]*)\))?"
_HOLDER = re.compile(rf"^pid (?P<pid>\d+) on (?P<host>\S+){_DOING}$")
_NAMED = re.compile(rf"^(?P<who>.+?) on (?P<host>\S+) pid (?P<pid>\d+){_DOING}$")
_ATTEMPTS = 5
"""Tries to take a lock that is released while we look."""


@dataclass(frozen=True)
class Holder:
    """Who holds a lock: a process on a host (acting for someone, doing something)."""

    pid: int
    host: str
    who: str | None = None
    """The person the process acts for (e.g. the resolving Admin), if any."""
    doing: str | None = None
    """What the process does with the lock, e.g. ``build --apply``."""

    @classmethod
    def from_text(cls, text: str) -> Holder | None:
        """The holder a ``holder`` column names, or None if it is not in this form."""
        found = _HOLDER.match(text)
        if found is not None:
            return cls(int(found.group("pid")), found.group("host"), None, found.group("doing"))
        named = _NAMED.match(text)
        if named is None:
            return None
        return cls(
            int(named.group("pid")), named.group("host"), named.group("who"), named.group("doing")
        )

    @classmethod
    def this_process(cls, who: str | None = None, doing: str | None = None) -> Holder:
        """This process on this host (acting for ``who``, doing ``doing``)."""
        return cls(os.getpid(), socket.gethostname(), who, _bracket_free(doing))

    @property
    def process(self) -> str:
        """The process, without what it does: ``Kevan on HOST pid N`` or ``pid N on HOST``."""
        if self.who:
            return f"{self.who} on {self.host} pid {self.pid}"
        return f"pid {self.pid} on {self.host}"

    def __str__(self) -> str:
        return self.process + (f" ({self.doing})" if self.doing else "")

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

    def is_this_process(self) -> bool:
        """Is it this very process (which cannot wait for itself)?"""
        return self.pid == os.getpid() and self.host == socket.gethostname()


def _bracket_free(doing: str | None) -> str | None:
    """``doing`` as the holder column can carry it (no brackets, one line)."""
    if doing is None:
        return None
    return " ".join(doing.replace("(", " ").replace(")", " ").split()) or None


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


# The game lock.


def lock_wait() -> float:
    """The seconds a command waits for the game lock: ``$NOMICBOT_LOCK_WAIT`` or the default."""
    text = os.environ.get(WAIT_ENV, "").strip()
    if not text:
        return DEFAULT_WAIT
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < float("inf"):
        raise ConfigError(f"{WAIT_ENV}={text!r}: expected a number of seconds, 0 or more")
    return seconds


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _held_message(held: tuple[str, datetime] | None) -> tuple[str, str]:
    """(what the holder does, who it is and since when) for a message."""
    if held is None:
        return "run", "a process that has just released it"
    text, since = held
    holder = Holder.from_text(text)
    when = since.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    if holder is None:
        return "run", f"{text} since {when}"
    return holder.doing or "run", f"{holder.process} since {when}"


@contextmanager
def game_lock(
    mirror: Mirror,
    *,
    who: str | None,
    doing: str,
    now: datetime | None = None,
    wait: float | None = None,
    notify: Callable[[str], None] = _stderr,
    stop: Callable[[], bool] = lambda: False,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[Holder]:
    """Holds the game lock while the block reads the game state and writes what it computed.

    ``who`` is the person the process acts for and ``doing`` the command (``build
    --apply``); ``now`` is recorded as when it was taken (default: the clock). When
    another process holds it, ``notify`` is told once who (a line for stderr) and the
    lock is tried again every :data:`POLL` seconds for up to ``wait`` seconds
    (default :func:`lock_wait`), or until ``stop()`` says to give up; then a
    one-line LockError says who holds it. A lock this very process holds (another
    object's) is never waited for: the error comes at once.
    """
    me = Holder.this_process(who, doing)
    at = now or datetime.now(UTC)
    bound = lock_wait() if wait is None else wait
    deadline = clock() + bound
    told: str | None = None
    while True:
        try:
            took = acquire_lock(mirror, GAME_LOCK, holder=me, now=at)
        except LockError:
            held = lock_holder(mirror, GAME_LOCK)
            holder = Holder.from_text(held[0]) if held else None
            what, whom = _held_message(held)
            mine = holder is not None and holder.is_this_process()
            if mine or clock() >= deadline or stop():
                waited = f" after waiting {bound:g} s" if bound and not mine else ""
                raise LockError(
                    f"another {what} holds the lock: {whom}; refused{waited}, nothing was "
                    "read or written; try again when it has finished (if that process is "
                    "gone, delete its row from the mirror's locks table)"
                ) from None
            if held is not None and held[0] != told:
                told = held[0]
                notify(
                    f"Waiting for the lock (up to {bound:g} s, ${WAIT_ENV}): another {what} "
                    f"holds it: {whom}."
                )
            sleep(min(POLL, max(deadline - clock(), 0.0)))
            continue
        if took is not None:
            notify(f"Took over the lock left by {took} (no longer running).")
        break
    try:
        yield me
    finally:
        release_lock(mirror, GAME_LOCK, holder=me)


@contextmanager
def game_lock_at(
    database: str, *, who: str | None, doing: str, create: bool = True
) -> Iterator[Holder]:
    """:func:`game_lock` on the mirror at ``database`` (a path or URL, as configured),
    opened for as long as the lock is held."""
    with (
        Mirror.open(database, create=create) as mirror,
        game_lock(mirror, who=who, doing=doing) as me,
    ):
        yield me


def pause_point(name: str) -> None:
    """A point where a test may hold the process: with ``NOMICBOT_TEST_PAUSE_AT=NAME:DIR``
    the process, on reaching ``name``, creates ``DIR/reached`` and waits until ``DIR/go``
    exists (so a test can run another command at exactly this point, without timing)."""
    wanted = os.environ.get(PAUSE_AT_ENV, "")
    point, _, directory = wanted.partition(":")
    if not directory or point != name:
        return
    where = Path(directory)
    (where / "reached").touch()
    while not (where / "go").exists():
        time.sleep(0.01)
