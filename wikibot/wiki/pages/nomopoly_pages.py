"""Nomopoly's pages (seed 004): the current board as its grid, with Heaven above Origon
and Tyrethali's Inferno below it, and the proposals by week with their judgements, dice
and moves (the Player info page is :mod:`.profile_pages`' table of players)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamestate.profiles import Archive, Report
from gamestate.profiles.nomopoly.board import place
from wikibot.wiki.pages.profile_cells import cell as _cell
from wikibot.wiki.pages.profile_pages import _NO_SQUARE, _table

__all__ = ["board", "proposals"]


def board(report: Report) -> str:
    """The board as its grid (rule "Shape of the Board"), Ye Olde Poorbox's square 6
    green and a Savings and Loan's square black; beside it, the circles where the seed
    puts them: Heaven directly above Origon, Tyrethali's Inferno directly below."""
    gs = report.game_state
    board = gs.get("board")
    squares = list(range(1, board + 1)) if isinstance(board, int) else list(board or [])
    names = gs.get("names", {})
    upgrades = gs.get("upgrades", {})
    owners = {
        sq: name
        for name, values in report.state.items()
        if isinstance(values, dict)
        for sq in values.get("owns", [])
    }
    on: dict[int | str, list[str]] = {}
    for name, values in report.state.items():
        if isinstance(values, dict) and isinstance(values.get("square"), (int, str)):
            on.setdefault(values["square"], []).append(name)
    cells = {place(s): s for s in squares}
    ranks = max((r for r, _ in cells), default=0)
    files = max((f for _, f in cells), default=0)
    black = set(gs.get("black", []))
    lines = ['{| class="wikitable" style="text-align:center; float:left; margin-right:2em"']
    for rank in range(ranks + 1):
        lines.append("|-")
        for file in range(files + 1):
            s = cells.get((rank, file))
            if s is None:
                lines.append(f"| {_NO_SQUARE}")
                continue
            parts = [f"'''{s}'''"]
            if str(s) in names:
                parts.append(_cell(names[str(s)]))
            elif s == squares[0]:
                parts.append("Origon")
            if s == 6:
                parts.append(f"Ye Olde Poorbox: ${_cell(gs.get('poorbox', 0))}")
            if s in owners:
                parts.append(f"owner: {_cell(owners[s])}")
            if upgrades.get(str(s)):
                parts.append(_cell(upgrades[str(s)]))
            if s in on:
                parts.append("⬤ " + ", ".join(_cell(n) for n in on[s]))
            if s == squares[0]:
                parts.append(f"<small>{_HEAVEN} above, {_INFERNO} below</small>")
            colour = "#555; color:#fff" if s in black else ("#bde5b8" if s == 6 else "#fff")
            lines.append(f'| style="background:{colour}; width:8em" | ' + "<br/>".join(parts))
    lines.append("|}")
    lines.append(_nomopoly_circles(squares[0] if squares else 1, on))
    lines.append('<div style="clear:both"></div>')
    circles = [
        f"{_cell(name)}: {_cell(values['square'])}"
        for name, values in report.state.items()
        if isinstance(values, dict) and isinstance(values.get("square"), str)
    ]
    lines.append(
        f"\nYe Olde Poorbox: ${gs.get('poorbox', 0)}; dice thrown: {gs.get('default_dice')}."
    )
    if circles:
        lines.append("In the circles: " + "; ".join(circles) + ".")
    return "\n".join(lines)


_HEAVEN = "Heaven"
_INFERNO = "Tyrethali's Inferno"
_ROUND = "border-radius:50%; width:13em; height:5.5em; padding:0.3em"


def _nomopoly_circles(origon: int, on: Mapping[int | str, list[str]]) -> str:
    """The seed's circles in elevation, each drawn round, over and under Origon's square
    ("Heaven is directly above Origon."; "Tyrethali's Inferno is directly below
    Origon."), with who is in each; any other circle a player stands in, after them."""

    def who(where: int | str) -> str:
        return "<br/>⬤ " + ", ".join(_cell(n) for n in on[where]) if on.get(where) else ""

    def row(style: str, title: str, note: str, where: int | str) -> str:
        small = f"<br/><small>{note}</small>" if note else ""
        return f"|-\n| style=\"{style}\" | '''{title}'''{small}{who(where)}"

    rows = [
        '{| style="text-align:center; border-collapse:separate; border-spacing:0 0.2em"',
        "|+ Above and below Origon",
        row(
            f"background:#eaf3ff; border:2px solid #6b8fc9; {_ROUND}",
            _HEAVEN,
            "directly above Origon",
            _HEAVEN,
        ),
        "|-\n| ↑",
        row(
            "background:#fff; border:1px solid #a2a9b1; width:13em; padding:0.3em",
            f"{origon} Origon",
            "",
            origon,
        ),
        "|-\n| ↓",
        row(
            f"background:#f6c7b6; border:2px solid #a8321e; {_ROUND}",
            _INFERNO,
            "directly below Origon",
            _INFERNO,
        ),
    ]
    for other in sorted(p for p in on if isinstance(p, str) and p not in (_HEAVEN, _INFERNO)):
        rows.append(row(f"background:#f4f4f4; {_ROUND}", _cell(other), "", other))
    rows.append("|}")
    return "\n".join(rows)


def proposals(report: Report, archive: Archive) -> str:
    weeks: dict[str, list[Any]] = {}
    for m in sorted(archive.matters, key=lambda m: m.posted_at):
        o = report.matters.get(m.id)
        if o is None:
            continue
        year, number, _ = m.posted_at.isocalendar()
        weeks.setdefault(f"{year} week {number}", []).append(
            [
                m.id,
                m.author,
                o.numbers.get("batch_day"),
                o.outcome,
                o.numbers.get("roll"),
                o.numbers.get("from"),
                o.numbers.get("to"),
                o.reason,
            ]
        )
    parts = []
    header = ["Proposal", "Author", "Day", "Judgement", "Dice", "From", "To", "Why"]
    for week, rows in weeks.items():
        parts.append(f"== {week} ==\n" + _table(header, rows))
    actions = [
        [
            a.get("at"),
            a.get("player"),
            a.get("action"),
            "yes" if a.get("allowed") else "refused",
            a.get("reason"),
        ]
        for a in report.actions
    ]
    if actions:
        parts.append(
            "== Buys and actions ==\n"
            + _table(["Sent", "Player", "Action", "Allowed", "Why"], actions)
        )
    return "\n\n".join(parts) or "''No proposals.''"
