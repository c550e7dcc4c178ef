"""The thirteen Building Effects of Ruleset 139, full and Budget versions, on processing.

Ann (Debt -100000, so nothing breaks even) operates one Zone holding the Buildings named,
and processes Business Day 1 with the Visitors given. Each row gives what the Effects add:
Smiles (Miscellaneous), Income - Wages (Ticket Income, on top of 20 per Visitor) and
Tourism (on top of 10 per Visitor, to the Boss).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamestate.dynasties.nomicland import (
    ExerciseLicense,
    Field,
    ProcessBusinessDay,
    budget_text,
    read_effect,
)
from tests.gamestate.dynasties.nomicland.game import (
    REC_ROOM_CATALOGUE,
    act,
    economy,
    row,
    with_row,
    zone,
)

# (buildings, visitors, smiles, income, tourism)
EFFECTS = [
    pytest.param(
        "Playpit", "ccA", 2, 0, 0, id="Playpit: '+1 SMILE per Child visitor' (2 Children)"
    ),
    pytest.param(
        "Playpit (Budget)", "ccA", 0, 0, 0, id="Playpit (Budget): 1 halved, rounded down, is 0"
    ),
    pytest.param(
        "Playpit, Playpit",
        "ccA",
        4,
        0,
        0,
        id="Construction: 'multiple instances [...] may change the magnitude' (two Playpits)",
    ),
    pytest.param(
        "Concession Stand",
        "tA",
        0,
        200,
        100,
        id="Concession Stand: '(requires one Child or Teen and one Adult)' met by tA",
    ),
    pytest.param(
        "Concession Stand",
        "cc",
        0,
        0,
        0,
        id="Concession Stand: 'only occurs if the Business Day [...] includes that set' (cc)",
    ),
    pytest.param(
        "Concession Stand (Budget)",
        "cA",
        0,
        100,
        50,
        id="Concession Stand (Budget): +100 Income, +50 Tourism",
    ),
    pytest.param(
        "Indoor Coaster",
        "tAAc",
        3,
        0,
        0,
        id="Indoor Coaster: '+1 SMILE per Teen or Adult Visitor' (3)",
    ),
    pytest.param("Tunnel System", "ctAS", 0, 0, 0, id="Tunnel System: acts on construction only"),
    pytest.param(
        "Guest Assistance Station",
        "cS",
        1,
        0,
        0,
        id="Guest Assistance Station: '+1 SMILE (requires one Child and one Senior)'",
    ),
    pytest.param(
        "Guest Assistance Station",
        "cc",
        0,
        0,
        0,
        id="Guest Assistance Station: no Senior, no Effect",
    ),
    pytest.param(
        "Lazy River",
        "SSSSS",
        2,
        0,
        0,
        id="Lazy River: 'X is the half number of Senior Visitors (rounded down)': 5/2 = 2",
    ),
    pytest.param(
        "Lazy River (Budget)",
        "SSSSS",
        1,
        0,
        0,
        id="Lazy River (Budget): 'half' read as 'quarter': 5/4 = 1",
    ),
    pytest.param("Lazy River", "S", 0, 0, 0, id="Lazy River: 1/2 rounded down is 0"),
    pytest.param(
        "Lagoon",
        "ctAS",
        4,
        200,
        0,
        id="Lagoon: '+4 SMILE and +200 Income (requires one Child, one Teen, one Adult [...])'",
    ),
    pytest.param("Lagoon", "ctA", 0, 0, 0, id="Lagoon: no Senior, no Effect"),
    pytest.param("Lagoon (Budget)", "ctAS", 2, 100, 0, id="Lagoon (Budget): +2 SMILE, +100 Income"),
    pytest.param(
        "Monorail",
        "",
        4,
        200,
        0,
        id="Monorail: '+4 SMILE and +200 Income' when no IP License was exercised",
    ),
    pytest.param(
        "Gift Shop",
        "ctAS",
        0,
        400,
        200,
        id="Gift Shop: '+400 Income and +200 Tourism (requires [...] all four)'",
    ),
    pytest.param(
        "Gift Shop (Budget)",
        "ctAS",
        0,
        200,
        100,
        id="Gift Shop (Budget): +200 Income, +100 Tourism",
    ),
    pytest.param(
        "Haunted House",
        "tAAAc",
        3,
        0,
        0,
        id="Haunted House: 'per Teen Visitor and Unaccompanied Adult': 1 + (3 - 1)",
    ),
    pytest.param(
        "Haunted House",
        "tcccA",
        1,
        0,
        0,
        id="Haunted House: Unaccompanied Adults 'to a minimum of zero' (1 - 3)",
    ),
    pytest.param("Turnstile", "ctAS", 0, 0, 0, id="Turnstile: acts on exercising only"),
    pytest.param(
        "Expedited Pass Point",
        "",
        2,
        0,
        2000,
        id="Expedited Pass Point: 'the first Imagineer to process [...]': +2 SMILE, +2000 Tourism",
    ),
    pytest.param(
        "Expedited Pass Point (Budget)",
        "",
        1,
        0,
        1000,
        id="Expedited Pass Point (Budget): +1 SMILE, +1000 Tourism",
    ),
    pytest.param(
        "Costumed Character Rec Room",
        "ccc",
        3,
        -75,
        0,
        id="Costumed Character Rec Room: '+1 SMILE and 25 Wages per visitor' (3)",
    ),
    pytest.param(
        "Costumed Character Rec Room (Budget)",
        "ccc",
        0,
        -36,
        0,
        id="Costumed Character Rec Room (Budget): 12 Wages per visitor",
    ),
]


@pytest.mark.parametrize(("buildings", "day", "smiles", "income", "tourism"), EFFECTS)
def test_effect(buildings: str, day: str, smiles: int, income: int, tourism: int) -> None:
    state = economy(zones=[zone(buildings=buildings)], days=[day], boss_debt=-1_000_000)
    state = with_row(state, "Ann", debt=-100_000)
    out = act(state, ProcessBusinessDay(), catalogue=REC_ROOM_CATALOGUE)
    ann, boss = row(out.state, "Ann"), row(out.state, "Kevan")
    assert ann.smiles - 10 == smiles
    assert ann.debt - (-100_000) == 20 * len(day) + income
    assert boss.debt - (-1_000_000) == 10 * len(day) + tourism
    assert not out.by_hand


def test_all_thirteen_effects_are_read() -> None:
    kinds = {d.name: read_effect(d.effect).kind.value for d in REC_ROOM_CATALOGUE}
    assert len(kinds) == 13
    assert "by hand" not in kinds.values()
    budget = {d.name: read_effect(budget_text(d.effect)).kind.value for d in REC_ROOM_CATALOGUE}
    assert budget == kinds


def test_monorail_unless_exercised() -> None:
    """Monorail: "unless the Imagineer exercised an IP licences on the Business Day they are
    processing"."""
    state = economy(zones=[zone(buildings="Monorail", license="Frozen (cA)")], days=["", ""])
    state = act(state, ExerciseLicense(1)).state
    out = act(state, ProcessBusinessDay())
    assert row(out.state, "Ann").smiles == 10 - 1
    # The Monorail's own subrule is quoted, not Construction's "An Effect applies only ...".
    [note] = [c for c in out.changes if "Monorail" in c.reason]
    assert note.clause.rule == "Monorail" and "unless the Imagineer exercised" in note.clause.words
    # Exercised onto Business Day 2, not 1: the Monorail works on Day 1.
    state = economy(zones=[zone(buildings="Monorail", license="Frozen (cA)")], days=["", ""])
    state = act(state, ExerciseLicense(2)).state
    assert row(act(state, ProcessBusinessDay()).state, "Ann").smiles == 10 - 1 + 4


