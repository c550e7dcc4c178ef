"""Reading and writing the dates BlogNomic prints on its pages.

Three formats have been seen on the real blog:

* ``23 May 2016 10:17:44``: post footers and "Adminned at" lines, sometimes with
  odd spacing (``03 Aug  2005 05:42:56``, ``04 Aug 2005  04:16:57``);
* ``25-07-2016 03:32:29 UTC``: comment headers, day first;
* ``03-20-2017 09:37:19 UTC``: comment headers, month first.

A numeric date whose order is ambiguous (both leading parts 12 or less, e.g.
``04-10-2016``) is read day/month/year, as the Ruleset's appendix "Time" says
("it shall be assumed that the date is in a day/month/year format"), unless the
other dates on the same page prove the order: a ``20-03-2017`` elsewhere proves
day first, a ``03-20-2017`` proves month first (:func:`infer_date_order`).

A 12-hour clock is read too (``13-03-2016 01:00:00 PM UTC`` is 13:00,
``12:30 AM`` is 00:30, ``12:30 PM`` is 12:30; an hour over 12 with AM/PM is an
error).

Every time on the blog is UTC (appendix "Time"); a trailing ``UTC``, ``GMT`` or
``Z`` is accepted, and so is a numeric offset (``+0200``, ``UTC+02:00``), which
is exact and converted to UTC (``10:00 +0200`` is 08:00 UTC). A named zone other
than UTC or GMT (``BST``, ``CET``, ``PST``) is not read as UTC: such a date is an
error, as the abbreviations are ambiguous (``BST``, ``IST``) and the blog never
prints them. These are pure functions: junk input raises a ``ValueError`` that
quotes it, nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

__all__ = [
    "DateOrder",
    "DateOrderEvidence",
    "MONTH_ABBREVIATIONS",
    "find_blog_date",
    "format_named_date",
    "format_numeric_date",
    "infer_date_order",
    "order_proven_by_sequence",
    "parse_blog_date",
]

MONTH_ABBREVIATIONS = (
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
)
_MONTH_NAMES = (
    "january february march april may june july august september october november december"
).split()
_MONTHS: dict[str, int] = {
    **{name: i + 1 for i, name in enumerate(_MONTH_NAMES)},
    **{abbr.lower(): i + 1 for i, abbr in enumerate(MONTH_ABBREVIATIONS)},
    "sept": 9,
}

# [0-9] rather than \d: \d also matches other scripts' digits, which no blog prints.
# AM/PM, with or without dots ("8:05 pm", "01:00:00 P.M.").
_MERIDIEM = r"(?:\s*(?P<meridiem>[AaPp])\.?[Mm]\.?(?![A-Za-z]))?"
_TIME = r"(?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2})(?::(?P<second>[0-9]{2}))?" + _MERIDIEM
_NAMED = r"(?P<day>[0-9]{1,2})\s+(?P<month>[A-Za-z]{3,9})\.?,?\s+(?P<year>[0-9]{4}),?\s+" + _TIME
_NUMERIC = r"(?P<a>[0-9]{1,2})(?P<sep>[-/.])(?P<b>[0-9]{1,2})(?P=sep)(?P<year>[0-9]{4})\s+" + _TIME
# UTC, GMT or Z, a numeric offset (+0200, +02:00, UTC+2), or a named zone written in
# capitals (BST, CET, CEST): the last is captured only to be refused, never read as UTC.
_OFFSET = r"[+-\u2212][0-9]{1,2}(?::?[0-9]{2})?"
_ZONE = (
    r"(?:\s*(?P<zone>(?:UTC|GMT)(?:\s*" + _OFFSET + r")?|" + _OFFSET + r"|Z"
    r"|(?-i:[A-Z]{2,5}))(?![0-9A-Za-z]))?"
)
_NAMED_RE = re.compile(rf"\s*{_NAMED}{_ZONE}\s*", re.IGNORECASE)
_NUMERIC_RE = re.compile(rf"\s*{_NUMERIC}{_ZONE}\s*", re.IGNORECASE)
# For finding a date inside a longer line, e.g. "Kevan: 23-05-2016 11:00:00 UTC".
_SEARCH_RE = re.compile(
    r"(?<![0-9A-Za-z])(?:[0-9]{1,2}\s+[A-Za-z]{3,9}\.?,?\s+[0-9]{4},?"
    r"|[0-9]{1,2}([-/.])[0-9]{1,2}\1[0-9]{4})"
    r"\s+[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?![0-9])" + _MERIDIEM + _ZONE,
    re.IGNORECASE,
)
_NUMERIC_PARTS_RE = re.compile(r"(?<![0-9])([0-9]{1,2})([-/.])([0-9]{1,2})\2[0-9]{4}(?![0-9])")


class DateOrder(StrEnum):
    """Which part of a numeric date comes first."""

    DAY_FIRST = "dmy"
    """Appendix "Time": the day/month/year format assumed when ambiguous."""
    MONTH_FIRST = "mdy"
    """Month/day/year, as some 2017 comment headers were printed."""


@dataclass(frozen=True)
class DateOrderEvidence:
    """What the numeric dates on one page prove about their order."""

    order: DateOrder
    """The order to read this page's ambiguous dates in."""
    day_first_proof: str | None
    """A date on the page that can only be day first (e.g. ``25-07-2016``), if any."""
    month_first_proof: str | None
    """A date on the page that can only be month first (e.g. ``03-20-2017``), if any."""

    @property
    def is_conflicting(self) -> bool:
        """The page mixes both orders, so its ambiguous dates fall back to day first."""
        return self.day_first_proof is not None and self.month_first_proof is not None


