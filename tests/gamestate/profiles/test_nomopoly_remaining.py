"""Nomopoly's last rules made whole (issue 27): the admin's judgement that a trade was not
e-mailed "within a reasonable timespan", the poor wretch's bar on spending the Poorbox's
money the turn it came, and junk quoted cut short. Ids quote the seed's clauses."""

from __future__ import annotations

from typing import Any

import pytest

from gamestate.profiles import ProfileError, archive_from_dict
from gamestate.profiles.nomopoly import PROFILE, clauses
from gamestate.profiles.nomopoly.trades import LAPSED
from tests.gamestate.profiles.test_nomopoly_world import act, event, game, player, run

# Trades: "within a reasonable timespan" is the admin's judgement.
DEAL = [{"from": "Ann", "to": "Ben", "money": 3}, {"from": "Ben", "to": "Ann", "square": 9}]
T1, T2, T3 = "2000-03-01T10:00:00Z", "2000-03-01T11:00:00Z", "2000-03-01T12:00:00Z"


def mail(name: str, at: str, details: list[dict[str, Any]] = DEAL) -> dict[str, Any]:
    return act(name, "trade", at=at, id="t1", details=details)


def lapsed(at: str, by: str = "Joel", trade_id: str = "t1") -> dict[str, Any]:
    return event(at, "trade_lapsed", id=trade_id, by=by)


def trade_report(events: list[dict[str, Any]], now: str = "2000-03-10T00:00:00Z") -> Any:
    roster = [player("Ann"), player("Ben", owns=[9])]
    return run(game(events, roster=roster, upgrades={"9": ["Drain"]}), now)


LAPSES = [
    pytest.param(
        [mail("Ann", T1), lapsed(T2), mail("Ben", T3)],
        [(True, clauses.TRADE), (True, LAPSED), (False, LAPSED)],
        ([], 10),
        id="within a reasonable timespan - the admin judges it lapsed: Ben's later e-mail "
        "is refused, nothing traded",
    ),
    pytest.param(
        [mail("Ann", T1), mail("Ben", T2), lapsed(T3)],
        [(True, clauses.TRADE), (True, clauses.TRADE_UPGRADES), (False, LAPSED)],
        ([9], 7),
        id="If all emails agree, the trade goes forth as detailed - before the lapse; "
        "nothing is left to lapse",
    ),
    pytest.param(
        [lapsed(T1), mail("Ann", T2), mail("Ben", T3)],
        [(False, LAPSED), (True, clauses.TRADE), (True, clauses.TRADE_UPGRADES)],
        ([9], 7),
        id="The decision of the admin is final. - a lapse of a trade no one has e-mailed "
        "is refused and bars nothing",
    ),
    pytest.param(
        [mail("Ann", T1), lapsed(T2), lapsed(T3)],
        [(True, clauses.TRADE), (True, LAPSED), (False, LAPSED)],
        ([], 10),
        id="within a reasonable timespan - a trade lapses once",
    ),
    pytest.param(
        [mail("Ann", T1), mail("Ben", T2), lapsed(T2)],
        [(True, clauses.TRADE), (True, clauses.TRADE_UPGRADES), (False, LAPSED)],
        ([9], 7),
        id="within a reasonable timespan - boundary: the last e-mail and the lapse at one "
        "instant, the e-mail recorded first, goes through",
    ),
    pytest.param(
        [mail("Ann", T1), lapsed(T2), mail("Ben", T2)],
        [(True, clauses.TRADE), (True, LAPSED), (False, LAPSED)],
        ([], 10),
        id="within a reasonable timespan - boundary: the lapse at one instant with the "
        "last e-mail, recorded first, stops it",
    ),
]


@pytest.mark.parametrize(("events", "verdicts", "ann"), LAPSES)
def test_the_admin_judges_a_trade_lapsed(
    events: list[dict[str, Any]], verdicts: list[tuple[bool, str]], ann: tuple[list[int], int]
) -> None:
    report = trade_report(events)
    assert [(a["allowed"], a["clause"]) for a in report.actions] == verdicts
    assert (report.state["Ann"]["owns"], report.state["Ann"]["money"]) == ann
    if not ann[0]:
        assert report.state["Ben"]["owns"] == [9] and report.state["Ben"]["money"] == 10


