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
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from gamestate.profiles import Archive, Profile, Report, format_time, parse_time
from wikibot.errors import WikiError
from wikibot.wiki.pages.profile_cells import Lines, cell, marked_cell
from wikibot.wiki.wikitext import comments

__all__ = [
    "DUE_CAP",
    "DUE_WINDOW",
    "HISTORY_CAP",
    "Page",
    "due_since_words",
    "game_pages",
    "page_titles",
    "pages_report",
    "profile_pages",
    "update_region",
]

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

DUE_WINDOW = timedelta(days=7)
"""What the due pages list: what fell due in the week before the page's instant, as the
Admins published each week (all of it is in ``status --since``)."""

DUE_CAP = 50
"""At most this many of the window's rows on a page, the newest; the rest are counted
("and N more"), so a year of hourly events makes no giant page."""

HISTORY_CAP = 300
"""At most this many actions on Nomopoly IV's History, the newest: a year of them would
pass the wiki's page size (the rest are counted, and ``status`` lists them all)."""

_NO_SQUARE = 'style="border:none; background:none" | '
"""A place in a board's grid with no square: no cell drawn."""

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


def _instant(value: Any) -> datetime:
    return value if isinstance(value, datetime) else parse_time(str(value), "report")


def due_since_words(since: datetime) -> str:
    """The due pages' line naming their window (``watch`` reads it as part of the
    page's instant: it moves with the instant, and alone is no change)."""
    days = DUE_WINDOW.days
    return f"Fell due since {format_time(since)}: the {days} days before the instant above"


def pages_report(profile: Profile, archive: Archive, now: datetime) -> Report:
    """The report the pages are built from: the game at ``now``, with what fell due in
    the :data:`DUE_WINDOW` before it (``pages``, ``demo`` and ``watch`` all use it)."""
    return profile.evaluate(archive, now, now - DUE_WINDOW)


def game_pages(
    profile: Profile, archive: Archive, now: datetime, *, configured: Mapping[str, Any]
) -> tuple[Report, list[Page]]:
    """The report (:func:`pages_report`) and the game's pages built from it."""
    report = pages_report(profile, archive, now)
    built = profile_pages(report, archive, game_title=profile.title, configured=configured)
    return report, built


def _table(header: list[str], rows: list[list[Any]], cls: str = "wikitable sortable") -> str:
    lines = [f'{{| class="{cls}"', "! " + " !! ".join(header)]
    for row in rows:
        lines += ["|-", "| " + " || ".join(marked_cell(c) for c in row)]
    lines.append("|}")
    return "\n".join(lines)


def _matters(report: Report, archive: Archive, keys: tuple[str, ...]) -> str:
    rows = []
    for m in sorted(archive.matters, key=lambda m: m.posted_at):
        o = report.matters.get(m.id)
        if o is None:
            continue
        numbers = [_period(o.numbers.get(k)) for k in keys]
        rows.append([m.id, m.author, format_time(m.posted_at), o.outcome, *numbers, o.reason])
    header = ["Matter", "Author", "Sent", "Outcome", *[k.replace("_", " ") for k in keys], "Why"]
    return _table(header, rows) if rows else "''No proposals.''"


def _period(value: Any) -> Any:
    """A voting period (``{"opens_at", "closes_at"}``) as ``opens`` over ``to closes``."""
    if isinstance(value, dict) and set(value) == {"opens_at", "closes_at"}:
        return Lines((_when(value["opens_at"]), f"to {_when(value['closes_at'])}"))
    return value


def _players(report: Report, fields: tuple[str, ...] | None = None) -> str:
    players = {k: v for k, v in report.state.items() if isinstance(v, dict)}
    if not players:
        return "''No players.''"
    keys = list(fields or dict.fromkeys(k for v in players.values() for k in v))
    rows = [[name, *[values.get(k, "") for k in keys]] for name, values in players.items()]
    return _table(["Player", *[k.replace("_", " ") for k in keys]], rows)


# BoredNomic.

_STANDING = ("money", "level", "experience", "hit_points", "square", "owns")
"""The Status page's first table; its second has the rest (reserves, hens, items...),
so that neither is wider than a window."""


