"""What the item rules refuse outright in an archive, one line each (never a traceback):
an item action's fields, a ``fish`` or ``forage`` draw's result, a ``grant`` or
``revoke`` event's items, a roster entry's ``state.items``. What a rule forbids (fishing
far from a lake, crafting one Thread short) is not an error: it is judged in ``actions``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gamestate.profiles.core import Archive, Event
from gamestate.profiles.core import shown as cut
from gamestate.profiles.infinite_nomic.items import MEDALLION_FISH, STANDARD_FISH
from gamestate.profiles.infinite_nomic.world import canonical, show

__all__ = ["ITEM_ACTIONS", "ITEM_DRAWS", "ITEM_EVENTS", "check_items", "read_qualities"]

ITEM_ACTIONS = frozenset(
    {"fish", "forage", "craft", "use", "trade", "destroy feature", "name quality"}
)
"""The ``action`` names rule 7, 6.3 and 6.4 judge."""
ITEM_DRAWS = frozenset({"fish", "forage"})
"""``fish``: ``false``, a Standard Fish, or ``{"fish", "rolls"}``; ``forage``: the d6s."""
ITEM_EVENTS = frozenset({"grant", "revoke"})
"""A proposal's or ruling's items created or destroyed: ``player``, ``items``."""
MOST = 10**6
"""No count above this is read."""


def coord(archive: Archive, where: str, value: Any) -> None:
    """A hex ``[x, y, z]`` of whole numbers, the coordinate rule 5.1 gives it."""
    if (
        not isinstance(value, list)
        or len(value) != 3
        or any(type(v) is not int or abs(v) > MOST for v in value)
    ):
        raise archive.error(where, f"expected a hex [x, y, z] of integers, got {cut(value)}")
    c = (value[0], value[1], value[2])
    if canonical(c) != c:
        raise archive.error(
            where, f"{show(c)} is not a hex's coordinate: rule 5.1 makes it {show(canonical(c))}"
        )


def _name(archive: Archive, where: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        raise archive.error(where, f"expected a name, got {cut(value)}")
    return value


def _counts(archive: Archive, where: str, value: Any, *, empty: bool = False) -> None:
    """Item -> count, each count 1..10**6 (0 too in a roster's state)."""
    if not isinstance(value, Mapping) or (not value and not empty):
        raise archive.error(where, f"expected {{ITEM: COUNT}}, got {cut(value)}")
    for k, v in value.items():
        _name(archive, f"{where}", k)
        least = 0 if where.startswith("roster") else 1
        if type(v) is not int or not least <= v <= MOST:
            raise archive.error(
                f"{where}.{cut(k)}", f"expected a count {least}..{MOST}, got {cut(v)}"
            )


def _action(archive: Archive, where: str, e: Event) -> None:
    name = e.get("action")
    if name in ("craft", "use"):
        _name(archive, f"{where}.item", e.get("item"))
    elif name == "fish":
        if "lake" in e.fields:
            coord(archive, f"{where}.lake", e.get("lake"))
        if "rod" in e.fields:
            _name(archive, f"{where}.rod", e.get("rod"))
    elif name == "trade":
        _name(archive, f"{where}.with", e.get("with"))
        for key in ("gives", "gets"):  # either may be left out: nothing given
            _counts(archive, f"{where}.{key}", e.fields.get(key, {}), empty=True)
        if not e.get("gives") and not e.get("gets"):
            raise archive.error(where, "a trade exchanges items: gives and gets are both empty")
    elif name == "destroy feature":
        coord(archive, f"{where}.hex", e.get("hex"))
        _name(archive, f"{where}.feature", e.get("feature"))
    elif name == "name quality":
        quality = e.get("quality")
        if type(quality) is not int or not 1 <= quality <= MOST:
            raise archive.error(
                f"{where}.quality", f"expected a quality 1..{MOST}, got {cut(quality)}"
            )
        _name(archive, f"{where}.name", e.get("name"))


def _fish_result(archive: Archive, where: str, result: Any) -> None:
    if result is False or result in STANDARD_FISH:
        return
    if isinstance(result, Mapping) and result.get("fish") in MEDALLION_FISH:
        rolls = result.get("rolls")
        if (
            isinstance(rolls, list)
            and 1 <= len(rolls) <= 1000
            and all(type(r) is int and r in (1, 2) for r in rolls)
        ):
            return
        raise archive.error(f"{where}.rolls", f"expected d2 rolls (1 or 2), got {cut(rolls)}")
    raise archive.error(
        where,
        "expected false (nothing caught), a Standard Fish ("
        + ", ".join(STANDARD_FISH)
        + f') or {{"fish": MEDALLION, "rolls": [2, ..., 1]}}, got {cut(result)}',
    )


def _forage_result(archive: Archive, where: str, result: Any) -> None:
    rolls = [result] if type(result) is int else result
    if (
        isinstance(rolls, list)
        and 1 <= len(rolls) <= 2
        and all(type(r) is int and 1 <= r <= 6 for r in rolls)
    ):
        return
    raise archive.error(where, f"expected the d6 rolls, [1..6] or two of them, got {cut(result)}")


def read_qualities(archive: Archive) -> dict[int, str]:
    """``game_state.qualities``: the qualities named as the archive starts (7.3.2.1's
    list and any named since), quality -> name; a one-line error for junk."""
    raw = archive.game_state.get("qualities", {})
    if not isinstance(raw, Mapping):
        raise archive.error("game_state.qualities", f"expected {{QUALITY: NAME}}, got {cut(raw)}")
    out: dict[int, str] = {}
    for k, v in raw.items():
        if not isinstance(k, str) or re.fullmatch("[1-9][0-9]{0,5}", k) is None:
            raise archive.error("game_state.qualities", f"expected a quality 1.., got {cut(k)}")
        out[int(k)] = _name(archive, f"game_state.qualities.{k}", v)
    return out


def check_items(archive: Archive) -> None:
    """Raises a one-line ProfileError on an item input no rule can read."""
    read_qualities(archive)
    for m in archive.roster:
        if "items" in m.state:
            _counts(archive, f"roster {cut(m.name)}.state.items", m.state["items"], empty=True)
    for e in archive.events:
        where = f"event {e.index} ({e.type})"
        if e.type == "action" and e.get("action") in ITEM_ACTIONS:
            _action(archive, where, e)
        elif e.type == "draw" and e.get("what") in ITEM_DRAWS:
            _name(archive, f"{where}.player", e.get("player"))
            check = _fish_result if e.get("what") == "fish" else _forage_result
            check(archive, f"{where}.result", e.get("result"))
        elif e.type in ITEM_EVENTS:
            _name(archive, f"{where}.player", e.get("player"))
            _counts(archive, f"{where}.items", e.get("items"))
