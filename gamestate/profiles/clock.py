"""Calendars in named IANA zones, daylight saving included (pure: the zone rules
come from the standard library's ``zoneinfo``; no clock is read)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from gamestate.profiles.core import ProfileError

__all__ = ["at_local", "local_date", "local_midnight", "next_local", "zone"]


def zone(name: object, setting: str = "timezone") -> ZoneInfo:
    """The IANA zone ``name``; a one-line ProfileError for anything else."""
    if not isinstance(name, str) or not name.strip():
        shown = (
            repr(name)
            if len(repr(name)) <= 60
            else f"{repr(name)[:59]}… ({len(repr(name)):,} characters)"
        )
        raise ProfileError(f"settings.{setting}: expected an IANA zone name, got {shown}")
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        raise ProfileError(
            f"settings.{setting}: {name!r} is not an IANA time zone (e.g. America/Chicago)"
        ) from None


def local_date(moment: datetime, tz: ZoneInfo) -> date:
    """The calendar day ``moment`` falls on in ``tz``."""
    return moment.astimezone(tz).date()


def local_midnight(day: date, tz: ZoneInfo) -> datetime:
    """The instant (UTC) that begins ``day`` in ``tz``: 00:00 local, or the first
    instant of the day where a daylight-saving change skips midnight."""
    return at_local(day, time.min, tz)


def at_local(day: date, clock: time, tz: ZoneInfo) -> datetime:
    """The instant (UTC) of ``clock`` on ``day`` in ``tz``. A time skipped by a
    daylight-saving change is taken as the first instant after the gap; a time that
    happens twice, as the first of the two."""
    naive = datetime.combine(day, clock)
    first = naive.replace(tzinfo=tz, fold=0).astimezone(UTC)
    if first.astimezone(tz).replace(tzinfo=None) == naive:
        return first
    # Skipped by a change: the gap ends at the first instant whose wall time is later.
    before = naive.replace(tzinfo=tz, fold=1).astimezone(UTC)
    lo, hi = min(before, first), max(before, first)
    while hi - lo > timedelta(seconds=1):
        mid = lo + (hi - lo) / 2
        if mid.astimezone(tz).replace(tzinfo=None) > naive:
            hi = mid
        else:
            lo = mid
    return hi.replace(microsecond=0)


def next_local(after: datetime, tz: ZoneInfo, weekday: int | None, clock: time) -> datetime:
    """The first instant strictly after ``after`` that is ``clock`` local time on
    ``weekday`` (Monday 0; None: any day), as UTC."""
    day = local_date(after, tz) - timedelta(days=1)
    for _ in range(16):
        if weekday is None or day.weekday() == weekday:
            candidate = at_local(day, clock, tz)
            if candidate > after:
                return candidate
        day += timedelta(days=1)
    raise AssertionError("unreachable: a week always has the day")
