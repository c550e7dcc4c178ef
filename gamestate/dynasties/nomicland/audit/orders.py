"""The orders in which several actions of one edit are tried: by what changes their prices.

One edit may hold many actions (ten Buildings, the daily limit). Construction's price is
C + 500 * S + 1000 * X: C is the Building's own, so it is the same in any order; S (the
other Buildings' Size, halved after a Tunnel System) and X (the Imagineer's earlier
constructions, as Licensing's X counts exercises) depend on what came before. Two
Buildings of one Imagineer in one Zone with the same Size (neither a Tunnel System, both
Budget or both not) change the prices after them alike, so orders that only swap them are
one order: the orders tried are the orders of these *price keys*, never every permutation.

- Few orders and choices: every one is tried, and the best explanation taken
  (:func:`key_orders`).
- Many: a depth-first search over the price keys (:func:`search`) takes the next action of
  one key at a time, remembers each state reached (the keys used, the economy), and stops
  at the first order whose cells match the page; it leaves a branch once an Imagineer has
  spent more Budget, or taken on more Debt, than the page shows while only spending
  actions remain. Ten Buildings in any written order are judged in milliseconds
  (``bench/bench_audit_orders.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass

from gamestate.dynasties.nomicland.actions import Construct
from gamestate.dynasties.nomicland.audit.steps import Step
from gamestate.dynasties.nomicland.economy import Change, Economy
from gamestate.dynasties.nomicland.effects import EffectKind, read_effect
from gamestate.dynasties.nomicland.errors import ActionRefused
from rules_text.buildings import BuildingCatalogue

__all__ = ["SPENDING", "MAX_NODES", "Spent", "count_orders", "key_orders", "price_key", "search"]

Slot = tuple[Step | None, ...]

SPENDING = frozenset({"build", "license create", "license remove"})
"""Actions that only ever lower a Budget or move a Debt away from zero."""
MAX_NODES = 20_000
"""The search gives up (and the written order is judged) after this many actions applied."""


def price_key(slot: Slot, catalogue: BuildingCatalogue) -> Hashable:
    """What the slot changes in the prices after it: a Building's Imagineer, Zone, Size,
    Tunnel System or not, Budget or not; any other action is its own key (identical slots,
    such as two exercises of one License onto one day, share theirs)."""
    steps = [s for s in slot if s is not None]
    own = ("slot", repr(slot))
    if not steps or len(steps) != len(slot) or any(s.name != "build" for s in steps):
        return own
    first = steps[0]
    action = first.action
    if not isinstance(action, Construct):
        return own
    definition = catalogue.get(action.building)
    if definition is None:
        return own
    tunnel = read_effect(definition.effect).kind is EffectKind.TUNNEL
    budget = any(isinstance(s.action, Construct) and s.action.budget for s in steps)
    return (
        "build",
        first.actor.casefold(),
        action.zone,
        definition.size,
        definition.name if tunnel else "",
        budget,
    )


def _groups(slot_list: Sequence[Slot], catalogue: BuildingCatalogue) -> list[list[int]]:
    """The slots' indices grouped by price key, in the written order of first appearance."""
    groups: dict[Hashable, list[int]] = {}
    for i, slot in enumerate(slot_list):
        groups.setdefault(price_key(slot, catalogue), []).append(i)
    return list(groups.values())


def count_orders(slot_list: Sequence[Slot], catalogue: BuildingCatalogue) -> int:
    """How many distinct orders of price keys there are (a multinomial coefficient)."""
    sizes = [len(g) for g in _groups(slot_list, catalogue)]
    out = math.factorial(sum(sizes))
    for n in sizes:
        out //= math.factorial(n)
    return out


def key_orders(slot_list: Sequence[Slot], catalogue: BuildingCatalogue) -> Iterator[list[Slot]]:
    """Every distinct order of the price keys, the written order first; within a key the
    slots keep their written order."""
    groups = _groups(slot_list, catalogue)
    left = [len(g) for g in groups]
    order: list[int] = []

    def walk() -> Iterator[list[Slot]]:
        if len(order) == len(slot_list):
            taken = [0] * len(groups)
            out = []
            for g in order:
                out.append(slot_list[groups[g][taken[g]]])
                taken[g] += 1
            yield out
            return
        for g in range(len(groups)):
            if left[g]:
                left[g] -= 1
                order.append(g)
                yield from walk()
                order.pop()
                left[g] += 1

    yield from walk()


@dataclass(frozen=True)
class Spent:
    """How far the page moved one Imagineer's Budget or Debt (the search's bound)."""

    name: str
    """The Imagineer."""
    column: str
    """``Budget`` or ``Debt``."""
    moved: int
    """The page's value after minus before (negative: spent)."""


Run = Callable[[Economy, Step], tuple[Economy, tuple[Change, ...]]]
Leaf = Callable[[list[tuple[Step, Economy, Economy, tuple[Change, ...]]], Economy], bool]


def search(
    state: Economy,
    slot_list: Sequence[Slot],
    *,
    catalogue: BuildingCatalogue,
    run: Run,
    bounds: Sequence[Spent],
    leaf: Leaf,
) -> bool:
    """Depth first over the price keys: ``run`` applies a step (or raises
    :class:`ActionRefused`: the branch ends), ``leaf`` judges a complete order (True: it
    matches the page, and the search stops). Returns whether one matched."""
    groups = _groups(slot_list, catalogue)
    spending = [all(s is not None and s.name in SPENDING for s in slot_list[g[0]]) for g in groups]
    start = {(b.name, b.column): _value(state, b.name, b.column) for b in bounds}
    left = [len(g) for g in groups]
    path: list[tuple[Step, Economy, Economy, tuple[Change, ...]]] = []
    seen: set[tuple[tuple[int, ...], Hashable]] = set()
    nodes = 0

    def over(current: Economy) -> bool:
        """Spent beyond the page while only spending remains: no order can come back."""
        if not all(spending[g] for g in range(len(groups)) if left[g]):
            return False
        for b in bounds:
            now = _value(current, b.name, b.column)
            was = start[(b.name, b.column)]
            if now is not None and was is not None and now - was < b.moved:
                return True
        return False

    def walk(current: Economy) -> bool:
        nonlocal nodes
        key = (tuple(left), _signature(current))
        if key in seen:
            return False
        seen.add(key)
        if not any(left):
            return leaf(list(path), current)
        for g, members in enumerate(groups):
            if not left[g]:
                continue
            slot = slot_list[members[len(members) - left[g]]]
            left[g] -= 1
            for step in slot:
                nodes += 1
                if nodes > MAX_NODES:
                    left[g] += 1
                    return False
                if step is None:
                    if walk(current):
                        return True
                    continue
                try:
                    new, made = run(current, step)
                except ActionRefused:
                    continue
                if over(new):
                    continue
                path.append((step, current, new, made))
                if walk(new):
                    return True
                path.pop()
            left[g] += 1
        return False

    return walk(state)


def _value(state: Economy, name: str, column: str) -> int | None:
    row = state.player(name)
    if row is None:
        return None
    return row.budget if column == "Budget" else row.debt


def _signature(state: Economy) -> Hashable:
    """The economy, whatever order its Zones' Buildings were added in."""
    zones = tuple(
        (z.name, z.operator, z.ip_license, z.planned, tuple(sorted(map(str, z.buildings))))
        for z in state.zones
    )
    return (state.players, state.days, zones, state.books)
