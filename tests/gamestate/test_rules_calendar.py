"""Appendix "Day", "Week", "Daily Action", "Weekly Action", "Time"; rule "Seasonal Downtime";
and the durations players read ("11h 59m 59s" is never shown as 12h)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from gamestate.profiles.blognomic_139.calendar import (
    can_take_daily_action,
    can_take_weekly_action,
    day_of,
    format_duration,
    in_seasonal_downtime,
    week_of,
)


def utc(
    year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0
) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)


# Appendix "Day": "a day beginning at and including 00:00:00 UTC, ending when the next day
# begins. It can never be 2 different days at the same instant."
DAYS = [
    pytest.param(
        utc(2016, 5, 2, 0, 0, 0),
        date(2016, 5, 2),
        id='Day: "beginning at and including 00:00:00 UTC" - 00:00:00 is the new day',
    ),
    pytest.param(
        utc(2016, 5, 2, 23, 59, 59),
        date(2016, 5, 2),
        id='Day: "ending when the next day begins" - 23:59:59 is still the same day',
    ),
    pytest.param(
        datetime(2016, 5, 2, 1, 0, tzinfo=timezone(timedelta(hours=2))),
        date(2016, 5, 1),
        id='Time: "For the purpose of all rules, time in Blognomic is in UTC" - 01:00+02:00 is'
        " the previous UTC day",
    ),
    pytest.param(
        datetime(2016, 5, 1, 20, 0, tzinfo=timezone(timedelta(hours=-5))),
        date(2016, 5, 2),
        id='Time: "time in Blognomic is in UTC" - 20:00-05:00 is the next UTC day',
    ),
]


@pytest.mark.parametrize(("moment", "day"), DAYS)
def test_day(moment: datetime, day: date) -> None:
    assert day_of(moment) == day


def test_naive_times_are_refused() -> None:
    """Appendix "Time": a time with no timezone cannot be placed in a UTC day."""
    with pytest.raises(ValueError, match="UTC"):
        day_of(datetime(2016, 5, 2, 12))


# Appendix "Week": "a period of time between the beginning of a Monday and the end of the
# following Sunday." 2 May 2016 is a Monday.
WEEKS = [
    pytest.param(
        utc(2016, 5, 2, 0, 0, 0), date(2016, 5, 2), id='Week: "the beginning of a Monday"'
    ),
    pytest.param(
        utc(2016, 5, 8, 23, 59, 59),
        date(2016, 5, 2),
        id='Week: "the end of the following Sunday" - Sunday 23:59:59',
    ),
    pytest.param(
        utc(2016, 5, 9, 0, 0, 0),
        date(2016, 5, 9),
        id="Week: the next Monday 00:00:00 is a new week",
    ),
    pytest.param(
        utc(2016, 5, 5, 12), date(2016, 5, 2), id="Week: a Thursday belongs to that Monday's week"
    ),
    pytest.param(utc(2017, 1, 1, 12), date(2016, 12, 26), id="Week: a week may span the New Year"),
]


@pytest.mark.parametrize(("moment", "monday"), WEEKS)
def test_week(moment: datetime, monday: date) -> None:
    assert week_of(moment) == monday
    assert week_of(moment).weekday() == 0


# Appendix "Daily Action": "each Imagineer able to perform it may take that action once each
# day, but not more than once every ten hours."
DAILY = [
    pytest.param([], utc(2016, 5, 2, 12), True, id='Daily Action: "once each day" - never taken'),
    pytest.param(
        [utc(2016, 5, 2, 0, 0, 0)],
        utc(2016, 5, 2, 23, 59, 59),
        False,
        id='Daily Action: "once each day" - already taken at 00:00:00 the same day',
    ),
    pytest.param(
        [utc(2016, 5, 2, 8)],
        utc(2016, 5, 3, 0, 0, 0),
        True,
        id='Daily Action: "once each day" - a new day at 00:00:00, 16 hours later',
    ),
    pytest.param(
        [utc(2016, 5, 2, 20)],
        utc(2016, 5, 3, 5, 59, 59),
        False,
        id='Daily Action: "not more than once every ten hours" - a new day but only 9:59:59',
    ),
    pytest.param(
        [utc(2016, 5, 2, 20)],
        utc(2016, 5, 3, 6, 0, 0),
        True,
        id='Daily Action: "not more than once every ten hours" - a new day and 10:00:00',
    ),
    pytest.param(
        [utc(2016, 5, 2, 23, 59, 59)],
        utc(2016, 5, 3, 0, 0, 0),
        False,
        id='Daily Action: "not more than once every ten hours" - 23:59:59 then 00:00:00',
    ),
    pytest.param(
        [utc(2016, 5, 1, 3), utc(2016, 5, 2, 3)],
        utc(2016, 5, 2, 20),
        False,
        id='Daily Action: "once each day" - any earlier action that day counts',
    ),
    pytest.param(
        [utc(2016, 4, 30, 3), utc(2016, 5, 1, 3)],
        utc(2016, 5, 2, 3),
        True,
        id='Daily Action: "once each day" - earlier days do not count',
    ),
]


@pytest.mark.parametrize(("previous", "now", "allowed"), DAILY)
def test_daily_action(previous: list[datetime], now: datetime, allowed: bool) -> None:
    assert can_take_daily_action(previous, now) is allowed


# Appendix "Weekly Action": "once each week, but not more than once every twenty-four hours."
WEEKLY = [
    pytest.param([], utc(2016, 5, 4), True, id='Weekly Action: "once each week" - never taken'),
    pytest.param(
        [utc(2016, 5, 2, 0, 0, 0)],
        utc(2016, 5, 8, 23, 59, 59),
        False,
        id='Weekly Action: "once each week" - Monday 00:00:00, then Sunday 23:59:59',
    ),
    pytest.param(
        [utc(2016, 5, 8, 23)],
        utc(2016, 5, 9, 0, 0, 0),
        False,
        id='Weekly Action: "not more than once every twenty-four hours" - Sunday 23:00 then'
        " Monday 00:00",
    ),
    pytest.param(
        [utc(2016, 5, 8, 23)],
        utc(2016, 5, 9, 22, 59, 59),
        False,
        id='Weekly Action: "once every twenty-four hours" - 23:59:59 later',
    ),
    pytest.param(
        [utc(2016, 5, 8, 23)],
        utc(2016, 5, 9, 23, 0, 0),
        True,
        id='Weekly Action: "once every twenty-four hours" - 24:00:00 later, a new week',
    ),
    pytest.param(
        [utc(2016, 5, 2, 12)],
        utc(2016, 5, 9, 0, 0, 0),
        True,
        id='Weekly Action: "once each week" - the next Monday',
    ),
]


@pytest.mark.parametrize(("previous", "now", "allowed"), WEEKLY)
def test_weekly_action(previous: list[datetime], now: datetime, allowed: bool) -> None:
    assert can_take_weekly_action(previous, now) is allowed


# Rule "Seasonal Downtime": 24 Dec 00:00:00 UTC up to, not including, 27 Dec 00:00:00 UTC.
DOWNTIME = [
    pytest.param(utc(2016, 12, 23, 23, 59, 59), False, id="Seasonal Downtime: 23 Dec 23:59:59"),
    pytest.param(utc(2016, 12, 24, 0, 0, 0), True, id="Seasonal Downtime: 24 Dec 00:00:00"),
    pytest.param(utc(2016, 12, 25, 12), True, id="Seasonal Downtime: 25 Dec"),
    pytest.param(utc(2016, 12, 26, 23, 59, 59), True, id="Seasonal Downtime: 26 Dec 23:59:59"),
    pytest.param(utc(2016, 12, 27, 0, 0, 0), False, id="Seasonal Downtime: 27 Dec 00:00:00"),
    pytest.param(utc(2016, 11, 25), False, id="Seasonal Downtime: not 25 November"),
    pytest.param(utc(2016, 1, 25), False, id="Seasonal Downtime: not 25 January"),
    pytest.param(utc(2030, 12, 25), True, id='Seasonal Downtime: "every year" - 2030'),
    pytest.param(
        datetime(2016, 12, 23, 20, tzinfo=timezone(timedelta(hours=-5))),
        True,
        id='Seasonal Downtime with Time: "in UTC" - 23 Dec 20:00-05:00 is 24 Dec 01:00 UTC',
    ),
    pytest.param(
        datetime(2016, 12, 27, 0, 30, tzinfo=timezone(timedelta(hours=1))),
        True,
        id='Seasonal Downtime with Time: "in UTC" - 27 Dec 00:30+01:00 is 26 Dec 23:30 UTC',
    ),
]


@pytest.mark.parametrize(("moment", "downtime"), DOWNTIME)
def test_seasonal_downtime(moment: datetime, downtime: bool) -> None:
    assert in_seasonal_downtime(moment) is downtime


DURATIONS = [
    pytest.param(timedelta(hours=12), "12h", id="12h"),
    pytest.param(timedelta(hours=11, minutes=59, seconds=59), "11h 59m 59s", id="11:59:59"),
    pytest.param(timedelta(hours=12, minutes=3), "12h 3m", id="12h 3m"),
    pytest.param(timedelta(days=2, hours=3, minutes=4), "2d 3h 4m", id="2d 3h 4m"),
    pytest.param(timedelta(hours=48, seconds=1), "2d 1s", id="48:00:01"),
    pytest.param(timedelta(0), "0s", id="zero"),
]


@pytest.mark.parametrize(("delta", "text"), DURATIONS)
def test_format_duration(delta: timedelta, text: str) -> None:
    assert format_duration(delta) == text