def test_expedited_pass_point_only_for_the_first() -> None:
    zones = [zone(buildings="Expedited Pass Point")]
    state = act(economy(zones=zones, days=[""]), ProcessBusinessDay(), "Bob").state
    out = act(state, ProcessBusinessDay())
    assert row(out.state, "Ann").smiles == 10
    [note] = [c for c in out.changes if "not the first to process" in c.reason]
    assert note.clause.rule == "Expedited Pass Point"
    assert note.clause.words.startswith("Effect: ")
    # From the pages alone: Bob's LBD 1 shows he processed Business Day 1 already.
    state = with_row(economy(zones=zones, days=[""]), "Bob", lbd=1)
    assert row(act(state, ProcessBusinessDay()).state, "Ann").smiles == 10


def test_unreadable_effect_is_listed_by_hand_every_time() -> None:
    from rules_text.buildings import BuildingCatalogue, BuildingDefinition

    fortune = BuildingDefinition("Fortune Teller", 100, 1, "Roll DICE6; gain that many Smiles.")
    catalogue = BuildingCatalogue((*REC_ROOM_CATALOGUE.definitions, fortune))
    state = economy(zones=[zone(buildings="Fortune Teller, Playpit, Demolished Hall")])
    for _ in range(3):
        out = act(state, ProcessBusinessDay(), catalogue=catalogue)
        hand = [c.reason for c in out.by_hand]
        assert len(hand) == 2
        assert "Roll DICE6" in hand[0] and "Fortune Teller" in hand[0]
        assert "Demolished Hall is not a Building in the Ruleset" in hand[1]
        assert all(c.field is Field.BY_HAND for c in out.by_hand)
        state = out.state
        state = replace(
            state, days=(*state.days, replace(state.days[0], number=len(state.days) + 1))
        )
