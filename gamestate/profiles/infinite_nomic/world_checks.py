"""What the world's rules refuse outright in an archive, one line each (never a
traceback): an ``action`` no rule knows, a world action's fields that cannot be read
(a hex that is not ``[x, y, z]`` of integers or not rule 5.1's coordinate, a direction
rule 5.2 does not name, a feature, request, faction or vote that is not a name), a
``draw`` no rule knows, a world draw's result. What a rule forbids (a hex too far, a
Flag on a Lake) is no error: it is judged in ``actions``."""

from __future__ import annotations

from typing import Any

from gamestate.profiles.core import Archive, Event
from gamestate.profiles.infinite_nomic.draws import WORLD_DRAWS, Draws, coord, cut
from gamestate.profiles.infinite_nomic.item_checks import ITEM_ACTIONS, ITEM_DRAWS
from gamestate.profiles.infinite_nomic.world import DIRECTIONS
from gamestate.profiles.infinite_nomic.world_start import read_start

__all__ = ["ACTION_ALIASES", "ALL_ACTIONS", "ALL_DRAWS", "WORLD_ACTIONS", "check_world"]

WORLD_ACTIONS = frozenset(
    {
        "scout",
        "traverse",
        "construct",
        "stagways",
        "merge_request",
        "merge_vote",
        "leave_faction",
    }
)
"""The ``action`` names rules 2.1, 5 and 6 judge."""
ACTION_ALIASES = {
    "teleport": "stagways",
    "travel the stagways": "stagways",
    "move": "traverse",
    "merge": "merge_request",
    "leave faction": "leave_faction",
}
"""A second word -> the action it names (both are accepted)."""
ALL_ACTIONS = WORLD_ACTIONS | ITEM_ACTIONS | frozenset(ACTION_ALIASES)
ALL_DRAWS = WORLD_DRAWS | ITEM_DRAWS
_LONGEST = 200


def _name(archive: Archive, where: str, value: Any) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > _LONGEST:
        raise archive.error(where, f"expected a name, got {cut(value)}")


def _world_action(archive: Archive, where: str, e: Event) -> None:
    name = ACTION_ALIASES.get(str(e.get("action")), str(e.get("action")))
    if name in ("traverse", "stagways", "construct"):
        direction = e.get("direction")
        if e.get("hex") is not None or (name == "stagways" and direction is None):
            coord(archive, f"{where}.hex", e.get("hex"))
        elif direction is not None and not (isinstance(direction, str) and direction in DIRECTIONS):
            raise archive.error(
                f"{where}.direction",
                f"unknown direction {cut(direction)}; rule 5.2's are " + ", ".join(DIRECTIONS),
            )
        elif name == "traverse" and direction is None:
            raise archive.error(where, "a traverse names its hex or its direction")
        if name == "construct":
            _name(archive, f"{where}.feature", e.get("feature"))
    elif name == "scout":
        hexes = e.get("hexes")
        if not isinstance(hexes, list) or len(hexes) != 2:
            raise archive.error(
                f"{where}.hexes", f"expected two hexes [[x, y, z], [x, y, z]], got {cut(hexes)}"
            )
        for h in hexes:
            coord(archive, f"{where}.hexes", h)
    elif name in ("merge_request", "merge_vote"):
        _name(archive, f"{where}.request", e.get("request"))
        if name == "merge_request":
            _name(archive, f"{where}.faction", e.get("faction"))
            _name(archive, f"{where}.name", e.get("name"))
        elif e.get("vote") not in ("for", "against"):
            raise archive.error(
                f"{where}.vote", f"expected for or against, got {cut(e.get('vote'))}"
            )


def check_world(archive: Archive) -> None:
    """Raises a one-line ProfileError on a world input no rule can read."""
    for e in archive.events:
        where = f"event {e.index} ({e.type})"
        if e.type == "action":
            if e.get("action") not in ALL_ACTIONS:
                raise archive.error(
                    f"{where}.action",
                    f"unknown action {cut(e.get('action'))}; infinite-nomic knows "
                    + ", ".join(sorted(ALL_ACTIONS)),
                )
            _world_action(archive, where, e)
        elif e.type == "draw" and e.get("what") not in ALL_DRAWS:
            raise archive.error(
                f"{where}.what",
                f"unknown draw {cut(e.get('what'))}; infinite-nomic knows "
                + ", ".join(sorted(ALL_DRAWS)),
            )
    Draws.from_archive(archive, WORLD_DRAWS)
    read_start(archive)
