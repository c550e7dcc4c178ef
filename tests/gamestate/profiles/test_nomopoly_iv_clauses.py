"""Nomopoly IV's rule-by-rule tables (docs/profiles.md), one table-driven test per row that
no other test id quoted: the 60-square board's new squares' resources, Fertile Season,
the Imps (removed), what the wiki's pages show of resources and Empathy, every Build's and
Recruit's cost and square, the Wall, Bombard, the Star Egg, the Turns the Jumps replaced,
the Soul Gem conversion and the railway clean-up. Each id quotes the clause as the docs
row does, with the boundary it checks."""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.profiles.archive import archive_from_dict
from gamestate.profiles.core import ProfileError
from gamestate.profiles.nomopoly_iv import clauses
from gamestate.profiles.nomopoly_iv import gap_clauses as gc
from gamestate.profiles.nomopoly_iv import hp_clauses as hc
from gamestate.profiles.nomopoly_iv.checks import ACTIONS
from gamestate.profiles.nomopoly_iv.units import COMMANDS
from tests.gamestate.profiles.test_nomopoly_iv import SEED, game, run
from tests.gamestate.profiles.test_nomopoly_iv_combat import NOW, T0, act, cmd, hp, two, units
from tests.wiki.test_nomopoly_iv_pages import _pages
from wikibot.wiki.pages.nomopoly_iv_pages import HIDDEN_AMOUNT

LATER = "2024-06-03T11:00:00Z"
BEFORE_NOON = "2024-06-03T11:59:59Z"  # before the hour's random cool-down end


def seed_text() -> str:
    return " ".join(SEED.read_text(encoding="utf-8").split())


def one_line(err: pytest.ExceptionInfo[ProfileError], *words: str) -> None:
    text = str(err.value)
    assert "\n" not in text and all(w in text for w in words), text


# "increase the board size to 60 squares ... All newly created squares contain a random
# amount of resources"

GROW = (
    '"increase the board size to 60 squares ... All newly created squares contain a random'
    ' amount of resources"'
)
NEW_60 = [s for s in range(1, 61) if s % 3 != 2]  # the squares not numbered 3n - 1


def _grown(draws: list[dict[str, Any]]) -> dict[str, Any]:
    return game(
        T0, {"Ann": {}}, draws, implemented={"In an effort to combat board congestion": LATER}
    )


def _drawn() -> dict[str, int]:
    """Each of the 40 new squares' draw: $0..$10000 in $1000 steps."""
    return {str(s): 1000 * (s % 11) for s in NEW_60}


@pytest.mark.parametrize(
    "draw_at, resources",
    [
        pytest.param(
            LATER,
            {str(s): 1000 * (s % 11) for s in NEW_60},
            id=f"{GROW}: drawn at the instant implemented",
        ),
        pytest.param(
            "2024-06-03T11:30:00Z",
            {str(s): 1000 * (s % 11) for s in NEW_60},
            id=f"{GROW}: drawn half an hour late, the same books",
        ),
        pytest.param(None, {}, id=f"{GROW}: not drawn, awaiting its draw"),
    ],
)
def test_the_60_square_boards_new_squares_draw_their_resources(
    draw_at: str | None, resources: dict[str, int]
) -> None:
    draws = (
        []
        if draw_at is None
        else [{"at": draw_at, "type": "draw", "what": "resources", "result": _drawn()}]
    )
    report = run(_grown(draws), BEFORE_NOON, T0)
    assert report.game_state["resources"] == resources
    grown = [d for d in report.due if "the board grown to 60 squares" in d["event"]]
    assert [(d["at"], d["clause"]) for d in grown] == [(LATER, clauses.NEW_SQUARES_60)]
    assert ("awaiting its draw" in grown[0]["event"]) is (draw_at is None)
    if resources:
        # 1 and 3 are new; 2 is the old Square 1; 59 is old, 60 new.
        assert {"1", "3", "60"} <= set(resources) and not {"2", "59"} & set(resources)


