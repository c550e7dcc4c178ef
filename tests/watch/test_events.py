"""The events ``watch`` announces, each read from a status under a stable key."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from gamestate import evaluate
from gamestate.profiles.blognomic_139.models import Comment, Game, Player, Post, PostStatus, Terms
from wikibot.watch.events import events_from_status

T0 = datetime(2016, 5, 23, 10, 0, tzinfo=UTC)
FOR = '<img alt="for" src="/images/vote/for.gif">'
PLAYERS = tuple(Player(n, admin=n == "Kevan") for n in ("Kevan", "Josh", "Bob", "Ann", "Cy"))


def _game(*posts: Post) -> Game:
    return Game(players=PLAYERS, posts=posts, boss="Kevan", terms=Terms())


def _proposal(voters: tuple[str, ...], *, category: str = "Proposal", pid: str = "p") -> Post:
    comments = tuple(
        Comment(f"c{i}", v, T0 + timedelta(minutes=i + 1), FOR) for i, v in enumerate(voters)
    )
    return Post(pid, category, f"{category}: X", "Josh", T0, comments=comments)


def _keys(game: Game, now: datetime) -> list[str]:
    return [e.key for e in events_from_status(evaluate(game, now), blog_url="https://b.test/")]


@pytest.mark.parametrize(
    ("voters", "hours", "keys"),
    [
        pytest.param(
            ("Kevan", "Bob"),
            12,
            ["decidable:p:enact"],
            id="FOR 3 >= Quorum 3 at exactly 12h: enactable",
        ),
        pytest.param(
            ("Kevan", "Bob"), 11.99, [], id="FOR 3 >= Quorum 3 but under 12h: nothing yet"
        ),
        pytest.param(("Kevan",), 47.99, [], id="FOR 2 < Quorum 3 under 48h: nothing yet"),
        pytest.param(
            ("Kevan",),
            48,
            ["decidable:p:enact"],
            id="at least 48h, more than 1 valid Vote, FOR > AGAINST",
        ),
    ],
)
def test_a_matter_that_became_decidable_is_one_event(
    voters: tuple[str, ...], hours: float, keys: list[str]
) -> None:
    assert _keys(_game(_proposal(voters)), T0 + timedelta(hours=hours)) == keys


def test_the_announcement_quotes_the_clause_and_links_the_post() -> None:
    status = evaluate(_game(_proposal(("Kevan", "Bob"))), T0 + timedelta(hours=12))
    (event,) = events_from_status(status, blog_url="https://b.test/")
    assert "may be enacted now (FOR 3, AGAINST 0, Quorum 3)" in event.text
    assert "FOR 3 >= Quorum 3 and open 12h (at least 12h)" in event.text
    assert event.text.endswith("https://b.test/archive/p")


def test_a_pending_dov_puts_the_game_into_hiatus_once_per_dov() -> None:
    dov = _proposal((), category="Declaration of Victory", pid="dov1")
    keys = _keys(_game(dov), T0 + timedelta(hours=1))
    assert keys == ["hiatus:dov-pending:dov1"]


def test_an_enacted_dov_awaiting_its_ascension_address_is_another_event() -> None:
    dov = Post(
        "dov1",
        "Declaration of Victory",
        "DoV: me",
        "Josh",
        T0,
        status=PostStatus.ENACTED,
        resolved_at=T0 + timedelta(hours=13),
    )
    assert _keys(_game(dov), T0 + timedelta(hours=14)) == ["hiatus:dov-enacted:dov1"]


@pytest.mark.parametrize(
    ("now", "keys"),
    [
        pytest.param(
            datetime(2016, 12, 23, 23, 59, 59, tzinfo=UTC), [], id="23 Dec 23:59:59: not yet"
        ),
        pytest.param(
            datetime(2016, 12, 24, tzinfo=UTC),
            ["downtime-began:2016"],
            id="'every year on December 24th': began",
        ),
        pytest.param(
            datetime(2016, 12, 26, 23, 59, 59, tzinfo=UTC),
            ["downtime-began:2016"],
            id="26 Dec 23:59:59: still in Downtime",
        ),
        pytest.param(
            datetime(2016, 12, 27, tzinfo=UTC),
            ["downtime-ended:2016"],
            id="'remains in hiatus until December 27th': ended",
        ),
        pytest.param(datetime(2017, 1, 1, tzinfo=UTC), [], id="1 January: no longer news"),
    ],
)
def test_seasonal_downtime_began_and_ended(now: datetime, keys: list[str]) -> None:
    assert _keys(_game(), now) == keys
