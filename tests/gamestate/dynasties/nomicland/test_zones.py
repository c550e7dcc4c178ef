"""Rule "Zones": creating "The X Zone" from a word of the wiki front page."""

from __future__ import annotations

import pytest

from gamestate.dynasties.nomicland import ActionRefused, CreateZone, clauses, zone_words
from tests.gamestate.dynasties.nomicland.game import FRONT_PAGE, act, economy, zone


def test_words_between_the_and_dynasty() -> None:
    assert zone_words(FRONT_PAGE) == {"Theme", "Park", "Second"}


CREATED = [
    pytest.param(
        "Theme",
        "The Theme Zone",
        id="Zones: 'any word that appears between the words The and Dynasty' (Theme)",
    ),
    pytest.param(
        "park", "The Park Zone", id="Zones: the word as the front page spells it (park -> Park)"
    ),
    pytest.param(
        "Second",
        "The Second Zone",
        id="Zones: 'in the description of a single dynasty' (another line)",
    ),
]


@pytest.mark.parametrize(("word", "name"), CREATED)
def test_create_zone(word: str, name: str) -> None:
    out = act(economy(), CreateZone(word, FRONT_PAGE), "Bob")
    created = out.state.zone(name)
    assert created is not None and created.operator == "Bob"
    assert out.changes[0].clause is clauses.ZONE_CREATE


REFUSED = [
    pytest.param(
        [zone(operator="Bob", name="The Other Zone")],
        "Theme",
        clauses.ZONE_CREATE,
        id="Zones: 'If an Imagineer Operates no Zones' (Bob operates one)",
    ),
    pytest.param(
        [zone(operator="Ann")],
        "Theme",
        clauses.ZONE_NAME,
        id="Zones: 'the name does not match that of any existing Zone'",
    ),
    pytest.param(
        [zone(operator=None, name="THE THEME ZONE")],
        "theme",
        clauses.ZONE_NAME,
        id="Zones: a name matching but for case is the same name",
    ),
    pytest.param(
        [], "Kevan", clauses.ZONE_NAME, id="Zones: 'Kevan' is after 'Dynasty', not between"
    ),
    pytest.param(
        [], "Dynasty", clauses.ZONE_NAME, id="Zones: 'Dynasty' itself is not between the words"
    ),
    pytest.param(
        [],
        "dynasties",
        clauses.ZONE_NAME,
        id="Zones: a line with no 'The ... Dynasty' offers no word",
    ),
    pytest.param([], "Theme Park", clauses.ZONE_NAME, id="Zones: X is 'any word', not two"),
]


@pytest.mark.parametrize(("zones", "word", "clause"), REFUSED)
def test_create_zone_refused(zones: list[object], word: str, clause: object) -> None:
    state = economy(zones=zones)  # type: ignore[arg-type]
    with pytest.raises(ActionRefused) as refused:
        act(state, CreateZone(word, FRONT_PAGE), "Bob")
    assert refused.value.clause is clause


def test_idle_operator_still_operates() -> None:
    """Zones: "may be Operated by a single Idle or non-Idle Imagineer"."""
    state = economy(zones=[zone(operator="Cat", name="The Park Zone")], idle=["Cat"])
    with pytest.raises(ActionRefused) as refused:
        act(state, CreateZone("Theme", FRONT_PAGE), "Cat")
    assert refused.value.clause is clauses.IDLE