def test_a_lapsed_trade_is_refused_on_a_later_admins_day() -> None:
    days = [event(f"2000-03-0{d}T08:30:00Z", "admin_day", by="Joel") for d in (4, 6)]
    events = [
        mail("Ann", T1),
        *days,
        lapsed("2000-03-03T09:00:00Z"),
        mail("Ben", "2000-03-05T09:00:00Z"),
    ]
    report = trade_report(sorted(events, key=lambda e: e["at"]))
    lapse, ben = report.actions[1], report.actions[2]
    assert (lapse["player"], lapse["action"], lapse["taken_at"]) == (
        "Joel",
        "trade lapsed",
        "2000-03-04T08:30:00Z",
    )
    assert ben["allowed"] is False and "lapsed at 2000-03-03T09:00:00Z" in ben["reason"]
    assert ben["taken_at"] == "2000-03-06T08:30:00Z"
    assert report.state["Ann"]["owns"] == []


# The poor wretch.
P1 = {"id": "p1", "kind": "proposal", "author": "Ann", "posted_at": "2000-03-01T10:00:00Z"}
SAME, NEXT = "2000-03-01T23:59:59Z", "2000-03-02T00:00:00Z"
WRETCH = clauses.POOR_WRETCH


def wretch_report(*events: dict[str, Any], own: int = 0, square: int = 3, **ann: Any) -> Any:
    """Ann, fined beyond her money before, sends p1 at 10:00 and receives $5 (half of
    the Poorbox's $10) on 2000-03-01."""
    roster = [
        player("Ann", **{"money": own, "poorbox_due": True, "owns": [5], "square": square, **ann}),
        player("Ben", owns=[7]),
        player("Cat"),
    ]
    data = game(
        sorted(events, key=lambda e: e["at"]),
        roster=roster,
        matters=[P1],
        upgrades={"7": ["Savings and Loan"]},
        poorbox=10,
    )
    return run(data, "2000-03-03T00:00:00Z")


UPGRADE = {"square": 5, "upgrade": "Drain"}
WRETCHES = [
    pytest.param(
        [act("Ann", "buy an Upgrade", at=SAME, **UPGRADE)],
        0,
        [(False, WRETCH)],
        5,
        id=f"{WRETCH} - an Upgrade ($2) the same GMT day, at 23:59:59",
    ),
    pytest.param(
        [act("Ann", "buy an Upgrade", at=NEXT, **UPGRADE)],
        0,
        [(True, clauses.UPGRADE)],
        3,
        id=f"{WRETCH} - boundary: the next turn, 00:00:00 GMT, may spend it",
    ),
    pytest.param(
        [act("Ann", "buy an Upgrade", at="2000-03-01T09:00:00Z", **UPGRADE)],
        0,
        [(False, WRETCH)],
        5,
        id=f"{WRETCH} - the turn is the GMT day: sent before the proposal that day too",
    ),
    pytest.param(
        [act("Ann", "buy an Upgrade", at=SAME, **UPGRADE)],
        2,
        [(True, clauses.UPGRADE)],
        5,
        id=f"{WRETCH} - her own $2 may be spent: the Poorbox's money is spent last",
    ),
    pytest.param(
        [
            act("Ann", "buy an Upgrade", at=SAME, **UPGRADE),
            act("Ann", "buy an Upgrade", at=SAME, **UPGRADE),
        ],
        2,
        [(True, clauses.UPGRADE), (False, WRETCH)],
        5,
        id=f"{WRETCH} - boundary: her own $2 spent, the next $2 would be the Poorbox's",
    ),
]


@pytest.mark.parametrize(("events", "own", "verdicts", "money"), WRETCHES)
def test_a_poor_wretch_may_not_spend_the_poorboxs_money_that_turn(
    events: list[dict[str, Any]], own: int, verdicts: list[tuple[bool, str]], money: int
) -> None:
    report = wretch_report(*events, own=own)
    assert [(a["allowed"], a["clause"]) for a in report.actions] == verdicts
    assert report.state["Ann"]["money"] == money
    refused = [a for a in report.actions if not a["allowed"]]
    poorbox = 5 + len(report.actions) - len(refused)  # $1 per investment
    assert report.game_state["poorbox"] == poorbox
    for a in refused:
        assert "poor wretch" in a["reason"] and "Ye Olde Poorbox on 2000-03-01" in a["reason"]


