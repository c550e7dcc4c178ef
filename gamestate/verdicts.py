"""What an Admin may do with a Votable Matter now, and why."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

__all__ = ["Decision", "Verdict"]


class Verdict(str, Enum):
    """The action the Ruleset allows an Admin to take on a matter now."""

    ENACT = "enact"
    """An enact clause holds (rules "Resolution of Proposals", "Calls for Judgement",
    "Victory and Ascension")."""
    FAIL = "fail"
    """A fail clause holds."""
    WAIT = "wait"
    """Neither: the votes or the clocks do not allow a resolution yet."""
    BLOCKED = "blocked"
    """A rule forbids resolving it now (not the oldest pending Proposal, Hiatus,
    Seasonal Downtime)."""


@dataclass(frozen=True)
class Decision:
    """A verdict with the clause that decides it."""

    verdict: Verdict
    """What an Admin may do."""
    why: str
    """The deciding clause with the numbers, e.g. "FOR 5 >= Quorum 4 and open 12h 3m"."""
    decidable_at: datetime | None
    """The next instant the verdict can change with no new votes, or None."""
