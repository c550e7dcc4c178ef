"""What Nomopoly IV (seed 002) reads from an archive, for ``profiles --json`` and its schema."""

from __future__ import annotations

import re

from gamestate.profiles.inputs import (
    ANY,
    BOOL,
    NAME,
    PLAYER,
    TEXT,
    TIME,
    Inputs,
    Shape,
    either,
    integer,
    keyed,
    list_of,
    one_of,
    record,
    spec,
    table_of,
)
from gamestate.profiles.nomopoly_iv import gap_inputs, hp_inputs
from gamestate.profiles.nomopoly_iv.actions import FORT_PROPOSAL_NAMES, FORT_PROPOSAL_TEXT
from gamestate.profiles.nomopoly_iv.books import COUNTER_RESEARCHING, IDLE, RESEARCHING
from gamestate.profiles.nomopoly_iv.checks import (
    ACTIONS,
    ALIASES,
    DRAW_ALIASES,
    DRAW_BOX,
    DRAW_COOL_DOWN,
    DRAW_FAIRY,
    DRAW_ITEM,
    DRAW_SHOP,
    DRAWS,
)
from gamestate.profiles.nomopoly_iv.resources import DRAW_RESOURCES, NEW_SQUARES
from gamestate.profiles.nomopoly_iv.units import BUILDINGS, COMMANDS, UNITS

__all__ = ["NOMOPOLY_IV"]

# Nomopoly IV (seed 002).

_KINDS = "|".join(re.escape(k) for k in sorted({*UNITS, *BUILDINGS}, key=len, reverse=True))
_IV_UNIT = Shape(
    "a unit or building named Kind#number, such as SCV#1 ("
    + ", ".join(sorted({*UNITS, *BUILDINGS}))
    + ")",
    {"type": "string", "pattern": f"^({_KINDS})#[0-9]+$"},
)
_NULL = Shape("null", {"type": "null"})
_BIG = 10**12
_IV_SQUARE = integer(1, 10_000, "a square")
_IV_MODES = (RESEARCHING, COUNTER_RESEARCHING, IDLE)
_SQUARE_DRAWS = (DRAW_FAIRY, DRAW_BOX, DRAW_SHOP, *gap_inputs.SQUARE_DRAWS)


def _named(draws: tuple[str, ...]) -> list[str]:
    """The draws and their short words."""
    return sorted({*draws, *(a for a, w in DRAW_ALIASES.items() if w in draws)})


