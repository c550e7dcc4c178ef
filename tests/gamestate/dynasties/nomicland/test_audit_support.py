"""The audit tests' wiki: two pages' histories written by the bot's own renderers.

``Wiki(state)`` seeds the Nomicland and Gamestate pages from an economy; ``wiki.write(
editor, new_state)`` saves the pages that change, as a human would; ``wiki.edit(page,
editor, transform)`` saves any text. ``wiki.audit()`` runs the pure audit on the history.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from gamestate.dynasties.nomicland import Action, ActionRefused, Bookkeeping, Economy, apply
from gamestate.dynasties.nomicland.audit import (
    GAMESTATE,
    NOMICLAND,
    AuditInput,
    AuditResult,
    BlogEffect,
    LedgerFact,
    Revision,
    RevisionAudit,
    RosterView,
)
from gamestate.dynasties.nomicland.audit.cells import economy_cells, read_gamestate, read_nomicland
from tests.gamestate.dynasties.nomicland.game import CATALOGUE, FRONT_PAGE, MONDAY, economy, zone
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT as TABLE_SEED
from wikibot.wiki.pages.gamestate import GamestatePage
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED
from wikibot.wiki.pages.nomicland import NomiclandPage

PLAYERS = frozenset({"Kevan", "Ann", "Bob", "Cat"})


def roster(idle: Iterable[str] = (), players: Iterable[str] = PLAYERS) -> RosterView:
    return RosterView(frozenset(players), frozenset(idle), "Kevan")


def park_text(text: str, state: Economy) -> str:
    return NomiclandPage.from_wikitext(text).render(zones=state.zones, business_days=state.days)


def table_text(text: str, state: Economy) -> str:
    page = GamestatePage.from_wikitext(text, business_days=len(state.days))
    return page.render(state.players)


def start(**kwargs: Any) -> Economy:
    """Ann operates The Theme Zone; Bob The Mouse Zone; Cat none."""
    zones = kwargs.pop("zones", None)
    if zones is None:
        zones = [zone("The Theme Zone", "Ann"), zone("The Mouse Zone", "Bob")]
    return economy(zones=zones, **kwargs)


class Wiki:
    """Two pages' histories."""

    def __init__(self, state: Economy, *, at: datetime = MONDAY) -> None:
        self.texts = {
            NOMICLAND: park_text(PARK_SEED, state),
            GAMESTATE: table_text(TABLE_SEED, state),
        }
        self.base = dict(self.texts)
        self.state = state
        self.revisions: list[Revision] = []
        self.last = {NOMICLAND: 10, GAMESTATE: 11}
        self.next_id = 100
        self.clock = at

    def edit(
        self,
        page: str,
        editor: str,
        transform: Callable[[str], str],
        *,
        at: datetime | None = None,
        bot: bool = False,
        summary: str = "",
    ) -> Revision:
        self.clock = at or self.clock + timedelta(minutes=1)
        text = transform(self.texts[page])
        self.texts[page] = text
        revision = Revision(
            page, self.next_id, self.last[page], editor, self.clock, summary, text, bot
        )
        self.last[page] = self.next_id
        self.next_id += 1
        self.revisions.append(revision)
        return revision

    def write(
        self,
        editor: str,
        state: Economy,
        *,
        pages: Sequence[str] = (NOMICLAND, GAMESTATE),
        at: datetime | None = None,
        bot: bool = False,
    ) -> list[Revision]:
        """The pages that change, ``Nomicland`` first."""
        made = []
        for page in pages:
            render = park_text if page == NOMICLAND else table_text
            new = render(self.texts[page], state)
            if new != self.texts[page]:
                made.append(self.edit(page, editor, _constant(new), at=at, bot=bot))
                at = None
        self.state = state
        return made

    def act(
        self,
        editor: str,
        action: Action,
        *,
        actor: str | None = None,
        pages: Sequence[str] = (NOMICLAND, GAMESTATE),
        at: datetime | None = None,
        force: bool = False,
    ) -> list[Revision]:
        """``editor`` writes ``action``'s effects as the rules give them."""
        moment = at or self.clock + timedelta(minutes=1)
        try:
            outcome = apply(
                self.state, action, actor=actor or editor, now=moment, catalogue=CATALOGUE
            )
        except ActionRefused:
            if not force:
                raise
            # The effects as written by someone who ignores the hidden state.
            bare = replace(self.state, books=Bookkeeping())
            outcome = apply(bare, action, actor=actor or editor, now=moment, catalogue=CATALOGUE)
        return self.write(
            editor, replace(outcome.state, books=self.state.books), pages=pages, at=moment
        )

    def audit(
        self,
        *,
        ledger: Sequence[LedgerFact] = (),
        idle: Iterable[str] = (),
        hiatus: Callable[[datetime], str | None] = lambda _at: None,
        enacted: Sequence[BlogEffect] = (),
        now: datetime | None = None,
        window: timedelta = timedelta(hours=1),
        players: Iterable[str] = PLAYERS,
    ) -> AuditResult:
        view = roster(idle, players)
        if now is None:  # every pairing window closed, unless the test says otherwise
            now = self.clock + timedelta(days=1)
        return _audit(
            AuditInput(
                revisions=self.revisions,
                base=self.base,
                ledger=ledger,
                roster_at=lambda _at: view,
                hiatus_at=hiatus,
                catalogue=CATALOGUE,
                front_page_at=lambda _at: FRONT_PAGE,
                pairing_window=window,
                enacted=enacted,
                now=now,
            )
        )


def _constant(text: str) -> Callable[[str], str]:
    return lambda _old: text


def _audit(inp: AuditInput) -> AuditResult:
    from gamestate.dynasties.nomicland.audit import audit

    return audit(inp)


def only(result: AuditResult) -> RevisionAudit:
    """The one revision audited (or the last)."""
    return result.revisions[-1]


def kinds(audited: RevisionAudit) -> list[str]:
    return [f.kind.value for f in audited.findings]


def test_the_reader_reads_what_the_renderers_write() -> None:
    state = start(
        zones=[zone("The Theme Zone", "Ann", "Playpit, Gift Shop (Budget)", "Mouse (cA)")]
    )
    wiki = Wiki(state)
    cells = {
        **read_nomicland(wiki.texts[NOMICLAND]).cells,
        **read_gamestate(wiki.texts[GAMESTATE], days=len(state.days)).cells,
    }
    expected = economy_cells(state)
    assert {k: v for k, v in cells.items() if not k.endswith("/text")} == expected
