"""Construction: "An Effect applies only to an Imagineer who has at least one instance of
that Building in a Zone they operate."

:func:`instances_of` pairs each Building instance in the Zones an Imagineer
operates with its definition (from the Ruleset's catalogue) and its Effect as
read, halved for a Budget version.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from gamestate.dynasties.nomicland.clauses import EFFECT_APPLIES
from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.effects import Effect, EffectKind, budget_text, read_effect
from gamestate.dynasties.nomicland.models import Building, RuleClause, Zone
from rules_text.buildings import BuildingCatalogue, BuildingDefinition

__all__ = ["Instance", "instances_of", "size_of", "total_size"]


@dataclass(frozen=True)
class Instance:
    """A Building in a Zone (``copies`` identical instances of it), with what the Ruleset
    says it is."""

    building: Building
    """As listed on the Nomicland page."""
    zone: str
    """The Zone's name."""
    definition: BuildingDefinition | None
    """Its Construction subrule (None: the Ruleset defines no such Building)."""
    effect: Effect
    """Its Effect as read (Budget versions halved); ``BY_HAND`` when unreadable or undefined."""
    copies: int = 1
    """How many identical instances (same name, same Budget flag) the Zone has."""

    @property
    def clause(self) -> RuleClause:
        """Its own subrule's Effect, as a change quotes it (rule "Construction"'s "An Effect
        applies only to ..." when the Ruleset defines no such Building)."""
        if self.definition is None:
            return EFFECT_APPLIES
        return RuleClause(self.definition.name, f"Effect: {self.definition.effect}")

    @property
    def label(self) -> str:
        """How a change names it: "2 x Gift Shop (Budget) in The Theme Zone"."""
        many = f"{self.copies} x " if self.copies != 1 else ""
        return f"{many}{self.building} in {self.zone}"


def _effect(building: Building, definition: BuildingDefinition | None) -> Effect:
    if definition is None:
        return Effect(f"{building.name} is not a Building in the Ruleset", EffectKind.BY_HAND)
    return _read(definition.effect, building.budget)


@lru_cache(maxsize=1024)
def _read(effect: str, budget: bool) -> Effect:
    return read_effect(budget_text(effect) if budget else effect)


def instances_in(zone: Zone, catalogue: BuildingCatalogue) -> tuple[Instance, ...]:
    """The Building instances in ``zone``, identical ones grouped, in first-listed order."""
    # Counted by (name, Budget flag): plain tuples hash and compare in C.
    copies = Counter([(b.name, b.budget) for b in zone.buildings])
    found = []
    for (name, budget), count in copies.items():
        building = Building(name, budget=budget)
        definition = catalogue.get(name)
        effect = _effect(building, definition)
        found.append(Instance(building, zone.name, definition, effect, count))
    return tuple(found)


def instances_of(state: Economy, name: str, catalogue: BuildingCatalogue) -> tuple[Instance, ...]:
    """Every Building instance in every Zone ``name`` operates, in page order."""
    return tuple(i for zone in state.zones_of(name) for i in instances_in(zone, catalogue))


def size_of(building: Building, catalogue: BuildingCatalogue) -> int:
    """A Building's Size (a Budget version's Size is the same); 0 if the Ruleset has none."""
    definition = catalogue.get(building.name)
    return definition.size if definition else 0


def total_size(zone: Zone, catalogue: BuildingCatalogue) -> int:
    """Construction: "the total Size of all Buildings in that Zone"."""
    names = Counter([b.name for b in zone.buildings])
    return sum(size_of(Building(name), catalogue) * n for name, n in names.items())
