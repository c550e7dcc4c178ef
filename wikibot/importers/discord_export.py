"""A Discord channel export (DiscordChatExporter's JSON) as read: its channel, its messages,
their authors and reactions, nothing decided yet; and the readings of a message's text
that :mod:`wikibot.importers.discord` places by: its time, a proposal's class, a poll.

  - A time is the exporter's ISO-8601 with an offset, in UTC, truncated to the second
    (never rounded up: an instant is never moved later); one with no zone, or one that
    cannot be read, is :class:`~wikibot.importers.mail.Unplaceable`.
  - A proposal is ``urgent`` when it begins (after Markdown marks such as ``**``) with the
    word Urgent, bracketed or not; else ``standard``.
  - A poll begins with ``Poll``, ``Vote of confidence``, ``Confidence vote`` or
    ``Confidence poll``, bracketed or emphasised the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from wikibot.importers.errors import ImporterError
from wikibot.importers.mail import Unplaceable

__all__ = [
    "Emoji",
    "Export",
    "Message",
    "Problem",
    "Reaction",
    "User",
    "is_poll",
    "parse_discord_time",
    "proposal_class",
    "read_export",
]

PLAYER_TYPES = frozenset({"Default", "Reply"})
"""Message types a player writes."""
SYSTEM_TYPES = frozenset(
    {
        "RecipientAdd",
        "RecipientRemove",
        "Call",
        "ChannelNameChange",
        "ChannelIconChange",
        "ChannelPinnedMessage",
        "GuildMemberJoin",
        "ThreadCreated",
    }
)
"""Discord's own notices, as the exporter names them: skipped, counted."""

_LEAD = r"^[\s*_~`>#|]*[\[(]?[\s*_~`]*"
_CLASS = re.compile(_LEAD + r"(?:class\s*[:=\-]?\s*)?(urgent|standard)(?![a-z])", re.IGNORECASE)
_POLL = re.compile(
    _LEAD + r"(?:poll|vote\s+of\s+confidence|confidence\s+(?:vote|poll))(?![a-z])", re.IGNORECASE
)
_FRACTION = re.compile(r"(\.\d{6})\d+")


# What the export holds.


@dataclass(frozen=True)
class User:
    """A Discord account as the export names it."""

    id: str
    name: str
    """The username (``name``), not the display name."""
    bot: bool = False


@dataclass(frozen=True)
class Emoji:
    """A reaction's emoji: ``name`` is the character (or a custom emoji's name),
    ``code`` its ``:code:`` name, ``id`` a custom emoji's id ("" for a standard one)."""

    name: str
    code: str = ""
    id: str = ""

    @property
    def aliases(self) -> frozenset[str]:
        return frozenset(_norm(a) for a in (self.name, self.code, self.id) if _norm(a))

    def shown(self) -> str:
        return self.name or f":{self.code}:"


@dataclass(frozen=True)
class Reaction:
    """One emoji's reactions on a message, as they stood when the export was made."""

    emoji: Emoji
    count: int
    users: tuple[User, ...] | None
    """None when the export does not list them (older exports)."""


@dataclass(frozen=True)
class Message:
    """One exported message, as read (nothing decided yet)."""

    id: str
    type: str
    timestamp: str
    edited: str | None
    author: User | None
    content: str
    reactions: tuple[Reaction, ...] = ()
    reply_to: str | None = None
    """The replied-to message's id (``reference.messageId``)."""


@dataclass(frozen=True)
class Export:
    """A channel export: the channel's name, when it was made, its messages."""

    channel: str
    exported_at: str | None
    messages: tuple[Message, ...]
    unreadable: tuple[Problem, ...] = ()
    """Entries of ``messages`` that are not messages at all."""


@dataclass(frozen=True)
class Problem:
    """An item that could not be placed, and why."""

    message_id: str | None
    reason: str
    log_event: int | None = None
    """The log event's place, from 1, when the item is one."""

    def line(self) -> str:
        """The report's line: ``message 123: why``, or for a log event
        ``reaction log event 4 (message 123): why``."""
        message = f"message {self.message_id or '(no id)'}"
        if self.log_event is None:
            return f"{message}: {self.reason}"
        return f"reaction log event {self.log_event} ({message}): {self.reason}"


# Reading text.


