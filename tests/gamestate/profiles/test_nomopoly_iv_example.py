"""Nomopoly IV's example (``example:nomopoly-iv``, what ``nomicbot demo`` shows) touches
every row of docs/profiles.md's rule-by-rule tables for the game (issue 28: "The example
archives of both games touch every computed rule").

For each row, the clauses its verdicts carry must be carried by the example's
``status --json`` (ARCHITECTURE.md 2b): an action's ``clause`` (or a clause its ``reason``
quotes), a matter's outcome, a due event, or the game's end; or the row is touched by the
words of an effect or a due event, or by the state it computes. A row this example cannot
show (a proposal implemented before the example's books begin, a rule not in force) says
why in its id and is checked by the state it leaves. The helpers that read the JSON are
Infinite Nomic's (:mod:`tests.gamestate.profiles.test_infinite_nomic_example`). A row the
docs add without a line here fails :func:`test_every_row_of_the_docs_tables_is_listed`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from gamestate.profiles import archive_from_dict
from gamestate.profiles.nomopoly_iv import clauses, gap_clauses, hp_clauses
from tests.gamestate.profiles.test_infinite_nomic_example import DOCS, told
from tests.gamestate.profiles.test_infinite_nomic_example import carried as carried_plain
from tests.gamestate.profiles.test_nomopoly_iv import EXAMPLE, SEED, run

TABLE_TITLES = (
    "### Nomopoly IV's resources, and what a player may see",
    "### Nomopoly IV's squares, hit points and combat",
    "### Nomopoly IV's forts, teleporters, ? Boxes and limits",
)

Check = Callable[[dict[str, Any]], bool]


def docs_rows() -> list[str]:
    """The first cell of each body row of the three Nomopoly IV rule-by-rule tables."""
    text = DOCS.read_text(encoding="utf-8")
    cells = []
    for title in TABLE_TITLES:
        section = text.split(title, 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
        for line in section.splitlines():
            if line.startswith("| ") and not line.startswith(("| clause |", "|---")):
                cells.append(line.split(" | ", 1)[0][2:].strip())
    return cells


def example_json() -> dict[str, Any]:
    """``status --json`` of the example at its own ``demo`` instants."""
    from wikibot.cli.profile_render import report_to_json

    raw = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive_from_dict(raw, source="nomopoly-iv.json")  # reads as the CLI reads it
    out: dict[str, Any] = report_to_json(run(raw, raw["demo"]["now"], raw["demo"]["since"]))
    return out


def carried(out: dict[str, Any]) -> set[str]:
    """Infinite Nomic's :func:`carried`, and each clause a reason quotes in this profile's
    curly quotes: (“...”)."""
    found = carried_plain(out)
    for a in out["actions"]:
        found |= set(re.findall(r"\(“([^”]+)”\)", a["reason"]))
    return found


def units(out: dict[str, Any], player: str) -> dict[str, Any]:
    found: dict[str, Any] = out["state"][player]["units"]
    return found


def _resources(out: dict[str, Any]) -> bool:
    r = out["game_state"]["resources"]
    return (r["12"], r["30"], r["44"]) == (4000, 137, 4750)


def _ninety(out: dict[str, Any]) -> bool:
    r = out["game_state"]["resources"]
    new = [r[str(n)] for n in range(61, 91)]
    return len(r) == 33 and all(v % 1000 == 0 and 0 <= v <= 10000 for v in new)


def _board_after_sixty(out: dict[str, Any]) -> bool:
    implemented = out["game_state"]["implemented"]
    listed = not any("60" in name or "congestion" in name for name in implemented)
    return listed and max(int(s) for s in out["game_state"]["resources"]) == 90


def _squares_seen(out: dict[str, Any]) -> bool:
    return bool(out["game_state"]["resources"]["44"] == 4750)


def _on_squares(out: dict[str, Any]) -> bool:
    dee = units(out, "Dee")
    return (dee["Wall#1"]["square"], dee["Fort#1"]["square"]) == (45, 29)


def _max_hp(out: dict[str, Any]) -> bool:
    wall = units(out, "Dee")["Wall#1"]
    return bool(wall["hp"] == wall["max_hp"] == 500)  # repaired by 60, capped


def _killed(out: dict[str, Any]) -> bool:
    gone = "Warrior#3" not in units(out, "Ben") and "Laboratory#1" not in units(out, "Ann")
    return gone and out["state"]["Ann"]["scientists"] == {"Scientist#1": "idle"}


def _empathy(out: dict[str, Any]) -> bool:
    hit = [a for a in out["actions"] if a["at"] == "2006-10-30T13:30:00Z"][0]
    back = {"Ben": {"Mesmer#2": -10}, "Dee": {"Warrior#1": -10}}
    return bool(hit["effects"]["hit_points"] == back)


def kinds(out: dict[str, Any]) -> set[str]:
    """Every unit's and building's type in every player's ``state.units`` (``state`` also
    holds the game's own keys, ``boxes`` and the like)."""
    return {
        u["type"]
        for p in out["state"].values()
        if isinstance(p, dict) and isinstance(p.get("units"), dict)
        for u in p["units"].values()
    }


