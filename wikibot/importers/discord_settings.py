"""What the user tells a Discord import: who the players are (``--players``, user id or
username -> player) and which emoji count (``reactions``: ``favour``/``against`` on
proposals and candidacies; ``poll``: emoji -> ``overturn``/``affirm`` on polls); and the
placing state that names people and reads reactions by them as
:mod:`wikibot.importers.discord` places an export.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamestate.profiles import Matter, VoteEvent
from wikibot.importers.discord_export import Emoji, Problem, User, _norm, _read
from wikibot.importers.errors import ImporterError

__all__ = ["emoji_settings", "load_players", "read_players"]

POLL_VALUES = ("overturn", "affirm")


# The players.


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
