"""``nomicbot note parse``: one JSON object per note, nulls where the note is silent."""

from __future__ import annotations

import json

from click.testing import CliRunner

from wikibot.cli import cli


def test_note_parse_prints_one_json_object_per_note() -> None:
    notes = [
        "Reaches Quorum (7-0) / Enacted by Hix",
        "Enacted by Kevan (5-1, Quorum 4)",
        "Vetoed -Darth",
        "something nobody ever wrote",
    ]
    result = CliRunner().invoke(cli, ["note", "parse", *notes], catch_exceptions=False)
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert rows == [
        {"text": notes[0], "outcome": "enacted", "admin": "Hix", "for": 7, "against": 0,
         "quorum": None},
        {"text": notes[1], "outcome": "enacted", "admin": "Kevan", "for": 5, "against": 1,
         "quorum": 4},
        {"text": notes[2], "outcome": "vetoed", "admin": "Darth", "for": None, "against": None,
         "quorum": None},
        {"text": notes[3], "outcome": None, "admin": None, "for": None, "against": None,
         "quorum": None},
    ]  # fmt: skip


def test_note_parse_keeps_the_text_exactly() -> None:
    text = "Self-killed.\u00a0Failed by Kevan\n"
    result = CliRunner().invoke(cli, ["note", "parse", text], catch_exceptions=False)
    row = json.loads(result.output)
    assert row["text"] == text
    assert (row["outcome"], row["admin"]) == ("self-killed", "Kevan")


def test_note_parse_needs_a_note() -> None:
    result = CliRunner().invoke(cli, ["note", "parse"])
    assert result.exit_code == 2
    assert "TEXT" in result.output


def test_note_parse_reads_the_admin_after_votes_to_and_after_a_cfj() -> None:
    notes = ["Failed 2 votes to 7 by Kevan.", "Failed by CfJ: see the CfJ above\u2014First Last"]
    result = CliRunner().invoke(cli, ["note", "parse", *notes], catch_exceptions=False)
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [(r["outcome"], r["admin"], r["for"], r["against"]) for r in rows] == [
        ("failed", "Kevan", 2, 7),
        ("failed", "First Last", None, None),
    ]
