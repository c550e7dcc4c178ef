"""The shape of BoredNomic's board-game records, checked before any is played: each
``draw``, ``buy``, ``action``, ``answer``, ``name_rejected``, ``add_square`` and
``trade`` event, and the roster's items and squares. What is wrong is one line
naming the file, the record and the profile; what the rules forbid is not checked
here (it is refused, with its clause, when played)."""

from __future__ import annotations

from collections.abc import Mapping

from gamestate.profiles.borednomic.changes import MOST_PRICE, PRICES, cut
from gamestate.profiles.borednomic.standing import ITEM_NAMES
from gamestate.profiles.core import Archive, Event, ProfileError
from gamestate.profiles.core import shown as _show

__all__ = ["check_records"]

_MOST_SQUARES = 100_000
"""More squares than any game adds: a bigger number is junk, not a board."""
_MOST_DICE = 1000


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(archive: Archive, record: str, ok: bool, message: str) -> None:
    if not ok:
        raise archive.error(record, message)


def _name(archive: Archive, record: str, e: Event, key: str) -> None:
    value = e.get(key)
    _need(
        archive,
        record,
        isinstance(value, str) and bool(value.strip()),
        f"{key!r} must name a player, got {_show(value)}",
    )


def _count(archive: Archive, record: str, value: object, key: str, least: int = 1) -> None:
    _need(
        archive,
        record,
        _whole(value) and least <= value <= _MOST_SQUARES,  # type: ignore[operator]
        f"{key!r} must be a whole number from {least} to {_MOST_SQUARES}, got {_show(value)}",
    )


def _dice(archive: Archive, record: str, value: object, sides: int, count: int | None) -> None:
    ok = (
        isinstance(value, list)
        and (count is None or len(value) == count)
        and 0 < len(value) <= _MOST_DICE
        and all(_whole(d) and 1 <= d <= sides for d in value)
    )
    want = f"{count} dice" if count is not None else "dice"
    _need(archive, record, ok, f"'result' must be {want} of 1 to {sides}, got {_show(value)}")


def _draw(archive: Archive, record: str, e: Event) -> None:
    what = e.get("what")
    _need(
        archive,
        record,
        what in ("turn", "eggs", "combat", "category"),
        f"'what' must be turn, eggs, combat or category, got {_show(what)}",
    )
    _name(archive, record, e, "player")
    result = e.get("result")
    if what == "turn":
        _dice(archive, record, result, 6, 2)  # 7.1 "two regular 6-sided dice"
    elif what == "category":
        _dice(archive, record, [result], 6, 1)  # 20.2 "one six-sided die"
    elif what == "eggs":
        _need(
            archive,
            record,
            _whole(result) and 0 <= result <= 4,  # 14.5: at most 4 hens, one egg each
            f"'result' must be the eggs laid, 0 to 4, got {_show(result)}",
        )
    else:
        _name(archive, record, e, "opponent")
        _need(
            archive,
            record,
            isinstance(result, Mapping)
            and set(result) == {e.get("player"), e.get("opponent")}
            and e.get("player") != e.get("opponent"),
            "'result' must give the dice of the player and the opponent, by name",
        )
        for who, dice in result.items():
            _dice(archive, f"{record} {_show(who)}", dice, 6, None)


def _action(archive: Archive, record: str, e: Event) -> None:
    _name(archive, record, e, "player")
    action = e.get("action")
    if action in ("name square", "give up square"):
        _count(archive, record, e.get("square"), "square")
    if action == "name square":
        name = e.get("name")
        _need(
            archive,
            record,
            isinstance(name, str) and 0 < len(name.strip()) <= 200,
            f"'name' must be a square's name, got {_show(name)}",
        )
    elif action == "exchange egg":
        _count(archive, record, e.get("count", 1), "count")
    elif action == "buy hit points":
        _count(archive, record, e.get("points"), "points")
    elif action == "take item":
        _name(archive, record, e, "from")
        _item(archive, record, e.get("item"))


def _item(archive: Archive, record: str, item: object) -> None:
    _need(
        archive,
        record,
        item in ITEM_NAMES,
        f"'item' must be one of {', '.join(ITEM_NAMES)}, got {_show(item)}",
    )


def _trade(archive: Archive, record: str, e: Event) -> None:
    _name(archive, record, e, "player")
    trade_id = e.get("id")
    _need(
        archive,
        record,
        isinstance(trade_id, str) and bool(trade_id),
        f"'id' must name the trade, got {_show(trade_id)}",
    )
    details = e.get("details")
    _need(
        archive,
        record,
        isinstance(details, list) and 0 < len(details) <= 100,
        f"'details' must list what each gives, got {_show(details)}",
    )
    for i, d in enumerate(details):
        where = f"{record} details {i}"
        _need(archive, where, isinstance(d, Mapping), f"expected an object, got {_show(d)}")
        for key in ("from", "to"):
            _need(
                archive,
                where,
                isinstance(d.get(key), str) and bool(d[key]),
                f"{key!r} must name a player, got {_show(d.get(key))}",
            )
        _need(archive, where, d["from"] != d["to"], "a player trades with another")
        what = [k for k in ("money", "square", "item") if k in d]
        _need(archive, where, len(what) == 1, "give exactly one of money, square or item")
        if what == ["money"]:
            _count(archive, where, d["money"], "money")
        elif what == ["square"]:
            _count(archive, where, d["square"], "square")
        else:
            _item(archive, where, d["item"])
            _count(archive, where, d.get("count", 1), "count")


