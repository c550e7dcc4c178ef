"""The whole game's status at an instant: every pending Votable Matter with its verdict."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gamestate.dynasties.base import DynastyVictory
from gamestate.profiles.blognomic_139.in_force import RulesInForce
from gamestate.profiles.blognomic_139.models import Post, Terms
from gamestate.profiles.blognomic_139.tally import Tally
from gamestate.profiles.blognomic_139.verdicts import Decision

__all__ = ["GameStatus", "MatterStatus"]


@dataclass(frozen=True)
class MatterStatus:
    """One pending Votable Matter as the Ruleset reads it at ``GameStatus.now``: the post,
    its :class:`Tally` and the :class:`Decision` an Admin may take."""

    post: Post
    """The post itself."""
    tally: Tally
    """Its Votes (counts, Self-Kill, Veto, the icons that did not count)."""
    decision: Decision
    """What an Admin may do now, the clause that decides it and why."""
    illegal_reason: str | None
    """Which posting rule it broke, with the numbers; None if it is legal."""
    oldest: bool
    """Is this the oldest pending Proposal (always False for CfJs and DoVs)."""
    decidable_at: datetime | None
    """The next instant the verdict can change with no new votes, or None."""
    not_voted: tuple[str, ...]
    """Active players with no Vote."""
    quorum: int
    """Quorum at ``now``."""
    warnings: tuple[str, ...] = ()
    """Things a human should look at (the tally's, and the author's roster status)."""

    @property
    def illegal(self) -> bool:
        """The post broke a posting rule and is not a Votable Matter for the rules."""
        return self.illegal_reason is not None


@dataclass(frozen=True)
class GameStatus:
    """The game at one instant."""

    now: datetime
    """The instant evaluated."""
    quorum: int
    """Quorum of all (active) players."""
    players: int
    """Number of active (non-Idle) players."""
    hiatus: bool
    """Is the game in Hiatus (a DoV, awaiting an Ascension Address, Seasonal Downtime)."""
    hiatus_reason: str | None
    """Why, or None."""
    matters: tuple[MatterStatus, ...]
    """Every pending Votable Matter, oldest first, illegal ones included."""
    terms: Terms
    """The current names for "Imagineer" and "Boss"."""
    boss: str | None
    """The Boss, None in a Metadynasty."""
    warnings: tuple[str, ...] = ()
    """Things about the whole game a human should look at (roster oddities)."""
    roster_source: str = "today's roster"
    """Which roster the rules used at ``now``: a snapshot, or today's as a fallback."""
    victory: DynastyVictory | None = None
    """A dynastic rule's victory at ``now`` (e.g. Project Completion), or None."""
    rules: RulesInForce | None = None
    """The Ruleset in force at ``now`` (ARCHITECTURE.md 1c), as read."""
