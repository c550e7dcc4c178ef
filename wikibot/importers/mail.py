"""One e-mail as the importers read it: sender, Date, Subject, the plain-text body.

An mbox file is read with the standard library's :mod:`mailbox`; each message is
parsed with :mod:`email` (``email.policy.default``) into a :class:`Mail`. Reading
never fails on one bad message: a header that cannot be read counts as missing,
and the import reports the message. :func:`parse_date` and :func:`readable_lines`
are pure and take text.
"""

from __future__ import annotations

import email.utils
import mailbox
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser
from pathlib import Path

from wikibot.importers.errors import ImporterError

__all__ = [
    "Mail",
    "Unplaceable",
    "mail_from_bytes",
    "parse_date",
    "read_mbox",
    "readable_lines",
]

_HEADER_ERRORS = (ValueError, TypeError, IndexError, AttributeError, LookupError)
"""What ``email`` may raise on a malformed header (the message is then reported)."""
_UTC_UNKNOWN_ZONE = re.compile(r"-0000\s*(?:\([^)]*\))?\s*$")
"""RFC 5322 3.3: ``-0000`` is Universal Time from a sender whose own zone is unknown."""
_SIGNATURE = "-- "


class Unplaceable(ValueError):
    """Why (part of) a message cannot be placed: one reason, for the report."""


@dataclass(frozen=True)
class Mail:
    """One message of the mailbox, as read (nothing decided yet)."""

    position: int
    """Its place in the mailbox, from 1."""
    message_id: str | None
    """The ``Message-ID`` header, or None."""
    sender: str
    """The ``From:`` address, lower-cased; "" when there is none."""
    date: str | None
    """The ``Date:`` header as written, or None."""
    subject: str
    """The ``Subject:``, whitespace collapsed; "" when there is none."""
    body: str | None
    """The text/plain body, decoded; None when the message has none."""

    @property
    def where(self) -> str:
        """How a report names it: ``message 3 <id@host>``."""
        return f"message {self.position}" + (f" {self.message_id}" if self.message_id else "")


def _header(msg: Message, name: str) -> str | None:
    """The header decoded (RFC 2047 words), whitespace collapsed."""
    try:
        value = msg.get(name)
        text = None if value is None else " ".join(str(value).split())
    except _HEADER_ERRORS:
        return None
    return text or None


def _raw_header(msg: Message, name: str) -> str | None:
    """The first ``name`` header as written, whitespace collapsed. The Date must be read
    raw: ``email.policy.default`` rewrites a Date with no zone as ``-0000`` (UTC)."""
    wanted = name.lower()
    for key, value in msg.raw_items():
        if key.lower() == wanted:
            return " ".join(str(value).split()) or None
    return None


def _body(msg: EmailMessage) -> str | None:
    try:
        part = msg.get_body(preferencelist=("plain",))
        if part is None:
            return None
        content = part.get_content()
    except (*_HEADER_ERRORS, KeyError):
        return None
    return content if isinstance(content, str) else None


def mail_from_bytes(data: bytes, position: int) -> Mail:
    """One message (its bytes, without the mbox ``From `` line) as a :class:`Mail`."""
    msg = BytesParser(policy=policy.default).parsebytes(data)
    assert isinstance(msg, EmailMessage)  # policy.default makes EmailMessage
    sender = ""
    from_ = _raw_header(msg, "From")
    if from_ is not None:
        sender = email.utils.parseaddr(from_)[1].strip().lower()
    return Mail(
        position=position,
        message_id=_raw_header(msg, "Message-ID"),
        sender=sender,
        date=_raw_header(msg, "Date"),
        subject=_header(msg, "Subject") or "",
        body=_body(msg),
    )


def read_mbox(path: str | Path) -> list[Mail]:
    """Every message of the mbox file at ``path``, in the file's order.

    An unreadable file, or a non-empty one holding no mbox message (each begins
    with a ``From `` line), is an :class:`ImporterError`.
    """
    p = Path(path)
    if not p.is_file():
        raise ImporterError(f"{p}: no such mailbox file")
    try:
        box = mailbox.mbox(p, create=False)
        try:
            mails = [mail_from_bytes(box.get_bytes(key), i) for i, key in enumerate(box.keys(), 1)]
        finally:
            box.close()
    except OSError as exc:
        raise ImporterError(f"{p}: {exc.strerror or exc}") from None
    if not mails and p.stat().st_size > 0 and p.read_bytes().strip():
        raise ImporterError(f"{p}: no messages in mbox format (each begins with a 'From ' line)")
    return mails


def parse_date(text: str | None) -> datetime:
    """A ``Date:`` header as a UTC instant, to the second.

    Raises :class:`Unplaceable` when it is missing, cannot be read, or names no
    zone (``-0000`` is UTC, as RFC 5322 says; an unknown zone name is no zone).
    """
    if text is None or not text.strip():
        raise Unplaceable("no Date header")
    try:
        moment = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        raise Unplaceable(f"the Date {text!r} cannot be read") from None
    if not 1900 <= moment.year <= 9000:
        raise Unplaceable(f"the Date {text!r} is out of range")
    if moment.tzinfo is None:
        if not _UTC_UNKNOWN_ZONE.search(text):
            raise Unplaceable(f"the Date {text!r} has no time zone")
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0)


def readable_lines(body: str) -> Iterator[str]:
    """The body's own lines: quoted lines (``>``) are skipped, and the signature
    (from a ``-- `` line on) is not read."""
    for line in body.splitlines():
        if line.rstrip("\r") in (_SIGNATURE, _SIGNATURE.strip()):
            return
        if line.lstrip().startswith(">"):
            continue
        yield line
