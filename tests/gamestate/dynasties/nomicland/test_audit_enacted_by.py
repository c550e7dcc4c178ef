"""The audit and an enacted Proposal that changes a value *by* an amount.

Votable Matters: "the Admin Enacting it shall update the Gamestate". "Increase Cat's
Smiles by 5" gives no value by itself: the value it asks for is the ledger's value when
the change is written in, plus 5. It is applied once: a second edit adding 5 again is
not the enactment.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from gamestate.dynasties.nomicland.audit import (
    GAMESTATE,
    BlogEffect,
    LedgerFact,
    Verdict,
)
from tests.gamestate.dynasties.nomicland.game import MONDAY
from tests.gamestate.dynasties.nomicland.test_audit_actions import rich, set_cell
from tests.gamestate.dynasties.nomicland.test_audit_support import Wiki, kinds

CAT_SMILES = f"{GAMESTATE}/Cat/Smiles"
ANN_SMILES = f"{GAMESTATE}/Ann/Smiles"


def _smiles(wiki: Wiki) -> int:
    cat = wiki.state.player("Cat")
    assert cat is not None
    return cat.smiles


def _cat_written(change: int) -> tuple[Wiki, int]:
    """Bob writes Cat's Smiles changed by ``change``; the wiki and Cat's Smiles before."""
    wiki = Wiki(rich())
    before = _smiles(wiki)
    wiki.edit(GAMESTATE, "Bob", set_cell("Smiles", "Cat", str(before + change)))
    return wiki, before


def _increase(by: int = 5, **more: str) -> BlogEffect:
    return BlogEffect("proposal", "7", MONDAY, "Kevan", cells=dict(more), by={CAT_SMILES: by})


def test_votable_matters_a_change_by_an_amount_written_right_is_the_admins_enactment() -> None:
    wiki, before = _cat_written(5)
    result = wiki.audit(enacted=[_increase()])
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.LEGAL, audited.to_json()
    assert [(a.action, a.actor, a.args) for a in audited.actions] == [
        (
            "enacted",
            "Kevan",
            {"matter": "7", "cells": {CAT_SMILES: str(before + 5)}, "by": {CAT_SMILES: 5}},
        )
    ]
    assert result.state["players"]["Cat"]["smiles"] == before + 5


def test_votable_matters_reduce_by_an_amount_counts_down_from_the_ledgers_value() -> None:
    wiki, before = _cat_written(-3)
    audited = wiki.audit(enacted=[_increase(-3)]).revisions[-1]
    assert audited.verdict is Verdict.LEGAL, audited.to_json()
    assert audited.actions[0].args["cells"] == {CAT_SMILES: str(before - 3)}


def test_votable_matters_a_change_by_an_amount_written_wrong_is_illegal_and_recorded_right() -> (
    None
):
    wiki, before = _cat_written(50)
    result = wiki.audit(enacted=[_increase()])
    audited = result.revisions[-1]
    assert audited.verdict is Verdict.ILLEGAL, audited.to_json()
    [wrong] = [f for f in audited.findings if f.kind.value == "wrong_value"]
    assert (wrong.rule, wrong.cell, wrong.expected, wrong.found) == (
        "Votable Matters",
        CAT_SMILES,
        str(before + 5),
        str(before + 50),
    )
    assert result.state["players"]["Cat"]["smiles"] == before + 5  # recorded right


def test_votable_matters_a_change_by_an_amount_is_applied_once() -> None:
    """Written in, then added again an hour later (within the window): the second edit
    is not the enactment."""
    wiki = Wiki(rich())
    before = _smiles(wiki)
    wiki.edit(GAMESTATE, "Bob", set_cell("Smiles", "Cat", str(before + 5)))
    wiki.edit(
        GAMESTATE,
        "Bob",
        set_cell("Smiles", "Cat", str(before + 10)),
        at=wiki.clock + timedelta(minutes=30),
    )
    result = wiki.audit(enacted=[_increase()], window=timedelta(hours=2))
    first, second = result.revisions[-2:]
    assert first.verdict is Verdict.LEGAL, first.to_json()
    assert second.verdict is Verdict.UNEXPLAINED, second.to_json()
    assert kinds(second) == ["unexplained"]


def test_votable_matters_an_enactment_the_ledger_already_holds_is_not_applied_again() -> None:
    wiki = Wiki(rich())
    before = _smiles(wiki)
    wiki.edit(GAMESTATE, "Bob", set_cell("Smiles", "Cat", str(before + 5)))
    done = LedgerFact(
        "resolve/7",
        {"action": "enacted", "matter": "7", "cells": {CAT_SMILES: str(before)}},
        "Kevan",
        MONDAY - timedelta(minutes=1),
    )
    audited = wiki.audit(enacted=[_increase()], ledger=[done]).revisions[-1]
    assert audited.verdict is Verdict.UNEXPLAINED, audited.to_json()


def test_votable_matters_a_value_set_and_a_value_changed_in_one_text() -> None:
    """ "Set Ann's Smiles to 7. Increase Cat's Smiles by 5.", written in one edit each."""
    wiki = Wiki(rich())
    before = _smiles(wiki)
    wiki.edit(GAMESTATE, "Bob", set_cell("Smiles", "Cat", str(before + 5)))
    wiki.edit(GAMESTATE, "Bob", set_cell("Smiles", "Ann", "7"))
    effect = _increase(**{ANN_SMILES: "7"})
    result = wiki.audit(enacted=[effect], window=timedelta(hours=2))
    smiles, ann = result.revisions[-2:]
    assert smiles.verdict is Verdict.LEGAL, smiles.to_json()
    # Each edit writes its own cells of the text: the first is not wrong for leaving
    # Ann's Smiles to the second, and the second is not asked for the change by 5 again.
    assert smiles.actions[0].args["cells"] == {CAT_SMILES: str(before + 5)}
    assert ann.verdict is Verdict.LEGAL, ann.to_json()
    assert ann.actions[0].args == {"matter": "7", "cells": {ANN_SMILES: "7"}}
    assert result.state["players"]["Cat"]["smiles"] == before + 5
    assert result.state["players"]["Ann"]["smiles"] == 7


@pytest.mark.parametrize("editor", ["Ann", "Bob", "Kevan"])
def test_votable_matters_an_enacted_lbd_is_not_read_as_business_days_processed(
    editor: str,
) -> None:
    """ "Set Ann's LBD to 2" written in by anyone: the enactment, not two "day process"
    actions that only Ann may take (without the Proposal, it is read as those)."""
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, editor, set_cell("LBD", "Ann", "2"))
    effect = BlogEffect("proposal", "7", MONDAY, "Kevan", cells={f"{GAMESTATE}/Ann/LBD": "2"})
    audited = wiki.audit(enacted=[effect]).revisions[-1]
    assert audited.verdict is Verdict.LEGAL, audited.to_json()
    assert [(a.action, a.actor) for a in audited.actions] == [("enacted", "Kevan")]
    without = wiki.audit().revisions[-1]
    assert [a.action for a in without.actions] == ["day process", "day process"]
