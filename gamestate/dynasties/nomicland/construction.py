"""Rule "Construction": building in a Zone the Imagineer operates.

The cost is C + 500 * S + 1000 * X (a Budget version takes one of C, S, X as
zero; a Tunnel System in the Zone divides S first); at most 10 Buildings per
Imagineer per UTC day; and the size cap: not more than four times the
next-highest-total-size Zone once above 12.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from gamestate.dynasties.nomicland.actions import BudgetVersion, Construct
from gamestate.dynasties.nomicland.clauses import (
    BUDGET_VERSION,
    BUILDING_COST,
    CONSTRUCT_INSTANCE,
    CONSTRUCTION,
    DAILY_LIMIT,
    SIZE_CAP,
)
from gamestate.dynasties.nomicland.economy import Change, Economy, Field
from gamestate.dynasties.nomicland.effects import EffectKind
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.instances import instances_in, total_size
from gamestate.dynasties.nomicland.models import Building, Zone
from gamestate.dynasties.nomicland.money import spend
from rules_text.buildings import BuildingCatalogue

__all__ = ["DAILY_BUILDINGS", "Cost", "construct", "cost_of"]

DAILY_BUILDINGS = 10
"""Construction: "An Imagineer may not construct more than 10 Buildings per day."."""


@dataclass(frozen=True)
class Cost:
    """Construction's costing equation, with its terms."""

    c: int
    """C: the Building's Cost (0 for a Budget version taking C as zero)."""
    s: int
    """S: the other Buildings' total Size (after a Tunnel System's division)."""
    x: int
    """X: Buildings the Imagineer constructed since they last processed a Business Day."""
    divisor: int = 1
    """A Tunnel System's divisor applied to S (1: none)."""

    @property
    def total(self) -> int:
        """C + 500 * S + 1000 * X, rounded toward zero (S may be a fraction after a Tunnel)."""
        return self.c + (500 * self.s) // self.divisor + 1000 * self.x

    def __str__(self) -> str:
        s = f"{self.s}/{self.divisor}" if self.divisor != 1 else str(self.s)
        return f"C + 500*S + 1000*X = {self.c} + 500*{s} + 1000*{self.x} = {self.total}"


def _zone_for(state: Economy, actor: str, named: str | None) -> Zone:
    operated = state.zones_of(actor)
    if named is not None:
        zone = state.zone(named)
        if zone is None or zone not in operated:
            raise ActionRefused(f"{actor} does not operate a Zone named {named!r}", BUILDING_COST)
        return zone
    if not operated:
        raise ActionRefused(f"{actor} operates no Zone", BUILDING_COST)
    if len(operated) > 1:
        names = ", ".join(z.name for z in operated)
        raise ActionRefused(f"{actor} operates {names}: name the Zone", BUILDING_COST)
    return operated[0]


def cost_of(
    state: Economy,
    actor: str,
    zone: Zone,
    building: str,
    budget: BudgetVersion | None,
    catalogue: BuildingCatalogue,
) -> Cost:
    """What constructing ``building`` in ``zone`` costs ``actor`` now."""
    definition = catalogue.get(building)
    if definition is None:
        raise ActionRefused(f"{building!r} is not a Building in the Ruleset", CONSTRUCTION)
    tunnels = [i for i in instances_in(zone, catalogue) if i.effect.kind is EffectKind.TUNNEL]
    # "they may first divide": the largest divisor on offer, once.
    divisor = max((i.effect.divisor for i in tunnels), default=1) or 1
    c, s, x = definition.cost, total_size(zone, catalogue), state.books.since_processing(actor)
    if budget is BudgetVersion.C:
        c = 0
    elif budget is BudgetVersion.S:
        s, divisor = 0, 1
    elif budget is BudgetVersion.X:
        x = 0
    return Cost(c, s, x, divisor)


def construct(
    state: Economy,
    actor: str,
    action: Construct,
    now: datetime,
    catalogue: BuildingCatalogue,
) -> tuple[Economy, list[Change]]:
    """Construction: spend the cost and add an instance of the Building to the Zone."""
    zone = _zone_for(state, actor, action.zone)
    definition = catalogue.get(action.building)
    if definition is None:
        known = ", ".join(catalogue.names())
        raise ActionRefused(
            f"{action.building!r} is not a Building in the Ruleset (they are: {known})",
            CONSTRUCTION,
        )
    today = now.date()
    built = state.books.built_that_day(actor, today)
    if built >= DAILY_BUILDINGS:
        raise ActionRefused(
            f"{actor} has already constructed {built} Buildings on {today.isoformat()} (UTC)",
            DAILY_LIMIT,
        )
    size = total_size(zone, catalogue) + definition.size
    others = max((total_size(z, catalogue) for z in state.zones if z.name != zone.name), default=0)
    if size > 4 * others and size > 12:
        raise ActionRefused(
            f"{zone.name!r} would have total Size {size}, greater than 12 and than four times "
            f"the next-highest-total-size Zone's {others} ({4 * others})",
            SIZE_CAP,
        )
    cost = cost_of(state, actor, zone, definition.name, action.budget, catalogue)
    version = definition.name
    if action.budget:
        version = f"Budget {definition.name} (taking {action.budget.value} as 0)"
    state, changes = spend(state, actor, cost.total, action.pay, what=f"{version}: {cost}")
    clause = BUDGET_VERSION if action.budget else BUILDING_COST
    changes = [replace(c, clause=clause) for c in changes]
    instance = Building(definition.name, budget=action.budget is not None)
    before = ", ".join(str(b) for b in zone.buildings)
    grown = replace(zone, buildings=(*zone.buildings, instance))
    state = state.with_zone(grown)
    state = replace(state, books=state.books.with_built(actor, today))
    changes.append(
        Change(
            CONSTRUCT_INSTANCE,
            zone.name,
            Field.BUILDINGS,
            before,
            ", ".join(str(b) for b in grown.buildings),
            f"{actor} constructs {instance} ({built + 1} of at most {DAILY_BUILDINGS} on "
            f"{today.isoformat()}; Zone Size {size}, next-highest {others})",
        )
    )
    return state, changes
