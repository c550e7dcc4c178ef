"""A Discord channel export (DiscordChatExporter's JSON), read into a ``nomic-archive/2``
archive of Infinite Nomic (seed 001).

:func:`import_export` places what the export says plainly and REPORTS, never guesses,
what it cannot place (one :class:`Problem` per item: the message id and why).

The channel
  - Its role comes from its name, lower-cased with everything but letters, digits and
    hyphens dropped (so ``📜┃proposals`` is ``proposals``): ``proposals``,
    ``judge-elections``, ``request-for-justice``; any other name needs ``channel_kind``.

Messages
  - Only a player's message (type ``Default`` or ``Reply``) can be a matter. Discord's own
    notices (a pin, a member joining, a thread created...) are skipped and counted; any
    other type (an unknown kind the exporter writes as a number) is reported.
  - #proposals: every message is a ``proposal`` (seed 3.1). Its ``class`` is ``urgent``
    when the message begins (after Markdown marks such as ``**``) with the word Urgent,
    bracketed or not: ``Urgent: ...``, ``[urgent] ...``, ``**URGENT** ...``,
    ``Class: urgent``; ``standard`` when it begins so or says nothing (3.1's default).
  - #judge-elections: every message is a ``judge_candidacy`` (3.2).
  - #request-for-justice: a message is a ``confidence_vote`` poll when it begins with
    ``Poll``, ``Vote of confidence``, ``Confidence vote`` or ``Confidence poll`` (bracketed
    or emphasised as above) AND is a Discord reply to the ruling: the ``ruling`` is the
    replied-to message's author and time. A poll that replies to nothing in the export is
    reported (its ruling is unknown). Other messages there (requests, rulings, talk) are
    not matters; they are counted.
  - ``posted_at`` is ``timestamp`` and ``edited_at`` ``timestampEdited``, both in UTC,
    truncated to the second (never rounded up: an instant is never moved later). A time
    with no zone, or one that cannot be read, is reported and the message not placed.
    The export gives only the LAST edit; a log's ``edit`` event, if earlier, wins.
  - The matter's ``id`` is the message id; ``text`` is its content.

People
  - A person is named by ``players`` (user id first, then username, case-insensitively),
    else by their username (``name``). Never the ``nickname``: the exporter writes the
    display name as it is at export time, for every message, and it is not unique.
  - With a ``players`` map the roster is the map's players; anyone else who posted or
    reacted is on it with ``player: false`` (the profile ignores their reactions).
    Without one, everyone who posted or reacted is a player, bots excepted (``player:
    false``), and a note says so. The export cannot tell join times (reputability).

Reactions
  - An export holds reactions as they are NOW, without times. They are never turned into
    timed votes by guessing: without a log each is reported "time unknown".
  - With a reaction log (a JSON list, as a bot gateway records: ``{"message_id", "user",
    "emoji", "op": "add"|"remove", "at"}``, and ``{"message_id", "op": "delete"|"edit",
    "at"}``) the votes come from the log, ``op`` and ``at`` as logged; a ``delete`` gives
    ``deleted_at``. The export's reactions then only check the log: at ``exportedAt`` (or
    the log's end) each one the export shows and the log does not have standing, and each
    the log has standing and the export does not show, is reported.
  - With ``as_of`` (``--reactions-as-of``) instead, each reaction the export shows is an
    ``add`` at that instant: the user states when they saw them standing. A period that
    ended before it sees none of them (they may have come later).
  - An emoji counts when it is a setting's: ``reactions`` (``favour``/``against``) on
    proposals and candidacies, ``poll`` (emoji -> ``overturn``/``affirm``) on polls. It
    matches by its character, its ``:code:`` name or a custom emoji's id, as the export
    names them; the vote's ``value`` is the setting's own spelling. Any other emoji is
    reported (once per message and emoji in the export; per event in the log).
  - Reported too: a log event for a message not in the export, or not a matter; a user
    neither the map nor the export knows; an event before its message was posted.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gamestate.profiles import Archive, Matter, Member, VoteEvent, format_time
from wikibot.importers.errors import ImporterError
from wikibot.importers.mail import Unplaceable

__all__ = [
    "CHANNEL_KINDS",
    "DiscordImport",
    "Emoji",
    "Export",
    "LogEvent",
    "Message",
    "Problem",
    "Reaction",
    "User",
    "emoji_settings",
    "import_discord",
    "import_export",
    "is_poll",
    "load_players",
    "parse_discord_time",
    "proposal_class",
    "read_export",
    "read_players",
    "read_reaction_log",
]

CHANNEL_KINDS = {
    "proposals": "proposal",
    "judge-elections": "judge_candidacy",
    "request-for-justice": "confidence_vote",
}
"""Seed 001's channels (3.1, 3.2) -> the matter kind of their messages."""
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
POLL_VALUES = ("overturn", "affirm")

