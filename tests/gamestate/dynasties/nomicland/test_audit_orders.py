"""Several actions in one edit: the order their costs need is found, searched by price."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta

import pytest

from gamestate.dynasties.nomicland import (
    Construct,
    ExerciseLicense,
    Payment,
    apply,
    parse_buildings,
)
from gamestate.dynasties.nomicland.audit import NOMICLAND, Verdict
from gamestate.dynasties.nomicland.audit.orders import count_orders, key_orders, price_key
from gamestate.dynasties.nomicland.audit.steps import Step
from gamestate.dynasties.nomicland.economy import Economy
from tests.gamestate.dynasties.nomicland.game import CATALOGUE, MONDAY, TEN, economy, zone
from tests.gamestate.dynasties.nomicland.test_audit_support import Wiki, kinds

ZONE = "The Theme Zone"


def built(order: Sequence[str], pay: Payment = Payment.DEBT) -> tuple[Economy, Economy]:
    """The economy before, and after Ann constructs ``order`` in her Zone."""
    first = economy(zones=[zone(ZONE, "Ann"), zone("The Mouse Zone", "Bob")], boss_debt=-900_000)
    state = first
    for name in order:
        action = Construct(name, None, pay, ZONE)
        state = apply(state, action, actor="Ann", now=MONDAY, catalogue=CATALOGUE).state
    return first, state


def one_edit(order: Sequence[str], written: Sequence[str], *, off: int = 0) -> Wiki:
    """Ann's Buildings listed in ``written`` order, her Debt as ``order`` costs (+ ``off``)."""
    first, state = built(order)
    wiki = Wiki(first)
    page = state.zone(ZONE)
    ann = state.player("Ann")
    assert page is not None and ann is not None
    listed = replace(page, buildings=parse_buildings(", ".join(written)))
    shown = state.with_zone(listed).with_player(replace(ann, debt=ann.debt + off))
    wiki.write("Ann", replace(shown, books=first.books), at=MONDAY + timedelta(minutes=1))
    return wiki


def test_two_buildings_listed_in_the_other_order_are_legal() -> None:
    # The Indoor Coaster first: 2000 + (1000 + 500*2 + 1000*1) = 5000; the Playpit first
    # would cost 1000 + (2000 + 500*1 + 1000*1) = 4500. The page lists the Playpit first.
    wiki = one_edit(["Indoor Coaster", "Playpit"], ["Playpit", "Indoor Coaster"])
    result = wiki.audit()
    assert [r.verdict for r in result.revisions] == [Verdict.LEGAL, Verdict.LEGAL]
    assert [a.args["building"] for a in result.revisions[-1].actions] == [
        "Indoor Coaster",
        "Playpit",
    ]
    assert result.state["players"]["Ann"]["debt"] == -5000
    assert result.discrepancies == ()


def test_reordering_a_zones_buildings_changes_no_gamestate() -> None:
    first, state = built(["Playpit", "Lazy River"])
    wiki = Wiki(state)
    page = state.zone(ZONE)
    assert page is not None
    wiki.write("Bob", state.with_zone(replace(page, buildings=page.buildings[::-1])))
    result = wiki.audit()
    assert [(r.verdict, r.actions) for r in result.revisions] == [(Verdict.LEGAL, ())]


@pytest.mark.parametrize("seed", range(4))
def test_ten_buildings_in_one_edit_in_any_written_order_are_legal(seed: int) -> None:
    rng = random.Random(seed)
    order, written = list(TEN), list(TEN)
    rng.shuffle(order)
    rng.shuffle(written)
    result = one_edit(order, written).audit()
    assert [r.verdict for r in result.revisions] == [Verdict.LEGAL, Verdict.LEGAL]
    assert len(result.revisions[-1].actions) == 10
    assert result.state["players"]["Ann"]["debt"] == built(order)[1].players[1].debt


def test_ten_buildings_whose_cost_no_order_gives_are_a_wrong_value() -> None:
    # 100 is no multiple of 250: no order costs it. The nearest order below is judged.
    result = one_edit(list(TEN), sorted(TEN), off=100).audit()
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.ILLEGAL
    [wrong] = [f for f in audited.findings if f.kind.value == "wrong_value"]
    assert (wrong.rule, wrong.cell) == ("Construction", "Gamestate/Ann/Debt")
    assert wrong.expected is not None and wrong.found is not None
    assert 0 < int(wrong.expected) - int(wrong.found) < 1000
    assert "unexplained" not in kinds(audited)


def test_orders_are_those_of_what_changes_the_price() -> None:
    # Eight Buildings of Size 1 change the later prices alike: 10!/8! = 90 orders, not 10!.
    slots = [
        tuple(
            Step("build", "Ann", Construct(name, None, pay, ZONE), cues=(f"{NOMICLAND}/{ZONE}",))
            for pay in (Payment.BUDGET, Payment.DEBT)
        )
        for name in TEN
    ]
    keys = {price_key(s, CATALOGUE) for s in slots}
    assert len(keys) == 3
    assert count_orders(slots, CATALOGUE) == 90
    orders = list(itertools.islice(key_orders(slots, CATALOGUE), 100))
    assert len(orders) == 90 and orders[0] == slots
    # Identical slots of another action (two exercises alike) are one order, not two.
    exercise = (Step("license exercise", "Ann", ExerciseLicense(3, ZONE, True)),)
    assert count_orders([exercise, exercise], CATALOGUE) == 1
