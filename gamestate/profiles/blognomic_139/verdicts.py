"""What an Admin may do with a Votable Matter now, and which clause says so."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Clause", "Decision", "Verdict"]


class Verdict(StrEnum):
    """The action the Ruleset allows an Admin to take on a matter now."""

    ENACT = "enact"
    """An enact clause holds."""
    FAIL = "fail"
    """A fail clause holds (or the post is Illegal)."""
    WAIT = "wait"
    """Neither: the votes or the clocks do not allow a resolution yet."""
    BLOCKED = "blocked"
    """A rule forbids resolving it now (not the oldest pending Proposal, Hiatus,
    Seasonal Downtime)."""
    UNKNOWN = "unknown"
    """A rule it depends on could not be read from the Ruleset in force (ARCHITECTURE.md
    1c): nomicbot does not judge by a text it has not read."""


class Clause(StrEnum):
    """The clause of the Ruleset behind a verdict."""

    # Rule "Resolution of Proposals".
    PROPOSAL_QUORUM_FOR = "proposal-quorum-for"
    """Enact: FOR Votes exceed or equal Quorum, open at least 12 hours."""
    PROPOSAL_MAJORITY_48H = "proposal-majority-48h"
    """Enact: open at least 48 hours, more than 1 valid Vote, more FOR than AGAINST."""
    PROPOSAL_VETOED = "proposal-vetoed"
    """Fail: it has been Vetoed."""
    PROPOSAL_SELF_KILLED = "proposal-self-killed"
    """Fail: it has been Self-Killed."""
    PROPOSAL_QUORUM_UNREACHABLE = "proposal-quorum-unreachable"
    """Fail: the players not voting AGAINST are fewer than Quorum."""
    PROPOSAL_TIMED_OUT = "proposal-timed-out"
    """Fail: open at least 48 hours and cannot be Enacted."""
    PROPOSAL_STALE = "proposal-stale"
    """Fail: pending for more than 7 days."""
    # Rule "Calls for Judgement".
    CFJ_RESOLVED = "cfj-resolved"
    """Quorum FOR, Quorum AGAINST or open more than 48 hours; Enacted iff FOR > AGAINST."""
    # Rule "Victory and Ascension".
    DOV_QUORUM_BOSS_OR_UNOPPOSED = "dov-quorum-boss-or-unopposed"
    """Enact: 12 hours, FOR >= Quorum, and the Boss voted FOR or no AGAINST."""
    DOV_QUORUM_FEW_AGAINST = "dov-quorum-few-against"
    """Enact: 24 hours, FOR >= Quorum, AGAINST < half of Quorum rounded down."""
    DOV_MAJORITY_48H = "dov-majority-48h"
    """Enact: 48 hours, Votes >= Quorum, more than half of valid Votes FOR."""
    DOV_QUORUM_UNREACHABLE = "dov-quorum-unreachable"
    """Fail: 12 hours, and the players not voting AGAINST are fewer than Quorum."""
    DOV_TIMED_OUT = "dov-timed-out"
    """Fail: open at least 48 hours and cannot be Enacted."""
    DOV_OTHER_ENACTED = "dov-other-enacted"
    """Fail: "When a DoV is enacted, all other active DoVs are failed"."""
    # Posting rules.
    ILLEGAL = "illegal"
    """The post broke a posting rule."""
    # Blocks and waits.
    NOT_OLDEST = "not-oldest"
    """Only the oldest pending Proposal may be resolved."""
    HIATUS = "hiatus"
    """Rule "Victory and Ascension": only some rules may act during Hiatus."""
    SEASONAL_DOWNTIME = "seasonal-downtime"
    """Rule "Seasonal Downtime": 24 to 27 December."""
    PENDING = "pending"
    """No clause allows a resolution yet."""
    UNREAD = "unread"
    """A rule the verdict depends on is unread in the Ruleset in force."""


@dataclass(frozen=True)
class Decision:
    """A verdict with the clause that decides it."""

    verdict: Verdict
    """What an Admin may do."""
    clause: Clause
    """Which clause of the Ruleset decides it."""
    why: str
    """The deciding clause with the numbers, e.g. "FOR 5 >= Quorum 4 and open 12h 3m"."""
