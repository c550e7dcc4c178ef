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
from wikibot.wiki.economy import (
    ACTIONS,
    FRONT_PAGE,
    ActionResult,
    Park,
    action_from,
    arguments_of,
    economy_from_record,
    finish_pending,
    op_id_of,
    perform,
    read_park,
    record_of,
    render_pages,
)
from wikibot.wiki.replay import Replay, compare, replay, state_differences

__all__ = [
    "ACTIONS",
    "FRONT_PAGE",
    "NO_LEDGER",
    "ActionResult",
    "DriftReport",
    "EditCause",
    "EditResult",
    "PageRevision",
    "Park",
    "Replay",
    "Revision",
    "WikiClient",
    "action_from",
    "arguments_of",
    "build_site",
    "check_pages",
    "check_title",
    "check_wiki",
    "compare",
    "connect",
    "economy_from_record",
    "finish_pending",
    "op_id_of",
    "perform",
    "read_park",
    "record_of",
    "render_pages",
    "replay",
    "ruleset_buildings",
    "script_path",
    "state_differences",
]
