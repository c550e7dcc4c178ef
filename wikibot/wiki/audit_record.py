"""The audit's rows in the mirror, as any dynasty's audit writes them.

Inside one transaction (a run killed midway has recorded nothing), each once:

* where the audit started on each page (op id ``audit:base:TITLE``): the cursor of a
  page it found nothing on;
* one row per audited revision (domain ``audit``, op id ``audit:REVID``) with its
  verdict and findings: the cursor;
* a report operation (domain ``audit-report``), ``started``: the report page must now
  list these revisions (:mod:`wikibot.wiki.audit_page` marks it ``applied``).

Each row is a write point where a test may kill the run
(:func:`wikibot.resolve.ledger.kill_point`). The Nomicland audit
(:mod:`wikibot.wiki.audit`) also writes its ledger rows; any dynasty's
(:mod:`wikibot.wiki.generic_audit`) writes only these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import APPLIED, STARTED, Ledger, LedgerEntry
from wikibot.mirror.ledger import NOMICLAND as ECONOMY
from wikibot.mirror.schema import LedgerRow
from wikibot.resolve.ledger import kill_point
from wikibot.wiki.revisions import Revisions

__all__ = [
    "AUDIT",
    "REPORT",
    "AuditedRevision",
    "record_revisions",
    "record_row",
    "repair_unfinished",
]

AUDIT = "audit"
"""The ledger domain of the audit's per-revision rows (its cursor)."""
REPORT = "audit-report"
"""The ledger domain of the report page's updates: one operation per audit that recorded
revisions, ``started`` in the same transaction as them and ``applied`` once the page lists
every flagged revision recorded (the page is rebuilt from the mirror, so a run killed
before its edit is finished by the next)."""
_AUDIT_ACTION = "audit"


def record_row(ledger: Ledger, entry: LedgerEntry, what: str) -> None:
    """Writes one audit row once, ``started`` then ``applied``: each a write point
    (``audit: WHAT started``, ``audit: WHAT applied``) where a test may kill the run."""
    ledger.start(entry, once=True)
    kill_point(f"audit: {what} started")
    ledger.finish(entry.op_id, entry.revisions)
    kill_point(f"audit: {what} applied")


@dataclass(frozen=True)
class AuditedRevision:
    """One audited revision, as the audit's ledger row records it (any dynasty)."""

    title: str
    """The page's title."""
    revid: int
    """The revision id."""
    at: datetime
    """When it was saved."""
    editor: str
    """Who saved it."""
    verdict: str
    """The audit's verdict on it."""
    flagged: bool
    """Does the report page list it?"""
    found: Mapping[str, Any]
    """Everything the audit found (the revision's ``to_json()``)."""


def record_revisions(
    mirror: Mirror,
    read: Revisions,
    audited: Sequence[AuditedRevision],
    *,
    since: str,
    now: datetime,
    by: str,
) -> int:
    """Records an audit run's rows, each once (inside the caller's transaction): where it
    started on each page (the cursor of a page it found nothing on), one row per audited
    revision (``audit:REVID``) and, when any is new, the report operation ``started`` (the
    report page must now list them); returns how many revisions were new."""
    audits = Ledger(mirror, domain=AUDIT)
    for title, base in read.bases.items():
        op_id = f"{AUDIT}:base:{title}"
        if audits.get(op_id) is None:
            base_row = LedgerEntry(
                op_id,
                now,
                "nomicbot",
                _AUDIT_ACTION,
                arguments={"page": title, "revid": base.revid or 0, "verdict": "base"},
                cause=f"the audit started after {since}",
            )
            record_row(audits, base_row, f"cursor {title}")
    rows: list[AuditedRevision] = []
    for r in audited:
        op_id = f"{AUDIT}:{r.revid}"
        if audits.get(op_id) is not None:
            continue
        finding = LedgerEntry(
            op_id,
            r.at,
            r.editor,
            _AUDIT_ACTION,
            arguments={"page": r.title, "revid": r.revid, "verdict": r.verdict},
            after=dict(r.found),
            cause=f"revision {r.revid}",
            revisions={r.title: r.revid},
        )
        record_row(audits, finding, f"finding {r.revid}")
        rows.append(r)
    if rows:
        # The report page must now list these: done (applied) once it does.
        last = max(r.revid for r in rows)
        Ledger(mirror, domain=REPORT).start(
            LedgerEntry(
                f"{REPORT}:{last}",
                max(r.at for r in rows),  # the same whenever the audit ran
                "nomicbot",
                "audit report",
                arguments={
                    "audited": len(rows),
                    "flagged": [r.revid for r in rows if r.flagged],
                    "by": by,
                },
                cause=f"revisions audited up to {last}",
            ),
            once=True,
        )
        kill_point("audit: report started")
    return len(rows)


def repair_unfinished(mirror: Mirror) -> None:
    """Finishes what an audit run from before the record was one transaction may have left
    (call it inside the record's transaction): rows written ``started`` and never
    ``applied`` (each was whole when started: it is finished), and findings the report
    page may lack (no report operation was kept then): a report operation is started, so
    the page is rebuilt once from the mirror."""
    stuck = list(
        LedgerRow.select(LedgerRow.op_id).where(
            (LedgerRow.state == STARTED)
            & (
                (LedgerRow.domain == AUDIT)
                | ((LedgerRow.domain == ECONOMY) & LedgerRow.op_id.startswith(f"{AUDIT}:"))
            )
        )
    )
    for row in stuck:
        LedgerRow.update(state=APPLIED).where(LedgerRow.op_id == row.op_id).execute()
    audited = LedgerRow.select().where(
        (LedgerRow.domain == AUDIT) & ~LedgerRow.op_id.startswith(f"{AUDIT}:base:")
    )
    reported = LedgerRow.select().where(LedgerRow.domain == REPORT).exists()
    if (stuck or not reported) and audited.exists():
        last = max(int(r.arguments["revid"]) for r in audited)
        Ledger(mirror, domain=REPORT).start(
            LedgerEntry(
                f"{REPORT}:repair:{last}",
                max(r.at for r in audited),
                "nomicbot",
                "audit report",
                arguments={"audited": 0, "flagged": [], "by": "repair"},
                cause=f"rows an interrupted audit left unfinished or unlisted, up to {last}",
            ),
            once=True,
        )
