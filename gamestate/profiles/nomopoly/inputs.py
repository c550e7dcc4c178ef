"""What Nomopoly (seed 004) reads from an archive."""

from __future__ import annotations

from gamestate.profiles.inputs import (
    BOOL,
    NAME,
    PLAYER,
    TEXT,
    Inputs,
    Shape,
    either,
    integer,
    list_of,
    one_of,
    spec,
    table_of,
)
from gamestate.profiles.nomopoly.checks import MAX_DICE, MAX_SQUARES, UPGRADES
from gamestate.profiles.nomopoly.world import WORLD_ACTIONS

__all__ = ["NOMOPOLY"]

# Nomopoly (seed 004).

_SQUARE = integer(1, 10 * MAX_SQUARES, "a square")
_NAME = Shape(
    "a name (at most 200 characters)", {"type": "string", "pattern": r"\S", "maxLength": 200}
)
_CHANGES = Shape(
    "{default_dice?, add_squares?, name_squares?}: the rule values a proposal sets",
    {
        "type": "object",
        "properties": {
            "default_dice": integer(0, MAX_DICE).schema,
            "add_squares": integer(0, 1000).schema,
            "name_squares": {**list_of(_NAME, most=100).schema, "minItems": 1},
        },
        "additionalProperties": False,
    },
)
_CHANGES = Shape(_CHANGES.text + " (or null: none)", {"anyOf": [{"type": "null"}, _CHANGES.schema]})
NOMOPOLY = Inputs(
    events={
        "admin_day": (spec("by", TEXT), spec("note", TEXT)),
        "buy": (PLAYER, spec("square", _SQUARE, True), spec("name", TEXT)),
        "fine": (PLAYER, spec("amount", integer(1, what="dollars"), True)),
        "draw": (
            spec("what", Shape("dice:<proposal id>[:<turn>]", {"type": "string"}), True),
            spec("result", list_of(integer(1, 6, "a face"), most=MAX_DICE), True),
        ),
        "action": (
            PLAYER,
            spec("action", NAME, True),
            spec("square", _SQUARE),
            spec("upgrade", one_of(UPGRADES)),
            spec("name", TEXT),
            spec("price", integer(0, what="dollars")),
            spec("faith", _NAME),
            spec("god", _NAME),
            spec("id", _NAME),
            spec("details", list_of(Shape("{from, to, money|square|real_estate_guides}", {}))),
            spec("deposit", table_of(integer(0), "money|real_estate_guides")),
            spec("withdraw", table_of(integer(0), "money|real_estate_guides")),
        ),
        "inferno": (PLAYER, spec("days", integer(1, 3, "game days"), True)),
        "trade_lapsed": (spec("id", _NAME, True), spec("by", NAME, True), spec("note", TEXT)),
        "legal_threats": (spec("by", NAME, True), spec("note", TEXT)),
    },
    actions=(
        "sell a square",
        "annex unused land",
        "buy an Upgrade",
        "rename a square",
        *sorted(WORLD_ACTIONS),
    ),
    draws=("dice:<proposal id>", "dice:<proposal id>:<turn>"),
    state=(
        spec("money", integer()),
        spec("real_estate_guides", integer(0)),
        spec("square", either(_SQUARE, Shape("a circle's name", {"type": "string"}))),
        spec("poorbox_due", BOOL),
        spec("owns", list_of(_SQUARE)),
    ),
    game_state=(
        spec("board", either(integer(1, MAX_SQUARES, "a number of squares"), list_of(_SQUARE))),
        spec("poorbox", integer(0, what="dollars")),
        spec("default_dice", integer(0, MAX_DICE)),
        spec("names", table_of(TEXT, "square")),
        spec("upgrades", table_of(list_of(one_of(UPGRADES)), "square")),
    ),
    matter=(spec("changes", _CHANGES), spec("accepted_changes", _CHANGES)),
    votes=False,
)
