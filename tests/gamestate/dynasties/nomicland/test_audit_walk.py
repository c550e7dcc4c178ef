"""The audit's walk: readings, corrections, the ledger's own rows, randomness, the blog's
decisions, events, and what it reports around the revisions."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from gamestate.dynasties.nomicland import (
    Construct,
    ExerciseLicense,
    ProcessBusinessDay,
    action_to_json,
)
from gamestate.dynasties.nomicland.audit import (
    GAMESTATE,
    NOMICLAND,
    BlogEffect,
    LedgerFact,
    Verdict,
    record_of,
)
from gamestate.dynasties.nomicland.demand_actions import CloseDemandPost
from gamestate.dynasties.nomicland.models import BusinessDay, parse_visitors
from tests.gamestate.dynasties.nomicland.game import MONDAY, with_row, zone
from tests.gamestate.dynasties.nomicland.test_audit_actions import (
    THEME,
    licensed,
    rich,
    set_cell,
)
from tests.gamestate.dynasties.nomicland.test_audit_support import Wiki, kinds, start


def test_a_spend_by_debt_passing_the_bosss_debt_is_ambiguous_and_applied() -> None:
    # Spending: "If an Imagineer's Debt exceeds that of the Boss's ... they may only spend
    # currency by reducing their Budget": judged before the spending (-99,500 is not beyond
    # -100,000), so the Playpit by Debt is allowed although it leaves Ann at -100,500.
    wiki = Wiki(rich(budget=0, debt=-99_500))
    wiki.act("Ann", Construct("Playpit", zone=THEME))
    result = wiki.audit()
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.AMBIGUOUS
    reading = next(f for f in audited.findings if f.kind.value == "reading")
    assert reading.rule == "Spending"
    assert len(reading.readings) == 2 and "(applied)" in reading.readings[0]
    assert result.state["players"]["Ann"]["debt"] == -100_500


def test_a_correction_puts_back_the_ledgers_value() -> None:
    # Gamestate Tracking: "any Imagineer may correct the GNDT to comply with the Gamestate".
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, "Ann", set_cell("Smiles", "Ann", "50"))
    wiki.edit(GAMESTATE, "Bob", set_cell("Smiles", "Ann", "10"), at=MONDAY + timedelta(hours=3))
    result = wiki.audit()
    first, second = result.revisions
    assert first.verdict is Verdict.UNEXPLAINED
    assert second.verdict is Verdict.LEGAL
    assert [a.action for a in second.actions] == ["correction"]
    assert second.actions[0].actor == "Bob"
    assert result.discrepancies == ()


def test_a_wrong_value_is_recorded_right_and_stays_a_discrepancy() -> None:
    wiki = Wiki(rich())
    wiki.act("Ann", Construct("Playpit", zone=THEME), pages=[NOMICLAND])
    wiki.edit(GAMESTATE, "Ann", set_cell("Budget", "Ann", "4500"))
    result = wiki.audit()
    assert result.revisions[-1].verdict is Verdict.ILLEGAL
    assert result.state["players"]["Ann"]["budget"] == 4000
    assert [d.to_json() for d in result.discrepancies] == [
        {"cell": f"{GAMESTATE}/Ann/Budget", "page": "4500", "ledger": "4000"}
    ]
    # The next Playpit costs 1000 + 500*1 + 1000*1 = 2500: 4500 -> 2000 on the page moves
    # the wrong value by exactly that, so this edit is legal and the discrepancy stays.
    built = wiki.state.with_zone(zone(THEME, "Ann", "Playpit, Playpit"))
    wiki.write("Ann", built, pages=[NOMICLAND], at=MONDAY + timedelta(hours=3))
    wiki.edit(GAMESTATE, "Ann", set_cell("Budget", "Ann", "2000"))
    later = wiki.audit()
    assert later.revisions[-1].verdict is Verdict.LEGAL, later.revisions[-1].to_json()
    assert later.state["players"]["Ann"]["budget"] == 1500
    assert [d.page for d in later.discrepancies] == ["2000"]


def test_a_rerun_records_nothing_new_and_judges_the_same() -> None:
    wiki = Wiki(rich())
    wiki.act("Ann", Construct("Playpit", zone=THEME))
    wiki.act("Ann", ProcessBusinessDay())
    first = wiki.audit()
    assert len(first.new_facts) == 2
    ledger = [
        LedgerFact(f.op_id, f.action, f.actor, f.at, f.cause, f.revisions, f.state)
        for f in first.new_facts
    ]
    again = wiki.audit(ledger=ledger)
    assert again.new_facts == ()
    assert again.to_json() == first.to_json()


def test_the_bots_own_edit_is_matched_to_its_ledger_row() -> None:
    wiki = Wiki(rich())
    revisions = wiki.act("Ann", Construct("Playpit", zone=THEME))
    revisions = [replace(r, bot=True, editor="NomicBot") for r in revisions]
    wiki.revisions = revisions
    action = action_to_json(Construct("Playpit", zone=THEME))
    fact = LedgerFact(
        "op-build",
        action,
        "Ann",
        MONDAY,
        "nomicbot build",
        [r.revid for r in revisions],
        record_of(wiki.state),
    )
    result = wiki.audit(ledger=[fact])
    assert [r.verdict for r in result.revisions] == [Verdict.LEGAL, Verdict.LEGAL]
    assert result.revisions[0].actions[0].ledger == "op-build"
    assert result.new_facts == ()
    assert result.state["players"]["Ann"]["budget"] == 4000


def _focus(letters: dict[int, str], editor: str = "Kevan") -> Wiki:
    wiki = Wiki(start())
    state = wiki.state
    for number, added in letters.items():
        day = state.days[number - 1]
        state = state.with_day(BusinessDay(number, day.visitors + parse_visitors(added)))
    wiki.write(editor, state)
    return wiki


def test_focus_grouping_by_hand_with_no_roll_is_legal_but_unverified() -> None:
    # Focus Grouping: "the Boss must add three Visitors (of random types) to each Business
    # Day which is not Crowded" - all three days hold at most 8 Visitors (4 Imagineers).
    result = _focus({1: "ctA", 2: "SSc", 3: "AAt"}).audit()
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.LEGAL
    assert "random_unverified" in kinds(audited)


def test_focus_grouping_compared_with_the_recorded_roll() -> None:
    roll = LedgerFact(
        "roll-1",
        {"action": "roll", "command": "9DICE4"},
        "Kevan",
        MONDAY,
        "focus grouping",
        result=(1, 2, 3, 4, 4, 1, 3, 3, 2),
    )
    same = _focus({1: "ctA", 2: "SSc", 3: "AAt"}).audit(ledger=[roll])
    assert same.revisions[-1].verdict is Verdict.LEGAL
    assert kinds(same.revisions[-1]) == []
    other = _focus({1: "ccc", 2: "SSc", 3: "AAt"}).audit(ledger=[roll])
    assert other.revisions[-1].verdict is Verdict.ILLEGAL
    assert "random_mismatch" in kinds(other.revisions[-1])
    assert other.state["visitors"][0] == "AtSScAActA"  # recorded as rolled


def test_focus_grouping_by_someone_else_than_the_boss() -> None:
    result = _focus({1: "ctA", 2: "SSc", 3: "AAt"}, editor="Ann").audit()
    assert result.revisions[-1].verdict is Verdict.ILLEGAL


def test_focus_grouping_must_reach_every_uncrowded_day() -> None:
    result = _focus({1: "ctA", 2: "SSc"}).audit()
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.ILLEGAL
    assert audited.findings[0].rule == "Focus Grouping"


def test_a_demand_close_decided_on_the_blog_is_the_closers_action() -> None:
    # Planning: "any Imagineer may close that post ... increasing the Builder's Budget by the
    # Demand Post's winning bid, reducing the Boss's Budget by the same amount".
    state = with_row(start(), "Kevan", budget=3000)
    wiki = Wiki(state)
    close = CloseDemandPost(
        "42", "Playpit", MONDAY - timedelta(days=3), "Ann", 500, MONDAY - timedelta(days=2)
    )
    after = with_row(with_row(state, "Kevan", budget=2500), "Ann", budget=500)
    after = after.with_zone(zone(THEME, "Ann")).with_zone(
        replace(zone(THEME, "Ann"), planned=("Playpit",))
    )
    wiki.write("Bob", after)
    effect = BlogEffect("demand close", "42", MONDAY, "Cat", action_to_json(close))
    result = wiki.audit(enacted=[effect])
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.LEGAL, audited.to_json()
    assert [(a.action, a.actor) for a in audited.actions] == [("demand close", "Cat")]


def test_an_enacted_proposals_mechanical_effect_and_one_by_hand() -> None:
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, "Kevan", set_cell("Smiles", "Cat", "20"))
    effect = BlogEffect("proposal", "7", MONDAY, "Kevan", cells={f"{GAMESTATE}/Cat/Smiles": "20"})
    checked = wiki.audit(enacted=[effect])
    assert checked.revisions[-1].verdict is Verdict.LEGAL
    assert checked.revisions[-1].actions[0].action == "enacted"
    by_hand = wiki.audit(enacted=[replace(effect, cells=None)])
    assert by_hand.revisions[-1].verdict is Verdict.LEGAL
    assert kinds(by_hand.revisions[-1]) == ["by_hand"]
    assert by_hand.state["players"]["Cat"]["smiles"] == 20


def test_an_enacted_proposals_value_written_wrongly_is_illegal_and_recorded_right() -> None:
    # Votable Matters: "the Admin Enacting it shall update the Gamestate"; the Proposal says
    # "Set Cat's Smiles to 20" (mechanical), and Bob writes 25.
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, "Bob", set_cell("Smiles", "Cat", "25"))
    effect = BlogEffect("proposal", "7", MONDAY, "Kevan", cells={f"{GAMESTATE}/Cat/Smiles": "20"})
    result = wiki.audit(enacted=[effect])
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.ILLEGAL, audited.to_json()
    assert [(a.action, a.actor, a.args) for a in audited.actions] == [
        ("enacted", "Kevan", {"matter": "7", "cells": {f"{GAMESTATE}/Cat/Smiles": "20"}})
    ]
    [wrong] = [f for f in audited.findings if f.kind.value == "wrong_value"]
    assert (wrong.rule, wrong.cell, wrong.expected, wrong.found) == (
        "Votable Matters",
        f"{GAMESTATE}/Cat/Smiles",
        "20",
        "25",
    )
    assert result.state["players"]["Cat"]["smiles"] == 20  # recorded right


def test_project_completion_brought_about_by_a_human_edit() -> None:
    # Project Completion: "If the Boss's Debt is 0, the Imagineer with the most Smiles has
    # achieved victory." Ann's processing pays the last of the Boss's Debt (70 Tourism).
    state = with_row(with_row(rich(budget=0), "Kevan", debt=-60), "Ann", smiles=12)
    wiki = Wiki(state)
    wiki.act("Ann", ProcessBusinessDay())
    result = wiki.audit()
    assert result.revisions[-1].verdict is Verdict.LEGAL
    assert [e.kind for e in result.events] == ["project_completion"]
    assert result.events[0].detail["winner"] == "Ann"


def test_a_new_imagineers_row() -> None:
    wiki = Wiki(rich())
    wiki.write("Kevan", wiki.state.with_new_player("Dan"))
    legal = wiki.audit(players={"Kevan", "Ann", "Bob", "Cat", "Dan"})
    assert legal.revisions[-1].verdict is Verdict.LEGAL
    assert [a.action for a in legal.revisions[-1].actions] == ["player row"]
    refused = wiki.audit()  # Dan is not on the roster
    assert refused.revisions[-1].verdict is Verdict.ILLEGAL
    assert refused.revisions[-1].findings[0].rule == "Imagineers"


def test_an_unreadable_revision_is_reported_not_guessed() -> None:
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, "Ann", lambda _t: "")
    wiki.revisions[-1] = replace(wiki.revisions[-1], text=None)
    result = wiki.audit()
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.UNEXPLAINED
    assert kinds(audited) == ["unreadable"]


def test_a_half_within_its_window_is_pending() -> None:
    wiki = Wiki(rich())
    wiki.write("Ann", wiki.state.with_zone(zone(THEME, "Ann", "Playpit")), pages=[NOMICLAND])
    result = wiki.audit(now=wiki.clock + timedelta(minutes=5))
    assert result.revisions[-1].verdict is Verdict.PENDING
    assert [p.cells for p in result.pending] == [(f"{NOMICLAND}/{THEME}/Buildings",)]


def test_a_non_player_cannot_write_an_imagineers_action() -> None:
    wiki = Wiki(rich(debt=-3000))
    wiki.write("Mallory", with_row(wiki.state, "Ann", budget=4000, debt=-2000))
    result = wiki.audit()
    assert result.revisions[-1].verdict is Verdict.ILLEGAL


def test_a_non_players_edit_is_refused_by_gamestate_tracking() -> None:
    # Gamestate Tracking: "Any Imagineer may update any Imagineer's data via the GNDT":
    # Mallory is not an Imagineer, so her Smile for Ann is refused, not "an undo".
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, "Mallory", set_cell("Smiles", "Ann", "11"))
    wiki.edit(GAMESTATE, "Kevan", set_cell("Smiles", "Ann", "10"))
    mallory, kevan = wiki.audit().revisions
    assert mallory.verdict is Verdict.ILLEGAL
    [finding] = mallory.findings
    assert (finding.kind.value, finding.rule, finding.cell, finding.found) == (
        "refused",
        "Gamestate Tracking",
        f"{GAMESTATE}/Ann/Smiles",
        "11",
    )
    assert finding.words.startswith("Any Imagineer may update any Imagineer's data via the GNDT")
    assert finding.expected is not None
    assert "Mallory is not an Imagineer" in finding.expected
    assert finding.expected.endswith("the ledger holds 10")
    assert kevan.verdict is Verdict.LEGAL and [a.action for a in kevan.actions] == ["correction"]


def test_an_idle_imagineers_edit_is_refused_by_the_idle_rule() -> None:
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, "Cat", set_cell("Smiles", "Cat", "12"))
    [audited] = wiki.audit(idle=["Cat"]).revisions
    assert audited.verdict is Verdict.ILLEGAL
    assert [(f.kind.value, f.rule) for f in audited.findings] == [("refused", "Idle Imagineers")]


def test_unearned_smiles_undone_within_the_window_are_unexplained_not_an_undo() -> None:
    # Ais's half waits for her next edit; the Boss undoes it meanwhile. Judged when the
    # window closes, her edit is not "an undo" of the Boss's later one.
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, "Ann", set_cell("Smiles", "Ann", "20"))
    wiki.edit(GAMESTATE, "Kevan", set_cell("Smiles", "Ann", "10"))
    ann, kevan = wiki.audit().revisions
    assert ann.verdict is Verdict.UNEXPLAINED
    assert [(f.kind.value, f.cell, f.expected, f.found) for f in ann.findings] == [
        ("unexplained", f"{GAMESTATE}/Ann/Smiles", "10", "20")
    ]
    assert kevan.verdict is Verdict.LEGAL and [a.action for a in kevan.actions] == ["correction"]


def test_an_exercise_split_across_the_two_pages() -> None:
    wiki = Wiki(licensed())
    wiki.act("Ann", ExerciseLicense(3, THEME), pages=[GAMESTATE])
    wiki.write("Ann", wiki.state, pages=[NOMICLAND])
    wiki.state = wiki.state
    result = wiki.audit()
    assert [r.verdict for r in result.revisions] == [Verdict.LEGAL, Verdict.LEGAL]
    assert result.revisions[0].actions[0].revisions == (100, 101)


def test_two_zones_with_the_same_segments_are_identical_alternatives() -> None:
    state = licensed()
    bob = state.zone("The Mouse Zone")
    assert bob is not None and state.zone(THEME) is not None
    license_ = state.zone(THEME).ip_license  # type: ignore[union-attr]
    wiki = Wiki(state.with_zone(replace(bob, ip_license=license_)))
    wiki.act("Cat", ExerciseLicense(3, THEME))
    audited = wiki.audit().revisions[-1]
    assert audited.verdict is Verdict.LEGAL
    assert "alternatives" in kinds(audited)


def test_assumptions_before_the_ledgers_first_row() -> None:
    wiki = Wiki(rich())
    wiki.act("Ann", ProcessBusinessDay())
    result = wiki.audit()
    assert any("X are 0" in a for a in result.assumptions)
    fact = LedgerFact(
        "op0",
        {"action": "day new"},
        "Kevan",
        MONDAY - timedelta(hours=1),
        state=record_of(wiki.state),
    )
    from_ledger = wiki.audit(ledger=[fact])
    assert from_ledger.assumptions[0].startswith("the gamestate at the start is the ledger's")


def test_a_zone_created_with_no_front_page_known_is_unverified() -> None:
    from gamestate.dynasties.nomicland.audit import AuditInput, audit
    from tests.gamestate.dynasties.nomicland.game import CATALOGUE
    from tests.gamestate.dynasties.nomicland.test_audit_support import roster

    wiki = Wiki(rich())
    wiki.write("Cat", wiki.state.with_zone(zone("The Banana Zone", "Cat")))
    view = roster()
    result = audit(
        AuditInput(wiki.revisions, wiki.base, (), lambda _at: view, lambda _at: None, CATALOGUE)
    )
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.LEGAL
    assert kinds(audited) == ["unverified"]
