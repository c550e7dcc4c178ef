"""What the audit reads: the pages' revisions, the ledger's rows, the roster, the blog's effects.

Every input is plain data or a pure function of an instant; the I/O side
(``wikibot``) reads MediaWiki and the mirror and builds an :class:`AuditInput`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from gamestate.dynasties.generic.records import PageRevision
from gamestate.profiles.blognomic_139.models import Post
from rules_text.buildings import BuildingCatalogue

__all__ = [
    "DEFAULT_PAIRING_WINDOW",
    "GAMESTATE",
    "NOMICLAND",
    "AuditInput",
    "BlogEffect",
    "LedgerFact",
    "Revision",
    "RosterView",
]

NOMICLAND = "Nomicland"
"""The role of the page of Zones and the Visitors queue."""
GAMESTATE = "Gamestate"
"""The role of the page of the GNDT's table."""

DEFAULT_PAIRING_WINDOW = timedelta(hours=1)
"""How long one action may span an editor's next edits: a Building on the Nomicland page
and its cost on the Gamestate page an hour later are one action; later, each is a lone half."""


Revision = PageRevision
"""One revision of a gamestate page: its ``page`` is the page's role (:data:`NOMICLAND` or
:data:`GAMESTATE`), not its title."""


@dataclass(frozen=True)
class LedgerFact:
    """What the audit needs of one applied row of the economy's ledger."""

    op_id: str
    """The operation id."""
    action: Mapping[str, Any]
    """The action as JSON (``action_to_json``; ``{"action": "roll", ...}`` for a roll)."""
    actor: str
    """Who acted."""
    at: datetime
    """The game time of the action."""
    cause: str = ""
    """The command line, comment URL or revision id(s) that asked for it."""
    revisions: Sequence[int] = ()
    """The revision ids its edits produced, or (an audit's row) the revisions it explains."""
    state: Mapping[str, Any] | None = None
    """The whole economy after it (the ledger's ``after["state"]``), when recorded."""
    result: Sequence[int | str] = ()
    """A roll's drawn values (``after["values"]``)."""


@dataclass(frozen=True)
class RosterView:
    """Who is who at one instant (from the mirror's roster)."""

    imagineers: frozenset[str]
    """Every player, Idle or not."""
    idle: frozenset[str] = frozenset()
    """The Idle players: "not counted as Imagineers"."""
    boss: str = ""
    """The Boss."""

    def is_active(self, name: str) -> bool:
        """A non-Idle Imagineer (names compared ignoring case)."""
        folded = name.casefold()
        return any(n.casefold() == folded for n in self.imagineers) and not any(
            n.casefold() == folded for n in self.idle
        )

    def is_player(self, name: str) -> bool:
        """An Imagineer, Idle or not."""
        folded = name.casefold()
        return any(n.casefold() == folded for n in self.imagineers)


@dataclass(frozen=True)
class BlogEffect:
    """A change to the gamestate decided on the blog: a Demand Post closed by comment, or an
    enacted Proposal or CfJ. The editor who writes it in is not its actor."""

    kind: str
    """``"demand close"``, ``"proposal"`` or ``"cfj"``."""
    matter: str
    """The post's id."""
    at: datetime
    """When it was decided (the closing comment, the enactment)."""
    actor: str
    """Who decided it: the closing commenter, the enacting Admin."""
    action: Mapping[str, Any] | None = None
    """A Demand close's action JSON (``demand close``); None otherwise."""
    cells: Mapping[str, str] | None = None
    """A mechanical form's values to set (cell -> value); None: "applied by hand, unchecked"."""
    by: Mapping[str, int] = field(default_factory=dict)
    """A mechanical form's changes by an amount (cell -> signed amount, "Reduce Kevan's Debt
    by 5" is -5): the cell's value in the ledger when first written in, plus the amount.
    Only with ``cells`` (empty when the form sets nothing)."""


@dataclass(frozen=True)
class AuditInput:
    """Everything :func:`~gamestate.dynasties.nomicland.audit.audit` reads."""

    revisions: Sequence[Revision]
    """Both pages' revisions after ``--since``, by time then revid."""
    base: Mapping[str, str]
    """Page role -> its text at ``--since`` (the gamestate where the ledger has nothing)."""
    ledger: Sequence[LedgerFact]
    """The economy ledger's applied rows, in order."""
    roster_at: Callable[[datetime], RosterView]
    """Who are Imagineers, Idle and the Boss at an instant."""
    hiatus_at: Callable[[datetime], str | None]
    """Why the game is in Hiatus at an instant (None: it is not)."""
    catalogue: BuildingCatalogue
    """The Ruleset's Buildings."""
    front_page_at: Callable[[datetime], str | None] | None = None
    """The wiki front page as of an instant (a Zone's name is checked against it)."""
    pairing_window: timedelta = DEFAULT_PAIRING_WINDOW
    """How long one action may span an editor's next edits."""
    enacted: Sequence[BlogEffect] = ()
    """Effects decided on the blog (Demand closes, enacted Proposals and CfJs), in time order."""
    now: datetime | None = None
    """The audit's instant, the game as of then: a revision saved after it is not audited
    (``AuditResult.later``), nor a ledger row only such revisions produced or one timed after
    it; a half whose window is still open then stays pending (None: the last revision's
    time, nothing left for later)."""
    demand_posts: Sequence[Post] = ()
    """The blog's posts (with their comments): a Demand Post's close written in by hand is
    checked against its bids (:mod:`.demands`)."""
    op_prefix: str = "audit"
    """The new ledger rows' operation ids start with this."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Room for the I/O side's own notes; the audit ignores it."""
