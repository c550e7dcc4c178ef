"""What the Votes page shows at one instant, computed one way for every writer.

The page (:mod:`wikibot.wiki.pages.votes`) shows the tally of the pending Votable
Matters and the open Demand Posts with their bids (rule "Planning"). ``nomicbot
publish``, ``nomicbot resolve`` (each resolution republishes the page) and ``nomicbot
watch`` all build it with :func:`votes_view` and write it with
:meth:`VotesView.publish`, so a resolution writes exactly the page a publish at the
same instant would, and the next publish or watch cycle edits nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gamestate import Game, GameStatus, evaluate
from gamestate.dynasties import Dynasty
from gamestate.dynasties.nomicland.planning import DemandStatus
from wikibot.config import WikiConfig
from wikibot.mirror.api import Mirror
from wikibot.wiki.client import EditCause, EditResult, PageRevision, WikiClient
from wikibot.wiki.demand import open_demands_on
from wikibot.wiki.pages.votes import publish_votes, tally_fingerprint

__all__ = ["VotesView", "votes_view"]


@dataclass(frozen=True)
class VotesView:
    """The Votes page's content at one instant: the tally and the open Demand Posts."""

    status: GameStatus
    """The pending Votable Matters, evaluated at the instant."""
    demands: tuple[DemandStatus, ...] = ()
    """The open Demand Posts and their bids (none without a mirror or a wiki)."""

    def fingerprint(self, *, blog_url: str) -> str:
        """The page's tally fingerprint: equal fingerprints, no edit."""
        return tally_fingerprint(self.status, blog_url=blog_url, demands=self.demands)

    def publish(
        self, client: WikiClient, *, title: str, blog_url: str, cause: EditCause | None = None
    ) -> EditResult:
        """Writes the page ``title`` (a dry-run client returns the diff instead)."""
        return publish_votes(
            client,
            self.status,
            title=title,
            blog_url=blog_url,
            demands=self.demands,
            cause=cause,
        )


def votes_view(
    game: Game,
    now: datetime,
    *,
    dynasty: Dynasty | None,
    pages: WikiConfig,
    client: WikiClient | None,
    mirror: Mirror | None,
    ruleset: PageRevision | None = None,
    status: GameStatus | None = None,
) -> VotesView:
    """What the Votes page shows for ``game`` at ``now``.

    The tally is ``game`` evaluated with ``dynasty``. The Demand section needs both the
    wiki (``client``: the Ruleset's Buildings, the Nomicland and Gamestate pages) and the
    mirror's ledger; without either (an archive file) it is empty. The wiki is read only
    when a post is titled "Demand: ..."; ``ruleset`` is the Ruleset page if the caller
    has read it already, and ``status`` the game evaluated at ``now`` with ``dynasty``
    if the caller has that too (``watch`` does, for its announcements).
    """
    if status is None:
        status = evaluate(game, now, dynasty=dynasty)
    if client is None or mirror is None:
        return VotesView(status)
    demands = open_demands_on(pages, game, now, client=client, mirror=mirror, ruleset=ruleset)
    return VotesView(status, tuple(demands))
