"""Rule 7.4's recipes and 6.4's forage tables, as data with the seed's own words.

Reading (docs/profiles.md): the Foraging Pouch's "roll 2d6 instead" is rule 4.2's 2d6,
"the sum of N rolls"; the biome's table is read at that sum, and a sum above 6 has no
entry, so it gives nothing. The dice are recorded (a ``draw`` of what ``forage``)."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["FORAGE_TABLES", "RECIPES", "RECIPE_TEXT", "forage_reward"]

RECIPES: Mapping[str, Mapping[str, int]] = {
    "Foraging Pouch": {"Thread": 3, "Hide": 1},
    "Binoculars": {"Wood": 3, "Hide": 2, "Quartz": 1},
    "Standard Rod": {"Wood": 2, "Thread": 1},
    "Advanced Rod": {"Wood": 3, "Thread": 2, "Steel": 1},
    "Reinforced Rod": {"Steel": 4, "Thread": 3},
    "Classic Rod": {"Wood": 2, "Thread": 1, "Hide": 1},
    "Midas' Rod": {"Gold": 2, "Quartz": 1, "Thread": 3, "Copper": 1},
    "Torch": {"Wood": 2, "Resin": 1},
    "Explosives": {"Wood": 8, "Thread": 3, "Resin": 2},
}
"""7.4's subrules: each craftable item and what it is "Crafted using"."""
RECIPE_TEXT: Mapping[str, str] = {
    "Foraging Pouch": "Crafted using 3 Thread and 1 Hide.",
    "Binoculars": "Crafted using 3 Wood, 2 Hide and 1 Quartz.",
    "Standard Rod": "Crafted using 2 Wood and 1 Thread.",
    "Advanced Rod": "Crafted using 3 Wood, 2 Thread and 1 Steel.",
    "Reinforced Rod": "Crafted using 4 Steel and 3 Thread.",
    "Classic Rod": "Crafted using 2 Wood, 1 Thread and 1 Hide.",
    "Midas' Rod": "Crafted using 2 Gold, 1 Quartz, 3 Thread, and 1 Copper.",
    "Torch": "Crafted using 2 wood and 1 resin.",
    "Explosives": "Crafted using 8 Wood, 3 Thread and 2 Resin.",
}
"""Each recipe in the seed's words (a test checks each against the seed)."""

_Row = tuple[int, str] | None
FORAGE_TABLES: Mapping[str, tuple[_Row, ...]] = {
    "Meadow": (None, (1, "Wood"), (1, "Stone"), (1, "Hide"), (2, "Wood"), (3, "Wood")),
    "Deceased Dunes": (None, (1, "Stone"), (1, "Steel"), (1, "Quartz"), (2, "Stone"), (3, "Stone")),
    "Forest": ((1, "Thread"), (1, "Hide"), (2, "Thread"), (2, "Wood"), (3, "Wood"), (3, "Wood")),
    "Perilous Pass": (
        (1, "Steel"),
        (1, "Copper"),
        (1, "Gold"),
        (2, "Steel"),
        (2, "Stone"),
        (3, "Stone"),
    ),
    "Swamp": ((1, "Wood"), (1, "Wood"), (1, "Thread"), (1, "Resin"), (2, "Wood"), (2, "Thread")),
}
"""6.4.1 to 6.4.5: the reward for each roll of 1 to 6 (None: "Nothing")."""


def forage_reward(biome: str, roll: int) -> tuple[str, dict[str, int]]:
    """The table read (the biome's, "or from Meadow if there are no specified rewards")
    and what ``roll`` gives there."""
    table = biome if biome in FORAGE_TABLES else "Meadow"
    rows = FORAGE_TABLES[table]
    row = rows[roll - 1] if 1 <= roll <= len(rows) else None
    return table, ({} if row is None else {row[1]: row[0]})
