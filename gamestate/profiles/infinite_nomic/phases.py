"""Infinite Nomic's calendar (rule 1): days, weeks and phases, all in UTC.

Weeks start on Monday 00:00 UTC. The seed lists Phase I as "Sunday, Monday, Tuesday
and Wednesday" and Phase II as "Thursday, Friday and Saturday", and also says "Each
week is divided into two phases" -- but the Sunday it puts first in Phase I is the
last day of a Monday-based week. Reading (README): the listed days win. Phase I runs
from Sunday 00:00 to Thursday 00:00 UTC (four days), Phase II from Thursday 00:00 to
Sunday 00:00 UTC (three days), so a Phase I straddles the Monday week boundary and
phases are not nested in weeks. Every phase starts on a Sunday or a Thursday at
00:00 UTC, and no phase boundary is ever a week boundary.

The Phase Number counts phase starts since the phase the cycle began in (phase 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

__all__ = [
    "Phase",
    "Week",
    "boundaries",
    "midnight",
    "next_boundary",
    "phase_number",
    "phase_of",
    "week_of",
]

_DAY = timedelta(days=1)
_PHASE_I_DAYS = 4
"""Sunday, Monday, Tuesday and Wednesday."""
_REFERENCE_SUNDAY = datetime(2000, 1, 2, tzinfo=UTC)
"""Any Sunday: phases are counted from it (2000-01-02 was a Sunday)."""


def midnight(moment: datetime) -> datetime:
    """00:00 UTC of the day ``moment`` falls on ("Days start at 00:00 UTC")."""
    return moment.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)


@dataclass(frozen=True)
class Week:
    """A week: Monday 00:00 UTC to the next Monday 00:00 UTC (half-open)."""

    starts_at: datetime
    ends_at: datetime

    def contains(self, moment: datetime) -> bool:
        return self.starts_at <= moment < self.ends_at


@dataclass(frozen=True)
class Phase:
    """A phase: Phase I (Sunday 00:00 to Thursday 00:00 UTC) or Phase II (Thursday
    00:00 to Sunday 00:00 UTC), half-open."""

    name: str
    """``Phase I`` or ``Phase II``."""
    starts_at: datetime
    ends_at: datetime
    index: int
    """Phases since the reference Sunday: consecutive phases differ by one."""

    def contains(self, moment: datetime) -> bool:
        return self.starts_at <= moment < self.ends_at

    def next(self) -> Phase:
        return phase_of(self.ends_at)


def week_of(moment: datetime) -> Week:
    """The week ``moment`` falls in."""
    day = midnight(moment)
    monday = day - day.weekday() * _DAY
    return Week(monday, monday + 7 * _DAY)


def phase_of(moment: datetime) -> Phase:
    """The phase ``moment`` falls in (a phase's first instant belongs to it)."""
    day = midnight(moment)
    sunday = day - ((day.weekday() + 1) % 7) * _DAY
    weeks = (sunday - _REFERENCE_SUNDAY).days // 7
    thursday = sunday + _PHASE_I_DAYS * _DAY
    if moment < thursday:
        return Phase("Phase I", sunday, thursday, 2 * weeks)
    return Phase("Phase II", thursday, sunday + 7 * _DAY, 2 * weeks + 1)


def phase_number(moment: datetime, cycle_began: datetime | None) -> int | None:
    """The Phase Number at ``moment``: 0 in the phase the cycle began in; None before
    the cycle began or when its start is not known."""
    if cycle_began is None or moment < cycle_began:
        return None
    return phase_of(moment).index - phase_of(cycle_began).index


def boundaries(
    after: datetime, until: datetime, cycle_began: datetime | None
) -> list[tuple[datetime, str]]:
    """Every phase start and week start in (``after``, ``until``], in time order,
    each with what falls due then, in words."""
    found: list[tuple[datetime, str]] = []
    phase = phase_of(after).next()
    while phase.starts_at <= until:
        number = phase_number(phase.starts_at, cycle_began)
        shown = f" (Phase Number {number})" if number is not None else ""
        found.append((phase.starts_at, f"{phase.name} begins{shown}"))
        phase = phase.next()
    week = week_of(after)
    start = week.ends_at
    while start <= until:
        found.append((start, "week begins"))
        start += 7 * _DAY
    return sorted(found, key=lambda item: item[0])


def next_boundary(after: datetime, cycle_began: datetime | None) -> tuple[datetime, str]:
    """The first phase start or week start strictly after ``after``."""
    phase = phase_of(after).next()
    week_start = week_of(after).ends_at
    if week_start < phase.starts_at:
        return week_start, "week begins"
    number = phase_number(phase.starts_at, cycle_began)
    shown = f" (Phase Number {number})" if number is not None else ""
    return phase.starts_at, f"{phase.name} begins{shown}"
