"""Replaying the ledger: the gamestate pages as the ledger says they should be.

The ledger keeps the Nomicland and Gamestate pages as the bot first read them
(its ``baseline`` rows) and, for every applied action, the values it changed as
they were before, and the whole economy after it. Replaying writes the last
action's values into the first-read pages; :func:`compare` names each line where
today's wiki differs from that (a human edit the ledger cannot explain). Between
two actions, values that changed outside the ledger are named too: the next
action read them from the wiki.

Each difference names the revision behind it (:func:`blame`; a table row's cells
one by one, :func:`blame_where`): the first of the unbroken run of revisions, up to
the latest, that show the line (or cell) as the wiki has it, read from the pages'
history since the ledger's first read in one batched read
(:func:`wikibot.wiki.revisions.read_revisions`: one look, then 500 revisions a
request per page for the bot, never a request per revision).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamestate.dynasties.nomicland import NOMICLAND_PAGE, Problem, RuleClause
from wikibot.config import WikiConfig
from wikibot.mirror.ledger import Ledger
from wikibot.wiki.economy import economy_from_record, render_pages, value_at
from wikibot.wiki.revisions import PageBase, Revisions, WikiRevision, format_wiki_time

__all__ = ["Replay", "blame", "blame_where", "compare", "replay_ledger"]


@dataclass(frozen=True)
class Replay:
    """The pages the ledger accounts for."""

    pages: Mapping[str, str]
    """Page title -> the text replaying the ledger gives."""
    actions: int
    """How many applied actions were replayed."""
    gaps: tuple[str, ...]
    """Values that changed between two actions outside the ledger."""


def replay_ledger(ledger: Ledger, pages: WikiConfig) -> Replay | None:
    """The pages the ledger gives, or None when it holds no first-read pages."""
    baselines = ledger.baselines()
    titles = (pages.nomicland_page, pages.gamestate_page)
    if not all(t in baselines for t in titles):
        return None
    last: Mapping[str, Any] | None = None
    count = 0
    gaps: list[str] = []
    for entry in ledger.actions():
        if "state" not in entry.after:  # a roll: no gamestate page changes
            continue
        if last is not None:
            differ = [
                f"{_named(kind, name, column)}: the ledger left {_short(str(left))!r}, "
                f"the action read {_short(str(value))!r}"
                for kind, name, column, value in entry.before.get("values", ())
                if (left := value_at(last, kind, name, column)) != value
            ]
            if differ:
                gaps.append(
                    f"before {entry.action} by {entry.actor} ({entry.op_id}): " + "; ".join(differ)
                )
        last = entry.after["state"]
        count += 1
    nomicland, gamestate = (baselines[t] for t in titles)
    if last is not None:
        nomicland, gamestate = render_pages(nomicland, gamestate, economy_from_record(last))
    return Replay({titles[0]: nomicland, titles[1]: gamestate}, count, tuple(gaps))


def compare(
    expected: Mapping[str, str],
    today: Mapping[str, str],
    *,
    history: Revisions | None = None,
    clauses: Mapping[str, RuleClause] = {},
) -> list[Problem]:
    """Each line where today's page differs from the replay, as a problem on that line
    under the page's rule (``clauses``: title -> clause; by default rule "Zones"' page);
    a table row (``| Ann || 500 || 0 || 10 || 0``) changed in place is one problem per
    cell that differs. With the pages' ``history``, each names the revision behind it:
    a cell's, the revision that wrote that cell, whoever changed the rest of the row."""
    problems: list[Problem] = []
    for title, text in expected.items():
        clause = clauses.get(title, NOMICLAND_PAGE)
        now = today.get(title, "")
        want = text.rstrip().splitlines()
        have = now.rstrip().splitlines()
        base, revisions = _page_history(history, title) if history is not None else (None, [])
        columns = _columns(have) or _columns(want)
        matcher = difflib.SequenceMatcher(a=want, b=have, autojunk=False)
        for tag, a0, a1, b0, b1 in matcher.get_opcodes():
            if tag == "equal":
                continue
            cells = _changed_cells(want[a0:a1], have[b0:b1]) if tag == "replace" else None
            if cells is not None:
                for line, name, column, found, gives in cells:
                    message = (
                        f"a human edit the ledger cannot explain: {name}'s "
                        f"{_column_name(columns, column)}: the wiki has {_short(found)!r} where "
                        f"replaying the ledger gives {_short(gives)!r}"
                    )
                    if history is not None:

                        def shows(
                            text: str, name: str = name, column: int = column, value: str = found
                        ) -> bool:
                            return _cell_in(text, name, column) == value

                        message += _by(blame_where(shows, base, revisions))
                    problems.append(Problem(message, clause, title, b0 + line + 1))
                continue
            wiki = " / ".join(have[b0:b1]) or "(nothing)"
            ledger = " / ".join(want[a0:a1]) or "(nothing)"
            message = (
                "a human edit the ledger cannot explain: the wiki has "
                f"{_short(wiki)!r} where replaying the ledger gives {_short(ledger)!r}"
            )
            if history is not None:
                message += _by(blame(have[b0:b1], want[a0:a1], base, revisions))
            problems.append(Problem(message, clause, title, b0 + 1))
    return problems