@pytest.mark.parametrize(
    "result, words",
    [
        pytest.param(_drawn() | {"1": 1500}, "multiples of $1000", id=f"{GROW}: $1500 is junk"),
        pytest.param(_drawn() | {"3": 11000}, "$0 to $10000", id=f"{GROW}: $11000 is junk"),
        pytest.param(_drawn() | {"x" * 5000: 0}, "is not a square", id=f"{GROW}: a long square"),
    ],
)
def test_a_junk_draw_for_the_60_squares_is_one_line(result: dict[str, int], words: str) -> None:
    with pytest.raises(ProfileError) as err:
        run(
            _grown([{"at": LATER, "type": "draw", "what": "resources", "result": result}]),
            BEFORE_NOON,
        )
    one_line(err, words)
    assert len(str(err.value)) < 300


def test_a_60_square_draw_for_an_old_square_is_warned() -> None:
    """GROW: square 2 (the old Square 1) is not new; its drawn amount is not taken."""
    draw = {"at": LATER, "type": "draw", "what": "resources", "result": _drawn() | {"2": 7000}}
    report = run(_grown([draw]), BEFORE_NOON)
    assert "2" not in report.game_state["resources"]
    assert any("squares 2 are not new squares" in w for w in report.warnings)


# Fertile Season: "The square at which this Monk is located has its resources increased
# by $1000"

FERTILE = (
    'Fertile Season: "The square at which this Monk is located has its resources increased'
    ' by $1000"'
)


@pytest.mark.parametrize(
    "monk, square, before, after, warned",
    [
        pytest.param(["Monk#1"], 12, {"12": 0}, {"12": 1000}, False, id=f"{FERTILE}: $0"),
        pytest.param(
            ["Monk#1"], 12, {"12": 10000}, {"12": 11000}, False, id=f"{FERTILE}: $10000, no cap"
        ),
        pytest.param(
            {"Monk#1": {"square": 12, "hp": 40}},
            None,
            {"12": 250},
            {"12": 1250},
            False,
            id=f"{FERTILE}: the Monk's square the books hold",
        ),
        pytest.param(
            ["Monk#1"], None, {"12": 0}, {"12": 0}, True, id=f"{FERTILE}: no square known, warned"
        ),
        pytest.param(
            ["Monk#1"],
            12,
            {"13": 0},
            {"13": 0},
            True,
            id=f"{FERTILE}: square 12's amount not recorded, warned",
        ),
    ],
)
def test_fertile_season(
    monk: Any, square: int | None, before: dict[str, int], after: dict[str, int], warned: bool
) -> None:
    fields = {} if square is None else {"square": square}
    data = game(
        T0,
        {"Ann": {"units": monk}},
        [cmd(LATER, "Ann", "Fertile Season", "Monk#1", **fields)],
        resources=before,
    )
    report = run(data, BEFORE_NOON)
    assert report.actions[0]["allowed"] is True
    assert report.game_state["resources"] == after
    assert bool(report.warnings) is warned
    if not warned:
        assert clauses.FERTILE_SEASON in report.actions[0]["reason"]


# Imps: "the Imp will remove $100 of the resources" -- not in force.

IMPS = 'Imps: "the Imp will remove $100 of the resources"'


def test_the_imps_rule_is_older_than_its_removal() -> None:
    """The seed lists proposals newest first: the removal comes before the Imp's rule."""
    seed = seed_text()
    assert seed.index(clauses.MINIONS_REMOVED) < seed.index(
        "the Imp will remove $100 of the resources"
    )
    assert seed.index(hc.IMPS_REMOVED) > seed.index(clauses.MINIONS_REMOVED)


@pytest.mark.parametrize(
    "state, words",
    [
        pytest.param({"units": ["Imp#1"]}, "unknown unit 'Imp#1'", id=f"{IMPS}: an Imp named"),
        pytest.param(
            {"units": ["Minion#1"]}, "unknown unit 'Minion#1'", id=f"{IMPS}: the Minion version"
        ),
        pytest.param({"units": ["Lair#1"]}, "unknown unit 'Lair#1'", id=f"{IMPS}: a Lair"),
    ],
)
def test_no_imp_is_a_unit(state: dict[str, Any], words: str) -> None:
    with pytest.raises(ProfileError) as err:
        run(game(T0, {"Ann": state}, [], resources={"30": 1000}), NOW)
    one_line(err, words)


