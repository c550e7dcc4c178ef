"""Nomopoly's example (``wikibot/examples/nomopoly.json``) touches every row of
docs/profiles.md's rule-by-rule tables for the game (issue 27: "Example archives of both
games play at least two weeks of turns (BoredNomic) or days (Nomopoly) that touch every
computed rule").

As for Infinite Nomic (tests/gamestate/profiles/test_infinite_nomic_example.py), each row's
clauses must be carried by the example's ``status --json`` (ARCHITECTURE.md 2b): an
action's or a matter's ``clause`` (Nomopoly joins the clauses one verdict applies, so a
clause is carried when it is part of one), the game's end, or the words of a verdict, the
state, or the board page that draws it. The example is read at the end of its fifteen GMT
days (2000-03-15T12:00:00Z, as its note says). Legal threats and a block of
four end the game, and a buy naming Heaven is refused by the reader, so a copy of the
example that receives them checks each of those rows (:data:`OWN`).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from gamestate.profiles import ProfileError, archive_from_dict
from gamestate.profiles.nomopoly import PROFILE
from gamestate.profiles.nomopoly import clauses as c
from gamestate.profiles.nomopoly.board import BLOCK_CONDITION
from tests.gamestate.profiles.test_infinite_nomic_example import DOCS
from tests.gamestate.profiles.test_nomopoly import EXAMPLE, _seed_words

TITLES = ("### Nomopoly rule by rule", "### Nomopoly beyond the squares")
END = "2000-03-15T12:00:00Z"
SINCE = "2000-03-02T00:00:00Z"

Check = Callable[[dict[str, Any]], bool]


def docs_rows() -> list[str]:
    """The first cell of each body row of Nomopoly's two rule-by-rule tables."""
    text = DOCS.read_text(encoding="utf-8")
    cells = []
    for title in TITLES:
        section = text.split(title, 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
        for line in section.splitlines():
            if line.startswith("| ") and not line.startswith(("| clause |", "|---")):
                cells.append(line.split(" | ", 1)[0][2:].strip())
    return cells


def example_raw() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return found


def status(raw: dict[str, Any], now: str = END) -> dict[str, Any]:
    """``status --json`` of an archive at ``now``, with the board page it draws."""
    from gamestate.profiles import parse_time
    from wikibot.cli.profile_render import report_to_json
    from wikibot.wiki.pages.nomopoly_pages import board

    archive = archive_from_dict(raw, source="nomopoly.json")
    result = PROFILE.evaluate(archive, parse_time(now, "now"), parse_time(SINCE, "since"))
    out: dict[str, Any] = report_to_json(result)
    out["board page"] = board(result)  # not 2b: the test's own note of the page
    return out


def example_json() -> dict[str, Any]:
    return status(example_raw())


def carried(out: dict[str, Any]) -> list[str]:
    """The clauses the JSON carries: actions', matters', the game's end."""
    found = [a["clause"] for a in out["actions"]]
    found += [m["clause"] for m in out["matters"].values()]
    if out["game_end"] is not None:  # Nomopoly's end names its condition in the seed's words
        found.append(out["game_end"]["condition"])
    return found


def told(out: dict[str, Any]) -> str:
    """The words of every action's and matter's reason, each due event, and the board page."""
    lines = [a["reason"] for a in out["actions"]]
    lines += [m["reason"] for m in out["matters"].values()]
    lines += [d["event"] for d in out["due"]]
    return "\n".join([*lines, out["board page"]])


def _origon(out: dict[str, Any]) -> bool:
    ann = next(m for m in example_raw()["roster"] if m["name"] == "Ann")
    return "square" not in ann["state"] and "advance 8 from 1 to 9" in told(out)


def _one_place(out: dict[str, Any]) -> bool:
    where = [out["state"][name]["square"] for name in ("Ann", "Ben", "Cat")]
    return where == ["Heaven", 3, 8]  # Cat warps from 11 to 8 on the 15th


def _verses(out: dict[str, Any]) -> bool:
    return (out["game_state"]["verses"], out["game_state"]["board"]) == (17, 17)  # 16 + Cat's annex


def _named(out: dict[str, Any]) -> bool:
    return bool(out["game_state"]["names"]["3"] == "Fair Green")


def _rule_values(out: dict[str, Any]) -> bool:
    # p10 sets the dice to 3, Ann's p14 to 1; Cat's annex grows the board to 17.
    return (out["game_state"]["default_dice"], out["game_state"]["board"]) == (1, 17)


def _black(out: dict[str, Any]) -> bool:
    return bool(out["game_state"]["black"] == [8] and "background:#555" in out["board page"])


def _fined(_: dict[str, Any]) -> bool:
    """Ben, fined $30 on 8 March with $20 in hand, is owed half of it from the Poorbox."""
    ben = [
        status(example_raw(), t)["state"]["Ben"]
        for t in ("2000-03-08T17:00:00Z", "2000-03-08T20:00:00Z")
    ]
    return [(s["money"], s["poorbox_due"]) for s in ben] == [(20, False), (0, True)]


def _hand_then_vault(out: dict[str, Any]) -> bool:
    """Ann's $30 fine on 14 March takes her $27 in hand, then $3 of the $10 in her vault."""
    before = status(example_raw(), "2000-03-14T13:59:59Z")["state"]["Ann"]
    after = status(example_raw(), "2000-03-14T14:00:00Z")["state"]["Ann"]
    return (before["money"], before["vault"]["money"], after["money"], after["vault"]["money"]) == (
        27, 10, 0, 7,
    )  # fmt: skip


def _released(_: dict[str, Any]) -> bool:
    """Cat, a day in the Inferno from 7 March, is back on her square 2 on the 9th."""
    held, back = (
        status(example_raw(), "2000-03-07T12:00:00Z"),
        status(example_raw(), "2000-03-09T12:00:00Z"),
    )
    return (held["state"]["Cat"]["square"], back["state"]["Cat"]["square"]) == (
        "Tyrethali's Inferno", 2,
    ) and back["game_state"]["inferno"] == []  # fmt: skip


def _legal_threats(_: dict[str, Any]) -> bool:
    """The example with the admin's legal threats on its third day: nothing later is done."""
    raw = copy.deepcopy(example_raw())
    raw["events"].append({"at": "2000-03-03T12:00:00Z", "type": "legal_threats", "by": "Joel"})
    out = status(raw)
    return (
        out["game_end"] is not None
        and out["game_end"]["condition"] in c.LEGAL_END
        and out["game_end"]["winner"] is None
        and out["winners"] == []
        and all(a["at"] <= "2000-03-03T12:00:00Z" for a in out["actions"])
    )


def _block_victory(_: dict[str, Any]) -> bool:
    """A copy of the example where Ben starts owning squares 3, 5 and 14 of rank 1: his buy
    of square 8 on 2 March makes a block of four in that rank, and the game ends that day
    with Ben its one winner (the end names :data:`BLOCK_CONDITION`, the short of c.BLOCK)."""
    raw = copy.deepcopy(example_raw())
    ben = next(m for m in raw["roster"] if m["name"] == "Ben")
    ben["state"]["owns"] = [3, 5, 14]
    before = status(raw, "2000-03-01T12:00:00Z")
    out = status(raw)
    return (
        before["game_end"] is None
        and out["game_end"] == {"day": "2000-03-02", "winner": "Ben", "condition": BLOCK_CONDITION}
        and out["winners"] == ["Ben"]
        and out["state"]["Ben"]["owns"] == [3, 5, 8, 14]
        and all(a["at"] < "2000-03-03" for a in out["actions"])
    )


def _heaven_unowned(_: dict[str, Any]) -> bool:
    """A copy of the example where Ann buys a Drain for Heaven: the reader refuses it (a
    buy or an Upgrade names a square, and Heaven is none), so no example can hold it."""
    raw = copy.deepcopy(example_raw())
    upgrade = {"action": "buy an Upgrade", "square": "Heaven", "upgrade": "Drain"}
    raw["events"].append(
        {"at": "2000-03-14T12:30:00Z", "type": "action", "player": "Ann", **upgrade}
    )
    with pytest.raises(ProfileError, match="square 'Heaven' is off the board"):
        status(raw)
    return True


# (the row's first cell as the docs begin it, clauses carried, words told, a state check)
ROWS: list[tuple[str, list[str], list[str], Check | None]] = [
    ('"The admin owns and rolls', [], ["threw [3, 5, 2]", "threw [6, 2, 3, 1]"], None),
    ('"The decision of the admin is final."', [],
     ["accepted in part at", "Cat is sentenced to Tyrethali's Inferno", "trade t3 lapsed"], None),
    ('"Order of the Admins Day"', [],
     ["admin's day 2000-03-01", "batch 2000-03-01, turn 3"], None),
    ('"Anyone may join the game', [], [], _origon),
    ('"one and only one player achieves', [], [], _block_victory),
    ('"The game will end immediately', [], [], _legal_threats),
    ('"Each player occupies either exactly one square or exactly one circle."', [], [],
     _one_place),
    ('"The size of the universe', [], [], _verses),
    ('"continue movement in the current direction', [],
     ["moved on 1 past occupied squares"], None),
    ('"By direct action of a proposal which requires a new named square', [], [], _named),
    ('"A player may spend three (3) Real Estate Guides', [c.ANNEX], [], None),
    ("a proposal's new rule values", [], [], _rule_values),
    ('"The number of dice thrown defaults to 2"', [c.ACCEPTED_DICE],
     ["dice 2 + 1", "bonus $3", "doubles: another turn"], None),
    ('"If a player on the last square is required to advance', [],
     ["advance 11 from 13 to 9", "Payday $31 on [16, 1, 2, 4, 8]"], None),
    ('"Shape of the Board"', [], ["'''16'''"], None),
    ("Proposals: replacing", [c.REPLACE, c.ACCEPTED_DICE, c.REJECTED_DICE, c.ZERO_DICE],
     ["accepted in part at", "retreat 3 from 9 to 6", "batch 2000-03-02",
      "dice 1 - 1 (rejected) = 0: 0 or below, retreat one"], None),
    ("Payday", [], ["Payday $14 on [2, 4, 8]"], None),
    ('"A Player may purchase any unowned square', [c.BUY], ["Ann has no Real Estate Guide"],
     None),
    ('"When a square is first purchased', [c.FIRST_NAME], ["named 'Bankside'"], None),
    ('Upgrades "costing', [c.UPGRADE, c.DISRUPTOR],
     ["paid Ben $1 for 1 Drain(s) on square 8"], None),
    ('"Whenever a player makes a proposal, she loses', [],
     ["Ann has no Real Estate Guide", "bought square 8 for one Real Estate Guide"], None),
    ('"A Player may sell a square', [c.SELL], [], None),
    ('"renames"', [c.ORDER_OF_THE_DAY], ['square 8 is now "Ann\'s Bank"'], None),
    ('Ye Olde Poorbox: "Whenever a property is invested in', [c.POORBOX_INVEST],
     ["$1 placed in Ye Olde Poorbox", "$4 of their $4 came from Ye Olde Poorbox"], _fined),
    ('"If at any time, a player is obliged to accept money', [c.POOR_WRETCH],
     ["Ben is a poor wretch"], None),
    ('"Ye Olde Poorbox shall be green."', [],
     ["background:#bde5b8; width:8em\" | '''6'''<br/>Ye Olde Poorbox: $51"], None),
    ('"A Player may only move to or through a Square containing a Brick', [],
     ["its Bricks outnumber every die"], None),
    ('"If a Square contains more than six Bricks', [c.BRICK_MAX], [], None),
    ("Warp Gate:", [c.WARP_PRICE], ["the Warp Gate on square 2 costs $2"], None),
    ('"Any player on a square with a Warp Gate may pay', [c.WARP_USE],
     ["pays $3 to Ben and $3 to Cat; warps from 8 to 2"], None),
    ('"This counts as landing on the square', [c.WARP_LANDS, c.WARP_ONCE],
     ["Ann has used a Warp Gate this turn", "warps from 11 to 8; paid Ann $1 for 1 Drain(s)"],
     None),
    ("Savings and Loan:", [c.SAVINGS], ["pays Ben $1 at square 8"], _black),
    ('"The bank may only be interacted with', [c.BANK_ONLY],
     ["deposits 10 money", "no Savings and Loan branch on Ben's square 3"], None),
    ('"Money in the bank will be used to pay fees', [], [], _hand_then_vault),
    ("Trades:", [c.TRADE, c.TRADE_UPGRADES], ["Ben gives Ann square 8 with its upgrades"], None),
    ("Faith:", [c.FAITH_CREATE, c.ATHEIST], ["creates Dicism, god Origon"], None),
    ("Heaven:", [c.HEAVEN], ["jumps to Heaven"], None),
    ("Tyrethali's Inferno:", [c.INFERNO],
     ["posts bail of $40; Cat returns from Tyrethali's Inferno to square 11"], _released),
    ('"All players involved in a trade must e-mail', [c.TRADE], ["trade t3 lapsed"], None),
    ('"Any faith that does not fulfill', [c.FAITH_DISBAND], ["disbanded"], None),
    ('"Heaven is directly above Origon."', [],
     ["directly above Origon</small><br/>⬤ Ann", "directly below Origon</small>"],
     None),
    ('"Heaven may not be owned', [], [], _heaven_unowned),
    ('"Players may trade properties', [c.TRADE], ["Ann gives Ben $5"], None),
]  # fmt: skip


# Rows no one example can carry alongside the others: a copy of the example checks them.
OWN = {
    '"one and only one player achieves',
    '"The game will end immediately',
    '"Heaven may not be owned',
}


def test_every_row_of_the_docs_tables_is_listed() -> None:
    listed = [start for start, *_ in ROWS]
    rows = docs_rows()
    assert len(rows) == len(listed) > 40
    for cell in rows:
        assert sum(cell.startswith(start) for start in listed) == 1, cell[:120]


def test_every_clause_listed_is_the_seeds_own_words() -> None:
    seed = _seed_words()
    for _, quoted, _, _ in ROWS:
        for clause in quoted:
            assert clause in seed, clause[:80]


def touches(quoted: list[str], told_words: list[str], check: Check | None) -> None:
    out = example_json()
    assert quoted or told_words or check
    found = carried(out)
    assert [q[:80] for q in quoted if not any(q in clause for clause in found)] == []
    said = told(out)
    assert [w for w in told_words if w not in said] == []
    assert check is None or check(out)


@pytest.mark.parametrize(
    "quoted, told_words, check",
    [
        pytest.param(
            q, w, ch,
            id=start[:100] + (" (a copy of the example of its own)" if start in OWN else ""),
        )
        for start, q, w, ch in ROWS
    ],
)  # fmt: skip
def test_the_example_touches_the_row(
    quoted: list[str], told_words: list[str], check: Check | None
) -> None:
    touches(quoted, told_words, check)