_LEAD = r"^[\s*_~`>#|]*[\[(]?[\s*_~`]*"
_CLASS = re.compile(_LEAD + r"(?:class\s*[:=\-]?\s*)?(urgent|standard)(?![a-z])", re.IGNORECASE)
_POLL = re.compile(
    _LEAD + r"(?:poll|vote\s+of\s+confidence|confidence\s+(?:vote|poll))(?![a-z])", re.IGNORECASE
)
_FRACTION = re.compile(r"(\.\d{6})\d+")


# What the export and the log hold.


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
class LogEvent:
    """One event of a reaction log, read and checked for shape."""

    position: int
    """Its place in the log, from 1."""
    message_id: str
    op: str
    """``add``, ``remove``, ``delete``, ``edit``."""
    at: datetime
    user: str | User | None = None
    emoji: str | Emoji | None = None


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


@dataclass(frozen=True)
class DiscordImport:
    """What an import placed (the archive), what it reported, and what it notes."""

    archive: Archive
    problems: tuple[Problem, ...]
    notes: tuple[str, ...]
    """Plain statements for the reader: what the export cannot tell."""
    messages: int
    skipped: int
    """Discord notices and, in #request-for-justice, messages that are not polls."""

    @property
    def complete(self) -> bool:
        return not self.problems


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


