"""Keeping secrets secret: credentials written inside a URL, and files that hold one.

A URL may carry a login: ``https://user:pass@blog.example/`` for a blog or wiki behind
HTTP Basic authentication, ``postgresql://role:pass@host/db`` for a shared mirror.
nomicbot sends it to that server and nowhere else. Everything it shows masks it:

* :func:`redact_url` masks the login of one URL: ``https://***:***@blog.example/``
  (both halves: a Basic-auth user name is half of the secret), and
  ``postgresql://role:***@host/db`` (a database role is not: the message needs it);
* :func:`redact` does that to every URL in a line of text (log records, error
  messages), and :func:`without_secret` also masks the password where a library
  repeats it without its URL;
* :func:`split_credentials` takes the login out of a URL, so the bot keeps the bare
  URL (for links, logs, the mirror's sync log) and hands the login to the HTTP
  client on its own.

A file the bot writes that may hold a secret (a config, a password, a log) is
created by :func:`write_private`, readable by its owner only (mode 0600).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

__all__ = [
    "MASK",
    "open_private",
    "redact",
    "redact_url",
    "split_credentials",
    "without_secret",
    "write_private",
]

MASK = "***"
"""What stands for a secret in anything shown."""

_KEEP_USER = frozenset({"postgres", "postgresql"})
"""Schemes whose user name is shown: a database role says which login failed."""

_URL = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*)://(\S*)")
"""A URL-like token in free text: its scheme, then everything to the next blank."""


def _masked_login(scheme: str, login: str) -> str:
    """The login part of a URL (before its last ``@``) as shown."""
    user, colon, _password = login.partition(":")
    if scheme.lower() in _KEEP_USER:
        return f"{user}:{MASK}" if colon else user
    return f"{MASK}:{MASK}" if colon else MASK


def redact_url(url: str) -> str:
    """``url`` with the user name and password it carries masked; other URLs unchanged.

    Works on malformed URLs too: everything between ``://`` and the last ``@`` is taken
    as the login, so a password holding ``/``, ``#`` or ``@`` is never shown in part.
    """
    found = _URL.match(url)
    if found is None:
        return url
    login, at, _host = found.group(2).rpartition("@")
    if not at:
        return url
    start = found.start(2)
    return url[:start] + _masked_login(found.group(1), login) + url[start + len(login) :]


def redact(text: str) -> str:
    """``text`` with the login of every URL in it masked (see :func:`redact_url`)."""
    if "@" not in text:
        return text
    return _URL.sub(lambda m: redact_url(m.group(0)), text)


def without_secret(message: str, url: str) -> str:
    """``message`` with ``url`` and its password, as written or percent-decoded, masked:
    a driver may repeat the password without the URL around it."""
    message = redact(message.replace(url, redact_url(url)))
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    for secret in {password, unquote(password)} if password else ():
        message = message.replace(secret, MASK)
    return message


def split_credentials(url: str) -> tuple[str, tuple[str, str] | None]:
    """``url`` without its login, and the login as (user, password) percent-decoded,
    or None when it carries none. ``http://ann:pw@host/`` gives
    ``("http://host/", ("ann", "pw"))``. A URL too malformed to read comes back
    masked (:func:`redact_url`), never with a login in it."""
    try:
        parts = urlsplit(url)
        _ = parts.port  # a port that is not a number is a ValueError here
    except ValueError:
        return redact_url(url), None
    if "@" not in parts.netloc:
        return url, None
    netloc = parts.netloc.rpartition("@")[2]
    bare = urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
    return bare, (unquote(parts.username or ""), unquote(parts.password or ""))


def open_private(path: Path, mode: str = "w") -> int:
    """A file descriptor on ``path`` opened for writing, created (or made) mode 0600.

    ``mode`` ``"w"`` truncates, ``"a"`` appends; a file that already exists with a
    wider mode is narrowed first, before anything is written to it.
    """
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode == "a" else os.O_TRUNC)
    fd = os.open(path, flags, 0o600)
    try:
        os.fchmod(fd, 0o600)
    except BaseException:
        os.close(fd)
        raise
    return fd


def write_private(path: Path, text: str) -> None:
    """Writes ``text`` (UTF-8) to ``path``, readable and writable by its owner only."""
    with os.fdopen(open_private(path), "w", encoding="utf-8") as handle:
        handle.write(text)
