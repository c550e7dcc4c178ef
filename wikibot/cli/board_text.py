"""A board game's turns and board as ``status`` prints them: each turn's payments
under it, and a numbered board (BoredNomic's winding grid) as rows of squares."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["board_lines", "payment_lines"]


def _money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"+${amount:,}"


def payment_lines(action: Mapping[str, Any]) -> list[str]:
    """One line per payment of a turn or choice: who, how much, why, and the clause."""
    lines = []
    for p in action.get("payments") or ():
        if not isinstance(p, Mapping):
            continue
        lines.append(
            f"        {p.get('player')} {_money(int(p.get('amount', 0)))}: {p.get('why')}"
            f" (“{p.get('clause')}”)"
        )
    if action.get("allowed") is False and action.get("clause"):
        lines.append(f"        clause: “{action.get('clause')}”")
    return lines


def board_lines(game_state: Mapping[str, Any], state: Mapping[str, Any] | None = None) -> list[str]:
    """The board as its grid, top row first (each square its number and colour's
    initial, ``*`` if owned), then every named or owned square with its name and owner,
    who stands where, and the Admin's money. Empty when the game has no such board."""
    board = game_state.get("board")
    if not isinstance(board, list) or not board or not isinstance(board[0], Mapping):
        return []
    if not {"number", "row", "column", "colour"} <= set(board[0]):
        return []
    on: dict[int, list[str]] = {}
    for name, values in (state or {}).items():
        if isinstance(values, Mapping) and isinstance(values.get("square"), int):
            on.setdefault(values["square"], []).append(name)
    cells: dict[tuple[int, int], str] = {}
    for s in board:
        text = f"{s['number']}{str(s['colour'])[:1]}{'*' if s.get('owner') else ''}"
        cells[(s["row"], s["column"])] = text
    width = max(len(c) for c in cells.values())
    top = max(r for r, _ in cells)
    lines = [f"Board: {len(board)} squares, top row first (R/Y/G/C/B the colour, * owned):"]
    for row in range(top, -1, -1):
        shown = [cells.get((row, column), "") for column in range(10)]
        lines.append("    " + " ".join(f"{c:<{width}}" for c in shown).rstrip())
    for s in board:
        if s.get("name") or s.get("owner"):
            name = f" {s['name']!r}" if s.get("name") else " (unnamed)"
            owner = f", {s['owner']}'s" if s.get("owner") else ", unowned"
            lines.append(f"    square {s['number']} ({s['colour']}){name}{owner}")
    if on:
        where = "; ".join(f"{n}: {', '.join(names)}" for n, names in sorted(on.items()))
        lines.append(f"    players on squares: {where}")
    admin = game_state.get("admin")
    if isinstance(admin, Mapping) and "money" in admin:
        lines.append(f"    the Admin, {admin.get('name')}: ${admin['money']:,} (a dollar a period)")
    return lines