def test_no_imp_takes_resources() -> None:
    """IMPS: a day of the books on a square with $100 takes nothing from it, and nothing
    the profile knows is an Imp's."""
    report = run(game(T0, {"Ann": {}}, [], resources={"30": 100}), "2024-06-10T00:00:00Z", T0)
    assert report.game_state["resources"] == {"30": 100}
    assert not [n for n in [*ACTIONS, *COMMANDS] if "Imp" in n.split()]


# What a player may see: the wiki's pages are no player's view.

SEEN = (
    '"A player will only be able to see the amount of resources in a square if he occupies'
    ' that square or owns a unit or building in that square"'
)


@pytest.mark.parametrize(
    "events, now, amount",
    [
        pytest.param(
            [],
            "2024-06-03T10:30:00Z",
            1000,
            id=f"{SEEN}: Ben's SCV's square, $1000 as recorded, not on the pages",
        ),
        pytest.param(
            [cmd(LATER, "Ben", "Mine", "SCV#1", square=30)],
            "2024-06-03T11:30:00Z",
            750,
            id=f"{SEEN}: Ben's own square, mined to $750, not on the pages",
        ),
    ],
)
def test_resources_are_not_shown_on_the_pages(
    events: list[dict[str, Any]], now: str, amount: int
) -> None:
    pages, report = _pages(events, now)
    everything = "\n".join(pages.values())
    assert "$1000" not in everything and "$750" not in everything
    assert report.game_state["resources"] == {"30": amount}  # status, the Admin's view
    if events:
        assert "square 30's resources $1000 -> $750" in report.actions[1]["reason"]
        assert f"square 30's resources {HIDDEN_AMOUNT}" in everything
        assert "$250 mined" in everything  # Ben's money, not the square's amount


EMPATHY_SEEN = (
    '"Whether or not a unit is enchanted by Empathy is visible only to the owner of the'
    ' enchanted unit"'
)


def _empathy_history(enchanted: bool) -> tuple[str, Any]:
    from gamestate.profiles import get_profile, parse_time
    from wikibot.wiki.pages.nomopoly_iv_pages import due

    events = [cmd(T0, "Ann", "Attack", "Musketeer#1", target_unit="Mesmer#1", target="Ben")]
    if enchanted:
        events.insert(0, cmd(T0, "Ben", "Empathy", "Mesmer#1", target_unit="Mesmer#1"))
    data = two(
        {"Musketeer#1": {"square": 1, "hp": 80}}, {"Mesmer#1": {"square": 2, "hp": 60}}, events
    )
    report = get_profile("nomopoly-iv").evaluate(
        archive_from_dict(data), parse_time(NOW, "t"), parse_time("2024-06-03T00:00:00Z", "t")
    )
    return due(report).split("== History ==")[1], report


@pytest.mark.parametrize(
    "enchanted, attacker_hp",
    [
        pytest.param(True, 60, id=f"{EMPATHY_SEEN}: Ben's Mesmer enchanted, Ann's Musketeer hurt"),
        pytest.param(False, 80, id=f"{EMPATHY_SEEN}: no Empathy, nothing to hide"),
    ],
)
def test_empathy_is_not_on_the_pages(enchanted: bool, attacker_hp: int) -> None:
    history, report = _empathy_history(enchanted)
    assert hp(report, "Ben", "Mesmer#1") == 40
    assert hp(report, "Ann", "Musketeer#1") == attacker_hp
    assert "|| Empathy ||" not in history and "Empathy" not in history
    assert "Mesmer#1 (Ben) 60 -> 40 hp" in history
    # "the owner of the Warrior does not see the source of the damage": the loss shows.
    assert ("Musketeer#1 (Ann) 80 -> 60 hp" in history) is enchanted
    assert any(a["action"] == "Empathy" for a in report.actions) is enchanted  # status


# "The player pays $1000 and receives a Laboratory on the square containing the SCV" (and
# every Build, Recruit).

