"""Nomicland through the dynasty seam: rule "Spending"'s bar on a DoV in Debt, judged on the
economy as it stood when the DoV was posted; "Project Completion"; the loop's events."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from gamestate import Post, evaluate
from gamestate.dynasties import Dynasty, NoDynasty
from gamestate.dynasties.nomicland import Economy, EconomyHistory, Nomicland, PlayerRow
from tests.builders import T0, at, comment, dov, game, hms, post
from tests.gamestate.dynasties.nomicland.game import CATALOGUE

POSTED = at(days=1)
"""When the DoV is posted."""
SECOND = hms(seconds=1)


def park(*, alice_debt: int = 0, boss_debt: int = -100, alice_smiles: int = 10) -> Economy:
    """Kevan the Boss, Alice and Bob."""
    return Economy.from_pages(
        rows=[
            PlayerRow("Kevan", budget=900, debt=boss_debt),
            PlayerRow("Alice", debt=alice_debt, smiles=alice_smiles),
            PlayerRow("Bob"),
        ],
        zones=(),
        days=("",),
        boss="Kevan",
    )


def history(*changes: tuple[datetime, Economy], start: Economy | None = None) -> EconomyHistory:
    """First read at T0 (``start``, by default Alice with Debt 0), then ``changes``."""
    return EconomyHistory(start or park(), T0, tuple(changes))


DEBT_AT_POSTING = [
    pytest.param(history(), False, id="Spending: Debt 0 when posted: may declare victory"),
    pytest.param(
        history(start=park(alice_debt=-1)),
        True,
        id="Spending: 'If an Imagineer's Debt is non-zero' - Debt -1 when posted: Illegal",
    ),
    pytest.param(
        history((POSTED - SECOND, park()), start=park(alice_debt=-50)),
        False,
        id="Spending: Debt repaid one second before posting: legal",
    ),
    pytest.param(
        history((POSTED + SECOND, park()), start=park(alice_debt=-50)),
        True,
        id="Spending: Debt repaid one second after posting: Illegal",
    ),
    pytest.param(
        history((POSTED, park()), start=park(alice_debt=-50)),
        False,
        id="Spending: Debt repaid in the same second: the benefit of the doubt",
    ),
    pytest.param(
        history((POSTED, park(alice_debt=-50))),
        False,
        id="Spending: Debt taken on in the same second: the benefit of the doubt",
    ),
    pytest.param(
        history((POSTED - SECOND, park(alice_debt=-50))),
        True,
        id="Spending: Debt taken on one second before posting: Illegal",
    ),
    pytest.param(
        history((POSTED + SECOND, park(alice_debt=-50))),
        False,
        id="Spending: Debt taken on one second after posting: legal",
    ),
    pytest.param(
        EconomyHistory(park(alice_debt=-50), POSTED + SECOND),
        False,
        id="Spending: the ledger first read the pages after the DoV: not checked",
    ),
]


@pytest.mark.parametrize(("known", "illegal"), DEBT_AT_POSTING)
def test_dov_in_debt_when_posted_is_illegal(known: EconomyHistory, illegal: bool) -> None:
    g = game(dov(when=POSTED))
    result = evaluate(g, POSTED + hms(1), dynasty=Nomicland(known))
    (m,) = result.matters
    assert m.illegal is illegal
    # An Illegal DoV causes no Hiatus.
    assert result.hiatus is not illegal
    if illegal:
        assert m.illegal_reason is not None
        assert "If an Imagineer's Debt is non-zero" in m.illegal_reason
        assert "Alice's Debt is -" in m.illegal_reason
        assert "2016-05-03T00:00:00Z" in m.illegal_reason


def test_the_reason_quotes_the_clause_with_the_numbers() -> None:
    known = history(start=park(alice_debt=-1))
    m = evaluate(game(dov(when=POSTED)), POSTED, dynasty=Nomicland(known)).matters[0]
    assert m.illegal_reason == (
        'rule "Spending": "If an Imagineer\'s Debt is non-zero, that Imagineer may not declare '
        "victory.\" - Alice's Debt is -1, not 0 when the Declaration of Victory was posted "
        "(2016-05-03T00:00:00Z, the ledger's economy)"
    )


@pytest.mark.parametrize(
    ("known", "noted"),
    [
        pytest.param(EconomyHistory(None, None), True, id="no ledger: the Debt rule not checked"),
        pytest.param(
            EconomyHistory(park(), POSTED + SECOND), True, id="ledger starts after the DoV"
        ),
        pytest.param(EconomyHistory(park(), POSTED), False, id="ledger starts at the DoV"),
    ],
)
def test_an_unchecked_dov_is_a_note_for_a_human(known: EconomyHistory, noted: bool) -> None:
    result = evaluate(game(dov(when=POSTED)), POSTED + hms(1), dynasty=Nomicland(known))
    notes = [w for w in result.warnings if 'rule "Spending" was not checked' in w]
    assert bool(notes) is noted
    assert not result.matters[0].illegal


def test_an_author_with_no_gndt_row_has_debt_0() -> None:
    g = game(dov(author="Carol", when=POSTED))
    m = evaluate(g, POSTED, dynasty=Nomicland(history())).matters[0]
    assert not m.illegal


VICTORY = [
    pytest.param(-1, 12, None, id="Project Completion: the Boss's Debt -1 is not 0"),
    pytest.param(0, 12, "Alice", id="Project Completion: 'If the Boss's Debt is 0' - Alice 12"),
    pytest.param(0, 10, None, id="Project Completion: a tie at 10 Smiles: no one has the most"),
]


@pytest.mark.parametrize(("boss_debt", "smiles", "winner"), VICTORY)
def test_project_completion_in_the_status(boss_debt: int, smiles: int, winner: str | None) -> None:
    known = history((at(2), park(boss_debt=boss_debt, alice_smiles=smiles)))
    result = evaluate(game(), at(3), dynasty=Nomicland(known))
    assert (result.victory.winner if result.victory else None) == winner
    if result.victory is not None:
        assert "If the Boss's Debt is 0" in str(result.victory)
        assert "(12, next 10)" in str(result.victory)


def test_project_completion_is_judged_at_now_not_later() -> None:
    known = history((at(2), park(boss_debt=0, alice_smiles=12)))
    dynasty = Nomicland(known)
    assert dynasty.victory(at(2) - SECOND) is None
    assert dynasty.victory(at(2)) is not None
    assert [e.key for e in dynasty.events(game(), at(2))] == ["project-completion:Alice"]


def demand(bid_at: datetime) -> Post:
    return post(
        "Story Post",
        "demand_playpit",
        "Kevan",
        when=T0 + hms(1),
        title="Demand: Playpit",
        votes=[comment("Alice", when=bid_at, id="c1", text="I bid 100")],
    )


CLOSABLE = [
    pytest.param(hms(23, 59, 59), False, id="Planning: winning bid 23:59:59 old: wait"),
    pytest.param(hms(24), True, id="Planning: 'at least 24 hours old' - exactly 24h: closable"),
]


@pytest.mark.parametrize(("age", "closable"), CLOSABLE)
def test_a_demand_post_becoming_closable_is_an_event(age: timedelta, closable: bool) -> None:
    bid_at = T0 + hms(2)
    g = game(demand(bid_at))
    dynasty = Nomicland(history(), buildings=frozenset(CATALOGUE.names()))
    keys = [e.key for e in dynasty.events(g, bid_at + age)]
    assert keys == (["demand-closable:demand_playpit"] if closable else [])
    if closable:
        (event,) = dynasty.events(g, bid_at + age)
        assert "Builder Alice" in event.text and "winning bid 100 by Alice" in event.text


def test_a_closed_demand_post_is_no_event() -> None:
    bid_at = T0 + hms(2)
    g = game(demand(bid_at))
    dynasty = Nomicland(
        history(),
        buildings=frozenset(CATALOGUE.names()),
        closed={"demand_playpit": bid_at + hms(25)},
    )
    assert [e.key for e in dynasty.events(g, bid_at + hms(24))] == [
        "demand-closable:demand_playpit"
    ]
    assert dynasty.events(g, bid_at + hms(26)) == ()


def test_the_core_alone_has_no_dynastic_rules() -> None:
    plain: Dynasty = NoDynasty()
    nomicland: Dynasty = Nomicland(history(start=park(alice_debt=-1)))
    g = game(dov(when=POSTED))
    assert not evaluate(g, POSTED, dynasty=plain).matters[0].illegal
    assert evaluate(g, POSTED, dynasty=nomicland).matters[0].illegal
    assert evaluate(g, POSTED, dynasty=plain) == evaluate(g, POSTED)
