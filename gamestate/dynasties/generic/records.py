"""The records of any dynasty's audit: its input (revisions, enacted effects, rolls, the
shared rules of an instant) and what it finds (each change, finding, revision)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from rules_text.dynasty import DynastyRules

__all__ = [
    "EARLY",
    "Cell",
    "CellChange",
    "Effect",
    "Finding",
    "GenericAudit",
    "GenericInput",
    "Missing",
    "PageRevision",
    "RevisionAudit",
    "RevisionVerdict",
    "Roll",
    "Shared",
    "cell_name",
]

EARLY = timedelta(hours=1)
"""How long before the blog shows a matter resolved its Admin may write its effect."""

Cell = tuple[str, str, str, str]
"""(page, table, row, column)."""


def cell_name(cell: Cell) -> str:
    """``Page/Table/Row/Column``, as the output names a cell."""
    return "/".join(cell)


@dataclass(frozen=True)
class PageRevision:
    """One revision of a gamestate page, as every dynasty's audit reads it (the Nomicland
    audit names it ``Revision``)."""

    page: str
    """The page's title; in the Nomicland audit its role, ``"Nomicland"`` or
    ``"Gamestate"``."""
    revid: int
    """Its revision id."""
    parent: int | None
    """The revision it was made on (None: the page's first)."""
    editor: str
    """Who saved it (a wiki user name, as the roster spells players; '' when hidden)."""
    at: datetime
    """When it was saved (UTC)."""
    summary: str
    """Its edit summary."""
    text: str | None
    """Its wikitext; None when it could not be read (reported, never guessed)."""
    bot: bool = False
    """Saved by the bot's account (the Nomicland audit matches it to its ledger row and
    does not audit it again)."""


@dataclass(frozen=True)
class Effect:
    """An enacted Proposal's or CfJ's effect on named players' named values."""

    kind: str
    """``proposal`` or ``cfj``."""
    matter: str
    """The post's id."""
    at: datetime
    """When the Admin resolved it."""
    admin: str
    """Who resolved it."""
    sets: Mapping[tuple[str, str], str] = field(default_factory=dict)
    """(player, column) -> the value set."""
    by: Mapping[tuple[str, str], int] = field(default_factory=dict)
    """(player, column) -> the amount added (negative: taken away)."""


@dataclass(frozen=True)
class Roll:
    """A GNDT roll recorded by ``nomicbot roll`` (rule "Random Generators")."""

    op_id: str
    """Its ledger op id."""
    actor: str
    """Who rolled."""
    at: datetime
    """When."""
    command: str
    """``DICE6``, ``FRUIT``..."""
    cause: str
    """Why, as given (``--cause``)."""
    values: tuple[str, ...]
    """The values drawn, and the total when there are several."""

    def is_named_by(self, summary: str) -> bool:
        """Does an edit summary name this roll (its op id, its cause or its command)?"""
        said = summary.casefold()
        return any(w and w.casefold() in said for w in (self.op_id, self.cause, self.command))


@dataclass(frozen=True)
class Shared:
    """The rules every dynasty shares, as the Ruleset in force at an instant says them."""

    dynasty: DynastyRules
    """The dynasty's keyword and the shared rules' words."""
    hiatus_allowed: tuple[str, ...] = ()
    """The rules whose actions may be taken in Hiatus."""
    downtime_allowed: tuple[str, ...] = ()
    """The rules whose actions may be taken in Seasonal Downtime."""
    downtime: bool = False
    """Is the instant in Seasonal Downtime?"""


@dataclass(frozen=True)
class GenericInput:
    """Everything the audit reads."""

    revisions: Sequence[PageRevision]
    """The revisions to audit, oldest first."""
    base: Mapping[str, str]
    """Page -> its text before the first revision audited ('' for none)."""
    roster_at: Callable[[datetime], tuple[frozenset[str], frozenset[str]]]
    """(players, Idle players) at an instant (Idle ones among the players)."""
    hiatus_at: Callable[[datetime], str | None]
    """Why the game is in Hiatus at an instant, or None."""
    rules_at: Callable[[datetime], Shared]
    """The shared rules in force at an instant."""
    effects: Sequence[Effect] = ()
    """Enacted matters with mechanical effects on values, oldest first."""
    earlier: Mapping[Cell, Sequence[str]] = field(default_factory=dict)
    """Cell -> the values it held before ``base`` (for corrections), oldest first."""
    rolls: Sequence[Roll] = ()
    """Rolls recorded in the ledger, oldest first."""
    done: frozenset[tuple[str, str, str]] = frozenset()
    """(matter, player, column) effects written before this audit."""
    key: str | None = None
    """The column that names rows (None: each table's first)."""
    templates: Mapping[str, str] = field(default_factory=dict)
    """Template name -> its wikitext (cells are expanded as the wiki renders them)."""


@dataclass(frozen=True)
class Finding:
    """Something the audit says of one change (or of a revision)."""

    kind: str
    """``refused``, ``wrong_value``, ``matched``, ``correction``, ``unchecked``,
    ``unreadable``, ``table``."""
    cell: str | None = None
    """``Page/Table/Row/Column``."""
    rule: str | None = None
    """The rule that decides it."""
    words: str | None = None
    """The rule's words."""
    expected: str | None = None
    """The value the rule gives (or, for a refusal, why)."""
    found: str | None = None
    """The value written."""
    cause: str | None = None
    """What explains it: ``proposal X``, ``cfj X``, ``correction``."""
    row: str | None = None
    """The row of the cell (an enacted effect's player)."""
    column: str | None = None
    """The column of the cell."""

    @property
    def flags(self) -> bool:
        """Does this finding make its revision ``illegal``?"""
        return self.kind in ("refused", "wrong_value")

    def to_json(self) -> dict[str, Any]:
        """The finding as the audit's JSON and the report page read it."""
        return {
            "kind": self.kind,
            "cell": self.cell,
            "rule": self.rule,
            "words": self.words,
            "expected": self.expected,
            "found": self.found,
            "cause": self.cause,
            "row": self.row,
            "column": self.column,
        }


@dataclass(frozen=True)
class CellChange:
    """One cell a revision changed."""

    cell: Cell
    """(page, table, row, column)."""
    before: str | None
    """Its text before (None: no such cell)."""
    after: str | None
    """Its text after (None: removed)."""

    def to_json(self) -> dict[str, Any]:
        page, table, row, column = self.cell
        return {
            "page": page,
            "table": table,
            "row": row,
            "column": column,
            "from": self.before,
            "to": self.after,
        }


class RevisionVerdict:
    """The verdicts, most serious first."""

    ILLEGAL = "illegal"
    UNCHECKED = "unchecked"
    LEGAL = "legal"
    NO_CHANGE = "no change"
    UNREADABLE = "unreadable"


@dataclass(frozen=True)
class RevisionAudit:
    """One revision, audited."""

    revision: PageRevision
    """The revision."""
    changes: tuple[CellChange, ...]
    """The cells it changed."""
    findings: tuple[Finding, ...]
    """What the rules say of it."""
    verdict: str
    """``illegal``, ``unchecked``, ``legal``, ``no change`` or ``unreadable``."""

    @property
    def is_flagged(self) -> bool:
        """Is it listed on the report page?"""
        return self.verdict == RevisionVerdict.ILLEGAL

    def to_json(self) -> dict[str, Any]:
        """The revision as ``--json`` and the report page (its ``page``, ``revid``,
        ``editor``, ``at``, ``verdict``, ``findings``) read it."""
        r = self.revision
        return {
            "revid": r.revid,
            "page": r.page,
            "editor": r.editor,
            "bot": r.bot,
            "at": r.at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "summary": r.summary,
            "verdict": self.verdict,
            "changes": [c.to_json() for c in self.changes],
            "findings": [f.to_json() for f in self.findings],
        }


@dataclass(frozen=True)
class Missing:
    """An enacted effect no revision wrote."""

    matter: str
    """The post."""
    cell: str
    """``player/column`` (or the cell, when the table has it)."""
    expected: str | None
    """The value it should hold (None: an amount on a cell no table has)."""
    found: str | None
    """The value it holds at the end."""
    since: datetime
    """When the Admin resolved the matter."""

    def to_json(self) -> dict[str, Any]:
        return {
            "matter": self.matter,
            "cell": self.cell,
            "expected": self.expected,
            "found": self.found,
            "since": self.since.strftime("%Y-%m-%dT%H:%M:%SZ"),
        }


@dataclass(frozen=True)
class GenericAudit:
    """The audit's result."""

    revisions: tuple[RevisionAudit, ...]
    """Every revision audited, oldest first."""
    missing: tuple[Missing, ...]
    """Enacted effects never written."""
    warnings: tuple[str, ...]
    """Tables that could not be read (each named once, with the revision)."""
    written: frozenset[tuple[str, str, str]] = frozenset()
    """(matter, player, column) effects written, this audit's and earlier ones."""

    def to_json(self) -> dict[str, Any]:
        return {
            "revisions": [r.to_json() for r in self.revisions],
            "missing": [m.to_json() for m in self.missing],
            "warnings": list(self.warnings),
        }