BUYS = [
    pytest.param(SAME, False, 6, id=f"{clauses.BUY} - {WRETCH}: at 23:59:59 the same day"),
    pytest.param(NEXT, True, 3, id=f"{clauses.BUY} - boundary: the next turn, at 00:00:00"),
]


@pytest.mark.parametrize(("at", "allowed", "money"), BUYS)
def test_a_poor_wretchs_buy_order(at: str, allowed: bool, money: int) -> None:
    """p1 takes Ann's Real Estate Guide; selling square 2 (at an admin's day the same
    GMT day) gives one back and $1: $6 in hand, $5 of it the Poorbox's."""
    events = [
        act("Ann", "sell a square", at="2000-03-01T19:00:00Z", square=2),
        event("2000-03-01T20:00:00Z", "admin_day", by="Joel"),
        event(at, "buy", player="Ann", square=3),
    ]
    report = wretch_report(*events, owns=[2])
    buy = report.actions[-1]
    assert (buy["action"], buy["allowed"], report.state["Ann"]["money"]) == ("buy", allowed, money)
    assert (buy["clause"] == WRETCH) is not allowed
    assert (report.state["Ann"]["owns"] == [3]) is allowed


def test_a_poor_wretchs_branch_fee_warp_and_trade_are_barred_the_same_turn() -> None:
    faith = act("Ann", "create a faith", at=SAME, faith="Annism", god="Ann")
    fee = act("Ann", "use a Savings and Loan", at=SAME, deposit={"money": 1}, square=7)
    report = wretch_report(faith, fee, square=7)
    assert [(a["allowed"], a["clause"]) for a in report.actions] == [
        (True, clauses.FAITH_CREATE),
        (False, WRETCH),
    ]
    give = [{"from": "Ann", "to": "Ben", "money": 4}]
    mails = [
        act("Ann", "trade", at=T3, id="t", details=give),
        act("Ben", "trade", at=SAME, id="t", details=give),
    ]
    assert [a["allowed"] for a in wretch_report(*mails).actions] == [True, False]
    mails[1] = act("Ben", "trade", at=NEXT, id="t", details=give)
    report = wretch_report(*mails)
    assert [a["allowed"] for a in report.actions] == [True, True]
    assert report.state["Ann"]["money"] == 1  # the trade is spent on its last e-mail's day


def test_a_fine_is_not_voluntary_so_the_poorboxs_money_pays_it() -> None:
    report = wretch_report(event(T3, "fine", player="Ann", amount=3))
    assert report.state["Ann"]["money"] == 2 and report.state["Ann"]["poorbox_due"] is False


def test_nothing_is_barred_when_half_the_poorbox_is_nothing() -> None:
    roster = [player("Ann", money=2, poorbox_due=True, owns=[5]), player("Ben"), player("Cat")]
    data = game(
        [act("Ann", "buy an Upgrade", at=SAME, **UPGRADE)],
        roster=roster,
        matters=[P1],
        poorbox=1,
    )
    report = run(data, "2000-03-03T00:00:00Z")
    assert report.actions[0]["allowed"] is True and report.state["Ann"]["money"] == 0


# Junk: one line, the value quoted cut short.
LONG = "x" * 5000
JUNK = [
    pytest.param(event(T1, "draw", what=LONG, result=[1, 2]), id="a draw's what of 5,000 x"),
    pytest.param(event(T1, "buy", player="Ann", square=LONG), id="a buy's square"),
    pytest.param(event(T1, "fine", player="Ann", amount=LONG), id="a fine's amount"),
    pytest.param(event(T1, "inferno", player="Ann", days=LONG), id="a sentence's days"),
    pytest.param(act("Ann", "buy an Upgrade", square=5, upgrade=LONG), id="an Upgrade's name"),
    pytest.param(act("Ann", "buy an Upgrade", square=5, upgrade="Drain", price=LONG), id="price"),
    pytest.param(act("Ann", "set a Warp Gate price", square=LONG, price=1), id="a Gate's square"),
    pytest.param(act("Ann", "sell a square", square=LONG), id="a sold square"),
    pytest.param(event(T1, "trade_lapsed", id="t1", by=LONG), id="a lapse by 5,000 x"),
    pytest.param(event(T1, "trade_lapsed", id=LONG, by="Joel"), id="a lapse of trade 5,000 x"),
    pytest.param(event(T1, "trade_lapsed", id=7, by="Joel"), id="a lapse of trade 7"),
    pytest.param(event(T1, "trade_lapsed", id="t1", by="Ann"), id="a lapse by a player"),
    pytest.param(event(T1, "trade_lapsed", id="t1"), id="a lapse by no one"),
    pytest.param(act(LONG, "sell a square", square=5), id="an action by 5,000 x"),
    pytest.param(act("Ann", LONG), id="an action called 5,000 x"),
    pytest.param(event(T1, LONG), id="an event of type 5,000 x"),
    pytest.param(event(T1, "legal_threats", by=LONG), id="legal threats by 5,000 x"),
    pytest.param(event(T1, "fine", player=LONG, amount=1), id="a fine of 5,000 x"),
]