def _norm(text: str) -> str:
    return text.strip().strip(":").replace("\ufe0f", "").casefold()


def parse_discord_time(text: object) -> datetime:
    """An exporter timestamp (ISO-8601 with an offset) in UTC, truncated to the second;
    :class:`Unplaceable` when it is missing, unreadable or has no zone."""
    if not isinstance(text, str) or not text.strip():
        raise Unplaceable(f"no time ({text!r})")
    try:
        moment = datetime.fromisoformat(_FRACTION.sub(r"\1", text.strip()))
    except ValueError:
        raise Unplaceable(f"the time {text!r} cannot be read") from None
    if moment.tzinfo is None:
        raise Unplaceable(f"the time {text!r} has no zone")
    if not 1900 <= moment.year <= 9000:
        raise Unplaceable(f"the time {text!r} is out of range")
    return moment.astimezone(UTC).replace(microsecond=0)


def proposal_class(content: str) -> str:
    """``urgent`` when the message begins with the word Urgent, else ``standard``."""
    match = _CLASS.match(content)
    return match.group(1).lower() if match else "standard"


def is_poll(content: str) -> bool:
    """Does the message designate itself a poll (Poll, Vote of confidence...)?"""
    return _POLL.match(content) is not None


def _id(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value.strip() if isinstance(value, str) else ""


def _user(raw: object) -> User | None:
    if not isinstance(raw, Mapping):
        return None
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    return User(id=_id(raw.get("id")), name=name.strip(), bot=raw.get("isBot") is True)


def _emoji(raw: object) -> Emoji | None:
    if isinstance(raw, str) and _norm(raw):
        return Emoji(name=raw.strip())
    if not isinstance(raw, Mapping):
        return None
    name, code = raw.get("name"), raw.get("code")
    emoji = Emoji(
        name=name if isinstance(name, str) else "",
        code=code if isinstance(code, str) else "",
        id=_id(raw.get("id")),
    )
    return emoji if emoji.aliases else None


def _reaction(raw: object) -> Reaction | None:
    if not isinstance(raw, Mapping):
        return None
    emoji = _emoji(raw.get("emoji"))
    count = raw.get("count")
    if emoji is None or isinstance(count, bool) or not isinstance(count, int):
        return None
    users = raw.get("users")
    listed = None
    if isinstance(users, list):
        listed = tuple(u for u in (_user(x) for x in users) if u is not None)
    return Reaction(emoji=emoji, count=count, users=listed)


def _message(raw: Mapping[str, Any]) -> Message:
    reference = raw.get("reference")
    reply_to = _id(reference.get("messageId")) if isinstance(reference, Mapping) else ""
    content, kind, timestamp = raw.get("content"), raw.get("type"), raw.get("timestamp")
    edited = raw.get("timestampEdited")
    reactions = raw.get("reactions")
    return Message(
        id=_id(raw.get("id")),
        type=kind if isinstance(kind, str) else "",
        timestamp=timestamp if isinstance(timestamp, str) else "",
        edited=edited if isinstance(edited, str) and edited.strip() else None,
        author=_user(raw.get("author")),
        content=content if isinstance(content, str) else "",
        reactions=tuple(
            r
            for r in (_reaction(x) for x in (reactions if isinstance(reactions, list) else []))
            if r is not None
        ),
        reply_to=reply_to or None,
    )


def read_export(text: str, source: str = "export") -> Export:
    """A DiscordChatExporter JSON export; :class:`ImporterError` when it is not one."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise ImporterError(f"{source}: not valid JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("messages"), list):
        raise ImporterError(f"{source}: not a Discord channel export (no 'messages' list)")
    channel = data.get("channel")
    name = channel.get("name") if isinstance(channel, Mapping) else None
    exported_at = data.get("exportedAt")
    messages, unreadable = [], []
    for i, raw in enumerate(data["messages"], 1):
        if isinstance(raw, Mapping):
            messages.append(_message(raw))
        else:
            unreadable.append(Problem(None, f"entry {i} of 'messages' is not a message"))
    return Export(
        channel=name if isinstance(name, str) else "",
        exported_at=exported_at if isinstance(exported_at, str) else None,
        messages=tuple(messages),
        unreadable=tuple(unreadable),
    )


def _read(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ImporterError(f"{what} {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ImporterError(f"{what} {path}: not UTF-8 text") from None
