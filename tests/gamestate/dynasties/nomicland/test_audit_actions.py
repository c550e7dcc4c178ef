"""The audit, action by action: legal, each precondition broken, a wrong value, split across
two edits, combined in one, undone. Each id quotes the clause it pins."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

import pytest

from gamestate.dynasties.nomicland import (
    ApplyInterest,
    BudgetVersion,
    Construct,
    CreateLicense,
    CreateZone,
    Economy,
    ExerciseLicense,
    NewBusinessDay,
    Payment,
    PlayerRow,
    ProcessBusinessDay,
    RemoveLicense,
    RepayDebt,
    Segment,
)
from gamestate.dynasties.nomicland.audit import (
    GAMESTATE,
    NOMICLAND,
    AuditResult,
    LedgerFact,
    Verdict,
    record_of,
)
from tests.gamestate.dynasties.nomicland.game import FRONT_PAGE, MONDAY, SUNDAY, with_row, zone
from tests.gamestate.dynasties.nomicland.test_audit_support import Wiki, kinds, start

CA = (Segment.CHILD, Segment.ADULT)
THEME = "The Theme Zone"


def rich(**kwargs: int) -> Economy:
    """Ann with a Budget of 5000 (and whatever else is given)."""
    state = start()
    return with_row(state, "Ann", budget=kwargs.pop("budget", 5000), **kwargs)


def licensed() -> Economy:
    state = rich()
    ann = state.zone(THEME)
    assert ann is not None
    return state.with_zone(replace(ann, ip_license=_license("Mouse (cA)")))


def _license(text: str):  # type: ignore[no-untyped-def]
    from gamestate.dynasties.nomicland import parse_license

    return parse_license(text)


def set_cell(column: str, name: str, value: str) -> Callable[[str], str]:
    """A transform writing ``value`` into NAME's COLUMN on the Gamestate page."""

    def change(text: str) -> str:
        from wikibot.wiki.pages.gamestate import GamestatePage

        page = GamestatePage.from_wikitext(text, business_days=3)
        row = page.row(name)
        assert row is not None
        values = {"budget": row.budget, "debt": row.debt, "smiles": row.smiles, "lbd": row.lbd}
        values[column.lower()] = int(value)
        return page.render([PlayerRow(row.name, **values)])

    return change


@dataclass(frozen=True)
class Case:
    run: Callable[[], AuditResult]
    verdict: Verdict
    kind: str | None = None
    rule: str | None = None
    cell: str | None = None
    at: int = -1  # which revision's verdict
    words: str | None = None  # a part of the rule's words the finding quotes


def _build_legal() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", Construct("Playpit", zone=THEME))
    return wiki.audit()


def _build_not_operator() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Bob", Construct("Playpit", zone=THEME), actor="Ann")
    return wiki.audit()


def _build_over_limit() -> AuditResult:
    state = rich()
    books = replace(state.books, built_on=(("Ann", MONDAY.date(), 10),))
    before = LedgerFact(
        "op1",
        {"action": "build"},
        "Ann",
        MONDAY - timedelta(hours=1),
        state=record_of(replace(state, books=books)),
    )
    wiki = Wiki(state)
    after = state.with_zone(zone(THEME, "Ann", "Playpit"))
    wiki.write("Ann", with_row(after, "Ann", budget=4000))
    return wiki.audit(ledger=[before])


def _build_wrong_cost() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", Construct("Playpit", zone=THEME), pages=[NOMICLAND])
    wiki.edit(GAMESTATE, "Ann", set_cell("Budget", "Ann", "4500"))
    return wiki.audit()


def _build_by_debt_over_boss() -> AuditResult:
    state = with_row(rich(budget=0, debt=-200_000), "Kevan", debt=-100_000)
    wiki = Wiki(state)
    after = state.with_zone(zone(THEME, "Ann", "Playpit"))
    wiki.write("Ann", with_row(after, "Ann", debt=-201_000))
    return wiki.audit()


