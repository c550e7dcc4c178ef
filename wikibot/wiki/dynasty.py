"""The dynasty in play, built from the mirror: the one place that names it.

``status``, ``resolve``, ``publish`` and ``watch`` ask :func:`dynasty_from_mirror`
for the :class:`gamestate.dynasties.Dynasty` whose rules join the core's; the
next dynasty is a new package under ``gamestate/dynasties/`` and a new branch
here, not edits all over.

Nomicland's economy over time comes from the mirror's ledger
(:func:`economy_history`): the Nomicland and Gamestate pages as the bot first
read them (the ``baseline`` rows, known from the instant they were read), then
the whole economy after each applied action, at the action's game time. Changes
a human made on the wiki outside the ledger are not in it (``wiki check`` names
them).
"""

from __future__ import annotations

from datetime import datetime

from gamestate.dynasties import Dynasty
from gamestate.dynasties.nomicland import (
    ACTION_NAMES,
    CloseDemandPost,
    Economy,
    EconomyHistory,
    Nomicland,
)
from rules_text import RulesTextError, buildings, parse_ruleset
from wikibot.config import Config, WikiConfig
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import BASELINE, Ledger
from wikibot.wiki.economy import economy_from_record
from wikibot.wiki.pages.gamestate import GamestatePage
from wikibot.wiki.pages.nomicland import NomiclandPage

__all__ = [
    "closed_demand_posts",
    "building_names",
    "dynasty_from_mirror",
    "dynasty_without_mirror",
    "economy_history",
]


def economy_history(
    ledger: Ledger, pages: WikiConfig, *, boss: str = "", idle: frozenset[str] = frozenset()
) -> EconomyHistory:
    """The economy at each instant, as the ledger knows it. ``boss`` and ``idle`` fill in
    what the first-read pages do not say (an action's record says it itself)."""
    states: list[tuple[datetime, Economy]] = []
    first_record = None
    for entry in ledger.actions():
        record = entry.after.get("state")
        if not isinstance(record, dict):
            continue
        first_record = first_record or record
        states.append((entry.at, economy_from_record(record)))
    if first_record is not None:
        boss = str(first_record.get("boss") or boss)
        idle = frozenset(first_record.get("idle", idle))
    start, known_from = _first_read(ledger, pages, boss=boss, idle=idle)
    return EconomyHistory(start, known_from, tuple(states))


def _first_read(
    ledger: Ledger, pages: WikiConfig, *, boss: str, idle: frozenset[str]
) -> tuple[Economy | None, datetime | None]:
    park = ledger.get(f"{BASELINE}:{pages.nomicland_page}")
    table = ledger.get(f"{BASELINE}:{pages.gamestate_page}")
    if park is None or table is None:
        return None, None
    park_page = NomiclandPage.from_wikitext(str(park.after["text"]), title=park.op_id)
    table_page = GamestatePage.from_wikitext(
        str(table.after["text"]), business_days=len(park_page.business_days)
    )
    if park_page.problems or table_page.problems:
        return None, None  # the bot refused to act on them: no economy to read
    start = Economy.from_pages(
        rows=table_page.rows,
        zones=park_page.zones,
        days=park_page.business_days,
        boss=boss,
        idle=idle,
    )
    return start, max(park.at, table.at)


def building_names(ruleset_text: str) -> frozenset[str]:
    """The Buildings of a Ruleset's rule "Construction" (none if it has no such rule)."""
    try:
        return frozenset(buildings(parse_ruleset(ruleset_text)).names())
    except RulesTextError:
        return frozenset()


def dynasty_from_mirror(
    mirror: Mirror,
    config: Config,
    *,
    boss: str | None = None,
    idle: frozenset[str] = frozenset(),
    ruleset_text: str | None = None,
) -> Dynasty:
    """The dynasty in play (Nomicland), its economy read from ``mirror``'s ledger.

    ``ruleset_text`` (the wiki's Ruleset) gives the Buildings rule "Planning" needs to
    tell Demand Posts; without it no Demand Post is read.
    """
    ledger = Ledger(mirror)
    history = economy_history(ledger, config.wiki, boss=boss or "", idle=idle)
    names = building_names(ruleset_text) if ruleset_text is not None else frozenset()
    return Nomicland(history, buildings=names, closed=closed_demand_posts(ledger))


def closed_demand_posts(ledger: Ledger) -> dict[str, datetime]:
    """Demand Post id -> when ``demand close`` closed it, from the ledger's applied actions
    ("A closed Demand Post is no longer a Demand Post")."""
    return {
        str(entry.arguments["post"]): entry.at
        for entry in ledger.actions()
        if entry.action == ACTION_NAMES[CloseDemandPost] and "post" in entry.arguments
    }


def dynasty_without_mirror() -> Dynasty:
    """The dynasty in play with no mirror (an archive file): nothing of its economy known."""
    return Nomicland(EconomyHistory(None, None))
