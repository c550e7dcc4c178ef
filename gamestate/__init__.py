"""The game as pure data and pure functions: no network, files, database or clock.

The entry point is :func:`evaluate`: a :class:`Game` and an instant in,
a :class:`GameStatus` (every pending matter's verdict, with its reason) out.
"""

from __future__ import annotations

from gamestate.audit import (
    TODAYS,
    AuditSummary,
    Disagreement,
    Discrepancy,
    MatterAudit,
    audit_resolutions,
    pending_windows,
)
from gamestate.evaluate import as_of, evaluate
from gamestate.models import (
    Category,
    Comment,
    Game,
    Player,
    Post,
    PostStatus,
    RosterSnapshot,
    Terms,
)
from gamestate.notes import admin_note
from gamestate.roster import Roster, quorum
from gamestate.status import GameStatus, MatterStatus
from gamestate.tally import Tally, tally
from gamestate.timeline import Hiatus, Timeline
from gamestate.verdicts import Clause, Decision, Verdict
from gamestate.votes import Vote

__all__ = [
    "TODAYS",
    "AuditSummary",
    "Category",
    "Clause",
    "Comment",
    "Decision",
    "Disagreement",
    "Discrepancy",
    "Game",
    "GameStatus",
    "Hiatus",
    "MatterAudit",
    "MatterStatus",
    "Player",
    "Post",
    "PostStatus",
    "Roster",
    "RosterSnapshot",
    "Tally",
    "Terms",
    "Timeline",
    "Verdict",
    "Vote",
    "admin_note",
    "as_of",
    "audit_resolutions",
    "evaluate",
    "pending_windows",
    "quorum",
    "tally",
]
