"""Blog dates: the three real formats, odd spacing, the appendix "Time" ambiguity rule."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wikibot.blog.dates import (
    DateOrder,
    find_blog_date,
    format_named_date,
    format_numeric_date,
    infer_date_order,
    parse_blog_date,
)

DMY, MDY = DateOrder.DAY_FIRST, DateOrder.MONTH_FIRST


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("23 May 2016 10:17:44", utc(2016, 5, 23, 10, 17, 44)),
        ("23 May 2016 10:17:44  UTC", utc(2016, 5, 23, 10, 17, 44)),
        ("03 Aug  2005 05:42:56", utc(2005, 8, 3, 5, 42, 56)),
        ("04 Aug 2005  04:16:57", utc(2005, 8, 4, 4, 16, 57)),
        ("\t3 august 2005 5:42:56 GMT\n", utc(2005, 8, 3, 5, 42, 56)),
        ("1 Sept. 2019 00:00", utc(2019, 9, 1)),
        ("25-07-2016 03:32:29 UTC", utc(2016, 7, 25, 3, 32, 29)),
        ("03-20-2017 09:37:19 UTC", utc(2017, 3, 20, 9, 37, 19)),
        ("25/07/2016 03:32:29", utc(2016, 7, 25, 3, 32, 29)),
        ("25.07.2016\u00a003:32:29\u00a0UTC", utc(2016, 7, 25, 3, 32, 29)),
    ],
    ids=[
        "post footer",
        "post footer with two spaces before UTC",
        "odd spacing inside the date",
        "odd spacing before the time",
        "full month name, lower case, GMT",
        "Sept., no seconds",
        "comment header, day first",
        "comment header, month first",
        "slashes",
        "dots and non-breaking spaces",
    ],
)
def test_the_formats_seen_on_the_blog(text: str, expected: datetime) -> None:
    assert parse_blog_date(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("13-03-2016 01:00:00 PM UTC", utc(2016, 3, 13, 13, 0, 0)),
        ("13-03-2016 01:00:00 AM UTC", utc(2016, 3, 13, 1, 0, 0)),
        ("13-03-2016 12:00:00 AM UTC", utc(2016, 3, 13, 0, 0, 0)),
        ("13-03-2016 12:30:00 PM UTC", utc(2016, 3, 13, 12, 30, 0)),
        ("14 Mar 2016 8:05 pm UTC", utc(2016, 3, 14, 20, 5, 0)),
        ("14 Mar 2016 8:05 p.m.", utc(2016, 3, 14, 20, 5, 0)),
        ("13-03-2016 10:00:00 +0200", utc(2016, 3, 13, 8, 0, 0)),
        ("13-03-2016 10:00:00 UTC-05:30", utc(2016, 3, 13, 15, 30, 0)),
        ("13-03-2016 01:00:00 AM +0200", utc(2016, 3, 12, 23, 0, 0)),
    ],
    ids=[
        "1 PM is 13",
        "1 AM is 1",
        "12 AM is 0",
        "12 PM is 12",
        "named date, lower-case pm, no seconds",
        "p.m. with dots",
        "numeric offset converted",
        "UTC with an offset",
        "offset crossing midnight",
    ],
)
def test_twelve_hour_clock_and_numeric_offsets(text: str, expected: datetime) -> None:
    assert parse_blog_date(text) == expected
    assert find_blog_date(f"Kevan: {text}") == text  # the whole of it, so nothing is dropped


def test_twelve_hour_clock_keeps_the_order_of_two_comments() -> None:
    morning = parse_blog_date("13-03-2016 11:00:00 AM UTC")
    afternoon = parse_blog_date("13-03-2016 01:00:00 PM UTC")
    assert morning < afternoon


@pytest.mark.parametrize("zone", ["BST", "CET", "CEST", "EST"])
def test_a_named_zone_is_found_and_refused_never_read_as_utc(zone: str) -> None:
    found = find_blog_date(f"Kevan: 13-03-2016 10:00:00 {zone}")
    assert found == f"13-03-2016 10:00:00 {zone}"
    with pytest.raises(ValueError, match=f"time zone '{zone}' is not UTC"):
        parse_blog_date(found)


@pytest.mark.parametrize(
    ("text", "order", "expected"),
    [
        ("04-10-2016 12:00:00", DMY, utc(2016, 10, 4, 12)),
        ("04-10-2016 12:00:00", MDY, utc(2016, 4, 10, 12)),
        ("12-12-2016 12:00:00", MDY, utc(2016, 12, 12, 12)),
        ("13-01-2016 00:00:00", MDY, utc(2016, 1, 13)),
        ("01-13-2016 00:00:00", DMY, utc(2016, 1, 13)),
    ],
    ids=[
        'appendix "Time": ambiguous dates are day/month/year',
        "ambiguous, the page proved month first",
        "both parts equal: either order gives the same date",
        "a first part over 12 can only be the day, whatever the page says",
        "a second part over 12 can only be the day, whatever the page says",
    ],
)
def test_ambiguity_rule(text: str, order: DateOrder, expected: datetime) -> None:
    assert parse_blog_date(text, order=order) == expected


@pytest.mark.parametrize(
    "text",
    [
        "29-02-2016 23:59:59 UTC",
        "31-12-2016 23:59:59",
        "01-01-2017 00:00:00",
        "31 Dec 1999 23:59:59",
    ],
)
def test_boundaries_that_are_dates(text: str) -> None:
    assert parse_blog_date(text).tzinfo is UTC


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("29-02-2017 10:00:00", "day is out of range"),
        ("31-04-2016 10:00:00", "day is out of range"),
        ("00-05-2016 10:00:00", "day is out of range"),
        ("13-13-2016 10:00:00", "neither part can be a month"),
        ("10-05-2016 24:00:00", "hour must be in 0..23"),
        ("10-05-2016 23:60:00", "minute must be in 0..59"),
        ("10-05-2016 23:59:60", "second must be in 0..59"),
        ("23 Mai 2016 10:17:44", "unknown month 'Mai'"),
        ("23 May 16 10:17:44", "not a blog date"),
        ("23 May 2016", "not a blog date"),
        ("23 May 2016 10:17:44 PST", "time zone 'PST' is not UTC"),
        ("13-03-2016 01:00:00 PM BST", "time zone 'BST' is not UTC"),
        ("13-03-2016 01:00:00 CET", "time zone 'CET' is not UTC"),
        ("13-03-2016 13:00:00 PM UTC", "hour 13 with AM/PM"),
        ("13-03-2016 00:30:00 AM UTC", "hour 0 with AM/PM"),
        ("13-03-2016 10:00:00 +1500", "out of range"),
        ("", "not a blog date"),
        ("yesterday", "not a blog date"),
        ("\u0662\u0663-05-2016 10:00:00", "not a blog date"),
    ],
)
def test_bad_dates_raise_a_clear_value_error(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why) as caught:
        parse_blog_date(text)
    assert repr(text.strip())[:20] in str(caught.value) or not text.strip()


@pytest.mark.parametrize(
    ("dates", "order", "day_proof", "month_proof"),
    [
        (["04-10-2016 10:00", "25-10-2016 10:00"], DMY, "25-10-2016", None),
        (["04-10-2016 10:00", "10-25-2016 10:00"], MDY, None, "10-25-2016"),
        (["04-10-2016 10:00", "05-10-2016 10:00"], DMY, None, None),
        (["25-10-2016 10:00", "10-25-2016 10:00"], DMY, "25-10-2016", "10-25-2016"),
        ([], DMY, None, None),
    ],
    ids=[
        "a day over 12 proves day first",
        "a second part over 12 proves month first",
        "no proof: the appendix default",
        "proof both ways: conflicting, the appendix default",
        "no dates",
    ],
)
def test_infer_date_order(
    dates: list[str], order: DateOrder, day_proof: str | None, month_proof: str | None
) -> None:
    headers = [f"Kevan: {d} UTC" for d in dates]
    evidence = infer_date_order(headers)
    assert (evidence.order, evidence.day_first_proof, evidence.month_first_proof) == (
        order,
        day_proof,
        month_proof,
    )
    assert evidence.is_conflicting == (day_proof is not None and month_proof is not None)


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("Kevan: 23-05-2016 11:00:00 UTC", "23-05-2016 11:00:00 UTC"),
        ("JonathanDark: Puzzler he/him 03-20-2017 09:37:19 UTC", "03-20-2017 09:37:19 UTC"),
        ("posted by Josh at 03 Aug  2005 05:42:56  UTC", "03 Aug  2005 05:42:56  UTC"),
        ("Adminned at 24 May 2016 04:16:57 UTC", "24 May 2016 04:16:57 UTC"),
        ("JonathanDark: Puzzler he/him", None),
        ("Room 123-45-6789 10:00", None),
    ],
)
def test_find_blog_date_in_a_line(line: str, found: str | None) -> None:
    assert find_blog_date(line) == found


moments = st.datetimes(
    min_value=datetime(1990, 1, 1),
    max_value=datetime(2099, 12, 31, 23, 59, 59),
    timezones=st.just(UTC),
).map(lambda m: m.replace(microsecond=0))


@given(moments)
def test_named_dates_round_trip(moment: datetime) -> None:
    text = format_named_date(moment)
    assert parse_blog_date(text) == moment
    assert parse_blog_date(text.replace(" ", "  ", 2) + "  UTC") == moment


@given(moments, st.sampled_from(list(DateOrder)))
def test_numeric_dates_round_trip_in_the_order_printed(moment: datetime, order: DateOrder) -> None:
    text = format_numeric_date(moment, order) + " UTC"
    assert parse_blog_date(text, order=order) == moment
    assert find_blog_date(f"Kevan: {text}") == text


@given(st.text())
def test_junk_raises_value_error_or_gives_a_utc_date(text: str) -> None:
    try:
        moment = parse_blog_date(text)
    except ValueError as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert moment.tzinfo is UTC


@given(
    st.text(alphabet=st.sampled_from("0123456789-/.: MayAugUTC\u00a0\t"), max_size=40),
    st.sampled_from(list(DateOrder)),
)
def test_date_like_junk_never_crashes(text: str, order: DateOrder) -> None:
    found = find_blog_date(text)
    for candidate in (text, found or ""):
        try:
            parse_blog_date(candidate, order=order)
        except ValueError:
            pass
    infer_date_order([text])