def read_reaction_log(
    text: str, source: str = "reaction log"
) -> tuple[list[LogEvent], list[Problem]]:
    """The log's events, and a :class:`Problem` for each event that cannot be read."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise ImporterError(f"{source}: not valid JSON: {exc}") from None
    if not isinstance(data, list):
        raise ImporterError(f"{source}: expected a JSON list of events")
    events, problems = [], []
    for i, raw in enumerate(data, 1):
        if not isinstance(raw, Mapping):
            problems.append(Problem(None, "not an event object", i))
            continue
        message_id = _id(raw.get("message_id"))
        op = raw.get("op")
        try:
            if not message_id:
                raise Unplaceable("no message_id")
            if op not in ("add", "remove", "delete", "edit"):
                raise Unplaceable(f"op {op!r} is not add, remove, delete or edit")
            at = parse_discord_time(raw.get("at"))
            user: str | User | None = None
            emoji: str | Emoji | None = None
            if op in ("add", "remove"):
                user = _user(raw.get("user")) or _id(raw.get("user")) or None
                emoji = _emoji(raw.get("emoji"))
                if user is None or emoji is None:
                    raise Unplaceable(f"an {op} event needs a user and an emoji")
                if isinstance(raw.get("emoji"), str):
                    emoji = raw["emoji"].strip()  # matched through the export's aliases
        except Unplaceable as exc:
            problems.append(Problem(message_id or None, str(exc), i))
            continue
        events.append(LogEvent(i, message_id, str(op), at, user, emoji))
    return events, problems


def read_players(text: str, kind: str, source: str = "players file") -> dict[str, str]:
    """A TOML (``kind`` ``toml``) or JSON mapping of user id or username -> player."""
    try:
        data: object = tomllib.loads(text) if kind == "toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise ImporterError(f"{source}: not valid {kind.upper()}: {exc}") from None
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and k.strip() and isinstance(v, str) and v.strip()
        for k, v in data.items()
    ):
        raise ImporterError(f"{source}: expected one mapping of user id or username -> player")
    return {k.strip(): v.strip() for k, v in data.items()}


def load_players(path: str | Path) -> dict[str, str]:
    """:func:`read_players` of a ``.toml`` or ``.json`` file."""
    p = Path(path)
    kind = p.suffix.lower().lstrip(".")
    if kind not in ("toml", "json"):
        raise ImporterError(f"players file {p}: name it .toml or .json")
    return read_players(_read(p, "players file"), kind, f"players file {p}")


def _read(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ImporterError(f"{what} {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ImporterError(f"{what} {path}: not UTF-8 text") from None


# Settings.


def emoji_settings(
    *,
    favour: str | None = None,
    against: str | None = None,
    overturn: str | None = None,
    affirm: str | None = None,
    given: Mapping[str, Any] | None = None,
    defaults: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """``given`` (``[game]``'s settings, else the profile's ``defaults`` for the emoji)
    with the options over them; the emoji settings checked for shape."""
    settings = dict(given or {})
    for key in ("reactions", "poll"):
        if key not in settings and (defaults or {}).get(key) is not None:
            settings[key] = (defaults or {})[key]
    if favour is not None or against is not None:
        base = settings.get("reactions")
        old = dict(base) if isinstance(base, Mapping) else {}
        settings["reactions"] = {
            "favour": favour if favour is not None else old.get("favour"),
            "against": against if against is not None else old.get("against"),
        }
    if overturn is not None or affirm is not None:
        base = settings.get("poll")
        given_now = {"overturn": overturn, "affirm": affirm}
        # An option replaces the emoji [game] gave for the same value, and only that one.
        poll = {
            emoji: value
            for emoji, value in (dict(base) if isinstance(base, Mapping) else {}).items()
            if given_now.get(value) is None
        }
        poll.update({emoji: value for value, emoji in given_now.items() if emoji is not None})
        settings["poll"] = poll
    reactions = settings.get("reactions")
    if reactions is not None:
        if not isinstance(reactions, Mapping) or not all(
            isinstance(reactions.get(k), str) and _norm(reactions[k]) for k in ("favour", "against")
        ):
            raise ImporterError("the reactions setting needs a favour and an against emoji")
        if _norm(reactions["favour"]) == _norm(reactions["against"]):
            raise ImporterError("the favour and against emoji are the same")
    emoji = settings.get("poll")
    if emoji is not None and (
        not isinstance(emoji, Mapping)
        or not all(isinstance(k, str) and _norm(k) and v in POLL_VALUES for k, v in emoji.items())
    ):
        raise ImporterError("the poll setting maps each emoji to 'overturn' or 'affirm'")
    return settings


# Placing.


@dataclass
class _Placing:
    kind: str
    settings: Mapping[str, Any]
    players: Mapping[str, str] | None
    users: dict[str, User] = field(default_factory=dict)
    aliases: dict[str, frozenset[str]] = field(default_factory=dict)
    matters: dict[str, Matter] = field(default_factory=dict)
    votes: dict[str, list[VoteEvent]] = field(default_factory=dict)
    not_matters: dict[str, str] = field(default_factory=dict)
    """Message id -> why it is no matter (for log events naming it)."""
    people: dict[str, bool] = field(default_factory=dict)
    """Name -> is a bot, for everyone the archive names."""
    skipped: int = 0
    problems: list[Problem] = field(default_factory=list)

    def report(self, message_id: str | None, reason: str, event: int | None = None) -> None:
        self.problems.append(Problem(message_id or None, reason, event))

    def label(self, user: User) -> str:
        """The player the map names for ``user``, else the username."""
        players = self.players or {}
        folded = {k.casefold(): v for k, v in players.items()}
        return players.get(user.id) or folded.get(user.name.casefold()) or user.name

    def name(self, user: User) -> str:
        """:meth:`label`, and the person goes on the roster (a bot the map does not name
        is not a player)."""
        found = self.label(user)
        self.people.setdefault(found, user.bot and found == user.name)
        return found

    def name_logged(self, user: str | User) -> str | None:
        """A log's user (an id, a username, or an object), or None if nobody knows them."""
        if isinstance(user, User):
            return self.name(self.users.get(user.id, user))
        if user in self.users:
            return self.name(self.users[user])
        known = next((u for u in self.users.values() if u.name.casefold() == user.casefold()), None)
        if known is not None:
            return self.name(known)
        players = self.players or {}
        folded = {k.casefold(): v for k, v in players.items()}
        found = players.get(user) or folded.get(user.casefold())
        if found is not None:
            self.people.setdefault(found, False)
        return found

    def choices(self, kind: str) -> tuple[str, ...]:
        """The emoji that count on a matter of ``kind``, as the settings spell them."""
        if kind == "confidence_vote":
            poll = self.settings.get("poll")
            return tuple(poll) if isinstance(poll, Mapping) else ()
        reactions = self.settings.get("reactions")
        if not isinstance(reactions, Mapping):
            return ()
        return (reactions["favour"], reactions["against"])

    def value(self, emoji: str | Emoji, kind: str) -> str | None:
        """The setting's spelling of ``emoji``, or None when it is no setting's."""
        if isinstance(emoji, Emoji):
            names = emoji.aliases
        else:
            names = self.aliases.get(_norm(emoji), frozenset({_norm(emoji)}))
        return next((c for c in self.choices(kind) if _norm(c) in names), None)

    def no_setting(self, kind: str) -> str:
        if self.choices(kind):
            return "neither setting's emoji (" + ", ".join(self.choices(kind)) + ")"
        if kind == "confidence_vote":
            return "no poll emoji are set (--overturn/--affirm, or [game] poll)"
        return "no reaction emoji are set (--favour/--against, or [game] reactions)"