def _hour(text: str, hour: int, meridiem: str | None) -> int:
    """The hour on a 24-hour clock: 12 AM is 0, 12 PM is 12, 1 PM is 13."""
    if meridiem is None:
        return hour
    if not 1 <= hour <= 12:
        raise ValueError(f"not a valid date: {text.strip()!r} (hour {hour} with AM/PM)")
    return hour % 12 + (12 if meridiem.lower() == "p" else 0)


def _offset(text: str, zone: str | None) -> timedelta:
    """How far the printed time is ahead of UTC; a named zone other than UTC/GMT raises."""
    if zone is None:
        return timedelta(0)
    word = zone.upper()
    if word in ("UTC", "GMT", "Z"):
        return timedelta(0)
    digits = re.sub(r"^(?:UTC|GMT)\s*", "", word).replace("\u2212", "-")
    m = re.fullmatch(r"([+-])([0-9]{1,2})(?::?([0-9]{2}))?", digits)
    if m is None:
        raise ValueError(
            f"not a blog date: {text.strip()!r} (time zone {zone!r} is not UTC; "
            "only UTC, GMT or a numeric offset such as +0200 is read)"
        )
    hours, minutes = int(m.group(2)), int(m.group(3) or 0)
    if hours > 14 or minutes > 59:
        raise ValueError(f"not a valid date: {text.strip()!r} (offset {zone!r} out of range)")
    ahead = timedelta(hours=hours, minutes=minutes)
    return -ahead if m.group(1) == "-" else ahead


def _build(
    text: str, year: str, month: int, day: str, match: re.Match[str], *keys: str
) -> datetime:
    hour, minute, second = (match.group(k) for k in keys)
    offset = _offset(text, match.group("zone"))
    clock = _hour(text, int(hour), match.group("meridiem"))
    try:
        local = datetime(
            int(year), month, int(day), clock, int(minute), int(second or 0), tzinfo=UTC
        )
        return local - offset
    except (ValueError, OverflowError) as exc:
        raise ValueError(f"not a valid date: {text.strip()!r} ({exc})") from None


def _month_number(text: str, word: str) -> int:
    month = _MONTHS.get(word.lower())
    if month is None:
        raise ValueError(f"not a valid date: {text.strip()!r} (unknown month {word!r})")
    return month


def _numeric_order(text: str, a: int, b: int, order: DateOrder) -> DateOrder:
    if a > 12 and b > 12:
        raise ValueError(f"not a valid date: {text.strip()!r} (neither part can be a month)")
    if a > 12:
        return DateOrder.DAY_FIRST
    if b > 12:
        return DateOrder.MONTH_FIRST
    return order