_SQUARE_KEY = "^([1-9][0-9]{0,3}|10000)$"
_RESOURCES = keyed(table_of(integer(0, _BIG, "dollars"), "square"), _SQUARE_KEY)
"""``game_state.resources``: each square's resources as of ``as_of``."""
_DRAWN = keyed(
    Shape(
        "square -> $0 to $10000 in multiples of $1000",
        {
            "type": "object",
            "minProperties": 1,
            "additionalProperties": {"enum": list(range(0, 10_001, 1000))},
        },
    ),
    _SQUARE_KEY,
)
_SCIENTIST = Shape(
    "a Scientist's name such as Scientist#1", {"type": "string", "pattern": "^Scientist#[0-9]+$"}
)
NOMOPOLY_IV = Inputs(
    events={
        "action": (
            PLAYER,
            spec("action", NAME, True),
            spec("distance", either(integer(-_BIG, _BIG), _NULL)),
            spec("square", either(_IV_SQUARE, _NULL)),
            spec("item", either(Shape("an item's name", {"type": "string"}), _NULL)),
            spec("price", either(integer(0, _BIG, "dollars"), _NULL)),
            spec("seller", TEXT),
            spec("buyer", TEXT),
            spec("target", TEXT),
            *gap_inputs.ACTION_FIELDS,
            *hp_inputs.ACTION_FIELDS,
        ),
        "ducky": (spec("roll", integer(1, 6, "the roll of a 6-sided dice"), True),),
        "command": (
            PLAYER,
            spec("command", one_of(frozenset(COMMANDS)), True),
            spec("unit", _IV_UNIT, True),
            spec("amount", either(integer(-_BIG, _BIG), _NULL)),
            spec("distance", either(integer(-_BIG, _BIG), _NULL)),
            spec("target", either(Shape("a player's name", {"type": "string"}), _NULL)),
            spec("new", either(_IV_UNIT, _NULL)),
            spec("killed", list_of(_IV_UNIT)),
            spec("square", either(_IV_SQUARE, _NULL)),
            spec("laboratory", BOOL),
            *gap_inputs.COMMAND_FIELDS,
            *hp_inputs.COMMAND_FIELDS,
        ),
        "fine": (PLAYER, spec("amount", integer(what="dollars"), True)),
        "draw": (
            spec("what", one_of(DRAWS | frozenset(DRAW_ALIASES)), True),
            spec("result", ANY, True),
            spec("due", either(TIME, _NULL)),
        ),
    },
    actions=tuple(sorted(ACTIONS - frozenset(ALIASES))),
    draws=tuple(sorted(DRAWS)),
    commands=tuple(sorted(COMMANDS)),
    state=(
        spec("level", integer(-(10**6), 10**6)),
        spec("experience", integer(0, 10**9)),
        spec("jumps", integer(0, 10**6)),
        spec("money", integer(-(10**12), 10**12)),
        spec("alive", BOOL),
        spec(
            "scientists",
            either(
                integer(0, 10_000, "a number of Scientists"),
                list_of(_SCIENTIST),
                keyed(table_of(one_of(_IV_MODES, "a mode:"), "Scientist"), "^Scientist#[0-9]+$"),
            ),
        ),
        spec("units", hp_inputs.UNITS_SHAPE),
        spec("cooling_down", keyed(table_of(TIME, "unit"), f"^({_KINDS})#[0-9]+$")),
        spec("square", either(_IV_SQUARE, _NULL)),
        spec(
            "items",
            either(
                list_of(Shape("an item's name", {"type": "string"})),
                table_of(integer(0, what="a count"), "item"),
            ),
        ),
    ),
    game_state=(
        spec("as_of", TIME),
        spec("implemented", table_of(TIME, "proposal name")),
        spec(
            "boxes",
            list_of(
                record(
                    spec("square", either(_IV_SQUARE, _NULL), True),
                    spec("placed_at", TIME, True),
                    spec("item", either(TEXT, _NULL)),
                ),
                most=1000,
            ),
        ),
        spec("shop_square", either(_IV_SQUARE, _NULL)),
        spec(
            "market",
            list_of(
                record(
                    spec("item", TEXT, True),
                    spec("price", integer(0, _BIG), True),
                    spec("seller", TEXT),
                )
            ),
        ),
        spec(
            "buy_requests",
            list_of(
                record(
                    spec("item", TEXT, True),
                    spec("price", integer(0, _BIG), True),
                    spec("buyer", TEXT),
                )
            ),
        ),
        spec("bank_account_of_terror", integer(-_BIG, _BIG, "dollars")),
        spec("rber_ducky", either(_IV_SQUARE, _NULL)),
        spec("resources", _RESOURCES),
        spec("board", hp_inputs.BOARD),
        spec("unit_stats", hp_inputs.UNIT_STATS),
        spec(
            "experience_fairy",
            either(
                record(spec("appeared_at", TIME, True), spec("square", either(_IV_SQUARE, _NULL))),
                _NULL,
            ),
        ),
    ),
    matter=(spec("retracted_at", either(TIME, _NULL)),),
    recognised={
        f"squares {NEW_SQUARES[0]} to {NEW_SQUARES[-1]} and the {DRAW_RESOURCES!r} draw": "the "
        'same proposal as the week for a new fort ("Extend the board to 90 squares"), at '
        "its implemented time",
        "the week for a new fort at $1250": "an implemented proposal (game_state.implemented) "
        "whose name begins "
        + " or ".join(repr(n) for n in FORT_PROPOSAL_NAMES)
        + f" (any case), or whose matter's text holds {FORT_PROPOSAL_TEXT!r}",
        **gap_inputs.RECOGNISED_TEXT,
        **hp_inputs.RECOGNISED_TEXT,
    },
    aliases={**ALIASES, **DRAW_ALIASES},
    event_rules=(
        {
            "if": {
                "properties": {
                    "type": {"const": "draw"},
                    "what": {"enum": _named((DRAW_RESOURCES,))},
                }
            },
            "then": {"properties": {"result": dict(_DRAWN.schema)}},
        },
        {
            "if": {
                "properties": {"type": {"const": "draw"}, "what": {"enum": _named(_SQUARE_DRAWS)}}
            },
            "then": {"properties": {"result": dict(_IV_SQUARE.schema)}},
        },
        {
            "if": {
                "properties": {"type": {"const": "draw"}, "what": {"enum": _named((DRAW_ITEM,))}}
            },
            "then": {"properties": {"result": {"type": "string", "minLength": 1}}},
        },
        {
            "if": {
                "properties": {
                    "type": {"const": "draw"},
                    "what": {"enum": _named((DRAW_COOL_DOWN,))},
                }
            },
            "then": {
                "properties": {
                    "result": {
                        "anyOf": [
                            dict(_IV_UNIT.schema),
                            {
                                "type": "object",
                                "required": ["player", "unit"],
                                "properties": {
                                    "player": dict(NAME.schema),
                                    "unit": dict(_IV_UNIT.schema),
                                },
                            },
                        ]
                    }
                }
            },
        },
    ),
)
