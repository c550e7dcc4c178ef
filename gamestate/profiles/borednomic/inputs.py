"""What BoredNomic (seed 000) reads from an archive."""

from __future__ import annotations

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
        "answer": (PLAYER, spec("correct", BOOL, True), spec("by", NAME)),
        "name_rejected": (spec("square", integer(1), True), spec("by", TEXT)),
        "add_square": (spec("name", TEXT),),
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
