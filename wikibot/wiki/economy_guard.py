"""Writing an economy action only into the state it was computed from.

An action's values were computed from the pages as read (the ``before`` of its
ledger row); they are written into a page only while the page still shows those
values, or already shows the ones the action writes. A page changed in between
(by a person, or by anything that did not hold the game lock) refuses the action
in one line: nothing is overwritten, and when none of the action's edits went out
its ``started`` row is taken back from the ledger, so running the command again
computes it afresh.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from gamestate.dynasties.nomicland import Economy
from gamestate.dynasties.nomicland.records import economy_from_record, record_of
from wikibot.config import WikiConfig
from wikibot.errors import WikiError
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.wiki.pages.gamestate import GamestatePage
from wikibot.wiki.pages.nomicland import NomiclandPage

__all__ = ["PageMoved", "only_from", "refusal", "refused", "state_before"]


class PageMoved(Exception):
    """The page no longer holds the values an action read (nor those it writes)."""


def state_before(entry: LedgerEntry) -> dict[str, Any]:
    """The economy record an action was computed from: its ``after`` state with each
    value it changed put back (``before["values"]``)."""
    record = json.loads(json.dumps(entry.after["state"]))
    for kind, name, column, value in entry.before.get("values", ()):
        if kind == "players":
            if value is None:
                record["players"].pop(name, None)
            else:
                record["players"].setdefault(name, {})[column] = value
        elif kind == "zones":
            kept = [z for z in record["zones"] if z["name"] != name]
            record["zones"] = kept if value is None else [*kept, value]
        else:
            days = record["visitors"]
            number = int(name)
            if value is None:
                del days[number - 1 :]
            else:
                days.extend([""] * (number - len(days)))
                days[number - 1] = value
    return dict(record)


def _shown(title: str, text: str, record: Mapping[str, Any], pages: WikiConfig) -> Any:
    """What page ``title``'s text shows of an economy, read as :func:`read_park` reads it
    (the other page's part taken from ``record``); None if the text cannot be read."""
    state = economy_from_record(record)
    rows, zones, days = state.to_pages()
    if title == pages.nomicland_page:
        park = NomiclandPage.from_wikitext(text, title=title)
        if park.problems:
            return None
        zones, days = park.zones, park.business_days
    else:
        table = GamestatePage.from_wikitext(text, title=title, business_days=len(days))
        if table.problems:
            return None
        rows = table.rows
    shown = Economy.from_pages(
        rows=rows, zones=zones, days=days, boss=state.boss, idle=state.idle, books=state.books
    )
    return _part(title, record_of(shown), pages)


def _part(title: str, record: Mapping[str, Any], pages: WikiConfig) -> Any:
    """The values of ``record`` that page ``title`` shows."""
    if title == pages.nomicland_page:
        zones = sorted(record["zones"], key=lambda z: str(z["name"]))
        return {"zones": zones, "visitors": list(record["visitors"])}
    return {"players": dict(record["players"])}


def only_from(
    title: str,
    change: Callable[[str], str],
    pages: WikiConfig,
    *,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
) -> Callable[[str], str]:
    """``change``, applied only to a text that shows the values ``before`` (the action
    read them) or ``after`` (they are written already); any other raises PageMoved."""
    wanted = _part(title, record_of(economy_from_record(before)), pages)
    written = _part(title, record_of(economy_from_record(after)), pages)

    def guarded(text: str) -> str:
        if _shown(title, text, after, pages) == written:
            return change(text)
        found = _shown(title, text, before, pages)
        if found == wanted:
            return change(text)
        raise PageMoved(_difference(wanted, found))

    return guarded


def _difference(wanted: Any, found: Any) -> str:
    """The first value that differs, in words."""
    if found is None:
        return "it cannot be read as a gamestate page any more"
    for key in wanted:
        if key == "players":
            for name in sorted(set(wanted[key]) | set(found[key])):
                a, b = wanted[key].get(name), found[key].get(name)
                if a != b:
                    return f"{name}'s row was {a}, it is {b}"
        elif wanted[key] != found[key]:
            return f"its {key} were {wanted[key]}, they are {found[key]}"
    return "its values differ"


def refused(title: str, why: str) -> str:
    """The refusal of an action none of whose edits went out, after ``ACTION by ACTOR: ``."""
    return (
        f'refused, nothing written: wiki page "{title}" changed since nomicbot read it '
        f"({why}); nothing was overwritten; run the command again to compute it from the "
        "pages as they are now"
    )


def refusal(
    entry: LedgerEntry, ledger: Ledger, title: str, why: str, *, written: Mapping[str, int]
) -> WikiError:
    """The one-line refusal of an action whose page changed under it while its edits were
    being made; its ledger row is taken back if none of them went out."""
    what = f"{entry.action} by {entry.actor}"
    if not written and ledger.abandon(entry.op_id):
        return WikiError(f"{what}: {refused(title, why)}")
    saved = ", ".join(f'"{t}" revision {r}' for t, r in written.items()) or "no page"
    return WikiError(
        f'{what} (ledger #{entry.op_id}): wiki page "{title}" changed since nomicbot read it '
        f"({why}); nothing was overwritten ({saved} saved already); put the values back or "
        "finish the action by hand on the wiki, then run again"
    )
