"""Which rows of docs/profiles.md's rule-by-rule tables no test id quotes.

Issue 27 and 28 ask for table-driven tests "whose ids quote each clause of the docs
table". This collects the test ids (``pytest --collect-only``), reads each table row's
first cell, takes the words it quotes (in "..." or “...”), and reports the rows none
of whose quotes appears in any test id (compared without punctuation or case, by a
window of 30 characters so an id may quote part of a long sentence).

    .venv/bin/python scripts/clause_coverage.py [--game NAME] [--verbose]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_QUOTE = re.compile(r'"([^"]{8,})"|“([^”]{8,})”')
_WINDOW = 30


def _norm(text: str) -> str:
    return re.sub(r"\W+", " ", text).lower().strip()


def test_ids(paths: tuple[str, ...] = ("tests",)) -> str:
    """Every test id below ``paths``, as one text compared without punctuation or case."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return _norm(out)


def rows() -> list[tuple[str, str, list[str]]]:
    """(game section, the row's first cell, its quotes) for each table row that quotes."""
    found, section = [], ""
    for line in (ROOT / "docs" / "profiles.md").read_text("utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cell = line.split("|")[1]
        quotes = [a or b for a, b in _QUOTE.findall(cell)]
        if quotes:
            found.append((section, cell.strip(), quotes))
    return found


def quoted(quote: str, ids: str) -> bool:
    q = _norm(quote)
    if len(q) <= _WINDOW:
        return q in ids
    return any(q[i : i + _WINDOW] in ids for i in range(0, len(q) - _WINDOW + 1, 5))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only the sections whose title contains this")
    parser.add_argument("--verbose", action="store_true", help="list the quoted rows too")
    args = parser.parse_args()
    ids = test_ids()
    by_game: dict[str, list[tuple[str, bool]]] = {}
    for section, cell, quotes in rows():
        if args.game and args.game.lower() not in section.lower():
            continue
        by_game.setdefault(section, []).append((cell, any(quoted(q, ids) for q in quotes)))
    missing = 0
    for section, found in by_game.items():
        gaps = [cell for cell, ok in found if not ok]
        missing += len(gaps)
        print(f"{section}: {len(found) - len(gaps)} of {len(found)} rows quoted by a test id")
        for cell, ok in found:
            if not ok or args.verbose:
                print(f"    {'ok     ' if ok else 'MISSING'} {cell[:150]}")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