def _build_split() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", Construct("Playpit", zone=THEME), pages=[NOMICLAND])
    wiki.act("Ann", RepayDebt(1))  # nothing: rewrite the same state below
    return wiki.audit()


def _build_split_pair() -> AuditResult:
    wiki = Wiki(rich())
    built = wiki.state.with_zone(zone(THEME, "Ann", "Playpit"))
    wiki.write("Ann", built, pages=[NOMICLAND])
    wiki.write("Ann", with_row(built, "Ann", budget=4000), pages=[GAMESTATE])
    return wiki.audit()


def _build_lone_half() -> AuditResult:
    wiki = Wiki(rich())
    built = wiki.state.with_zone(zone(THEME, "Ann", "Playpit"))
    wiki.write("Ann", built, pages=[NOMICLAND])
    return wiki.audit(now=MONDAY + timedelta(days=1))


def _build_two_in_one() -> AuditResult:
    wiki = Wiki(rich())
    # X: the second Playpit costs 1000 + 500*1 + 1000*1 = 2500; 5000 - 1000 - 2500 = 1500.
    after = wiki.state.with_zone(zone(THEME, "Ann", "Playpit, Playpit"))
    wiki.write("Ann", with_row(after, "Ann", budget=1500))
    return wiki.audit()


def _build_undone() -> AuditResult:
    wiki = Wiki(rich())
    before = wiki.state
    wiki.act("Ann", Construct("Playpit", zone=THEME))
    wiki.write("Bob", before)
    return wiki.audit()


def _zero_cost_budget() -> AuditResult:
    wiki = Wiki(rich(budget=0))
    wiki.write("Ann", wiki.state.with_zone(zone(THEME, "Ann", "Playpit (Budget)")))
    return wiki.audit()


def _process_legal() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", ProcessBusinessDay())
    return wiki.audit()


def _process_for_another() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Bob", ProcessBusinessDay(), actor="Ann")
    return wiki.audit()


def _process_beyond() -> AuditResult:
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, "Ann", set_cell("LBD", "Ann", "4"))
    return wiki.audit()


def _process_wrong_value() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", ProcessBusinessDay())
    wiki.edit(GAMESTATE, "Ann", set_cell("Debt", "Kevan", "-1"), at=wiki.clock)
    wiki.revisions[-2:] = [wiki.revisions[-1]]  # one edit: processing with a wrong Boss's Debt
    return wiki.audit()


def _process_split() -> AuditResult:
    wiki = Wiki(rich())
    state = wiki.state
    from gamestate.dynasties.nomicland import apply
    from tests.gamestate.dynasties.nomicland.game import CATALOGUE

    done = apply(state, ProcessBusinessDay(), actor="Ann", now=MONDAY, catalogue=CATALOGUE).state
    ann = done.player("Ann")
    assert ann is not None
    wiki.write("Ann", with_row(done, "Ann", lbd=0))  # the money first
    wiki.write("Ann", done)  # then the LBD
    return wiki.audit()


def _two_days_processed() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", ProcessBusinessDay())
    state = wiki.state
    from gamestate.dynasties.nomicland import apply
    from tests.gamestate.dynasties.nomicland.game import CATALOGUE

    done = apply(state, ProcessBusinessDay(), actor="Ann", now=MONDAY, catalogue=CATALOGUE).state
    wiki.revisions.pop()
    wiki.texts = dict(wiki.base)
    wiki.last = {NOMICLAND: 10, GAMESTATE: 11}
    wiki.write("Ann", done)
    return wiki.audit()


def _license_create() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", CreateLicense("Mouse", CA))
    return wiki.audit()


def _license_exercise() -> AuditResult:
    wiki = Wiki(licensed())
    wiki.act("Ann", ExerciseLicense(3, THEME))
    return wiki.audit()


def _license_exercise_other() -> AuditResult:
    wiki = Wiki(licensed())
    wiki.act("Bob", ExerciseLicense(3, THEME))
    return wiki.audit()