def _channel_kind(export: Export, channel_kind: str | None) -> str:
    role = channel_kind or re.sub(r"[^a-z0-9-]+", "", export.channel.lower()).strip("-")
    if role not in CHANNEL_KINDS:
        known = ", ".join(CHANNEL_KINDS)
        if channel_kind is not None:
            raise ImporterError(f"unknown channel kind {channel_kind!r}; the kinds are: {known}")
        raise ImporterError(
            f"the channel {export.channel!r} is none of {known}: name its role with --channel-kind"
        )
    return CHANNEL_KINDS[role]


def _place_message(state: _Placing, message: Message, by_id: Mapping[str, Message]) -> None:
    if message.type not in PLAYER_TYPES:
        if message.type in SYSTEM_TYPES:
            state.not_matters[message.id] = f"is a Discord notice ({message.type}), not a matter"
            state.skipped += 1
        else:
            state.not_matters[message.id] = "has an unknown type (reported)"
            state.report(message.id, f"unknown message type {message.type!r}: not placed")
        return
    reasons = []
    posted_at = edited_at = None
    if message.author is None:
        reasons.append("no author")
    try:
        posted_at = parse_discord_time(message.timestamp)
        edited_at = None if message.edited is None else parse_discord_time(message.edited)
    except Unplaceable as exc:
        reasons.append(str(exc))
    ruling = None
    if state.kind == "confidence_vote":
        if not is_poll(message.content):
            state.not_matters[message.id] = "is not a poll (a request, ruling or talk)"
            state.skipped += 1
            return
        ruled = by_id.get(message.reply_to or "")
        if ruled is None or ruled.author is None or ruled.type not in PLAYER_TYPES:
            reasons.append("a poll that replies to no ruling in this export: its ruling is unknown")
        else:
            try:
                at = parse_discord_time(ruled.timestamp)
                ruling = {"by": state.name(ruled.author), "at": format_time(at)}
            except Unplaceable as exc:
                reasons.append(f"the ruling's {exc}")
    if reasons or message.author is None or posted_at is None:
        state.not_matters[message.id] = "was not placed (reported)"
        state.report(message.id, "; ".join(reasons) + ": not placed")
        return
    state.matters[message.id] = Matter(
        id=message.id,
        kind=state.kind,
        author=state.name(message.author),
        posted_at=posted_at,
        cls=proposal_class(message.content) if state.kind == "proposal" else None,
        edited_at=edited_at,
        ruling=ruling,
        text=message.content,
    )
    state.votes[message.id] = []


def _shown(users: Sequence[User] | None, state: _Placing) -> str:
    return "" if users is None else " (" + ", ".join(state.label(u) for u in users) + ")"


def _check_export_reactions(state: _Placing, export: Export) -> list[tuple[Message, Reaction, str]]:
    """The export's reactions on matters whose emoji is a setting's (with its value);
    reports the others."""
    counted = []
    for message in export.messages:
        matter = state.matters.get(message.id)
        if matter is None:
            continue
        for reaction in message.reactions:
            value = state.value(reaction.emoji, matter.kind)
            if value is None:
                state.report(
                    message.id,
                    f"reaction {reaction.emoji.shown()} x{reaction.count}"
                    f"{_shown(reaction.users, state)}: {state.no_setting(matter.kind)}",
                )
            else:
                counted.append((message, reaction, value))
    return counted