def _bored_status(report: Report) -> str:
    """Each player's money, level, experience, hit points, square and squares owned; then
    their reserves, hens, eggs, tickets, items and the rest."""
    players = {k: v for k, v in report.state.items() if isinstance(v, dict)}
    if not players:
        return "''No players.''"
    keys = list(dict.fromkeys(k for v in players.values() for k in v))
    first = tuple(k for k in _STANDING if k in keys)
    rest = tuple(k for k in keys if k not in first)
    return (
        f"== Standing ==\n{_players(report, first)}\n\n"
        f"== Reserves and items ==\n{_players(report, rest)}"
    )


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
                lines.append(f"| {_NO_SQUARE}")
                continue
            parts = [f"'''{s['number']}'''"]
            if s.get("name"):
                parts.append(cell(s["name"]))
            if s.get("owner"):
                parts.append(f"owner: {cell(s['owner'])}")
            if s["number"] in on:
                parts.append("⬤ " + ", ".join(cell(n) for n in on[s["number"]]))
            style = f'style="background:{_COLOURS.get(s["colour"], "#fff")}; width:9em" | '
            lines.append(f"| {style}" + "<br/>".join(parts))
    lines.append("|}")
    admin = report.game_state.get("admin")
    if isinstance(admin, dict):
        lines.append(f"\nThe Admin, {cell(admin.get('name'))}: ${admin.get('money')}.")
    return "\n".join(lines)


def _bored_due(report: Report) -> str:
    """The turns and choices of the window (all of them without one), each with its
    payments, then the scheduled events that fell due in it and the next."""
    rows = []
    for a in report.actions:
        if report.since is not None and _instant(a["at"]) <= report.since:
            continue
        payments = "; ".join(
            f"{p['player']} {'+' if p['amount'] >= 0 else ''}{p['amount']} ({p['why']})"
            for p in a.get("payments", ())
        )
        rows.append(
            [
                _when(a["at"]),
                a.get("player"),
                str(a.get("type") or "").replace("_", " "),
                "yes" if a.get("allowed") else "refused",
                a.get("reason"),
                payments,
            ]
        )
    shown, more = _capped(rows, "turns and choices")
    header = ["At", "Player", "What", "Allowed", "Dice, path, landing", "Payments"]
    turns = more + _table(header, shown) if rows else "''No turns in this time.''"
    return f"{_window(report)}\n\n== Turns and choices ==\n{turns}\n\n{_due(report, False)}"


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


def _due(report: Report, window: bool = True) -> str:
    """The scheduled events that fell due in the report's window (the newest
    :data:`DUE_CAP` of them, the rest counted), then the next to come."""
    rows = [[_when(d["at"]), d["event"]] for d in report.due]
    shown, more = _capped(rows, "events")
    since = "" if report.since is None else f" since {format_time(report.since)}"
    text = more + _table(["Due", "Event"], shown, "wikitable") if rows else ""
    text = text or f"''Nothing fell due{since}.''"
    if report.next_due:
        text += f"\n\nNext: {report.next_due['event']} at {_when(report.next_due['at'])}."
    heading = "== Scheduled events ==\n"
    return (f"{_window(report)}\n\n" if window else "") + heading + text


def _window(report: Report) -> str:
    """The window's line (nothing without one: then every turn is listed, no event)."""
    return "" if report.since is None else f"''{due_since_words(report.since)}.''"


def _capped(rows: list[list[Any]], what: str, cap: int = DUE_CAP) -> tuple[list[list[Any]], str]:
    """The newest ``cap`` rows, and a line counting those left out."""
    if len(rows) <= cap:
        return rows, ""
    left = len(rows) - cap
    return rows[-cap:], f"''… and {left} more {what} before these, not shown here.''\n"


def _judge(report: Report) -> str:
    if not report.judge:
        return "''No Judge.''"
    since = report.judge.get("from")
    when = f" since {_when(since)}" if isinstance(since, (str, datetime)) else ""
    return f"The Judge: '''{cell(report.judge.get('name'))}'''{when}."


_RENDER: Mapping[str, Callable[[Report, Archive], str]] = {
    "borednomic/status": lambda r, a: _bored_status(r),
    "borednomic/proposals": _bored_proposals,
    "borednomic/board": lambda r, a: _bored_board(r),
    "borednomic/due": lambda r, a: _bored_due(r),
    "nomopoly/players": lambda r, a: _players(r),
    "nomopoly/board": lambda r, a: _nomopoly("board", r, a),
    "nomopoly/proposals": lambda r, a: _nomopoly("proposals", r, a),
    "infinite-nomic/proposals": lambda r, a: _matters(r, a, ("voting_period", "for", "against")),
    "infinite-nomic/judge": lambda r, a: _judge(r),
    "nomopoly-iv/players": lambda r, a: _nomopoly_iv("players", r),
    "nomopoly-iv/due": lambda r, a: _nomopoly_iv("due", r),
}


def _nomopoly(kind: str, report: Report, archive: Archive) -> str:
    """Nomopoly's board and proposals (:mod:`.nomopoly_pages`)."""
    from wikibot.wiki.pages import nomopoly_pages

    if kind == "board":
        return nomopoly_pages.board(report)
    return nomopoly_pages.proposals(report, archive)


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
