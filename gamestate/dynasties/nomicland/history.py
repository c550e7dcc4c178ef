"""The economy over time: the state as it stood at any instant, as far as the ledger knows.

Built from the ledger by the caller (the mirror is I/O): the economy of the pages
as the bot first read them (``start``, known from ``known_from`` on) and, for each
applied action in the order applied, its game time and the whole economy after it.

"The economy at an instant" is the state after the last action recorded at or
before that instant (or ``start`` when none is); before ``known_from`` it is not
known. Actions in the same second as a post are ambiguous (the ledger's times are
to the second, like the blog's): :meth:`EconomyHistory.around` gives both the state
just before that second and the state at its end, and a rule that forbids gives
the poster the benefit of the doubt.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gamestate.dynasties.nomicland.economy import Economy
from gamestate.profiles.blognomic_139.calendar import require_utc

__all__ = ["EconomyHistory"]


@dataclass(frozen=True)
class EconomyHistory:
    """The economy at each instant the ledger accounts for."""

    start: Economy | None
    """The economy of the pages as first read; None when the ledger holds none."""
    known_from: datetime | None
    """From when ``start`` is the economy (the first read); None: never known."""
    states: tuple[tuple[datetime, Economy], ...] = ()
    """(game time, economy after) for each applied action, in the order applied."""

    @property
    def is_empty(self) -> bool:
        """The ledger knows nothing of the economy."""
        return self.start is None and not self.states

    def is_known_at(self, moment: datetime) -> bool:
        """Does the ledger say what the economy was at ``moment``?"""
        first = self._first_known()
        return first is not None and first <= require_utc(moment, "moment")

    def _first_known(self) -> datetime | None:
        times = [t for t, _ in self.states]
        if self.start is not None and self.known_from is not None:
            times.append(self.known_from)
        return min(times) if times else None

    def at(self, moment: datetime, *, inclusive: bool = True) -> Economy | None:
        """The economy at ``moment``: after every action at or before it (before it only,
        without ``inclusive``); None when the ledger does not know it."""
        moment = require_utc(moment, "moment")
        found: Economy | None = None
        for at, state in self.states:
            if at < moment or (inclusive and at == moment):
                found = state
        if found is not None:
            return found
        if self.start is not None and self.known_from is not None and self.known_from <= moment:
            return self.start
        return None

    def around(self, moment: datetime) -> tuple[Economy, ...]:
        """The economy just before ``moment``'s second and at its end (one if they agree);
        empty when the ledger does not know it."""
        before, after = self.at(moment, inclusive=False), self.at(moment)
        if before is None or after is None:
            return tuple(s for s in (before, after) if s is not None)
        return (before,) if before == after else (before, after)

    def latest(self) -> Economy | None:
        """The economy after the last action (or the first read)."""
        return self.states[-1][1] if self.states else self.start
