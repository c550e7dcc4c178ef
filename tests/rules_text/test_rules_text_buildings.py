"""Building definitions from the subrules of "Construction"."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_text import (
    BuildingCatalogue,
    BuildingProblem,
    RuleNotFound,
    buildings,
    parse_ruleset,
    ruleset_139,
)
from rules_text.buildings import parse_requirement


@pytest.fixture(scope="module")
def catalogue() -> BuildingCatalogue:
    return buildings(ruleset_139())


def _page(*subrules: str) -> str:
    return "= Dynastic Rules =\n== Construction ==\nBuildings are listed as sub rules.\n" + "".join(
        subrules
    )


@pytest.mark.parametrize(
    ("name", "cost", "size", "requires"),
    [
        ("Playpit", 1000, 1, ()),
        ("Concession Stand", 1000, 1, ("A", "c", "t")),
        ("Indoor Coaster", 2000, 2, ()),
        ("Tunnel System", 2000, 2, ()),
        ("Guest Assistance Station", 500, 1, ("S", "c")),
        ("Lazy River", 1000, 1, ()),
        ("Lagoon", 2000, 2, ("A", "S", "c", "t")),
        ("Monorail", 2000, 2, ()),
        ("Gift Shop", 500, 1, ("A", "S", "c", "t")),
        ("Haunted House", 1250, 1, ()),
        ("Turnstile", 500, 1, ()),
        ("Expedited Pass Point", 500, 1, ()),
    ],
    ids=lambda value: str(value) if isinstance(value, str) else None,
)
def test_ruleset_139_buildings(
    catalogue: BuildingCatalogue, name: str, cost: int, size: int, requires: tuple[str, ...]
) -> None:
    building = catalogue.get(name)
    assert building is not None
    assert (building.name, building.cost, building.size, building.requires) == (
        name,
        cost,
        size,
        requires,
    )
    assert building.effect
    assert "<br" not in building.effect


def test_the_catalogue_lists_buildings_in_ruleset_order(catalogue: BuildingCatalogue) -> None:
    assert catalogue.names()[:3] == ("Playpit", "Concession Stand", "Indoor Coaster")
    assert len(catalogue) == 12
    assert [b.name for b in catalogue] == list(catalogue.names())


def test_effect_is_the_text_after_effect(catalogue: BuildingCatalogue) -> None:
    building = catalogue.get("Guest Assistance Station")
    assert building is not None
    assert building.effect == "+1 SMILE (requires one Child and one Senior)."


def test_size_zero_is_reported_not_accepted(catalogue: BuildingCatalogue) -> None:
    """Construction: a Building has "a positive integer Size"; the Rec Room's is 0."""
    assert catalogue.get("Costumed Character Rec Room") is None
    assert not catalogue.is_building("Costumed Character Rec Room")
    assert catalogue.problems == (
        BuildingProblem(
            "Costumed Character Rec Room",
            "Size is 0, but Construction says a Building has “a positive integer Size”",
        ),
    )
    assert str(catalogue.problems[0]).startswith("Costumed Character Rec Room: Size is 0")


@pytest.mark.parametrize("name", ["lagoon", "  GIFT   SHOP ", "Gift Shop"])
def test_get_ignores_case_and_spacing(catalogue: BuildingCatalogue, name: str) -> None:
    found = catalogue.get(name)
    assert found is not None and found.name in {"Lagoon", "Gift Shop"}


@pytest.mark.parametrize(
    ("building", "visitors", "satisfied"),
    [
        pytest.param("Concession Stand", "cA", True, id="one Child or Teen and one Adult: cA"),
        pytest.param("Concession Stand", "tA", True, id="one Child or Teen and one Adult: tA"),
        pytest.param("Concession Stand", "ct", False, id="one Child or Teen and one Adult: ct"),
        pytest.param("Concession Stand", "A", False, id="one Child or Teen and one Adult: A"),
        pytest.param("Lagoon", "AtSScAA", True, id="one of each segment: AtSScAA"),
        pytest.param("Lagoon", "ccctcS", False, id="one of each segment: ccctcS"),
        pytest.param("Guest Assistance Station", "Sc", True, id="one Child and one Senior"),
        pytest.param("Playpit", "", True, id="no requirement: an empty day"),
    ],
)
def test_is_satisfied_by(
    catalogue: BuildingCatalogue, building: str, visitors: str, satisfied: bool
) -> None:
    """Visitors: "its effect only occurs if the Business Day being processed includes that set
    of Visitors"."""
    definition = catalogue.get(building)
    assert definition is not None
    assert definition.is_satisfied_by(visitors) is satisfied