BUILD = '"The player pays $1000 and receives a Laboratory on the square containing the SCV"'
MADE = [
    ("Build Laboratory", "SCV", 1000, "Laboratory", 300),
    ("Build Refinery", "SCV", 750, "Refinery", 300),
    ("Build Duck Pond", "SCV", 100, "Duck Pond", 70),
    ("Build Teleporter", "SCV", 700, "Teleporter", 300),
    ("Build Guard Tower", "SCV", 1500, "Guard Tower", 250),
    ("Build Wall", "SCV", 1000, "Wall", 500),
    ("Build Fort", "SCV", 1000, "Fort", 1500),
    ("Build Railway", "SCV", 500, "Railway", 200),
    ("Recruit Warrior", "Fort", 500, "Warrior", 50),
    ("Recruit Scientist", "Laboratory", 1000, "Scientist", 40),
]


@pytest.mark.parametrize(
    "name, maker, cost, made, max_hp, short",
    [
        pytest.param(*m, short, id=f"{BUILD} ({m[0]}: ${m[2]}{', $1 short' if short else ''})")
        for m in MADE
        for short in (False, True)
    ],
)
def test_every_build_and_recruit(
    name: str, maker: str, cost: int, made: str, max_hp: int, short: bool
) -> None:
    assert COMMANDS[name].cost == cost and COMMANDS[name].creates == made
    money = cost - 1 if short else cost
    data = game(
        T0,
        {"Ann": {"money": money, "units": {f"{maker}#7": {"square": 8, "hp": 1}}}},
        [cmd(LATER, "Ann", name, f"{maker}#7")],
        board={"columns": 5},
    )
    report = run(data, BEFORE_NOON)
    assert report.actions[0]["allowed"] is not short
    assert report.state["Ann"]["money"] == (money if short else 0)
    new = {u: v for u, v in units(report, "Ann").items() if u != f"{maker}#7"}
    if short:
        assert new == {}
    else:
        assert list(new.values()) == [{"type": made, "square": 8, "hp": max_hp, "max_hp": max_hp}]


@pytest.mark.parametrize(
    "square, where",
    [
        pytest.param(9, 9, id=f"{BUILD}: the command's square 9 wins over the books' 8"),
        pytest.param(None, 8, id=f"{BUILD}: no square given, the books' 8"),
    ],
)
def test_a_build_stands_on_its_makers_square(square: int | None, where: int) -> None:
    fields = {} if square is None else {"square": square}
    data = game(
        T0,
        {"Ann": {"money": 1000, "units": {"SCV#1": {"square": 8, "hp": 40}}}},
        [cmd(LATER, "Ann", "Build Laboratory", "SCV#1", **fields)],
    )
    report = run(data, BEFORE_NOON)
    assert units(report, "Ann")["Laboratory#1"]["square"] == where


@pytest.mark.parametrize(
    "square, words",
    [
        pytest.param("x" * 5000, "square", id=f"{BUILD}: a square of 5,000 characters"),
        pytest.param(0, "square", id=f"{BUILD}: square 0"),
    ],
)
def test_a_builds_junk_square_is_one_line(square: Any, words: str) -> None:
    data = game(
        T0,
        {"Ann": {"money": 1000, "units": ["SCV#1"]}},
        [cmd(LATER, "Ann", "Build Laboratory", "SCV#1", square=square)],
    )
    with pytest.raises(ProfileError) as err:
        run(data, BEFORE_NOON)
    one_line(err, words)
    assert len(str(err.value)) < 400


# The Wall.

WALL = (
    'Wall: "A player may not attack any unit or building in a territory containing a Wall'
    ' (other than the Wall itself) until the Wall is destroyed"'
)
ATTACK_AT = "2024-06-05T10:00:00Z"


@pytest.mark.parametrize(
    "wall, target, allowed",
    [
        pytest.param(
            {"square": 2, "hp": 500},
            "Guard Tower#1",
            False,
            id=f"{WALL}: the Guard Tower behind it",
        ),
        pytest.param({"square": 2, "hp": 500}, "Wall#1", True, id=f"{WALL}: the Wall itself"),
        pytest.param(
            {"square": 7, "hp": 500}, "Guard Tower#1", True, id=f"{WALL}: a Wall on the next square"
        ),
    ],
)
def test_a_wall_bars_attacks_on_its_square(
    wall: dict[str, int], target: str, allowed: bool
) -> None:
    data = two(
        {"Musketeer#1": {"square": 1, "hp": 80}},
        {"Wall#1": wall, "Guard Tower#1": {"square": 2, "hp": 250}},
        [cmd(T0, "Ann", "Attack", "Musketeer#1", target_unit=target, target="Ben", hit=True)],
    )
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is allowed, report.actions[0]["reason"]
    if not allowed:
        assert report.actions[0]["clause"] == hc.WALL
        assert hp(report, "Ben", target) == 250


