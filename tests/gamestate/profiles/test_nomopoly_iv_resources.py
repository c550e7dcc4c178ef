"""Nomopoly IV: a square's resources (issue 28), mined, refined, fed by the Duck Pond and
Fertile Season, drawn for the board's new squares; and what each action changed, in
--json. Ids quote the seed at each rule's boundary."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestate.profiles.archive import archive_from_dict
from gamestate.profiles.core import ProfileError
from gamestate.profiles.nomopoly_iv import clauses
from gamestate.profiles.nomopoly_iv.checks import ACTIONS
from gamestate.profiles.nomopoly_iv.units import COMMANDS
from tests.gamestate.profiles.test_nomopoly_iv import SEED, game, run
from tests.gamestate.profiles.test_nomopoly_iv_whole import T0, action, command

LATER = "2024-06-03T11:00:00Z"
NOW = "2024-06-03T11:59:59Z"  # before the hour: no random cool-down end to draw


def _mine(resources: dict[str, int], **mine: Any) -> dict[str, Any]:
    return game(
        T0,
        {"Ann": {"units": ["SCV#1"], "money": 0}},
        [command(LATER, "Ann", "Mine", "SCV#1", square=30, **mine)],
        resources=resources,
    )


@pytest.mark.parametrize(
    ("have", "paid", "left"),
    [
        pytest.param(1000, 250, 750, id=f"{clauses.MINE}: $1000"),
        pytest.param(250, 250, 0, id=f"{clauses.MINE}: exactly $250"),
        pytest.param(249, 249, 0, id=f"{clauses.MINE}: $249, only what is left"),
        pytest.param(0, 0, 0, id=f"{clauses.MINE}: $0, may not go below $0"),
    ],
)
def test_mine_takes_250_or_what_is_left(have: int, paid: int, left: int) -> None:
    report = run(_mine({"30": have}), NOW)
    assert report.actions[0]["allowed"] is True
    assert report.state["Ann"]["money"] == paid
    assert report.game_state["resources"] == {"30": left}
    assert report.warnings == []
    effects = report.actions[0].get("effects", {})
    assert effects.get("money", {}) == ({"Ann": paid} if paid else {})
    assert effects.get("resources", {}) == ({"30": -paid} if paid else {})
    assert report.actions[0]["clause"] == clauses.MINE


def test_a_square_whose_resources_are_not_recorded_is_the_general_case_and_warned() -> None:
    report = run(_mine({}), NOW)
    assert report.state["Ann"]["money"] == 250
    assert report.game_state["resources"] == {}
    assert any("square 30's resources are not recorded" in w for w in report.warnings)


@pytest.mark.parametrize(
    ("mined_at", "have", "paid", "left"),
    [
        pytest.param(
            "2024-06-06T09:59:59Z",
            1000,
            300,
            750,
            id=f"{clauses.SUPER_MINING_GENERAL_CASE}: its last second",
        ),
        pytest.param(
            "2024-06-06T10:00:00Z", 1000, 250, 750, id=f"{clauses.SUPER_MINING}: 3 days on, over"
        ),
        pytest.param(
            "2024-06-06T09:59:59Z",
            100,
            150,
            0,
            id=f"{clauses.SUPER_MINING_GENERAL_CASE}: $100 left, the magic $50 still paid",
        ),
    ],
)
def test_super_mining_pays_50_the_square_does_not_lose(
    mined_at: str, have: int, paid: int, left: int
) -> None:
    data = game(
        T0,
        {"Ann": {"units": ["SCV#1"], "items": {"Magic Mining Pick": 1}, "money": 0}},
        [
            action(T0, "Ann", "use Magic Mining Pick"),
            command(mined_at, "Ann", "Mine", "SCV#1", square=30),
        ],
        resources={"30": have},
    )
    report = run(data, "2024-06-06T11:00:00Z")
    assert report.state["Ann"]["money"] == paid
    assert report.game_state["resources"] == {"30": left}


def test_a_refinery_pays_50_more_and_a_square_may_hold_only_one() -> None:
    data = game(
        T0,
        {"Ann": {"units": ["SCV#1", "SCV#2"], "money": 2000}},
        [
            command(LATER, "Ann", "Build Refinery", "SCV#1", square=30, new="Refinery#1"),
            command(LATER, "Ann", "Build Refinery", "SCV#2", square=30),
            command(LATER, "Ann", "Mine", "SCV#2", square=30),
        ],
        resources={"30": 1000},
    )
    report = run(data, NOW)
    built, again, mined = report.actions
    assert built["allowed"] is True
    assert again["allowed"] is False and clauses.ONE_REFINERY in again["reason"]
    assert mined["allowed"] is True and clauses.REFINERY in mined["reason"]
    assert report.state["Ann"]["money"] == 2000 - 750 + 300
    assert report.game_state["resources"] == {"30": 750}


@pytest.mark.parametrize(
    ("terror", "moved"),
    [
        pytest.param(7, 3, id=f"{clauses.DUCK_POND}: $7, half rounded down to $3"),
        pytest.param(8, 4, id=f"{clauses.DUCK_POND}: $8, $4"),
        pytest.param(1, 0, id=f"{clauses.DUCK_POND}: $1, nothing moves"),
        pytest.param(-5, 0, id=f"{clauses.DUCK_POND}: an account below $0 gives nothing"),
    ],
)
def test_the_duck_pond_takes_half_the_bank_account_of_terror(terror: int, moved: int) -> None:
    data = game(
        T0,
        {"Ann": {"units": ["SCV#1"], "money": 500}},
        [
            command(T0, "Ann", "Build Duck Pond", "SCV#1", square=5),
            {"at": LATER, "type": "ducky", "roll": 4},
        ],
        resources={"5": 2000},
        rber_ducky=1,
        bank_account_of_terror=terror,
    )
    report = run(data, NOW)
    assert report.game_state["rber_ducky"] == 5
    assert report.game_state["bank_account_of_terror"] == terror - moved
    assert report.game_state["resources"] == {"5": 2000 + moved}
    assert any("Duck Pond on square 5" in d["event"] for d in run(data, NOW, T0).due)


def test_the_ducky_landing_elsewhere_moves_nothing_and_a_shell_lands_it_too() -> None:
    pond = command(T0, "Ann", "Build Duck Pond", "SCV#1", square=5)
    base = {"units": ["SCV#1"], "money": 500, "square": 9, "items": {"Red Shell": 1}}
    data = game(
        T0,
        {"Ann": base, "Ben": {"square": 5, "money": 1000}},
        [pond, {"at": LATER, "type": "ducky", "roll": 3}],
        resources={"5": 0},
        rber_ducky=1,
        bank_account_of_terror=10,
    )
    report = run(data, NOW)
    assert (report.game_state["rber_ducky"], report.game_state["resources"]) == (4, {"5": 0})
    data["events"][1] = action(LATER, "Ann", "use Red Shell", target="Ben")
    report = run(data, NOW)
    # Ben's pie first ($100 to the account, making $110), then half of it to the pond.
    assert report.state["Ben"]["money"] == 900
    assert report.game_state["bank_account_of_terror"] == 55
    assert report.game_state["resources"] == {"5": 55}
    assert report.actions[1]["effects"]["resources"] == {"5": 55}


def test_fertile_season_adds_1000_to_the_monks_square() -> None:
    data = game(
        T0,
        {"Ann": {"units": ["Monk#1"]}},
        [command(LATER, "Ann", "Fertile Season", "Monk#1", square=12)],
        resources={"12": 0},
    )
    report = run(data, NOW)
    assert report.game_state["resources"] == {"12": 1000}
    assert clauses.FERTILE_SEASON in report.actions[0]["reason"]
    data["events"][0].pop("square")
    report = run(data, NOW)
    assert report.game_state["resources"] == {"12": 0}
    assert any("the Monk's square is not recorded" in w for w in report.warnings)


def _extension(draws: list[dict[str, Any]]) -> dict[str, Any]:
    return game(
        T0,
        {"Ann": {"units": ["SCV#1"]}},
        draws + [command("2024-06-03T10:30:00Z", "Ann", "Mine", "SCV#1", square=61)],
        resources={"1": 5000},
        implemented={"Extend the board to 90 squares": LATER},
    )


DRAWN = {str(sq): (sq % 11) * 1000 for sq in range(61, 91)}


@pytest.mark.parametrize(
    ("draw_at", "got"),
    [
        pytest.param(LATER, 61, id=f"{clauses.NEW_SQUARES}: drawn at the instant implemented"),
        pytest.param("2024-06-03T11:30:00Z", 61, id=f"{clauses.RESOURCES}: drawn late"),
        pytest.param(None, None, id=f"{clauses.RESOURCES}: awaiting its draw"),
    ],
)
def test_the_new_squares_receive_their_drawn_resources(draw_at: str | None, got: int) -> None:
    draws = (
        []
        if draw_at is None
        else [{"at": draw_at, "type": "draw", "what": "resources", "result": DRAWN}]
    )
    data = _extension(draws)
    data["events"][-1]["at"] = "2024-06-03T11:45:00Z"
    report = run(data, NOW, T0)
    if got is None:
        assert report.game_state["resources"] == {"1": 5000}
        assert any("awaiting its draw" in d["event"] for d in report.due)
        return
    expected = {"1": 5000, **DRAWN}
    expected["61"] = DRAWN["61"] - min(250, DRAWN["61"])
    assert report.game_state["resources"] == dict(
        sorted(expected.items(), key=lambda kv: int(kv[0]))
    )
    new = [d for d in report.due if "squares 61 to 90" in d["event"]]
    assert new and new[0]["at"] == LATER and new[0]["clause"] == clauses.NEW_SQUARES


def test_squares_before_the_extension_are_not_mined_from_the_draw() -> None:
    """A Mine on square 61 before the board reached 90 squares finds no resources."""
    data = _extension(
        [{"at": LATER, "type": "draw", "what": "random amount of resources", "result": DRAWN}]
    )
    report = run(data, NOW)
    assert report.game_state["resources"]["61"] == DRAWN["61"]


@pytest.mark.parametrize(
    ("result", "words"),
    [
        pytest.param({"61": 1500}, "multiples of $1000", id=f"{clauses.RESOURCES}: $1500"),
        pytest.param({"61": 11000}, "$0 to $10000", id=f"{clauses.RESOURCES}: $11000"),
        pytest.param({"61": -1000}, "$0 to $10000", id=f"{clauses.RESOURCES}: -$1000"),
        pytest.param({"x" * 5000: 0}, "is not a square", id="a 5,000-character square"),
        pytest.param(3000, "square -> dollars", id="not a table"),
        pytest.param({}, "square -> dollars", id="empty"),
    ],
)
def test_a_junk_resources_draw_is_one_line(result: Any, words: str) -> None:
    data = _extension([{"at": LATER, "type": "draw", "what": "resources", "result": result}])
    with pytest.raises(ProfileError) as err:
        run(data, NOW)
    assert words in str(err.value) and "\n" not in str(err.value) and len(str(err.value)) < 300


@pytest.mark.parametrize(
    "resources",
    [
        pytest.param({"30": -1}, id="below $0"),
        pytest.param({"30": 2.5}, id="not whole dollars"),
        pytest.param({"30": True}, id="a bool"),
        pytest.param({"0": 100}, id="square 0"),
        pytest.param({"y" * 5000: 100}, id="a 5,000-character square"),
        pytest.param([1000], id="a list"),
    ],
)
def test_junk_game_state_resources_is_one_line(resources: Any) -> None:
    with pytest.raises(ProfileError) as err:
        run(_mine(resources), NOW)
    assert "game_state.resources" in str(err.value)
    assert "\n" not in str(err.value) and len(str(err.value)) < 300


def test_imps_take_no_resources_the_seed_removed_them() -> None:
    """The seed lists its proposals newest first: the removal of Minions comes before (is
    newer than) the Imp's priority that took resources, so no Imp acts."""
    seed = " ".join(SEED.read_text(encoding="utf-8").split())
    removal = seed.index(clauses.MINIONS_REMOVED)
    imp_takes = seed.index("the Imp will remove $100 of the resources")
    assert removal < imp_takes
    assert not [n for n in [*ACTIONS, *COMMANDS] if "Imp" in n.split()]