@pytest.mark.parametrize(
    ("clause", "required"),
    [
        ("one Child or Teen and one Adult", (("c", "t"), ("A",))),
        ("one Child, one Teen, one Adult and one Senior", (("c",), ("t",), ("A",), ("S",))),
        ("two Adults", (("A",), ("A",))),
        ("3 Children", (("c",), ("c",), ("c",))),
        ("an Adult Visitor", (("A",),)),
        ("one Teen/Senior", (("t", "S"),)),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_parse_requirement(clause: str, required: tuple[tuple[str, ...], ...]) -> None:
    assert parse_requirement(clause) == required


@pytest.mark.parametrize("clause", ["one Pirate", "", "and"])
def test_parse_requirement_refuses_what_is_not_a_segment(clause: str) -> None:
    with pytest.raises(ValueError, match="requires"):
        parse_requirement(clause)


@pytest.mark.parametrize(
    ("subrule", "message"),
    [
        pytest.param(
            "=== Shack ===\nSize: 1<br />\nEffect: nothing.\n", "has no Cost: line", id="no Cost"
        ),
        pytest.param("=== Shack ===\nCost: 5\nSize: 1\n", "has no Effect: line", id="no Effect"),
        pytest.param(
            "=== Shack ===\nCost: lots\nSize: 1\nEffect: x\n",
            "Cost is 'lots', not a positive integer Cost",
            id="Cost not a number",
        ),
        pytest.param(
            "=== Shack ===\nCost: -5\nSize: 1\nEffect: x\n",
            "Cost is -5, but Construction says a Building has “a positive integer Cost”",
            id="a positive integer Cost",
        ),
        pytest.param(
            "=== Shack ===\nCost: 5\nSize: 1\nEffect:\n",
            "has an empty Effect",
            id="an Effect",
        ),
    ],
)
def test_invalid_buildings_are_problems(subrule: str, message: str) -> None:
    catalogue = buildings(parse_ruleset(_page(subrule)))
    assert catalogue.definitions == ()
    assert catalogue.problems == (BuildingProblem("Shack", message),)


def test_unreadable_requirement_keeps_the_building_but_reports_it() -> None:
    page = _page("=== Ship ===\nCost: 5\nSize: 1\nEffect: +1 SMILE (requires one Pirate).\n")
    catalogue = buildings(parse_ruleset(page))
    assert catalogue.names() == ("Ship",)
    assert catalogue.problems[0].name == "Ship"
    assert "'Pirate', which is not a market segment" in catalogue.problems[0].message


def test_duplicate_names_keep_the_first() -> None:
    page = _page(
        "=== Shop ===\nCost: 5\nSize: 1\nEffect: a\n",
        "=== shop ===\nCost: 7\nSize: 1\nEffect: b\n",
    )
    catalogue = buildings(parse_ruleset(page))
    shop = catalogue.get("SHOP")
    assert shop is not None and shop.cost == 5
    assert catalogue.problems == (
        BuildingProblem("shop", "a Building with this name is already listed"),
    )


def test_other_layouts_are_read() -> None:
    """Bulleted or bold stats, commas in numbers, and an Effect running on to a second line."""
    page = _page(
        "=== Big Top ===\n* '''Cost:''' 1,250\n* '''Size:''' 3\n* '''Effect:''' +1 SMILE\n"
        "per Senior.\n"
    )
    (big_top,) = buildings(parse_ruleset(page)).definitions
    assert (big_top.cost, big_top.size, big_top.effect) == (1250, 3, "+1 SMILE\nper Senior.")


def test_no_construction_rule_is_rule_not_found() -> None:
    with pytest.raises(RuleNotFound, match="'Construction'"):
        buildings(parse_ruleset("= Dynastic Rules =\n== Budget ==\nx\n"))


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=120))
def test_junk_subrules_never_crash(junk: str) -> None:
    catalogue = buildings(parse_ruleset(_page("=== Junk ===\n" + junk)))
    for definition in catalogue.definitions:
        assert definition.cost > 0 and definition.size > 0 and definition.effect


@pytest.mark.parametrize("count", ["500", "9" * 5000])
def test_a_huge_count_of_visitors_is_an_error_not_a_huge_list(count: str) -> None:
    """A Ruleset a wiki editor wrote "(requires 99...9 Adults)" in is read in a moment."""
    from rules_text.buildings import parse_requirement

    with pytest.raises(ValueError, match="Visitor"):
        parse_requirement(f"{count} Adults")
