"""``nomicbot wiki audit``'s pure engine: every human edit of the Nomicland and Gamestate
pages explained as legal actions, or flagged with the rule it breaks (issue 20).

Interface (the I/O side reads MediaWiki and the mirror, and records what this returns)::

    result = audit(AuditInput(
        revisions=[Revision(page, revid, parent, editor, at, summary, text, bot), ...],
        base={"Nomicland": text, "Gamestate": text},     # the pages at --since
        ledger=[LedgerFact(op_id, action_json, actor, at, cause, revisions, state, result)],
        roster_at=lambda at: RosterView(imagineers, idle, boss),
        hiatus_at=lambda at: None,                        # or why the game is in Hiatus
        catalogue=buildings(ruleset),
        front_page_at=lambda at: front_page_text,         # optional
        pairing_window=DEFAULT_PAIRING_WINDOW,            # one hour
        enacted=[BlogEffect(kind, matter, at, actor, action, cells)],   # optional
        now=None,                                         # optional: the audit's instant
    ))
    result.to_json()      # {"assumptions", "revisions", "pending", "discrepancies",
                          #  "events", "state"}: issue 20's --json less "since" and "now"
    result.new_facts      # ledger rows to record: NewFact(op_id, action, actor, at,
                          #  revisions (the cause), state (after["state"]), changes)

Extensions of the agreed interface, all optional: ``LedgerFact.state`` (the ledger's
``after["state"]``, so the audit starts from the ledger's own state rather than a replay),
``LedgerFact.result`` (a roll's values), ``AuditInput.enacted`` (the blog's decisions:
Demand closes by comment, enacted Proposals and CfJs, mechanical ``cells`` or None for "by
hand"), ``AuditInput.now`` (the game as of then: a revision saved after it is not audited,
left for later in ``AuditResult.later``; a half whose window is still open then stays
``pending``),
``AuditInput.op_prefix`` (the new rows' op ids are ``PREFIX:REVIDS:N``, the same on a
rerun, so a rerun records nothing new: a fact whose op id is in ``ledger`` is not returned).

How it works: each revision's page is read into cells (:mod:`.cells`) and diffed with its
parent's. A changed cell whose new value the ledger's state already holds is a correction.
Every other changed cell is a cue (:mod:`.steps`); the cues' actions are applied by the
economy's own ``apply`` to the *ledger's* state in the orders their prices allow and with
every choice (:mod:`.explain`, :mod:`.orders`), and the best try is judged
(:mod:`.judge`). The walk (:mod:`.run`) pairs an editor's unexplained half with their next
edit within the window, applies the ledger's own rows (the bot's edits, by revision id; rows
without a revision, at their time), sets the Boss and the Idle from the roster at each
revision, and reports what differs at the end.

Readings (README-ready; each pinned by a test in ``tests/gamestate/dynasties/nomicland/
test_audit_*.py``):

- **A spend by Debt that passes the Boss's Debt** (Spending: "If an Imagineer's Debt
  exceeds that of the Boss's ... they may only spend currency by reducing their Budget"):
  judged on the Debts *before* the spending, so it is allowed and recorded; the revision is
  ``ambiguous``, listing both readings (the other: judged after, only the Budget may pay).
- **A zero-cost Budget Building** (a Budget version taking C as zero in an empty Zone, X 0)
  is constructed by spending nothing: ``legal``; only the Buildings line changes; the
  payment choice is noted as an identical alternative.
- **Visitors added to a processed day**: an IP License may be exercised onto "any Uncrowded
  Business Day", processed or not; ``legal``, noting who already processed it (their
  processing is not redone).
- **Whose License may be exercised**: any Zone's, not only the exerciser's own; ``legal``,
  noted. Two Zones with the same segments are identical alternatives.
- **Who acts**: the editor. An edit writing another Imagineer's action (Bob raising Ann's
  LBD) is ``illegal`` (Gamestate Tracking: "Any Imagineer may update any Imagineer's data
  via the GNDT, whenever the Ruleset permits it"), and not recorded. A Building (or an IP
  License) written into another's Zone is the editor's own ``build``, refused by
  "Construction" ("in a Zone which they operate"); one whose price the page takes from
  another Imagineer's Budget or Debt is refused by "Construction" too, the finding naming
  that cell ("by spending an amount of currency": their own). Neither is recorded. A
  Demand close and an enactment are the blog's decider's; a correction is the editor's.
- **Corrections and undos**: a cell put back to the ledger's value is a correction, legal by
  any non-Idle Imagineer, also during Hiatus; so is a cell the ledger lacks removed (a Zone,
  a row, a Business Day no action made: ``{"cells": {CELL: None}}``). Every undo names
  itself, the editor's ``correction``, whatever it undoes (a refused action, a wrong value,
  vandalism). Putting back the value a *legal* action changed
  (saved before this edit) is an undo that makes the page stop matching the gamestate:
  ``illegal`` (rule "Gamestate Tracking"), and the ledger keeps the action.
- **Idle Imagineers in communal actions**: the Sunday interest multiplies every active
  Imagineer's Debt, never an Idle one's. An edit that also charges an Idle row is
  ``illegal`` under "Idle Imagineers", the finding naming that row's Debt; the interest on
  the active rows is the editor's ``debt interest``, recorded.
- **Business Days processed out of order**: an LBD raised by more than one, with the
  other cells exactly as processing the last day alone writes them, is that day processed
  while an earlier one is not: refused under "Visitors" at the LBD cell (not read as
  processing every day up to it, which needs cells the edit did not write). Its undo is a
  correction; the earlier day's processing after it is legal.
- **Who may edit the GNDT**: a change no action explains, made by someone who is not an
  Imagineer then, is ``refused`` under "Gamestate Tracking" ("Any Imagineer may update any
  Imagineer's data via the GNDT"), or by an Idle Imagineer under "Idle Imagineers":
  ``illegal``. The same change by an Imagineer (ten unearned Smiles) is ``unexplained``.
- **A value already wrong**, moved by exactly what the rules move it by, is right: the old
  discrepancy stays listed in ``discrepancies`` and is not blamed on this editor.
- **Pairing**: one action may span an editor's *next* edits within ``pairing_window``
  (default one hour, :data:`DEFAULT_PAIRING_WINDOW`), on either page; the action's time is
  its first edit's. A lone half is ``unexplained`` (``lone_half``). An audit as of an
  instant inside the window leaves the half ``pending``, and an assumption says when it
  will be judged (an audit as of the window's end or later: ``--now`` past it).
- **Several actions in one edit**, in any number: the order whose costs match the page is
  found by searching the orders of what changes the price (:mod:`.orders`: X, the count of
  earlier constructions and exercises, and Size; Buildings of one Size are interchangeable),
  never every permutation; with no such order, the nearest (then the written one) is judged.
  A Zone's Buildings are a list in no order: reordering it is no change.
- **Focus Grouping written by hand**: who (the Boss) and how many (three on each Uncrowded
  day, judged before any is added) are checked; the letters are compared with a roll of the
  Boss recorded in the ledger within the window (3 x DICE4 per day, 1 Child, 2 Teen, 3 Adult,
  4 Senior) or with a recorded ``demand open``; with none, ``legal`` and
  ``random_unverified``.
- **Hiatus**: no dynastic action may be taken; corrections may. Hiatus is checked before
  the action's own preconditions, so a Building during Hiatus is refused under "Victory and
  Ascension" (its words quoted), not under "Spending" for a Budget of 0.
- **A Demand Post's close written in by hand** (``AuditInput.demand_posts``, :mod:`.demands`):
  the Budgets moved and the Building Planned, checked against the bids read from the blog
  as of the edit, is the legal ``demand close`` of the post's decider: the Imagineer whose
  comment closed it (once closable), else the editor (the winning bid 24 hours old). A
  later edit building the Planned Building and removing it from Planned Buildings is a
  ``build`` plus a ``demand unplan``.
- **An enacted Proposal or CfJ** (``BlogEffect.cells``, ``BlogEffect.by``): a mechanical
  form's cells are checked, the enacting Admin's ``enacted`` action (``{"matter",
  "cells"}``, with ``"by"`` for a change by an amount, the ledger's value plus the amount,
  applied once); another value written is ``wrong_value`` under "Votable Matters" and the
  text's value is recorded.
  With ``cells`` None, the cells no action explains within the window are "applied by hand,
  unchecked" (``by_hand``).
- **Before the ledger's first row** the pages at ``--since`` are the gamestate, with X 0,
  no Building built that day, no first processor or exerciser known, no removal awaiting a
  new Business Day and no interest applied; ``assumptions`` says so.
- **Names** (:mod:`.names`): one per kind of action, the economy's command names plus
  ``correction``, ``enacted``, ``player row``, ``focus grouping``, ``gndt seed`` and
  ``roll``; a ledger row's alias an Admin might type (``undo``) is read as its name.
- **Text the bot does not own** and columns the Ruleset does not name are not gamestate:
  changing them is ``legal`` with no action.
- **Zone creation** with no front page known is ``legal`` with an ``unverified`` finding.
"""

