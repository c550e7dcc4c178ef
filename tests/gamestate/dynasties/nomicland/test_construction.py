"""Rule "Construction": the costing equation, Budget versions, the daily limit, the size cap."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from gamestate.dynasties.nomicland import (
    DAILY_BUILDINGS,
    ActionRefused,
    BudgetVersion,
    Construct,
    Economy,
    Payment,
    ProcessBusinessDay,
    clauses,
    cost_of,
)
from tests.gamestate.dynasties.nomicland.game import (
    CATALOGUE,
    MONDAY,
    act,
    economy,
    row,
    with_row,
    zone,
)

RICH_BOSS = -(10**9)


def built(buildings: str, *, since: int = 0) -> Economy:
    state = economy(zones=[zone(buildings=buildings)], boss_debt=RICH_BOSS)
    for _ in range(since):
        state = replace(state, books=state.books.with_built("Ann", MONDAY.date() - timedelta(1)))
    return state


COST = [
    pytest.param(
        "",
        0,
        "Playpit",
        None,
        1000,
        id="Construction: C + 500*S + 1000*X = 1000 + 0 + 0 (empty Zone)",
    ),
    pytest.param(
        "Playpit, Lagoon",
        0,
        "Playpit",
        None,
        1000 + 1500,
        id="Construction: 'S is sum of the size of all other Buildings' (1 + 2)",
    ),
    pytest.param(
        "",
        2,
        "Gift Shop",
        None,
        500 + 2000,
        id="Construction: 'X is the number of other Buildings [...] since they last processed' (2)",
    ),
    pytest.param(
        "Gift Shop (Budget)",
        0,
        "Playpit",
        None,
        1000 + 500,
        id="Construction: a Budget Building's Size counts in full",
    ),
    pytest.param(
        "Tunnel System, Playpit",
        0,
        "Playpit",
        None,
        1000 + 750,
        id="Tunnel System: 'divide the total Size of all other Buildings in the Zone by 2' (3/2)",
    ),
    pytest.param(
        "Tunnel System (Budget), Playpit",
        0,
        "Playpit",
        None,
        1000 + 1500,
        id="Tunnel System (Budget): 'by 2' halved is 'by 1'",
    ),
    pytest.param(
        "Playpit, Lagoon",
        1,
        "Lagoon",
        BudgetVersion.C,
        0 + 1500 + 1000,
        id="Construction: Budget version 'treating either C [...] as zero'",
    ),
    pytest.param(
        "Playpit, Lagoon",
        1,
        "Lagoon",
        BudgetVersion.S,
        2000 + 0 + 1000,
        id="Construction: Budget version 'treating either [...] S [...] as zero'",
    ),
    pytest.param(
        "Playpit, Lagoon",
        1,
        "Lagoon",
        BudgetVersion.X,
        2000 + 1500 + 0,
        id="Construction: Budget version 'treating either [...] X as zero'",
    ),
]


@pytest.mark.parametrize(("buildings", "since", "name", "budget", "cost"), COST)
def test_cost(
    buildings: str, since: int, name: str, budget: BudgetVersion | None, cost: int
) -> None:
    state = built(buildings, since=since)
    the_zone = state.zones[0]
    assert cost_of(state, "Ann", the_zone, name, budget, CATALOGUE).total == cost
    out = act(state, Construct(name, budget=budget, pay=Payment.DEBT))
    assert row(out.state, "Ann").debt == -cost
    assert out.state.zones[0].buildings[-1].name == name
    assert out.state.zones[0].buildings[-1].budget is (budget is not None)


def test_x_counts_since_the_last_processing() -> None:
    state = built("")
    state = act(state, Construct("Gift Shop")).state  # X = 0: 500
    state = act(state, Construct("Gift Shop")).state  # X = 1, S = 1: 500 + 500 + 1000
    assert row(state, "Ann").debt == -(500 + 2000)
    state = act(state, ProcessBusinessDay()).state
    debt = row(state, "Ann").debt
    state = act(state, Construct("Gift Shop")).state  # X = 0 again, S = 2: 500 + 1000
    assert row(state, "Ann").debt == debt - 1500


def test_tenth_building_of_a_utc_day_allowed_eleventh_refused() -> None:
    """Construction: "An Imagineer may not construct more than 10 Buildings per day."."""
    big = [zone(name="The Park Zone", operator="Bob", buildings=", ".join(["Playpit"] * 12))]
    state = economy(zones=[zone(), *big], boss_debt=RICH_BOSS)
    morning = MONDAY.replace(hour=0, minute=0, second=0)
    for n in range(DAILY_BUILDINGS):
        state = act(state, Construct("Gift Shop"), now=morning + timedelta(minutes=n)).state
    assert len(state.zones[0].buildings) == 10
    with pytest.raises(ActionRefused) as refused:
        act(state, Construct("Gift Shop"), now=morning.replace(hour=23, minute=59, second=59))
    assert refused.value.clause is clauses.DAILY_LIMIT
    assert "10 Buildings on 2026-11-23" in str(refused.value)
    next_day = act(state, Construct("Gift Shop"), now=morning + timedelta(days=1))
    assert len(next_day.state.zones[0].buildings) == 11


SIZE_CAP = [
    pytest.param(
        ", ".join(["Playpit"] * 11),
        "",
        "Playpit",
        True,
        id="Construction: total Size 12, not 'greater than 12': allowed",
    ),
    pytest.param(
        ", ".join(["Playpit"] * 12),
        "",
        "Playpit",
        False,
        id="Construction: Size 13 > 12 and > 4 x 0: refused",
    ),
    pytest.param(
        ", ".join(["Playpit"] * 15),
        "Playpit, Playpit, Playpit, Playpit",
        "Playpit",
        True,
        id="Construction: Size 16, exactly four times the next-highest 4: allowed",
    ),
    pytest.param(
        ", ".join(["Playpit"] * 16),
        "Playpit, Playpit, Playpit, Playpit",
        "Playpit",
        False,
        id="Construction: Size 17 > 4 x 4 and > 12: refused",
    ),
    pytest.param(
        "Playpit",
        "",
        "Lagoon",
        True,
        id="Construction: Size 3, not greater than 12, although > 4 x 0: allowed",
    ),
]


@pytest.mark.parametrize(("mine", "other", "name", "allowed"), SIZE_CAP)
def test_size_cap(mine: str, other: str, name: str, allowed: bool) -> None:
    zones = [zone(buildings=mine), zone(name="The Park Zone", operator="Bob", buildings=other)]
    state = economy(zones=zones, boss_debt=RICH_BOSS)
    if allowed:
        act(state, Construct(name))
    else:
        with pytest.raises(ActionRefused) as refused:
            act(state, Construct(name))
        assert refused.value.clause is clauses.SIZE_CAP


REFUSED = [
    pytest.param(
        zone(operator="Bob"),
        "Playpit",
        clauses.BUILDING_COST,
        id="Construction: 'in a Zone which they operate' (Ann operates none)",
    ),
    pytest.param(
        zone(),
        "Petting Zoo",
        clauses.CONSTRUCTION,
        id="Construction: 'Buildings are listed as sub rules of this rule' (no such Building)",
    ),
    pytest.param(
        zone(),
        "Costumed Character Rec Room",
        clauses.CONSTRUCTION,
        id="Construction: 'a positive integer Size' (the Rec Room's Size 0)",
    ),
]


@pytest.mark.parametrize(("the_zone", "name", "clause"), REFUSED)
def test_construct_refused(the_zone: object, name: str, clause: object) -> None:
    state = economy(zones=[the_zone], boss_debt=RICH_BOSS)  # type: ignore[list-item]
    with pytest.raises(ActionRefused) as refused:
        act(state, Construct(name))
    assert refused.value.clause is clause


def test_building_enacted_by_proposal_needs_no_code() -> None:
    from rules_text.buildings import buildings
    from rules_text.seed import ruleset_139_wikitext
    from rules_text.tree import parse_ruleset

    text = ruleset_139_wikitext().replace(
        "== Licensing ==",
        "=== Petting Zoo ===\nCost: 700<br />\nSize: 1<br />\n"
        "Effect: +2 SMILE per Child visitor that Business Day.\n\n== Licensing ==",
    )
    catalogue = buildings(parse_ruleset(text))
    state = with_row(economy(zones=[zone()], boss_debt=RICH_BOSS), "Ann", budget=700)
    state = act(state, Construct("Petting Zoo"), catalogue=catalogue).state
    assert row(state, "Ann").budget == 0
    state = act(state, ProcessBusinessDay(), catalogue=catalogue).state  # "AtSScAA": 1 Child
    assert row(state, "Ann").smiles == 12
