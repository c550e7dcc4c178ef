"""``status`` and ``rules show`` of an archive that carries its Ruleset texts (1c, 2c), in
``/1`` and in ``/2`` (profile blognomic-139)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamestate.profiles.archive import archive_to_dict
from gamestate.profiles.blognomic_139.convert import archive_from_game
from rules_text.seed import ruleset_139_wikitext
from wikibot.archive import read_archive_file
from wikibot.cli import cli
from wikibot.examples import example_path

NOW = "2016-05-17T12:00:00Z"
RULES_KEYS = {"source", "revision", "at", "keyword", "quorum", "unread", "dynastic_warnings"}


def _archive(tmp_path: Path, fmt: str) -> Path:
    text = ruleset_139_wikitext()
    thirty_six = text.replace(
        "open for voting for at least 12 hours, and has not been Vetoed",
        "open for voting for at least thirty-six hours, and has not been Vetoed",
    )
    tuesday = thirty_six.replace(
        "This Rule may not be overruled by Dynastic Rules.",
        "This Rule may not be overruled by Dynastic Rules. A CfJ may not be resolved on a Tuesday.",
    )
    raw: dict[str, Any] = json.loads(example_path("nomicland").read_text(encoding="utf-8"))
    raw["rulesets"] = [
        {"at": "2016-05-17T00:00:00Z", "text": thirty_six, "revision": 101, "by": "Josh"},
        {"at": "2016-05-17T06:00:00Z", "text": tuesday, "revision": 102, "by": "Ais"},
    ]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    if fmt == "2":
        two = archive_to_dict(archive_from_game(read_archive_file(str(path))))
        path.write_text(json.dumps(two), encoding="utf-8")
    return path


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("fmt", ["1", "2"])
def test_status_json_carries_the_ruleset_in_force(tmp_path: Path, fmt: str) -> None:
    path = str(_archive(tmp_path, fmt))
    data = json.loads(_run("status", "--archive", path, "--now", NOW, "--json"))
    rules = data["rules"]
    assert set(rules) == RULES_KEYS
    assert (rules["source"], rules["revision"], rules["at"]) == (
        "archive",
        102,
        "2016-05-17T06:00:00Z",
    )
    assert rules["keyword"] == "Imagineer" and rules["quorum"] == 5
    assert [u["rule"] for u in rules["unread"]] == ["Calls for Judgement"]
    if fmt == "1":
        verdicts = {m["id"]: m["verdict"] for m in data["matters"]}
    else:
        verdicts = {k: v["outcome"] for k, v in data["matters"].items()}
    assert verdicts["the_crane_of_death"] == "wait"  # thirty-six hours, not 12
    assert verdicts["call_for_judgement_lagoon_licence"] == "unknown"
    # Before the first revision, Ruleset 139 is assumed.
    early = json.loads(_run("status", "--archive", path, "--now", "2016-05-16T23:59:59Z", "--json"))
    assert early["rules"]["source"] == "seed" and early["rules"]["revision"] is None


def test_rules_show_prints_every_value_read(tmp_path: Path) -> None:
    out = _run("rules", "show", "--archive", str(_archive(tmp_path, "1")), "--now", NOW)
    assert "Ruleset: revision 102 by Ais at 2016-05-17T06:00:00Z (from the archive)" in out
    assert "enact with Quorum FOR, open at least 36h" in out
    assert 'unread: rule "Calls for Judgement"' in out
    data = json.loads(
        _run("rules", "show", "--archive", str(_archive(tmp_path, "1")), "--now", NOW, "--json")
    )
    assert data["revision"] == 102 and any("at least 36h" in v for v in data["values"])


@pytest.mark.parametrize("fmt", ["1", "2"])
def test_the_table_opens_with_the_same_ruleset_lines_in_both_formats(
    tmp_path: Path, fmt: str
) -> None:
    lines = _run("status", "--archive", str(_archive(tmp_path, fmt)), "--now", NOW).splitlines()
    assert lines[1] == "Ruleset: revision 102 by Ais at 2016-05-17T06:00:00Z (from the archive)"
    assert lines[2].startswith('unread: rule "Calls for Judgement" is unread since revision 102')
