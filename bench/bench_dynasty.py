"""Benchmark: what the dynasty seam costs ``status`` and each ``watch`` cycle.

Fills a fresh SQLite mirror with the first-read pages and N applied ledger rows
(a nine-player economy, one action a minute), then times
``dynasty_from_mirror`` (reading the ledger into the economy over time) and one
``evaluate`` with it over a game of one DoV per 100 actions (each DoV's author's
Debt looked up at its posting instant).

    python bench/bench_dynasty.py
    python bench/bench_dynasty.py --actions 10000
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from gamestate import Category, Game, Player, Post, evaluate
from gamestate.dynasties.nomicland import Economy, PlayerRow
from wikibot.config import Config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.wiki.dynasty import dynasty_from_mirror
from wikibot.wiki.economy import record_of
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT as TABLE_SEED
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED

PLAYERS = ("Kevan", "Josh", "Clucky", "Ais", "Bob", "Ann", "Cy", "Dee", "Eve")
START = datetime(2016, 5, 16, tzinfo=UTC)


def bench(actions: int) -> None:
    config = Config()
    state = Economy.from_pages(
        rows=[PlayerRow(n, debt=-50000 if n == "Kevan" else -100) for n in PLAYERS],
        zones=(),
        days=["AtSScAA", "ccctcS", ""],
        boss="Kevan",
    )
    with tempfile.TemporaryDirectory() as db, Mirror.open(str(Path(db) / "m.sqlite")) as mirror:
        ledger = Ledger(mirror)
        ledger.record_baseline(config.wiki.nomicland_page, PARK_SEED, 1, START)
        table = TABLE_SEED.replace(
            "|}", "".join(f"|-\n| {n} || 0 || -100 || 10 || 0\n" for n in PLAYERS) + "|}"
        )
        ledger.record_baseline(config.wiki.gamestate_page, table, 2, START)
        for i in range(actions):
            name = PLAYERS[i % len(PLAYERS)]
            row = state.player(name)
            assert row is not None
            debt = min(0, row.debt + 25)
            state = state.with_player(PlayerRow(name, row.budget, debt, row.smiles, 0))
            op = f"bench{i:06}"
            at = START + timedelta(minutes=i + 1)
            ledger.start(LedgerEntry(op, at, name, "debt repay", after={"state": record_of(state)}))
            ledger.finish(op, {})
        dovs = tuple(
            Post(
                id=f"dov{i}",
                category=Category.DOV.value,
                title=f"Declaration of Victory: {i}",
                author=PLAYERS[1 + i % (len(PLAYERS) - 1)],
                posted_at=START + timedelta(minutes=100 * i, seconds=30),
            )
            for i in range(actions // 100)
        )
        game = Game(players=tuple(Player(n) for n in PLAYERS), posts=dovs, boss="Kevan")
        started = time.perf_counter()
        dynasty = dynasty_from_mirror(mirror, config, boss="Kevan")
        read = time.perf_counter() - started
        started = time.perf_counter()
        status = evaluate(game, START + timedelta(minutes=actions + 1), dynasty=dynasty)
        judged = time.perf_counter() - started
        illegal = sum(1 for m in status.matters if m.illegal)
        print(f"dynasty_from_mirror over {actions} ledger actions: {read:.2f} s")
        print(
            f"evaluate with {len(dovs)} DoVs judged on the economy at their instants: "
            f"{judged:.2f} s ({illegal} Illegal for Debt)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10_000)
    bench(parser.parse_args().actions)


if __name__ == "__main__":
    main()
