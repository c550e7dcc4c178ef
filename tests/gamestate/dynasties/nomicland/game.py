"""A small Nomicland game for the economy's tests: Kevan the Boss, Ann, Bob, Cat.

The Building catalogue is Ruleset 139's, read by ``rules_text``; ``REC_ROOM_CATALOGUE``
adds the "Costumed Character Rec Room" with Size 1, since Ruleset 139 gives it Size 0
and so does not define it as a Building (Construction: "a positive integer Size").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

from gamestate.dynasties.nomicland import (
    Action,
    Building,
    Economy,
    IPLicense,
    Outcome,
    PlayerRow,
    Segment,
    Zone,
    apply,
    parse_visitors,
)
from rules_text.buildings import BuildingCatalogue, BuildingDefinition, buildings
from rules_text.seed import ruleset_139

CATALOGUE = buildings(ruleset_139())
REC_ROOM = BuildingDefinition(
    "Costumed Character Rec Room",
    250,
    1,
    "+1 SMILE and 25 Wages per visitor that Business Day.",
)
REC_ROOM_CATALOGUE = BuildingCatalogue((*CATALOGUE.definitions, REC_ROOM))

TEN = (
    "Tunnel System",
    "Indoor Coaster",
    "Playpit",
    "Concession Stand",
    "Guest Assistance Station",
    "Lazy River",
    "Gift Shop",
    "Haunted House",
    "Turnstile",
    "Expedited Pass Point",
)
"""Ten Buildings of total Size 12 (the most a Zone may reach alone): their costs depend on
where the Tunnel System (halving S after it) and the Size-2 Indoor Coaster come."""

SUNDAY = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
"""A Sunday, noon UTC."""
MONDAY = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
"""The Monday after."""

FRONT_PAGE = """\
BlogNomic's dynasties:
* [[The Theme Park Dynasty]] of Kevan (Ruleset 139)
* The Second Dynasty of [[User:Josh|Josh]]
* A dynasty with no such words
"""

BOSS = "Kevan"


def economy(
    *,
    players: Sequence[PlayerRow] = (),
    zones: Sequence[Zone] = (),
    days: Sequence[str] = ("AtSScAA", "ccctcS", ""),
    boss_debt: int = -100_000,
    idle: Sequence[str] = (),
) -> Economy:
    """Kevan (Boss, Debt ``boss_debt``) and ``players`` (default Ann, Bob, Cat at defaults)."""
    rows = list(players) or [PlayerRow("Ann"), PlayerRow("Bob"), PlayerRow("Cat")]
    return Economy.from_pages(
        rows=[PlayerRow(BOSS, debt=boss_debt), *rows],
        zones=zones,
        days=days,
        boss=BOSS,
        idle=idle,
    )


def zone(
    name: str = "The Theme Zone",
    operator: str | None = "Ann",
    buildings: str = "",
    license: str | None = None,
) -> Zone:
    """A Zone; ``buildings`` as written on the page ("Playpit, Gift Shop (Budget)")."""
    from gamestate.dynasties.nomicland import parse_buildings, parse_license

    return Zone(
        name,
        operator=operator,
        buildings=parse_buildings(buildings),
        ip_license=parse_license(license) if license else None,
    )


def with_row(
    state: Economy,
    name: str,
    *,
    budget: int | None = None,
    debt: int | None = None,
    smiles: int | None = None,
    lbd: int | None = None,
) -> Economy:
    found = state.player(name)
    assert found is not None
    return state.with_player(
        replace(
            found,
            budget=found.budget if budget is None else budget,
            debt=found.debt if debt is None else debt,
            smiles=found.smiles if smiles is None else smiles,
            lbd=found.lbd if lbd is None else lbd,
        )
    )


def act(
    state: Economy,
    action: Action,
    actor: str = "Ann",
    *,
    now: datetime = MONDAY,
    catalogue: BuildingCatalogue = CATALOGUE,
) -> Outcome:
    return apply(state, action, actor=actor, now=now, catalogue=catalogue)


def row(state: Economy, name: str) -> PlayerRow:
    found = state.player(name)
    assert found is not None
    return found


def visitors(text: str) -> tuple[Segment, ...]:
    return parse_visitors(text)


__all__ = [
    "BOSS",
    "Building",
    "CATALOGUE",
    "FRONT_PAGE",
    "IPLicense",
    "MONDAY",
    "REC_ROOM_CATALOGUE",
    "SUNDAY",
    "act",
    "economy",
    "row",
    "visitors",
    "with_row",
    "zone",
]