def _answer(archive: Archive, record: str, e: Event) -> None:
    _name(archive, record, e, "player")
    _need(
        archive,
        record,
        isinstance(e.get("correct"), bool),
        f"'correct' must be true or false, got {_show(e.get('correct'))}",
    )
    if e.get("by") is not None:
        _name(archive, record, e, "by")
    question = e.get("question")
    _need(
        archive,
        record,
        question is None
        or _whole(question)
        or (isinstance(question, str) and bool(question.strip())),
        f"'question' must be the question's id, got {_show(question)}",
    )


def _admins(archive: Archive, record: str, e: Event) -> None:
    """The Admin's records of a rule change, an update's order and a send-back."""
    if e.type == "set_price":
        price = e.get("price")
        _need(
            archive,
            record,
            price in tuple(PRICES),
            f"'price' must be one of {', '.join(PRICES)}, got {_show(price)}",
        )
        amount = e.get("amount")
        _need(
            archive,
            record,
            _whole(amount) and 0 <= amount <= MOST_PRICE,
            f"'amount' must be a whole number of dollars from 0 to {MOST_PRICE}, got"
            f" {_show(amount)}",
        )
    elif e.type == "turn_order":
        players = e.get("players")
        _need(
            archive,
            record,
            isinstance(players, list)
            and 0 < len(players) <= _MOST_DICE
            and all(isinstance(p, str) and p.strip() for p in players)
            and len(set(players)) == len(players),
            f"'players' must list each player once, in the order drawn, got {_show(players)}",
        )
    else:
        rule = e.get("rule", "8.2")
        _need(
            archive, record, rule in ("8.1", "8.2"), f"'rule' must be 8.1 or 8.2, got {_show(rule)}"
        )
        reason = e.get("reason")
        _need(
            archive,
            record,
            reason is None or isinstance(reason, str),
            f"'reason' must be text, got {_show(reason)}",
        )


def _roster(archive: Archive) -> None:
    for i, member in enumerate(archive.roster):
        record = f"roster {i} ({cut(member.name)!r})"
        state = member.state
        for key in ("square", "hit_points", "eggs", "tickets", "correct_answers", "hens"):
            if key in state and key not in ("square", "hit_points"):
                _count(archive, f"{record}.state.{key}", state[key], key, least=0)
        if "square" in state:
            _count(archive, f"{record}.state.square", state["square"], "square")
        hens = state.get("hens", 0)
        _need(archive, f"{record}.state.hens", hens <= 4, f"at most 4 hens, got {_show(hens)}")
        for key in ("owns", "items", "beaten"):
            value = state.get(key, [])
            _need(
                archive,
                f"{record}.state.{key}",
                isinstance(value, list) and len(value) <= _MOST_SQUARES,
                f"expected a list, got {_show(value)}",
            )
        for number in state.get("owns", []):
            _count(archive, f"{record}.state.owns", number, "a square owned")
        for item in state.get("items", []):
            _item(archive, f"{record}.state.items", item)
        for name in state.get("beaten", []):
            _need(archive, f"{record}.state.beaten", isinstance(name, str), "names only")


def _board(archive: Archive) -> None:
    board = archive.game_state.get("board")
    if board is None:
        return
    record = "game_state.board"
    _need(archive, record, isinstance(board, Mapping), f"expected an object, got {_show(board)}")
    squares = board.get("squares", 20)
    _count(archive, f"{record}.squares", squares, "squares")
    names = board.get("names", {})
    _need(archive, f"{record}.names", isinstance(names, Mapping), "expected number -> name")
    for key, value in names.items():
        _need(
            archive,
            f"{record}.names",
            str(key).isdigit() and 1 <= int(str(key)) <= squares and isinstance(value, str),
            f"{_show(key)}: {_show(value)} is not a square's number and name",
        )


def check_records(archive: Archive) -> None:
    """Raises a one-line ProfileError for a board-game record of the wrong shape."""
    _roster(archive)
    _board(archive)
    for e in archive.events:
        record = f"event {e.index} ({e.type})"
        try:
            if e.type == "draw":
                _draw(archive, record, e)
            elif e.type == "buy":
                _name(archive, record, e, "player")
                _count(archive, record, e.get("square"), "square")
                name = e.get("name")
                _need(
                    archive,
                    record,
                    name is None or (isinstance(name, str) and 0 < len(name) <= 200),
                    f"'name' must be a square's name, got {_show(name)}",
                )
            elif e.type == "action":
                _action(archive, record, e)
            elif e.type == "answer":
                _answer(archive, record, e)
            elif e.type == "name_rejected":
                _count(archive, record, e.get("square"), "square")
            elif e.type == "add_square":
                name = e.get("name")
                _need(
                    archive,
                    record,
                    name is None or isinstance(name, str),
                    f"'name' must be a name, got {_show(name)}",
                )
            elif e.type == "trade":
                _trade(archive, record, e)
            elif e.type in ("set_price", "turn_order", "send_back"):
                _admins(archive, record, e)
        except ProfileError:
            raise
        except (TypeError, KeyError, AttributeError):  # nothing else reaches here
            raise archive.error(record, "fields of the wrong shape") from None
