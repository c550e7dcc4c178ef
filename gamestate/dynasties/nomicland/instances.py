"""Construction: "An Effect applies only to an Imagineer who has at least one instance of
that Building in a Zone they operate."

:func:`instances_of` pairs each Building instance in the Zones an Imagineer
operates with its definition (from the Ruleset's catalogue) and its Effect as
read, halved for a Budget version.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.effects import Effect, EffectKind, budget_text, read_effect
from gamestate.dynasties.nomicland.models import Building, Zone
from rules_text.buildings import BuildingCatalogue, BuildingDefinition

__all__ = ["Instance", "instances_of", "size_of", "total_size"]


@dataclass(frozen=True)
class Instance:
    """One Building in a Zone, with what the Ruleset says it is."""

    building: Building
    """As listed on the Nomicland page."""
    zone: str
    """The Zone's name."""
    definition: BuildingDefinition | None
    """Its Construction subrule (None: the Ruleset defines no such Building)."""
    effect: Effect
    """Its Effect as read (Budget versions halved); ``BY_HAND`` when unreadable or undefined."""

    @property
    def label(self) -> str:
        """How a change names it: "Gift Shop (Budget) in The Theme Zone"."""
        return f"{self.building} in {self.zone}"


def _effect(building: Building, definition: BuildingDefinition | None) -> Effect:
    if definition is None:
        return Effect(f"{building.name} is not a Building in the Ruleset", EffectKind.BY_HAND)
    text = budget_text(definition.effect) if building.budget else definition.effect
    return read_effect(text)


def instances_in(zone: Zone, catalogue: BuildingCatalogue) -> tuple[Instance, ...]:
    """Every Building instance in ``zone``."""
    found = []
    for building in zone.buildings:
        definition = catalogue.get(building.name)
        found.append(Instance(building, zone.name, definition, _effect(building, definition)))
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
    return sum(size_of(b, catalogue) for b in zone.buildings)
