"""The watcher's audit step: each cycle, the gamestate pages' new revisions audited.

Each cycle :func:`audit_step` audits the revisions saved since the last audit
(as ``nomicbot wiki audit --apply`` does: the legal actions recorded in the
ledger, each flagged revision listed on the report page) and gives the events to
announce, each under a stable key so it is announced once, across restarts:

- ``audit:REVID``: a revision the audit flagged (illegal, unexplained,
  ambiguous), with its editor, rule and cell;
- ``project-completion:NAME``: a human edit brought about Project Completion
  (the same key as the dynasty's own event, so it is announced once whichever
  sees it first).

The watcher audits once an Admin has started the audit with ``nomicbot wiki
audit --apply`` (which says where it starts: ``--since``, or the ledger's first
read of the pages); until then the step costs nothing. With nothing new, it
costs one wiki request.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from gamestate.profiles.blognomic_139.models import Game
from wikibot.config import Config
from wikibot.mirror.api import Mirror
from wikibot.watch.events import Announcement
from wikibot.wiki.audit import audit_cursor, audit_started, flagged_rows, record_audit, run_audit
from wikibot.wiki.audit_page import publish_audit
from wikibot.wiki.client import WikiClient
from wikibot.wiki.revisions import RevisionReader

__all__ = ["audit_step"]

log = logging.getLogger("nomicbot.watch")


def audit_step(
    config: Config,
    mirror: Mirror,
    client: WikiClient,
    game: Game,
    now: datetime,
    *,
    ruleset: Callable[[], str | None],
) -> list[Announcement]:
    """Audits the new revisions, records them, updates the report page; the events."""
    if not audit_started(mirror) or audit_cursor(mirror, config.wiki) is None:
        return []
    reader = RevisionReader(client, bot_name=config.wiki.bot_name or None)
    run = run_audit(reader, mirror, config.wiki, now=now, game=game, ruleset=ruleset)
    facts, rows = record_audit(mirror, run)
    if rows:
        result = publish_audit(
            client, flagged_rows(mirror), title=config.wiki.audit_page, audited=rows
        )
        if result.saved:
            log.info("%s: saved revision %s", result.title, result.revid)
    log.info(
        "audit: %d revision(s) read in %d request(s), %d recorded, %d ledger row(s)",
        len(run.read.revisions),
        run.requests,
        rows,
        facts,
    )
    events: list[Announcement] = []
    for r in run.recordable:
        if not r.is_flagged:
            continue
        shown = [f for f in r.findings if f.kind.value not in ("reading", "alternatives")]
        said = "; ".join(
            (f'rule "{f.rule}"' if f.rule else f.kind.value)
            + (f" at {f.cell}" if f.cell else "")
            + (f" (expected {f.expected})" if f.expected is not None else "")
            + (f" (found {f.found})" if f.found is not None else "")
            for f in shown
        )
        events.append(
            Announcement(
                f"audit:{r.revid}",
                now,
                f"{r.page} revision {r.revid} by {r.editor} is {r.verdict.value}: "
                f"{said or 'see nomicbot wiki audit'} ({config.wiki.audit_page})",
            )
        )
    recorded = {r.revid for r in run.recordable}
    for e in run.result.events:
        if e.kind != "project_completion" or e.revid not in recorded:
            continue
        winner = str(e.detail.get("winner", ""))
        reason = str(e.detail.get("reason", ""))
        events.append(
            Announcement(
                f"project-completion:{winner}",
                now,
                f"Project Completion: {winner} has achieved victory ({reason}), brought "
                f'about by revision {e.revid} (rule "Project Completion").',
            )
        )
    return events
