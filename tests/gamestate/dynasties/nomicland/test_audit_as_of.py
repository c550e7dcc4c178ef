"""The audit as of an instant (``AuditInput.now``), who may write a GNDT row, and the bot's
seeding of the GNDT matched to its ledger row.

``now`` means what it means for ``status``: the game as of that instant. A revision saved
after it is not audited (``AuditResult.later``, and an assumption says how many), nor is a
ledger row only such revisions produced; a half whose window is still open at ``now`` stays
``pending``, as before.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from gamestate.dynasties.nomicland import Construct, action_to_json
from gamestate.dynasties.nomicland.audit import (
    GAMESTATE,
    NOMICLAND,
    LedgerFact,
    Verdict,
    record_of,
)
from gamestate.dynasties.nomicland.economy import Economy
from tests.gamestate.dynasties.nomicland.game import MONDAY
from tests.gamestate.dynasties.nomicland.test_audit_actions import THEME, rich, set_cell
from tests.gamestate.dynasties.nomicland.test_audit_support import PLAYERS, Wiki, kinds


def test_revisions_saved_after_now_are_left_for_later() -> None:
    wiki = Wiki(rich())
    first = wiki.edit(GAMESTATE, "Ann", set_cell("Smiles", "Ann", "20"), at=MONDAY)
    second = wiki.edit(
        GAMESTATE, "Kevan", set_cell("Smiles", "Ann", "10"), at=MONDAY + timedelta(days=2)
    )
    result = wiki.audit(now=MONDAY + timedelta(days=1))
    assert [r.revid for r in result.revisions] == [first.revid]
    assert [(r.page, r.revid, r.at) for r in result.later] == [(GAMESTATE, second.revid, second.at)]
    said = result.assumptions[-1]
    assert said.startswith("the game as of 2026-11-24T12:00:00Z: 1 revision(s) saved after it")
    assert f"r{second.revid} at 2026-11-25T12:00:00Z" in said
    # The state is the game's as of then: Kevan's later correction is not in it.
    assert [d.cell for d in result.discrepancies] == [f"{GAMESTATE}/Ann/Smiles"]
    assert "later" not in result.to_json()  # issue 20's keys only


def test_every_revision_after_now_leaves_nothing_audited() -> None:
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, "Ann", set_cell("Smiles", "Ann", "20"), at=MONDAY)
    wiki.edit(GAMESTATE, "Bob", set_cell("Smiles", "Bob", "20"))
    result = wiki.audit(now=MONDAY - timedelta(days=3))
    assert result.revisions == () and result.new_facts == () and result.pending == ()
    assert [r.revid for r in result.later] == [r.revid for r in wiki.revisions]
    assert "2 revision(s) saved after it" in result.assumptions[-1]


def test_no_revision_after_now_changes_nothing() -> None:
    wiki = Wiki(rich())
    wiki.edit(GAMESTATE, "Ann", set_cell("Smiles", "Ann", "20"), at=MONDAY)
    result = wiki.audit(now=MONDAY + timedelta(days=1))
    assert result.later == ()
    assert not any("left for a later audit" in a for a in result.assumptions)


def test_a_half_open_at_now_stays_pending_and_its_other_half_is_left_for_later() -> None:
    # AuditInput.now keeps its meaning: a half whose window is still open then is pending.
    wiki = Wiki(rich())
    [half] = wiki.act("Ann", Construct("Playpit", zone=THEME), pages=[NOMICLAND])
    [rest] = wiki.write("Ann", wiki.state, pages=[GAMESTATE])
    result = wiki.audit(now=half.at + timedelta(seconds=30))
    assert [(r.revid, r.verdict) for r in result.revisions] == [(half.revid, Verdict.PENDING)]
    assert [p.revid for p in result.pending] == [half.revid]
    assert [r.revid for r in result.later] == [rest.revid]
    # As of later, the two halves are one legal Building.
    both = wiki.audit(now=rest.at + timedelta(hours=2))
    assert [r.verdict for r in both.revisions] == [Verdict.LEGAL, Verdict.LEGAL]


def test_a_ledger_row_of_a_revision_after_now_is_not_applied() -> None:
    wiki = Wiki(rich())
    revisions = wiki.act("Ann", Construct("Playpit", zone=THEME), at=MONDAY + timedelta(days=2))
    wiki.revisions = [replace(r, bot=True, editor="NomicBot") for r in revisions]
    fact = LedgerFact(
        "op-build",
        action_to_json(Construct("Playpit", zone=THEME)),
        "Ann",
        MONDAY,  # the game time the bot was given, before the audit's instant
        "nomicbot build",
        [r.revid for r in revisions],
        record_of(wiki.state),
    )
    result = wiki.audit(ledger=[fact], now=MONDAY + timedelta(days=1))
    assert result.revisions == ()
    assert result.state["players"]["Ann"]["budget"] == 5000  # not yet built, as of now


def _seeded(players: frozenset[str]) -> tuple[Wiki, Economy]:
    """An empty GNDT, then the bot's edit adding one row per player (the defaults)."""
    empty = Economy.from_pages(rows=[], zones=[], days=[], boss="Kevan")
    wiki = Wiki(empty)
    seeded = empty
    for name in sorted(players):
        seeded = seeded.with_new_player(name)
    wiki.write("NomicBot", seeded, pages=[GAMESTATE], bot=True)
    return wiki, seeded


