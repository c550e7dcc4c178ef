"""Time as the Ruleset defines it (appendix "Day", "Week", "Daily Action",
"Weekly Action"; rule "Seasonal Downtime"; appendix "Time": all times are UTC).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta

from rules_text.core import Downtime, ruleset_139_core

__all__ = [
    "can_take_daily_action",
    "can_take_weekly_action",
    "day_of",
    "format_duration",
    "in_seasonal_downtime",
    "next_downtime_boundary",
    "require_utc",
    "week_of",
]

HOUR = timedelta(hours=1)


class _Seed:
    """The default of a rule parameter: Ruleset 139's rule, read from its text."""


_SEED = _Seed()


def _seed_downtime() -> Downtime | None:
    return ruleset_139_core().rules.downtime


def require_utc(moment: datetime, what: str = "time") -> datetime:
    """Refuses naive datetimes: appendix "Time": time in BlogNomic is in UTC."""
    if moment.tzinfo is None:
        raise ValueError(f"{what} {moment.isoformat()} has no timezone; BlogNomic time is UTC")
    return moment.astimezone(UTC)


def day_of(moment: datetime) -> date:
    """Appendix "Day": the day beginning at and including 00:00:00 UTC."""
    return require_utc(moment).date()


def week_of(moment: datetime) -> date:
    """Appendix "Week": the Monday that begins the week containing ``moment``."""
    d = day_of(moment)
    return d - timedelta(days=d.weekday())


def can_take_daily_action(previous: Iterable[datetime], now: datetime) -> bool:
    """Appendix "Daily Action": "once each day, but not more than once every ten hours"."""
    now = require_utc(now)
    for t in previous:
        t = require_utc(t)
        if day_of(t) == day_of(now) or now - t < 10 * HOUR:
            return False
    return True


def can_take_weekly_action(previous: Iterable[datetime], now: datetime) -> bool:
    """Appendix "Weekly Action": "once each week, but not more than once every
    twenty-four hours"."""
    now = require_utc(now)
    for t in previous:
        t = require_utc(t)
        if week_of(t) == week_of(now) or now - t < 24 * HOUR:
            return False
    return True


def in_seasonal_downtime(moment: datetime, downtime: Downtime | None | _Seed = _SEED) -> bool:
    """Rule "Seasonal Downtime": in Ruleset 139 "every year on December 24th, and remains in
    hiatus until December 27th" — read as 24 Dec 00:00:00 UTC up to (not including)
    27 Dec 00:00:00 UTC. ``downtime`` is the rule as read from the Ruleset in force (None:
    repealed); by default, Ruleset 139's."""
    rule = _seed_downtime() if isinstance(downtime, _Seed) else downtime
    if rule is None:
        return False
    d = day_of(moment)
    return rule.covers(d.month, d.day)


def next_downtime_boundary(
    moment: datetime, downtime: Downtime | None | _Seed = _SEED
) -> datetime | None:
    """The next instant Seasonal Downtime starts or ends, after ``moment`` (None: there is
    no Seasonal Downtime)."""
    moment = require_utc(moment)
    rule = _seed_downtime() if isinstance(downtime, _Seed) else downtime
    if rule is None:
        return None
    candidates = []
    for year in (moment.year, moment.year + 1):
        for month, day in (rule.start, rule.end):
            try:
                candidates.append(datetime(year, month, day, tzinfo=UTC))
            except ValueError:  # 30 February: not a day
                continue
    return min((c for c in candidates if c > moment), default=None)


def format_duration(delta: timedelta) -> str:
    """``"2d 3h 4m"``, ``"12h"``, ``"11h 59m 59s"``: how long a matter has been open.

    Seconds are shown whenever they are not zero, so a boundary like 11:59:59
    is never rounded up to look like 12h.
    """
    total = int(delta.total_seconds())
    sign = "-" if total < 0 else ""
    total = abs(total)
    days, rest = divmod(total, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [
        f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m"), (seconds, "s")) if n
    ]
    return sign + (" ".join(parts) if parts else "0s")
