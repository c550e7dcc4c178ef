"""``nomicbot wiki history PAGE ROW COLUMN``: every value a cell has held, with editor,
time, summary and cause, on the real sandbox MediaWiki (an imported history)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.any_dynasty import SEEKERS
from tests.wiki.test_any_dynasty_audit import accounts, at, enacted, make_game, seekers  # noqa: F401
from wikibot.cli import cli
from wikibot.sandbox.mediawiki import RunningWiki
from wikibot.wiki.dump import DumpRevision

pytestmark = pytest.mark.integration


def history(config: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        cli, ["wiki", "history", *args, "--config", str(config)], catch_exceptions=False
    )
    return result.exit_code, result.output


def test_each_value_of_a_cell_with_its_cause(
    sandbox_wiki: RunningWiki,
    accounts: None,  # noqa: F811
    page_title: str,
    tmp_path: Path,
) -> None:
    page = f"{page_title}/Seekers"
    edits = [
        (seekers(10, 10), "Ann", at(-1), "the table"),
        (seekers(11, 10), "Mallory", at(0.5), "a point for Ann"),
        (seekers(10, 10), "Ann", at(0.6), "undo Mallory"),
        (seekers(15, 10), "Ann", at(1.2), "p1"),
        (seekers(15, 25), "Ben", at(3.1), "p2"),
    ]
    config = make_game(
        sandbox_wiki,
        tmp_path,
        ruleset=SEEKERS,
        pages=[page],
        audit_page=f"{page_title}/Audit",
        posts=[
            enacted("p1", "proposal", "Set Ann's Score to 15.", 1),
            enacted("p2", "proposal", "Set Ben's Score to 20.", 3),
        ],
        history=[DumpRevision(page, text, who, when, said) for text, who, when, said in edits],
    )
    code, out = history(config, page, "Ann", "Score", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert (data["page"], data["row"], data["column"]) == (page, "Ann", "Score")
    assert [(v["value"], v["editor"], v["summary"], v["cause"]) for v in data["values"]] == [
        ("10", "Ann", "the table", "nothing known"),
        ("11", "Mallory", "a point for Ann", "nothing known"),
        ("10", "Ann", "undo Mallory", "a correction (an earlier value restored)"),
        ("15", "Ann", "p1", "enacted: proposal p1"),
    ]
    assert data["values"][1]["at"] == "2016-06-01T12:30:00Z"
    assert data["values"][1]["flagged"][0].startswith(
        "refused: rule 'Gamestate Tracking': Mallory is not a Seeker"
    )
    code, out = history(config, page, "ben", "score")
    assert code == 0, out
    assert "enacted, written wrong: proposal p2 (expected 20)" in out
    assert out.splitlines()[0] == f"{page}: ben's score: 2 value(s)"
    code, out = history(config, page, "Nobody", "Score")
    assert code == 1 and out.count("\n") == 1 and "has a cell in row 'Nobody'" in out