@pytest.mark.parametrize("record", JUNK)
def test_junk_is_one_short_line(record: dict[str, Any]) -> None:
    with pytest.raises(ProfileError) as caught:
        PROFILE.check(archive_from_dict(game([record], roster=[player("Ann", owns=[5])])))
    message = str(caught.value)
    assert "\n" not in message and len(message) < 600, message
    assert LONG[:100] not in message


def test_a_long_rule_value_and_faith_are_quoted_cut_short() -> None:
    for data in (
        game([], faiths={LONG: "junk"}),
        game([], matters=[{**P1, "changes": {LONG: 1}}], roster=[player("Ann")]),
        game([], matters=[{**P1, "id": LONG, "changes": {"x": 1}}], roster=[player("Ann")]),
        game([], matters=[{**P1, "author": LONG}], roster=[player("Ann")]),
    ):
        with pytest.raises(ProfileError) as caught:
            PROFILE.check(archive_from_dict(data))
        assert "…" in str(caught.value) and len(str(caught.value)) < 300


# The schema (``profiles --schema nomopoly``) and the reader agree on the admin's lapse.
def _with_lapse(**fields: Any) -> dict[str, Any]:
    return game([event(T1, "trade_lapsed", **fields)], roster=[player("Ann"), player("Ben")])


AGREE = [
    pytest.param({"id": "t1", "by": "Joel"}, False, id="a lapse {id, by: the admin}"),
    pytest.param({"by": "Joel"}, True, id="a lapse of no trade"),
    pytest.param({"id": "t1"}, True, id="a lapse by no one"),
    pytest.param({"id": " ", "by": "Joel"}, True, id="a lapse of trade ' '"),
    pytest.param({"id": "t" * 200, "by": "Joel"}, False, id="boundary: an id of 200 characters"),
    pytest.param({"id": "t" * 201, "by": "Joel"}, True, id="boundary: an id of 201 characters"),
    pytest.param({"id": "t1", "by": 7}, True, id="a lapse by 7"),
]


@pytest.mark.parametrize(("fields", "refused"), AGREE)
def test_the_schema_and_the_reader_agree_on_a_lapse(fields: dict[str, Any], refused: bool) -> None:
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

    from gamestate.profiles.schema import archive_schema

    data = _with_lapse(**fields)
    try:
        PROFILE.check(archive_from_dict(data))
        reader = False
    except ProfileError:
        reader = True
    schema = not Draft202012Validator(archive_schema("nomopoly")).is_valid(data)
    assert reader is schema is refused


# "When a square is first purchased, the player buying it may name it."
def buy_report(*events: dict[str, Any], **game_state: Any) -> Any:
    roster = [player("Ann", square=3, money=20, real_estate_guides=1), player("Ben", owns=[5])]
    return run(game(list(events), roster=roster, **game_state))


NAMES = [
    pytest.param({}, "Acre", "named 'Acre'", id=clauses.FIRST_NAME),
    pytest.param(
        {"names": {"3": "Old Mill"}},
        "Old Mill",
        "keeps its name",
        id=clauses.FIRST_NAME + " - boundary: a square sold and bought again keeps its name",
    ),
]


@pytest.mark.parametrize(("game_state", "name", "said"), NAMES)
def test_only_a_first_purchase_names_a_square(
    game_state: dict[str, Any], name: str, said: str
) -> None:
    report = buy_report(event(T1, "buy", player="Ann", square=3, name="Acre"), **game_state)
    buy = report.actions[0]
    assert buy["allowed"] is True and said in buy["reason"]
    assert buy["clause"].endswith(clauses.FIRST_NAME)
    assert report.game_state["names"].get("3") == name


