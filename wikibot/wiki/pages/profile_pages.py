"""Each profile game's wiki pages, the way its Admin published them (issue 27).

* BoredNomic: the status page (each player's money, level, experience, hit points,
  square, items and reserves), the proposals and votes with their outcomes, the
  board (its winding grid of ten columns, coloured), and what fell due (the turns
  and choices with their payments, the scheduled events).
* Nomopoly: player info, the current board as its grid, and the proposals by week
  with their judgements, dice and moves.
* Infinite Nomic: each proposal with its voting period and outcome, and the Judge.
* Nomopoly IV: the players and their units, and the scheduled events that fell due
  and come next.

Every page is the bot's part between two markers, as the Votes page's::

    <!-- nomicbot:page begin digest=... (written by nomicbot...) -->
    ...
    <!-- nomicbot:page end -->

Text above and below is kept byte for byte. The digest is of the part as written: a
page whose part is unchanged is not edited. Markers that do not make one begin-end
pair are a :class:`~wikibot.errors.WikiError`, and the page is not edited.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gamestate.profiles import Archive, Report, format_time
from wikibot.errors import WikiError
from wikibot.wiki.wikitext import comments

__all__ = ["Page", "page_titles", "profile_pages", "update_region"]

_BEGIN = "<!-- nomicbot:page begin"
_END = "<!-- nomicbot:page end -->"
_BEGIN_WORDS = re.compile(
    r"\s*nomicbot:page begin(?:\s+digest=(?P<digest>[0-9a-f]+))?(?:\s.*)?", re.DOTALL
)
_END_WORDS = re.compile(r"\s*nomicbot:page end(?:\s.*)?", re.DOTALL)

_KINDS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "borednomic": (
        ("status", "Status"),
        ("proposals", "Proposals"),
        ("board", "Board"),
        ("due", "Fell due"),
    ),
    "nomopoly": (
        ("players", "Player info"),
        ("board", "Current board"),
        ("proposals", "Proposals"),
    ),
    "infinite-nomic": (("proposals", "Proposals"), ("judge", "Judge")),
    "nomopoly-iv": (("players", "Players"), ("due", "Scheduled events")),
}
"""Per profile: each page's kind and its default title's tail (``BoredNomic/Status``)."""

_COLOURS = {
    "Red": "#f4b6b6",
    "Yellow": "#f6eeb0",
    "Green": "#bde5b8",
    "Cyan": "#b8e6ea",
    "Blue": "#b9c8f2",
}


@dataclass(frozen=True)
class Page:
    """One page to publish: its title and the bot's part."""

    kind: str
    title: str
    body: str

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.body.encode("utf-8")).hexdigest()[:16]


def page_titles(profile: str, game_title: str, configured: Mapping[str, Any]) -> dict[str, str]:
    """Page kind -> title: ``[game] pages`` (``{status = "BoredNomic Status"}``) wins over
    ``<game title>/<kind's name>``."""
    out = {}
    for kind, tail in _KINDS.get(profile, ()):
        title = configured.get(kind)
        out[kind] = title if isinstance(title, str) and title.strip() else f"{game_title}/{tail}"
    return out


def _when(value: Any) -> str:
    return value if isinstance(value, str) else format_time(value)


def _cell(value: Any) -> str:
    if isinstance(value, (list, dict)):
        value = ", ".join(map(str, value)) if isinstance(value, list) else json.dumps(value)
    text = str(value).replace("|", "&#124;").replace("\n", " ")
    return text.replace("[[", "&#91;&#91;").replace("{{", "&#123;&#123;").replace("<", "&lt;")


def _table(header: list[str], rows: list[list[Any]], cls: str = "wikitable sortable") -> str:
    lines = [f'{{| class="{cls}"', "! " + " !! ".join(header)]
    for row in rows:
        lines += ["|-", "| " + " || ".join(_cell(c) for c in row)]
    lines.append("|}")
    return "\n".join(lines)


def _matters(report: Report, archive: Archive, keys: tuple[str, ...]) -> str:
    rows = []
    for m in sorted(archive.matters, key=lambda m: m.posted_at):
        o = report.matters.get(m.id)
        if o is None:
            continue
        numbers = [o.numbers.get(k) for k in keys]
        rows.append([m.id, m.author, format_time(m.posted_at), o.outcome, *numbers, o.reason])
    header = ["Matter", "Author", "Sent", "Outcome", *[k.replace("_", " ") for k in keys], "Why"]
    return _table(header, rows) if rows else "''No proposals.''"


