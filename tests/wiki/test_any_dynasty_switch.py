"""Which audit ``wiki audit`` runs: Nomicland's while its rules are in force at --now (the
held-out week of tests/wiki/test_audit_end_to_end.py, verdicts as there), any dynasty's
after an Ascension's Ruleset revision repeals them."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.any_dynasty import SEEKERS
from tests.wiki.test_audit_end_to_end import accounts, run, setup, verdicts  # noqa: F401
from wikibot.config import load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.rulesets import store_ruleset_revisions
from wikibot.wiki.revisions import WikiRevision

pytestmark = pytest.mark.integration

ASCENSION = datetime(2016, 5, 21, 12, 0, tzinfo=UTC)


def test_nomicland_audit_until_the_ascension_then_any_dynasty_s(
    setup: tuple[Path, tuple[str, str], str],  # noqa: F811
) -> None:
    config, titles, _ = setup
    with Mirror.open(str(load_config(config).mirror.database)) as mirror:
        address = WikiRevision("Ruleset", 7, None, "Kevan", ASCENSION, "Seekers", SEEKERS, False)
        store_ruleset_revisions(mirror, "Ruleset", [address], seen_at=ASCENSION)
    code, out = run(
        config, "--since", "2016-05-15T12:00:00Z", "--now", "2016-05-20T00:00:00Z", "--json"
    )
    assert code == 0, out
    data = json.loads(out)
    assert "state" in data and "dynasty" not in data  # the Nomicland audit, as before
    found = verdicts(data)
    assert found["Playpit: cost"][0] == "illegal"
    assert found["Business Day 1"][:2] == ("legal", ["day new"])

    code, out = run(config, "--since", "2016-05-15T12:00:00Z", "--now", "2016-05-22T00:00:00Z")
    assert code == 1 and out.count("\n") == 1
    assert "Nomicland's rules are not in force and [wiki] gamestate_pages names no page" in out

    text = config.read_text(encoding="utf-8")
    config.write_text(
        text.replace("[wiki]\n", f'[wiki]\ngamestate_pages = ["{titles[1]}"]\n', 1),
        encoding="utf-8",
    )
    code, out = run(
        config, "--since", "2016-05-15T12:00:00Z", "--now", "2016-05-22T00:00:00Z", "--json"
    )
    assert code == 0, out
    data = json.loads(out)
    assert data["dynasty"].startswith("Dynasty: the Seekers' dynasty; keyword Seeker")
    # The Gamestate table read as any table: Mallory's Smile for Josh, cell by cell.
    mallory = next(r for r in data["revisions"] if r["editor"] == "Mallory")
    assert [(c["row"], c["column"], c["from"], c["to"]) for c in mallory["changes"]] == [
        ("Josh", "Smiles", "10", "11")
    ]
    assert mallory["verdict"] == "illegal"
    assert mallory["findings"][0]["rule"] == "Gamestate Tracking"
