"""What a Nomopoly archive must hold before its rules can be read: each problem a
one-line :class:`~gamestate.profiles.core.ProfileError` naming the record.

The records Nomopoly reads (beyond the core's):

- ``game_state``: ``board`` (N, squares 1..N; or the list of squares), or ``verses``
  (N); ``poorbox`` (dollars); ``default_dice`` (2 unless set); ``names`` and
  ``upgrades`` (``{"<square>": ...}``).
- roster ``state``: ``money``, ``square`` (a number, or a circle's name such as
  ``"Heaven"``), ``real_estate_guides``, ``owns`` (square numbers), ``poorbox_due``.
- a proposal's ``changes`` (``{"default_dice": 3, "add_squares": 1}``): the rule values
  it sets if accepted; ``accepted_changes``: the part of them the admin accepted when
  the judgement is ``accepted in part`` (none if absent).
- events ``admin_day`` {by, note}, ``buy`` {player, square, name?}, ``fine`` {player,
  amount}, ``draw`` {what: ``dice:<proposal id>[:turn]``, result: [faces]}, ``action``
  {player, action, square?, upgrade?, name?}, ``inferno`` {player, days},
  ``trade_lapsed`` {id, by: an admin}, ``legal_threats`` {by: an admin}.
- a proposal's ``name_squares`` (names): new named squares it requires.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamestate.profiles.core import Archive, Event, Matter
from gamestate.profiles.nomopoly.dice import parse_draw_name
from gamestate.profiles.nomopoly.quote import cut, shown
from gamestate.profiles.nomopoly.world import WORLD_ACTIONS
from gamestate.profiles.nomopoly.world_checks import check_world_action, check_world_state

__all__ = [
    "ACTIONS",
    "CHANGES",
    "DEFAULT_BOARD",
    "EVENT_TYPES",
    "UPGRADES",
    "check_archive",
    "initial_squares",
    "is_int",
]

DEFAULT_BOARD = 14
"""Squares on a board whose archive names none: the seed's diagram's board."""
MAX_SQUARES = 10_000
MAX_DICE = 60
EVENT_TYPES = frozenset(
    {"admin_day", "buy", "fine", "draw", "action", "inferno", "trade_lapsed", "legal_threats"}
)
ACTIONS = (
    frozenset({"sell a square", "annex unused land", "buy an Upgrade", "rename a square"})
    | WORLD_ACTIONS
)
"""The players' actions of the day's fourth step, in the seed's words."""
UPGRADES = frozenset({"Drain", "Brick", "Warp Gate", "Savings and Loan", "Disruptor"})
"""Upgrades one may buy."""
CHANGES = frozenset({"default_dice", "add_squares", "name_squares"})
"""Rule values an accepted proposal may set (``Report.rules_after_day``)."""


def is_int(value: object, low: int | None = None, high: int | None = None) -> bool:
    """A whole number (not a bool) within the bounds."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def initial_squares(archive: Archive) -> tuple[int, ...]:
    """The squares on the board at the archive's start (checked)."""
    gs = archive.game_state
    raw = gs.get("board", gs.get("verses", DEFAULT_BOARD))
    where = "game_state.board" if "board" in gs else "game_state.verses"
    if is_int(raw, 1, MAX_SQUARES):
        assert isinstance(raw, int)
        return tuple(range(1, raw + 1))
    if isinstance(raw, list) and 0 < len(raw) <= MAX_SQUARES:
        if all(is_int(s, 1, 10 * MAX_SQUARES) for s in raw) and len(set(raw)) == len(raw):
            return tuple(sorted(raw))
    raise archive.error(
        where, f"expected a number of squares (1..{MAX_SQUARES}) or a list of square numbers"
    )


def _game_state(archive: Archive) -> None:
    gs = archive.game_state
    if not is_int(gs.get("poorbox", 0), 0):
        raise archive.error("game_state.poorbox", "expected a whole number of dollars >= 0")
    if not is_int(gs.get("default_dice", 2), 0, MAX_DICE):
        raise archive.error("game_state.default_dice", f"expected a whole number 0..{MAX_DICE}")
    for key in ("names", "upgrades"):
        table = gs.get(key, {})
        if not isinstance(table, Mapping):
            raise archive.error(f"game_state.{key}", "expected an object keyed by square")
        for square, value in table.items():
            if not (isinstance(square, str) and square.isascii() and square.isdigit()):
                raise archive.error(f"game_state.{key}", f"{shown(square)} is not a square number")
            ok = (
                isinstance(value, str)
                if key == "names"
                else isinstance(value, list)
                and all(isinstance(v, str) and v in UPGRADES for v in value)
            )
            if not ok:
                raise archive.error(
                    f"game_state.{key}.{square}",
                    "expected a name" if key == "names" else "expected a list of known Upgrades",
                )


