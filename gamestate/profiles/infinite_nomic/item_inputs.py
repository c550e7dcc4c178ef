"""What the item rules (rule 7, 6.3, 6.4) read from an archive, for ``profiles --json``
and the JSON Schema: the item actions' fields (each action's own, as a schema rule on
its name), the ``fish`` and ``forage`` draws' results, ``grant``/``revoke`` events, and
the ``items``/``quality_score`` a player's state shows."""

from __future__ import annotations

from typing import Any

from gamestate.profiles.infinite_nomic.item_checks import (
    ITEM_ACTIONS,
    ITEM_DRAWS,
    ITEM_EVENTS,
    MOST,
)
from gamestate.profiles.infinite_nomic.items import MEDALLION_FISH, STANDARD_FISH
from gamestate.profiles.infinite_nomic.world_inputs import (
    HEX,  # rule 5.1's form, as the reader checks
)
from gamestate.profiles.inputs import (
    Field,
    Shape,
    integer,
    keyed,
    list_of,
    spec,
    table_of,
)

__all__ = [
    "ITEM_ACTION_FIELDS",
    "ITEM_DRAW_NAMES",
    "ITEM_DRAW_FIELDS",
    "ITEM_EVENT_FIELDS",
    "ITEM_EVENT_RULES",
    "ITEM_GAME_STATE",
    "ITEM_STATE",
    "fields_beyond",
]

ITEM = Shape("an item's name", {"type": "string", "pattern": r"\S", "maxLength": 200})
PERSON = Shape("a player's name", {"type": "string", "pattern": r"\S", "maxLength": 200})
COUNTS = Shape(
    "item -> a count 1..",
    {
        "type": "object",
        "propertyNames": dict(ITEM.schema),
        "additionalProperties": {"type": "integer", "minimum": 1, "maximum": MOST},
    },
)
HELD = Shape(
    "item -> a count 0..",
    {**COUNTS.schema, "additionalProperties": {"type": "integer", "minimum": 0, "maximum": MOST}},
)
QUALITY = integer(1, MOST, "a quality")
CATCH = Shape(
    'false, a Standard Fish, or {"fish": MEDALLION, "rolls": [2, ..., 1]}',
    {
        "anyOf": [
            {"const": False},
            {"enum": list(STANDARD_FISH)},
            {
                "type": "object",
                "required": ["fish", "rolls"],
                "properties": {
                    "fish": {"enum": list(MEDALLION_FISH)},
                    "rolls": {
                        "type": "array",
                        "items": {"type": "integer", "enum": [1, 2]},
                        "minItems": 1,
                        "maxItems": 1000,
                    },
                },
            },
        ]
    },
)
D6 = {"type": "integer", "minimum": 1, "maximum": 6}
FORAGE_ROLL = Shape(
    "the d6: n or [n] (two with the Foraging Pouch)",
    {"anyOf": [D6, {"type": "array", "items": D6, "minItems": 1, "maxItems": 2}]},
)

ITEM_ACTION_FIELDS: tuple[Field, ...] = (
    spec("lake", HEX),
    spec("rod", ITEM),
    spec("item", ITEM),
    spec("with", PERSON),
    spec("gives", COUNTS),
    spec("gets", COUNTS),
    spec("hex", HEX),
    spec("feature", ITEM),
    spec("quality", QUALITY),
    spec("name", Shape("a quality's name", dict(ITEM.schema))),
)
"""Fields of the item actions (``fish``: lake?, rod?; ``craft``/``use``: item; ``trade``:
with, gives, gets; ``destroy feature``: hex, feature; ``name quality``: quality, name)."""
ITEM_DRAW_FIELDS: tuple[Field, ...] = (spec("player", PERSON),)


def fields_beyond(fields: tuple[Field, ...]) -> tuple[Field, ...]:
    """The item actions' fields not already among ``fields`` (the world's)."""
    taken = {f.name for f in fields}
    return tuple(f for f in ITEM_ACTION_FIELDS if f.name not in taken)


SOME = Shape("item -> a count 1.., at least one", {**COUNTS.schema, "minProperties": 1})
ITEM_EVENT_FIELDS: dict[str, tuple[Field, ...]] = {
    kind: (spec("player", PERSON, True), spec("items", SOME, True)) for kind in sorted(ITEM_EVENTS)
}
ITEM_STATE: tuple[Field, ...] = (
    spec("items", HELD),
    spec("quality_score", integer(0, what="S, the quality score")),
)
ITEM_GAME_STATE: tuple[Field, ...] = (
    spec(
        "qualities",
        keyed(table_of(Shape("a name", dict(ITEM.schema)), "quality"), "^[1-9][0-9]{0,5}$"),
    ),
    spec("unnamed_qualities", list_of(QUALITY)),
)

_NEEDS: dict[str, dict[str, Shape]] = {
    "fish": {},
    "forage": {},
    "craft": {"item": ITEM},
    "use": {"item": ITEM},
    "trade": {"with": PERSON},
    "destroy feature": {"hex": HEX, "feature": ITEM},
    "name quality": {"quality": QUALITY, "name": ITEM},
}
assert set(_NEEDS) == ITEM_ACTIONS


def _when(kind: str, key: str, value: str, then: dict[str, Any]) -> dict[str, Any]:
    return {
        "if": {
            "properties": {"type": {"const": kind}, key: {"const": value}},
            "required": ["type", key],
        },
        "then": then,
    }


ITEM_EVENT_RULES: tuple[dict[str, Any], ...] = (
    *(
        _when(
            "action",
            "action",
            name,
            {
                "required": sorted(needs),
                "properties": {k: dict(s.schema) for k, s in needs.items()},
            },
        )
        for name, needs in sorted(_NEEDS.items())
        if needs
    ),
    _when(
        "action",
        "action",
        "trade",
        {
            "properties": {"gives": dict(COUNTS.schema), "gets": dict(COUNTS.schema)},
            "anyOf": [
                {"required": ["gives"], "properties": {"gives": {"minProperties": 1}}},
                {"required": ["gets"], "properties": {"gets": {"minProperties": 1}}},
            ],
        },
    ),
    _when(
        "draw",
        "what",
        "fish",
        {"required": ["player", "result"], "properties": {"result": dict(CATCH.schema)}},
    ),
    _when(
        "draw",
        "what",
        "forage",
        {"required": ["player", "result"], "properties": {"result": dict(FORAGE_ROLL.schema)}},
    ),
)
"""The JSON Schema rules for each item action's and item draw's own fields."""
ITEM_DRAW_NAMES = tuple(sorted(ITEM_DRAWS))
"""The draws the item rules take."""
