"""What Infinite Nomic Aeternus (seed 001) reads from an archive."""

from __future__ import annotations

from gamestate.profiles.inputs import NAME, PLAYER, TIME, Inputs, record, spec

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
    },
)