def _roster(archive: Archive, squares: tuple[int, ...]) -> None:
    owned: dict[int, str] = {}
    for m in archive.roster:
        where = f"roster {m.name} state"
        s = m.state
        if not is_int(s.get("money", 0)):
            raise archive.error(where, "money must be a whole number")
        if not is_int(s.get("real_estate_guides", 0), 0):
            raise archive.error(where, "real_estate_guides must be a whole number >= 0")
        square = s.get("square", squares[0])
        if not (isinstance(square, str) and square.strip()) and square not in squares:
            raise archive.error(where, f"square {shown(square)} is not on the board")
        if not isinstance(s.get("poorbox_due", False), bool):
            raise archive.error(where, "poorbox_due must be true or false")
        owns = s.get("owns", [])
        if not isinstance(owns, list) or not all(is_int(o) and o in squares for o in owns):
            raise archive.error(where, "owns must list squares on the board")
        for o in owns:
            if o in owned:
                raise archive.error(where, f"square {o} is already owned by {owned[o]}")
            owned[o] = m.name


def _changes(archive: Archive, m: Matter, key: str) -> int:
    """Checks a proposal's ``changes``/``accepted_changes``; the squares it may add."""
    raw = m.extra.get(key)
    if raw is None:
        return 0
    where = f"matter {cut(m.id)} {key}"
    if not isinstance(raw, Mapping):
        raise archive.error(where, "expected an object of rule values")
    for name, value in raw.items():
        if name not in CHANGES:
            known = ", ".join(sorted(CHANGES))
            raise archive.error(where, f"unknown rule value {shown(name)}; nomopoly knows {known}")
        if name == "name_squares":
            if not (
                isinstance(value, list)
                and 0 < len(value) <= 100
                and all(isinstance(v, str) and v.strip() and len(v) <= 200 for v in value)
            ):
                raise archive.error(where, "name_squares must list 1 to 100 square names")
        elif not is_int(value, 0, MAX_DICE if name == "default_dice" else 1000):
            raise archive.error(where, f"{name} must be a whole number in range")
    add = raw.get("add_squares", 0)
    return (add if isinstance(add, int) else 0) + len(raw.get("name_squares") or [])


def _matters(archive: Archive) -> int:
    growth = 0
    for m in archive.matters:
        author = archive.member(m.author)
        if author is None or not author.player or not author.present_at(m.posted_at):
            raise archive.error(
                f"matter {cut(m.id)}",
                f"{shown(m.author)} is not a player at {m.posted_at:%Y-%m-%dT%H:%M:%SZ}"
                " (the admin is not a player)",
            )
        if m.judgement is not None and m.judgement.at < m.posted_at:
            raise archive.error(
                f"matter {cut(m.id)} judgement", "judged before the proposal was sent"
            )
        growth += max(_changes(archive, m, "changes"), _changes(archive, m, "accepted_changes"))
    return growth


def _player(archive: Archive, e: Event, where: str) -> None:
    name = e.get("player")
    member = archive.member(name) if isinstance(name, str) else None
    if member is None or not member.player:
        raise archive.error(where, f"{shown(name)} is not a player on the roster")