def _license_exercise_crowded() -> AuditResult:
    # Business Day 1 holds 7 Visitors; with 4 Imagineers it is Uncrowded (8), so crowd it.
    state = licensed()
    state = replace(state, idle=frozenset({"Cat"}))
    wiki = Wiki(state)
    from gamestate.dynasties.nomicland.models import BusinessDay, parse_visitors

    grown = state.with_day(BusinessDay(1, parse_visitors("AtSScAAcA")))
    wiki.write("Ann", with_row(grown, "Ann", smiles=9))
    return wiki.audit(idle=["Cat"])


def _license_processed_day() -> AuditResult:
    wiki = Wiki(with_row(licensed(), "Bob", lbd=3))
    wiki.act("Ann", ExerciseLicense(3, THEME))
    return wiki.audit()


def _license_remove_then_create() -> AuditResult:
    wiki = Wiki(licensed())
    wiki.act("Ann", RemoveLicense())
    wiki.act("Ann", CreateLicense("Other", CA), force=True)
    return wiki.audit()


def _license_remove_new_day_create() -> AuditResult:
    wiki = Wiki(licensed())
    wiki.act("Ann", RemoveLicense())
    wiki.act("Kevan", NewBusinessDay())
    wiki.act("Ann", CreateLicense("Other", (Segment.CHILD, Segment.SENIOR)))
    return wiki.audit()


def _day_new() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Kevan", NewBusinessDay())
    return wiki.audit()


def _day_new_not_boss() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", NewBusinessDay(), actor="Kevan")
    return wiki.audit()


def _repay() -> AuditResult:
    wiki = Wiki(rich(debt=-3000))
    wiki.act("Ann", RepayDebt(2000))
    return wiki.audit()


def _repay_too_much() -> AuditResult:
    wiki = Wiki(rich(debt=-3000))  # Budget 5000: repaying 6000 leaves -1000
    wiki.write("Ann", with_row(wiki.state, "Ann", budget=-1000, debt=0))
    return wiki.audit()


def _interest_sunday() -> AuditResult:
    wiki = Wiki(rich(debt=-3000), at=SUNDAY)
    wiki.act("Cat", ApplyInterest())
    return wiki.audit()


def _interest_monday() -> AuditResult:
    wiki = Wiki(rich(debt=-3000))
    from gamestate.dynasties.nomicland import apply
    from tests.gamestate.dynasties.nomicland.game import CATALOGUE

    done = apply(wiki.state, ApplyInterest(), actor="Cat", now=SUNDAY, catalogue=CATALOGUE)
    wiki.write("Cat", done.state)
    return wiki.audit()


def _zone_create() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Cat", CreateZone("Park", FRONT_PAGE))
    return wiki.audit()


def _zone_create_operator() -> AuditResult:
    wiki = Wiki(rich())
    wiki.write("Ann", wiki.state.with_zone(zone("The Park Zone", "Ann")))
    return wiki.audit()


def _zone_create_bad_word() -> AuditResult:
    wiki = Wiki(rich())
    wiki.write("Cat", wiki.state.with_zone(zone("The Banana Zone", "Cat")))
    return wiki.audit()


def _idle_builds() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", Construct("Playpit", zone=THEME))
    return wiki.audit(idle=["Ann"])


def _hiatus_build() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", Construct("Playpit", zone=THEME))
    return wiki.audit(hiatus=lambda _at: "a DoV is pending")


def _hiatus_build_by_debt() -> AuditResult:
    # Budget 0: paying by Budget is also refused by "Spending"; Hiatus comes first.
    wiki = Wiki(rich(budget=0))
    wiki.act("Ann", Construct("Playpit", zone=THEME, pay=Payment.DEBT))
    return wiki.audit(hiatus=lambda _at: "a DoV is pending")