def test_once_the_wall_is_destroyed_the_square_may_be_attacked() -> None:
    """WALL: "until the Wall is destroyed": a Wall of 5 hit points falls to a Musketeer's
    5 damage; the second Musketeer's attack on the Guard Tower then stands."""
    data = two(
        {"Musketeer#1": {"square": 1, "hp": 80}, "Musketeer#2": {"square": 1, "hp": 80}},
        {"Wall#1": {"square": 2, "hp": 5}, "Guard Tower#1": {"square": 2, "hp": 250}},
        [
            cmd(
                T0,
                "Ann",
                "Attack",
                "Musketeer#2",
                target_unit="Guard Tower#1",
                target="Ben",
                hit=True,
            ),
            cmd(T0, "Ann", "Attack", "Musketeer#1", target_unit="Wall#1", target="Ben", hit=True),
            cmd(
                ATTACK_AT,
                "Ann",
                "Attack",
                "Musketeer#2",
                target_unit="Guard Tower#1",
                target="Ben",
                hit=True,
            ),
        ],
    )
    report = run(data, "2024-06-06T00:00:00Z")
    assert [a["allowed"] for a in report.actions] == [False, True, True]
    assert "Wall#1" not in units(report, "Ben")
    assert hp(report, "Ben", "Guard Tower#1") == 250 - (20 - 5)  # attack 20 on armor 5


# Bombard.

BOMBARD = (
    'Bombard: "all buildings [including any wall present] on that square lose 25 hit points,'
    ' ignoring armor and the effects of a wall"'
)


@pytest.mark.parametrize(
    "square, allowed, expected",
    [
        pytest.param(
            3,
            True,
            {"Fort#1": 1475, "Wall#1": 475, "Guard Tower#1": 225, "Warrior#1": 50},
            id=f"{BOMBARD}: range 2, every building 25 whatever its armor, a unit untouched",
        ),
        pytest.param(
            4,
            False,
            {"Fort#9": 1500},
            id=f"{BOMBARD}: range 3 is out of range",
        ),
    ],
)
def test_bombard(square: int, allowed: bool, expected: dict[str, int]) -> None:
    bens = (
        {
            "Fort#1": {"square": 3, "hp": 1500},
            "Wall#1": {"square": 3, "hp": 500},
            "Guard Tower#1": {"square": 3, "hp": 250},
            "Warrior#1": {"square": 3, "hp": 50},
        }
        if square == 3
        else {"Fort#9": {"square": 4, "hp": 1500}}
    )
    data = two(
        {"Laser Howitzer#1": {"square": 1, "hp": 100}},
        bens,
        [cmd(T0, "Ann", "Bombard", "Laser Howitzer#1", square=square)],
    )
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is allowed
    assert {u: hp(report, "Ben", u) for u in expected} == expected


def test_bombard_kills_a_building_at_25() -> None:
    """BOMBARD: a Railway of exactly 25 hit points is destroyed ("0 or less")."""
    data = two(
        {"Laser Howitzer#1": {"square": 1, "hp": 100}},
        {"Railway#1": {"square": 2, "hp": 25}, "Railway#2": {"square": 3, "hp": 26}},
        [
            cmd(T0, "Ann", "Bombard", "Laser Howitzer#1", square=2),
            cmd("2024-06-04T10:00:00Z", "Ann", "Bombard", "Laser Howitzer#1", square=3),
        ],
    )
    report = run(data, "2024-06-05T00:00:00Z")
    assert [a["allowed"] for a in report.actions] == [True, True]
    assert set(units(report, "Ben")) == {"Railway#2"} and hp(report, "Ben", "Railway#2") == 1


# The Star Egg.

STAR_EGG = (
    'Star Egg: "All units and buildings on the same square as the player lose 100 hit points"'
)