def _event(archive: Archive, e: Event, last_square: int, proposals: set[str]) -> None:
    where = f"event {e.index} ({e.type})"
    if e.type == "buy":
        _player(archive, e, where)
        square = e.get("square")
        if not is_int(square, 1, last_square):
            raise archive.error(
                where, f"square {shown(square)} is off the board (1..{last_square})"
            )
        if e.get("name") is not None and not isinstance(e.get("name"), str):
            raise archive.error(where, "name must be a string")
    elif e.type == "fine":
        _player(archive, e, where)
        if not is_int(e.get("amount"), 1):
            raise archive.error(
                where, f"amount {shown(e.get('amount'))} is not a whole number >= 1"
            )
    elif e.type == "draw":
        if parse_draw_name(e.get("what"), proposals) is None:
            raise archive.error(
                where, f"{shown(e.get('what'))} names no proposal (write dice:<proposal id>)"
            )
        result = e.get("result")
        if not (
            isinstance(result, list)
            and 0 < len(result) <= MAX_DICE
            and all(is_int(f, 1, 6) for f in result)
        ):
            raise archive.error(where, "result must list the faces thrown (1..6 each)")
    elif e.type == "action":
        _player(archive, e, where)
        _action(archive, e, where, last_square)
    elif e.type == "inferno":
        _player(archive, e, where)
        if not is_int(e.get("days"), 1, 3):
            raise archive.error(where, f"days {shown(e.get('days'))}: up to three game days (1..3)")
    elif e.type == "trade_lapsed":
        _lapse(archive, e, where)
    elif e.type == "legal_threats":
        _admin(archive, e, where, "the admin receives the threats")
    elif e.type == "admin_day":
        for key in ("by", "note"):
            if e.get(key) is not None and not isinstance(e.get(key), str):
                raise archive.error(where, f"{key} must be a string")


def _lapse(archive: Archive, e: Event, where: str) -> None:
    """``trade_lapsed`` {id, by}: the admin's judgement, so ``by`` is an admin."""
    trade_id = e.get("id")
    if not (isinstance(trade_id, str) and len(trade_id) <= 200 and trade_id.strip()):
        raise archive.error(where, f"id {shown(trade_id)} must name the trade")
    _admin(archive, e, where, "the admin judges a trade")


def _admin(archive: Archive, e: Event, where: str, why: str) -> None:
    """``by`` names an admin on the roster."""
    by = e.get("by")
    member = archive.member(by) if isinstance(by, str) else None
    if member is None or "admin" not in member.roles:
        raise archive.error(where, f"by {shown(by)} is not an admin on the roster ({why})")


def _action(archive: Archive, e: Event, where: str, last_square: int) -> None:
    action = e.get("action")
    if action in WORLD_ACTIONS:
        check_world_action(archive, e, where, last_square)
        return
    if action == "annex unused land":
        return
    square = e.get("square")
    if not is_int(square, 1, last_square):
        raise archive.error(where, f"{action}: square {shown(square)} is off the board")
    if action == "buy an Upgrade":
        upgrade = e.get("upgrade")
        price = e.get("price")
        if price is not None and not is_int(price, 0, 10**9):
            raise archive.error(where, f"price {shown(price)} is not a whole number of dollars")
        if not isinstance(upgrade, str) or upgrade not in UPGRADES:
            known = ", ".join(sorted(UPGRADES))
            raise archive.error(where, f"unknown Upgrade {shown(upgrade)}; nomopoly knows {known}")
    if action == "rename a square" and not isinstance(e.get("name"), str):
        raise archive.error(where, "rename a square: name must be a string")


def check_archive(archive: Archive) -> list[str]:
    """Every check; the warnings (what the rules merely ignore)."""
    squares = initial_squares(archive)
    _game_state(archive)
    check_world_state(archive)
    _roster(archive, squares)
    growth = _matters(archive)
    annexes = sum(
        1 for e in archive.events if e.type == "action" and e.get("action") == "annex unused land"
    )
    last_square = squares[-1] + growth + annexes
    proposals = {m.id for m in archive.matters}
    rolls: dict[Any, int] = {}
    for e in archive.events:
        _event(archive, e, last_square, proposals)
        if e.type == "draw":
            key = parse_draw_name(e.get("what"), proposals)
            if key in rolls:
                raise archive.error(
                    f"event {e.index} (draw)",
                    f"{shown(e.get('what'))} is already recorded by event {rolls[key]}",
                )
            rolls[key] = e.index
    return _warnings(archive)


def _warnings(archive: Archive) -> list[str]:
    warnings: list[str] = []
    by_day: dict[Any, set[Any]] = {}
    for m in archive.matters:
        if m.judgement is not None:
            by_day.setdefault(m.posted_at.date(), set()).add(m.judgement.at)
    for day, times in sorted(by_day.items()):
        if len(times) > 1:
            warnings.append(
                f"the proposals of {day.isoformat()} were judged at {len(times)} different "
                "times; the admin judges a day's proposals at the same time"
            )
    return warnings
