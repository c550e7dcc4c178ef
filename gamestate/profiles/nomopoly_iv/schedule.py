"""When Nomopoly IV's scheduled events fall due: the clocks of the seed's rules.

- "Every day at noon and midnight Central time" (Jumps; Scientists' income at noon,
  counter-research at midnight): 12:00:00 and 00:00:00 in the ``timezone`` setting
  (America/Chicago), daylight saving as the zone has it, so the instants are 11 or 13
  hours apart on the days the clocks change.
- "Every Sunday at noon GMT" (the Experience Fairy) and "Every Saturday at midnight GMT"
  (the Shop of Terror), in UTC. Which midnight is "Saturday at midnight" is the
  ``saturday_midnight`` setting: ``"00:00 Saturday"`` (the night Friday turns into
  Saturday, the site's day-of-week and hour both reading Saturday 0) or ``"00:00 Sunday"``
  (the end of Saturday).
- "Every hour on the hour": HH:00:00 UTC (every zone the game names is a whole hour off).

Every function returns the first instant *strictly after* ``after``: an event due at
the instant the books stand at has already been applied.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from gamestate.profiles.clock import next_local

__all__ = [
    "GMT",
    "MIDNIGHT",
    "NOON",
    "SATURDAY_READINGS",
    "next_central",
    "next_hour",
    "next_shop_move",
    "next_sunday_noon",
]

GMT = ZoneInfo("UTC")
NOON = time.fromisoformat("12:00:00")
MIDNIGHT = time.fromisoformat("00:00:00")
SATURDAY_READINGS = ("00:00 Saturday", "00:00 Sunday")
"""The two readings of "Saturday at midnight"."""

_SATURDAY, _SUNDAY = 5, 6


def next_central(after: datetime, tz: ZoneInfo) -> tuple[datetime, bool]:
    """The next noon or midnight in ``tz`` after ``after``, and whether it is noon."""
    noon = next_local(after, tz, None, NOON)
    midnight = next_local(after, tz, None, MIDNIGHT)
    return (noon, True) if noon < midnight else (midnight, False)


def next_sunday_noon(after: datetime) -> datetime:
    """The Experience Fairy's next appearance: Sunday 12:00:00 GMT."""
    return next_local(after, GMT, _SUNDAY, NOON).astimezone(UTC)


def next_shop_move(after: datetime, reading: str) -> datetime:
    """The Shop of Terror's next move: Saturday midnight GMT as ``reading`` takes it."""
    weekday = _SATURDAY if reading == SATURDAY_READINGS[0] else _SUNDAY
    return next_local(after, GMT, weekday, MIDNIGHT).astimezone(UTC)


def next_hour(after: datetime) -> datetime:
    """The next hour on the hour."""
    return after.astimezone(UTC).replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
