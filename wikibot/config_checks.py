"""Every setting of ``nomicbot.toml`` checked when the file is read.

Each key has one check here, saying what is allowed; :func:`problem_with` runs it on
the value as written and returns what is wrong, and :mod:`wikibot.config` turns that
into one line naming the file, the section and the key:

    nomicbot.toml: [blog] min_interval must be a finite number of seconds from 0 to
    3600, got nan

So no command starts with a setting it would choke on later (a traceback, or a
blog address nobody wrote retried for half a minute). Values that may hold a secret
are shown masked (:mod:`wikibot.secrecy`), and the webhook never.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from datetime import date
from typing import Any
from urllib.parse import urlsplit

from wikibot.secrecy import MASK, redact

__all__ = [
    "MARKUPS",
    "MAX_INTERVAL",
    "TITLE_FORBIDDEN",
    "outside_own_space",
    "problem_with",
]

MARKUPS = ("auto", "classic", "wp2020")
"""``[blog] markup``: the values :mod:`wikibot.blog.markup` knows."""
MAX_INTERVAL = 3600.0
"""The most seconds ``min_interval`` and ``edit_interval`` may be: an hour between two
requests already makes a sync of a few pages take a day."""
TITLE_FORBIDDEN = "#<>[]{}|"
"""Characters MediaWiki never allows in a page title (as :mod:`wikibot.wiki.client`)."""
_TITLE_BYTES = 255
"""MediaWiki's longest page title, in UTF-8 bytes."""
_INTERVAL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*$")
_UNITS = {"": 1.0, "s": 1.0, "m": 60.0, "h": 3600.0}
_WATCH_MAX = 86400.0
"""The longest ``[watch] interval``: a day (a watcher that wakes less often is a cron job)."""
_POSTGRES = ("postgres", "postgresql")
_USER_SPACES = ("user", "user talk")

Check = Callable[[Any], str | None]
"""What is wrong with a value (a phrase to follow the key's name), or None."""


def _show(value: object) -> str:
    """A value as a message quotes it: one line, short, its URL logins masked."""
    text = redact(repr(value))
    return text if len(text) <= 80 else text[:77] + "..."


def _show_url(value: str) -> str:
    """A URL as a message quotes it: whatever stands before its last ``@`` masked, however
    malformed (``ann:pw@blog.test`` with no scheme, a password holding ``/``)."""
    scheme, sep, rest = value.partition("://")
    body = rest if sep else value
    _login, at, host = body.rpartition("@")
    if at:
        body = f"{MASK}@{host}"
    return _show(f"{scheme}{sep}{body}" if sep else body)


def _controls(text: str) -> bool:
    """Does ``text`` hold a control character (a line break in a header or a title)."""
    return any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text)


def _url(*, example: str, empty: bool = False, shown: bool = True) -> Check:
    def check(value: str) -> str | None:
        if empty and not value:
            return None
        wanted = f"must be an http:// or https:// URL with a host name (e.g. {example})"
        got = f", got {_show_url(value)}" if shown else ""
        if not value.strip():
            return f"{wanted}, not empty"
        if value != value.strip() or _controls(value) or any(ch.isspace() for ch in value):
            return f"{wanted}, without blanks or control characters{got}"
        try:
            parts = urlsplit(value)
            _ = parts.port
        except ValueError:
            # Not the parser's words: they may quote a piece of a password.
            return f"{wanted}{got} (its host or port is malformed)"
        if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
            return f"{wanted}{got}"
        return None

    return check


def _seconds(value: float) -> str | None:
    if not math.isfinite(value) or not 0 <= value <= MAX_INTERVAL:
        return (
            f"must be a finite number of seconds from 0 to {MAX_INTERVAL:.0f}, got {_show(value)}"
        )
    return None


def _text(what: str, *, empty: bool = True) -> Check:
    def check(value: str) -> str | None:
        if not empty and not value.strip():
            return f"must be {what}, not empty"
        if _controls(value):
            return (
                f"must be {what} with no control characters (line breaks, tabs), got {_show(value)}"
            )
        return None

    return check


def _choice(options: tuple[str, ...]) -> Check:
    def check(value: str) -> str | None:
        if value not in options:
            return f"must be one of {', '.join(repr(o) for o in options)}, got {_show(value)}"
        return None

    return check


def _title(*, empty: bool = False) -> Check:
    def check(value: str) -> str | None:
        if empty and not value:
            return None
        what = "a wiki page title"
        if not value.strip():
            return f"must be {what}, not empty"
        bad = sorted({ch for ch in value if ch in TITLE_FORBIDDEN})
        if bad or _controls(value):
            return (
                f"must be {what} (none of {TITLE_FORBIDDEN} and no control characters), "
                f"got {_show(value)}"
            )
        if len(value.strip().encode("utf-8")) > _TITLE_BYTES:
            return f"must be {what} of at most {_TITLE_BYTES} bytes, got {len(value)} characters"
        return None

    return check


def _titles(value: list[Any] | tuple[Any, ...]) -> str | None:
    """A list of page titles, each checked as one (``[wiki] gamestate_pages``)."""
    seen: set[str] = set()
    for item in value:
        if not isinstance(item, str):
            return f"must be a list of wiki page titles, got {_show(item)} in it"
        problem = _title()(item)
        if problem is not None:
            return f"{_show(item)}: {problem}"
        if item.strip() in seen:
            return f"names {_show(item)} twice"
        seen.add(item.strip())
    return None


def _start(value: str) -> str | None:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
        return f"must be a date written YYYY-MM-DD (e.g. 2016-05-01), got {_show(value)}"
    try:
        date.fromisoformat(value.strip())
    except ValueError:
        return f"must be a date that exists, written YYYY-MM-DD, got {_show(value)}"
    return None