@pytest.mark.parametrize(
    "bens, left",
    [
        pytest.param(
            {"Fort#1": {"square": 6, "hp": 1500}, "Wall#1": {"square": 7, "hp": 500}},
            {"Fort#1": 1400, "Wall#1": 500},
            id=f"{STAR_EGG}: a Fort on the square, a Wall next to it untouched",
        ),
        pytest.param(
            {"Guard Tower#1": {"square": 6, "hp": 100}},
            {},
            id=f"{STAR_EGG}: exactly 100 left, destroyed",
        ),
        pytest.param(
            {"Guard Tower#1": {"square": 6, "hp": 101}},
            {"Guard Tower#1": 1},
            id=f"{STAR_EGG}: 101, 1 left",
        ),
        pytest.param(
            {"Mesmer#1": {"square": 6, "hp": 60}, "Laser Howitzer#1": {"square": 6, "hp": 100}},
            {},
            id=f"{STAR_EGG}: units too, both destroyed",
        ),
    ],
)
def test_the_star_egg(bens: dict[str, Any], left: dict[str, int]) -> None:
    data = two({}, bens, [act(T0, "Ann", "use Star Egg")])
    data["roster"][0]["state"].update(square=6, items={"Star Egg": 1})
    report = run(data, NOW)
    assert report.actions[0]["allowed"] is True
    assert {u: v["hp"] for u, v in units(report, "Ben").items()} == left


def test_the_star_egg_with_the_players_square_unknown_hits_nothing() -> None:
    """STAR_EGG: no square recorded: a warning, nothing hit."""
    data = two({}, {"Fort#1": {"square": 6, "hp": 1500}}, [act(T0, "Ann", "use Star Egg")])
    data["roster"][0]["state"].update(items={"Star Egg": 1})
    report = run(data, NOW)
    assert hp(report, "Ben", "Fort#1") == 1500
    assert report.warnings == ["use Star Egg (Ann): Ann's square is not recorded; nothing hit"]


# Turns, replaced by Jumps.

TURNS = (
    'Turns: "Before taking a turn, a player decides whether to travel forwards or backwards on'
    ' the board" and the rules after it; "Every time a player successfully takes a turn he'
    ' gaines one Experience."'
)


def test_the_jumps_are_newer_than_the_turns() -> None:
    seed = seed_text()
    replaced = seed.index("in the same place as taking your turn used to be")
    assert replaced < seed.index("Before taking a turn, a player decides whether to travel")
    assert replaced < seed.index(gc.TURN_EXPERIENCE)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("take a turn", id=f"{TURNS}: take a turn"),
        pytest.param("take a turn" + "!" * 5000, id=f"{TURNS}: a 5,000-character turn"),
    ],
)
def test_a_turn_is_refused_in_one_line(name: str) -> None:
    assert name not in ACTIONS
    data = game(T0, {"Ann": {"square": 4, "jumps": 3}}, [act(LATER, "Ann", name)])
    with pytest.raises(ProfileError) as err:
        run(data, NOW)
    one_line(err, "unknown action 'take a turn")
    assert "!" * 100 not in str(err.value)


def test_a_jump_in_the_turns_place_is_allowed_and_gives_no_turns_experience() -> None:
    """TURNS: a jump is allowed where the turn used to be; no turn's Experience comes of
    it (a jump of 3 from square 4 to 7, with Jumps exactly 3)."""
    data = game(
        T0,
        {"Ann": {"square": 4, "jumps": 3, "experience": 0}},
        [act(LATER, "Ann", "jump", distance=3, square=7)],
    )
    report = run(data, BEFORE_NOON)
    assert report.actions[0]["allowed"] is True
    assert report.state["Ann"]["square"] == 7 and report.state["Ann"]["jumps"] == 0


# The Soul Gem conversion.

SOUL = (
    '"For each Imping Stick and Imp-in-the-Box that a player has, that player gets an'
    ' Uncharged Soul Gem. Remove Imping Sticks and Imp-in-the-Boxes from the game"'
)


