"""BoredNomic's Admin's records (issue 27): a proposal sent back or judged not one (8.1,
8.2), a rule change carried out as the accepted proposal orders (8.4: ``add_square``,
``set_price``), the update's random order of turns (9.1, 9.5: ``turn_order``) and a
different question for each player (20.7). Each table's ids quote the seed's clause and
test its boundaries; junk is one line quoting the value cut short. No test reads a
clock."""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.profiles import ProfileError, Report, archive_from_dict
from gamestate.profiles.borednomic import PROFILE, clauses
from tests.gamestate.profiles.test_borednomic_board import act, chi, game, play, turn

# The week of 1 March 2004 (CST): proposals Monday to Wednesday, voting closes Saturday
# midnight, the Sunday update after.
MON, FRI = chi(3, 1), chi(3, 5)
CLOSES = chi(3, 7, 0)
"""Sunday 00:00:00 CST: "Votes must be received before midnight Saturday"."""
JUST_BEFORE = chi(3, 6, 23, 59, 59)
SUN = chi(3, 7)
BIG = "x" * 5000


def proposal(pid: str, author: str, *votes: tuple[str, str], at: str = MON) -> dict[str, Any]:
    return {
        "id": pid,
        "kind": "proposal",
        "author": author,
        "posted_at": at,
        "votes": [{"voter": v, "value": value, "at": FRI} for v, value in votes],
    }


def with_matters(data: dict[str, Any], *matters: dict[str, Any]) -> dict[str, Any]:
    data["matters"] = list(matters)
    return data


ACCEPTED = proposal("p1", "Ann", ("Ben", "Yay"), ("Cy", "Yay"))
REJECTED = proposal("p2", "Ann", ("Ben", "Nay"))


def send_back(matter: str, when: str, by: str = "The T", **more: Any) -> dict[str, Any]:
    return {"at": when, "type": "send_back", "matter": matter, "by": by, **more}


def outcome(result: Report, matter: str) -> tuple[str, str]:
    o = result.matters[matter]
    return o.outcome, o.clause


# 8.1, 8.2: the Admin's judgement of a proposal.
SEND_BACKS = [
    pytest.param(
        send_back("p1", FRI, reason="unclear"),
        ("not considered", clauses.SEND_BACK),
        id='8.2 "the Admin, time permitting, may send the proposal back": not voted on',
    ),
    pytest.param(
        send_back("p1", JUST_BEFORE),
        ("not considered", clauses.SEND_BACK),
        id="8.2 sent back at Saturday 23:59:59, before voting closes: not voted on",
    ),
    pytest.param(
        send_back("p1", MON),
        ("not considered", clauses.SEND_BACK),
        id="8.2 sent back at the instant it was made",
    ),
    pytest.param(
        send_back("p1", CLOSES),
        ("accepted", clauses.ACCEPTED),
        id='8.2 "time permitting": at Sunday 00:00:00 voting has closed, ignored',
    ),
    pytest.param(
        send_back("p1", FRI, by="Ben"),
        ("accepted", clauses.ACCEPTED),
        id="8.2 only the Admin sends back: Ben's is ignored",
    ),
    pytest.param(
        send_back("p1", FRI, rule="8.1", reason="a remark"),
        ("invalid", clauses.PROPOSAL_IS),
        id='8.1 "A proposal is one of the following:" the Admin judges it is none',
    ),
]


@pytest.mark.parametrize(("event", "expected"), SEND_BACKS)
def test_the_admin_sends_a_proposal_back(event: dict[str, Any], expected: tuple[str, str]) -> None:
    result = play(with_matters(game([event]), ACCEPTED))
    assert outcome(result, "p1") == expected
    warned = [w for w in result.warnings if w.startswith("matter p1 vote")]
    if expected[0] == "accepted":
        # Not sent back: the votes count, and Ann's 12.5's 10 experience points make level 2.
        assert warned == [] and result.state["Ann"]["level"] == 2
        assert any("send-back is ignored" in w for w in result.warnings)
    else:
        # The votes on it are ignored with a warning each; no one gets experience.
        assert len(warned) == 2 and all("the vote is ignored" in w for w in warned)
        assert (result.state["Ann"]["level"], result.state["Ann"]["experience"]) == (1, 0)
        assert "The T" in result.matters["p1"].reason


