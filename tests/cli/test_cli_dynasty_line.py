"""The dynasty in force and its keyword, one line in `status` and on the Votes page: Ruleset
139's Nomicland, then, after an Ascension's Ruleset revision, the Seekers'."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner

from gamestate import evaluate
from tests.any_dynasty import SEEKERS
from tests.wiki.test_votes_page import BLOG, VOTED, status
from wikibot.archive import game_from_dict
from wikibot.cli import cli
from wikibot.wiki.pages.votes import render_tally

NOMICLAND = "Dynasty: Nomicland; keyword Imagineer; dynastic rules: Budget, Spending, "
SEEKERS_LINE = (
    "Dynasty: the Seekers' dynasty; keyword Seeker; dynastic rules: Development Interval, Score"
)


def _archive(tmp_path: Path) -> Path:
    data = dict(VOTED, rulesets=[{"at": "2016-05-24T00:00:00Z", "text": SEEKERS}])
    path = tmp_path / "archive.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _status(path: Path, now: str) -> str:
    result = CliRunner().invoke(
        cli, ["status", "--archive", str(path), "--now", now], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_status_names_the_dynasty_in_force_in_one_line(tmp_path: Path) -> None:
    path = _archive(tmp_path)
    before = _status(path, "2016-05-23T20:00:00Z").splitlines()
    assert before[1].startswith("Ruleset: Ruleset 139 assumed")
    assert [line for line in before if line.startswith("Dynasty: ")][0].startswith(NOMICLAND)
    after = _status(path, "2016-05-24T20:00:00Z")
    assert SEEKERS_LINE + "\n" in after
    assert "Seekers" in after.splitlines()[0]  # the keyword's words: "5 Seekers"


def test_the_votes_page_names_the_dynasty(tmp_path: Path) -> None:
    assert NOMICLAND in render_tally(status(VOTED, "2016-05-23T20:00:00Z"), blog_url=BLOG)
    data = dict(VOTED, rulesets=[{"at": "2016-05-24T00:00:00Z", "text": SEEKERS}])
    later = evaluate(game_from_dict(data), datetime(2016, 5, 24, 20, tzinfo=UTC))
    text = render_tally(later, blog_url=BLOG)
    # Wikitext: the apostrophe is written as an entity, so it never starts bold or italics.
    assert SEEKERS_LINE.replace("'", "&#39;") in text and "Seekers" in text.splitlines()[0]