def _bot_user(value: str) -> str | None:
    if not value:
        return None
    name, at, app = value.partition("@")
    if (
        not at
        or not name.strip()
        or not app.strip()
        or "@" in app
        or _controls(value)
        or any(ch in TITLE_FORBIDDEN + ":/" for ch in name)
        or any(ch.isspace() for ch in app)
    ):
        return (
            "must be a bot-password login, Name@appid (Special:BotPasswords on the wiki "
            f"makes one), got {_show(value)}"
        )
    return None


def _script_path(value: str) -> str | None:
    if (
        not value.startswith("/")
        or "//" in value
        or any(ch in value for ch in "?#")
        or any(ch.isspace() for ch in value)
        or _controls(value)
    ):
        return (
            f"must be the wiki's script path, starting with / (e.g. / or /w/), got {_show(value)}"
        )
    return None


def _file_name(what: str) -> Check:
    def check(value: str | None) -> str | None:
        if value is not None and (not value.strip() or "\x00" in value or _controls(value)):
            return f"must be the path of {what}, got {_show(value)}"
        return None

    return check


def _database(value: str) -> str | None:
    wanted = 'a SQLite file path (e.g. "mirror.sqlite") or a postgresql:// URL'
    text = value.strip()
    if not text:
        return f"must be {wanted}, not empty"
    if text == ":memory:" or text.startswith("file:") or "mode=memory" in text:
        return f"must be {wanted}: {_show(value)} would keep nothing after the command ends"
    if "\x00" in value or _controls(value):
        return f"must be {wanted} with no control characters, got {_show(value)}"
    if "://" not in text:
        if text.endswith(("/", "\\")):
            return f"must be {wanted}: {_show(value)} names a directory"
        return None
    try:
        parts = urlsplit(text)
        _ = parts.port
    except ValueError:
        return f"must be {wanted}, got a malformed URL (its host or port): {_show(value)}"
    if parts.scheme.lower() not in _POSTGRES:
        return f"must be {wanted}, got a {parts.scheme}:// URL: {_show(value)}"
    return None


def _watch_interval(value: str) -> str | None:
    found = _INTERVAL.match(value)
    seconds = float(found.group(1)) * _UNITS[found.group(2)] if found else math.nan
    if not 1 <= seconds <= _WATCH_MAX:
        return f"must be a duration from 1s to 24h (e.g. 30s, 10m or 1h), got {_show(value)}"
    return None


def _webhook(value: str | None) -> str | None:
    if value is None:
        return None
    # A secret: the message says what is wrong, never what was written.
    return _url(example="https://discord.com/api/webhooks/...", shown=False)(value.strip())


def _contact(value: str) -> str | None:
    text = value.strip()
    if "://" in text and "@" in text.split("://", 1)[1].split("/", 1)[0]:
        return (
            "must be a URL without a user name or password in it (it goes in the "
            f"User-Agent of every request), got {_show_url(value)}"
        )
    if _controls(value):
        return f"must be an http(s) URL or an e-mail address, got {_show(value)}"
    return None


def _user_agent(value: str) -> str | None:
    problem = _text("a User-Agent header")(value)
    if problem is None and value and not value.strip():
        return "must name the bot and its operator, not be blank"
    if problem is None and redact(value) != value:
        return (
            "must not hold a URL with a user name or password in it (it is sent with "
            f"every request), got {_show(value)}"
        )
    return problem


_CHECKS: Mapping[str, Mapping[str, Check]] = {
    "blog": {
        "url": _url(example="https://blognomic.com/"),
        "markup": _choice(MARKUPS),
        "user_agent": _user_agent,
        "min_interval": _seconds,
        "start": lambda v: None if v is None else _start(v),
    },
    "wiki": {
        "url": _url(example="https://wiki.example.org/", empty=True),
        "user": _bot_user,
        "password_file": _file_name("a 0600 file holding the bot password"),
        "nomicland_page": _title(),
        "gamestate_page": _title(),
        "ruleset_page": _title(),
        "votes_page": _title(),
        "audit_page": _title(),
        "gamestate_pages": _titles,
        "gamestate_key": _text("a column name"),
        "path": _script_path,
        "edit_interval": _seconds,
        "run_page": _title(empty=True),
    },
    "mirror": {"database": _database},
    "game": {"player": _text("a player name"), "contact": _contact},
    "terms": {"player": _text("a word", empty=False), "boss": _text("a word", empty=False)},
    "watch": {
        "interval": _watch_interval,
        "webhook": _webhook,
        "webhook_file": _file_name("a 0600 file holding the webhook URL"),
        "auto_resolve_as": _text("an Admin's player name"),
    },
}


def problem_with(section: str, key: str, value: Any) -> str | None:
    """What is wrong with ``[section] key = value`` (already of the right type), as a
    phrase to follow the key (``must be ..., got ...``); None if it is allowed."""
    check = _CHECKS.get(section, {}).get(key)
    return None if check is None else check(value)


def _normal(name: str) -> str:
    """A user name as the wiki compares it: blanks for underscores, first letter capital."""
    name = " ".join(name.replace("_", " ").split())
    return name[:1].upper() + name[1:]


def outside_own_space(title: str, bot_name: str) -> str | None:
    """Whose user space ``title`` is in, when it is a user page of someone other than the
    bot (``User:Someone/Votes``); None for any other page."""
    namespace, colon, rest = title.partition(":")
    if not colon or " ".join(namespace.replace("_", " ").lower().split()) not in _USER_SPACES:
        return None
    owner = _normal(rest.split("/", 1)[0])
    return None if bot_name and owner == _normal(bot_name) else owner
