"""What Infinite Nomic refuses outright, one line each: settings that are not emoji
or a time, a matter kind or class it does not know, a reaction that is not one of the
game's emoji (or not a reaction at all), a confidence vote with no ruling, an event
it does not know. And what it merely warns of: a removal with nothing to remove."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from gamestate.profiles.archive import parse_time
from gamestate.profiles.core import Archive, Matter, ProfileError, Setting, shown
from gamestate.profiles.core import shown as _show
from gamestate.profiles.infinite_nomic.item_checks import ITEM_EVENTS, check_items

__all__ = [
    "CLASSES",
    "EVENT_TYPES",
    "MATTER_KINDS",
    "SETTINGS",
    "Rules",
    "check_archive",
    "read_rules",
    "ruling_at",
]

MATTER_KINDS = frozenset({"proposal", "judge_candidacy", "confidence_vote"})
CLASSES = ("standard", "urgent")
EVENT_TYPES = frozenset(
    {"message", "declare_reputable", "join", "leave", "overturn_ruling", "action", "draw"}
    | ITEM_EVENTS
)
"""``message`` (``player``): a text message, for the Judge election's tie-break;
``declare_reputable`` (``by``, ``player``): rule 2's public declaration; ``action``
(``player``, ``action``): a player's act in the world (:mod:`.world_play`); ``draw``
(``what``, ``result``): a random result recorded (rule 4); ``grant``/``revoke``
(``player``, ``items``): items a proposal or ruling creates or destroys (rule 7)."""
_EVENT_FIELDS = {
    "message": ("player",),
    "declare_reputable": ("by", "player"),
    "join": ("player",),
    "leave": ("player",),
    "overturn_ruling": ("by",),
    "action": ("player", "action"),
    "draw": ("what",),
    "grant": ("player",),
    "revoke": ("player",),
}

DEFAULT_REACTIONS = {"favour": "thumbsup", "against": "thumbsdown"}
DEFAULT_POLL = {"thumbsup": "affirm", "thumbsdown": "overturn"}
SETTINGS = (
    Setting(
        "reactions",
        DEFAULT_REACTIONS,
        'The emoji names of a vote in favour and against: {"favour": EMOJI, "against":'
        " EMOJI} (the seed's are garbled).",
    ),
    Setting(
        "poll",
        DEFAULT_POLL,
        'A confidence poll\'s emoji names: {EMOJI: "overturn"|"affirm"} (the seed\'s are'
        " garbled; by default a thumbs-up is confidence in the ruling).",
    ),
    Setting(
        "cycle_began",
        None,
        "The instant the cycle (the round) began: Phase Number 0 and the three days of"
        " the round starting.",
    ),
)


@dataclass(frozen=True)
class Rules:
    """The settings, read and checked."""

    reactions: Mapping[str, str]
    poll: Mapping[str, str]
    cycle_began: datetime | None

    def emoji_for(self, kind: str) -> frozenset[str]:
        """The reactions a matter of ``kind`` may carry."""
        if kind == "confidence_vote":
            return frozenset(self.poll)
        return frozenset(self.reactions.values())


def _emoji(archive: Archive, where: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise archive.error(where, f"expected an emoji name, got {_show(value)}")
    return value


def read_rules(archive: Archive) -> Rules:
    """The settings ``reactions``, ``poll`` and ``cycle_began``, or a one-line error."""
    raw = archive.settings.get("reactions", DEFAULT_REACTIONS)
    if not isinstance(raw, Mapping) or set(raw) != {"favour", "against"}:
        raise archive.error(
            "settings.reactions",
            f'expected {{"favour": EMOJI, "against": EMOJI}}, got {_show(raw)}',
        )
    reactions = {k: _emoji(archive, f"settings.reactions.{k}", raw[k]) for k in raw}
    if reactions["favour"] == reactions["against"]:
        raise archive.error(
            "settings.reactions", f"favour and against are both {reactions['favour']!r}"
        )
    raw = archive.settings.get("poll", DEFAULT_POLL)
    if not isinstance(raw, Mapping) or not raw:
        raise archive.error(
            "settings.poll", f'expected {{EMOJI: "overturn"|"affirm"}}, got {_show(raw)}'
        )
    poll: dict[str, str] = {}
    for key, choice in raw.items():
        emoji = _emoji(archive, "settings.poll", key)
        if choice not in ("overturn", "affirm"):
            raise archive.error(
                f"settings.poll.{emoji}", f"expected 'overturn' or 'affirm', got {_show(choice)}"
            )
        poll[emoji] = choice
    if set(poll.values()) != {"overturn", "affirm"}:
        raise archive.error("settings.poll", "needs an emoji to overturn and an emoji to affirm")
    began = archive.settings.get("cycle_began")
    try:
        cycle_began = None if began is None else parse_time(began, "settings.cycle_began")
    except ProfileError as exc:
        raise archive.error("settings.cycle_began", str(exc).split(": ", 1)[1]) from None
    return Rules(reactions=reactions, poll=poll, cycle_began=cycle_began)


def ruling_at(archive: Archive, matter: Matter) -> datetime:
    """When the ruling a confidence vote is about was issued; a one-line error if the
    matter names none."""
    ruling = matter.ruling or {}
    if "at" not in ruling:
        raise archive.error(f"matter {matter.id}", 'a confidence_vote needs "ruling": {"by", "at"}')
    return parse_time(ruling["at"], f"matter {matter.id}.ruling.at")


def _check_matter(archive: Archive, rules: Rules, m: Matter, warnings: list[str]) -> None:
    where = f"matter {m.id}"
    if m.kind not in MATTER_KINDS:
        raise archive.error(
            where,
            f"unknown matter kind {shown(m.kind)}; infinite-nomic knows "
            + ", ".join(sorted(MATTER_KINDS)),
        )
    if m.cls is not None and (m.kind != "proposal" or m.cls not in CLASSES):
        known = " or ".join(CLASSES) if m.kind == "proposal" else "none (only proposals have one)"
        raise archive.error(f"{where}.class", f"unknown class {shown(m.cls)}; expected {known}")
    for key, value in (("edited_at", m.edited_at), ("deleted_at", m.deleted_at)):
        if value is not None and value < m.posted_at:
            raise archive.error(f"{where}.{key}", "is before the message was posted")
    if m.judgement is not None:
        raise archive.error(f"{where}.judgement", "Infinite Nomic records no judgements")
    if m.kind == "confidence_vote":
        ruling_at(archive, m)
    emoji = rules.emoji_for(m.kind)
    held: dict[str, set[str]] = {}
    for i, v in enumerate(m.votes):
        record = f"{where} vote {i} by {v.voter}"
        if v.op not in ("add", "remove"):
            raise archive.error(
                record,
                "votes in Infinite Nomic are reactions: op must be add or remove, not "
                + shown(v.op),
            )
        if v.value not in emoji:
            raise archive.error(
                record,
                f"unknown emoji {shown(v.value)} on a {m.kind}; the game's are "
                + ", ".join(sorted(emoji))
                + " (settings "
                + ("poll" if m.kind == "confidence_vote" else "reactions")
                + ")",
            )
        mine = held.setdefault(v.voter, set())
        if v.op == "add":
            mine.add(v.value)
        elif v.value in mine:
            mine.discard(v.value)
        else:
            warnings.append(f"{record}: removes a {v.value} reaction that was not there; ignored")


def check_archive(archive: Archive) -> list[str]:
    """Raises a one-line ProfileError on what Infinite Nomic does not know; returns the
    warnings for what it merely ignores."""
    rules = read_rules(archive)
    warnings: list[str] = []
    for m in archive.matters:
        _check_matter(archive, rules, m, warnings)
    for e in archive.events:
        where = f"event {e.index} ({e.type})"
        if e.type not in EVENT_TYPES:
            raise archive.error(
                where,
                f"unknown event type {shown(e.type)}; infinite-nomic knows "
                + ", ".join(sorted(EVENT_TYPES)),
            )
        for key in _EVENT_FIELDS[e.type]:
            value: Any = e.get(key)
            if not isinstance(value, str) or not value.strip():
                raise archive.error(f"{where}.{key}", f"expected a name, got {_show(value)}")
        if e.type == "overturn_ruling":
            ruling = e.get("ruling")
            if not isinstance(ruling, Mapping) or not isinstance(ruling.get("by"), str):
                raise archive.error(f"{where}.ruling", 'expected {"by", "at"}: the ruling')
            try:
                parse_time(ruling.get("at"), f"{where}.ruling.at")
            except ProfileError as exc:
                raise archive.error(f"{where}.ruling.at", str(exc).split(": ", 1)[-1]) from None
    check_items(archive)
    return warnings
