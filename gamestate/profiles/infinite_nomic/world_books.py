"""The world's books while the ``action`` and ``draw`` events are played in time order:
the world, the draws left, the item rules, each player's Action Points (rule 6), who
travelled the stagways this phase, the merge requests, and the winner (rule 8).

Readings (docs/profiles.md): rule 6's "2 + ββ(S)β" is garbled in the seed, as its emoji
are; it is read as 2 + ⌊√S⌋ (the floor of the square root of the quality score). Every
player's AP is set to that number at the start of each phase, with S as it stands then
(unspent AP do not carry over); a player who joins mid-phase has the full number.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gamestate.profiles.archive import format_time
from gamestate.profiles.infinite_nomic import world_clauses as words
from gamestate.profiles.infinite_nomic.draws import Draws
from gamestate.profiles.infinite_nomic.phases import phase_of
from gamestate.profiles.infinite_nomic.world import Coord, ItemRules, World

__all__ = ["Play", "Request", "action_points", "judged"]


def action_points(score: int) -> int:
    """Rule 6's AP: 2 + ⌊√S⌋ (the seed's symbols are garbled; see the module)."""
    return 2 + math.isqrt(max(score, 0))


def judged(
    at: datetime,
    player: str,
    action: str,
    allowed: bool,
    reason: str,
    clause: str,
    effect: str | None = None,
) -> dict[str, Any]:
    """An ``actions`` entry (ARCHITECTURE.md 2b): refused ones change nothing. An allowed
    one's effect is also said in its reason, which ``status`` shows."""
    return {
        "at": format_time(at),
        "player": player,
        "action": action,
        "allowed": allowed,
        "reason": f"{reason}: {effect}" if allowed and effect else reason,
        "clause": clause,
        "effect": effect if allowed else None,
    }


@dataclass
class Request:
    """A merge request (rule 2.1.1): the two factions, the new name, the votes."""

    id: str
    factions: tuple[str, str]
    name: str
    made_at: datetime
    votes: dict[str, bool] = field(default_factory=dict)
    """Voter -> affirmative; a later vote replaces an earlier one."""
    decided: str | None = None
    """``accepted``, or why it lapsed (a faction gone)."""


@dataclass
class Play:
    """Everything the world's rules change, as of the event being played."""

    world: World
    draws: Draws
    items: ItemRules
    ap: dict[str, int] = field(default_factory=dict)
    phase_index: int | None = None
    rested: dict[str, int] = field(default_factory=dict)
    """Player -> the phase (index) they travelled the stagways in (rule 5.3.3.4)."""
    requests: dict[str, Request] = field(default_factory=dict)
    winner: dict[str, Any] | None = None
    """``{"faction", "at", "hexes", "influence"}`` once a faction has won (rule 8)."""
    actions: list[dict[str, Any]] = field(default_factory=list)
    starting: dict[str, tuple[Coord, str | None]] = field(default_factory=dict)
    """Player -> the hex and faction the archive starts them with (taken once: one who
    leaves and rejoins starts on the origin, in a faction of their own)."""
    notes: list[str] = field(default_factory=list)
    """Warnings: draws no action took, flags destroyed with a departed faction."""

    def replenish(self, at: datetime) -> None:
        """At a phase's start every player's AP are set anew (rule 6)."""
        index = phase_of(at).index
        if index != self.phase_index:
            self.phase_index = index
            for player in self.world.positions:
                self.ap[player] = action_points(self.items.quality_score(player))

    def full_ap(self, player: str) -> int:
        return action_points(self.items.quality_score(player))

    def rested_now(self, player: str, at: datetime) -> bool:
        """Whether ``player`` travelled the stagways earlier this phase."""
        return self.rested.get(player) == phase_of(at).index

    def spend_ap(self, player: str, cost: int) -> str | None:
        """Take ``cost`` AP: None when paid, else why not (nothing taken)."""
        left = self.ap.get(player, 0)
        if cost > left:
            return f"costs {cost} AP and {player} has {left} left this phase"
        self.ap[player] = left - cost
        return None

    def cycle_over(self) -> str | None:
        """Why no world action can be taken any more (the cycle ended), or None."""
        if self.winner is None:
            return None
        return (
            f"the cycle ended at {self.winner['at']} when {self.winner['faction']} won"
            f' ("{words.CYCLE_ENDS}")'
        )
