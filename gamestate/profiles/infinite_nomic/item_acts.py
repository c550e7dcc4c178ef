"""The item actions that read or change the world: Fish (6.3, 7.3), Forage (6.4), using
Explosives (7.1.2, 7.4.5), the Torch (7.4.4) and naming qualities (7.3.2.1); and the
shared books of :class:`~.item_rules.Items` (inventories, pending trade consents, the
qualities caught and named).

Each random part is the ``draw`` the world's loop hands over (``Turn.take_draw``); a
draw after the phase of its action ended is not used (rule 4: "must resolve it ... by
phase end"), and with none the random part does not take place.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from gamestate.profiles.core import Event
from gamestate.profiles.infinite_nomic import item_clauses as said
from gamestate.profiles.infinite_nomic.crafting import forage_reward
from gamestate.profiles.infinite_nomic.fishing import FishingSpot, judge_catch
from gamestate.profiles.infinite_nomic.items import (
    QUALITY_NAMES,
    RESOURCES,
    RODS,
    Inventory,
    count_text,
)
from gamestate.profiles.infinite_nomic.phases import phase_of
from gamestate.profiles.infinite_nomic.world import (
    BARREN,
    BOARDWALK,
    FLAG,
    LAKE,
    Coord,
    Turn,
    World,
    adjacent,
    canonical,
    on_cardinal_axis,
    show,
)

__all__ = ["Acts", "effect_text", "read_coord", "spot_of"]

Consent = tuple[datetime, str, str, dict[str, int], dict[str, int]]
"""A trade consent waiting for its match: at, by, with, gives, gets."""


def effect_text(
    lost: dict[str, int] | None = None,
    gained: dict[str, int] | None = None,
    destroyed: list[str] | None = None,
) -> str | None:
    """``loses 2 Wood; gains 1 Gold; destroys Flag on (1, 0, 0)``, or None."""
    parts = []
    if lost:
        parts.append("loses " + count_text(lost))
    if gained:
        parts.append("gains " + count_text(gained))
    if destroyed:
        parts.append("destroys " + ", ".join(destroyed))
    return "; ".join(parts) or None


def read_coord(value: Any) -> Coord | None:
    """``[x, y, z]`` of whole numbers, canonical (rule 5.1); None for anything else."""
    if not isinstance(value, list | tuple) or len(value) != 3:
        return None
    if any(type(v) is not int or abs(v) > 10**6 for v in value):
        return None
    x, y, z = value
    return canonical((x, y, z))


def spot_of(world: World, who: str, here: Coord, lake: Coord, rod: str | None) -> FishingSpot:
    """The facts of a cast from ``here`` into ``lake`` that 7.3.2's table reads."""
    h = world.hex_at(here)
    owner, mine = world.flag_owner(here), world.faction_of(who)
    return FishingSpot(
        from_biome=h.biome if h is not None else "",
        lake_mass=world.lake_mass_size(lake),
        lakes_adjacent=len(world.lake_hexes_adjacent(here)),
        from_town=world.is_town(here),
        from_other_flag=owner is not None and owner != mine,
        into_corrupt=world.is_corrupted(lake),
        into_on_axis=on_cardinal_axis(lake),
        others_here=world.shares_hex(who),
        rod=rod,
    )


