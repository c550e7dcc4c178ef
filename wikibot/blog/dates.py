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

Every time on the blog is UTC (appendix "Time"); a trailing ``UTC`` or ``GMT`` is
accepted, no other zone is. These are pure functions: junk input raises a
``ValueError`` that quotes it, nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum

__all__ = [
    "DateOrder",
    "DateOrderEvidence",
    "MONTH_ABBREVIATIONS",
    "find_blog_date",
    "format_named_date",
    "format_numeric_date",
    "infer_date_order",
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
_TIME = r"(?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2})(?::(?P<second>[0-9]{2}))?"
_NAMED = r"(?P<day>[0-9]{1,2})\s+(?P<month>[A-Za-z]{3,9})\.?,?\s+(?P<year>[0-9]{4}),?\s+" + _TIME
_NUMERIC = r"(?P<a>[0-9]{1,2})(?P<sep>[-/.])(?P<b>[0-9]{1,2})(?P=sep)(?P<year>[0-9]{4})\s+" + _TIME
_ZONE = r"(?:\s*(?:UTC|GMT))?"
_NAMED_RE = re.compile(rf"\s*{_NAMED}{_ZONE}\s*", re.IGNORECASE)
_NUMERIC_RE = re.compile(rf"\s*{_NUMERIC}{_ZONE}\s*", re.IGNORECASE)
# For finding a date inside a longer line, e.g. "Kevan: 23-05-2016 11:00:00 UTC".
_SEARCH_RE = re.compile(
    r"(?<![0-9A-Za-z])(?:[0-9]{1,2}\s+[A-Za-z]{3,9}\.?,?\s+[0-9]{4},?"
    r"|[0-9]{1,2}([-/.])[0-9]{1,2}\1[0-9]{4})"
    r"\s+[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?![0-9])" + _ZONE,
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


def _build(
    text: str, year: str, month: int, day: str, match: re.Match[str], *keys: str
) -> datetime:
    hour, minute, second = (match.group(k) for k in keys)
    try:
        return datetime(
            int(year), month, int(day), int(hour), int(minute), int(second or 0), tzinfo=UTC
        )
    except ValueError as exc:
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
