"""One value of a ``nomic-archive/1`` file, read with a clear error or written:
times (ISO-8601 UTC, whole seconds: ``2016-05-23T10:17:00Z``, the form every archive
reader reads, :func:`gamestate.profiles.archive.is_archive_time`), texts, flags, the
fields a version does not know, and the short quotation of a bad value that every
error message uses.

Junk never ends in a traceback: an integer too long to convert (JSON numbers of more
than 4,300 digits) is a one-line error, and values quoted in errors are shortened, so a
huge or deeply nested value cannot break the message.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from gamestate.profiles.archive import is_archive_time, time_form_error
from wikibot.errors import ArchiveError

__all__ = [
    "MAX_YEAR",
    "MIN_YEAR",
    "extra_fields",
    "flag_field",
    "format_time",
    "is_text",
    "parse_int",
    "parse_time",
    "plain_time",
    "show",
    "text_field",
]

MIN_YEAR = 1990
MAX_YEAR = 9000
_MAX_DIGITS = 4300
"""Python's default limit for converting a decimal string to an int."""
_SHOWN = 60
"""How many characters of a bad value an error quotes."""


def show(value: object) -> str:
    """A short, always printable quotation of a bad value for an error message: never
    raises on huge integers or deep nesting."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 200:
            return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
        return repr(value)
    if isinstance(value, str):
        text = repr(value[: _SHOWN + 1])
        return text if len(value) <= _SHOWN else text[:-1] + "…" + text[-1]
    if isinstance(value, list):
        return f"a list of {len(value)} items"
    if isinstance(value, dict):
        return f"an object of {len(value)} fields"
    return f"a {type(value).__name__}"


def parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > _MAX_DIGITS:
        raise ArchiveError(f"an integer of {digits} digits is too long (at most {_MAX_DIGITS})")
    return int(text)


def plain_time(value: object) -> datetime | None:
    """The common case, fast: ``2016-05-23T10:17:00Z`` in range; None for anything else."""
    # The separators sit at every third character from the fifth (no space for the T,
    # no week date), and fromisoformat checks the digits between them.
    if type(value) is str and len(value) == 20 and value[4::3] == "--T::Z":
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return None
        if MIN_YEAR <= moment.year <= MAX_YEAR and moment.tzinfo is UTC:
            return moment
    return None


def parse_time(value: object, where: str, *, field: str | None = None) -> datetime:
    """Reads a time written as archives write it (``2016-05-23T10:17:00Z``, or with an
    offset for the ``Z``); errors name ``where`` (and the ``field``), the value, and
    the form expected."""
    plain = plain_time(value)
    if plain is not None:
        return plain
    problem = None
    if not isinstance(value, str):
        problem = f"expected an ISO-8601 time string, got {show(value)}"
    else:
        try:
            moment = datetime.fromisoformat(value.strip().replace("z", "Z"))
        except ValueError:
            problem = f"not an ISO-8601 time: {show(value)}"
        else:
            if moment.tzinfo is None:
                problem = f"time {show(value)} has no timezone (use Z for UTC)"
            # Nomic's clocks reach a week ahead and the calendar a year; keep far from
            # the ends of datetime's range so that arithmetic on these cannot overflow.
            elif not MIN_YEAR <= moment.year <= MAX_YEAR:
                problem = f"time {show(value)} is outside {MIN_YEAR} to {MAX_YEAR}"
            elif not is_archive_time(value):
                problem = time_form_error(show(value))
            else:
                return moment.astimezone(UTC)
    label = f"{where} field {field!r}" if field is not None else where
    raise ArchiveError(f"{label}: {problem}")


def format_time(moment: datetime) -> str:
    """Writes a time as archives write it, ``2016-05-23T10:17:00Z``: UTC, whole seconds
    (what the readers read back)."""
    text = moment.astimezone(UTC).replace(microsecond=0).isoformat()
    return text.removesuffix("+00:00") + "Z"


def text_field(raw: Mapping[str, Any], key: str, where: str, *, required: bool = True) -> str:
    value = raw.get(key)
    if value is None:
        if required:
            raise ArchiveError(f"{where}: missing required field {key!r}")
        return ""
    if not isinstance(value, str):
        raise ArchiveError(f"{where}: field {key!r} must be a string, got {show(value)}")
    if not is_text(value):
        raise ArchiveError(f"{where}: field {key!r} is not valid text (a lone surrogate?)")
    if required and not value.strip():
        raise ArchiveError(f"{where}: field {key!r} is empty")
    return value


def is_text(value: str) -> bool:
    """Encodable as UTF-8: no lone surrogate (which a JSON ``\\ud800`` escape can give)."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def flag_field(raw: Mapping[str, Any], key: str, where: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise ArchiveError(f"{where}: field {key!r} must be true or false, got {show(value)}")
    return value


def extra_fields(raw: Mapping[str, Any], known: set[str]) -> dict[str, Any]:
    if raw.keys() <= known:  # the common case, and a cheap test on big archives
        return {}
    return {k: v for k, v in raw.items() if k not in known}