class Acts:
    """The books, and the actions that touch the world."""

    def __init__(self) -> None:
        self.held: dict[str, Inventory] = {}
        self.draw_events: list[Event] = []
        """The ``fish`` and ``forage`` draws in time order; ``taken``: those used."""
        self.taken: set[int] = set()
        self.records: list[dict[str, Any]] = []
        """Grants, revokes and destructions (not players' actions), for ``actions``."""
        self.consents: list[Consent] = []
        self.caught: dict[str, int] = {}
        """Player -> the highest quality of Medallion Fish they caught."""
        self.named: dict[int, str] = {}
        """Qualities named beyond the seed's list (7.3.2.1)."""

    def _inv(self, who: str) -> Inventory:
        return self.held.setdefault(who, Inventory())

    @staticmethod
    def no(reason: str, clause: str) -> dict[str, Any]:
        return {"allowed": False, "reason": reason, "clause": clause, "effect": None}

    @staticmethod
    def yes(reason: str, clause: str, **effect: Any) -> dict[str, Any]:
        """An allowed action; ``effect`` (``lost``, ``gained``: item -> count;
        ``destroyed``: what in the world) said in one line, None when nothing changed."""
        return {
            "allowed": True,
            "reason": reason,
            "clause": clause,
            "effect": effect_text(**effect),
        }

    # 6.3 - Fish.

    def fish(self, turn: Turn, who: str) -> dict[str, Any]:
        e, world = turn.event, turn.world
        here = world.position(who)
        if here is None:
            return self.no(f"{who} is on no hex", said.FISH_WHERE)
        lakes = [here] if world.biome(here) == LAKE else []
        lakes += list(world.lake_hexes_adjacent(here))
        if not lakes:
            return self.no(f"no lake on or adjacent to {show(here)}", said.FISH_WHERE)
        lake = lakes[0] if e.get("lake") is None and len(lakes) == 1 else None
        if e.get("lake") is not None:
            lake = read_coord(e.get("lake"))
            if lake not in lakes:
                return self.no(
                    f"{_cut(e.get('lake'))} is not a lake they can fish in", said.FISH_WHERE
                )
        if lake is None:
            shown = ", ".join(show(c) for c in lakes)
            return self.no(f"names no lake of {shown}", said.FISH_WHERE)
        rod = e.get("rod")
        if rod is not None and (rod not in RODS or not self._inv(who).has(rod)):
            return self.no(f"holds no fishing rod {_cut(rod)}", said.FISH)
        spot = spot_of(world, who, here, lake, rod)
        draw = self._draw(turn, "fish", who)
        where = f"from {show(here)} into {show(lake)}" + (f" with the {rod}" if rod else "")
        if draw is None:
            return self.yes(
                f"fishes {where}: no catch recorded by phase end", said.RANDOM_UNRESOLVED
            )
        catch = judge_catch(spot, draw.get("result"))
        if not catch.allowed:
            return self.no(f"fishes {where}: {catch.reason}", catch.clause)
        if catch.item is None:
            return self.yes(f"fishes {where}: {catch.reason}", catch.clause)
        self._inv(who).gain({catch.item: 1})
        if catch.quality is not None:
            self.caught[who] = max(self.caught.get(who, 0), catch.quality)
        return self.yes(f"fishes {where}: {catch.reason}", catch.clause, gained={catch.item: 1})

    # 6.4 - Forage.

    def forage(self, turn: Turn, who: str) -> dict[str, Any]:
        world = turn.world
        here = world.position(who)
        h = world.hex_at(here) if here is not None else None
        if here is None or h is None:
            return self.no(f"{who} is on no hex", said.FORAGE_WHERE)
        if h.landmark != BARREN or h.features:
            has = f"a {h.landmark}" + (f", {', '.join(sorted(h.features))}" if h.features else "")
            return self.no(f"{show(here)} has {has}", said.FORAGE_WHERE)
        pouch = self._inv(who).has("Foraging Pouch")
        dice = 2 if pouch else 1
        clause = said.FORAGING_POUCH if pouch else said.FORAGE
        draw = self._draw(turn, "forage", who)
        if draw is None:
            return self.yes(f"forages on {show(here)}: no roll recorded", said.RANDOM_UNRESOLVED)
        rolls = draw.get("result")
        rolls = [rolls] if type(rolls) is int else rolls
        ok = isinstance(rolls, list) and len(rolls) == dice
        if not ok or any(type(r) is not int or not 1 <= r <= 6 for r in rolls):
            return self.no(f"the roll {_cut(draw.get('result'))} is not {dice}d6", clause)
        table, reward = forage_reward(h.biome, sum(rolls))
        self._inv(who).gain(reward)
        rolled = "+".join(map(str, rolls))
        return self.yes(
            f"forages on {show(here)} ({table}): rolls {rolled}, receives {count_text(reward)}",
            clause,
            gained=reward or None,
        )

    # 7.1.2 and 7.4.5 - Using items; 7.4.4 - the Torch.

    def use(self, turn: Turn, who: str) -> dict[str, Any]:
        item, inv, world = turn.event.get("item"), self._inv(who), turn.world
        if not isinstance(item, str) or not inv.has(item):
            return self.no(f"holds no {_cut(item)}", said.USE)
        if item in RESOURCES:
            return self.no(f"{item} is a resource", said.RESOURCES)
        if item != "Explosives":
            return self.no(f"{item} specifies no ability to be used", said.USE)
        here = world.position(who)
        if here is None:
            return self.no(f"{who} is on no hex", said.EXPLOSIVES)
        destroyed: list[str] = []
        for c in (here, *adjacent(here)):
            h = world.hex_at(c)
            if h is None:
                continue
            for feature in sorted(h.features):
                world.remove_feature(c, feature)
                destroyed.append(f"{feature} on {show(c)}")
            if h.landmark != BARREN:
                destroyed.append(f"{h.landmark} on {show(c)}")
                world.set_landmark(c, BARREN)
        inv.lose({item: 1})
        gone = ", ".join(destroyed) or "nothing"
        return self.yes(
            f"uses Explosives on {show(here)}: destroys {gone}",
            said.EXPLOSIVES,
            lost={item: 1},
            destroyed=destroyed,
        )

    def torch(self, turn: Turn, who: str) -> dict[str, Any]:
        e, world = turn.event, turn.world
        if not self._inv(who).has("Torch"):
            return self.no("holds no Torch", said.TORCH)
        feature, c = e.get("feature"), read_coord(e.get("hex"))
        if feature not in (FLAG, BOARDWALK):
            return self.no(
                f"a Torch destroys a Flag or a Boardwalk, not {_cut(feature)}", said.TORCH
            )
        if c is None or not world.remove_feature(c, str(feature)):
            return self.no(f"no {feature} on {_cut(e.get('hex'))}", said.TORCH)
        return self.yes(
            f"burns the {feature} on {show(c)}", said.TORCH, destroyed=[f"{feature} on {show(c)}"]
        )

    # 7.3.2.1 - naming qualities.

    def name_quality(self, turn: Turn, who: str) -> dict[str, Any]:
        e = turn.event
        quality, name = e.get("quality"), e.get("name")
        named = {**QUALITY_NAMES, **self.named}
        if type(quality) is not int or not isinstance(name, str) or not name.strip():
            return self.no(f"names {_cut(quality)} as {_cut(name)}", said.NAME_QUALITIES)
        if quality in named:
            return self.no(
                f"quality {quality} is already named {named[quality]}", said.NAME_QUALITIES
            )
        top = self.caught.get(who, 0)
        if not quality < top:
            why = f"quality {quality} is not below the quality {top} {who} caught"
            return self.no(why, said.NAME_QUALITIES)
        self.named[quality] = name
        return self.yes(f"names quality {quality} {_cut(name)}", said.NAME_QUALITIES)

    def _draw(self, turn: Turn, what: str, who: str) -> Event | None:
        """The action's draw: the next one of ``what`` for ``who`` from the action on,
        if it falls before the phase ends; a later one is left for a later action."""
        e = turn.event
        ends = phase_of(e.at).ends_at
        due = [
            d
            for d in self.draw_events
            if d.get("what") == what
            and d.index not in self.taken
            and d.at >= e.at
            and d.get("player") in (None, who)
        ]
        if not due or due[0].at >= ends:
            return None
        draw: Event | None = turn.take_draw(what, who)
        if draw is not None:
            self.taken.add(draw.index)
        return draw


def _cut(value: object) -> str:
    text = value if isinstance(value, str) else repr(value)
    return repr(text) if len(text) <= 60 else repr(text[:60] + "…")
