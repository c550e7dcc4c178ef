"""The input described (issue 28): every profile's inputs listed, a JSON Schema of its
``nomic-archive/2`` archive that every example, fixture and importer output meets, and
that agrees with the reader on a corpus of junk archives: what one refuses, the other
refuses."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from gamestate.profiles import ProfileError, get_profile, profile_names
from gamestate.profiles.archive import archive_from_dict, archive_to_dict
from gamestate.profiles.inputs import inputs_of
from gamestate.profiles.schema import archive_schema
from wikibot.cli import cli

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted((ROOT / "wikibot" / "examples").glob("*.json"))
FIXTURES = sorted((ROOT / "tests").rglob("*.json"))


def _v2(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    if isinstance(data, dict) and data.get("format") == "nomic-archive/2":
        return data
    return None


def validator(profile: str) -> Draft202012Validator:
    return Draft202012Validator(archive_schema(profile))


def reader_refuses(data: Any) -> bool:
    try:
        archive = archive_from_dict(data, source="junk.json")
        get_profile(archive.profile).check(archive)
    except ProfileError:
        return True
    return False


def schema_refuses(data: Any, profile: str) -> bool:
    return not validator(profile).is_valid(data)


# The schema itself.


@pytest.mark.parametrize("profile", profile_names())
def test_each_profiles_schema_is_a_draft_2020_12_schema(profile: str) -> None:
    schema = archive_schema(profile)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("profile", ["nomopoly-iv", "infinite-nomic", "nomopoly", "borednomic"])
def test_every_event_type_and_action_is_described(profile: str) -> None:
    spec, inputs = get_profile(profile), inputs_of(profile)
    assert set(inputs.events) == set(spec.event_types)
    assert set(inputs.actions) | set(inputs.aliases_for(spec.action_names)) == set(
        spec.action_names
    )


# Everything shipped and imported meets its schema.


@pytest.mark.parametrize("path", [p for p in EXAMPLES if _v2(p)], ids=lambda p: p.name)
def test_every_example_validates(path: Path) -> None:
    data = _v2(path)
    assert data is not None
    errors = [e.message for e in validator(data.get("profile", "blognomic-139")).iter_errors(data)]
    assert errors == []


@pytest.mark.parametrize("path", [p for p in FIXTURES if _v2(p)], ids=lambda p: p.name)
def test_every_fixture_validates(path: Path) -> None:
    data = _v2(path)
    assert data is not None
    errors = [e.message for e in validator(data.get("profile", "blognomic-139")).iter_errors(data)]
    assert errors == []


def test_the_importers_output_validates() -> None:
    from tests.importers.test_discord import _import as discord_import
    from tests.importers.test_mbox import _import_week

    for archive in (_import_week().archive, discord_import().archive):
        data = json.loads(json.dumps(archive_to_dict(archive)))
        errors = [e.message for e in validator(archive.profile).iter_errors(data)]
        assert errors == []


def test_the_nomopoly_mailbox_import_validates(tmp_path: Path) -> None:
    from tests.importers.test_mbox import _mail, _mbox
    from wikibot.importers.mbox import import_mbox

    path = _mbox(
        tmp_path / "nomopoly.mbox",
        [
            _mail("ann@x.example", "Mon, 1 Mar 2004 09:00:00 +0000", "Proposal 1: Rent", "R."),
            _mail("joel@x.example", "Tue, 2 Mar 2004 00:30:00 +0000", "J", "P1: accepted"),
        ],
    )
    addresses = {"ann@x.example": "Ann", "joel@x.example": "Joel Ricker"}
    archive = import_mbox(path, profile="nomopoly", addresses=addresses).archive
    data = json.loads(json.dumps(archive_to_dict(archive)))
    assert data["matters"][0]["judgement"]["result"] == "accepted"
    assert [e.message for e in validator("nomopoly").iter_errors(data)] == []


# The CLI.


def test_profiles_json_lists_every_input() -> None:
    result = CliRunner().invoke(cli, ["profiles", "--json"], catch_exceptions=False)
    assert result.exit_code == 0
    rows = {r["name"]: r for r in map(json.loads, result.stdout.splitlines())}
    assert set(rows) == set(profile_names())
    iv = rows["nomopoly-iv"]["inputs"]
    assert set(iv["events"]) == {"action", "command", "draw", "fine", "ducky"}
    assert {"name": "due", "shape": iv["events"]["draw"][2]["shape"], "required": False} in iv[
        "events"
    ]["draw"]
    assert "Experience Fairy" in iv["draws"] and "Safecracking" in iv["commands"]
    assert iv["aliases"]["Receive Training"] == "Receive Teaching"
    assert iv["aliases"]["fairy"] == "Experience Fairy"
    assert "extend the board to 90" in iv["recognised"]["the week for a new fort at $1250"]
    assert {f["name"] for f in iv["state"]} >= {"scientists", "cooling_down", "money"}
    assert {f["name"] for f in iv["game_state"]} >= {"market", "boxes", "as_of"}
    for row in rows.values():
        assert set(row["inputs"]["events"]) == set(row["event_types"])


def test_profiles_schema_prints_a_schema_and_refuses_an_unknown_name() -> None:
    result = CliRunner().invoke(cli, ["profiles", "--schema", "nomopoly-iv"])
    assert result.exit_code == 0
    Draft202012Validator.check_schema(json.loads(result.stdout))
    result = CliRunner().invoke(cli, ["profiles", "--schema", "nomopoly-v"])
    assert result.exit_code == 1
    assert "unknown profile 'nomopoly-v'" in result.output
    assert "Traceback" not in result.output and len(result.output.splitlines()) == 1


# The schema and the reader agree on junk.

Mutation = Callable[[dict[str, Any]], None]


def _set(path: tuple[Any, ...], value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key] if isinstance(target, list) else target.setdefault(key, {})
        target[path[-1]] = value

    return mutate


def _drop(path: tuple[Any, ...]) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return mutate


def _event(**fields: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data.setdefault("events", []).append({"at": "2024-03-04T00:00:00Z", **fields})

    return mutate


T = "2024-03-04T00:00:00Z"
GENERIC: dict[str, Mutation] = {
    "format /1": _set(("format",), "nomic-archive/1"),
    "no format": _drop(("format",)),
    "profile a number": _set(("profile",), 5),
    "settings a list": _set(("settings",), []),
    "roster an object": _set(("roster",), {}),
    "member a string": _set(("roster", 0), "Ann"),
    "member's name empty": _set(("roster", 0, "name"), ""),
    "member's name blank": _set(("roster", 0, "name"), "   "),
    "member's roles not strings": _set(("roster", 0, "roles"), ["admin", 3]),
    "member's player not a boolean": _set(("roster", 0, "player"), "yes"),
    "joined with a space for the T": _set(("roster", 0, "joined_at"), "2024-01-01 10:00:00Z"),
    "joined with no zone": _set(("roster", 0, "joined_at"), "2024-01-01T10:00:00"),
    "joined with a fraction": _set(("roster", 0, "joined_at"), "2024-01-01T10:00:00.5Z"),
    "joined at null": _set(("roster", 0, "joined_at"), None),
    "state a list": _set(("roster", 0, "state"), []),
    "game_state a number": _set(("game_state",), 3),
    "matters a string": _set(("matters",), "x"),
    "matter of an unknown kind": _set(("matters", 0, "kind"), "banana"),
    "matter's author a number": _set(("matters", 0, "author"), 7),
    "matter posted at a number": _set(("matters", 0, "posted_at"), 1700000000),
    "matter's id true": _set(("matters", 0, "id"), True),
    "matter without kind": _drop(("matters", 0, "kind")),
    "a judgement no game knows": _set(("matters", 0, "judgement"), {"at": T, "result": "maybe"}),
    "events an object": _set(("events",), {}),
    "event of an unknown type": _event(type="banana"),
    "event at yesterday": _set(("events", 0, "at"), "yesterday"),
    "event without at": _drop(("events", 0, "at")),
    "unknown fields are kept": _set(("roster", 0, "favourite_colour"), "blue"),
}
SPECIFIC: dict[str, dict[str, Mutation]] = {
    "nomopoly-iv": {
        "an action the seed has not": _event(type="action", player="Ann", action="fly"),
        "Receive Training, the seed's other word": _event(
            type="action", player="Ann", action="Receive Training"
        ),
        "a draw of nothing the seed schedules": _event(type="draw", what="dice", result=3),
        "the Fairy drawn on no square": _event(type="draw", what="Experience Fairy", result="x"),
        "the Fairy drawn on square 9": _event(type="draw", what="Experience Fairy", result=9),
        "the fairy, the short word, on square 9": _event(type="draw", what="fairy", result=9),
        "the fairy, the short word, on no square": _event(type="draw", what="fairy", result="x"),
        "a command the seed has not": _event(
            type="command", player="Ann", command="Fly", unit="SCV#1"
        ),
        "a unit the seed has not": _event(
            type="command", player="Ann", command="Move", unit="Dragon#1"
        ),
        "a unit without its number": _event(
            type="command", player="Ann", command="Move", unit="SCV"
        ),
        "money in words": _set(("roster", 0, "state", "money"), "lots"),
        "a Scientist napping": _set(("roster", 0, "state", "scientists"), {"Scientist#1": "nap"}),
        "a Scientist Researching": _set(
            ("roster", 0, "state", "scientists"), {"Scientist#1": "Researching"}
        ),
        "cooling down until soon": _set(("roster", 0, "state", "cooling_down"), {"SCV#1": "soon"}),
        "as_of a year": _set(("game_state", "as_of"), "2024"),
        "a box on square 0": _set(("game_state", "boxes"), [{"square": 0, "placed_at": T}]),
        "a sell request without a price": _set(("game_state", "market"), [{"item": "Coin"}]),
        "a reading no one gave": _set(("settings", "same_instant"), "whenever"),
        "the Ducky rolls a 7": _event(type="ducky", roll=7),
        "the Ducky rolls a 6": _event(type="ducky", roll=6),
        "a buy request at a negative price": _event(
            type="action", player="Ann", action="Submit a Buy Request", item="Coin", price=-1
        ),
        "a sell request for a number": _event(
            type="action", player="Ann", action="Submit a Sell Request", item=7, price=1
        ),
        "items a number": _set(("roster", 1, "state", "items"), 3),
        "items by count": _set(("roster", 1, "state", "items"), {"Coin": 2}),
        "retracted at noon": _set(("matters", 0, "retracted_at"), "noon"),
        "buy requests without a price": _set(("game_state", "buy_requests"), [{"item": "Coin"}]),
        "the Ducky on square 0": _set(("game_state", "rber_ducky"), 0),
        "resources on square 0": _set(("game_state", "resources"), {"0": 1000}),
        "resources on square 01": _set(("game_state", "resources"), {"01": 1000}),
        "resources on square 10001": _set(("game_state", "resources"), {"10001": 1000}),
        "resources on square 10000": _set(("game_state", "resources"), {"10000": 1000}),
        "resources below $0": _set(("game_state", "resources"), {"5": -1}),
        "resources in words": _set(("game_state", "resources"), {"5": "lots"}),
        "resources a list": _set(("game_state", "resources"), [1000]),
        "resources mined to $750": _set(("game_state", "resources"), {"5": 750}),
        "a resources draw of $1500": _event(type="draw", what="resources", result={"61": 1500}),
        "a resources draw of $11000": _event(type="draw", what="resources", result={"61": 11000}),
        "a resources draw of $10000": _event(
            type="draw", what="random amount of resources", result={"61": 10000}
        ),
        "a resources draw of nothing": _event(type="draw", what="resources", result={}),
        "a resources draw of a number": _event(type="draw", what="resources", result=3000),
        # Forts, teleporters, ? Boxes (issue 28's audit).
        "a Fort built named Fort#2": _event(
            type="action", player="Ann", action="build a Fort", new="Fort#2"
        ),
        "a Fort built named Wall#1": _event(
            type="action", player="Ann", action="build a Fort", new="Wall#1"
        ),
        "a Teleporter's owner a number": _event(
            type="action", player="Ann", action="use Teleporter", square=3, owner=7
        ),
        "a Teleporter of Ben's": _event(
            type="action", player="Ann", action="use Teleporter", square=3, owner="Ben"
        ),
        "a Teleport's owner a list": _event(
            type="command", player="Ann", command="Teleport", unit="SCV#1", owner=["Ben"]
        ),
        "a box removed from square 0": _event(type="draw", what="box removed", result=0),
        "a box removed from square 4": _event(type="draw", what="? Box removed", result=4),
        # Units' squares and hit points.
        "an SCV at 0 hp": _set(("roster", 1, "state", "units"), {"SCV#1": {"hp": 0}}),
        "an SCV at its Max HP, on square 3": _set(
            ("roster", 1, "state", "units"), {"SCV#1": {"hp": 40, "square": 3}}
        ),
        "an SCV above its Max HP": _set(("roster", 1, "state", "units"), {"SCV#1": {"hp": 41}}),
        "an SCV called a Monk": _set(("roster", 1, "state", "units"), {"SCV#1": {"type": "Monk"}}),
        "a Wall on square 0": _set(("roster", 1, "state", "units"), {"Wall#1": {"square": 0}}),
        "a unit's body a number": _set(("roster", 1, "state", "units"), {"SCV#1": 3}),
        "a board of 0 columns": _set(("game_state", "board"), {"columns": 0}),
        "a board of 5 winding columns": _set(
            ("game_state", "board"), {"columns": 5, "winding": True}
        ),
        "a board winding maybe": _set(("game_state", "board"), {"columns": 5, "winding": "maybe"}),
        "a board's rows of words": _set(("game_state", "board"), {"rows": [["a"]]}),
        "a board's rows with a gap": _set(("game_state", "board"), {"rows": [[1, None], [3, 2]]}),
        "a board a list": _set(("game_state", "board"), [5]),
        "the Fort's armor changed": _set(("game_state", "unit_stats"), {"Fort": {"armor": 3}}),
        "the Fort's armor as the seed gives it": _set(
            ("game_state", "unit_stats"), {"Fort": {"armor": 25}}
        ),
        "a Warrior's attack given": _set(("game_state", "unit_stats"), {"Warrior": {"attack": 8}}),
        "a Warrior's speed given": _set(("game_state", "unit_stats"), {"Warrior": {"speed": 8}}),
        "a Dragon's values": _set(("game_state", "unit_stats"), {"Dragon": {"attack": 8}}),
        "a Mesmer of 0 Max HP": _set(("game_state", "unit_stats"), {"Mesmer": {"max_hp": 0}}),
        "a Move to square 0": _event(
            type="command", player="Ann", command="Move", unit="SCV#1", square=0
        ),
        "a Move to square true": _event(
            type="command", player="Ann", command="Move", unit="SCV#1", square=True
        ),
        "a Move to square 7": _event(
            type="command", player="Ann", command="Move", unit="SCV#1", square=7
        ),
        "an attack's draw maybe": _event(
            type="command", player="Ann", command="Attack", unit="SCV#1", hit="maybe"
        ),
        "an attack on a Dragon": _event(
            type="command", player="Ann", command="Attack", unit="SCV#1", target_unit="Dragon#1"
        ),
        "a Fire Flower at 3": _event(
            type="action", player="Ann", action="use Fire Flower", targets=3
        ),
        "a Fire Flower's draw of names": _event(
            type="action",
            player="Ann",
            action="use Fire Flower",
            target="Ben",
            targets=["Wall#1"],
            hit=["Wall#1"],
        ),
    },
    "nomopoly": {
        "a vote in a judged game": _set(
            ("matters", 0, "votes"), [{"voter": "Ann", "value": "Yay", "at": T}]
        ),
        "accepted in part": _set(
            ("matters", 0, "judgement"), {"at": T, "result": "accepted in part"}
        ),
        "an action the seed has not": _event(type="action", player="Ann", action="fly"),
        "a reading no one gave": _set(("settings", "in_part"), "sometimes"),
        "a negative poorbox": _set(("game_state", "poorbox"), -1),
    },
    "borednomic": {
        "a vote word the game has not": _set(
            ("matters", 0, "votes"), [{"voter": "Ann", "value": "Maybe", "at": T}]
        ),
        "a reading no one gave": _set(("settings", "repeated_votes"), "middle"),
        "votes in reserve in words": _set(("roster", 0, "state", "votes_in_reserve"), "two"),
        "paused maybe": _set(("game_state", "paused"), "maybe"),
        "a send-back": _event(type="send_back", matter="p1", by="The T", reason="unclear"),
        "a send-back of no proposal": _event(type="send_back", by="The T"),
        "a send-back under rule 8.3": _event(type="send_back", matter="p1", by="The T", rule="8.3"),
        "a price the rules name": _event(type="set_price", matter="p7", price="hen", amount=0),
        "a price no rule names": _event(type="set_price", matter="p1", price="Bank", amount=5),
        "a negative price": _event(type="set_price", matter="p1", price="Go", amount=-1),
        "a price without its proposal": _event(type="set_price", price="Go", amount=5),
        "a turn order": _event(type="turn_order", players=["Ann", "Ben", "Cy", "Dee"]),
        "a turn order naming Ann twice": _event(type="turn_order", players=["Ann", "Ann"]),
        "an empty turn order": _event(type="turn_order", players=[]),
        "a question by its number": _event(type="answer", player="Ann", correct=True, question=3),
        "a question of a list": _event(type="answer", player="Ann", correct=True, question=["q"]),
        "a square added by a number": _event(type="add_square", matter=1.5),
    },
    "infinite-nomic": {
        "a judgement in a reactions game": _set(
            ("matters", 0, "judgement"), {"at": T, "result": "accepted"}
        ),
        "a message from someone": _event(type="message", player="Ann"),
        "a message from no one": _event(type="message"),
        "a join by no one": _event(type="join"),
        "a leave": _event(type="leave", player="Ann"),
        "an overturn of no ruling": _event(type="overturn_ruling", by="Ann"),
        "an overturn of a ruling at noon": _event(
            type="overturn_ruling", by="Ann", ruling={"by": "Ann", "at": "noon"}
        ),
        "an overturn": _event(type="overturn_ruling", by="Ann", ruling={"by": "Ann", "at": T}),
        # Items (rule 7): a hex they name is rule 5.1's coordinate, as the world's are.
        "a fish into (1, 1, 1), not 5.1's": _event(
            type="action", player="Ann", action="fish", lake=[1, 1, 1]
        ),
        "a fish into (1, 0, 0)": _event(type="action", player="Ann", action="fish", lake=[1, 0, 0]),
        "a Torch on (1, 0, 1), not 5.1's": _event(
            type="action", player="Ann", action="destroy feature", hex=[1, 0, 1], feature="Flag"
        ),
        # The world (rules 2.1, 5, 6, 8).
        "a traverse Mouth": _event(
            type="action", player="Ann", action="traverse", direction="Mouth"
        ),
        "a traverse Up": _event(type="action", player="Ann", action="traverse", direction="Up"),
        "a traverse to nowhere": _event(type="action", player="Ann", action="traverse"),
        "a move, the short word, to (1, 0, 0)": _event(
            type="action", player="Ann", action="move", hex=[1, 0, 0]
        ),
        "a traverse to (1, 0, 1), not 5.1's": _event(
            type="action", player="Ann", action="traverse", hex=[1, 0, 1]
        ),
        "a traverse to (1, -1, 0), not 5.1's": _event(
            type="action", player="Ann", action="traverse", hex=[1, -1, 0]
        ),
        "a traverse to (1, 1, 0)": _event(
            type="action", player="Ann", action="traverse", hex=[1, 1, 0]
        ),
        "a traverse to two ordinates": _event(
            type="action", player="Ann", action="traverse", hex=[1, 0]
        ),
        "a scout of one hex": _event(
            type="action", player="Ann", action="scout", hexes=[[1, 0, 0]]
        ),
        "a scout of two hexes": _event(
            type="action", player="Ann", action="scout", hexes=[[1, 0, 0], [0, 1, 0]]
        ),
        "a construction of nothing": _event(type="action", player="Ann", action="construct"),
        "a teleport to nowhere": _event(type="action", player="Ann", action="teleport"),
        "a merge request without a name": _event(
            type="action", player="Ann", action="merge_request", request="m", faction="Ben"
        ),
        "a merge vote of yes": _event(
            type="action", player="Ann", action="merge_vote", request="m", vote="yes"
        ),
        "leaving a faction": _event(type="action", player="Ann", action="leave_faction"),
        "a hex drawn Tundra": _event(
            type="draw", what="hex", result={"hex": [1, 0, 0], "biome": "Tundra"}
        ),
        "a hex drawn a Forest town": _event(
            type="draw",
            what="hex",
            result={"hex": [1, 0, 0], "biome": "Forest", "landmark": "Town"},
        ),
        "a hex drawn corrupt maybe": _event(
            type="draw",
            what="hex",
            result={"hex": [1, 0, 0], "biome": "Forest", "corrupted": "maybe"},
        ),
        "a hex drawn corrupt as features": _event(
            type="draw",
            what="hex",
            result={"hex": [1, 0, 0], "biome": "Forest", "features": ["Corrupted"]},
        ),
        "a hex drawn corrupt and not": _event(
            type="draw",
            what="hex",
            result={"hex": [1, 0, 0], "biome": "Forest", "features": [], "corrupted": True},
        ),
        "a hex drawn with a Flag": _event(
            type="draw",
            what="hex",
            result={"hex": [1, 0, 0], "biome": "Forest", "features": ["Flag"]},
        ),
        "the swamp's 15% as a number": _event(type="draw", what="swamp", result=0.15),
        "a starting hex": _set(("game_state", "hexes"), [{"hex": [1, 0, 0], "biome": "Lake"}]),
        "a starting hex with a Moat": _set(
            ("game_state", "hexes"), [{"hex": [1, 0, 0], "biome": "Lake", "features": ["Moat"]}]
        ),
        "a starting Flag of no one": _set(
            ("game_state", "hexes"), [{"hex": [1, 0, 0], "biome": "Lake", "features": ["Flag"]}]
        ),
        "a starting flag with no Flag": _set(
            ("game_state", "hexes"), [{"hex": [1, 0, 0], "biome": "Lake", "flag": "Ann"}]
        ),
        "starting hexes in words": _set(("game_state", "hexes"), "many"),
        "Ann starting on (1, 0, 1), not 5.1's": _set(("roster", 0, "state", "hex"), [1, 0, 1]),
        "Ann starting in faction 7": _set(("roster", 0, "state", "faction"), 7),
        "Ann starting in faction Blue": _set(("roster", 0, "state", "faction"), "Blue"),
        "calm winds": _event(type="draw", what="winds", result=False),
        "winds to (1, 0, 1), not 5.1's": _event(type="draw", what="winds", result=[1, 0, 1]),
        "a draw of dice": _event(type="draw", what="dice", result=3),
    },
}
EXAMPLE_OF = {"nomopoly-iv", "nomopoly", "borednomic", "infinite-nomic"}
CASES = [
    pytest.param(profile, mutate, id=f"{profile}: {words}")
    for profile in sorted(EXAMPLE_OF)
    for words, mutate in {**GENERIC, **SPECIFIC[profile]}.items()
]


@pytest.mark.parametrize("profile, mutate", CASES)
def test_schema_and_reader_agree_on_junk(profile: str, mutate: Mutation) -> None:
    data = json.loads((ROOT / "wikibot" / "examples" / f"{profile}.json").read_text("utf-8"))
    data = copy.deepcopy(data)
    try:
        mutate(data)
    except (IndexError, KeyError):
        pytest.fail("the mutation does not fit the example")
    assert reader_refuses(data) == schema_refuses(data, profile)