def test_a_proposal_sent_back_takes_none_of_the_two_places() -> None:
    """9.2 "only the last two sent will be considered": with the second sent back, Ann's
    first and third are her two."""
    first = proposal("a", "Ann", ("Ben", "Yay"), at=chi(3, 1, 9))
    second = proposal("b", "Ann", at=chi(3, 1, 10))
    third = proposal("c", "Ann", ("Ben", "Yay"), at=chi(3, 2, 9))
    data = with_matters(game([send_back("b", chi(3, 1, 11))]), first, second, third)
    result = play(data)
    assert {k: o.outcome for k, o in result.matters.items()} == {
        "a": "accepted",
        "b": "not considered",
        "c": "accepted",
    }


def test_a_late_proposal_sent_back_stays_late() -> None:
    late = proposal("p9", "Ann", at=chi(3, 4, 1))
    result = play(with_matters(game([send_back("p9", FRI)]), late))
    assert outcome(result, "p9")[0] == "late"
    assert any("p9 is already late; the send-back changes nothing" in w for w in result.warnings)


# 8.4: a rule change carried out by the Admin's records, once the proposal is accepted.
def add_square(when: str, matter: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"at": when, "type": "add_square", "name": "New"}
    if matter is not None:
        out["matter"] = matter
    return out


ADDS = [
    pytest.param(
        22,
        add_square(CLOSES, "p1"),
        True,
        id='8.4 "the proposal is accepted and the current rules are modified": at the instant'
        " voting closes",
    ),
    pytest.param(
        22,
        add_square(JUST_BEFORE, "p1"),
        False,
        id="8.4 a second before voting closes the proposal is not yet accepted",
    ),
    pytest.param(
        22,
        add_square(SUN, "p2"),
        False,
        id='8.4 "the proposal is rejected and is discarded": nothing added',
    ),
    pytest.param(
        20,
        add_square(SUN),
        True,
        id='17.1 "Square 21 is The Arena.": the seed names it, no proposal needed',
    ),
    pytest.param(
        21,
        add_square(SUN),
        True,
        id='20.1 "Square 22 is The Inqusition.": the seed names it, no proposal needed',
    ),
    pytest.param(
        22,
        add_square(SUN),
        False,
        id="6.3 square 23 is named by no rule: refused without an accepted proposal",
    ),
]


@pytest.mark.parametrize(("squares", "event", "added"), ADDS)
def test_a_square_is_added_as_an_accepted_proposal_orders(
    squares: int, event: dict[str, Any], added: bool
) -> None:
    result = play(with_matters(game([event], squares=squares), ACCEPTED, REJECTED))
    entry = result.actions[-1]
    assert entry["allowed"] is added
    assert len(result.game_state["board"]) == squares + (1 if added else 0)
    assert entry["clause"] == (clauses.SQUARE_ADDED if added else clauses.ACCEPTED)


def set_price(when: str, price: str, amount: int, matter: str = "p1") -> dict[str, Any]:
    return {"at": when, "type": "set_price", "matter": matter, "price": price, "amount": amount}


PRICES = [
    pytest.param(
        [set_price(CLOSES, "hit point", 225), act("Ann", SUN, "buy hit points", points=1)],
        -225,
        id='12.7 "$250 per point" as p1 changed it: $225 from the instant voting closes',
    ),
    pytest.param(
        [set_price(JUST_BEFORE, "hit point", 225), act("Ann", SUN, "buy hit points", points=1)],
        -250,
        id="12.7 a change recorded before p1 is accepted is refused: still $250",
    ),
    pytest.param(
        [set_price(SUN, "hit point", 225, "p2"), act("Ann", SUN, "buy hit points", points=1)],
        -250,
        id="8.4 a rejected proposal changes no price: still $250",
    ),
    pytest.param(
        [set_price(CLOSES, "Go", 400), turn("Ann", SUN, 1, 1)],
        400,
        id='13.1 "he or she gets awarded $200" as p1 changed it: $400',
    ),
    pytest.param(
        [set_price(CLOSES, "hen", 0), act("Ann", SUN, "buy hen")],
        None,
        id='14.1 "for $3000" as p1 changed it: free, so nothing paid',
    ),
]


