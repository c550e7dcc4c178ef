"""``nomicbot wiki audit`` on the real sandbox MediaWiki: the edits it used to misread (issue 30),
continued (kinds 1 to 4 are in ``test_audit_misreads.py``):

5. Business Day 3 processed while day 2 is not, undone, then day 2 processed;
6. undos named as the editor's ``correction``;
7. the action names, and an alias read;
8. the pairing window said in the output.
"""

from __future__ import annotations

from pathlib import Path

from gamestate.profiles.blognomic_139.models import Player
from tests.wiki.audit_histories import (
    Row,
    audit,
    audit_text,
    by_summary,
    flagged,
    history,
    recorded,
    zone_text,
)
from tests.wiki.test_audit_end_to_end import SUN, at, park, table
from wikibot.config import load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.sandbox.mediawiki import RunningWiki

# 5. Days processed out of order.


def test_business_day_3_processed_while_day_2_is_not(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Josh has processed Business Day 1. He processes day 3 (three Visitors: the Boss's Debt
    # toward 0 by 30, his by 60), undoes it, then processes day 2 (four: 40 and 80).
    start: list[Row] = [("Kevan", 0, -50_000, 10, 3), ("Josh", 0, -5000, 10, 1)]
    day3: list[Row] = [("Kevan", 0, -49_970, 10, 3), ("Josh", 0, -4940, 10, 3)]
    day2: list[Row] = [("Kevan", 0, -49_960, 10, 3), ("Josh", 0, -4920, 10, 2)]
    queue = park("", ["cA", "ttSS", "ccA"])
    edits = [
        ("N", queue, "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        ("G", table(day3), "Josh", at(0, 10), "processed Business Day 3"),
        ("G", table(start), "Josh", at(0, 12), "oops, undo"),
        ("G", table(day2), "Josh", at(0, 13), "processed Business Day 2"),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), Player("Josh")],
    )
    found = by_summary(audit(config))
    skipped = found["processed Business Day 3"]
    assert skipped["verdict"] == "illegal"
    # One processing, of day 3, refused: not days 2 and 3 (which need other values).
    assert [(a["action"], a["actor"], a["ledger"]) for a in skipped["actions"]] == [
        ("day process", "Josh", None)
    ]
    [(kind, rule, cell, why, value)] = flagged(skipped)
    assert (kind, rule, cell, value) == ("refused", "Visitors", "Gamestate/Josh/LBD", "3")
    assert "has not processed Business Day 2" in why
    undo = found["oops, undo"]
    assert (undo["verdict"], flagged(undo)) == ("legal", [])
    assert [(a["action"], a["actor"]) for a in undo["actions"]] == [("correction", "Josh")]
    day = found["processed Business Day 2"]
    assert (day["verdict"], flagged(day)) == ("legal", [])
    assert [(a["action"], a["actor"]) for a in day["actions"]] == [("day process", "Josh")]
    audit(config, "--apply")
    assert [(action, who) for action, who, _args in recorded(config)] == [
        ("correction", "Josh"),
        ("day process", "Josh"),
    ]


# 6. Undos name themselves.


def test_undos_are_the_editors_corrections_whatever_they_undo(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Ais adds a Zone no front page allows (refused), Kevan removes it; Josh gives himself
    # ten Smiles (no action gives them), Clucky puts them back; Mallory, no Imagineer, adds
    # a row for herself (vandalism), Kevan removes it.
    start: list[Row] = [("Kevan", 0, -50_000, 10, 1), ("Josh", 0, 0, 10, 1), ("Ais", 0, 0, 10, 1)]
    smiles: list[Row] = [("Kevan", 0, -50_000, 10, 1), ("Josh", 0, 0, 20, 1), ("Ais", 0, 0, 10, 1)]
    vandal: list[Row] = [*start, ("Mallory", 900, 0, 99, 1)]
    plain, evil = park("", ["cA"]), park(zone_text("The Evil Zone", "Ais"), ["cA"])
    edits = [
        ("N", plain, "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        ("N", evil, "Ais", at(0, 9), "my Zone"),
        ("N", plain, "Kevan", at(0, 11), "undo Ais"),
        ("G", table(smiles), "Josh", at(1, 9), "smiles"),
        ("G", table(start), "Clucky", at(1, 11), "undo Josh"),
        ("G", table(vandal), "Mallory", at(2, 9), "me too"),
        ("G", table(start), "Kevan", at(2, 11), "undo Mallory"),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), Player("Josh"), Player("Clucky"), Player("Ais")],
    )
    found = by_summary(audit(config))
    assert [found[s]["verdict"] for s in ("my Zone", "smiles", "me too")] == [
        "illegal",
        "unexplained",
        "illegal",
    ]
    undos = {"undo Ais": "Kevan", "undo Josh": "Clucky", "undo Mallory": "Kevan"}
    for summary, editor in undos.items():
        undo = found[summary]
        assert (undo["verdict"], flagged(undo)) == ("legal", []), summary
        assert [(a["action"], a["actor"]) for a in undo["actions"]] == [("correction", editor)]
    assert found["undo Ais"]["actions"][0]["args"] == {"cells": {"Nomicland/The Evil Zone": None}}
    assert found["undo Mallory"]["actions"][0]["args"] == {"cells": {"Gamestate/Mallory": None}}
    audit(config, "--apply")
    assert [(action, who) for action, who, _args in recorded(config)] == [
        ("correction", "Kevan"),
        ("correction", "Clucky"),
        ("correction", "Kevan"),
    ]


# 7. Names of actions.


def test_action_names_are_the_documented_ones_and_an_alias_is_read(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Ais gives Josh five Smiles; the bot's account puts them back, and the ledger row of
    # that edit (an older tool's, typed by Kevan) names its action "Undo".
    from gamestate.dynasties.nomicland.audit.names import ACTIONS
    from wikibot.mirror.ledger import LedgerEntry

    bot = sandbox_wiki.wiki_config().bot_name
    start: list[Row] = [("Kevan", 0, -50_000, 10, 1), ("Josh", 0, 0, 10, 1), ("Ais", 0, 0, 10, 1)]
    gift: list[Row] = [("Kevan", 0, -50_000, 10, 1), ("Josh", 0, 0, 15, 1), ("Ais", 0, 0, 10, 1)]
    edits = [
        ("N", park("", ["cA"]), "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        ("N", park(zone_text("The Mouse Zone", "Josh"), ["cA"]), "Josh", at(0, 9), "my Zone"),
        ("G", table(gift), "Ais", at(0, 10), "five for Josh"),
        ("G", table(start), bot, at(0, 11), "undo Ais"),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), Player("Josh"), Player("Ais")],
    )
    undo = by_summary(audit(config))["undo Ais"]
    with Mirror.open(str(load_config(config).mirror.database)) as mirror:
        ledger = Ledger(mirror)
        title = load_config(config).wiki.gamestate_page
        entry = LedgerEntry(
            "older-tool:undo",
            at(0, 11),
            "Kevan",
            "Undo",
            arguments={"cells": {"Gamestate/Josh/Smiles": "10"}},
            cause="typed by hand",
        )
        ledger.start(entry)
        ledger.finish(entry.op_id, {title: undo["revid"]})
    data = audit(config)
    found = by_summary(data)
    assert found["undo Ais"]["bot"] is True
    assert [(a["action"], a["actor"]) for a in found["undo Ais"]["actions"]] == [
        ("correction", "Kevan")
    ]
    assert found["my Zone"]["actions"][0]["action"] == "zone create"
    names = {a["action"] for r in data["revisions"] for a in r["actions"]}
    assert names == {"zone create", "correction"} and names <= set(ACTIONS)


# 8. The pairing window.


def test_an_audit_inside_the_pairing_window_says_when_the_pending_edit_is_judged(
    sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path
) -> None:
    # Josh writes a Playpit at 10:00 and no cost yet; the audit runs at 10:30.
    start: list[Row] = [("Kevan", 0, -50_000, 10, 1), ("Josh", 0, 0, 10, 1)]
    edits = [
        ("N", park(zone_text("The Mouse Zone", "Josh"), ["cA"]), "Admin", SUN, "as they stood"),
        ("G", table(start), "Admin", SUN, "as they stood"),
        (
            "N",
            park(zone_text("The Mouse Zone", "Josh", ["Playpit"]), ["cA"]),
            "Josh",
            at(0, 10),
            "Playpit",
        ),
    ]
    config = history(
        sandbox_wiki,
        tmp_path,
        page_title,
        edits,
        players=[Player("Kevan", admin=True), Player("Josh")],
    )
    inside = ("--since", "2016-05-15T12:00:00Z", "--now", "2016-05-16T10:30:00Z")
    data = audit(config, since=inside)
    [half] = data["revisions"]
    assert half["verdict"] == "pending"
    assert [p["until"] for p in data["pending"]] == ["2016-05-16T11:00:00+00:00"]
    said = (
        "the pairing window: one action may span an editor's next edits within 1 hour; as of "
        "2016-05-16T10:30:00Z, 1 revision(s) still inside it are pending, judged by an audit as "
        "of 2016-05-16T11:00:00Z or later (--now 2016-05-16T11:00:00Z judges them now)"
    )
    assert said in data["assumptions"]
    text = audit_text(config, since=inside)
    assert f"Assumed: {said}" in text
    assert (
        f"Pending: r{half['revid']} Nomicland by Josh (its other half may come until "
        "2016-05-16T11:00:00Z; judged by an audit as of then or later, or now with --now "
        "2016-05-16T11:00:00Z): Nomicland/The Mouse Zone/Buildings"
    ) in text
    # --now past the window judges it: a lone half, nothing pending, nothing said.
    past = ("--since", "2016-05-15T12:00:00Z", "--now", "2016-05-16T11:00:01Z")
    data = audit(config, since=past)
    assert [r["verdict"] for r in data["revisions"]] == ["unexplained"]
    assert data["pending"] == []
    assert not any("pairing window" in a for a in data["assumptions"])
