"""The audit's action names: one per kind, as docs/wiki-audit.md lists them; aliases read."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from gamestate.dynasties.nomicland import Construct
from gamestate.dynasties.nomicland.actions import ACTION_NAMES
from gamestate.dynasties.nomicland.audit import LedgerFact, Verdict, record_of
from gamestate.dynasties.nomicland.audit.names import ACTIONS, ALIASES, action_name
from tests.gamestate.dynasties.nomicland.game import MONDAY
from tests.gamestate.dynasties.nomicland.test_audit_actions import THEME, rich
from tests.gamestate.dynasties.nomicland.test_audit_support import Wiki

DOCS = Path(__file__).resolve().parents[4] / "docs" / "wiki-audit.md"


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("undo", "correction"),
        ("Undo", "correction"),
        ("revert", "correction"),
        ("correction", "correction"),
        ("enact", "enacted"),
        ("construct", "build"),
        ("day_process", "day process"),
        ("Day  Process", "day process"),
        ("interest", "debt interest"),
        ("unplan", "demand unplan"),
        ("something else", "something else"),
    ],
)
def test_an_alias_an_admin_might_type_is_read_as_its_name(written: str, name: str) -> None:
    assert action_name(written) == name


def test_every_command_name_is_an_action_name_and_aliases_name_actions() -> None:
    assert set(ACTION_NAMES.values()) <= set(ACTIONS)
    assert set(ALIASES.values()) <= set(ACTIONS)
    assert not set(ALIASES) & set(ACTIONS)


def test_the_docs_list_every_action_name_and_no_other() -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## Action names", 1)[1].split("\n## ", 1)[0]
    bullets = section.split("Where the audit reads", 1)[0].split("\n- ")[1:]
    listed = {n for b in bullets for n in re.findall(r"`([^`]+)`", b.split(": ", 1)[0])}
    assert listed == set(ACTIONS)
    for alias in ALIASES:
        assert f"`{alias}`" in section, alias


def test_a_ledger_row_named_undo_is_listed_as_a_correction() -> None:
    wiki = Wiki(rich())
    revisions = wiki.act("Ann", Construct("Playpit", zone=THEME))
    wiki.revisions = [replace(r, bot=True, editor="NomicBot") for r in revisions]
    fact = LedgerFact(
        "op-undo",
        {"action": "Undo", "cells": {}},
        "Kevan",
        MONDAY,
        "by hand",
        [r.revid for r in wiki.revisions],
        record_of(wiki.state),
    )
    result = wiki.audit(ledger=[fact])
    assert [r.verdict for r in result.revisions] == [Verdict.LEGAL, Verdict.LEGAL]
    assert [(a.action, a.actor) for a in result.revisions[0].actions] == [("correction", "Kevan")]
