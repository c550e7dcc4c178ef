"""The shapes of the inputs :mod:`.player_actions`, :mod:`.teleport`, :mod:`.boxes` and
:mod:`.implemented` read (:mod:`.checks` reads them the same way), for ``profiles --json``
and ``profiles --schema nomopoly-iv``."""

from __future__ import annotations

from gamestate.profiles.inputs import Field, Shape, either, spec
from gamestate.profiles.nomopoly_iv.boxes import DRAW_BOX_REMOVED
from gamestate.profiles.nomopoly_iv.implemented import RECOGNISED

__all__ = ["ACTION_FIELDS", "COMMAND_FIELDS", "RECOGNISED_TEXT", "SQUARE_DRAWS"]

_NULL = Shape("null", {"type": "null"})
_OWNER = spec(
    "owner",
    either(
        Shape("the player who owns the Teleporter (when squares do not say)", {"type": "string"}),
        _NULL,
    ),
)
_FORT = Shape("a Fort's name such as Fort#2", {"type": "string", "pattern": "^Fort#[0-9]+$"})
ACTION_FIELDS: tuple[Field, ...] = (_OWNER, spec("new", either(_FORT, _NULL)))
"""``use Teleporter``'s ``owner``; ``build a Fort``'s and ``gain a new fort``'s ``new``."""
COMMAND_FIELDS: tuple[Field, ...] = (_OWNER,)
"""Teleport's ``owner``."""
SQUARE_DRAWS = (DRAW_BOX_REMOVED,)
"""The draws whose ``result`` is a square."""
RECOGNISED_TEXT = {
    f"{effect} (once, at its implemented time)": "an implemented proposal "
    "(game_state.implemented) whose name begins "
    + " or ".join(repr(n) for n in names)
    + f" (any case), or whose matter's text holds {words!r}"
    for effect, (names, words) in RECOGNISED.items()
}
