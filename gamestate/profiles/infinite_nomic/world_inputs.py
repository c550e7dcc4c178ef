"""What the world's rules (2.1, 5, 6, 8) read from an archive, for ``profiles --json`` and
the ``infinite-nomic`` schema: the ``action`` fields, the world's draws and their results.

A hex is ``[x, y, z]`` of integers, the coordinate rule 5.1 gives it (the fewest steps):
the schema says so exactly, as :func:`~.world.canonical` does, with its sign conditions
(a step along y may not be traded for one along x and one along z, or back, to save a step).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamestate.profiles.infinite_nomic.draws import DRAW_HEX, DRAW_SWAMP, DRAW_WINDS
from gamestate.profiles.infinite_nomic.world import BIOMES, DIRECTIONS, FEATURES, FLAG, LANDMARKS
from gamestate.profiles.infinite_nomic.world_checks import ACTION_ALIASES
from gamestate.profiles.inputs import Field, Shape, list_of, one_of, record, spec

__all__ = [
    "HEX",
    "WORLD_ACTION_FIELDS",
    "WORLD_ALIASES",
    "WORLD_DRAW_RULES",
    "WORLD_GAME_STATE",
    "WORLD_STATE",
]

_FAR = 10**6
_ANY: dict[str, Any] = {}


def _two_of(a: dict[str, Any], b: dict[str, Any], c: dict[str, Any]) -> dict[str, Any]:
    """At least two of the three ordinates meet their condition."""
    return {
        "anyOf": [
            {"prefixItems": [a, b, _ANY]},
            {"prefixItems": [a, _ANY, c]},
            {"prefixItems": [_ANY, b, c]},
        ]
    }


_LOW, _HIGH = {"maximum": 0}, {"minimum": 0}
HEX = Shape(
    "a hex [x, y, z]: integers, rule 5.1's coordinate (the fewest steps from the origin)",
    {
        "type": "array",
        "items": {"type": "integer", "minimum": -_FAR, "maximum": _FAR},
        "minItems": 3,
        "maxItems": 3,
        "allOf": [_two_of(_LOW, _HIGH, _LOW), _two_of(_HIGH, _LOW, _HIGH)],
    },
)
_NAME = Shape("a name", {"type": "string", "pattern": r"\S", "maxLength": 200})

WORLD_ACTION_FIELDS: tuple[Field, ...] = (
    spec("hex", HEX),
    spec(
        "hexes", Shape(f"two of {HEX.text}", {**list_of(HEX).schema, "minItems": 2, "maxItems": 2})
    ),
    spec("direction", one_of(tuple(DIRECTIONS), "a cardinal direction:")),
    spec("feature", _NAME),
    spec("request", _NAME),
    spec("faction", _NAME),
    spec("name", _NAME),
    spec("vote", one_of(("for", "against"))),
)
"""``traverse``: ``hex`` or ``direction``; ``scout``: ``hexes``; ``construct``: ``feature``
and ``hex`` (the player's own when omitted); ``stagways``: ``hex``; ``merge_request``:
``request``, ``faction``, ``name``; ``merge_vote``: ``request``, ``vote``."""
WORLD_ALIASES: Mapping[str, str] = dict(ACTION_ALIASES)
WORLD_STATE: tuple[Field, ...] = (spec("hex", HEX), spec("faction", _NAME))
"""A roster entry's hex and faction as the archive starts (:mod:`.world_start`)."""
_START_HEX = record(
    spec("hex", HEX, True),
    spec("biome", one_of(BIOMES), True),
    spec("landmark", one_of(LANDMARKS)),
    spec(
        "features",
        Shape("a list of features", {"type": "array", "items": {"enum": list(FEATURES)}}),
    ),
    spec("flag", _NAME),
)
WORLD_GAME_STATE: tuple[Field, ...] = (
    spec(
        "hexes",
        Shape(
            f"a list of the hexes generated as the archive starts, each {_START_HEX.text}",
            {
                "type": "array",
                "maxItems": 100_000,
                "items": {
                    **_START_HEX.schema,
                    # a Flag names its faction (flag), and only a hex with a Flag does
                    "anyOf": [
                        {
                            "required": ["flag", "features"],
                            "properties": {"features": {"contains": {"const": FLAG}}},
                        },
                        {
                            "not": {"required": ["flag"]},
                            "properties": {"features": {"not": {"contains": {"const": FLAG}}}},
                        },
                    ],
                },
            },
        ),
    ),
)
"""``game_state.hexes``: the world as the archive starts (:mod:`.world_start`)."""


def _when_action(names: tuple[str, ...], then: dict[str, Any]) -> dict[str, Any]:
    words = sorted({*names, *(a for a, w in ACTION_ALIASES.items() if w in names)})
    return {
        "if": {
            "properties": {"type": {"const": "action"}, "action": {"enum": words}},
            "required": ["type", "action"],
        },
        "then": then,
    }


def _when_draw(what: str, result: dict[str, Any]) -> dict[str, Any]:
    return {
        "if": {
            "properties": {"type": {"const": "draw"}, "what": {"const": what}},
            "required": ["type", "what"],
        },
        "then": {"properties": {"result": result}},
    }


_HEX_DRAW = {
    "type": "object",
    "required": ["hex", "biome"],
    "properties": {
        "hex": dict(HEX.schema),
        "biome": {"enum": list(BIOMES)},
        "landmark": {"enum": list(LANDMARKS)},
        "corrupted": {"type": "boolean"},
        "features": {"type": "array", "items": {"const": "Corrupted"}},
    },
    "anyOf": [  # corrupted and features, when both are given, agree
        {"not": {"required": ["corrupted", "features"]}},
        {"properties": {"corrupted": {"const": True}, "features": {"minItems": 1}}},
        {"properties": {"corrupted": {"const": False}, "features": {"maxItems": 0}}},
    ],
}
WORLD_DRAW_RULES: tuple[Mapping[str, Any], ...] = (
    _when_action(("traverse",), {"anyOf": [{"required": ["hex"]}, {"required": ["direction"]}]}),
    _when_action(("scout",), {"required": ["hexes"]}),
    _when_action(("construct",), {"required": ["feature"]}),
    _when_action(("stagways",), {"required": ["hex"]}),
    _when_action(("merge_request",), {"required": ["request", "faction", "name"]}),
    _when_action(("merge_vote",), {"required": ["request", "vote"]}),
    _when_draw(DRAW_HEX, _HEX_DRAW),
    _when_draw(DRAW_SWAMP, {"type": "boolean"}),
    _when_draw(DRAW_WINDS, {"anyOf": [{"const": False}, {"type": "null"}, dict(HEX.schema)]}),
)
"""The world's actions' required fields and its draws' results, as JSON Schema."""