@pytest.mark.parametrize(("events", "paid"), PRICES)
def test_a_price_changes_as_an_accepted_proposal_orders(
    events: list[dict[str, Any]], paid: int | None
) -> None:
    data = with_matters(game(events, Ann={"hit_points": 50, "square": 22}), ACCEPTED, REJECTED)
    result = play(data)
    change, used = result.actions[-2], result.actions[-1]
    assert change["type"] == "set_price" and used["allowed"]
    amounts = [p["amount"] for p in used["payments"] if p["amount"] != 0]
    assert amounts == ([] if paid is None else [paid])
    if paid in (-250,):
        assert change["allowed"] is False and change["clause"] == clauses.ACCEPTED
    else:
        assert change["allowed"] is True


def test_sell_back_prices_follow_the_price_paid() -> None:
    """4.5: bankrupt by a wrong answer's fine after buying hens at two prices."""
    events = [
        act("Ann", FRI, "buy hen"),  # $3000, leaving $600
        set_price(CLOSES, "hen", 300),
        act("Ann", SUN, "buy hen"),  # $300, leaving $300
        act("Ann", chi(3, 7, 13), "buy hit points", points=1),  # $250, leaving $50
        {"at": chi(3, 7, 14), "type": "answer", "player": "Ann", "correct": False, "by": "Dee"},
        act("Ann", chi(3, 7, 15), "sell all"),
    ]
    state = {"money": 3600, "hit_points": 50, "square": 5}
    robe = {"items": ["Inquisitor's Robe"], "square": 5}
    result = play(with_matters(game(events, Ann=state, Dee=robe), ACCEPTED))
    sale = result.actions[-1]
    assert sale["allowed"], sale["reason"]
    assert sorted(p["amount"] for p in sale["payments"]) == [100, 1000]
    assert result.state["Ann"]["money"] == 1100


# 9.1, 9.5: the update's order of turns, drawn by the Admin.
def order(when: str, *players: str) -> dict[str, Any]:
    return {"at": when, "type": "turn_order", "players": list(players)}


ORDERS = [
    pytest.param(
        [order(SUN, "Ann", "Ben", "Cy", "Dee"), turn("Ann", SUN, 1, 1), turn("Ben", SUN, 1, 1)],
        (True, True),
        None,
        id='9.1 "with the order of the players being randomly determined": in order',
    ),
    pytest.param(
        [order(SUN, "Ann", "Ben", "Cy", "Dee"), turn("Ben", SUN, 1, 1), turn("Ann", SUN, 1, 1)],
        (True, False),
        clauses.ROUND_ROBIN,
        id='9.5 "one action at a time in a round-robin fashion": Ann after Ben is out of turn',
    ),
    pytest.param(
        [order(SUN, "Ann", "Ben", "Cy", "Dee"), turn("Ben", SUN, 1, 1), turn("Cy", SUN, 1, 1)],
        (True, True),
        None,
        id="9.5 Ann, drawn first, not having had her turn holds up no one",
    ),
    pytest.param(
        [order(SUN, "Dee", "Cy", "Ben", "Ann"), turn("Ann", SUN, 1, 1), turn("Dee", SUN, 1, 1)],
        (True, False),
        clauses.ROUND_ROBIN,
        id="9.5 the last drawn first: everyone before her is then out of turn",
    ),
]


@pytest.mark.parametrize(("events", "allowed", "clause"), ORDERS)
def test_turns_follow_the_order_drawn(
    events: list[dict[str, Any]], allowed: tuple[bool, bool], clause: str | None
) -> None:
    result = play(game(events))
    turns = [a for a in result.actions if a["type"] == "turn"]
    assert tuple(t["allowed"] for t in turns) == allowed
    refused = [t for t in turns if not t["allowed"]]
    assert [t["clause"] for t in refused] == ([] if clause is None else [clause])
    for t in refused:
        assert "path" not in t and result.state[t["player"]]["square"] == 1  # no move


def test_an_updates_order_does_not_bind_the_next_update() -> None:
    """9.1 "During each update": Sunday's order puts Ben first; Thursday's has none drawn,
    so Ann may go before Ben then."""
    thursday = chi(3, 11)
    events = [
        order(SUN, "Ben", "Ann", "Cy", "Dee"),
        turn("Ben", SUN, 1, 1),
        turn("Ann", SUN, 1, 1),
        turn("Ann", thursday, 1, 1),
        turn("Ben", thursday, 1, 1),
    ]
    result = play(game(events))
    assert [a["allowed"] for a in result.actions if a["type"] == "turn"] == [True] * 4


