"""What BoredNomic (seed 000) reads from an archive."""

from __future__ import annotations

from gamestate.profiles.borednomic.changes import MOST_PRICE, PRICES
from gamestate.profiles.borednomic.economy import ACTION_NAMES as BOREDNOMIC_ACTIONS
from gamestate.profiles.borednomic.standing import FIELDS
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
    list_of,
    one_of,
    spec,
)

__all__ = ["BOREDNOMIC"]


def unique_names() -> Shape:
    """A non-empty list of names, each once (an update's order of turns)."""
    shape = list_of(NAME, most=1000)
    return Shape(
        "a list of names, each once",
        {**shape.schema, "minItems": 1, "uniqueItems": True},
    )


# BoredNomic (seed 000).

BOREDNOMIC = Inputs(
    events={
        "admin_veto": (spec("matter", either(NAME, integer()), True), spec("by", NAME, True)),
        "pause": (spec("by", TEXT),),
        # Issue 27: the board game (gamestate/profiles/borednomic/records.py checks them).
        "draw": (
            spec("what", one_of(("turn", "eggs", "combat", "category")), True),
            PLAYER,
            spec("opponent", NAME),
            spec("result", ANY, True),
        ),
        "buy": (PLAYER, spec("square", integer(1), True), spec("name", TEXT)),
        "action": (
            PLAYER,
            spec("action", NAME, True),
            spec("square", integer(1)),
            spec("name", TEXT),
            spec("points", integer(1)),
            spec("count", integer(1)),
            spec("from", NAME),
            spec("item", NAME),
        ),
        "answer": (
            PLAYER,
            spec("correct", BOOL, True),
            spec("by", NAME),
            spec("question", either(NAME, integer())),
        ),
        "name_rejected": (spec("square", integer(1), True), spec("by", TEXT)),
        "add_square": (spec("name", TEXT), spec("matter", either(NAME, integer()))),
        # Issue 27: the Admin's records of rules 8.1/8.2, 8.4, 9.1/9.5 (changes.py, sendback.py).
        "send_back": (
            spec("matter", either(NAME, integer()), True),
            spec("by", NAME, True),
            spec("reason", TEXT),
            spec("rule", one_of(("8.1", "8.2"))),
        ),
        "set_price": (
            spec("matter", either(NAME, integer()), True),
            spec("price", one_of(tuple(PRICES)), True),
            spec("amount", integer(0, MOST_PRICE), True),
        ),
        "turn_order": (spec("players", unique_names(), True),),
        "trade": (
            PLAYER,
            spec("id", NAME, True),
            spec("details", list_of(Shape("{from, to, money|square|item, count?}", {})), True),
        ),
    },
    actions=tuple(sorted(BOREDNOMIC_ACTIONS)),
    draws=("turn", "eggs", "combat", "category"),
    state=tuple(spec(name, integer(0 if name.endswith("in_reserve") else None)) for name in FIELDS)
    + (
        spec("hens", integer(0, 4)),
        spec("owns", list_of(integer(1))),
        spec("items", list_of(NAME)),
        spec("beaten", list_of(NAME)),
    ),
    game_state=(
        spec("paused", BOOL),
        spec("paused_since", TIME),
        spec("board", Shape("{squares, names}", {"type": "object"})),
    ),
)
