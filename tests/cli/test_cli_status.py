"""``nomicbot status --archive``: the table, the JSON contract, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from wikibot.cli import cli
from wikibot.examples import NOMICLAND

EXAMPLE = str(NOMICLAND)
NOW = "2016-05-17T12:00:00Z"
TOP_KEYS = {"now", "quorum", "players", "hiatus", "hiatus_reason", "matters", "victory", "rules"}
RULES_KEYS = {"source", "revision", "at", "keyword", "quorum", "unread", "dynastic_warnings"}
"""ARCHITECTURE.md 2c."""
MATTER_KEYS = {
    "id",
    "category",
    "title",
    "author",
    "posted_at",
    "votes",
    "for",
    "against",
    "deferential",
    "self_killed",
    "vetoed",
    "illegal",
    "illegal_reason",
    "oldest",
    "verdict",
    "why",
    "decidable_at",
    "not_voted",
}


def _json(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(
        cli, ["status", "--archive", EXAMPLE, "--json", *args], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_json_follows_the_contract_field_for_field() -> None:
    data = _json("--now", NOW)
    assert set(data) == TOP_KEYS
    assert set(data["rules"]) == RULES_KEYS
    assert data["rules"]["source"] == "seed" and data["rules"]["revision"] is None
    assert data["now"] == NOW
    assert data["players"] == 8 and data["quorum"] == 5
    assert data["hiatus"] is False and data["hiatus_reason"] is None
    matters = data["matters"]
    assert isinstance(matters, list)
    for m in matters:
        assert set(m) == MATTER_KEYS
        assert m["verdict"] in {"enact", "fail", "wait", "blocked"}


def test_example_game_verdicts() -> None:
    matters = {m["id"]: m for m in _json("--now", NOW)["matters"]}  # type: ignore[union-attr]
    crane = matters["the_crane_of_death"]
    assert crane["verdict"] == "enact" and crane["oldest"] is True
    assert crane["for"] == 5 and crane["against"] == 0 and crane["deferential"] == 0
    # Josh's DEFERENTIAL shows as the Boss's (implicit, author's) FOR.
    assert crane["votes"]["Josh"] == "FOR" and crane["votes"]["Kevan"] == "FOR"
    assert crane["why"] == "FOR 5 >= Quorum 5 and open 1d 2h 56m (at least 12h)"
    assert matters["self_help"]["self_killed"] is True
    assert matters["tax_the_turnstiles"]["vetoed"] is True
    assert matters["tax_the_turnstiles"]["verdict"] == "blocked"
    cfj = matters["call_for_judgement_lagoon_licence"]
    assert cfj["verdict"] == "wait" and cfj["decidable_at"] == "2016-05-18T20:00:01Z"
    assert cfj["oldest"] is False
    # Oldest first; resolved posts and the Demand post are not listed.
    assert list(matters) == [
        "the_crane_of_death",
        "the_wages_of_joy",
        "call_for_judgement_lagoon_licence",
        "self_help",
        "tax_the_turnstiles",
    ]


def test_now_replays_the_past() -> None:
    """--now evaluates as of that instant: later comments do not exist yet."""
    matters = {m["id"]: m for m in _json("--now", "2016-05-16T12:00:00Z")["matters"]}  # type: ignore[union-attr]
    assert set(matters) == {"the_crane_of_death"}
    # Kevan (author), Brendan 10:00, Clucky 11:30; Josh (14:00) and Aname (22:15) not yet.
    assert matters["the_crane_of_death"]["for"] == 3
    assert matters["the_crane_of_death"]["verdict"] == "wait"


def test_table_shows_verdict_why_and_clock() -> None:
    result = CliRunner().invoke(
        cli, ["status", "--archive", EXAMPLE, "--now", NOW], catch_exceptions=False
    )
    assert result.exit_code == 0
    assert "8 Imagineers, Quorum 5, Boss: Kevan" in result.output
    assert "why: FOR 5 >= Quorum 5 and open 1d 2h 56m (at least 12h)" in result.output
    assert "2016-05-18T20:00:01Z" in result.output


def test_bad_archive_is_one_line_and_nonzero(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "nomic-archive/1", "players": [], "posts": [{}]}))
    result = CliRunner().invoke(cli, ["status", "--archive", str(bad)])
    assert result.exit_code != 0
    assert result.output.strip() == "Error: post #1: missing required field 'id'"


def test_missing_archive_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["status", "--archive", str(tmp_path / "nope.json")])
    assert result.exit_code == 1
    assert "nope.json: No such file or directory" in result.output
    assert "Traceback" not in result.output


def test_bad_now_is_rejected() -> None:
    result = CliRunner().invoke(cli, ["status", "--archive", EXAMPLE, "--now", "tomorrow"])
    assert result.exit_code == 1
    assert result.output == "Error: --now: not an ISO-8601 time: 'tomorrow'\n"


def test_admin_must_be_an_active_admin() -> None:
    """Appendix "Resolve": "the act, as an Admin, of enacting or failing"."""
    for name in ("Bucky", "Clucky", "Nobody"):  # Idle, not an Admin, not a player
        result = CliRunner().invoke(
            cli, ["status", "--archive", EXAMPLE, "--now", NOW, "--admin", name]
        )
        assert result.exit_code == 1
        assert result.output == f"Error: --admin {name}: not an active Admin on the roster\n"


def test_an_archive_needs_no_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "nomicbot.toml").write_text("[broken\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["status", "--archive", EXAMPLE, "--now", NOW])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda a: a["posts"][0].update(title="Proposal: x\ud800"), "not valid text"),
        (lambda a: a["posts"][0].update(posted_at="0001-01-01T00:00:00+01:00"), "outside"),
        (lambda a: a["posts"][0].update(posted_at="9999-12-31T00:00:00Z"), "outside"),
    ],
    ids=["lone surrogate", "year 1", "year 9999"],
)
def test_odd_archive_content_is_one_line(tmp_path: Path, mutate: Any, message: str) -> None:
    data = json.loads(Path(EXAMPLE).read_text(encoding="utf-8"))
    mutate(data)
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(cli, ["status", "--archive", str(path), "--now", NOW, "--json"])
    assert result.exit_code == 1
    assert message in result.output and result.output.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"format": "nomic-archive/1", "title": "caf\xe9"}', "not UTF-8"),
        (b"[" * 100000, "nested"),
    ],
    ids=["latin-1 byte", "deep nesting"],
)
def test_unreadable_archive_files_are_one_line(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    result = CliRunner().invoke(cli, ["status", "--archive", str(path)])
    assert result.exit_code == 1
    assert message in result.output and result.output.count("\n") == 1


@pytest.mark.parametrize("now", ["9998-12-30T00:00:00Z", "0001-01-05T00:00:00Z"])
def test_far_away_now_is_one_line(now: str) -> None:
    result = CliRunner().invoke(cli, ["status", "--archive", EXAMPLE, "--now", now])
    assert result.exit_code == 1 and "outside" in result.output


def test_table_shows_the_admin_note_for_resolvable_matters() -> None:
    result = CliRunner().invoke(
        cli,
        ["status", "--archive", EXAMPLE, "--now", NOW, "--admin", "Kevan"],
        catch_exceptions=False,
    )
    assert "    note: Enacted by Kevan (5-0, Quorum 5)" in result.output
    # Only matters an Admin may resolve now get a note (one here).
    assert result.output.count("note:") == 1


def test_the_tables_marks_are_the_oldest_star_then_the_words_in_brackets() -> None:
    """Self-Help is the oldest pending Proposal once the two before it are more than 7
    days old (rule "Resolution of Proposals"); its author voted AGAINST it (self-killed)."""
    result = CliRunner().invoke(
        cli, ["status", "--archive", str(NOMICLAND), "--now", "2016-05-23T13:00:00Z"]
    )
    assert result.exit_code == 0, result.output
    titles = [line[10:48].rstrip() for line in result.output.splitlines()[3:] if line[:1] != " "]
    assert "Proposal: Self-Help* (self-killed)" in titles
    assert "Proposal: Tax the Turnstiles (vetoed)" in titles


@pytest.mark.parametrize("fmt", ["nomic-archive/9", "nomic-archive/3"])
def test_an_archive_format_status_does_not_read_names_the_ones_it_does(
    tmp_path: Path, fmt: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": fmt, "matters": []}), encoding="utf-8")
    result = CliRunner().invoke(cli, ["status", "--archive", str(path)])
    assert result.exit_code == 1
    assert result.output == (
        f"Error: {path}: format {fmt!r}: status reads 'nomic-archive/1' (a BlogNomic blog) "
        "and 'nomic-archive/2' (a game of any rule profile)\n"
    )
