"""What a Nomopoly IV archive must hold before its rules can be read: each problem a
one-line :class:`~gamestate.profiles.core.ProfileError` naming the record.

The records this profile reads (beyond the core's):

- roster ``state``: ``level``, ``experience``, ``jumps``, ``money``, ``alive``,
  ``scientists`` (a number, a list of names, or name -> ``Researching`` /
  ``Counter-Researching`` / ``idle``), ``units`` (names such as ``"SCV#1"``),
  ``cooling_down`` (unit -> the instant it stops), ``square``.
- ``game_state``: ``as_of`` (the instant the roster's values are as of; else the first
  recorded instant), ``implemented`` (proposal name -> time), ``boxes``
  (``[{"square", "placed_at", "item"?}]``), ``shop_square``, ``market`` (sell requests
  ``[{"item", "price", "seller"?}]``), ``experience_fairy`` (``{"appeared_at", "square"}``).
- events ``action`` {player, action, distance?, square?}, ``command`` {player, command,
  unit, amount?, distance?, target?, new?, killed?}, ``fine`` {player, amount}, ``draw``
  {what, result, due?}.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from gamestate.profiles.archive import format_time, parse_time
from gamestate.profiles.core import Archive, Event, ProfileError
from gamestate.profiles.nomopoly_iv.books import COUNTER_RESEARCHING, IDLE, RESEARCHING
from gamestate.profiles.nomopoly_iv.boxes import DRAW_BOX_REMOVED, DRAW_BOX_REMOVED_SHORT
from gamestate.profiles.nomopoly_iv.combat_items import COMBAT_ITEMS
from gamestate.profiles.nomopoly_iv.hp_checks import check_hp_inputs
from gamestate.profiles.nomopoly_iv.market import (
    DUCKY,
    ITEM_ACTIONS,
    MARKET_ACTIONS,
    SHOP_ACTIONS,
)
from gamestate.profiles.nomopoly_iv.player_actions import PLAYER_ACTIONS
from gamestate.profiles.nomopoly_iv.resources import DRAW_RESOURCES as DRAW_LAND
from gamestate.profiles.nomopoly_iv.resources import DRAW_RESOURCES_SHORT, check_draw
from gamestate.profiles.nomopoly_iv.resources import check_game_state as check_land
from gamestate.profiles.nomopoly_iv.teleport import USE_TELEPORTER
from gamestate.profiles.nomopoly_iv.units import COMMANDS, unit_type

__all__ = [
    "ACTIONS",
    "ALIASES",
    "DRAWS",
    "DRAW_ALIASES",
    "draw_what",
    "EVENT_TYPES",
    "MAX_SPAN_DAYS",
    "as_of",
    "check_archive",
    "is_int",
]

EVENT_TYPES = frozenset({"action", "command", "draw", "fine", DUCKY})
ACTIONS = frozenset(
    {
        "jump",
        "decrease Jumps",
        "Receive Teaching",
        "take the item",
        "gain a new fort",
        "use Mushroom",
        "use Coin",
    }
)
"""The players' actions, in the seed's words."""
ALIASES = {"Receive Training": "Receive Teaching"}
"""The seed's other words for an action: "If no one performs the "Receive Training"
within 1 day" names the Fairy's action too. Both are accepted."""
ACTIONS = ACTIONS | frozenset(ALIASES) | MARKET_ACTIONS | ITEM_ACTIONS | SHOP_ACTIONS | COMBAT_ITEMS
DRAW_COOL_DOWN = "cool down ended"
DRAW_FAIRY = "Experience Fairy"
DRAW_BOX = "? Box placed"
DRAW_ITEM = "? Box item"
DRAW_SHOP = "Shop of Terror"
ACTIONS = ACTIONS | PLAYER_ACTIONS | {USE_TELEPORTER}
DRAWS = frozenset({DRAW_COOL_DOWN, DRAW_FAIRY, DRAW_BOX, DRAW_ITEM, DRAW_SHOP, DRAW_LAND})
DRAWS = DRAWS | {DRAW_BOX_REMOVED}
DRAW_ALIASES = {
    "fairy": DRAW_FAIRY,
    "shop": DRAW_SHOP,
    "box": DRAW_BOX,
    "box item": DRAW_ITEM,
    "cool down": DRAW_COOL_DOWN,
    DRAW_BOX_REMOVED_SHORT: DRAW_BOX_REMOVED,
    DRAW_RESOURCES_SHORT: DRAW_LAND,
}
"""Short words for the draws, accepted as the seed's own."""
"""The random results a scheduled event needs, by ``what``."""
MAX_SPAN_DAYS = 366 * 20
"""The longest game this profile plays out (daily events for 20 years)."""
_BIG = 10**12
_MODES = frozenset({RESEARCHING, COUNTER_RESEARCHING, IDLE})


