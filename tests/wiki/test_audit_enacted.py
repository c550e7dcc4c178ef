"""``nomicbot wiki audit`` on the real sandbox MediaWiki: enacted Proposals written in by hand.

Votable Matters: "the Admin Enacting it shall update the Gamestate". The mirror holds
three Proposals enacted by Kevan: two whose text is a mechanical form ("Set Ais’s Smiles
to 15", "Set Clucky’s Budget to 300", read as ``resolve`` reads them) and one that is not.
Within the hour after each enactment a human writes it into the Gamestate table: the
first exactly (``legal``, the enacting Admin's ``enacted``), the second with 500
(``illegal``, ``wrong_value``), the third as they like ("applied by hand, unchecked"). A
fourth, enacted later, changes a value by an amount ("Reduce Josh’s Smiles by 2"),
checked against the ledger's value before it.
"""

from __future__ import annotations

import json
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamestate.profiles.blognomic_139.models import Player, Post, PostStatus
from tests.wiki.test_audit_end_to_end import SUN, at, park, rows, table, write_audit_config
from wikibot.cli import cli
from wikibot.config import load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.sandbox.mediawiki import RunningWiki, create_account
from wikibot.wiki.dump import DumpRevision, import_history

EDITORS = ("Kevan", "Josh")


def proposal(post_id: str, body_html: str, resolved_at: datetime) -> Post:
    return Post(
        post_id,
        "Proposal",
        f"Proposal: {post_id}",
        "Josh",
        resolved_at.replace(hour=0),
        status=PostStatus.ENACTED,
        body_html=body_html,
        admin_note="Enacted by Kevan (3-0)",
        resolved_at=resolved_at,
    )


PROPOSALS = [
    proposal("smiles_for_ais", "<p>Set Ais\u2019s Smiles to 15.</p>", at(0, 10)),
    proposal("budget_for_clucky", "<p>Set Clucky\u2019s Budget to 300.</p>", at(1, 10)),
    proposal("a_gift", "<p>If Kevan agrees, Josh gets some Smiles.</p>", at(2, 10)),
    proposal("fine_josh", "<p>Reduce Josh\u2019s Smiles by 2.</p>", at(2, 12)),
]


@pytest.fixture
def setup(sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path) -> Path:
    for name in EDITORS:
        create_account(sandbox_wiki.data_dir, name, secrets.token_urlsafe(18))
    n, g = f"{page_title}/Nomicland", f"{page_title}/Gamestate"
    ais = rows(Ais=(0, 0, 15, 0))
    clucky = rows(Ais=(0, 0, 15, 0), Clucky=(500, 0, 10, 0))
    josh = rows(Ais=(0, 0, 15, 0), Clucky=(500, 0, 10, 0), Josh=(0, 0, 12, 0))
    fined = rows(Ais=(0, 0, 15, 0), Clucky=(500, 0, 10, 0), Josh=(0, 0, 10, 0))
    edits = [
        (n, park(days=[""]), "Admin", SUN, "the pages as they stood"),
        (g, table(rows()), "Admin", SUN, "the pages as they stood"),
        (g, table(ais), "Kevan", at(0, 10, 20), "smiles_for_ais"),
        (g, table(clucky), "Josh", at(1, 10, 30), "budget_for_clucky"),
        (g, table(josh), "Kevan", at(2, 10, 15), "a_gift"),
        (g, table(fined), "Josh", at(2, 12, 5), "fine_josh"),
    ]
    import_history(
        sandbox_wiki.data_dir,
        [DumpRevision(p, text, who, when, said) for p, text, who, when, said in edits],
    )
    database = tmp_path / "mirror.sqlite"
    with Mirror.open(str(database)) as mirror:
        mirror.store_roster(
            [Player("Kevan", admin=True), Player("Josh"), Player("Clucky"), Player("Ais")],
            boss="Kevan",
            seen_at=at(-10, 0),
        )
        for post in PROPOSALS:
            mirror.store_post(post, seen_at=at(3, 0))
    config = write_audit_config(
        tmp_path, sandbox_wiki.wiki_config(), (n, g), f"{page_title}/Audit", database
    )
    return config


