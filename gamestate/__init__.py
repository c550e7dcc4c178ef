"""The game as pure data and pure functions: no network, files, database or clock.

Every game is a rule profile (:mod:`gamestate.profiles`) on a rule-neutral core.
BlogNomic Ruleset 139's engine, the blog record, votes, Quorum, clocks and
verdicts, is :mod:`gamestate.profiles.blognomic_139`; its entry point is re-exported
here: :func:`evaluate` takes a :class:`Game` and an instant and gives a
:class:`GameStatus` (every pending matter's verdict, with its reason). BlogNomic's
dynasties are :mod:`gamestate.dynasties`.
"""

from __future__ import annotations

from gamestate.profiles.blognomic_139.audit import (
    TODAYS,
    AuditSummary,
    Disagreement,
    Discrepancy,
    MatterAudit,
    audit_resolutions,
    pending_windows,
)
from gamestate.profiles.blognomic_139.evaluate import as_of, evaluate
from gamestate.profiles.blognomic_139.in_force import RulesetHistory, RulesInForce
from gamestate.profiles.blognomic_139.models import (
    Category,
    Comment,
    Game,
    Player,
    Post,
    PostStatus,
    RosterSnapshot,
    RulesetRevision,
    Terms,
)
from gamestate.profiles.blognomic_139.notes import admin_note
from gamestate.profiles.blognomic_139.roster import Roster, quorum
from gamestate.profiles.blognomic_139.status import GameStatus, MatterStatus
from gamestate.profiles.blognomic_139.tally import Tally, tally
from gamestate.profiles.blognomic_139.timeline import Hiatus, Timeline
from gamestate.profiles.blognomic_139.verdicts import Clause, Decision, Verdict
from gamestate.profiles.blognomic_139.votes import Vote

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
    "RulesetHistory",
    "RulesetRevision",
    "RulesInForce",
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
