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

A cycle killed midway ends as an uninterrupted one: the audit's records are one
transaction, the report page is rebuilt from them while one of its report
operations is unfinished, and each flagged revision the watcher recorded is
announced until the ``announcements`` table has it (read from the mirror, not
from the cycle that found it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from gamestate.dynasties.generic import dynasty_at
from gamestate.profiles.blognomic_139.models import Game
from wikibot.config import Config
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import AnnouncementRow
from wikibot.watch.events import Announcement
from wikibot.wiki.audit import (
    WATCH,
    audit_cursor,
    audit_started,
    flagged_by,
    flagged_rows,
    record_audit,
    run_audit,
)
from wikibot.wiki.audit_page import publish_recorded
from wikibot.wiki.client import WikiClient
from wikibot.wiki.revisions import RevisionReader

__all__ = ["audit_step"]

log = logging.getLogger("nomicbot.watch")
_SKIP = ("reading", "alternatives")
"""Findings that explain rather than flag: not announced."""


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
    if not audit_started(mirror):
        return []
    if not dynasty_at(game, now).is_nomicland:
        return _any_dynasty(config, mirror, client, game, now)
    if audit_cursor(mirror, config.wiki) is None:
        return []
    reader = RevisionReader(client, bot_name=config.wiki.bot_name or None)
    run = run_audit(reader, mirror, config.wiki, now=now, game=game, ruleset=ruleset)
    facts, rows = record_audit(mirror, run, by=WATCH)
    # Also finishes a cycle killed between its record and its edit.
    result = publish_recorded(client, mirror, title=config.wiki.audit_page)
    if result is not None and result.saved:
        log.info("%s: saved revision %s", result.title, result.revid)
    log.info(
        "audit: %d revision(s) read in %d request(s), %d recorded, %d ledger row(s)",
        len(run.read.revisions),
        run.requests,
        rows,
        facts,
    )
    events = [
        Announcement(f"audit:{r['revid']}", now, _flagged(r, config.wiki.audit_page))
        for r in _unannounced(mirror)
    ]
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


def _any_dynasty(
    config: Config, mirror: Mirror, client: WikiClient, game: Game, now: datetime
) -> list[Announcement]:
    """While Nomicland's rules are not in force: the tables of ``[wiki] gamestate_pages``
    audited (docs/any-dynasty.md), once ``wiki audit --apply`` has audited them."""
    from wikibot.wiki.generic_audit import generic_cursor, record_generic, run_generic_audit

    pages = config.wiki.gamestate_pages
    if not pages or generic_cursor(mirror, pages) is None:
        return []  # no page named, or none audited yet: an Admin starts it
    reader = RevisionReader(client, bot_name=config.wiki.bot_name or None)
    run = run_generic_audit(reader, mirror, config.wiki, now=now, game=game)
    record_generic(mirror, run, by=WATCH)
    publish_recorded(client, mirror, title=config.wiki.audit_page)
    return [
        Announcement(f"audit:{r['revid']}", now, _flagged(r, config.wiki.audit_page))
        for r in _unannounced(mirror)
    ]


def _unannounced(mirror: Mirror) -> list[Mapping[str, Any]]:
    """The flagged revisions the watcher recorded and has not announced: this cycle's, and
    those of a cycle killed before its announcements were kept (read from the mirror)."""
    waiting = set(flagged_by(mirror, WATCH))
    if not waiting:
        return []
    with mirror.bound():
        keys = AnnouncementRow.select(AnnouncementRow.key).where(
            AnnouncementRow.key.startswith("audit:")
        )
        for row in keys:
            revid = row.key.removeprefix("audit:")
            if revid.isdigit():
                waiting.discard(int(revid))
    return [r for r in flagged_rows(mirror) if int(r["revid"]) in waiting] if waiting else []


def _flagged(r: Mapping[str, Any], audit_page: str) -> str:
    """A flagged revision's announcement: editor, verdict, rule and cell."""
    shown = [f for f in r.get("findings", ()) if f.get("kind") not in _SKIP]
    said = "; ".join(
        (f'rule "{f["rule"]}"' if f.get("rule") else str(f["kind"]))
        + (f" at {f['cell']}" if f.get("cell") else "")
        + (f" (expected {f['expected']})" if f.get("expected") is not None else "")
        + (f" (found {f['found']})" if f.get("found") is not None else "")
        for f in shown
    )
    return (
        f"{r['page']} revision {r['revid']} by {r['editor']} is {r['verdict']}: "
        f"{said or 'see nomicbot wiki audit'} ({audit_page})"
    )
