"""A player's numbers as BoredNomic keeps them: money (rule 4), level and
experience (rule 12), PropositionsInReserve and VotesInReserve (rule 15)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from math import isqrt
from typing import Any

__all__ = ["FIELDS", "Standing", "level_ups"]

FIELDS = ("money", "level", "experience", "votes_in_reserve", "propositions_in_reserve")
"""The per-player values this profile reads and reports (``roster[].state``)."""

_DEFAULTS = {
    "money": 10000,  # 4.2 "Each player begins the game with $10000"
    "level": 1,  # 12.2 "Level: 1"
    "experience": 0,  # 12.2 "Experience: 0"
    "votes_in_reserve": 0,
    "propositions_in_reserve": 0,
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

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> Standing:
        """The roster's ``state`` (already checked to hold whole numbers), seed
        defaults for what it leaves out."""
        values = {key: state.get(key, default) for key, default in _DEFAULTS.items()}
        return cls(**values)

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

    def as_dict(self) -> dict[str, int]:
        return asdict(self)