def _by(behind: WikiRevision | None) -> str:
    if behind is None:
        return ""
    return (
        f" (revision {behind.revid} by {behind.editor or 'a hidden editor'} "
        f"at {format_wiki_time(behind.at)})"
    )


def _row(line: str) -> list[str] | None:
    """A wikitable row's cells (``| Ann || 500 || 0``), or None for any other line."""
    if not line.startswith("|") or line[:2] in ("|-", "|}", "|+"):
        return None
    return [cell.strip() for cell in line[1:].split("||")]


def _columns(lines: Sequence[str]) -> list[str]:
    """The table's header cells (``! Imagineer !! Budget !! ...``), or []."""
    for line in lines:
        if line.startswith("!"):
            return [cell.strip() for cell in line[1:].split("!!")]
    return []


def _column_name(columns: Sequence[str], index: int) -> str:
    return columns[index] if index < len(columns) else f"column {index + 1}"


def _changed_cells(
    want: Sequence[str], have: Sequence[str]
) -> list[tuple[int, str, int, str, str]] | None:
    """For rows changed in place (the same players, the same number of cells): each cell
    that differs as (line offset, player, column, wiki's value, ledger's value); None
    when the lines are not such rows."""
    if len(want) != len(have):
        return None
    cells: list[tuple[int, str, int, str, str]] = []
    for offset, (gives, found) in enumerate(zip(want, have, strict=True)):
        old, new = _row(gives), _row(found)
        if old is None or new is None or len(old) != len(new) or old[0] != new[0]:
            return None
        cells.extend(
            (offset, new[0], i, new[i], old[i]) for i in range(1, len(new)) if new[i] != old[i]
        )
    return cells or None


def _cell_in(text: str, name: str, column: int) -> str | None:
    """The value of ``name``'s row at ``column`` in a page's text, or None."""
    for line in text.splitlines():
        cells = _row(line)
        if cells is not None and cells[0] == name and column < len(cells):
            return cells[column]
    return None


def blame(
    wiki: Sequence[str],
    ledger: Sequence[str],
    base: PageBase | None,
    revisions: Sequence[WikiRevision],
) -> WikiRevision | None:
    """The revision that made the page show ``wiki`` where the ledger gives ``ledger``: the
    first of the unbroken run of revisions, up to the latest, whose text has every line of
    ``wiki`` and no line of ``ledger`` it lacks. None when the page already showed it at
    ``base`` (or no revision of ``revisions`` shows it). A revision whose text is hidden
    neither breaks the run nor is named."""
    gone = [line for line in ledger if line not in wiki]

    def shows(text: str) -> bool:
        lines = set(text.rstrip().splitlines())
        return all(line in lines for line in wiki) and not any(line in lines for line in gone)

    return blame_where(shows, base, revisions)


def blame_where(
    shows: Callable[[str], bool], base: PageBase | None, revisions: Sequence[WikiRevision]
) -> WikiRevision | None:
    """The first of the unbroken run of ``revisions``, up to the latest, whose text
    ``shows`` it; None when ``base`` already showed it or no revision does. A revision
    whose text is hidden neither breaks the run nor is named."""
    behind: WikiRevision | None = None
    for revision in reversed(revisions):
        if revision.text is None:
            continue
        if not shows(revision.text):
            return behind
        behind = revision
    if base is not None and base.text is not None and shows(base.text):
        return None  # the page showed it before the history read
    return behind


def _page_history(history: Revisions, title: str) -> tuple[PageBase | None, list[WikiRevision]]:
    """The page's base and its revisions, oldest first (titles compared as the wiki does)."""
    key = _title_key(title)
    base = next((b for t, b in history.bases.items() if _title_key(t) == key), None)
    return base, [r for r in history.revisions if _title_key(r.title) == key]


def _title_key(title: str) -> str:
    name = " ".join(title.replace("_", " ").split())
    return name[:1].upper() + name[1:]


def _named(kind: str, name: str, column: str) -> str:
    if kind == "players":
        return f"{name}'s {column}"
    return f"Zone {name!r}" if kind == "zones" else f"Business Day {name}"


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