def _from_log(
    state: _Placing,
    events: Sequence[LogEvent],
    counted: Sequence[tuple[Message, Reaction, str]],
    checked_at: datetime | None,
) -> None:
    deleted: dict[str, datetime] = {}
    edited: dict[str, datetime] = {}
    for event in events:
        matter = state.matters.get(event.message_id)
        if matter is None:
            why = state.not_matters.get(event.message_id, "is not in the export")
            state.report(
                event.message_id, f"{event.op} event for a message that {why}", event.position
            )
            continue
        if event.at < matter.posted_at:
            state.report(
                event.message_id,
                f"{event.op} at {format_time(event.at)}, before the message was posted",
                event.position,
            )
            continue
        if event.op in ("delete", "edit"):
            seen = deleted if event.op == "delete" else edited
            seen[event.message_id] = min(event.at, seen.get(event.message_id, event.at))
            continue
        assert event.user is not None and event.emoji is not None
        voter = state.name_logged(event.user)
        value = state.value(event.emoji, matter.kind)
        if voter is None:
            state.report(event.message_id, f"unknown user {event.user!r}", event.position)
        elif value is None:
            shown = event.emoji if isinstance(event.emoji, str) else event.emoji.shown()
            state.report(
                event.message_id,
                f"{shown} by {voter}: {state.no_setting(matter.kind)}",
                event.position,
            )
        else:
            state.votes[event.message_id].append(VoteEvent(voter, value, event.at, op=event.op))
    for message_id, at in deleted.items():
        state.matters[message_id] = replace(state.matters[message_id], deleted_at=at)
    for message_id, at in edited.items():
        old = state.matters[message_id].edited_at
        state.matters[message_id] = replace(state.matters[message_id], edited_at=min(at, old or at))
    _check_log(state, counted, checked_at or max((e.at for e in events), default=None))


def _check_log(
    state: _Placing, counted: Sequence[tuple[Message, Reaction, str]], when: datetime | None
) -> None:
    """The export's reactions are as they stood at ``when`` (the export's time, else the
    log's end): the log must have the same ones standing then, each difference reported."""
    exported = {(message.id, value): reaction for message, reaction, value in counted}
    for matter in state.matters.values():
        for value in state.choices(matter.kind):
            standing = _standing(state.votes[matter.id], value, when)
            reaction = exported.get((matter.id, value))
            shown = f"reaction {reaction.emoji.shown() if reaction else value}"
            then = "the log's end" if when is None else format_time(when)
            if reaction is not None and reaction.users is None:
                if reaction.count != len(standing):
                    state.report(
                        matter.id,
                        f"{shown}: the export counts {reaction.count}, the log has "
                        f"{len(standing)} standing at {then}",
                    )
                continue
            users = {state.label(u) for u in reaction.users or ()} if reaction else set()
            for voter in sorted(users - standing):
                state.report(
                    matter.id,
                    f"{shown} by {voter} stands in the export but not in the log at {then}: "
                    "time unknown, not placed",
                )
            for voter in sorted(standing - users):
                state.report(
                    matter.id,
                    f"{shown} by {voter} stands in the log at {then} but not in the export",
                )


def _standing(votes: Iterable[VoteEvent], value: str, when: datetime | None) -> set[str]:
    last: dict[str, str] = {}
    for vote in sorted(votes, key=lambda v: v.at):
        if vote.value == value and (when is None or vote.at <= when):
            last[vote.voter] = vote.op
    return {voter for voter, op in last.items() if op == "add"}


def _as_of(state: _Placing, counted: Sequence[tuple[Message, Reaction, str]], at: datetime) -> None:
    for message, reaction, value in counted:
        if reaction.users is None:
            state.report(
                message.id,
                f"reaction {reaction.emoji.shown()} x{reaction.count}: the export does not "
                "list who reacted, not placed",
            )
        elif at < state.matters[message.id].posted_at:
            state.report(
                message.id,
                f"reaction {reaction.emoji.shown()}: --reactions-as-of {format_time(at)} is "
                "before the message was posted, not placed",
            )
        else:
            state.votes[message.id].extend(
                VoteEvent(state.name(u), value, at, op="add") for u in reaction.users
            )


def _roster(state: _Placing) -> list[Member]:
    if state.players is not None:
        players = set(state.players.values())
    else:
        players = {name for name, bot in state.people.items() if not bot}
    others = sorted(set(state.people) - players)
    return [Member(name) for name in sorted(players)] + [
        Member(name, player=False) for name in others
    ]