BAD_ORDERS = [
    pytest.param(
        [order(SUN, "Ann", "Ben", "Cy")],
        "the order leaves out Dee",
        id='9.1 "each player will receive one turn": an order leaving Dee out is refused',
    ),
    pytest.param(
        [order(SUN, "Ann", "Ben", "Cy", "Dee", "Zed")],
        "Zed: not a player",
        id="9.1 an order naming a stranger is refused",
    ),
    pytest.param(
        [order(SUN, "Ann", "Ben", "Cy", "Dee"), order(SUN, "Dee", "Cy", "Ben", "Ann")],
        "this update's order is already drawn",
        id='9.1 "randomly determined" once: a second draw for the update is refused',
    ),
    pytest.param(
        [turn("Ann", SUN, 1, 1), order(chi(3, 7, 13), "Ann", "Ben", "Cy", "Dee")],
        "drawn after this update's turns began (Ann)",
        id="9.1 an order drawn after the update's first turn is refused",
    ),
]


@pytest.mark.parametrize(("events", "reason"), BAD_ORDERS)
def test_an_order_that_cannot_be_the_updates_is_refused(
    events: list[dict[str, Any]], reason: str
) -> None:
    entry = [a for a in play(game(events)).actions if a["type"] == "turn_order"][-1]
    assert (entry["allowed"], entry["clause"], entry["reason"]) == (
        False,
        clauses.RANDOM_ORDER,
        reason,
    )


# 20.7: a different question for each player questioned.
def answer(player: str, when: str, question: str | int, by: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "at": when,
        "type": "answer",
        "player": player,
        "correct": True,
        "question": question,
    }
    if by is not None:
        out["by"] = by
    return out


ANN_AT_20: dict[str, Any] = {"square": 20}
BEN_AT_19: dict[str, Any] = {"square": 19}
"""Ann and Ben land on 22, The Inquisition, with a roll of 2 and of 3."""
QUESTIONS = [
    pytest.param(
        [answer("Ann", chi(3, 7, 13), "q1"), answer("Ben", chi(3, 7, 14), "q2")],
        (True, True),
        id='20.7 "each player is given a different question": q1 and q2',
    ),
    pytest.param(
        [answer("Ann", chi(3, 7, 13), "q1"), answer("Ben", chi(3, 7, 14), "q1")],
        (True, False),
        id="20.7 the same question to a second player in The Inquisition that update: refused",
    ),
    pytest.param(
        [answer("Ann", chi(3, 7, 13), 7), answer("Ben", chi(3, 7, 14), "7")],
        (True, False),
        id="20.7 a question's id as a number and as its digits is one question",
    ),
]


@pytest.mark.parametrize(("answers", "allowed"), QUESTIONS)
def test_each_player_in_the_inquisition_gets_a_different_question(
    answers: list[dict[str, Any]], allowed: tuple[bool, bool]
) -> None:
    events = [turn("Ann", SUN, 1, 1), turn("Ben", SUN, 1, 2), *answers]
    result = play(game(events, Ann=ANN_AT_20, Ben=BEN_AT_19))
    got = [a for a in result.actions if a["type"] == "answer"]
    assert tuple(a["allowed"] for a in got) == allowed
    if not allowed[1]:
        assert got[1]["clause"] == clauses.DIFFERENT_QUESTION
        # Refused, it changes nothing: Ben still owes an answer, and has not been paid.
        assert result.state["Ben"]["correct_answers"] == 0
        assert result.state["Ben"]["money"] == 10000


def test_the_same_question_in_the_next_update_is_another_questioning() -> None:
    events = [
        turn("Ann", SUN, 1, 1),
        answer("Ann", chi(3, 7, 13), "q1"),
        turn("Ben", chi(3, 11), 1, 2),
        answer("Ben", chi(3, 11, 13), "q1"),
    ]
    result = play(game(events, Ann=ANN_AT_20, Ben=BEN_AT_19))
    assert all(a["allowed"] for a in result.actions)


