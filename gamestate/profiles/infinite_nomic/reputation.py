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
from gamestate.profiles.infinite_nomic import clauses

__all__ = ["Membership", "Reputation", "is_player"]

SEVEN_DAYS = timedelta(days=7)
THREE_DAYS = timedelta(days=3)


def is_player(member: Member | None, moment: datetime) -> bool:
    """On the roster as a player (not an admin-only entry or a spectator) at ``moment``."""
    return member is not None and member.player and member.present_at(moment)


Span = tuple[datetime | None, datetime | None]
"""A stretch as a player: [joined, left), None for open ends."""


@dataclass(frozen=True)
class Membership:
    """Who is a player when: the roster's join and leave times, then the ``join`` and
    ``leave`` events (rule 2), each judged when made."""

    spans: Mapping[str, tuple[Span, ...]]
    judged: tuple[dict[str, object], ...] = ()
    """Each ``join``/``leave`` event: ``{at, player, allowed, reason}``."""

    @classmethod
    def from_archive(cls, archive: Archive) -> Membership:
        spans: dict[str, list[Span]] = {
            m.name: [(m.joined_at, m.left_at)] for m in archive.roster if m.player
        }
        judged: list[dict[str, object]] = []
        for e in archive.events:
            if e.type not in ("join", "leave"):
                continue
            who = str(e.get("player"))
            mine = spans.setdefault(who, [])
            now_in = [i for i, sp in enumerate(mine) if _inside(sp, e.at)]
            if e.type == "leave":
                ok = bool(now_in)
                if ok:
                    mine[now_in[0]] = (mine[now_in[0]][0], e.at)
                why = "ceases being a player" if ok else "was not a player then"
            else:
                recent = [sp for sp in mine if _overlaps(sp, e.at - SEVEN_DAYS, e.at)]
                ok = not recent
                if ok:
                    mine.append((e.at, None))
                    why = "becomes a player"
                else:
                    ends = [sp[1] for sp in recent if sp[1] is not None]
                    last = max(ends) if ends else None
                    since = f" (left {format_time(last)})" if last is not None else ""
                    why = f"was a player within the past seven days{since}"
            judged.append(
                {
                    "at": format_time(e.at),
                    "player": who,
                    "action": e.type,
                    "allowed": ok,
                    "reason": f"{e.type}: {who} {why}",
                    "clause": clauses.JOIN if e.type == "join" else clauses.LEAVE,
                }
            )
        return cls({n: tuple(sp) for n, sp in spans.items()}, tuple(judged))

    def is_player(self, name: str, moment: datetime) -> bool:
        # Called for every reaction: no generator, no helper call.
        for start, end in self.spans.get(name, ()):
            if (start is None or start <= moment) and (end is None or moment < end):
                return True
        return False

    def joined(self, name: str, moment: datetime) -> datetime | None:
        """When the stretch as a player that holds ``moment`` began (None: before the
        archive)."""
        return next((sp[0] for sp in self.spans.get(name, ()) if _inside(sp, moment)), None)


def _inside(span: Span, moment: datetime) -> bool:
    start, end = span
    return (start is None or start <= moment) and (end is None or moment < end)


def _overlaps(span: Span, low: datetime, high: datetime) -> bool:
    """A player at some instant in [low, high)."""
    start, end = span
    return (start is None or start < high) and (end is None or end > low)


@dataclass(frozen=True)
class Reputation:
    """Answers "is this player reputable at that instant?" for one archive."""

    members: Mapping[str, Member]
    cycle_began: datetime | None
    membership: Membership
    declarations: Sequence[Event] = ()
    """``declare_reputable`` events (``by``, ``player``), in time order."""

    @classmethod
    def from_archive(cls, archive: Archive, cycle_began: datetime | None) -> Reputation:
        return cls(
            members={m.name: m for m in archive.roster},
            cycle_began=cycle_began,
            membership=Membership.from_archive(archive),
            declarations=tuple(e for e in archive.events if e.type == "declare_reputable"),
        )

    def is_reputable(self, name: str, moment: datetime) -> bool:
        """Reputable at ``moment`` by rule 2: seven days a player, or a player since the
        round's first three days, or declared so by two reputable players."""
        return self._reputable(name, moment, frozenset())

    def why(self, name: str, moment: datetime) -> str:
        """In words, for a reason: since when ``name`` has been a player at ``moment``."""
        if not self.membership.is_player(name, moment):
            return f"{name} was not a player then"
        joined = self.membership.joined(name, moment)
        if joined is None:
            return f"{name} has been a player since before the archive began"
        return f"{name} has been a player since {format_time(joined)}"

    def _reputable(self, name: str, moment: datetime, asking: frozenset[str]) -> bool:
        if not self.membership.is_player(name, moment):
            return False
        joined = self.membership.joined(name, moment)
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
