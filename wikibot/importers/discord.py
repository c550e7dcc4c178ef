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
  - See :mod:`wikibot.importers.discord_reactions`: without a reaction log or ``as_of``
    they are reported, never turned into timed votes by guessing.

The export is read by :mod:`wikibot.importers.discord_export`, the players map and the
emoji settings by :mod:`wikibot.importers.discord_settings`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from gamestate.profiles import Archive, Matter, Member, format_time
from wikibot.importers.discord_export import (
    PLAYER_TYPES,
    SYSTEM_TYPES,
    Export,
    Message,
    Problem,
    _read,
    is_poll,
    parse_discord_time,
    proposal_class,
    read_export,
)
from wikibot.importers.discord_reactions import (
    LogEvent,
    _as_of,
    _check_export_reactions,
    _from_log,
    _shown,
    read_reaction_log,
)
from wikibot.importers.discord_settings import _Placing
from wikibot.importers.errors import ImporterError
from wikibot.importers.mail import Unplaceable

__all__ = ["CHANNEL_KINDS", "DiscordImport", "import_discord", "import_export"]

CHANNEL_KINDS = {
    "proposals": "proposal",
    "judge-elections": "judge_candidacy",
    "request-for-justice": "confidence_vote",
}
"""Seed 001's channels (3.1, 3.2) -> the matter kind of their messages."""


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


# Placing.


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
