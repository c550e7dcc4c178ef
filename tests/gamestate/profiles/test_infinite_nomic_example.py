"""Infinite Nomic's example (``example:infinite-nomic``, what ``nomicbot demo`` shows) touches
every row of docs/profiles.md's rule-by-rule table for the game (issue 28: "The example
archives of both games touch every computed rule").

For each row, the clauses its verdicts carry must be carried by the example's
``status --json`` (ARCHITECTURE.md 2b): an action's ``clause`` (or a clause its ``reason``
quotes), a matter's outcome, a due event, or the game's end (``game_end.condition``, rule
8). A rule the profile computes inside another verdict, with no verdict of its own (the
Lake where a hex is cut off, corruption's effect, the starting hex), is touched by the
words of that effect, or by the state it computes. Each id quotes the row as the docs do.
A row the docs add without a line here fails :func:`test_every_row_of_the_docs_table_is_listed`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamestate.profiles import archive_from_dict
from gamestate.profiles.infinite_nomic import clauses
from gamestate.profiles.infinite_nomic import item_clauses as said
from gamestate.profiles.infinite_nomic import world_clauses as words
from gamestate.profiles.infinite_nomic.crafting import RECIPE_TEXT
from tests.gamestate.profiles.test_infinite_nomic import EXAMPLE, SEED, report

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "docs" / "profiles.md"
TABLE_TITLE = "### Infinite Nomic's world, items and actions, rule by rule"

Check = Callable[[dict[str, Any]], bool]


def docs_rows() -> list[str]:
    """The first cell of each body row of the Infinite Nomic rule-by-rule table."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split(TABLE_TITLE, 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    cells = []
    for line in section.splitlines():
        if line.startswith("| ") and not line.startswith(("| clause |", "|---")):
            cells.append(line.split(" | ", 1)[0][2:].strip())
    return cells


def example_json() -> dict[str, Any]:
    """``status --json`` of the example at its own ``demo`` instants."""
    from wikibot.cli.profile_render import report_to_json

    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive = archive_from_dict(raw, source="infinite-nomic.json")
    out: dict[str, Any] = report_to_json(report(archive, raw["demo"]["now"], raw["demo"]["since"]))
    return out


def carried(out: dict[str, Any]) -> set[str]:
    """Every clause the JSON carries: actions', matters', due events', the game's end."""
    found = {a["clause"] for a in out["actions"]}
    found |= {m["clause"] for m in out["matters"].values()}
    found |= {d["clause"] for d in out["due"]}
    if out["game_end"] is not None:
        found.add(out["game_end"]["condition"])
    for a in out["actions"]:  # a clause a reason quotes: ("...")
        found |= set(re.findall(r'\("([^"]+)"\)', a["reason"]))
    return found


def told(out: dict[str, Any]) -> str:
    """The words of every action's reason and effect, and of each event that fell due."""
    lines = [f"{a['reason']}\n{a.get('effect') or ''}" for a in out["actions"]]
    return "\n".join(lines + [d["event"] for d in out["due"]])