def _downtime_build() -> AuditResult:
    # Christmas Day: no Hiatus from a DoV, but Seasonal Downtime by the date alone.
    wiki = Wiki(rich(), at=datetime(2016, 12, 25, 12, tzinfo=UTC))
    wiki.act("Ann", Construct("Playpit", zone=THEME))
    return wiki.audit()


def _prose() -> AuditResult:
    wiki = Wiki(rich())
    wiki.edit(NOMICLAND, "Mallory", lambda t: "Welcome to the park!\n" + t)
    return wiki.audit()


def _budget_x_version() -> AuditResult:
    wiki = Wiki(rich())
    wiki.act("Ann", Construct("Playpit", budget=BudgetVersion.S, pay=Payment.BUDGET, zone=THEME))
    return wiki.audit()


CASES = {
    'Construction: "An Imagineer may construct a Building in a Zone which they operate"': Case(
        _build_legal, Verdict.LEGAL
    ),
    'Construction: "in a Zone which they operate" (Bob writes a Building into Ann\'s Zone: '
    "the editor is the actor)": Case(
        _build_not_operator, Verdict.ILLEGAL, "refused", "Construction"
    ),
    'Construction: "may not construct more than 10 Buildings per day"': Case(
        _build_over_limit,
        Verdict.ILLEGAL,
        "refused",
        "Construction",
        f"{NOMICLAND}/{THEME}/Buildings",
    ),
    'Construction: "(C + 500 * S + 1000 * X)" written wrongly': Case(
        _build_wrong_cost, Verdict.ILLEGAL, "wrong_value", "Construction", f"{GAMESTATE}/Ann/Budget"
    ),
    "Spending: \"If an Imagineer's Debt exceeds that of the Boss's ... only ... Budget\"": Case(
        _build_by_debt_over_boss, Verdict.ILLEGAL, "refused", "Spending"
    ),
    'Gamestate Tracking: "one action may be split over multiple GNDT updates"': Case(
        _build_split_pair, Verdict.LEGAL, at=0
    ),
    'Gamestate Tracking: "as long as it\'s clear what is happening" (a lone half)': Case(
        _build_lone_half, Verdict.UNEXPLAINED, "lone_half", None, f"{GAMESTATE}/Ann/Budget"
    ),
    'Gamestate Tracking: "one GNDT update may contain one or more actions" (X)': Case(
        _build_two_in_one, Verdict.LEGAL
    ),
    'Gamestate Tracking: "they may simply undo the effects of that alteration" (a legal one)': Case(
        _build_undone, Verdict.ILLEGAL, "undo", "Gamestate Tracking"
    ),
    'Construction: "treating either C, S or X as zero" (a Budget Building costing 0)': Case(
        _zero_cost_budget, Verdict.LEGAL, "reading", "Construction"
    ),
    'Construction: "construct a Budget version of it by treating either C, S or X as zero"': Case(
        _budget_x_version, Verdict.LEGAL, "alternatives"
    ),
    'Visitors: "an Imagineer may process a Business Day"': Case(_process_legal, Verdict.LEGAL),
    'Visitors: "an Imagineer may process" (Bob processes for Ann)': Case(
        _process_for_another, Verdict.ILLEGAL, "refused", "Gamestate Tracking"
    ),
    'Visitors: "have processed all previous Business Days" (LBD 4 of 3)': Case(
        _process_beyond, Verdict.ILLEGAL, "refused", "Visitors"
    ),
    'Visitors: "Tourism: Move the Boss\'s Debt toward 0" written wrongly': Case(
        _process_wrong_value, Verdict.ILLEGAL, "wrong_value", "Visitors", f"{GAMESTATE}/Kevan/Debt"
    ),
    'Visitors: processing "split over multiple GNDT updates"': Case(
        _process_split, Verdict.LEGAL, at=0
    ),
    'Visitors: "have processed all previous Business Days" (two in one edit)': Case(
        _two_days_processed, Verdict.LEGAL
    ),
    'Licensing: "they may create a new IP License by paying its Fee"': Case(
        _license_create, Verdict.LEGAL
    ),
    'Licensing: "exercise an IP License by paying 1 + X SMILES"': Case(
        _license_exercise, Verdict.LEGAL
    ),
    'Licensing: "an Imagineer may exercise an IP License" (another Zone\'s)': Case(
        _license_exercise_other, Verdict.LEGAL, "reading", "Licensing"
    ),
    'Licensing: "to any Uncrowded Business Day" (a Crowded one)': Case(
        _license_exercise_crowded, Verdict.ILLEGAL, "refused", "Licensing"
    ),
    'Licensing: "to any Uncrowded Business Day" (one already processed)': Case(
        _license_processed_day, Verdict.LEGAL, "reading", "Licensing"
    ),
    'Licensing: "may not create a new IP License until the Boss has started a new '
    'Business Day"': Case(_license_remove_then_create, Verdict.ILLEGAL, "refused", "Licensing"),
    'Licensing: "until the Boss has started a new Business Day" (then it may)': Case(
        _license_remove_new_day_create, Verdict.LEGAL
    ),
    'Visitors: "the Boss may end one Business Day ... and begin a new Business Day"': Case(
        _day_new, Verdict.LEGAL
    ),
    'Visitors: "the Boss may ... begin a new Business Day" (not the Boss)': Case(
        _day_new_not_boss, Verdict.ILLEGAL, "refused"
    ),
    'Spending: "reduce their Budget by X to reduce their Debt by X"': Case(_repay, Verdict.LEGAL),
    'Budget: "a nonnegative integer" (repaying more than the Budget)': Case(
        _repay_too_much, Verdict.ILLEGAL, "refused", "Spending"
    ),
    'Spending: "may only be performed on a Sunday"': Case(_interest_sunday, Verdict.LEGAL),
    'Spending: "may only be performed on a Sunday" (a Monday)': Case(
        _interest_monday, Verdict.ILLEGAL, "refused", "Spending"
    ),
    'Zones: "they may create a Zone with a name of The X Zone"': Case(_zone_create, Verdict.LEGAL),
    'Zones: "If an Imagineer Operates no Zones"': Case(
        _zone_create_operator, Verdict.ILLEGAL, "refused", "Zones"
    ),
    'Zones: "any word that appears between the words The and Dynasty"': Case(
        _zone_create_bad_word, Verdict.ILLEGAL, "refused", "Zones"
    ),
    'Idle Imagineers: "Idle Imagineers are not counted as Imagineers"': Case(
        _idle_builds, Verdict.ILLEGAL, "refused", "Idle Imagineers"
    ),
    'Victory and Ascension: "the only game actions that may be taken" in Hiatus': Case(
        _hiatus_build, Verdict.ILLEGAL, "refused", "Victory and Ascension"
    ),
    'Seasonal Downtime: "During this time no game actions may be taken except ..."': Case(
        _downtime_build, Verdict.ILLEGAL, "refused", "Seasonal Downtime"
    ),
    'Victory and Ascension: "the only game actions that may be taken" in Hiatus (Budget 0, '
    "by Debt)": Case(
        _hiatus_build_by_debt,
        Verdict.ILLEGAL,
        "refused",
        "Victory and Ascension",
        f"{NOMICLAND}/{THEME}/Buildings",
        words="During this time, the only game actions that may be taken are those covered by",
    ),
    "Text the bot does not own is not gamestate": Case(_prose, Verdict.LEGAL),
}


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_audit_verdicts(case: Case) -> None:
    result = case.run()
    audited = result.revisions[case.at]
    assert audited.verdict is case.verdict, audited.to_json()
    if case.kind is not None:
        assert case.kind in kinds(audited), audited.to_json()
        finding = next(f for f in audited.findings if f.kind.value == case.kind)
        if case.rule is not None:
            assert finding.rule == case.rule, finding
        if case.cell is not None:
            assert finding.cell == case.cell, finding
        if case.words is not None:
            assert case.words in finding.words, finding