@pytest.mark.parametrize(
    "items, now, expected",
    [
        pytest.param(
            {"Imping Stick": 2, "Imp-in-the-Box": 1, "Coin": 1},
            BEFORE_NOON,
            {"Coin": 1, "Uncharged Soul Gem": 3},
            id=f"{SOUL}: 2 sticks and a box, 3 gems",
        ),
        pytest.param(
            {"Imping Stick": 1, "Uncharged Soul Gem": 1},
            BEFORE_NOON,
            {"Uncharged Soul Gem": 2},
            id=f"{SOUL}: one stick, added to a gem held",
        ),
        pytest.param({"Coin": 1}, BEFORE_NOON, {"Coin": 1}, id=f"{SOUL}: none, no gem"),
        pytest.param(
            {"Imping Stick": 2},
            "2024-06-03T10:59:59Z",
            {"Imping Stick": 2},
            id=f"{SOUL}: a second before it is implemented, unchanged",
        ),
    ],
)
def test_the_soul_gem_conversion(items: dict[str, int], now: str, expected: dict[str, int]) -> None:
    data = game(
        T0, {"Ann": {"items": items}}, [], implemented={"Create a new item: Soul Gem": LATER}
    )
    report = run(data, now)
    assert report.state["Ann"]["items"] == expected


# The railway clean-up.

RAILS = (
    '"If as this proposal is implemented a square contains more then one railroad then all but'
    ' one of those railways will be destroyed"'
)


@pytest.mark.parametrize(
    "rails, kept, refund",
    [
        pytest.param(
            {"Railway#3": 4, "Railway#1": 4, "Railway#2": 4},
            ["Railway#1"],
            1000,
            id=f"{RAILS}: three on square 4, $500 for each of 2",
        ),
        pytest.param(
            {"Railway#1": 4, "Railway#2": 5},
            ["Railway#1", "Railway#2"],
            0,
            id=f"{RAILS}: one a square, none destroyed",
        ),
    ],
)
def test_the_railway_clean_up(rails: dict[str, int], kept: list[str], refund: int) -> None:
    owned = {name: {"square": sq} for name, sq in rails.items()}
    data = game(
        T0,
        {"Ann": {"money": 0, "units": owned}},
        [],
        implemented={"Squares may only contain a single railway": LATER},
    )
    report = run(data, BEFORE_NOON)
    assert sorted(report.state["Ann"]["units"]) == kept
    assert report.state["Ann"]["money"] == refund


# The rows that are inputs: junk is refused in one line, cut short.


@pytest.mark.parametrize(
    "players, events, gs, says",
    [
        pytest.param(
            {"Ann": {"units": ["Monk#1"]}},
            [cmd(LATER, "Ann", "Fertile Season", "Monk#1", square="x" * 5000)],
            {},
            ".square: expected a square number",
            id=f"{FERTILE}: a square of 5,000 characters",
        ),
        pytest.param(
            {"Ann": {"units": ["Monk#1"]}},
            [cmd(LATER, "Ann", "Fertile Season", "Monk#1", square=-3)],
            {},
            ".square: expected a square number",
            id=f"{FERTILE}: square -3",
        ),
        pytest.param(
            {"Ann": {"items": {"Star Egg": 1}, "square": "x" * 5000}},
            [act(T0, "Ann", "use Star Egg")],
            {},
            "state.square: expected a square number",
            id=f"{STAR_EGG}: the player's square of 5,000 characters",
        ),
        pytest.param(
            {"Ann": {}},
            [],
            {"implemented": {"Create a new item: Soul Gem": "yesterday" * 600}},
            "is not an ISO-8601 time",
            id=f"{SOUL}: its implemented time in words",
        ),
        pytest.param(
            {"Ann": {}},
            [],
            {"implemented": ["Create a new item: Soul Gem"]},
            "expected proposal name -> time",
            id=f"{SOUL}: implemented as a list",
        ),
    ],
)
def test_junk_in_these_inputs_is_one_line(
    players: dict[str, Any], events: list[dict[str, Any]], gs: dict[str, Any], says: str
) -> None:
    with pytest.raises(ProfileError) as err:
        run(game(T0, players, events, **gs), BEFORE_NOON)
    one_line(err, says)
    assert len(str(err.value)) < 300 and "x" * 100 not in str(err.value)