def test_the_first_square_shall_be_known_as_origon_bought_too() -> None:
    roster = [player("Ann", money=20), player("Ben", square=2)]
    buy = event(T1, "buy", player="Ann", square=1, name="Acre")
    report = run(game([buy], roster=roster))
    assert report.actions[0]["allowed"] is True and report.state["Ann"]["owns"] == [1]
    assert "keeps its name" in report.actions[0]["reason"] and report.game_state["names"] == {}


def test_a_square_bought_sold_and_bought_again_keeps_its_first_name() -> None:
    events = [
        event(T1, "buy", player="Ann", square=3, name="First"),
        event("2000-03-02T08:30:00Z", "admin_day", by="Joel"),
        act("Ann", "sell a square", at="2000-03-02T09:00:00Z", square=3),
        event("2000-03-02T10:00:00Z", "admin_day", by="Joel"),
        event("2000-03-02T11:00:00Z", "buy", player="Ann", square=3, name="Second"),
        event("2000-03-02T12:00:00Z", "admin_day", by="Joel"),
    ]
    report = buy_report(*events)
    assert [a["allowed"] for a in report.actions] == [True, True, True]
    assert report.game_state["names"]["3"] == "First"
    assert report.state["Ann"]["owns"] == [3]


# "Any faith that does not fulfill any of these characteristics at any time shall be
# immediately disbanded."
def faith_report(god: str, *events: dict[str, Any], ben_leaves: bool = False) -> Any:
    ben = player("Ben", owns=[5])
    if ben_leaves:
        ben["left_at"] = "2000-03-01T20:00:00Z"
    create = act("Ann", "create a faith", at=T1, faith="Benism", god=god)
    return run(game([create, *events], roster=[player("Ann"), ben], names={"5": "Mill"}))


def test_a_faith_whose_god_leaves_the_game_is_disbanded() -> None:
    assert faith_report("Ben").game_state["faiths"] == {
        "Benism": {"god": "Ben", "members": ["Ann"]}
    }
    report = faith_report("Ben", ben_leaves=True)
    assert report.game_state["faiths"] == {}
    assert report.actions[0]["reason"] == (
        "creates Benism, god Ben, its first member; Benism is disbanded: its god 'Ben' is no "
        "longer an entity in the game"
    )


def test_a_faith_whose_god_square_is_renamed_is_disbanded_at_once() -> None:
    rename = event(T2, "action", player="Ben", action="rename a square", square=5, name="Windmill")
    report = faith_report("Mill", rename)
    assert report.game_state["faiths"] == {}
    assert report.actions[-1]["reason"].endswith(
        "Benism is disbanded: its god 'Mill' is no longer an entity in the game"
    )


def test_a_faith_whose_members_all_left_the_game_is_disbanded() -> None:
    roster = [player("Ann"), player("Ben")]
    roster[0]["left_at"] = "2000-03-02T20:00:00Z"
    create = act("Ann", "create a faith", at=T1, faith="Originism", god="Origon")
    later = event("2000-03-03T08:30:00Z", "admin_day", by="Joel")
    report = run(game([create, later], roster=roster), "2000-03-03T08:29:59Z")
    assert list(report.game_state["faiths"]) == ["Originism"] and report.warnings == []
    report = run(game([create, later], roster=roster), "2000-03-03T08:30:00Z")
    assert report.game_state["faiths"] == {}
    assert report.warnings == [
        "admin's day 2000-03-03: Originism is disbanded: no member of it is left in the game"
    ]


# "The game will end immediately ... legal threats from the manufacturer of a board game."
P2 = {
    "id": "p2",
    "kind": "proposal",
    "author": "Ann",
    "posted_at": "2000-03-01T12:00:00Z",
    "judgement": {"at": "2000-03-02T08:00:00Z", "result": "accepted"},
}
THREATS = [
    pytest.param("2000-03-02T08:29:59Z", None, id=clauses.LEGAL_END + " - before the day's turns"),
    pytest.param(
        "2000-03-02T08:30:00Z",
        None,
        id=clauses.LEGAL_END + " - boundary: at the admin's day's instant, before it",
    ),
    pytest.param("2000-03-02T08:30:01Z", 7, id=clauses.LEGAL_END + " - after the day's turns"),
]