def is_int(value: object, low: int = -_BIG, high: int = _BIG) -> bool:
    """A whole number (not a bool) within the bounds."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _time(archive: Archive, value: object, where: str) -> datetime:
    try:
        return parse_time(value, where)
    except ProfileError as exc:
        raise archive.error(where, str(exc).split(": ", 1)[-1]) from None


def _square(archive: Archive, value: object, where: str, *, null: bool = True) -> None:
    if (value is None and null) or is_int(value, 1, 10_000):
        return
    raise archive.error(where, f"expected a square number 1..10000, got {value!r:.40}")


def _state(archive: Archive, name: str, state: Mapping[str, Any]) -> None:
    where = f"roster {name}.state"
    bounds = {"level": (-(10**6), 10**6), "experience": (0, 10**9), "jumps": (0, 10**6)}
    for key, (low, high) in {**bounds, "money": (-_BIG, _BIG)}.items():
        if key in state and not is_int(state[key], low, high):
            raise archive.error(f"{where}.{key}", f"expected a whole number {low}..{high}")
    if "alive" in state and not isinstance(state["alive"], bool):
        raise archive.error(f"{where}.alive", "expected true or false")
    scientists = state.get("scientists", 0)
    names: list[object]
    if is_int(scientists, 0, 10_000):
        names = []
    elif isinstance(scientists, list):
        names = list(scientists)
    elif isinstance(scientists, Mapping):
        names = list(scientists)
        for mode in scientists.values():
            if not isinstance(mode, str) or mode not in _MODES:
                raise archive.error(
                    f"{where}.scientists", f"{mode!r:.40} is not one of {sorted(_MODES)}"
                )
    else:
        raise archive.error(f"{where}.scientists", "expected a number, a list or an object")
    for unit in names:
        if unit_type(unit) != "Scientist":
            raise archive.error(f"{where}.scientists", f"{unit!r:.40} is not a Scientist")
    units = state.get("units", [])
    if not isinstance(units, (list, Mapping)):
        raise archive.error(f"{where}.units", "expected a list of unit names or name -> body")
    for unit in units:
        if unit_type(unit) is None:
            raise archive.error(f"{where}.units", f"unknown unit {unit!r:.40}")
    cooling = state.get("cooling_down", {})
    if not isinstance(cooling, Mapping):
        raise archive.error(f"{where}.cooling_down", "expected unit -> time")
    for unit, until in cooling.items():
        if unit_type(unit) is None:
            raise archive.error(f"{where}.cooling_down", f"unknown unit {unit!r:.40}")
        _time(archive, until, f"{where}.cooling_down.{unit}")
    _square(archive, state.get("square"), f"{where}.square")
    items = state.get("items", [])
    if not (
        (isinstance(items, list) and all(isinstance(i, str) for i in items))
        or (isinstance(items, Mapping) and all(is_int(n, 0) for n in items.values()))
    ):
        raise archive.error(f"{where}.items", "expected a list of item names or item -> count")


def _game_state(archive: Archive) -> None:
    gs = archive.game_state
    if "as_of" in gs:
        _time(archive, gs["as_of"], "game_state.as_of")
    implemented = gs.get("implemented", {})
    if not isinstance(implemented, Mapping):
        raise archive.error("game_state.implemented", "expected proposal name -> time")
    for name, at in implemented.items():
        _time(archive, at, f"game_state.implemented.{name}")
    boxes = gs.get("boxes", [])
    if not isinstance(boxes, list) or len(boxes) > 1000:
        raise archive.error("game_state.boxes", "expected a list of ? Boxes")
    for i, box in enumerate(boxes):
        if not isinstance(box, Mapping):
            raise archive.error(f"game_state.boxes {i}", "expected {square, placed_at}")
        _square(archive, box.get("square"), f"game_state.boxes {i}.square")
        _time(archive, box.get("placed_at"), f"game_state.boxes {i}.placed_at")
        if box.get("item") is not None and not isinstance(box.get("item"), str):
            raise archive.error(f"game_state.boxes {i}.item", "expected an item's name")
    _square(archive, gs.get("shop_square"), "game_state.shop_square")
    market = gs.get("market", [])
    if not isinstance(market, list):
        raise archive.error("game_state.market", "expected a list of sell requests")
    for i, req in enumerate(market):
        if (
            not isinstance(req, Mapping)
            or not isinstance(req.get("item"), str)
            or not is_int(req.get("price"), 0)
        ):
            raise archive.error(f"game_state.market {i}", "expected {item, price} (dollars >= 0)")
    buys = gs.get("buy_requests", [])
    if not isinstance(buys, list) or not all(
        isinstance(r, Mapping) and isinstance(r.get("item"), str) and is_int(r.get("price"), 0)
        for r in buys
    ):
        raise archive.error("game_state.buy_requests", "expected [{item, price, buyer}]")
    if not is_int(gs.get("bank_account_of_terror", 3)):
        raise archive.error("game_state.bank_account_of_terror", "expected a whole number")
    _square(archive, gs.get("rber_ducky"), "game_state.rber_ducky")
    fairy = gs.get("experience_fairy")
    if fairy is not None:
        if not isinstance(fairy, Mapping):
            raise archive.error("game_state.experience_fairy", "expected {appeared_at, square}")
        _time(archive, fairy.get("appeared_at"), "game_state.experience_fairy.appeared_at")
        _square(archive, fairy.get("square"), "game_state.experience_fairy.square")


def _player(archive: Archive, e: Event, where: str) -> None:
    who = e.get("player")
    member = archive.member(who) if isinstance(who, str) else None
    if member is None or not member.player:
        raise archive.error(where, f"{who!r:.40} is not a player on the roster")


def _optional_int(archive: Archive, e: Event, key: str, where: str, low: int = -_BIG) -> None:
    if e.get(key) is not None and not is_int(e.get(key), low):
        raise archive.error(f"{where}.{key}", f"expected a whole number, got {e.get(key)!r:.40}")


def _command(archive: Archive, e: Event, where: str) -> None:
    name = e.get("command")
    if not isinstance(name, str) or name not in COMMANDS:
        raise archive.error(where, f"unknown command {name!r:.40}; the seed has no such command")
    unit = e.get("unit")
    if unit_type(unit) is None:
        raise archive.error(
            where, f"unknown unit {unit!r:.40}; name one as the site did (Scientist#1, SCV#2)"
        )
    for key in ("amount", "distance"):
        _optional_int(archive, e, key, where)
    new = e.get("new")
    if new is not None and unit_type(new) is None:
        raise archive.error(f"{where}.new", f"unknown unit {new!r:.40}")
    killed = e.get("killed", [])
    if not isinstance(killed, list) or any(unit_type(k) is None for k in killed):
        raise archive.error(f"{where}.killed", "expected a list of unit names")
    target = e.get("target")
    if target is not None and not isinstance(target, str):
        raise archive.error(f"{where}.target", "expected a player's name")
    if e.get("owner") is not None and not isinstance(e.get("owner"), str):
        raise archive.error(f"{where}.owner", "expected a player's name")


def draw_what(value: object) -> object:
    """A draw's ``what`` in the seed's words (a short word taken for its own)."""
    return DRAW_ALIASES.get(value, value) if isinstance(value, str) else value


def _draw(archive: Archive, e: Event, where: str) -> None:
    what, result = draw_what(e.get("what")), e.get("result")
    if not isinstance(what, str) or what not in DRAWS:
        raise archive.error(
            where, f"unknown draw {what!r:.40}; nomopoly-iv knows " + ", ".join(sorted(DRAWS))
        )
    if e.get("due") is not None:
        _time(archive, e.get("due"), f"{where}.due")
    if what in (DRAW_FAIRY, DRAW_BOX, DRAW_SHOP, DRAW_BOX_REMOVED):
        _square(archive, result, f"{where}.result", null=False)
    elif what == DRAW_LAND:
        check_draw(archive, result, where)
    elif what == DRAW_ITEM:
        if not isinstance(result, str) or not result:
            raise archive.error(f"{where}.result", "expected an item's name")
    elif isinstance(result, Mapping):
        if not isinstance(result.get("player"), str) or unit_type(result.get("unit")) is None:
            raise archive.error(f"{where}.result", "expected {player, unit}")
    elif unit_type(result) is None:
        raise archive.error(f"{where}.result", f"unknown unit {result!r:.40}")


def as_of(archive: Archive, now: datetime) -> datetime:
    """The instant the roster's values are as of: ``game_state.as_of``, else the first
    recorded instant (else ``now``)."""
    if "as_of" in archive.game_state:
        return parse_time(archive.game_state["as_of"], "game_state.as_of")
    stamps = [m.posted_at for m in archive.matters] + [e.at for e in archive.events]
    stamps += [t for m in archive.roster for t in (m.joined_at, m.left_at) if t is not None]
    return min(stamps, default=now)


def check_archive(archive: Archive, now: datetime | None = None) -> None:
    """Raises a one-line ProfileError for anything this profile cannot read."""
    for m in archive.roster:
        _state(archive, m.name, m.state)
    _game_state(archive)
    check_land(archive)
    check_hp_inputs(archive)
    for e in archive.events:
        where = f"event {e.index} ({e.type})"
        if e.type in ("action", "command", "fine"):
            _player(archive, e, where)
        if e.type == "action":
            _optional_int(archive, e, "distance", where)
            _square(archive, e.get("square"), f"{where}.square")
            _optional_int(archive, e, "price", where, 0)
            if e.get("item") is not None and not isinstance(e.get("item"), str):
                raise archive.error(f"{where}.item", "expected an item's name")
            if e.get("new") is not None and unit_type(e.get("new")) != "Fort":
                got = f"{e.get('new')!r:.40}"
                raise archive.error(f"{where}.new", f"expected a Fort's name, got {got}")
            if e.get("owner") is not None and not isinstance(e.get("owner"), str):
                raise archive.error(f"{where}.owner", "expected a player's name")
        elif e.type == DUCKY:
            if not is_int(e.get("roll"), 1, 6):
                raise archive.error(f"{where}.roll", "expected the roll of a 6-sided dice, 1..6")
        elif e.type == "command":
            _command(archive, e, where)
        elif e.type == "fine":
            if not is_int(e.get("amount")):
                raise archive.error(f"{where}.amount", "expected a whole number of dollars")
        elif e.type == "draw":
            _draw(archive, e, where)
    for matter in archive.matters:
        if matter.extra.get("retracted_at") is not None:
            where = f"matter {matter.id}.retracted_at"
            _time(archive, matter.extra["retracted_at"], where)
    start = as_of(archive, now) if now is not None else None
    if now is not None and start is not None and (now - start).days > MAX_SPAN_DAYS:
        # Every scheduled event from the start to ``now`` would be applied, twice a day.
        raise archive.error(
            "game_state.as_of",
            f"the game starts at {format_time(start)}, more than {MAX_SPAN_DAYS} days (20 "
            f"years) of scheduled events before {format_time(now)}: ask for an earlier instant",
        )
