"""What Infinite Nomic Aeternus (seed 001) reads from an archive."""

from __future__ import annotations

from gamestate.profiles.infinite_nomic.item_inputs import (
    ITEM_EVENT_FIELDS,
    ITEM_EVENT_RULES,
    ITEM_GAME_STATE,
    ITEM_STATE,
    fields_beyond,
)
from gamestate.profiles.infinite_nomic.world_checks import ALL_ACTIONS, ALL_DRAWS
from gamestate.profiles.infinite_nomic.world_inputs import (
    WORLD_ACTION_FIELDS,
    WORLD_ALIASES,
    WORLD_DRAW_RULES,
    WORLD_GAME_STATE,
    WORLD_STATE,
)
from gamestate.profiles.inputs import ANY, NAME, PLAYER, TIME, Inputs, one_of, record, spec

__all__ = ["INFINITE_NOMIC"]

# Infinite Nomic (seed 001).

INFINITE_NOMIC = Inputs(
    events={
        "message": (PLAYER,),
        "declare_reputable": (spec("by", NAME, True), PLAYER),
        "join": (PLAYER,),
        "leave": (PLAYER,),
        "overturn_ruling": (
            spec("by", NAME, True),
            spec("ruling", record(spec("by", NAME, True), spec("at", TIME, True)), True),
        ),
        "action": (
            PLAYER,
            spec("action", NAME, True),
            *WORLD_ACTION_FIELDS,
            *fields_beyond(WORLD_ACTION_FIELDS),
        ),
        "draw": (
            spec("what", one_of(ALL_DRAWS), True),
            spec("result", ANY, True),
            spec("player", NAME),
        ),
        **ITEM_EVENT_FIELDS,
    },
    actions=tuple(sorted(ALL_ACTIONS - frozenset(WORLD_ALIASES))),
    draws=tuple(sorted(ALL_DRAWS)),
    state=(*WORLD_STATE, *ITEM_STATE),
    game_state=(*WORLD_GAME_STATE, *ITEM_GAME_STATE),
    aliases={**WORLD_ALIASES},
    event_rules=(*WORLD_DRAW_RULES, *ITEM_EVENT_RULES),
)