def import_export(
    export: Export,
    *,
    profile: str = "infinite-nomic",
    settings: Mapping[str, Any] | None = None,
    players: Mapping[str, str] | None = None,
    reaction_log: Sequence[LogEvent] | None = None,
    log_problems: Sequence[Problem] = (),
    as_of: datetime | None = None,
    channel_kind: str | None = None,
) -> DiscordImport:
    """The archive of ``export`` (``settings`` go into it), and what it reports.

    ``reaction_log`` gives the votes and deletions; else ``as_of`` says when the export's
    reactions were seen standing; else they are reported, time unknown."""
    if reaction_log is not None and as_of is not None:
        raise ImporterError("give a reaction log or --reactions-as-of, not both")
    state = _Placing(
        kind=_channel_kind(export, channel_kind),
        settings=dict(settings or {}),
        players=None if players is None else dict(players),
    )
    for message in export.messages:
        for reaction in message.reactions:
            for alias in reaction.emoji.aliases:
                state.aliases[alias] = (
                    state.aliases.get(alias, frozenset()) | reaction.emoji.aliases
                )
        for user in (message.author, *(u for r in message.reactions for u in r.users or ())):
            if user is not None and user.id:
                state.users.setdefault(user.id, user)
    state.problems.extend(export.unreadable)
    by_id: dict[str, Message] = {}
    for message in export.messages:
        if not message.id:
            state.report(None, "a message with no id: not placed")
        elif message.id in by_id:
            state.report(message.id, "a second message with this id: not placed")
        else:
            by_id[message.id] = message
            _place_message(state, message, by_id)
    counted = _check_export_reactions(state, export)
    exported_at = None
    if export.exported_at is not None:
        try:
            exported_at = parse_discord_time(export.exported_at)
        except Unplaceable:
            exported_at = None
    notes = [
        "a Discord export holds reactions as they are now"
        + (f" (exported at {format_time(exported_at)})" if exported_at else "")
        + ", without times"
    ]
    if reaction_log is not None:
        before = len(state.problems)
        _from_log(state, reaction_log, counted, exported_at)
        # The log's own problems in log order, before what the export's check found.
        logged = [p for p in state.problems[before:] if p.log_event is not None]
        checked = [p for p in state.problems[before:] if p.log_event is None]
        state.problems[before:] = [
            *sorted([*logged, *log_problems], key=lambda p: p.log_event or 0),
            *checked,
        ]
        notes.append(
            "votes and deletions come from the reaction log; the export's reactions only check it"
        )
    elif as_of is not None:
        _as_of(state, counted, as_of)
        notes.append(
            f"each reaction in the export is taken as added at {format_time(as_of)} "
            "(--reactions-as-of): a period that ended earlier sees none of them"
        )
    else:
        for message, reaction, _ in counted:
            state.report(
                message.id,
                f"reaction {reaction.emoji.shown()} x{reaction.count}"
                f"{_shown(reaction.users, state)} as it is now, time unknown: not a vote "
                "(give --reactions LOG or --reactions-as-of ISO)",
            )
        notes.append(
            "no reaction log: reactions are not votes (time unknown), and deletions are unknown"
        )
    matters = [
        replace(m, votes=tuple(sorted(state.votes[m.id], key=lambda v: v.at)))
        for m in state.matters.values()
    ]
    if players is None:
        notes.append(
            "no --players: everyone who posted or reacted is a player (bots are not), "
            "named by username"
        )
    else:
        for name in sorted(set(state.people) - set(players.values())):
            notes.append(f"{name} is not in --players: on the roster as a non-player")
    notes.append("the export cannot tell when players joined (reputability): no join times")
    archive = Archive(
        profile=profile,
        settings=dict(state.settings),
        roster=tuple(_roster(state)),
        game_state={},
        matters=tuple(sorted(matters, key=lambda m: m.posted_at)),
        events=(),
    )
    return DiscordImport(
        archive=archive,
        problems=tuple(state.problems),
        notes=tuple(notes),
        messages=len(export.messages) + len(export.unreadable),
        skipped=state.skipped,
    )


def import_discord(
    path: str | Path,
    *,
    profile: str = "infinite-nomic",
    settings: Mapping[str, Any] | None = None,
    players: Mapping[str, str] | None = None,
    reactions_path: str | Path | None = None,
    as_of: datetime | None = None,
    channel_kind: str | None = None,
) -> DiscordImport:
    """:func:`import_export` of the export file at ``path`` (and the log at ``reactions_path``)."""
    p = Path(path)
    export = read_export(_read(p, "export"), source=str(p))
    events: list[LogEvent] | None = None
    problems: list[Problem] = []
    if reactions_path is not None:
        log = Path(reactions_path)
        events, problems = read_reaction_log(_read(log, "reaction log"), source=str(log))
    return import_export(
        export,
        profile=profile,
        settings=settings,
        players=players,
        reaction_log=events,
        log_problems=problems,
        as_of=as_of,
        channel_kind=channel_kind,
    )