def _no_imps(out: dict[str, Any]) -> bool:
    kinds_ = kinds(out)
    return bool(kinds_) and not kinds_ & {"Imp", "Minion", "Lair"}


def _under_limit(out: dict[str, Any]) -> bool:
    moved = [
        abs(v) for a in out["actions"] for v in (a.get("effects") or {}).get("money", {}).values()
    ]
    return bool(moved) and max(moved) <= 100_000


def _no_railways(out: dict[str, Any]) -> bool:
    kinds_ = kinds(out)
    return bool(kinds_) and "Railway" not in kinds_  # Ann's was destroyed


def _ten_boxes(out: dict[str, Any]) -> bool:
    squares = [b["square"] for b in out["game_state"]["boxes"]]
    return len(set(squares)) == 10 and out["game_state"]["shop_square"] == 21


# (the row's first cell as the docs begin it, clauses carried, words told, a state check)
ROWS: list[tuple[str, list[str], list[str], Check | None]] = [
    ('"Each square currently on the board ... will receive a random amount', [], [], _resources),
    ('"Extend the board to 90 squares', [], [], _ninety),  # implemented before `since`
    ('"increase the board size to 60 squares', [], [], _board_after_sixty),
    ('Mine: "The player receives $250', [clauses.MINE], ["$250 mined"], None),
    ('Super Mining: "will receive $300', [clauses.SUPER_MINING_GENERAL_CASE, clauses.SUPER_MINING],
     ["Super Mining +$50"], None),
    ('Refinery: "an additional $50', [clauses.REFINERY, clauses.ONE_REFINERY],
     ["a Refinery on square 44 +$50"], None),
    ('Duck Pond: "If the Rber Ducky lands on a square containing a Duck Pond', [],
     ["the Duck Pond on square 30: $137 of the Bank Account of Terror's $275"], None),
    ('Fertile Season: "The square at which this Monk', [clauses.FERTILE_SEASON],
     ["square 12's resources $3000 -> $4000"], None),
    ('Imps: "the Imp will remove $100', [], [], _no_imps),  # not in force: no Imp acts
    ('"A player that is invisible', [clauses.GHOST], ["invisible until 2006-11-02T09:00:00Z"],
     None),
    ('"A player will only be able to see the amount of resources', [], [], _squares_seen),
    ('"Whether or not a unit is enchanted by Empathy', [hp_clauses.EMPATHY], [], None),
    ('"The unit or building will occupy a square on the board"', [hp_clauses.ONE_OWNER], [],
     _on_squares),
    ('"The player pays $1000 and receives a Laboratory', [hp_clauses.CREATED_AT_MAX],
     ["Refinery#1 received on square 44 at 300 hp"], None),
    ('Move: "to the square either directly above', [hp_clauses.ONE_OWNER, clauses.MOVE],
     ["Musketeer#1 to square 34"], None),
    ('"Distance is defined as the minimum number of moves', [],
     ["Mesmer#2 is 4 squares away, the range is 2", "square 31 is 4 from square 35 on the board"],
     None),
    ('"the current Square 1 becomes the new Square 2', [], [], _board_after_sixty),
    ('"Replace all occurrences in the rules of initial hit points',
     [hp_clauses.CREATED_AT_MAX, hp_clauses.NEVER_ABOVE_MAX], [], _max_hp),
    ('"SCV\'s will now have an initial HP of 40', [hp_clauses.SCV_40, hp_clauses.MONKS_40],
     ["Monk#1 (Ben) 15 -> 30"], None),
    ('"If a unit or building ever has its hit points reduced to 0 or less',
     [hp_clauses.DESTROYED, clauses.KILLS],
     ["Warrior#3 (Ben) 10 -> -3 hp, destroyed", "+5 experience to Dee",
      "Laboratory#1 (Ann) killed", "+20 experience to Dee"], _killed),
    ('Attack: "distance ... less than or equal to the range"',
     [hp_clauses.ATTACK_RANGE, hp_clauses.ATTACK_GREATER], ["attack 25 vs armor 3: -22"], None),
    ('Laser Howitzer: "75 against buildings', [hp_clauses.HOWITZER_ATTACK],
     ["attack 15 vs armor 2: -13"], None),
    ('Wall: "A player may not attack any unit or building in a territory containing a Wall',
     [hp_clauses.WALL], ["square 45 has a Wall (Wall#1)"], None),
    ('Bombard: "all buildings', [hp_clauses.BOMBARD], [], None),
    ('Repair: "the issuer pays $10', [hp_clauses.REPAIR], ["$10 paid, +60 hp"], None),
    ('Orison of Healing: "by 10 instead of 5"', [hp_clauses.HEAL_AREA], [], None),
    ('"(HP of new unit) = ceil(', [hp_clauses.TRANSFORM],
     ["Warrior#2 Warrior 37 hp -> SCV 30 hp"], None),
    ('Spell Shield: "that unit/player cannot be targeted', [hp_clauses.SPELL_SHIELD],
     ["is enchanted by Spell Shield"], None),
    ('Empathy: "the attacking unit is damaged for the same amount"', [hp_clauses.EMPATHY], [],
     _empathy),
    ("Fire Flower, the newest of its three versions", [hp_clauses.FIRE_FLOWER],
     ["Monk#2 (Ben) 40 -> 10 hp"], None),
    ('Star Egg: "All units and buildings on the same square', [hp_clauses.STAR_EGG_DAMAGE],
     ["Fort#1 (Dee) 1500 -> 1400 hp"], None),
    ('"If a player has any Uncharged Soul Gems when a unit is killed',
     [hp_clauses.SOUL_GEM_CHARGED], ["Ann's Uncharged Soul Gem becomes Charged"], None),
    ('"If a player who uses an Uncharged Soul Gem also has a Ghost',
     [hp_clauses.GHOST_SOUL_GEM], ["no Ghost, no effect; the Soul Gem is lost"], None),
    ('"A player who has a Charged Soul Gem may use it', [hp_clauses.CHARGED_SOUL_GEM],
     ["Teleporter#2 (Ben) -200 hp"], None),
    ('"A single square may not contain more than one Laboratory."',
     [hp_clauses.ONE_WALL, clauses.ONE_REFINERY], [], None),
    ('Research Breakthrough, Counter Research: "Can be issued to',
     [hp_clauses.SCIENTIST_ON_LABORATORY, hp_clauses.REFINE_ON_REFINERY], [], None),
    ('"If the Scientist occupies a square which does not contain a Laboratory',
     [clauses.LEAVES_LABORATORY],
     ["Scientist#1 (Ann) on square 49 with no Laboratory stops Researching"], None),
    ('Ride Railway: "This command may only be issued', [hp_clauses.RIDE_RAILWAY,
     hp_clauses.TELEPORT_FROM], ["no Teleporter on or next to square 41"], None),
    ("What a square holds, when the books cannot say", [],
     ["Scientist#2's square is not recorded: its Laboratory not checked"], None),
    ("Imps and Minions (section XIX", [], [], _no_imps),  # not in force: none is a unit
    ('"A player may build a Fort on the square he currently occupies', [gap_clauses.BUILD_A_FORT],
     ["Ben's Teleporter#1 is on square 31"], None),
    ('"Whenever a player is on a square containing a teleporter', [gap_clauses.TELEPORTER], [],
     None),
    ('Teleport: "The player pays $100 to the owner', [gap_clauses.TELEPORT_OWNER],
     ["$0, Ben's own Teleporter"], None),
    ('The Shop: "Trade in 2 Rotten Mushes for a Force Fielde"', [],
     [f"{gap_clauses.FORCE_FIELDE}: Force Field"], None),
    ('"No single action by any player may cause any player to gain or lose more then $100 000."',
     [], [], _under_limit),  # no player in the example holds near $100,000
    ('"If a player occupies a square that contains a ? box', [clauses.TAKE_THE_ITEM],
     ["Ben gets Coin"], None),
    ("Wilt Shroom, Moldy Mush, Rotten Mush", [gap_clauses.MUSH_NONE], [], None),
    ('Turns: "Before taking a turn', [clauses.JUMP], [], None),  # not in force: jumps instead
    ('Power Drain: "The player may select any player', [gap_clauses.POWER_DRAIN],
     ["Dee is on square 35, 7 from Mesmer#2's square 46"], None),
    ('"A player may, at any time, choose to jump', [clauses.JUMP, gap_clauses.JUMP_NOT_HERE],
     [], None),
    ('"For each Imping Stick and Imp-in-the-Box', [gap_clauses.SOUL_GEMS],
     ["Cy +1 Uncharged Soul Gem"], None),
    ('"If as this proposal is implemented a square contains more then one railroad', [], [],
     _no_railways),
    ('"(When this proposal is implemented, 10 ? boxes', [], [], _ten_boxes),
    ('"players may select an unoccupied square, pay $1250', [],
     ["gain a new fort: $1250 paid within the week"], None),
    ('"At all times, exactly 10 squares on the board will contain a "? box".', [],
     ["a new ? Box placed on square 61"], _ten_boxes),
    ('"The Rber Ducky occupies a square on the board', [],
     ["the Rber Ducky moves 3 to square 30"], None),
    ('The pies: "pushed one square forward"', [clauses.PIES],
     ["Ann hit by a pie: -$272, pushed to square 31"], None),
]  # fmt: skip


