"""Which matters ``resolve`` takes, in what order, and the refusals naming the rule."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from gamestate import Game, Player
from tests.builders import at, cfj, dov, game, proposal
from wikibot.resolve import Refused, plan_steps


def roster(*posts: object, idle: tuple[str, ...] = ()) -> Game:
    g = game(*posts, players=5, idle=idle)  # type: ignore[arg-type]
    players = tuple(
        Player(p.name, admin=p.name in ("Kevan", "Alice", "Erin"), idle=p.idle) for p in g.players
    )
    return Game(players=players, posts=g.posts, boss=g.boss)


QUORUM_FOR = [("Bob", "for"), ("Carol", "for")]


@pytest.mark.parametrize(
    ("posts", "now", "matter", "admin", "words"),
    [
        pytest.param(
            (proposal("p1", when=at(0)), proposal("p2", when=at(1), votes=QUORUM_FOR)),
            at(13),
            "p2",
            "Kevan",
            "not the oldest pending Proposal (p1 is)",
            id='"the oldest pending Proposal" may be resolved: p2 is not',
        ),
        pytest.param(
            (proposal("p1", when=at(0), votes=QUORUM_FOR),),
            at(11, 59, 59),
            "p1",
            "Kevan",
            "the clock has not run",
            id='"open for at least 12 hours": 11:59:59 is not',
        ),
        pytest.param(
            (proposal("p1", when=at(0), votes=QUORUM_FOR), dov("d", "Alice", when=at(1))),
            at(13),
            "p1",
            "Kevan",
            "Hiatus",
            id='"Hiatus": no Proposal is resolved while a DoV is pending',
        ),
        pytest.param(
            (proposal("p1", when=datetime(2016, 12, 23, 1, tzinfo=UTC), votes=QUORUM_FOR),),
            datetime(2016, 12, 25, 12, tzinfo=UTC),
            "p1",
            "Kevan",
            "Seasonal Downtime",
            id='"Seasonal Downtime": 24 to 27 December',
        ),
        pytest.param(
            (proposal("p1", when=at(0), votes=QUORUM_FOR),),
            at(13),
            "p1",
            "Bob",
            "not an active Admin",
            id='Appendix "Resolve": "as an Admin"; Bob is not one',
        ),
        pytest.param(
            (proposal("p1", when=at(0), votes=QUORUM_FOR),),
            at(13),
            "p1",
            "Erin",
            "not an active Admin",
            id='"Idle Imagineers": an Idle Admin may not resolve',
        ),
        pytest.param(
            (proposal("p1", when=at(0), votes=QUORUM_FOR),),
            at(13),
            "nope",
            "Kevan",
            "not a pending Votable Matter",
            id="an unknown post is refused",
        ),
    ],
)
def test_refusals_name_the_rule(
    posts: tuple[object, ...], now: datetime, matter: str, admin: str, words: str
) -> None:
    g = roster(*posts, idle=("Erin",))
    with pytest.raises(Refused, match=re.escape(words)):
        plan_steps(g, now, admin=admin, matter=matter)


def test_without_matter_the_oldest_proposal_then_the_next_then_cfjs_in_posting_order() -> None:
    # (A pending DoV puts the game in Hiatus, so it is a test of its own below.)
    g = roster(
        cfj("c2", "Dave", when=at(3), votes=[("Kevan", "for"), ("Alice", "for")]),
        proposal("p1", when=at(0), votes=QUORUM_FOR),
        cfj("c", "Dave", when=at(2), votes=[("Kevan", "for"), ("Alice", "for")]),
        proposal("p2", when=at(0, 30), votes=QUORUM_FOR),
    )
    steps = plan_steps(g, at(15), admin="Kevan")
    assert [(s.post_id, s.status_word, s.note) for s in steps] == [
        ("p1", "Enacted", "Enacted by Kevan (3-0, Quorum 3)"),
        ("p2", "Enacted", "Enacted by Kevan (3-0, Quorum 3)"),
        ("c", "Enacted", "Enacted by Kevan (3-0, Quorum 3)"),
        ("c2", "Enacted", "Enacted by Kevan (3-0, Quorum 3)"),
    ]
    assert all(s.at == at(15) for s in steps)


def test_an_enacted_dov_fails_the_other_pending_dovs() -> None:
    g = roster(
        dov("d1", "Alice", when=at(0), votes=[("Kevan", "for"), ("Bob", "for")]),
        dov("d2", "Bob", when=at(1)),
    )
    steps = plan_steps(g, at(13), admin="Kevan", matter="d1")
    assert [(s.post_id, s.status_word) for s in steps] == [("d1", "Enacted"), ("d2", "Failed")]
    assert steps[1].note.startswith("Another Declaration of Victory was enacted")


@pytest.mark.parametrize(
    ("votes", "word", "note"),
    [
        pytest.param(
            [("Alice", "against")], "Failed", "Self-killed. Failed by Kevan", id="Self-Killed"
        ),
        pytest.param([("Kevan", "veto")], "Vetoed", "Vetoed. Failed by Kevan", id="Vetoed"),
    ],
)
def test_the_status_word_the_admin_sets(votes: list[tuple[str, str]], word: str, note: str) -> None:
    g = roster(proposal("p1", "Alice", when=at(0), votes=votes))
    (step,) = plan_steps(g, at(1), admin="Kevan")
    assert (step.status_word, step.note) == (word, note)


def test_nothing_decidable_gives_no_steps() -> None:
    assert plan_steps(roster(proposal("p1", when=at(0))), at(1), admin="Kevan") == []
