"""Admins' acknowledgements of Ruleset changes nomicbot could not read (ARCHITECTURE.md 1c).

A verdict that depends on an unread rule is ``unknown``, and ``resolve`` will not
apply it. An Admin who has read the change tells nomicbot it is understood:
``nomicbot rules acknowledge RULE --apply`` records, in the ledger (domain
``rules``, action ``rules acknowledge``), that rule at the revision that changed
it, with the Admin as its author. Every Game the mirror builds carries them
(``Game.acknowledged``): the verdicts are then judged by what nomicbot could read
of the rule, and say so. Recording one twice adds nothing.
"""

from __future__ import annotations

from datetime import datetime

from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.mirror.schema import LedgerRow

__all__ = ["ACKNOWLEDGE", "RULES", "acknowledge", "acknowledged", "acknowledgement_id"]

RULES = "rules"
"""The ledger domain of the Ruleset's reading."""
ACKNOWLEDGE = "rules acknowledge"
"""The action of an acknowledgement row."""


def acknowledgement_id(rule: str, revision: int | None, at: datetime | None) -> str:
    """The operation id: one acknowledgement per rule and revision."""
    where = str(revision) if revision is not None else (at.isoformat() if at else "seed")
    return f"rules-acknowledge:{rule}@{where}"


def acknowledge(
    mirror: Mirror,
    *,
    rule: str,
    revision: int | None,
    revision_at: datetime | None,
    by: str,
    at: datetime,
    cause: str,
) -> tuple[LedgerEntry, bool]:
    """Records the acknowledgement (once); returns its row and whether it is new."""
    ledger = Ledger(mirror, domain=RULES)
    op_id = acknowledgement_id(rule, revision, revision_at)
    known = ledger.get(op_id)
    if known is not None:
        return known, False
    entry = LedgerEntry(
        op_id=op_id,
        at=at,
        actor=by,
        action=ACKNOWLEDGE,
        arguments={
            "rule": rule,
            "revision": revision,
            "revision_at": revision_at.isoformat() if revision_at else None,
        },
        cause=cause,
    )
    ledger.start(entry, once=True)
    return ledger.finish(op_id), True


def acknowledged(mirror: Mirror) -> frozenset[tuple[str, int | None, datetime | None]]:
    """Every recorded acknowledgement: (rule, revision id, revision time)."""
    found: set[tuple[str, int | None, datetime | None]] = set()
    with mirror.bound():
        rows = LedgerRow.select().where(
            (LedgerRow.domain == RULES) & (LedgerRow.action == ACKNOWLEDGE)
        )
        for row in rows.iterator():
            args = dict(row.arguments)
            when = args.get("revision_at")
            found.add(
                (
                    str(args.get("rule")),
                    args.get("revision"),
                    datetime.fromisoformat(when) if isinstance(when, str) else None,
                )
            )
    return frozenset(found)
