"""A player's numbers as BoredNomic keeps them: money (rule 4), level, experience
and hit points (rule 12), PropositionsInReserve and VotesInReserve (rule 15), the
square they occupy (6.6) and their items (rules 5, 14, 17, 20)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from math import isqrt
from typing import Any

__all__ = ["FIELDS", "Standing", "level_ups"]

FIELDS = (
    "money",
    "level",
    "experience",
    "votes_in_reserve",
    "propositions_in_reserve",
    "hit_points",
    "square",
    "eggs",
    "tickets",
    "correct_answers",
)
"""The whole-number values this profile reads and reports (``roster[].state``); the
lists ``owns``, ``items`` and ``beaten`` and the count ``hens`` are read too."""

GLADIUS = "Golden Gladius"
ROBE = "Inquisitor's Robe"
HEN = "Golden Egg Laying Hen"
EGG = "Golden Egg"
TICKET = "Ticket to the Arena"
ITEM_NAMES = (HEN, EGG, GLADIUS, ROBE, TICKET)
"""5.3's Game Inventory, in its order."""

_DEFAULTS = {
    "money": 10000,  # 4.2 "Each player begins the game with $10000"
    "level": 1,  # 12.2 "Level: 1"
    "experience": 0,  # 12.2 "Experience: 0"
    "votes_in_reserve": 0,
    "propositions_in_reserve": 0,
    "hit_points": 100,  # 12.2 "Hit Points: 100"
    "square": 1,  # 6.6 "All players start the game on Square #1."
    "eggs": 0,
    "tickets": 0,
    "correct_answers": 0,
}


def level_ups(level: int, experience: int) -> tuple[int, int]:
    """Rule 12.3 applied until it no longer holds: "experience ... greater than or
    equal to 10 times his level" -> experience minus 10 x level, level plus 1.

    In closed form, so a huge experience does not loop: ``k`` level-ups take
    ``10 * S(k)`` experience, ``S(k) = k*level + k*(k-1)/2``; the first needs
    ``experience >= 10*level``, and then every ``k`` with ``10*S(k) <= experience``
    is reached (``S`` is convex and the first step holds).
    """
    budget = experience // 10  # 10*S <= experience  <=>  S <= experience // 10 (S whole)
    if level > budget:
        return level, experience

    def spent(k: int) -> int:
        return k * level + k * (k - 1) // 2

    b = 2 * level - 1
    k = max(1, (-b + isqrt(b * b + 8 * budget)) // 2)
    while spent(k + 1) <= budget:
        k += 1
    while k > 1 and spent(k) > budget:
        k -= 1
    return level + k, experience - 10 * spent(k)


@dataclass
class Standing:
    """One player's values as the weeks go by (mutable while a report is built)."""

    money: int = 10000
    level: int = 1
    experience: int = 0
    votes_in_reserve: int = 0
    propositions_in_reserve: int = 0
    hit_points: int = 100
    square: int = 1
    eggs: int = 0
    tickets: int = 0
    correct_answers: int = 0
    """20.5: questions answered correctly in The Inquisition."""
    hens: list[datetime | None] = field(default_factory=list)
    """14: each hen's purchase instant (None: held when the archive starts)."""
    items: list[str] = field(default_factory=list)
    """The Golden Gladius, the Inquisitor's Robe."""
    beaten: list[str] = field(default_factory=list)
    """17.5 "which of the other players they have beaten"."""

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> Standing:
        """The roster's ``state`` (already checked), seed defaults for what it leaves out."""
        values = {key: state.get(key, default) for key, default in _DEFAULTS.items()}
        return cls(
            **values,
            hens=[None] * int(state.get("hens", 0)),
            items=list(state.get("items", [])),
            beaten=list(state.get("beaten", [])),
        )

    def is_bankrupt(self) -> bool:
        """4.3 "If a player has less than $1, that player is said to be bankrupt." """
        return self.money < 1

    def propositions_cap(self) -> int:
        """15.5 "not more than 5 * level PropositionsInReserve"."""
        return 5 * self.level

    def votes_cap(self) -> int:
        """15.6 "not more than ceil( level / 2 ) VotesInReserve"."""
        return -(-self.level // 2)

    def is_saturated(self) -> bool:
        """Neither reserve can grow: an idle week changes nothing."""
        return (
            self.propositions_in_reserve >= self.propositions_cap()
            and self.votes_in_reserve >= self.votes_cap()
        )

    def add_proposition_in_reserve(self) -> None:
        """15.1, capped by 15.5 (a value already above the cap is left as it is)."""
        if self.propositions_in_reserve < self.propositions_cap():
            self.propositions_in_reserve += 1

    def add_vote_in_reserve(self) -> None:
        """15.2, capped by 15.6."""
        if self.votes_in_reserve < self.votes_cap():
            self.votes_in_reserve += 1

    def gain_experience(self, points: int) -> None:
        """12.5's points, then 12.3's level-ups."""
        self.level, self.experience = level_ups(self.level, self.experience + points)

    def lose_hit_points(self, points: int) -> bool:
        """Damage, then 12.4: at 0 or less, hit points 100 and level less 2 (and 12.3's
        level-ups, which hold "at any time", for the lower level). True if so."""
        self.hit_points -= points
        if self.hit_points <= 0:
            self.hit_points = 100
            self.set_level(self.level - 2)
            return True
        return False

    def set_level(self, level: int) -> None:
        """A level set by a rule (12.4, 12.6), then 12.3's level-ups: "If at any time a
        player has an experience value greater than or equal to 10 times his level"."""
        self.level, self.experience = level_ups(level, self.experience)

    def as_dict(self) -> dict[str, Any]:
        """The values a player's line shows: the seed's numbers, then the items."""
        return {
            "money": self.money,
            "level": self.level,
            "experience": self.experience,
            "votes_in_reserve": self.votes_in_reserve,
            "propositions_in_reserve": self.propositions_in_reserve,
            "hit_points": self.hit_points,
            "square": self.square,
            "hens": len(self.hens),
            "eggs": self.eggs,
            "tickets": self.tickets,
            "items": list(self.items),
            "beaten": list(self.beaten),
            "correct_answers": self.correct_answers,
        }
