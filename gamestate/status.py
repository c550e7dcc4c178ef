"""The whole game's status at an instant: every pending Votable Matter with its verdict."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from gamestate.models import Post, Terms
from gamestate.verdicts import Clause, Verdict
from gamestate.votes import Vote

__all__ = ["GameStatus", "MatterStatus"]


@dataclass(frozen=True)
class MatterStatus:
    """One pending Votable Matter as the Ruleset reads it at ``GameStatus.now``."""

    post: Post
    """The post itself."""
    votes: Mapping[str, Vote]
    """Player -> Vote (a counted DEFERENTIAL shows as the Boss's Vote)."""
    evc: Mapping[str, str | None]
    """Player -> id of their Effective Vote Comment (None: the author's implicit FOR)."""
    for_count: int
    """Valid FOR Votes, the author's implicit FOR and counted DEFERENTIALs included."""
    against_count: int
    """Valid AGAINST Votes, counted DEFERENTIALs included."""
    deferential_count: int
    """DEFERENTIAL Votes not (yet) counted as the Boss's Vote."""
    self_killed: bool
    """Rule "Special Proposal Voting": the author voted AGAINST (not via DEFERENTIAL)."""
    vetoed: bool
    """Rule "Special Proposal Voting": the Boss voted VETO."""
    illegal: bool
    """The post broke a posting rule and is not a Votable Matter for the rules."""
    illegal_reason: str | None
    """Which rule it broke, with the numbers."""
    oldest: bool
    """Is this the oldest pending Proposal (always False for CfJs and DoVs)."""
    verdict: Verdict
    """What an Admin may do now."""
    why: str
    """The clause that decides the verdict, with the numbers."""
    clause: Clause
    """Which clause of the Ruleset decides it."""
    decidable_at: datetime | None
    """The next instant the verdict can change with no new votes, or None."""
    not_voted: tuple[str, ...]
    """Active players with no Vote."""
    quorum: int
    """Quorum at ``now``."""
    warnings: tuple[str, ...] = ()
    """Things a human should look at (unknown icons, votes by non-players...)."""


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
