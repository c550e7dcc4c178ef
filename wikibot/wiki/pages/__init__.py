"""The wiki pages the bot reads and writes: Nomicland, Gamestate and Votes."""

from __future__ import annotations

from wikibot.wiki.pages.gamestate import (
    COLUMNS,
    GamestatePage,
)
from wikibot.wiki.pages.nomicland import (
    NomiclandPage,
    WikiHeading,
    WikiLine,
    WikiLines,
    opaque_spans,
    plain,
)
from wikibot.wiki.pages.votes import (
    publish_votes,
    render_demands,
    render_tally,
    tally_fingerprint,
    update_votes_page,
)

__all__ = [
    "COLUMNS",
    "GamestatePage",
    "NomiclandPage",
    "WikiHeading",
    "WikiLine",
    "WikiLines",
    "opaque_spans",
    "plain",
    "publish_votes",
    "render_demands",
    "render_tally",
    "tally_fingerprint",
    "update_votes_page",
]
