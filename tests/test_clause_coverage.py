"""Each row of docs/profiles.md's rule-by-rule tables is quoted by a test id (issues 27
and 28: "table-driven tests whose ids quote each clause of the docs table"), so a row
added to the docs without its test, or a test renamed away from its clause, fails here.
``scripts/clause_coverage.py`` prints the same per game."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "clause_coverage", ROOT / "scripts" / "clause_coverage.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_docs_table_row_is_quoted_by_a_test_id() -> None:
    script = _script()
    ids = script.test_ids(("tests/gamestate/profiles", "tests/wiki", "tests/cli"))
    assert len(ids) > 100_000, "no test ids were collected"
    rows = script.rows()
    games = {section for section, _, _ in rows}
    assert {g.split(" (")[0] for g in games} >= {
        "BoredNomic",
        "Nomopoly",
        "Nomopoly IV",
        "Infinite Nomic Aeternus",
    }
    missing = [
        f"{s}: {cell[:100]}"
        for s, cell, quotes in rows
        if not any(script.quoted(q, ids) for q in quotes)
    ]
    assert missing == []


def test_a_row_no_test_quotes_is_found() -> None:
    script = _script()
    assert script.quoted(
        "at a cost of 25 * (the square number)", "at a cost of 25 the square number"
    )
    assert not script.quoted("a clause no test has ever quoted at all", "something else entirely")
