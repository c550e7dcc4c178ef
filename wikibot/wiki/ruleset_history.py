"""Reading the wiki's Ruleset page history into the mirror, incrementally.

``nomicbot sync`` (when ``[wiki]`` is configured) and each ``watch`` cycle read
the revisions of ``[wiki] ruleset_page`` saved after the last one the mirror
holds (:mod:`wikibot.mirror.rulesets`), each with its id, time, editor, summary
and wikitext, through the gamestate audit's reader
(:class:`wikibot.wiki.revisions.RevisionReader`).

The cost, in API requests (``n`` new revisions; ``L`` the revisions one request
may hold: 500 for a bot, else 50, fewer when their texts pass the wiki's
``$wgAPIMaxResultSize``, 8 MB by default: about 80 Rulesets of 100 KB):

* with revisions stored: **one look** at the page's latest revision, without
  its text (``prop=revisions``, ``rvprop=ids|timestamp|...``). When it is the
  last one stored, that is all: **1 request** with nothing new. Otherwise its
  history newest first down to the last one stored (``rvdir=older``,
  ``rvend`` at its time, ``rvlimit=max``, following ``continue``):
  ``ceil((n + 1) / L)`` more;
* with none stored (a first read): no look, the whole history newest first,
  ``ceil(n / L)`` requests (one for a page that does not exist).

Never one request per revision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from wikibot.config import Config
from wikibot.mirror.api import Mirror
from wikibot.mirror.rulesets import last_ruleset_revision, store_ruleset_revisions
from wikibot.wiki.client import WikiClient, check_title, connect
from wikibot.wiki.revisions import RevisionReader, WikiRevision

__all__ = ["RulesetSync", "read_ruleset_history", "sync_configured_ruleset", "sync_ruleset"]


@dataclass(frozen=True)
class RulesetSync:
    """What one read of the Ruleset's history did."""

    title: str
    """The page read (``[wiki] ruleset_page``)."""
    new: int
    """Revisions stored for the first time."""
    requests: int
    """API requests made for the Ruleset."""
    latest: int | None
    """The page's latest revision id (None: the page does not exist)."""

    def summary(self) -> str:
        """One line for ``sync``'s output: ``Ruleset: 2 new revision(s)`` or ``Ruleset: no
        change (1 request)``."""
        if self.new:
            return f"Ruleset: {self.new} new revision(s) ({_requests(self.requests)})"
        if self.latest is None:
            return f'Ruleset: no page "{self.title}" on the wiki ({_requests(self.requests)})'
        return f"Ruleset: no change ({_requests(self.requests)})"


def _requests(count: int) -> str:
    return f"{count} request" if count == 1 else f"{count} requests"


def read_ruleset_history(
    reader: RevisionReader, title: str, *, after: int | None, after_at: datetime | None = None
) -> tuple[list[WikiRevision], int | None]:
    """The revisions of ``title`` saved after revision ``after`` (None: every one), oldest
    first, and the page's latest revision id (None: no such page).

    ``after_at`` is that revision's time: the history is read down to it (``rvend``), so
    a revision deleted since costs nothing more. See the module's docstring for the cost.
    """
    check_title(title, setting="ruleset_page")
    if after is None:
        history = reader.history(title, start_id=None, stop=lambda r: False)
        history.reverse()
        return history, history[-1].revid if history else None
    top = reader.look([title], content=False)[title]
    if top is None:
        return [], None
    if top.revid <= after:
        return [], top.revid
    history = reader.history(
        title, start_id=top.revid, stop=lambda r: r.revid <= after, end=after_at
    )
    news = [r for r in history if r.revid > after]
    news.reverse()
    return news, top.revid


def sync_ruleset(
    mirror: Mirror,
    client: WikiClient | RevisionReader,
    title: str,
    *,
    clock: Callable[[], datetime] = lambda: datetime.now(UTC).replace(microsecond=0),
) -> RulesetSync:
    """Reads the Ruleset page's new revisions into the mirror; says what it did."""
    reader = client if isinstance(client, RevisionReader) else RevisionReader(client)
    spent = reader.requests
    last = last_ruleset_revision(mirror, title)
    found, latest = read_ruleset_history(
        reader,
        title,
        after=last.revid if last is not None else None,
        after_at=last.at if last is not None else None,
    )
    new = store_ruleset_revisions(mirror, title, found, seen_at=clock())
    return RulesetSync(title, new, reader.requests - spent, latest)


def sync_configured_ruleset(
    mirror: Mirror, config: Config, *, client: WikiClient | None = None
) -> RulesetSync | None:
    """``sync``'s Ruleset step: the ``[wiki] ruleset_page`` history into the mirror, through
    ``client`` or a new client (logged in when ``[wiki] user`` is set: a bot reads 500
    revisions a request, anyone else 50). None when no ``[wiki] url`` is configured.
    Raises WikiError (the wiki cannot be reached) or ConfigError (no password)."""
    if not config.wiki.url:
        return None
    if client is None:
        client = connect(config, login=bool(config.wiki.user), min_interval=0)
    return sync_ruleset(mirror, client, config.wiki.ruleset_page)
