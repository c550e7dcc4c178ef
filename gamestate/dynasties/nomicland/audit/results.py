"""What the audit finds: a verdict per revision, its actions and findings, and the ledger
rows to record. Each ``to_json`` gives exactly the keys of issue 20's ``--json``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.records import record_of

__all__ = [
    "AuditResult",
    "AuditedAction",
    "Discrepancy",
    "Event",
    "Finding",
    "FindingKind",
    "Later",
    "NewFact",
    "Pending",
    "RevisionAudit",
    "Verdict",
]


class Verdict(StrEnum):
    """One verdict per revision."""

    LEGAL = "legal"
    """Its actions are allowed and written right (or it changes no gamestate)."""
    ILLEGAL = "illegal"
    """An action is recognised but not allowed, or written with a wrong value."""
    UNEXPLAINED = "unexplained"
    """No action changes those cells that way."""
    AMBIGUOUS = "ambiguous"
    """The Ruleset allows readings that disagree; the documented one is applied."""
    PENDING = "pending"
    """Half of an action whose other half may still come (within the pairing window)."""


class FindingKind(StrEnum):
    """What a finding is about."""

    REFUSED = "refused"
    """The action is not allowed (who, when, Hiatus, sequence, limits, spending)."""
    WRONG_VALUE = "wrong_value"
    """The action is allowed but a cell holds another value than it gives."""
    MISSING = "missing"
    """The action changes a cell the edit left alone."""
    UNEXPLAINED = "unexplained"
    """A changed cell no action explains."""
    LONE_HALF = "lone_half"
    """Half of an action whose other half never came within the window."""
    UNDO = "undo"
    """An undo of a legal action: the page no longer matches the gamestate."""
    UNREADABLE = "unreadable"
    """The revision's text could not be read."""
    RANDOM_UNVERIFIED = "random_unverified"
    """A random Effect with no recorded roll to compare with."""
    RANDOM_MISMATCH = "random_mismatch"
    """A random Effect whose values differ from the recorded roll."""
    READING = "reading"
    """A reading of the Ruleset was applied (see the package docstring)."""
    ALTERNATIVES = "alternatives"
    """Choices with identical effects: any of them explains the edit."""
    BY_HAND = "by_hand"
    """An enacted matter's effects applied by hand, unchecked."""
    UNVERIFIED = "unverified"
    """A fact the audit could not check (e.g. the front page as of a Zone's creation)."""
    BOT_UNMATCHED = "bot_unmatched"
    """The bot's edit has no ledger row: audited as any edit."""


@dataclass(frozen=True)
class Finding:
    """Something about a revision an Admin should read, with the rule and the values."""

    kind: FindingKind
    """What it is about."""
    rule: str = ""
    """The rule's title."""
    words: str = ""
    """The rule's words."""
    cell: str = ""
    """``Gamestate/NAME/COLUMN``, ``Nomicland/ZONE/FIELD``, ``Nomicland/ZONE`` or
    ``Nomicland/Visitors/N`` ('' for the revision as a whole)."""
    expected: str | None = None
    """The value the rules give (or why the action is refused)."""
    found: str | None = None
    """The value on the page."""
    readings: tuple[str, ...] = ()
    """The readings that disagree (an ``ambiguous`` verdict), the applied one first."""

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "rule", "words", "cell", "expected", "found", "readings"}``."""
        return {
            "kind": self.kind.value,
            "rule": self.rule,
            "words": self.words,
            "cell": self.cell,
            "expected": self.expected,
            "found": self.found,
            "readings": list(self.readings),
        }


@dataclass(frozen=True)
class AuditedAction:
    """One action a revision performs (recorded in the ledger when the verdict allows)."""

    action: str
    """The economy's command name (``build``, ``day process``...), or ``player row``,
    ``correction``, ``enacted``."""
    actor: str
    """Who acted: the editor, or the blog's decider, or the Imagineer who corrected."""
    args: Mapping[str, Any]
    """The action's arguments as JSON."""
    revisions: tuple[int, ...]
    """The revision(s) that wrote it."""
    ledger: str | None = None
    """The ledger row's operation id (None: not recorded, e.g. refused)."""

    def to_json(self) -> dict[str, Any]:
        """``{"action", "actor", "args", "revisions", "ledger"}``."""
        return {
            "action": self.action,
            "actor": self.actor,
            "args": dict(self.args),
            "revisions": list(self.revisions),
            "ledger": self.ledger,
        }


@dataclass(frozen=True)
class RevisionAudit:
    """One revision and what the audit found in it."""

    page: str
    """The page's role."""
    revid: int
    """The revision id."""
    parent: int | None
    """Its parent revision."""
    editor: str
    """Who saved it."""
    at: datetime
    """When."""
    summary: str
    """The edit summary."""
    bot: bool
    """The bot's own edit."""
    verdict: Verdict
    """The verdict."""
    actions: tuple[AuditedAction, ...] = ()
    """Its actions, in the order their costs allow."""
    findings: tuple[Finding, ...] = ()
    """What an Admin should read."""

    @property
    def is_flagged(self) -> bool:
        """Illegal, unexplained or ambiguous: a line on the report page."""
        return self.verdict in (Verdict.ILLEGAL, Verdict.UNEXPLAINED, Verdict.AMBIGUOUS)

    def to_json(self) -> dict[str, Any]:
        """The issue's per-revision object."""
        return {
            "page": self.page,
            "revid": self.revid,
            "parent": self.parent,
            "editor": self.editor,
            "at": self.at.isoformat(),
            "summary": self.summary,
            "bot": self.bot,
            "verdict": self.verdict.value,
            "actions": [a.to_json() for a in self.actions],
            "findings": [f.to_json() for f in self.findings],
        }


