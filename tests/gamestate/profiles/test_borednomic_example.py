"""BoredNomic's example (``wikibot/examples/borednomic.json``) touches every row of
docs/profiles.md's rule-by-rule table for the game (issue 27: "Example archives of both
games play at least two weeks of turns ... that touch every computed rule").

As for Infinite Nomic (tests/gamestate/profiles/test_infinite_nomic_example.py), each row's
clauses must be carried by the example's ``status --json`` (ARCHITECTURE.md 2b): an
action's ``clause`` or a payment's, a matter's outcome, a due event, or the game's end; a
rule the profile computes inside another verdict is touched by the words of that verdict
or by the state it computes. Each id quotes the row as the docs do; a row the docs add
without a line here fails :func:`test_every_row_of_the_docs_table_is_listed`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from gamestate.profiles import archive_from_dict
from gamestate.profiles.borednomic import clauses as c
from tests.gamestate.profiles.test_borednomic import EXAMPLE, SEED, game, report, roster
from tests.gamestate.profiles.test_infinite_nomic_example import DOCS

TABLE_TITLE = "## BoredNomic (seed 000)"
SINCE = "2004-03-14T00:00:00Z"

Check = Callable[[dict[str, Any]], bool]


def docs_rows() -> list[str]:
    """The first cell of each body row of BoredNomic's rule-by-rule table."""
    section = DOCS.read_text(encoding="utf-8").split(TABLE_TITLE, 1)[1].split("\n## ", 1)[0]
    cells = []
    for line in section.splitlines():
        if line.startswith("| ") and not line.startswith(("| clause |", "|---")):
            cells.append(line.split(" | ", 1)[0][2:].strip())
    return cells


def example_raw() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return found


def example_json(now: str | None = None) -> dict[str, Any]:
    """``status --json`` of the example at ``now`` (its own by default), since the last
    Sunday update."""
    from wikibot.cli.profile_render import report_to_json

    raw = example_raw()
    archive = archive_from_dict(raw, source="borednomic.json")
    out: dict[str, Any] = report_to_json(report(archive, now or raw["now"], SINCE))
    return out


def small_json(members: list[dict[str, Any]], events: list[dict[str, Any]]) -> dict[str, Any]:
    """``status --json`` of a small archive of its own (the week of Monday 1 March 2004,
    Chicago time, as the example's), on the Friday after its Thursday update."""
    from wikibot.cli.profile_render import report_to_json

    archive = game(events=events, members=members)
    out: dict[str, Any] = report_to_json(report(archive, "2004-03-05T18:00:00Z"))
    return out


def carried(out: dict[str, Any]) -> set[str]:
    """Every clause the JSON carries: actions', their payments' (13.1's $200, 17.7's $50),
    matters', and the game's end (BoredNomic's due events name no clause)."""
    found = {a["clause"] for a in out["actions"]}
    found |= {p["clause"] for a in out["actions"] for p in a["payments"]}
    found |= {m["clause"] for m in out["matters"].values()}
    if out["game_end"] is not None:
        found.add(out["game_end"]["clause"])
    return found


def told(out: dict[str, Any]) -> str:
    """The words of every action's reason, each payment's why, and each due event."""
    lines = [a["reason"] for a in out["actions"]]
    lines += [p["why"] for a in out["actions"] for p in a["payments"]]
    return "\n".join(lines + [d["event"] for d in out["due"]])


