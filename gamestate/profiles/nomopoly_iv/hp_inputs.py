"""The shapes of the inputs for squares and hit points (:mod:`.hp_checks` reads them the
same way), for ``profiles --json`` and ``profiles --schema nomopoly-iv``."""

from __future__ import annotations

import re
from typing import Any

from gamestate.profiles.inputs import BOOL, Field, Shape, either, integer, list_of, spec
from gamestate.profiles.nomopoly_iv.hitpoints import STAT_KEYS, STATS
from gamestate.profiles.nomopoly_iv.one_time import RECOGNISED
from gamestate.profiles.nomopoly_iv.units import BUILDINGS, UNITS

__all__ = [
    "ACTION_FIELDS",
    "BOARD",
    "COMMAND_FIELDS",
    "RECOGNISED_TEXT",
    "UNIT_STATS",
    "UNITS_SHAPE",
]

_MOST = 10_000
_NULL = Shape("null", {"type": "null"})
_SQUARE = integer(1, _MOST, "a square")
_KINDS = sorted({*UNITS, *BUILDINGS})
_UNIT = Shape(
    "a unit or building named Kind#number",
    {"type": "string", "pattern": "^(" + "|".join(re.escape(k) for k in _KINDS) + ")#[0-9]+$"},
)


def _body(kind: str) -> dict[str, Any]:
    top = STATS[kind].max_hp if kind in STATS else None
    hp: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": top or 10**6}
    return {
        "type": "object",
        "properties": {
            "square": {"anyOf": [dict(_SQUARE.schema), {"type": "null"}]},
            "hp": {"anyOf": [hp, {"type": "null"}]},
            "type": {"const": kind},
        },
    }


UNITS_SHAPE = either(
    list_of(_UNIT),
    Shape(
        "unit name -> {square?, hp? (1..its Max HP), type?}",
        {
            "type": "object",
            "propertyNames": dict(_UNIT.schema),
            "patternProperties": {f"^{re.escape(k)}#[0-9]+$": _body(k) for k in _KINDS},
        },
    ),
)
"""A player's ``units``: names, or name -> its square and hit points."""

BOARD = either(
    Shape(
        "{columns, winding?, squares? (default 90)}: squares left to right, row by row",
        {
            "type": "object",
            "required": ["columns"],
            "properties": {
                "columns": dict(integer(1, _MOST).schema),
                "winding": dict(BOOL.schema),
                "squares": dict(integer(1, _MOST).schema),
            },
        },
    ),
    Shape(
        "{rows}: the grid, each row a list of square numbers or null",
        {
            "type": "object",
            "required": ["rows"],
            "properties": {
                "rows": {
                    "type": "array",
                    "items": {
                        "type": "array",
                        "items": {"anyOf": [dict(_SQUARE.schema), {"type": "null"}]},
                    },
                }
            },
        },
    ),
)
"""``game_state.board``: the two-dimensional layout (:mod:`.geometry`)."""


def _stat(kind: str, key: str) -> dict[str, Any]:
    seed = getattr(STATS[kind], key)
    if seed is not None:
        return {"const": seed}
    return dict(integer(1 if key == "max_hp" else 0, 10**6).schema)


UNIT_STATS = Shape(
    "type -> {max_hp?, attack?, range?, armor?}: what the seed does not give",
    {
        "type": "object",
        "propertyNames": {"enum": sorted(STATS)},
        "additionalProperties": False,
        "properties": {
            kind: {
                "type": "object",
                "propertyNames": {"enum": list(STAT_KEYS)},
                "properties": {key: _stat(kind, key) for key in STAT_KEYS},
            }
            for kind in sorted(STATS)
        },
    },
)
"""``game_state.unit_stats``."""

_TARGET_UNIT = spec("target_unit", either(_UNIT, _NULL))
COMMAND_FIELDS: tuple[Field, ...] = (
    _TARGET_UNIT,
    spec("hit", either(Shape("true or false: the 1 in N draw", {"type": "boolean"}), _NULL)),
)
ACTION_FIELDS: tuple[Field, ...] = (
    _TARGET_UNIT,
    spec("targets", either(list_of(_UNIT), _NULL)),
    spec(
        "hit",
        either(
            Shape("true or false: the 1 in N draw", {"type": "boolean"}),
            list_of(Shape("a unit the 1 in N draw hit", dict(_UNIT.schema))),
            _NULL,
        ),
    ),
)
RECOGNISED_TEXT = {
    f"the one-time effect {effect!r}": "an implemented proposal (game_state.implemented) "
    "whose name begins " + " or ".join(repr(n) for n in names) + f" (any case), or whose "
    f"matter's text holds {words!r}"
    for effect, (names, words) in RECOGNISED.items()
}
