"""A Discord import's reactions: the reaction log, as read, and how reactions become
timed votes (from the log, or ``--reactions-as-of``) or are reported.

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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from gamestate.profiles import VoteEvent, format_time
from wikibot.importers.discord_export import (
    Emoji,
    Export,
    Message,
    Problem,
    Reaction,
    User,
    _emoji,
    _id,
    _user,
    parse_discord_time,
)
from wikibot.importers.discord_settings import _Placing
from wikibot.importers.errors import ImporterError
from wikibot.importers.mail import Unplaceable

__all__ = ["LogEvent", "read_reaction_log"]

# The log.


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


# Reactions into votes.


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
