"""How fast the mirror gives the Ruleset's history to ``status`` (``Game.rulesets``).

Builds a fresh SQLite mirror holding 5,000 synthetic revisions of the wiki's
Ruleset page, each about 100 KB (Ruleset 139's text, padded with amendments,
one more each revision), stored through ``wikibot.mirror.rulesets`` as ``sync``
stores them, twenty years apart end to end. Then prints, best of ``--repeat``:

(a) reading every revision into ``Game.rulesets`` (``stored_rulesets``, the part
    ``Mirror.to_game`` adds for ``status``, ``resolve``, ``history``, ``watch``);
(b) ``load_game_from_mirror`` whole (open the file, the Game with its Rulesets; the
    mirror holds no posts, so this is what the Rulesets add to ``status``);
(c) the newest revision alone (``latest_ruleset``, what ``watch`` reads for Buildings).

Usage: python bench/bench_rulesets.py [--revisions 5000] [--size 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from rules_text import ruleset_139_wikitext
from wikibot.mirror.api import Mirror, load_game_from_mirror
from wikibot.mirror.rulesets import latest_ruleset, store_ruleset_revisions, stored_rulesets
from wikibot.wiki.revisions import WikiRevision

TITLE = "Ruleset"
START = datetime(2005, 1, 1, tzinfo=UTC)
EDITORS = ("Kevan", "Josh", "Clucky", "Ais", "Larrytheturtle")


def _texts(count: int, size: int) -> Any:
    """Ruleset 139 padded to ``size`` characters, one amendment more each revision."""
    base = ruleset_139_wikitext()
    padding = "\n== Amendments ==\n"
    line = "* An enacted Proposal amended the Ruleset here, as BlogNomic's do. "
    while len(base) + len(padding) < size:
        padding += line
    base = (base + padding)[:size]
    for i in range(count):
        yield f"{base}\n* Amendment {i} by {EDITORS[i % len(EDITORS)]}.\n"


def build(path: Path, count: int, size: int) -> int:
    """The mirror at ``path`` with ``count`` Ruleset revisions; returns their total size."""
    step = timedelta(days=20 * 365) / count
    total = 0
    batch: list[WikiRevision] = []
    with Mirror.open(str(path)) as mirror:
        for i, text in enumerate(_texts(count, size)):
            total += len(text.encode("utf-8"))
            batch.append(
                WikiRevision(
                    title=TITLE,
                    revid=1000 + i,
                    parent=999 + i if i else None,
                    editor=EDITORS[i % len(EDITORS)],
                    at=(START + step * i).replace(microsecond=0),
                    summary=f"Enacted Proposal {i}",
                    text=text,
                    bot=False,
                )
            )
            if len(batch) == 500:
                store_ruleset_revisions(mirror, TITLE, batch, seen_at=START)
                batch = []
        store_ruleset_revisions(mirror, TITLE, batch, seen_at=START)
    return total


def best(repeat: int, run: Callable[[], object]) -> tuple[float, object]:
    """The fastest of ``repeat`` runs, in seconds, and the last result."""
    times = []
    result: object = None
    for _ in range(repeat):
        began = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - began)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--revisions", type=int, default=5000)
    parser.add_argument("--size", type=int, default=100_000, help="characters per revision")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as where:
        path = Path(where) / "mirror.sqlite"
        began = time.perf_counter()
        total = build(path, args.revisions, args.size)
        print(
            f"mirror: {args.revisions:,} Ruleset revisions, {total / 1e6:,.0f} MB of text, "
            f"file {path.stat().st_size / 1e6:,.0f} MB (built in "
            f"{time.perf_counter() - began:.1f} s)"
        )
        with Mirror.open(str(path), create=False) as mirror:

            def rulesets() -> object:
                with mirror.bound():
                    return stored_rulesets()

            seconds, found = best(args.repeat, rulesets)
            assert isinstance(found, tuple) and len(found) == args.revisions
            print(f"(a) Game.rulesets, {len(found):,} revisions read: {seconds:.2f} s")
            del found
        seconds, game = best(args.repeat, lambda: load_game_from_mirror(str(path)))
        print(f"(b) load_game_from_mirror, the Game with its Rulesets: {seconds:.2f} s")
        del game
        with Mirror.open(str(path), create=False) as mirror:
            seconds, _ = best(args.repeat, lambda: latest_ruleset(mirror, TITLE))
            print(f"(c) the newest revision alone: {seconds * 1000:.1f} ms")


if __name__ == "__main__":
    main()