def _players(report: Report, fields: tuple[str, ...] | None = None) -> str:
    players = {k: v for k, v in report.state.items() if isinstance(v, dict)}
    if not players:
        return "''No players.''"
    keys = list(fields or dict.fromkeys(k for v in players.values() for k in v))
    rows = [[name, *[values.get(k, "") for k in keys]] for name, values in players.items()]
    return _table(["Player", *[k.replace("_", " ") for k in keys]], rows)


# BoredNomic.


def _bored_board(report: Report) -> str:
    board = report.game_state.get("board") or []
    on: dict[int, list[str]] = {}
    for name, values in report.state.items():
        if isinstance(values, dict) and isinstance(values.get("square"), int):
            on.setdefault(values["square"], []).append(name)
    cells = {(s["row"], s["column"]): s for s in board}
    top = max((r for r, _ in cells), default=-1)
    lines = ['{| class="wikitable" style="text-align:center"']
    for row in range(top, -1, -1):
        lines.append("|-")
        for column in range(10):
            s = cells.get((row, column))
            if s is None:
                lines.append("| ")
                continue
            parts = [f"'''{s['number']}'''"]
            if s.get("name"):
                parts.append(_cell(s["name"]))
            if s.get("owner"):
                parts.append(f"owner: {_cell(s['owner'])}")
            if s["number"] in on:
                parts.append("⬤ " + ", ".join(_cell(n) for n in on[s["number"]]))
            style = f'style="background:{_COLOURS.get(s["colour"], "#fff")}; width:9em" | '
            lines.append(f"| {style}" + "<br/>".join(parts))
    lines.append("|}")
    admin = report.game_state.get("admin")
    if isinstance(admin, dict):
        lines.append(f"\nThe Admin, {_cell(admin.get('name'))}: ${admin.get('money')}.")
    return "\n".join(lines)


def _bored_due(report: Report) -> str:
    rows = []
    for a in report.actions:
        payments = "; ".join(
            f"{p['player']} {'+' if p['amount'] >= 0 else ''}{p['amount']} ({p['why']})"
            for p in a.get("payments", ())
        )
        rows.append(
            [
                format_time(a["at"]) if not isinstance(a["at"], str) else a["at"],
                a.get("player"),
                a.get("type"),
                "yes" if a.get("allowed") else "refused",
                a.get("reason"),
                payments,
            ]
        )
    turns = _table(["At", "Player", "What", "Allowed", "Dice, path, landing", "Payments"], rows)
    due = [
        [format_time(d["at"]) if not isinstance(d["at"], str) else d["at"], d["event"]]
        for d in report.due
    ]
    text = turns if rows else "''No turns yet.''"
    if due:
        text += "\n\n" + _table(["Due", "Event"], due, "wikitable")
    if report.next_due:
        nxt = report.next_due
        text += f"\n\nNext: {nxt['event']} at {_when(nxt['at'])}."
    return text


def _bored_proposals(report: Report, archive: Archive) -> str:
    """The proposals week by week (Monday to Sunday in the game's zone), newest week
    first, each with its votes as sent and its outcome."""
    from zoneinfo import ZoneInfo

    zone = ZoneInfo(str(archive.settings.get("timezone", "UTC")))
    weeks: dict[str, list[list[Any]]] = {}
    for m in sorted(archive.matters, key=lambda m: m.posted_at):
        o = report.matters.get(m.id)
        if o is None:
            continue
        day = m.posted_at.astimezone(zone).date()
        monday = day.fromordinal(day.toordinal() - day.weekday())
        votes = ", ".join(f"{v.voter} {v.value}" for v in m.votes if v.at <= report.now)
        weeks.setdefault(f"Week of {monday.isoformat()}", []).append(
            [
                m.id,
                m.author,
                m.text or "",
                votes,
                o.numbers.get("yay"),
                o.numbers.get("nay"),
                o.outcome,
                o.reason,
            ]
        )
    if not weeks:
        return "''No proposals.''"
    header = ["Proposal", "Author", "Text", "Votes sent", "Yay", "Nay", "Outcome", "Why"]
    return "\n\n".join(
        f"== {week} ==\n" + _table(header, rows) for week, rows in reversed(weeks.items())
    )


# Nomopoly.


def _nomopoly_board(report: Report) -> str:
    """The board as its grid (rule "Shape of the Board"), Ye Olde Poorbox's square 6
    green and a Savings and Loan's square black; beside it, the circles where the seed
    puts them: Heaven directly above Origon, Tyrethali's Inferno directly below."""
    from gamestate.profiles.nomopoly.board import place

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
                lines.append("| ")
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