def parse_blog_date(text: str, *, order: DateOrder = DateOrder.DAY_FIRST) -> datetime:
    """Reads one date as the blog prints it, as a UTC datetime.

    ``order`` only decides numeric dates that could be read either way; a date
    like ``25-07-2016`` is read the only way it can be, whatever ``order`` says.

    >>> parse_blog_date("03 Aug  2005 05:42:56")
    datetime.datetime(2005, 8, 3, 5, 42, 56, tzinfo=datetime.timezone.utc)
    """
    if not isinstance(text, str):
        raise ValueError(f"not a date: {text!r}")
    named = _NAMED_RE.fullmatch(text)
    if named:
        month = _month_number(text, named["month"])
        return _build(text, named["year"], month, named["day"], named, "hour", "minute", "second")
    numeric = _NUMERIC_RE.fullmatch(text)
    if numeric:
        a, b = int(numeric["a"]), int(numeric["b"])
        if _numeric_order(text, a, b, order) is DateOrder.DAY_FIRST:
            day, month = numeric["a"], b
        else:
            day, month = numeric["b"], a
        return _build(text, numeric["year"], month, day, numeric, "hour", "minute", "second")
    shown = text.strip()
    if len(shown) > 60:
        shown = shown[:57] + "..."
    raise ValueError(
        f"not a blog date: {shown!r} (expected e.g. '23 May 2016 10:17:44' "
        "or '25-07-2016 03:32:29 UTC')"
    )


def find_blog_date(text: str) -> str | None:
    """The first thing in ``text`` that looks like a blog date, or None.

    The result is not checked (``31-02-2016 10:00`` is found); pass it to
    :func:`parse_blog_date` to read it.
    """
    match = _SEARCH_RE.search(text)
    return match.group(0).strip() if match else None


def infer_date_order(texts: Iterable[str]) -> DateOrderEvidence:
    """What one page's numeric dates prove about the order of the ambiguous ones.

    Comment headers on one page are printed by one template, so a single
    ``20-03-2017`` proves the whole page is day first; a single ``03-20-2017``
    proves month first. With no proof, or proof both ways, the appendix "Time"
    default (day first) applies.
    """
    day_first: str | None = None
    month_first: str | None = None
    for text in texts:
        for match in _NUMERIC_PARTS_RE.finditer(text):
            a, b = int(match.group(1)), int(match.group(3))
            if a > 12 and b <= 12 and day_first is None:
                day_first = match.group(0)
            elif b > 12 and a <= 12 and month_first is None:
                month_first = match.group(0)
    order = DateOrder.DAY_FIRST
    if month_first is not None and day_first is None:
        order = DateOrder.MONTH_FIRST
    return DateOrderEvidence(order=order, day_first_proof=day_first, month_first_proof=month_first)


def format_named_date(moment: datetime) -> str:
    """``23 May 2016 10:17:44``, as post footers print it (UTC, English month)."""
    m = moment.astimezone(UTC)
    return f"{m.day:02d} {MONTH_ABBREVIATIONS[m.month - 1]} {m.year:04d} {m:%H:%M:%S}"


def format_numeric_date(moment: datetime, order: DateOrder = DateOrder.DAY_FIRST) -> str:
    """``25-07-2016 03:32:29`` (day first) or ``07-25-2016 03:32:29`` (month first)."""
    m = moment.astimezone(UTC)
    first, second = (m.day, m.month) if order is DateOrder.DAY_FIRST else (m.month, m.day)
    return f"{first:02d}-{second:02d}-{m.year:04d} {m:%H:%M:%S}"


def order_proven_by_sequence(headers: list[datetime | str], posted_at: datetime) -> DateOrder:
    """The order the comments' place on the page proves for their ambiguous dates.

    Comments on one post are in time order, after the post: if reading the
    ambiguous dates day first puts a comment before its post or before the
    comment above it, and reading them month first does not, the page proves
    month first (and the other way round). Otherwise the appendix's day first.
    """

    def descents(order: DateOrder) -> int:
        count, last = 0, posted_at
        for when in headers:
            moment: datetime | None = when if isinstance(when, datetime) else None
            if isinstance(when, str) and (found := find_blog_date(when)) is not None:
                try:
                    moment = parse_blog_date(found, order=order)
                except ValueError:
                    moment = None
            if moment is not None:
                count += moment < last
                last = moment
        return count

    if descents(DateOrder.DAY_FIRST) and not descents(DateOrder.MONTH_FIRST):
        return DateOrder.MONTH_FIRST
    return DateOrder.DAY_FIRST