def test_the_robes_wearer_gives_each_player_a_different_question() -> None:
    """20.6, 20.7: Dee (the Robe) on square 5 with Ann and Ben: the same question twice is
    refused for the second player."""
    robe = {"items": ["Inquisitor's Robe"], "square": 5}
    events = [
        answer("Ann", SUN, "r1", by="Dee"),
        answer("Ben", chi(3, 7, 13), "r1", by="Dee"),
        answer("Ben", chi(3, 7, 14), "r2", by="Dee"),
    ]
    result = play(game(events, Ann={"square": 5}, Ben={"square": 5}, Dee=robe))
    assert [(a["allowed"], a["clause"]) for a in result.actions] == [
        (True, clauses.ROBE_ANSWERS),
        (False, clauses.DIFFERENT_QUESTION),
        (True, clauses.ROBE_ANSWERS),
    ]


# Junk: one line, quoting the value cut short.
def _with_matter(event: dict[str, Any]) -> dict[str, Any]:
    return with_matters(game([event]), ACCEPTED)


JUNK = [
    pytest.param({"type": "draw", "what": BIG, "player": "Ann", "result": [1, 2]}, id="what"),
    pytest.param({"type": "draw", "what": "turn", "player": "Ann", "result": BIG}, id="dice"),
    pytest.param(
        {"type": "draw", "what": "combat", "player": "Ann", "opponent": BIG, "result": {BIG: []}},
        id="combat opponent",
    ),
    pytest.param({"type": "send_back", "matter": BIG, "by": "The T"}, id="send_back matter"),
    pytest.param({"type": "send_back", "matter": "p1", "by": "The T", "rule": BIG}, id="rule"),
    pytest.param({"type": "set_price", "matter": "p1", "price": BIG, "amount": 1}, id="price"),
    pytest.param(
        {"type": "set_price", "matter": "p1", "price": "Go", "amount": 10**5000}, id="amount"
    ),
    pytest.param({"type": "set_price", "matter": "p1", "price": "Go", "amount": -1}, id="-1"),
    pytest.param({"type": "add_square", "matter": BIG}, id="add_square matter"),
    pytest.param({"type": "turn_order", "players": [BIG, BIG]}, id="order twice"),
    pytest.param({"type": "turn_order", "players": BIG}, id="order a string"),
    pytest.param(
        {"type": "answer", "player": "Ann", "correct": True, "question": [BIG]}, id="question"
    ),
    pytest.param({"type": "buy", "player": BIG, "square": 10**5000}, id="huge square"),
]


@pytest.mark.parametrize("event", JUNK)
def test_junk_is_one_line_quoting_the_value_cut_short(event: dict[str, Any]) -> None:
    data = _with_matter({"at": SUN, **event})
    with pytest.raises(ProfileError) as raised:
        PROFILE.check(archive_from_dict(data, source="junk.json"))
    message = str(raised.value)
    assert "\n" not in message and len(message) < 400, message[:500]


CUT = [
    pytest.param(
        [send_back("p1", FRI, reason=BIG)], "matters", id="8.2 the Admin's reason, cut short"
    ),
    pytest.param([order(SUN, BIG, "Ann", "Ben", "Cy", "Dee")], "actions", id="9.1 a stranger"),
    pytest.param([turn(BIG, SUN, 1, 1)], "actions", id="7.1 a turn for no player"),
    pytest.param(
        [turn("Ann", SUN, 1, 1), answer("Ann", chi(3, 7, 13), BIG)], "actions", id="20.7 id"
    ),
]


@pytest.mark.parametrize(("events", "where"), CUT)
def test_a_long_name_in_a_reason_is_cut_short(events: list[dict[str, Any]], where: str) -> None:
    result = play(with_matters(game(events, Ann={"square": 20}), ACCEPTED))
    reasons = (
        [o.reason for o in result.matters.values()]
        if where == "matters"
        else [a["reason"] for a in result.actions]
    )
    assert any("x…" in r for r in reasons)
    assert all(len(r) < 600 for r in reasons)
    assert all(len(w) < 600 for w in result.warnings)


def test_a_proposal_sent_back_was_still_made() -> None:
    """15.1 "If a player does not make a proposal on a turn, that player's
    PropositionsInReserve increases by 1": Ann made one (sent back), Ben none."""
    # As of Thursday, once that week's Rule Proposition Period has ended.
    result = play(with_matters(game([send_back("p1", chi(3, 2))]), ACCEPTED), now=chi(3, 4))
    assert outcome(result, "p1")[0] == "not considered"
    assert result.state["Ann"]["propositions_in_reserve"] == 0
    assert result.state["Ben"]["propositions_in_reserve"] == 1