def world(out: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = out["game_state"]["world"]
    return found


def _factions_of_own_name(out: dict[str, Any]) -> bool:
    return world(out)["factions"]["Cy"] == {
        "members": ["Cy"],
        "hexes": 0,
        "influence": 0,
        "influential": False,
    }


def _influence(out: dict[str, Any]) -> bool:
    factions = world(out)["factions"]
    return (
        factions["Hexwrights"]["hexes"] == 12
        and factions["Hexwrights"]["members"] == ["Ann", "Ben"]
        and factions["Hexwrights"]["influence"] == 6
        and factions["Wayfarers"]["influence"] == 3
        and factions["Fay"]["influential"] is False
    )


def _origin(out: dict[str, Any]) -> bool:
    origin = world(out)["hexes"]["(0, 0, 0)"]
    return (origin["biome"], origin["landmark"]) == ("Meadow", "Barren")


def _winner(out: dict[str, Any]) -> bool:
    return out["winners"] == ["Hexwrights"] and world(out)["winner"]["influence"] == 6


def _quality_score(out: dict[str, Any]) -> bool:
    return bool(out["state"]["Ann"]["quality_score"] == 12)  # Goldfish 3 + Aligned Fish 9


def _inventory(out: dict[str, Any]) -> bool:
    return bool(out["state"]["Cy"]["items"] == {"Classic Rod": 1, "Eel": 1})


def _no_world_given(out: dict[str, Any]) -> bool:
    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return "hexes" not in raw["game_state"]


# (the row's first cell as the docs begin it, clauses carried, words told, a state check)
ROWS: list[tuple[str, list[str], list[str], Check | None]] = [
    ('1 "All times mentioned in this ruleset are in UTC"', [clauses.PHASES, clauses.WEEKS],
     ["Phase Number"], None),
    ("2 becoming a player, ceasing to be one, reputable",
     [clauses.JOIN, clauses.URGENT_REPUTABLE, said.TRADE_REPUTABLE],
     ["Dee ceased being a player", "not reputable"], None),
    ('2.1 "Each player is always a member of a single faction', [],
     ["owned by the faction Ann,", "is in a new faction Fay"], _factions_of_own_name),
    ('2.1.1 "Two factions may merge', [words.MERGE, words.MERGE_NAME], [], None),
    ('2.1.1 "voted upon only by players', [words.MERGE_VOTERS, words.MERGE_ACCEPTED],
     ["0 for, 1 against: not accepted yet", "2 for, 0 against: accepted"], None),
    ('2.1.1 "All flags owned by either', [words.MERGE_FLAGS], [], None),
    ('2.1.2 "A player may leave a faction', [words.LEAVE_FACTION], [], None),
    ('2.1.2 "influence is ... the number of hexes occupied', [words.VICTORY], [], _influence),
    ('5 "All players are initially on hex (0, 0, 0)"', [],
     ["traverse to (0, 1, 0)", "Ben moves to (0, 1, 0)"], _origin),
    ('5.1 "determined by taking the minimal number of steps', [words.TRAVERSE],
     ["Ben moves to (1, 1, 0)", "Ben moves to (2, 0, 0)"], None),
    ("5 the world as an archive that begins mid-cycle finds it", [], [], _no_world_given),
    ('5.1.1 "every hex is indeterminate until generation"', [words.INDETERMINATE], [], None),
    ('5.3 "a biome then a landmark then features"', [words.GENERATION],
     ["chance from the pool), Barren", "chance from the pool), Town", "is corrupted"], None),
    ('5.3.1.2 "When generating next to a swamp',
     [words.DUNES_NEXT_TO_SWAMP, words.SWAMP_NEXT_TO_DUNES], [], None),
    ('5.3.1.6 "If an indeterminate hex is not adjacent', [],
     ["(1, 0, 0) is cut off from the indeterminate hexes: a Lake"], None),
    ('5.3.1.6 "If a player would move or be moved onto a Lake hex', [words.LAKE_NO_MOVE],
     ["is a Lake: they do not move"], None),
    ('5.3.1.2 "a 20% chance that they are moved by the buffeting winds', [words.DUNES_WINDS],
     ["the buffeting winds blow them"], None),
    ('5.3.1.4 "The traverse action costs 1 additional action point"', [words.PASS_COST],
     ["costs 2 AP"], None),
    ('5.3.1.5 "a 15% chance to move"', [words.SWAMP_CHANCE], ["the Swamp's 15% came up"], None),
    ('5.3.3.1 "the landmark of this hex is set to \'barren\'', [words.CORRUPT_SPREAD],
     ["its landmark is Barren and its other features removed"], None),
    ('5.3.3.2 the Flag: "5 wood and 2 thread"', [words.FLAG_COST, words.FLAG_ONE, words.FLAG_OWNED],
     ["5 Wood, 2 Thread spent"], None),
    ('5.3.3.3 the Pylon of Purity: "30 Wood, 5 Steel and 2 Gold"', [words.PYLON_CURES],
     ["30 Wood, 5 Steel, 2 Gold spent", "(1, 0, -2) is no longer corrupted"], None),
    ('5.3.3.4 the Stag Station: "8 Stone, 5 Steel and 1 Hide"',
     [words.STAG_COST, words.STAGWAYS, words.STAGWAYS_REST],
     ["not moving into it: no hex's effects apply"], None),
    ('5.3.3.5 the Boardwalk: "on all biomes (including lake) for the cost of 10 wood"',
     [words.BOARDWALK_COST], ["Cy moves to (1, 0, 0)"], None),
    ('5.3.4 "on or adjacent to their hex"', [words.CONSTRUCTION, words.CONSTRUCT_WHERE], [], None),
    ('6 "Each player has 2 + ββ(S)β action points (AP)', [words.AP],
     ["Ann moves to (0, 0, 0); 1 AP spent, 4 left"], None),
    ('6.1 Scout: "AP Cost: 1 Select two hexes adjacent', [words.SCOUT, words.SCOUT_COST], [],
     None),
    ('6.2 Traverse: "AP Cost: 1 Move into an adjacent hex', [words.TRAVERSE, words.TRAVERSE_COST],
     [], None),
    ('8 "The first faction to occupy at least 10 hexes', [words.VICTORY], [], _winner),
    ('8 "The cycle then ends."', [words.CYCLE_ENDS], [], None),
    ('6.3 "A player may only fish if they are adjacent to or on a lake biome hex"',
     [said.FISH_WHERE], ["fishes from (0, 0, 0) into (1, 0, 0)"], None),
    ('6.3 "AP Cost: 1"; 6.4 "AP Cost: 1"', [words.AP],
     ["fish: costs 1 AP and Cy has 0 left", "receives 2 Wood; 1 AP spent"], None),
    ('6.3 "a base 70% chance of catching a fish"', [said.CATCH_CHANCE],
     ["70% to catch", "95% to catch"], None),
    ('7.3 "0% + 10% for every Medallion Fish', [],
     ["0% of catches Medallion", "30% of catches Medallion", "40% of catches Medallion"], None),
    ('7.3.1 "a random entry from the list below is granted"', [said.STANDARD_FISH], [], None),
    ("7.3.2 each Medallion Fish's conditions", [said.MEDALLION_CONDITIONS], [], None),
    ('7.3.2.1 "repeatedly rolling d2 until the result is 1"', [said.QUALITY], [], None),
    ('7.3.2.1 "they must name all the unnamed qualities', [said.NAME_QUALITIES], [], None),
    ("7.3.2.1 the quality score S", [], [], _quality_score),
    ('7.4.3.4 the Classic Rod "cannot be used to catch Medallion Fish"', [said.CLASSIC_ROD], [],
     None),
    ('6.4 "only ... on a hex with the Barren landmark and no features"',
     [said.FORAGE_WHERE, said.FORAGE], [], None),
    ('7.4.1 the Foraging Pouch: "roll 2d6 instead"', [said.FORAGING_POUCH], [], None),
    ('4 "If the randomisation is not resolved', [said.RANDOM_UNRESOLVED],
     ["no catch recorded by phase end"], None),
    ("7 gaining, granting, losing, revoking", [said.GRANT, said.REVOKE], [], None),
    ('7 "if it would be owned by a non-player, it is instead destroyed"', [said.NO_OWNER], [],
     None),
    ('7 "Reputable players may trade items', [said.TRADE, said.TRADE_REPUTABLE], [], None),
    ('7.1 "Each player has an inventory', [], ["gains 15 Wood, 2 Thread"], _inventory),
    ('7.1.2 "the item takes effect ... then the item is destroyed"', [said.USE], [], None),
    ("7.2 the ten resources", [said.RESOURCES], ["Wood is a resource"], None),
    ("7.4 each recipe",
     [said.CRAFTING, RECIPE_TEXT["Foraging Pouch"], RECIPE_TEXT["Standard Rod"],
      RECIPE_TEXT["Classic Rod"], RECIPE_TEXT["Binoculars"]], [], None),
    ('7.4.2 Binoculars: "a hex within two hexes of your location"', [RECIPE_TEXT["Binoculars"]],
     ["scout (-2, -2, 0), (-2, -1, 0): (-2, -2, 0) generated"], None),
    ("7.4.4 the Torch may destroy a Flag or a Boardwalk", [said.TORCH], [], None),
    ('7.4.5 Explosives "destroy every landmark and feature', [said.EXPLOSIVES], [], None),
]  # fmt: skip


def test_every_row_of_the_docs_table_is_listed() -> None:
    listed = [start for start, *_ in ROWS]
    rows = docs_rows()
    assert len(rows) == len(listed) > 40
    for cell in rows:
        assert sum(cell.startswith(start) for start in listed) == 1, cell[:120]


def test_every_clause_listed_is_the_seeds_own_words() -> None:
    for _, quoted, _, _ in ROWS:
        for clause in quoted:
            assert clause in SEED, clause[:80]


@pytest.mark.parametrize(
    "quoted, told_words, check",
    [pytest.param(q, w, c, id=start[:100]) for start, q, w, c in ROWS],
)
def test_the_example_touches_the_row(
    quoted: list[str], told_words: list[str], check: Check | None
) -> None:
    out = example_json()
    assert quoted or told_words or check
    missing = [c[:80] for c in quoted if c not in carried(out)]
    assert missing == []
    said_ = told(out)
    assert [w for w in told_words if w not in said_] == []
    assert check is None or check(out)
