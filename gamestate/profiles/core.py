"""The rule-neutral core every rule profile shares: pure data, no rules.

What every nomic has in common, whatever its Ruleset says: a roster over time
(roles, joining and leaving, per-player values), matters, vote events (cast,
added, removed), recorded events (an admin's veto, a turn, a random draw), admins'
judgements; and a verdict per matter with its outcome, clause, numbers and next
change. A profile (``gamestate/profiles/<name>/``) reads these and decides what its
game's rules say; it never reads a clock, a file or the network.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

__all__ = [
    "Archive",
    "Event",
    "Judgement",
    "Matter",
    "Member",
    "Outcome",
    "Profile",
    "ProfileError",
    "Report",
    "Setting",
    "VoteEvent",
    "shown",
]

SHOWN_WIDTH = 60
"""The most characters of an input an error or a reason quotes."""
LONGEST_ERROR = 1000
"""The most characters of a :class:`ProfileError`'s message (a list of the names a
profile knows fits; a player's 100,000-character name quoted somewhere does not)."""


def shown(value: object) -> str:
    """``value`` as an error or a reason quotes it (its ``repr``): at most
    :data:`SHOWN_WIDTH` characters, then an ellipsis, so a 5,000-character name is not
    echoed whole and a huge number is not spelled out."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "a huge number"
    text = repr(value)
    return text if len(text) <= SHOWN_WIDTH else text[:SHOWN_WIDTH] + "…"


class ProfileError(ValueError):
    """Input a profile does not know: one line naming the record and the profile.

    Always one short printable line, whatever the input held: a newline or another
    control character in an id or a value quoted is shown escaped, and a message that
    quotes so much of its input that it runs past :data:`LONGEST_ERROR` characters is cut
    there, saying how long it was."""

    def __init__(self, message: str) -> None:
        if len(message) > LONGEST_ERROR:
            message = f"{message[:LONGEST_ERROR]}… ({len(message):,} characters)"
        if not message.isprintable():
            message = "".join(
                c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                for c in message
            )
        super().__init__(message)


@dataclass(frozen=True)
class Member:
    """One entry of the roster: a player, an admin who is not a player, a spectator."""

    name: str
    roles: frozenset[str] = frozenset()
    """``admin``, ``boss``, ``judge``."""
    player: bool = True
    """False for a game's Admin who is not a player, or a spectator."""
    idle: bool = False
    """BlogNomic's Idle players."""
    joined_at: datetime | None = None
    left_at: datetime | None = None
    state: Mapping[str, Any] = field(default_factory=dict)
    """Per-player values as of the archive's start, in the seed's words (snake case)."""
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def present_at(self, moment: datetime) -> bool:
        """On the roster at ``moment``: joined at or before it, not yet left."""
        if self.joined_at is not None and moment < self.joined_at:
            return False
        return self.left_at is None or moment < self.left_at


@dataclass(frozen=True)
class VoteEvent:
    """A vote cast, or a reaction added or removed, at an instant."""

    voter: str
    value: str
    """The game's own token: ``Yay``, ``thumbsup``, ``FOR``..."""
    at: datetime
    op: str = "cast"
    """``cast`` (a vote sent or commented), ``add``/``remove`` (a reaction)."""
    spend_votes_in_reserve: int = 0
    """BoredNomic's VotesInReserve spent on this vote."""
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Judgement:
    """An admin's judgement of a matter: an input, never predicted."""

    at: datetime
    result: str
    """``accepted``, ``rejected``, ``accepted in part``."""


