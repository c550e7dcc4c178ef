"""Rule 9, Schedule of Events: BoredNomic's weekly cycle in the game's time zone.

"Monday through Wednesday will be Rule Proposition Period" and "Proposals must be
received by the Admin before midnight Wednesday": a proposal is on time up to
23:59:59 on Wednesday, local time, and late from Thursday 00:00:00. "Friday and
Saturday will be Voting Period" and "Votes must be received before midnight
Saturday": voting closes at Sunday 00:00:00 local time. The week runs from Monday
00:00:00 to the next Monday 00:00:00 local time, daylight saving included (the
seed names no zone; the ``timezone`` setting gives it). A local midnight that a
daylight-saving change skips is the first instant after the gap.

The scheduled events, in the seed's words, each due at the start of its day:
Monday "Rule Proposition Period begins"; Thursday "Rule Proposition Period ends"
then "Thursday update"; Friday "Voting Period begins"; Sunday "Voting Period
ends" then "Sunday update" (rule 9.4: actions before midnight Wednesday are
posted during the Thursday update, those before Saturday midnight during the
Sunday update).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from gamestate.profiles.clock import local_date, local_midnight

__all__ = [
    "PROPOSITION_BEGINS",
    "PROPOSITION_ENDS",
    "SUNDAY_UPDATE",
    "THURSDAY_UPDATE",
    "VOTING_BEGINS",
    "VOTING_ENDS",
    "Week",
    "due_between",
    "local_text",
    "next_due",
    "week_of",
]

PROPOSITION_BEGINS = "Rule Proposition Period begins"
PROPOSITION_ENDS = "Rule Proposition Period ends"
THURSDAY_UPDATE = "Thursday update"
VOTING_BEGINS = "Voting Period begins"
VOTING_ENDS = "Voting Period ends"
SUNDAY_UPDATE = "Sunday update"

_DAY = timedelta(days=1)


@dataclass(frozen=True)
class Week:
    """One turn of the weekly cycle, every instant in UTC."""

    starts_at: datetime
    """Monday 00:00:00 local: the Rule Proposition Period begins."""
    proposals_due: datetime
    """Thursday 00:00:00 local ("before midnight Wednesday"): a proposal at or after it is late."""
    voting_begins: datetime
    """Friday 00:00:00 local: the Voting Period begins."""
    closes_at: datetime
    """Sunday 00:00:00 local ("before midnight Saturday"): a vote at or after it is late."""
    ends_at: datetime
    """The next Monday 00:00:00 local: the next week begins."""

    def contains(self, moment: datetime) -> bool:
        return self.starts_at <= moment < self.ends_at

    def scheduled(self) -> list[tuple[datetime, str]]:
        """The week's scheduled events, in the order they apply."""
        return [
            (self.starts_at, PROPOSITION_BEGINS),
            (self.proposals_due, PROPOSITION_ENDS),
            (self.proposals_due, THURSDAY_UPDATE),
            (self.voting_begins, VOTING_BEGINS),
            (self.closes_at, VOTING_ENDS),
            (self.closes_at, SUNDAY_UPDATE),
        ]


def week_of(moment: datetime, tz: ZoneInfo) -> Week:
    """The week (Monday to Sunday, local time) that ``moment`` falls in."""
    day = local_date(moment, tz)
    monday = day - timedelta(days=day.weekday())
    return Week(
        starts_at=local_midnight(monday, tz),
        proposals_due=local_midnight(monday + 3 * _DAY, tz),
        voting_begins=local_midnight(monday + 4 * _DAY, tz),
        closes_at=local_midnight(monday + 6 * _DAY, tz),
        ends_at=local_midnight(monday + 7 * _DAY, tz),
    )


def due_between(since: datetime, now: datetime, tz: ZoneInfo) -> list[dict[str, Any]]:
    """The scheduled events due in (``since``, ``now``], in order."""
    out: list[dict[str, Any]] = []
    if now <= since:
        return out
    week = week_of(since, tz)
    while week.starts_at <= now:
        out.extend({"at": at, "event": name} for at, name in week.scheduled() if since < at <= now)
        week = week_of(week.ends_at, tz)
    return out


def next_due(now: datetime, tz: ZoneInfo) -> dict[str, Any]:
    """The first scheduled event strictly after ``now``."""
    week = week_of(now, tz)
    for _ in range(2):
        for at, name in week.scheduled():
            if at > now:
                return {"at": at, "event": name}
        week = week_of(week.ends_at, tz)
    raise AssertionError("unreachable: every week has scheduled events")


def local_text(moment: datetime, tz: ZoneInfo) -> str:
    """``Sun 2024-03-10 00:00:00 CST``: an instant as the players' clocks show it."""
    return moment.astimezone(tz).strftime("%a %Y-%m-%d %H:%M:%S %Z")