from __future__ import annotations

from gamestate.dynasties.nomicland.audit.cells import CellChange, PageRead, diff
from gamestate.dynasties.nomicland.audit.inputs import (
    DEFAULT_PAIRING_WINDOW,
    GAMESTATE,
    NOMICLAND,
    AuditInput,
    BlogEffect,
    LedgerFact,
    Revision,
    RosterView,
)
from gamestate.dynasties.nomicland.audit.results import (
    AuditedAction,
    AuditResult,
    Discrepancy,
    Event,
    Finding,
    FindingKind,
    NewFact,
    Pending,
    RevisionAudit,
    Verdict,
)
from gamestate.dynasties.nomicland.audit.run import audit
from gamestate.dynasties.nomicland.records import economy_from_record, record_of

__all__ = [
    "DEFAULT_PAIRING_WINDOW",
    "GAMESTATE",
    "NOMICLAND",
    "AuditedAction",
    "AuditInput",
    "AuditResult",
    "BlogEffect",
    "CellChange",
    "Discrepancy",
    "Event",
    "Finding",
    "FindingKind",
    "LedgerFact",
    "NewFact",
    "PageRead",
    "Pending",
    "Revision",
    "RevisionAudit",
    "RosterView",
    "Verdict",
    "audit",
    "diff",
    "economy_from_record",
    "record_of",
]
