"""``resolve`` plans with the dynasty in play: a DoV whose author was in Debt when it was
posted is Illegal (rule "Spending"), so it is failed, and the Proposal behind it is not
blocked by a Hiatus it never caused."""

from __future__ import annotations

import pytest

from gamestate import Game, Player
from gamestate.dynasties.nomicland import Economy, EconomyHistory, Nomicland, PlayerRow
from tests.builders import T0, at, dov, game, proposal
from wikibot.resolve import plan_steps

QUORUM_FOR = [("Kevan", "for"), ("Alice", "for"), ("Bob", "for")]


def _nomicland(alice_debt: int) -> Nomicland:
    state = Economy.from_pages(
        rows=[PlayerRow("Kevan", debt=-10), PlayerRow("Alice", debt=alice_debt)],
        zones=(),
        days=("",),
        boss="Kevan",
    )
    return Nomicland(EconomyHistory(state, T0))


@pytest.mark.parametrize(
    ("alice_debt", "expected"),
    [
        pytest.param(
            -1,
            [("p", "Enacted"), ("v", "Illegal")],
            id="Spending: Debt -1 when posted: the DoV is Illegal; no Hiatus blocks p",
        ),
        pytest.param(0, [], id="Spending: Debt 0: the DoV is pending, its Hiatus blocks p"),
    ],
)
def test_resolve_fails_a_dov_posted_in_debt(
    alice_debt: int, expected: list[tuple[str, str]]
) -> None:
    g = game(
        proposal("p", "Bob", when=at(0), votes=QUORUM_FOR),
        dov("v", "Alice", when=at(1)),
        players=5,
    )
    admins = tuple(Player(p.name, admin=p.name == "Kevan") for p in g.players)
    g = Game(players=admins, posts=g.posts, boss=g.boss)
    steps = plan_steps(g, at(13), admin="Kevan", dynasty=_nomicland(alice_debt))
    assert [(s.post_id, s.status_word) for s in steps] == expected
    if expected:
        why = steps[1].matter.decision.why
        assert "If an Imagineer's Debt is non-zero" in why and "Debt is -1" in why