def audit(config: Path, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(
        cli,
        [
            "wiki",
            "audit",
            "--config",
            str(config),
            "--since",
            "2016-05-15T12:00:00Z",
            "--now",
            "2016-05-20T00:00:00Z",
            "--json",
            *args,
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_enacted_proposals_written_in_by_hand(setup: Path) -> None:
    data = audit(setup)
    by_summary = {r["summary"]: r for r in data["revisions"]}

    # "Set Ais’s Smiles to 15", written 15: the enacting Admin's action, checked.
    exact = by_summary["smiles_for_ais"]
    assert exact["verdict"] == "legal", exact
    assert [(a["action"], a["actor"], a["args"]) for a in exact["actions"]] == [
        ("enacted", "Kevan", {"matter": "smiles_for_ais", "cells": {"Gamestate/Ais/Smiles": "15"}})
    ]
    assert exact["findings"] == []

    # "Set Clucky’s Budget to 300", written 500 by Josh: the value the text gives.
    wrong = by_summary["budget_for_clucky"]
    assert wrong["verdict"] == "illegal", wrong
    assert [(a["action"], a["actor"]) for a in wrong["actions"]] == [("enacted", "Kevan")]
    assert [
        (f["kind"], f["rule"], f["cell"], f["expected"], f["found"]) for f in wrong["findings"]
    ] == [("wrong_value", "Votable Matters", "Gamestate/Clucky/Budget", "300", "500")]

    # A text in no mechanical form: "applied by hand, unchecked", as before.
    by_hand = by_summary["a_gift"]
    assert by_hand["verdict"] == "legal", by_hand
    assert [(a["action"], a["actor"]) for a in by_hand["actions"]] == [("enacted", "Kevan")]
    assert [(f["kind"], f["words"], f["found"]) for f in by_hand["findings"]] == [
        ("by_hand", "applied by hand, unchecked", "proposal a_gift")
    ]

    # "Reduce Josh’s Smiles by 2", written 10 by Josh himself: the ledger held 12 (the
    # gift, recorded as written), so 10 is the value the text asks for.
    fine = by_summary["fine_josh"]
    assert fine["verdict"] == "legal", fine
    assert [(a["action"], a["actor"], a["args"]) for a in fine["actions"]] == [
        (
            "enacted",
            "Kevan",
            {
                "matter": "fine_josh",
                "cells": {"Gamestate/Josh/Smiles": "10"},
                "by": {"Gamestate/Josh/Smiles": -2},
            },
        )
    ]

    # --apply records each enactment as the Admin's, its cause the revision; Clucky's
    # Budget is recorded as the text sets it.
    audit(setup, "--apply")
    with Mirror.open(str(load_config(setup).mirror.database)) as mirror:
        recorded = list(Ledger(mirror).actions())
    assert [(r.action, r.actor, r.arguments.get("matter")) for r in recorded] == [
        ("enacted", "Kevan", "smiles_for_ais"),
        ("enacted", "Kevan", "budget_for_clucky"),
        ("enacted", "Kevan", "a_gift"),
        ("enacted", "Kevan", "fine_josh"),
    ]
    assert recorded[1].after["state"]["players"]["Clucky"]["budget"] == 300


K_DEBT = "Gamestate/Kevan/Debt"


@pytest.mark.parametrize(
    ("body", "changes"),
    [
        ("<p>Set ais\u2019s Smiles to 15.</p>", ({"Gamestate/Ais/Smiles": "15"}, {})),
        (
            "<p>Set Ais\u2019s Smiles to 15.</p><p>Set Josh\u2019s LBD to 2.</p>",
            ({"Gamestate/Ais/Smiles": "15", "Gamestate/Josh/LBD": "2"}, {}),
        ),
        ("<p>Reduce Kevan\u2019s Debt by 5.</p>", ({}, {K_DEBT: -5})),
        (
            "<p>Set Ais\u2019s Smiles to 15.</p><p>Kevan\u2019s Debt is increased by 20.</p>",
            ({"Gamestate/Ais/Smiles": "15"}, {K_DEBT: 20}),
        ),
        (
            "<p>Increase Kevan\u2019s Debt by 2.</p><p>Increase Kevan\u2019s Debt by 3.</p>",
            ({}, {K_DEBT: 5}),
        ),
        (
            "<p>Set Kevan\u2019s Debt to 10.</p><p>Increase Kevan\u2019s Debt by 5.</p>",
            ({K_DEBT: "15"}, {}),
        ),
        (
            "<p>Increase Kevan\u2019s Debt by 5.</p><p>Set Kevan\u2019s Debt to 10.</p>",
            ({K_DEBT: "10"}, {}),
        ),
        ("<p>Set Ais\u2019s Smiles to 15.</p><p>If Kevan agrees.</p>", None),  # half a text
        ("<p>Repeal the rule \u201cSpending\u201d.</p>", None),  # no Gamestate value
        ("", None),
    ],
    ids=[
        "a player named in any case is the roster's",
        "several values, in order",
        'Votable Matters: "Reduce NAME\u2019s Debt by N" is a change by -N',
        "a value set and a value changed",
        "two changes of one value add up",
        "a change after a value set is that value changed",
        "a value set after a change is the value",
        "one instruction not mechanical: the whole text by hand",
        "rules only: by hand",
        "no text",
    ],
)
def test_what_an_enacted_text_does_to_the_gamestate_table(
    body: str, changes: tuple[dict[str, str], dict[str, int]] | None
) -> None:
    from gamestate.profiles.blognomic_139.models import Game
    from wikibot.wiki.audit import enacted_changes

    game = Game(players=tuple(Player(n) for n in ("Kevan", "Josh", "Ais")), posts=())
    assert enacted_changes(body, game) == changes