@dataclass(frozen=True)
class Pending:
    """Half of an action awaiting its other half from the same editor."""

    page: str
    """The page of the half."""
    revid: int
    """Its revision."""
    editor: str
    """Who made it."""
    at: datetime
    """When."""
    until: datetime
    """The end of the pairing window."""
    cells: tuple[str, ...]
    """The cells it changed."""

    def to_json(self) -> dict[str, Any]:
        """``{"page", "revid", "editor", "at", "until", "cells"}``."""
        return {
            "page": self.page,
            "revid": self.revid,
            "editor": self.editor,
            "at": self.at.isoformat(),
            "until": self.until.isoformat(),
            "cells": list(self.cells),
        }


@dataclass(frozen=True)
class Later:
    """A revision saved after the audit's instant (``AuditInput.now``): not audited, left for
    an audit as of a later instant (the cursor must not pass it)."""

    page: str
    """The page's role."""
    revid: int
    """Its revision."""
    at: datetime
    """When it was saved."""


@dataclass(frozen=True)
class Discrepancy:
    """A cell where the page, after the last revision audited, differs from the ledger."""

    cell: str
    """The cell."""
    page: str | None
    """Its value on the page (None: absent)."""
    ledger: str | None
    """Its value in the ledger's state (None: absent)."""

    def to_json(self) -> dict[str, Any]:
        """``{"cell", "page", "ledger"}``."""
        return {"cell": self.cell, "page": self.page, "ledger": self.ledger}


@dataclass(frozen=True)
class Event:
    """Something a human edit brought about (``project_completion``)."""

    kind: str
    """``project_completion``."""
    revid: int
    """The revision that brought it about."""
    at: datetime
    """When."""
    detail: Mapping[str, Any] = field(default_factory=dict)
    """E.g. ``{"winner", "reason"}``."""

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "revid", "at", ...detail}``."""
        return {"kind": self.kind, "revid": self.revid, "at": self.at.isoformat(), **self.detail}


@dataclass(frozen=True)
class NewFact:
    """A ledger row the I/O side should record (domain ``nomicland``), caused by revisions."""

    op_id: str
    """Its operation id: the same revisions give the same id, so a rerun adds nothing."""
    action: Mapping[str, Any]
    """The action as JSON (``{"action": "build", ...}``)."""
    actor: str
    """Who acted."""
    at: datetime
    """The game time: the (first) revision's."""
    revisions: tuple[int, ...]
    """The revisions it explains: its cause."""
    economy: Economy = field(repr=False, compare=False)
    """The whole economy after it."""
    changes: tuple[str, ...] = ()
    """Its changes in words, each with its rule."""

    @property
    def state(self) -> dict[str, Any]:
        """The economy after it as the ledger records it (``after["state"]``: the ``state
        --json`` shape plus ``idle`` and ``books``); worked out when asked."""
        return record_of(self.economy)

    @property
    def cause(self) -> str:
        """``revision 1234`` or ``revisions 1234, 1236``."""
        many = "s" if len(self.revisions) > 1 else ""
        return f"revision{many} " + ", ".join(str(r) for r in self.revisions)

    def to_json(self) -> dict[str, Any]:
        """``{"op_id", "action", "actor", "at", "cause", "revisions", "state", "changes"}``."""
        return {
            "op_id": self.op_id,
            "action": dict(self.action),
            "actor": self.actor,
            "at": self.at.isoformat(),
            "cause": self.cause,
            "revisions": list(self.revisions),
            "state": self.state,
            "changes": list(self.changes),
        }


@dataclass(frozen=True)
class AuditResult:
    """The whole audit."""

    assumptions: tuple[str, ...]
    """What was assumed before the ledger's first row."""
    revisions: tuple[RevisionAudit, ...]
    """One per revision, in order."""
    pending: tuple[Pending, ...]
    """Halves whose other half may still come."""
    discrepancies: tuple[Discrepancy, ...]
    """Cells where the pages differ from the ledger at the end."""
    events: tuple[Event, ...]
    """What human edits brought about."""
    state: Mapping[str, Any]
    """The ledger's economy after the audit, in the ``state --json`` shape."""
    new_facts: tuple[NewFact, ...] = ()
    """The ledger rows to record (not in ``to_json``: the I/O side records them)."""
    later: tuple[Later, ...] = ()
    """The revisions saved after ``AuditInput.now``, not audited (not in ``to_json``; an
    assumption says how many)."""

    @property
    def flagged(self) -> tuple[RevisionAudit, ...]:
        """The revisions for the report page."""
        return tuple(r for r in self.revisions if r.is_flagged)

    def to_json(self) -> dict[str, Any]:
        """``{"assumptions", "revisions", "pending", "discrepancies", "events", "state"}``."""
        return {
            "assumptions": list(self.assumptions),
            "revisions": [r.to_json() for r in self.revisions],
            "pending": [p.to_json() for p in self.pending],
            "discrepancies": [d.to_json() for d in self.discrepancies],
            "events": [e.to_json() for e in self.events],
            "state": dict(self.state),
        }

    @staticmethod
    def facts_json(facts: Sequence[NewFact]) -> list[dict[str, Any]]:
        """The new ledger rows as JSON."""
        return [f.to_json() for f in facts]
