"""``nomicbot history``: the table, the JSON object, ``--since`` and clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from tests.gamestate.audit_year import PLANTED, year_game
from wikibot.archive import write_archive
from wikibot.cli import cli

MATTER_KEYS = {
    "id",
    "category",
    "title",
    "resolved_at",
    "admin",
    "bot",
    "agrees",
    "disagreements",
    "notes",
}
ADMIN_KEYS = {"outcome", "admin", "for", "against", "quorum", "status", "note"}
BOT_KEYS = {"verdict", "clause", "for", "against", "quorum", "why", "roster"}
SUMMARY_KEYS = {
    "matters",
    "agreements",
    "disagreements",
    "not_judgeable",
    "by_kind",
    "todays_roster",
    "since",
    "mirror_reach",
}


def _run(*args: str) -> Any:
    result = CliRunner().invoke(cli, ["history", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def test_json_over_the_example_follows_the_contract() -> None:
    data = json.loads(_run("--archive", "example:nomicland", "--json").output)
    assert set(data) == {"matters", "summary"}
    assert set(data["summary"]) == SUMMARY_KEYS
    assert len(data["matters"]) == data["summary"]["matters"] == 31
    for m in data["matters"]:
        assert set(m) == MATTER_KEYS
        assert set(m["admin"]) == ADMIN_KEYS
        assert set(m["bot"]) == BOT_KEYS
        assert m["agrees"] is (not m["disagreements"])
        for d in m["disagreements"]:
            assert set(d) == {"kind", "what", "clause"}
    first = data["matters"][0]
    assert first["id"] == "fundland" and first["resolved_at"] == "2016-04-27T08:32:15Z"
    assert first["admin"] == {
        "outcome": "enacted",
        "admin": "Kevan",
        "for": 8,
        "against": 0,
        "quorum": None,
        "status": "Enacted",
        "note": "Enacted by Kevan (8-0)",
    }
    assert (first["bot"]["verdict"], first["bot"]["for"], first["bot"]["quorum"]) == ("enact", 7, 5)


def test_the_table_ends_with_the_summary_line() -> None:
    out = _run("--archive", "example:nomicland").output
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["resolved", "matter", "kind"]
    assert lines[-1].startswith("31 matters: ")
    assert "0 not judgeable; 31 judged with today's roster (no roster of the day)" in lines[-1]
    assert "    ! failed at 2016-04-27T08:37:06Z, before the Ruleset allowed it" in out
    assert '      because rule "Resolution of Proposals": no clause allows' in out


def test_since_a_date_limits_the_matters() -> None:
    data = json.loads(
        _run("--archive", "example:nomicland", "--json", "--since", "2016-05-14").output
    )
    assert [m["id"] for m in data["matters"]] == ["share_the_magic", "human_trafficking"]
    assert data["summary"]["since"] == "2016-05-14T00:00:00Z"
    instant = _run("--archive", "example:nomicland", "--since", "2016-05-16T02:27:08Z").output
    assert instant.splitlines()[-1].startswith("1 matters: ")


def test_a_bad_since_is_a_one_line_error() -> None:
    result = CliRunner().invoke(cli, ["history", "--archive", "example:nomicland", "--since", "x"])
    assert result.exit_code == 2
    assert "--since: not an ISO-8601 time: 'x' (or a date like 2016-05-01)" in result.output


def test_a_missing_archive_is_a_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["history", "--archive", str(tmp_path / "none.json")])
    assert result.exit_code == 1
    assert result.output.startswith("Error: ") and len(result.output.splitlines()) == 1


def test_the_synthetic_year_through_the_command(tmp_path: Path) -> None:
    archive = tmp_path / "year.json"
    with archive.open("w", encoding="utf-8") as handle:
        write_archive(year_game(), handle)
    data = json.loads(_run("--archive", str(archive), "--json").output)
    summary = data["summary"]
    assert (summary["matters"], summary["agreements"], summary["disagreements"]) == (183, 173, 9)
    assert summary["not_judgeable"] == 1
    assert summary["by_kind"] == {
        "resolved-early": 1,
        "not-oldest": 1,
        "outcome": 2,
        "status": 1,
        "tally": 4,
        "quorum": 1,
    }
    odd = {m["id"] for m in data["matters"] if m["agrees"] is not True}
    assert odd == set(PLANTED)
    undated = next(m for m in data["matters"] if m["id"] == "undated")
    assert (undated["bot"], undated["agrees"], undated["resolved_at"]) == (None, None, None)
    text = _run("--archive", str(archive)).output
    assert text.splitlines()[-1] == (
        "183 matters: 173 agreements, 9 disagreements (resolved-early 1, not-oldest 1, "
        "outcome 2, status 1, tally 4, quorum 1), 1 not judgeable"
    )
