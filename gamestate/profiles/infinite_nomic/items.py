"""Rule 7's items: what the seed names as items, each player's inventory, and the quality
score S (7.3.2.1) the Action Points of rule 6 read.

An inventory is a count per item name. A Medallion Fish is named with its quality,
``"Goldfish (quality 3)"``, since 7.3.2.1 counts "different qualities of the same fish as
unique"; every other item is named as the seed names it (``"Wood"``, ``"Midas' Rod"``).
A name the seed does not know may still be granted (a proposal may define new items)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = [
    "CRAFTED",
    "MEDALLION_FISH",
    "QUALITY_NAMES",
    "RESOURCES",
    "RODS",
    "STANDARD_FISH",
    "Inventory",
    "count_text",
    "medallion_name",
    "read_medallion",
]

RESOURCES = (
    "Wood",
    "Stone",
    "Steel",
    "Thread",
    "Hide",
    "Resin",
    "Quartz",
    "Copper",
    "Gold",
    "Morbium",
)
"""7.2: "The following are resource items"."""
STANDARD_FISH = ("Eel", "Salmon", "Tilapia", "Northern Pike", "Trout")
"""7.3.1's list."""
MEDALLION_FISH = (
    "Goldfish",
    "Blue Whale",
    "Megalodon",
    "Pefisula",
    "Carcharias",
    "Flying Fish",
    "Gudgeon",
    "Mudskipper",
    "Fishy Fish",
    "SvGCMkWr_zQ",
    "Civilised Fish",
    "Napoleon Fish",
    "Student Fish",
    "Vanille",
    "Aligned Fish",
)
"""7.3.2's table, in its order."""
RODS = ("Standard Rod", "Advanced Rod", "Reinforced Rod", "Classic Rod", "Midas' Rod")
"""7.4.3's fishing rods."""
CRAFTED = ("Foraging Pouch", "Binoculars", *RODS, "Torch", "Explosives")
"""7.4's craftable items."""
QUALITY_NAMES = {
    1: "Garbage",
    2: "Bronze",
    3: "Silver",
    4: "Gold",
    5: "Platinum",
    6: "Morbium",
    7: "Karkalicious",
}
"""7.3.2.1: "The list of currently named qualities"."""

_MEDALLION = re.compile(r"^(?P<fish>.+) \(quality (?P<quality>[1-9][0-9]{0,5})\)$")


def medallion_name(fish: str, quality: int) -> str:
    """The inventory's name of a Medallion Fish of ``quality``."""
    return f"{fish} (quality {quality})"


def read_medallion(name: str) -> tuple[str, int] | None:
    """(fish, quality) for a Medallion Fish's inventory name, else None."""
    m = _MEDALLION.match(name)
    if m is None or m["fish"] not in MEDALLION_FISH:
        return None
    return m["fish"], int(m["quality"])


def count_text(items: Mapping[str, int]) -> str:
    """``3 Wood, 1 Thread`` (nothing: ``nothing``)."""
    return ", ".join(f"{n} {name}" for name, n in items.items() if n) or "nothing"


@dataclass
class Inventory:
    """7.1: "Each player has an inventory containing all of the items they possess"."""

    counts: Counter[str] = field(default_factory=Counter)

    @classmethod
    def of(cls, items: Mapping[str, int]) -> Inventory:
        return cls(Counter({k: v for k, v in items.items() if v > 0}))

    def has(self, name: str, count: int = 1) -> bool:
        return self.counts[name] >= count

    def missing(self, cost: Mapping[str, int]) -> dict[str, int]:
        """What ``cost`` needs beyond what the inventory holds (empty: it can pay)."""
        return {k: n - self.counts[k] for k, n in cost.items() if self.counts[k] < n}

    def gain(self, items: Mapping[str, int]) -> None:
        """7: "to gain an item is for that item to be created in that entity's possession"."""
        for name, n in items.items():
            self.counts[name] += n

    def lose(self, items: Mapping[str, int]) -> None:
        """7: "to lose an item is for that item to be destroyed"; the caller checked
        :meth:`missing` first."""
        for name, n in items.items():
            self.counts[name] -= n
            if self.counts[name] <= 0:
                del self.counts[name]

    def clear(self) -> dict[str, int]:
        """Destroy everything held; returns what was destroyed."""
        gone = self.as_dict()
        self.counts.clear()
        return gone

    def rods(self) -> list[str]:
        return [r for r in RODS if self.counts[r] > 0]

    def quality_score(self) -> int:
        """7.3.2.1's S: the sum of the qualities of the unique Medallion Fish held (two of
        one fish at one quality count once)."""
        total = 0
        for name, n in self.counts.items():
            fish = read_medallion(name)
            if fish is not None and n > 0:
                total += fish[1]
        return total

    def highest_quality(self) -> int:
        found = [q for name in self.counts if (q := _quality(name))]
        return max(found, default=0)

    def as_dict(self) -> dict[str, int]:
        return {k: self.counts[k] for k in sorted(self.counts) if self.counts[k] > 0}


def _quality(name: str) -> int:
    fish = read_medallion(name)
    return fish[1] if fish else 0