@pytest.mark.parametrize(("at", "square"), THREATS)
def test_legal_threats_end_the_game_at_once_with_no_winner(at: str, square: int | None) -> None:
    events = [
        event(at, "legal_threats", by="Joel"),
        event("2000-03-02T08:30:00Z", "draw", what="dice:p2", result=[2, 4, 1]),
    ]
    report = run(game(events, matters=[P2], roster=[player("Ann"), player("Ben")]))
    assert report.game_end == {
        "day": "2000-03-02",
        "winner": None,
        "condition": "serious and unreconcilable legal threats from the manufacturer of a "
        "board game",
    }
    assert report.winners == []
    assert report.state["Ann"]["square"] == (square or 1)
    assert [a["clause"] for a in report.actions] == [clauses.LEGAL_END]


def test_legal_threats_are_the_admins_to_record() -> None:
    with pytest.raises(ProfileError, match="not an admin on the roster"):
        PROFILE.check(archive_from_dict(game([event(T1, "legal_threats", by="Ann")])))


# "an existing unowned square should be used before a new square is added"
def named(changes: dict[str, Any], owns: list[int], names: dict[str, str]) -> Any:
    p = {**P2, "changes": changes}
    draw = event("2000-03-02T08:30:00Z", "draw", what="dice:p2", result=[1, 2, 3])
    roster = [player("Ann"), player("Ben", owns=owns)]
    return run(game([draw], matters=[p], roster=roster, board=4, names=names))


NEW_SQUARES = [
    pytest.param({"name_squares": ["Fair"]}, [1], {}, {"2": "Fair"}, 4, id=clauses.NEW_SQUARE),
    pytest.param(
        {"name_squares": ["Fair"]},
        [],
        {},
        {"2": "Fair"},
        4,
        id="The first square shall be known as Origon. - so Origon is not a free square",
    ),
    pytest.param(
        {"name_squares": ["Fair"]},
        [1, 2],
        {"3": "Mill"},
        {"3": "Mill", "4": "Fair"},
        4,
        id=clauses.NEW_SQUARE + " - owned and named squares are passed over",
    ),
    pytest.param(
        {"name_squares": ["Fair", "Park"]},
        [1, 2, 3],
        {},
        {"4": "Fair", "5": "Park"},
        5,
        id=clauses.NEW_SQUARE + " - boundary: the last free square, then one added",
    ),
]


@pytest.mark.parametrize(("changes", "owns", "names", "after", "verses"), NEW_SQUARES)
def test_a_new_named_square_takes_an_unowned_square_first(
    changes: dict[str, Any],
    owns: list[int],
    names: dict[str, str],
    after: dict[str, str],
    verses: int,
) -> None:
    report = named(changes, owns, names)
    assert report.game_state["names"] == after and report.game_state["verses"] == verses
    assert report.rules_after_day == ({"board": verses} if verses > 4 else {})


CHANGE_JUNK = [
    pytest.param(None, False, id="changes null: none"),
    pytest.param({"name_squares": ["Fair"]}, False, id="name_squares one name"),
    pytest.param({"name_squares": []}, True, id="name_squares none"),
    pytest.param({"name_squares": ["  "]}, True, id="name_squares a blank name"),
    pytest.param({"name_squares": "Fair"}, True, id="name_squares a string"),
    pytest.param({"name_squares": ["F" * 201]}, True, id="boundary: a name of 201 characters"),
    pytest.param({"remove_squares": 1}, True, id="an unknown rule value"),
    pytest.param({"add_squares": 1001}, True, id="boundary: add_squares 1001"),
]


@pytest.mark.parametrize(("changes", "refused"), CHANGE_JUNK)
def test_the_schema_and_the_reader_agree_on_changes(changes: Any, refused: bool) -> None:
    from jsonschema import Draft202012Validator

    from gamestate.profiles.schema import archive_schema

    data = game([], matters=[{**P2, "changes": changes}], roster=[player("Ann")])
    try:
        PROFILE.check(archive_from_dict(data))
        reader = False
    except ProfileError:
        reader = True
    schema = not Draft202012Validator(archive_schema("nomopoly")).is_valid(data)
    assert reader is schema is refused
