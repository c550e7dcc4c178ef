"""The shape of Nomopoly's Warp Gate, bank, trade, faith, Heaven and Inferno records
(:mod:`.world`), checked before any is played: one line naming the record."""

from __future__ import annotations

from collections.abc import Mapping

from gamestate.profiles.core import Archive, Event
from gamestate.profiles.nomopoly.quote import shown

__all__ = ["check_world_action", "check_world_state"]

_MOST = 10**9
_BANKED = ("money", "real_estate_guides")
_TRADED = ("money", "square", "real_estate_guides")


def _whole(value: object, low: int, high: int = _MOST) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _name(value: object) -> bool:
    return isinstance(value, str) and len(value) <= 200 and bool(value.strip())


def check_world_state(archive: Archive) -> None:
    """``game_state.warp_prices`` ({square: price}) and ``faiths`` ({name: {god, members}})."""
    gs = archive.game_state
    prices = gs.get("warp_prices", {})
    if not isinstance(prices, Mapping) or not all(
        isinstance(k, str) and k.isascii() and k.isdigit() and _whole(v, 0)
        for k, v in prices.items()
    ):
        raise archive.error("game_state.warp_prices", "expected {square: whole dollars}")
    faiths = gs.get("faiths", {})
    if not isinstance(faiths, Mapping):
        raise archive.error("game_state.faiths", "expected {faith: {god, members}}")
    for faith, spec in faiths.items():
        ok = (
            isinstance(spec, Mapping)
            and _name(spec.get("god"))
            and isinstance(spec.get("members"), list)
            and all(_name(m) for m in spec["members"])
        )
        if not ok:
            raise archive.error(
                f"game_state.faiths.{shown(faith)}", "expected {god: NAME, members: [NAMES]}"
            )


def check_world_action(archive: Archive, e: Event, where: str, last_square: int) -> None:
    """Raises a one-line ProfileError for a world action of the wrong shape."""
    action = e.get("action")
    if action in ("set a Warp Gate price", "use a Warp Gate"):
        if not _whole(e.get("square"), 1, last_square):
            raise archive.error(
                where, f"{action}: square {shown(e.get('square'))} is off the board"
            )
        if action == "set a Warp Gate price" and not _whole(e.get("price"), 0):
            raise archive.error(where, f"price {shown(e.get('price'))} is not whole dollars")
    elif action == "use a Savings and Loan":
        moves = [e.get("deposit") or {}, e.get("withdraw") or {}]
        for move in moves:
            if not isinstance(move, Mapping) or not all(
                k in _BANKED and _whole(v, 0) for k, v in move.items()
            ):
                raise archive.error(
                    where, "deposit/withdraw: {money: N, real_estate_guides: N}, whole numbers"
                )
    elif action == "trade":
        details = e.get("details")
        if not _name(e.get("id")):
            raise archive.error(where, "trade: 'id' must name the trade")
        if not isinstance(details, list) or not 0 < len(details) <= 100:
            raise archive.error(where, "trade: 'details' must list what each gives")
        for d in details:
            given = [k for k in _TRADED if isinstance(d, Mapping) and k in d]
            if (
                not isinstance(d, Mapping)
                or not (_name(d.get("from")) and _name(d.get("to")))
                or d["from"] == d["to"]
                or len(given) != 1
                or not _whole(d[given[0]], 1)
            ):
                raise archive.error(
                    where,
                    "trade: each detail is {from, to} and one of money, square,"
                    " real_estate_guides (a whole number), between two players",
                )
    elif action in ("create a faith", "join a faith", "leave a faith"):
        if not _name(e.get("faith")):
            raise archive.error(where, f"{action}: 'faith' must be a name")
        if action == "create a faith" and not _name(e.get("god")):
            raise archive.error(where, "create a faith: 'god' must name an entity")