def test_the_bots_seeding_of_the_gndt_is_matched_to_its_ledger_row() -> None:
    # Every applied action is in the ledger with its cause: the seeding too.
    wiki, seeded = _seeded(PLAYERS)
    [revision] = wiki.revisions
    fact = LedgerFact(
        "seed:Gamestate",
        {"action": "gndt seed", "players": sorted(PLAYERS)},
        "Kevan",
        MONDAY,
        "nomicbot demo",
        [revision.revid],
        record_of(seeded),
    )
    result = wiki.audit(ledger=[fact])
    [audited] = result.revisions
    assert audited.verdict is Verdict.LEGAL, audited.to_json()
    assert kinds(audited) == []
    assert [(a.action, a.ledger) for a in audited.actions] == [("gndt seed", "seed:Gamestate")]
    assert result.new_facts == () and result.discrepancies == ()
    assert sorted(result.state["players"]) == sorted(PLAYERS)


def test_a_non_imagineers_new_rows_are_refused_under_gamestate_tracking() -> None:
    # Without its ledger row the bot's seeding is a non-Imagineer's edit: barred by
    # "Gamestate Tracking" ("Any Imagineer may update any Imagineer's data via the GNDT"),
    # not by "Idle Imagineers" (nobody here is Idle).
    wiki, _seeded_state = _seeded(PLAYERS)
    [audited] = wiki.audit().revisions
    assert audited.verdict is Verdict.ILLEGAL
    refused = [f for f in audited.findings if f.kind.value == "refused"]
    assert refused and {f.rule for f in refused} == {"Gamestate Tracking"}
    assert refused[0].words.startswith("Any Imagineer may update any Imagineer's data")
    assert refused[0].expected is not None
    assert "NomicBot is not an Imagineer" in refused[0].expected
    assert "bot_unmatched" in kinds(audited)


def test_an_idle_imagineers_new_row_is_refused_under_idle_imagineers() -> None:
    wiki = Wiki(rich())
    wiki.write("Cat", wiki.state.with_new_player("Dan"))
    [audited] = wiki.audit(idle=["Cat"], players=PLAYERS | {"Dan"}).revisions
    assert audited.verdict is Verdict.ILLEGAL
    [finding] = [f for f in audited.findings if f.kind.value == "refused"]
    assert finding.rule == "Idle Imagineers"
    assert finding.expected is not None and "Cat is Idle" in finding.expected
