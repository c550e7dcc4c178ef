"""Who is a player, and who is reputable (rule 2), from the roster's join and leave
times and the ``cycle_began`` setting.

Readings (README):

* "continuously been a player for the previous seven days": joined at least seven
  days before (exactly seven days is enough); a roster entry with no ``joined_at``
  has been a player since before the archive began.
* "the round" is the cycle (``cycle_began``), and "from a time that was within 3
  days of the round starting" means a player since some instant no more than three
  days either side of that start (joined up to and including three days after it).
* Two reputable players' ``declare_reputable`` events make a player reputable from
  the second declaration until they leave (a declaration made before the player
  joined counts for nothing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from gamestate.profiles.archive import format_time
from gamestate.profiles.core import Archive, Event, Member

__all__ = ["Reputation", "is_player"]

SEVEN_DAYS = timedelta(days=7)
THREE_DAYS = timedelta(days=3)


def is_player(member: Member | None, moment: datetime) -> bool:
    """On the roster as a player (not an admin-only entry or a spectator) at ``moment``."""
    return member is not None and member.player and member.present_at(moment)


@dataclass(frozen=True)
class Reputation:
    """Answers "is this player reputable at that instant?" for one archive."""

    members: Mapping[str, Member]
    cycle_began: datetime | None
    declarations: Sequence[Event] = ()
    """``declare_reputable`` events (``by``, ``player``), in time order."""

    @classmethod
    def from_archive(cls, archive: Archive, cycle_began: datetime | None) -> Reputation:
        return cls(
            members={m.name: m for m in archive.roster},
            cycle_began=cycle_began,
            declarations=tuple(e for e in archive.events if e.type == "declare_reputable"),
        )

    def is_reputable(self, name: str, moment: datetime) -> bool:
        """Reputable at ``moment`` by rule 2: seven days a player, or a player since the
        round's first three days, or declared so by two reputable players."""
        return self._reputable(name, moment, frozenset())

    def why(self, name: str, moment: datetime) -> str:
        """In words, for a reason: since when ``name`` has been a player at ``moment``."""
        member = self.members.get(name)
        if not is_player(member, moment):
            return f"{name} was not a player then"
        assert member is not None
        if member.joined_at is None:
            return f"{name} has been a player since before the archive began"
        return f"{name} has been a player since {format_time(member.joined_at)}"

    def _reputable(self, name: str, moment: datetime, asking: frozenset[str]) -> bool:
        member = self.members.get(name)
        if member is None or not is_player(member, moment):
            return False
        joined = member.joined_at
        # For the previous seven days.
        if joined is None or joined <= moment - SEVEN_DAYS:
            return True
        # From a time within 3 days of the round starting.
        start = self.cycle_began
        if start is not None and joined <= start + THREE_DAYS and moment >= start - THREE_DAYS:
            return True
        # Declared reputable by two reputable players (a cycle of declarations proves
        # nothing: a player asked about is not reputable for their own sake).
        asking = asking | {name}
        declared_by = {
            str(e.get("by"))
            for e in self.declarations
            if e.get("player") == name
            and joined <= e.at <= moment
            and e.get("by") != name
            and e.get("by") not in asking
            and self._reputable(str(e.get("by")), e.at, asking)
        }
        return len(declared_by) >= 2
