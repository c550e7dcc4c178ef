"""The note an Admin appends when resolving a matter, in BlogNomic's customary form.

Rule "Votable Matters": "Whenever an Admin resolves a Votable Matter, they must
also mark their name, and report the final tally of Votes (or the fact that it
was self-killed or vetoed)."
"""

from __future__ import annotations

from gamestate.profiles.blognomic_139.status import MatterStatus
from gamestate.profiles.blognomic_139.verdicts import Clause, Verdict

__all__ = ["admin_note"]


def admin_note(matter: MatterStatus, admin: str) -> str:
    """E.g. "Enacted by Kevan (5-1, Quorum 4)", "Self-killed. Failed by Kevan",
    "Timed out 2 votes to 2. Failed by Kevan"."""
    if matter.decision.verdict not in (Verdict.ENACT, Verdict.FAIL):
        raise ValueError(f"{matter.post.id} cannot be resolved now: {matter.decision.why}")
    f, a, q = matter.tally.for_count, matter.tally.against_count, matter.quorum
    d = matter.tally.deferential_count
    # "report the final tally of Votes": uncounted DEFERENTIALs are Votes too.
    deferential = f", {d} DEFERENTIAL not counted" if d else ""
    tally = f"{f}-{a}{deferential}, Quorum {q}"
    match matter.decision.clause:
        case Clause.PROPOSAL_SELF_KILLED:
            return f"Self-killed. Failed by {admin}"
        case Clause.PROPOSAL_VETOED:
            return f"Vetoed. Failed by {admin}"
        case Clause.PROPOSAL_TIMED_OUT | Clause.DOV_TIMED_OUT:
            votes = "vote" if f == 1 else "votes"
            return f"Timed out {f} {votes} to {a}{deferential}. Failed by {admin}"
        case Clause.PROPOSAL_STALE:
            return f"Pending for more than 7 days ({tally}). Failed by {admin}"
        case Clause.DOV_OTHER_ENACTED:
            return f"Another Declaration of Victory was enacted ({tally}). Failed by {admin}"
        case Clause.ILLEGAL:
            return f"{matter.decision.why}. Marked Illegal by {admin}"
    word = "Enacted" if matter.decision.verdict is Verdict.ENACT else "Failed"
    return f"{word} by {admin} ({tally})"