def test_status_json_carries_resources_and_each_actions_effects() -> None:
    from wikibot.cli.profile_render import render_profile_table, report_to_json

    data = _mine({"30": 1000})
    report = run(data, NOW)
    out = report_to_json(report)
    assert set(out) == set(json.loads(json.dumps(out)))
    assert out["game_state"]["resources"] == {"30": 750}
    assert out["actions"][0]["effects"] == {"money": {"Ann": 250}, "resources": {"30": -250}}
    table = render_profile_table(report, archive_from_dict(data), "Nomopoly IV")
    assert "square 30's resources $1000 -> $750" in table


def test_the_forty_squares_of_the_60_square_board_receive_their_drawn_resources() -> None:
    new = [s for s in range(1, 61) if s % 3 != 2]  # "the current Square 1 becomes ... 2"
    drawn = {str(s): 1000 * (s % 4) for s in new} | {"2": 7000}
    data = game(
        T0,
        {"Ann": {}},
        [{"at": LATER, "type": "draw", "what": "resources", "result": drawn}],
        implemented={"In an effort to combat board congestion": LATER},
    )
    report = run(data, NOW, T0)
    assert report.game_state["resources"] == {str(s): 1000 * (s % 4) for s in new}
    grown = [d for d in report.due if "the board grown to 60 squares" in d["event"]]
    assert [d["clause"] for d in grown] == [clauses.NEW_SQUARES_60]
    assert any("squares 2 are not new squares" in w for w in report.warnings)


_junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**13), 10**13),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.just("9" * 5000),
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(st.text(max_size=6), st.integers(-2000, 12000), max_size=3),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(st.dictionaries(st.text(max_size=6), _junk, max_size=3), _junk),
    _junk,
    st.one_of(st.none(), _junk),
    st.sampled_from(["Mine", "Fertile Season", "Build Refinery", "Build Duck Pond"]),
)
def test_junk_resources_inputs_give_a_report_or_one_line(
    resources: Any, result: Any, square: Any, name: str
) -> None:
    unit = "Monk#1" if name == "Fertile Season" else "SCV#1"
    data = _extension([{"at": LATER, "type": "draw", "what": "resources", "result": result}])
    data["game_state"]["resources"] = resources
    data["events"].append(command(LATER, "Ann", name, unit, square=square))
    try:
        report = run(data, NOW)
    except ProfileError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400
        return
    assert all(isinstance(v, int) for v in report.game_state["resources"].values())