# Rows this example cannot show, and why: each is checked by the state it leaves instead.
WHY_STATE = {
    '"Extend the board to 90 squares': "implemented 2006-10-27T18:00Z, before the demo's since",
    '"increase the board size to 60 squares': "not an implemented proposal of the example",
    '"the current Square 1 becomes the new Square 2': "not an implemented proposal of the example",
    'Imps: "the Imp will remove $100': "not in force: no Imp is a unit",
    "Imps and Minions (section XIX": "not in force: no Imp, Minion or Lair is a unit",
    '"No single action by any player may cause any player to gain or lose more then $100 000."': (
        "no player holds near $100,000: every change is under it"
    ),
    'Turns: "Before taking a turn': "not in force: the jump took its place",
    '"If as this proposal is implemented a square contains more then one railroad': (
        "not among the example's implemented proposals; no Railway"
    ),
    '"(When this proposal is implemented, 10 ? boxes': "not an implemented proposal of the example",
}


def row_id(start: str) -> str:
    """The row as the docs begin it, and why it is checked by state when it is."""
    why = WHY_STATE.get(start)
    return start[:100] if why is None else f"{start[:80]} [by state: {why}]"


def test_every_row_of_the_docs_tables_is_listed() -> None:
    listed = [start for start, *_ in ROWS]
    assert set(WHY_STATE) <= set(listed)
    rows = docs_rows()
    assert len(rows) == len(listed) > 50
    for cell in rows:
        assert sum(cell.startswith(start) for start in listed) == 1, cell[:120]


def test_every_clause_listed_is_the_seeds_own_words() -> None:
    seed = SEED.read_text(encoding="utf-8")
    for _, quoted, _, _ in ROWS:
        for clause in quoted:
            assert clause in seed, clause[:80]


@pytest.mark.parametrize(
    "quoted, told_words, check",
    [pytest.param(q, w, c, id=row_id(start)) for start, q, w, c in ROWS],
)
def test_the_example_touches_the_row(
    quoted: list[str], told_words: list[str], check: Check | None
) -> None:
    out = example_json()
    assert quoted or told_words or check
    missing = [c[:80] for c in quoted if c not in carried(out)]
    assert missing == []
    said = told(out)
    assert [w for w in told_words if w not in said] == []
    assert check is None or check(out)