def _nomopoly_proposals(report: Report, archive: Archive) -> str:
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


def _due(report: Report) -> str:
    rows = [
        [d["at"] if isinstance(d["at"], str) else format_time(d["at"]), d["event"]]
        for d in report.due
    ]
    text = _table(["Due", "Event"], rows, "wikitable") if rows else "''Nothing fell due.''"
    if report.next_due:
        text += f"\n\nNext: {report.next_due['event']} at {_when(report.next_due['at'])}."
    return text


def _judge(report: Report) -> str:
    if not report.judge:
        return "''No Judge.''"
    return f"Judge: '''{_cell(report.judge.get('name'))}''' from {_cell(report.judge.get('from'))}."


_RENDER: Mapping[str, Callable[[Report, Archive], str]] = {
    "borednomic/status": lambda r, a: _players(r),
    "borednomic/proposals": _bored_proposals,
    "borednomic/board": lambda r, a: _bored_board(r),
    "borednomic/due": lambda r, a: _bored_due(r),
    "nomopoly/players": lambda r, a: _players(r),
    "nomopoly/board": lambda r, a: _nomopoly_board(r),
    "nomopoly/proposals": _nomopoly_proposals,
    "infinite-nomic/proposals": lambda r, a: _matters(r, a, ("voting_period", "for", "against")),
    "infinite-nomic/judge": lambda r, a: _judge(r),
    "nomopoly-iv/players": lambda r, a: _nomopoly_iv("players", r),
    "nomopoly-iv/due": lambda r, a: _nomopoly_iv("due", r),
}


def _nomopoly_iv(kind: str, report: Report) -> str:
    """Nomopoly IV's pages as other players see them (:mod:`.nomopoly_iv_pages`)."""
    from wikibot.wiki.pages import nomopoly_iv_pages

    return nomopoly_iv_pages.players(report) if kind == "players" else nomopoly_iv_pages.due(report)


def profile_pages(
    report: Report, archive: Archive, *, game_title: str, configured: Mapping[str, Any]
) -> list[Page]:
    """The game's pages as of the report, in publishing order."""
    titles = page_titles(report.profile, game_title, configured)
    pages = []
    for kind, title in titles.items():
        body = _RENDER[f"{report.profile}/{kind}"](report, archive)
        heading = f"''{game_title} as of {format_time(report.now)}.''"
        pages.append(Page(kind, title, f"\n{heading}\n\n{body}\n"))
    return pages


def _markers(text: str) -> list[tuple[bool, int, int, str | None]]:
    found = []
    for c in comments(text):
        if not text.endswith("-->", 0, c.end):
            continue
        words = text[c.start + 4 : c.end - 3]
        if (begin := _BEGIN_WORDS.fullmatch(words)) is not None:
            found.append((True, c.start, c.end, begin["digest"]))
        elif _END_WORDS.fullmatch(words):
            found.append((False, c.start, c.end, None))
    return found


def update_region(text: str, page: Page) -> str:
    """``text`` with the bot's part holding ``page.body``; unchanged if it already does.
    Without markers the part is added at the end; unclear markers are a WikiError."""
    markers = _markers(text)
    begins = [m for m in markers if m[0]]
    ends = [m for m in markers if not m[0]]
    if markers and (len(begins) != 1 or len(ends) != 1 or ends[0][1] < begins[0][1]):
        raise WikiError(
            f'wiki page "{page.title}": {len(begins)} nomicbot:page begin and {len(ends)} end'
            " markers, where there must be one of each, in order; fix the markers on the wiki"
            " (nomicbot edits nothing until then)"
        )
    region = (
        f"{_BEGIN} digest={page.digest} (written by nomicbot: edits inside are overwritten)"
        f" -->{page.body}{_END}"
    )
    if markers:
        begin, end = begins[0], ends[0]
        if begin[3] == page.digest and text[begin[2] : end[1]] == page.body:
            return text
        new = text[: begin[1]] + region + text[end[2] :]
    else:
        sep = (
            ""
            if not text.strip() or text.endswith("\n\n")
            else ("\n" if text.endswith("\n") else "\n\n")
        )
        new = text + sep + region + "\n"
    got = [(m[0], m[3]) for m in _markers(new)]
    if got != [(True, page.digest), (False, None)]:
        raise WikiError(
            f'wiki page "{page.title}": the bot\'s part would not be read back (an unclosed'
            " comment or tag on the page takes in its markers); close it on the wiki"
        )
    return new
