"""The engine's readings of issue 30: Idle rows in the Sunday interest, Business Days
processed out of order, and a Demand Post's close written in by hand."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from gamestate.dynasties.nomicland import ProcessBusinessDay, apply
from gamestate.dynasties.nomicland.audit import (
    GAMESTATE,
    NOMICLAND,
    AuditInput,
    AuditResult,
    Verdict,
    audit,
)
from gamestate.dynasties.nomicland.models import parse_names
from gamestate.profiles.blognomic_139.models import Comment, Post
from tests.gamestate.dynasties.nomicland.game import CATALOGUE, MONDAY, with_row
from tests.gamestate.dynasties.nomicland.test_audit_actions import THEME, set_cell
from tests.gamestate.dynasties.nomicland.test_audit_support import Wiki, roster, start


def flags(result: AuditResult) -> list[tuple[str, str, str, str | None]]:
    return [
        (f.kind.value, f.rule, f.cell, f.found)
        for r in result.revisions[-1:]
        for f in r.findings
        if f.kind.value not in ("reading", "alternatives")
    ]


def test_sunday_interest_on_an_idle_row_is_refused_and_the_rest_recorded() -> None:
    sunday = MONDAY - timedelta(days=1)
    state = with_row(with_row(start(), "Ann", debt=-1000), "Bob", debt=-2000)
    wiki = Wiki(state, at=sunday)

    def charge(text: str) -> str:
        for name, debt in (("Kevan", "-110000"), ("Ann", "-1100"), ("Bob", "-2200")):
            text = set_cell("Debt", name, debt)(text)
        return text

    wiki.edit(GAMESTATE, "Cat", charge, at=sunday + timedelta(hours=1))
    result = wiki.audit(idle=["Bob"])
    assert result.revisions[-1].verdict is Verdict.ILLEGAL
    assert flags(result) == [("refused", "Idle Imagineers", f"{GAMESTATE}/Bob/Debt", "-2200")]
    assert [(f.action["action"], f.actor) for f in result.new_facts] == [("debt interest", "Cat")]
    debts = {n: p["debt"] for n, p in result.state["players"].items()}
    assert debts == {"Kevan": -110_000, "Ann": -1100, "Bob": -2000, "Cat": 0}


def test_a_later_business_day_processed_first_is_refused_at_the_lbd() -> None:
    # Ann has processed no Business Day; she writes day 2's processing alone, LBD 2.
    state = start()
    ann = state.player("Ann")
    assert ann is not None and ann.lbd == 0
    skipped = state.with_player(replace(ann, lbd=1))
    done = apply(skipped, ProcessBusinessDay(), actor="Ann", now=MONDAY, catalogue=CATALOGUE)
    wiki = Wiki(state)
    wiki.write("Ann", done.state, pages=[GAMESTATE])
    result = wiki.audit()
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.ILLEGAL
    assert [(a.action, a.actor, a.ledger) for a in audited.actions] == [
        ("day process", "Ann", None)
    ]
    assert flags(result) == [("refused", "Visitors", f"{GAMESTATE}/Ann/LBD", "2")]
    assert result.new_facts == ()


def demand(*comments: Comment) -> Post:
    return Post(
        "demand_playpit", "Story Post", "Demand: Playpit", "Kevan", MONDAY, comments=comments
    )


def closed_by_hand(post: Post, amount: int, editor: str = "Cat") -> AuditResult:
    """Kevan (Budget 9000) pays ``amount`` to Ann, and The Theme Zone plans a Playpit, written
    by ``editor`` two days after the post."""
    state = with_row(start(), "Kevan", budget=9000)
    wiki = Wiki(state)
    zone = state.zone(THEME)
    assert zone is not None
    after = with_row(with_row(state, "Kevan", budget=9000 - amount), "Ann", budget=amount)
    after = after.with_zone(replace(zone, planned=parse_names("Playpit")))
    wiki.write(editor, after, at=MONDAY + timedelta(days=2))
    view = roster()
    return audit(
        AuditInput(
            revisions=wiki.revisions,
            base=wiki.base,
            ledger=(),
            roster_at=lambda _at: view,
            hiatus_at=lambda _at: None,
            catalogue=CATALOGUE,
            demand_posts=[post],
            now=MONDAY + timedelta(days=3),
        )
    )


BIDS = (
    Comment("c1", "Bob", MONDAY + timedelta(hours=1), "<p>I bid 1000</p>"),
    Comment("c2", "Ann", MONDAY + timedelta(hours=2), "<p>I bid 900</p>"),
)


def test_a_demand_close_by_comment_written_in_is_the_commenters() -> None:
    closing = Comment("c3", "Bob", MONDAY + timedelta(days=1, hours=3), "<p>Closed.</p>")
    result = closed_by_hand(demand(*BIDS, closing), 900)
    assert [r.verdict for r in result.revisions] == [Verdict.LEGAL, Verdict.LEGAL]
    assert [(a.action, a.actor, a.args["amount"]) for a in result.revisions[-1].actions] == [
        ("demand close", "Bob", 900)
    ]
    assert result.state["players"]["Ann"]["budget"] == 900


def test_a_demand_close_with_no_comment_is_the_editors_and_checked_against_the_bids() -> None:
    legal = closed_by_hand(demand(*BIDS), 900)
    assert [(a.action, a.actor) for a in legal.revisions[-1].actions] == [("demand close", "Cat")]
    # The winning bid is Ann's 900: 1000 written is a wrong value.
    wrong = closed_by_hand(demand(*BIDS), 1000)
    assert wrong.revisions[-1].verdict is Verdict.ILLEGAL
    assert ("wrong_value", "Planning", f"{GAMESTATE}/Ann/Budget", "1000") in flags(wrong)
    assert wrong.state["players"]["Ann"]["budget"] == 900


def test_a_demand_close_before_the_winning_bid_is_a_day_old_is_not_a_close() -> None:
    late = (Comment("c1", "Ann", MONDAY + timedelta(days=1, hours=23), "<p>I bid 900</p>"),)
    result = closed_by_hand(demand(*late), 900)
    assert [r.verdict for r in result.revisions] == [Verdict.UNEXPLAINED] * 2
    cells = {f.cell for r in result.revisions for f in r.findings}
    assert f"{NOMICLAND}/{THEME}/Planned Buildings" in cells
    assert result.new_facts == ()


def test_an_empty_business_day_skipped_over_is_processed_in_order() -> None:
    # Day 2 has no Visitors: processing days 2 and 3 writes what day 3 alone would. Legal.
    state = with_row(start(days=("cA", "", "ttS")), "Ann", lbd=1)
    ann = state.player("Ann")
    assert ann is not None
    done = state
    for _ in range(2):
        done = apply(done, ProcessBusinessDay(), actor="Ann", now=MONDAY, catalogue=CATALOGUE).state
    wiki = Wiki(state)
    wiki.write("Ann", done, pages=[GAMESTATE])
    result = wiki.audit()
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.LEGAL, audited.to_json()
    assert [a.action for a in audited.actions] == ["day process", "day process"]