def players(out: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The players' state (``state`` also carries the board, prices, the Admin, the pause)."""
    names = [m["name"] for m in example_raw()["roster"] if "admin" not in m["roles"]]
    return {name: out["state"][name] for name in names}


def square(out: dict[str, Any], number: int) -> dict[str, Any]:
    found: dict[str, Any] = out["game_state"]["board"][number - 1]
    return found


def _seeds_words_only(out: dict[str, Any]) -> bool:
    return all(clause in SEED for clause in carried(out))


def _the_admin(out: dict[str, Any]) -> bool:
    admin = out["game_state"]["admin"]
    return admin["name"] == "The T" and any(a["player"] == "The T" for a in out["actions"])


def _admin_no_player(out: dict[str, Any]) -> bool:
    return "The T" not in out["state"] and all(
        a["player"] != "The T" for a in out["actions"] if a["type"] == "turn"
    )


def _whole_dollars(out: dict[str, Any]) -> bool:
    amounts = [p["amount"] for a in out["actions"] for p in a["payments"]]
    amounts += [s["money"] for s in players(out).values()]
    return all(isinstance(n, int) and not isinstance(n, bool) for n in amounts)


def _ten_thousand(out: dict[str, Any]) -> bool:
    ann = next(m for m in example_raw()["roster"] if m["name"] == "Ann")
    return "money" not in ann["state"] and out["state"]["Ann"]["money"] > 0


def _items_kept(out: dict[str, Any]) -> bool:
    ben = out["state"]["Ben"]
    return bool(ben["items"] == ["Golden Gladius"] and ben["tickets"] == 0)


def _board(out: dict[str, Any]) -> bool:
    return len(out["game_state"]["board"]) == 22


def _grid(out: dict[str, Any]) -> bool:
    eleven, twenty_one = square(out, 11), square(out, 21)
    return (eleven["row"], eleven["column"], twenty_one["row"], twenty_one["column"]) == (
        1, 9, 2, 0,
    )  # fmt: skip


def _colours(out: dict[str, Any]) -> bool:
    return [square(out, n)["colour"] for n in (1, 2, 3, 4, 5, 6)] == [
        "Red", "Yellow", "Green", "Cyan", "Blue", "Red",
    ]  # fmt: skip


def _steps_in_order(out: dict[str, Any]) -> bool:
    kinds = [(a["player"], a["type"]) for a in out["actions"] if a["at"] >= "2004-03-11T14"]
    return kinds.index(("Dee", "turn")) < kinds.index(("Dee", "category"))


def _rules_changed(out: dict[str, Any]) -> bool:
    return bool(out["game_state"]["prices"]["hit point"] == 225)


def _updates(out: dict[str, Any]) -> bool:
    """Turns fall in the updates (Thursdays 4 and 11, Sundays 7 and 14 March), one due."""
    days = {a["at"][:10] for a in out["actions"] if a["type"] == "turn" and a["allowed"]}
    thursdays_sundays = {"2004-03-04", "2004-03-07", "2004-03-11", "2004-03-14"}
    return days == thursdays_sundays and "Sunday update" in {d["event"] for d in out["due"]}


def _admin_paid(out: dict[str, Any]) -> bool:
    events = {d["event"] for d in out["due"]}
    return out["game_state"]["admin"]["money"] > 0 and "Rule Proposition Period begins" in events


def _paused(out: dict[str, Any]) -> bool:
    """The Admin's p14, the last sent in the paused week, is open; the game is still paused
    (it unpauses only if p14 is accepted, when voting closes)."""
    return out["game_state"]["paused"] is True and out["matters"]["p14"]["outcome"] == "open"


def _no_lawsuit(out: dict[str, Any]) -> bool:
    return out["game_end"] is None


def _integers(out: dict[str, Any]) -> bool:
    keys = ("level", "experience", "hit_points", "votes_in_reserve", "propositions_in_reserve")
    return all(type(s[k]) is int for s in players(out).values() for k in keys)


def _reserves(out: dict[str, Any]) -> bool:
    return (out["state"]["Cy"]["propositions_in_reserve"], out["matters"]["p6"]["outcome"]) == (
        2, "not considered",
    )  # fmt: skip


def _experience(out: dict[str, Any]) -> bool:
    """p1 (Ann's, Yay from Ann and Ben) accepted as voting closes: Ann +10 and +1, a level."""
    before, after = example_json("2004-03-07T05:59:59Z"), example_json("2004-03-07T06:00:00Z")
    ann = [(s["state"]["Ann"]["level"], s["state"]["Ann"]["experience"]) for s in (before, after)]
    ben = [s["state"]["Ben"]["experience"] for s in (before, after)]
    return ann == [(1, 8), (2, 9)] and ben == [3, 4]


def _million(_: dict[str, Any]) -> bool:
    """Ann's egg takes her to $1,000,000 (19.1); Ben's later ticket is refused (11.2)."""
    events: list[dict[str, Any]] = [
        {"at": "2004-03-04T12:00:00Z", "type": "action", "player": "Ann",
         "action": "exchange egg", "count": 1},
        {"at": "2004-03-04T13:00:00Z", "type": "action", "player": "Ben",
         "action": "buy ticket"},
    ]  # fmt: skip
    out = small_json(roster(Ann={"money": 999_000, "eggs": 1}), events)
    refused = out["actions"][-1]
    return (
        out["winners"] == ["Ann"]
        and out["game_end"]["clause"] == c.MILLION
        and (refused["allowed"], refused["clause"]) == (False, c.GAME_ENDS)
    )


def _last_solvent(_: dict[str, Any]) -> bool:
    """Ben, at $50, answers Ann's Robe wrong and is bankrupt: Ann is the last one solvent."""
    members: list[dict[str, Any]] = [
        {"name": "Ann", "roles": [], "state": {"items": ["Inquisitor's Robe"]}},
        {"name": "Ben", "roles": [], "state": {"money": 50}},
        {"name": "The T", "roles": ["admin"], "player": False},
    ]
    events: list[dict[str, Any]] = [
        {"at": "2004-03-04T12:00:00Z", "type": "answer", "player": "Ben", "correct": False,
         "by": "Ann", "question": "q1"},
    ]  # fmt: skip
    out = small_json(members, events)
    return bool(out["winners"] == ["Ann"] and out["game_end"]["clause"] == c.LAST_SOLVENT)


def _gladius(out: dict[str, Any]) -> bool:
    return bool(out["state"]["Ben"]["beaten"] == ["Cy", "Dee", "Ann"])


def _one_by_one(out: dict[str, Any]) -> bool:
    turns = [a for a in out["actions"] if a["type"] in ("turn", "use ticket")]
    return len([a for a in turns if a["allowed"]]) == 17 and all(
        len({a["player"] for a in turns if a["at"] == at})
        == len([a for a in turns if a["at"] == at])
        for at in {a["at"] for a in turns}
    )


def _traded(out: dict[str, Any]) -> bool:
    return bool(square(out, 5)["owner"] == "Ann")


def _inquisition(out: dict[str, Any]) -> bool:
    return square(out, 22)["owner"] is None


def _robe(out: dict[str, Any]) -> bool:
    dee = out["state"]["Dee"]
    return (dee["correct_answers"], dee["items"]) == (10, ["Inquisitor's Robe"])


# (the row's first cell as the docs begin it, clauses carried, words told, a state check)
ROWS: list[tuple[str, list[str], list[str], Check | None]] = [
    ('1.1 "All players must at all times abide by the rules"', [], [], _seeds_words_only),
    ("2.1 the Admin", [], ["the turns' order"], _the_admin),
    ('3.1 "a unique username"', [c.REMOVED], ["Eve is not in the game at 2004-03-16"], None),
    ('3.2 "The Admin is not considered to be a player"', [], [], _admin_no_player),
    ('4.1 "All fractional dollar amounts', [], [], _whole_dollars),
    ('4.2 "Each player begins the game with $10000"', [], [], _ten_thousand),
    ('4.3 "less than $1 ... bankrupt"', [c.BANKRUPT_NO_LOSS], ["Cy has $0: bankrupt"], None),
    ('4.4 "A player who is bankrupt may not propose', [c.BANKRUPT_MAY_NOT], [], None),
    ('4.5 sell all "for one third', [c.SELL_BACK], ["sells square 3, 1 Ticket"], None),
    ('5.1 "no limit to how many items"', [], [], _items_kept),
    ("5.3 Ticket to the Arena", [c.TICKET, c.TICKET_PRICE], ["jumps from 8 to 21"], None),
    ('6.2 "initially contain 20 squares"', [c.SQUARE_ADDED],
     ["square 21 added (Red), as p1 ordered", "as rule 20.1 names it"], None),
    ('6.1 "The board must always contain at least one square"', [], [], _board),
    ('6.4 successor', [], ["from 20 over 21, 22, 1, 2 to 3"], None),
    ('6.5 "a grid with 10 columns"', [], [], _grid),
    ('6.6 "All players start the game on Square #1"', [], ["from 1 over 2, 3, 4 to 5"], None),
    ("6.7 move: leave, pass over, land; 6.8 jump", [c.TURN, c.TICKET],
     ["from 12 over 13, 14", "jumps from 8 to 21"], None),
    ('6.9 colours', [], ["square 22 added (Yellow)"], _colours),
    ('7.1 "the Admin will roll two regular 6-sided dice"', [c.TURN], ["rolls 3 + 4 = 7"], None),
    ('7.2 "Actions. Dice Rolls. Movement.', [], [], _steps_in_order),
    ('8.1 "A proposal is one of the following:"', [c.PROPOSAL_IS], [], None),
    ('8.2 "the Admin, time permitting', [c.SEND_BACK], [], None),
    ('8.3 "Yay, Nay, or Abstain"', [c.ACCEPTED, c.REJECTED], [], None),
    ('8.4 "the current rules are modified accordingly"', [c.ACCEPTED],
     ["as p7 ordered"], _rules_changed),
    ("8.5 the Admin's veto", [c.VETO], [], None),
    ('9.1 "each player will receive one turn', [c.RANDOM_ORDER, c.ROUND_ROBIN],
     ["the turns' order: Ann, Ben, Dee, Cy",
      "out of turn: the order drawn is Ann, Ben, Dee, Eve, Cy"], None),
    ("9.2 two proposals a week; 9.3 the Voting Period",
     [c.TWO_PROPOSALS, c.PROPOSAL_DEADLINE, c.VOTE_DEADLINE], [], None),
    ('9.4 actions "posted during the Thursday update"', [], [], _updates),
    ('9.6 "the Admin gets 1 Disinterested Dollar each period"', [], [], _admin_paid),
    ('10.1 "During a pause, no turns are taken"', [c.PAUSE], [], None),
    ('10.2 "the Admin will make the only proposal that week"',
     [c.ADMIN_ONLY_PROPOSAL], [], _paused),
    ('11.2 "Once someone has been declared the winner', [], [], _last_solvent),
    ("11.1 a board game manufacturer's lawsuit", [], [], _no_lawsuit),
    ('12.1 "These values must always be integers"', [], [], _integers),
    ("12.3 level-ups; 12.4", [], ["Ben reaches level 3",
     "Ann loses 15 hit points (0 or less: 100 again, level 3 - 2 = 1, then 12.3's level-ups: "
     "level 2)"], None),
    ("12.5 experience for accepted proposals", [], [], _experience),
    ('12.6 "resetting themselves to level one', [c.RESET_LEVEL], ["resets to level one"], None),
    ('12.7 hit points "$250 per point"', [c.BUY_HIT_POINTS],
     ["buys back 1 hit point(s)"], _rules_changed),
    ('13.1 "passes over a square named "Go"', [c.GO], [], None),
    ('14.1 a hen "for $3000"', [c.HEN_PRICE], ["buys hen 1 of 4"], None),
    ('14.2 "a 1 in 4 chance', [c.HEN_LAYS], ["1 hen(s) lay 1 Golden Egg(s)"], None),
    ('14.3 "exchanged for $1000"', [c.EGG_EXCHANGE], ["exchanges 1 Golden Egg(s)"], None),
    ("15 PropositionsInReserve, VotesInReserve", [c.TWO_PROPOSALS], [], _reserves),
    ('16.1 buy "at a cost of 25 * (the square number)"', [c.BUY_SQUARE],
     ["buys square 8 for $200"], None),
    ('16.3 "must submit a name"', [c.NAME_SQUARE, c.NAME_REJECTED],
     ["the Admin rejects 'Five Alive'"], None),
    ('16.4 "voluntarily give up ownership"', [c.GIVE_UP], ["gives up square 3"], None),
    ('16.5 "When a player lands on a square owned by another player', [c.OTHERS_SQUARE],
     ["16.5 lists nothing to happen"], None),
    ('17.1 "Square 21 is The Arena."', [], ["lands on The Arena: Ben may initiate combat"], None),
    ('17.2 "he may initiate combat', [c.COMBAT_DICE], ["Ben [5, 6, 4, 3] = 18"], None),
    ('17.3 "The player with the highest result wins"', [c.COMBAT_DICE],
     ["Ben wins; Dee loses 12 hit points"], None),
    ('17.4 "20 experience points for each opponent beaten"', [c.COMBAT_WIN],
     ["takes a Golden Egg from Cy"], None),
    ("17.5, 17.6 who has beaten whom", [], [], _gladius),
    ("17.7 the Gladius's", [c.GLADIUS], ["Eve [1, 2, 1] = 4", "a combat in the arena"], None),
    ('17.8 two players landing on the arena', [], [], _one_by_one),
    ("18.1, 18.2 trades", [c.TRADE], ["trade t1: Ann gives Dee $500; Dee gives Ann square 5"],
     None),
    ("18.3 no change to a traded object", [], [], _traded),
    ('19.1 "at least 1,000,000 Disinterested Dollars"', [], [], _million),
    ('20.1 The Inquisition "can not be owned"', [], ["lands on The Inquisition"], _inquisition),
    ("20.2 the category die", [c.CATEGORY], ["rolls 2: Geography"], None),
    ('20.3 the answer "before the player can advance"', [c.ANSWER_FIRST],
     ["Dee has not yet answered the Inquisition's question"], None),
    ('20.4 "100 disinterested dollars', [c.CORRECT], [], _robe),
    ("20.6 the Robe's quiz", [c.ROBE_ANSWERS], ["Ann answers Dee's question (music-3) wrong"],
     None),
    ('20.7 "each player is given a different question"', [c.DIFFERENT_QUESTION],
     ["question music-3 was given to Ann in this update by Dee"], None),
]  # fmt: skip


# Rows no one example can carry alongside the others (each ends the game): a small archive
# of their own checks them.
OWN = {
    '11.2 "Once someone has been declared the winner',
    '19.1 "at least 1,000,000 Disinterested Dollars"',
}


def test_every_row_of_the_docs_table_is_listed() -> None:
    listed = [start for start, *_ in ROWS]
    rows = docs_rows()
    assert len(rows) == len(listed) > 60
    for cell in rows:
        assert sum(cell.startswith(start) for start in listed) == 1, cell[:120]


def test_every_clause_listed_is_the_seeds_own_words() -> None:
    for _, quoted, _, _ in ROWS:
        for clause in quoted:
            assert clause in SEED, clause[:80]


def touches(quoted: list[str], told_words: list[str], check: Check | None) -> None:
    out = example_json()
    assert quoted or told_words or check
    assert [q[:80] for q in quoted if q not in carried(out)] == []
    said = told(out)
    assert [w for w in told_words if w not in said] == []
    assert check is None or check(out)


@pytest.mark.parametrize(
    "quoted, told_words, check",
    [
        pytest.param(
            q, w, ch, id=start[:100] + (" (its own small archive)" if start in OWN else ""),
        )
        for start, q, w, ch in ROWS
    ],
)  # fmt: skip
def test_the_example_touches_the_row(
    quoted: list[str], told_words: list[str], check: Check | None
) -> None:
    touches(quoted, told_words, check)