@dataclass(frozen=True)
class Matter:
    """Something players propose, vote on, or an admin judges."""

    id: str
    kind: str
    """``proposal``, ``cfj``, ``dov``, ``judge_candidacy``, ``confidence_vote``..."""
    author: str
    posted_at: datetime
    votes: tuple[VoteEvent, ...] = ()
    """Sorted by time (stable: the archive's order breaks ties)."""
    cls: str | None = None
    """``class``: ``standard``/``urgent`` (Infinite Nomic)."""
    edited_at: datetime | None = None
    deleted_at: datetime | None = None
    ruling: Mapping[str, Any] | None = None
    judgement: Judgement | None = None
    text: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Fields the core does not know (a profile may read them: BlogNomic's title)."""


@dataclass(frozen=True)
class Event:
    """A recorded fact: a veto, an admin's day, an action, a buy, a fine, a random draw."""

    at: datetime
    type: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    """Everything but ``at`` and ``type``, as the archive gives it."""
    index: int = 0
    """Its place in the archive's ``events`` (ties at one instant keep this order)."""

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


@dataclass(frozen=True)
class Archive:
    """A ``nomic-archive/2`` game, read and checked for shape (not yet for rules)."""

    profile: str
    settings: Mapping[str, Any]
    roster: tuple[Member, ...]
    game_state: Mapping[str, Any]
    matters: tuple[Matter, ...]
    events: tuple[Event, ...]
    """Sorted by time (stable)."""
    source: str = "archive"
    """What to name in errors: the file, or "archive"."""
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    _members: dict[str, Member] = field(init=False, repr=False, compare=False)
    _matters: dict[str, Matter] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Lookups by name and id in constant time (a profile asks for every vote).
        object.__setattr__(self, "_members", {m.name: m for m in self.roster})
        object.__setattr__(self, "_matters", {m.id: m for m in self.matters})

    def member(self, name: str) -> Member | None:
        return self._members.get(name) if isinstance(name, str) else None

    def players_at(self, moment: datetime) -> list[Member]:
        """The players (not admins-only, not spectators) on the roster at ``moment``."""
        return [m for m in self.roster if m.player and m.present_at(moment)]

    def matter(self, matter_id: str) -> Matter | None:
        return self._matters.get(matter_id) if isinstance(matter_id, str) else None

    def error(self, record: str, message: str) -> ProfileError:
        """A one-line error naming the file, the record and the profile (a record named
        after a long id or type is cut short, as quoted values are)."""
        if len(record) > 2 * SHOWN_WIDTH:
            record = record[: 2 * SHOWN_WIDTH] + "…"
        profile = self.profile
        if len(profile) > SHOWN_WIDTH:
            profile = profile[:SHOWN_WIDTH] + "…"
        return ProfileError(f"{self.source}: {record}: {message} (profile {profile})")


@dataclass(frozen=True)
class Outcome:
    """A matter's verdict: the outcome in the game's words, the clause that decides it
    (the seed's words), a reason for people, the next instant it can change with no
    new input, and the numbers."""

    outcome: str
    clause: str
    reason: str
    next_change: datetime | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Report:
    """What ``status`` says of a profile archive at ``now`` (ARCHITECTURE.md 2b)."""

    profile: str
    now: datetime
    since: datetime | None = None
    matters: dict[str, Outcome] = field(default_factory=dict)
    state: dict[str, Any] = field(default_factory=dict)
    game_state: dict[str, Any] = field(default_factory=dict)
    due: list[dict[str, Any]] = field(default_factory=list)
    """``{"at", "event"}`` each, in the order applied."""
    next_due: dict[str, Any] | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)
    effect_order: list[str] = field(default_factory=list)
    judge: dict[str, Any] | None = None
    winners: list[str] = field(default_factory=list)
    game_end: dict[str, Any] | None = None
    achieved: dict[str, str] = field(default_factory=dict)
    rules_after_day: dict[str, Any] = field(default_factory=dict)
    waiting: list[dict[str, Any]] = field(default_factory=list)
    """``{"for", "what"}`` each: what is not applied yet, and the input it waits for (a
    roll, the admin's day), so nothing is skipped silently."""
    rules: dict[str, Any] | None = None
    """BlogNomic only: the Ruleset in force (ARCHITECTURE.md 2c); None for other games."""
    rules_lines: list[str] = field(default_factory=list)
    """BlogNomic only: the Ruleset in force as ``status`` opens with it."""
    warnings: list[str] = field(default_factory=list)
    """What the rules merely ignore (a non-player's vote), said once each."""


@dataclass(frozen=True)
class Setting:
    """A value a seed leaves to the game's configuration."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()
    """The values allowed, if a closed set (a reading both plausible)."""


class Profile(Protocol):
    """One game's rules behind one interface."""

    name: str
    """``blognomic-139``, ``borednomic``..."""
    title: str
    """The game's name for people."""
    seed: str
    """The seed file its rules come from (``000_9da9b2a702a7fe70.txt``)."""
    settings: Sequence[Setting]
    matter_kinds: frozenset[str]
    event_types: frozenset[str]
    action_names: frozenset[str]
    vote_values: frozenset[str]
    number_keys: tuple[str, ...]
    """The numbers every verdict carries in ``status --json`` (null where it has none)."""

    def check(self, archive: Archive) -> list[str]:
        """Raises ProfileError on input the profile does not know; returns warnings
        for what the rules merely ignore."""
        ...

    def evaluate(self, archive: Archive, now: datetime, since: datetime | None) -> Report:
        """Every matter's verdict, the state and the events due, as of ``now``."""
        ...


def sorted_by_time(items: Iterable[Any]) -> list[Any]:
    """Stable sort on ``.at``: the archive's order breaks ties."""
    return sorted(items, key=lambda item: item.at)
