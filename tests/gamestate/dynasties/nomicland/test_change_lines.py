"""How one economy change reads on a line (``nomicbot zone create``, ``build``, ``day new``
and the demo print them): the thing changed is named once, an absent value reads
"(none)", and a thing that did not exist before says "created"."""

from __future__ import annotations

import pytest

from gamestate.dynasties.nomicland import Change, Field
from gamestate.dynasties.nomicland.models import CONSTRUCTION, LICENSING, VISITORS, ZONES

LINES = [
    pytest.param(
        Change(ZONES, "The Mouse Zone", Field.ZONE, None, "The Mouse Zone", "Josh creates it"),
        'The Mouse Zone: created: Josh creates it (rule "Zones")',
        id="Zones: a Zone created is named once and says created",
    ),
    pytest.param(
        Change(VISITORS, "1", Field.VISITORS, None, "", "Business Day 1 begins"),
        'Business Day 1: created, no Visitors: Business Day 1 begins (rule "Visitors")',
        id="Visitors: a new Business Day says created, and that it has no Visitors",
    ),
    pytest.param(
        Change(LICENSING, "1", Field.VISITORS, "", "cA", "adds cA"),
        'Business Day 1 Visitors: (none) -> cA: adds cA (rule "Licensing")',
        id="Licensing: Visitors added to an empty Business Day: (none) -> cA",
    ),
    pytest.param(
        Change(CONSTRUCTION, "The Mouse Zone", Field.BUILDINGS, "", "Playpit", "builds"),
        'The Mouse Zone Buildings: (none) -> Playpit: builds (rule "Construction")',
        id="Construction: a first Building: (none) -> Playpit",
    ),
    pytest.param(
        Change(LICENSING, "The Mouse Zone", Field.LICENSE, None, "Mouse Empire (cA)", "themes"),
        'The Mouse Zone IP License: (none) -> Mouse Empire (cA): themes (rule "Licensing")',
        id="Licensing: a first IP License: (none) -> Mouse Empire (cA)",
    ),
    pytest.param(
        Change(LICENSING, "The Mouse Zone", Field.LICENSE, "Mouse Empire (cA)", None, "removed"),
        'The Mouse Zone IP License: Mouse Empire (cA) -> (none): removed (rule "Licensing")',
        id="Licensing: an IP License removed: -> (none)",
    ),
    pytest.param(
        Change(CONSTRUCTION, "Josh", Field.DEBT, 0, -1000, "Debt 0 - 1000"),
        'Josh Debt: 0 -> -1000: Debt 0 - 1000 (rule "Construction")',
        id="Construction: a number 0 is a value, not an absence",
    ),
]


@pytest.mark.parametrize(("change", "line"), LINES)
def test_change_line(change: Change, line: str) -> None:
    assert str(change) == line
