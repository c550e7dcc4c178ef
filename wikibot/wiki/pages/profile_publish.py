"""Publishing a profile game's pages (:mod:`.profile_pages`) with the Votes page's
guarantees: a dry run gives each page's diff; ``apply`` makes one edit per page
whose part changed and none for the others; each edit is a ledger row (domain
``pages``) recorded ``started`` before the edit and ``applied`` after it, named in
the edit summary.

Exactly once across a crash: a run killed after an edit went out, before its row
was finished, leaves a ``started`` row; the next run finds the page already showing
that part (its digest is in the marker), makes no edit, and finishes the row with
the page's revision. A run killed before the edit leaves a ``started`` row that the
next run reuses (the same operation id: the page, the part's digest and the
revision it replaces) for the one edit it then makes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.wiki.client import EditCause, WikiClient
from wikibot.wiki.pages.profile_pages import Page, update_region

__all__ = ["PAGES", "PageResult", "publish_pages"]

PAGES = "pages"
"""The ledger domain of the profile games' pages."""


@dataclass(frozen=True)
class PageResult:
    """What publishing one page did (or, in a dry run, would do)."""

    title: str
    changed: bool
    diff: str = ""
    revid: int | None = None
    op_id: str | None = None
    dry_run: bool = False


def _op_id(profile: str, page: Page, base: int | None) -> str:
    words = f"{profile}\n{page.title}\n{page.digest}\n{base}"
    return "page-" + hashlib.sha256(words.encode("utf-8")).hexdigest()[:16]


def publish_pages(
    client: WikiClient,
    pages: Sequence[Page],
    *,
    profile: str,
    at: datetime,
    actor: str,
    ledger: Ledger | None,
) -> list[PageResult]:
    """Each page in turn; ``ledger`` is required to write (not in a dry run)."""
    from wikibot.resolve.ledger import kill_point  # the write points every writer shares

    results = []
    for page in pages:
        change = partial(update_region, page=page)
        cause = f"publish the {profile} page {page.title}"
        if client.dry_run or ledger is None:
            r = client.edit(page.title, change, cause=EditCause(cause))
            results.append(PageResult(r.title, r.changed, r.diff, dry_run=True))
            continue
        current = client.read(page.title)
        pending = [e for e in ledger.pending() if e.arguments.get("title") == page.title]
        if update_region(current.text, page) == current.text:
            # Already showing this part: a crashed run's edit went out; finish its row.
            for entry in pending:
                if entry.arguments.get("digest") == page.digest and current.revid is not None:
                    ledger.finish(entry.op_id, {page.title: current.revid})
                else:
                    ledger.abandon(entry.op_id)
            results.append(PageResult(current.title, False))
            continue
        op_id = _op_id(profile, page, current.revid)
        for entry in pending:
            if entry.op_id != op_id:
                ledger.abandon(entry.op_id)  # an older part that never went out
        ledger.start(
            LedgerEntry(
                op_id=op_id,
                at=at,
                actor=actor,
                action="publish page",
                arguments={"title": page.title, "digest": page.digest, "profile": profile},
                before={"revid": current.revid},
                cause=cause,
            ),
            once=True,
        )
        r = client.edit(
            page.title,
            change,
            cause=EditCause(cause, ledger_id=op_id),
            base=current,
        )
        kill_point(f"page saved: {page.title}")  # tests: SIGKILL here, between two edits
        if r.saved and r.revid is not None:
            ledger.finish(op_id, {page.title: r.revid}, after={"revid": r.revid})
        else:
            ledger.abandon(op_id)
        results.append(PageResult(r.title, r.saved, r.diff, r.revid, op_id))
    return results
