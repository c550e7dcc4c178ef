"""No dynastic action in Seasonal Downtime or Hiatus (the economy's commands ask first)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from gamestate.dynasties.nomicland.clauses import HIATUS, SEASONAL_DOWNTIME
from gamestate.dynasties.nomicland.engine import paused


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)


@pytest.mark.parametrize(
    ("at", "refused"),
    [
        pytest.param("2016-12-23T23:59:59Z", False, id="the second before December 24th"),
        pytest.param("2016-12-24T00:00:00Z", True, id='"on December 24th" - from its first second'),
        pytest.param("2016-12-26T23:59:59Z", True, id="the last second of December 26th"),
        pytest.param("2016-12-27T00:00:00Z", False, id='"until December 27th" - that day acts'),
    ],
)
def test_seasonal_downtime_blognomic_goes_into_hiatus_every_year_on_december_24th(
    at: str, refused: bool
) -> None:
    refusal = paused(_at(at))
    assert (refusal is not None) is refused
    if refusal is not None:
        assert refusal.clause is SEASONAL_DOWNTIME
        assert str(refusal) == f"it is Seasonal Downtime ({at[:10]}: 24 to 27 December)"


def test_victory_and_ascension_hiatus_refuses_with_its_reason() -> None:
    refusal = paused(_at("2016-05-16T12:00:00Z"), "the Declaration of Victory 'v' is pending")
    assert refusal is not None and refusal.clause is HIATUS
    assert str(refusal) == "the game is in Hiatus: the Declaration of Victory 'v' is pending"
    assert paused(_at("2016-05-16T12:00:00Z"), None) is None
