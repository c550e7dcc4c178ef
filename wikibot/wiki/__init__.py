"""The wiki side: the bot client, the wikitext reader, drift checks and the page models."""

from __future__ import annotations

# The page models load first: the client reads wikitext through them (a cycle otherwise).
import wikibot.wiki.pages  # noqa: F401, I001
from wikibot.wiki.client import (
    EditCause,
    EditResult,
    PageRevision,
    Revision,
    WikiClient,
    build_site,
    check_title,
    connect,
    script_path,
)
from wikibot.wiki.drift import (
    NO_LEDGER,
    DriftReport,
    check_pages,
    check_wiki,
    ruleset_buildings,
)

__all__ = [
    "NO_LEDGER",
    "DriftReport",
    "EditCause",
    "EditResult",
    "PageRevision",
    "Revision",
    "WikiClient",
    "build_site",
    "check_pages",
    "check_title",
    "check_wiki",
    "connect",
    "ruleset_buildings",
    "script_path",
]
