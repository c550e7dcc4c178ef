"""Benchmark: what ``day process`` costs on the wiki, and how fast the ledger replays.

(a) Starts a real sandbox MediaWiki in a temporary directory, seeds a park of
    three Zones with Buildings and a Business Day of Visitors, and counts the
    API requests and edits of one ``day process`` (dry run, then applied) and of
    a re-run of the same command (the ledger recognises it).
(b) Fills a fresh SQLite mirror with 10,000 applied ledger rows (a nine-player
    economy, each row the whole state before and after) and times replaying
    them from the first-read pages (target: under one second).

    python bench/bench_day_process.py
    python bench/bench_day_process.py --actions 10000 --skip-wiki
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from gamestate.dynasties.nomicland import (
    BusinessDay,
    Construct,
    CreateZone,
    Economy,
    NewBusinessDay,
    PlayerRow,
    ProcessBusinessDay,
    parse_visitors,
)
from wikibot.config import WikiConfig, load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.sandbox.mediawiki import FRONT_PAGE_TEXT, start_wiki
from wikibot.wiki.client import EditCause, WikiClient, connect
from wikibot.wiki.economy import changed_values, perform, record_of
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT as TABLE_SEED
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED
from wikibot.wiki.replay import replay_ledger

PLAYERS = ("Kevan", "Josh", "Clucky", "Ais", "Brendan", "Aname", "quirck", "Bucky", "Spite")


def _count(client: WikiClient) -> dict[str, int]:
    """Counts the client's API requests (its one seam, ``_api``) by action."""
    counts: dict[str, int] = {}
    original = client._api

    def counted(title: str, method: str, action: str, /, **params: Any) -> dict[str, Any]:
        counts[action] = counts.get(action, 0) + 1
        return original(title, method, action, **params)

    client._api = counted  # type: ignore[method-assign]
    return counts


def bench_wiki() -> None:
    with tempfile.TemporaryDirectory() as root:
        wiki = start_wiki(Path(root) / "wiki")
        try:
            config = load_config(wiki.config_path)
            bot = connect(config, min_interval=0)
            pages = WikiConfig(nomicland_page="Bench/Nomicland", gamestate_page="Bench/GNDT")
            rows = "".join(
                f"|-\n| {n} || 0 || {-50000 if n == 'Kevan' else 0} || 10 || 0\n"
                for n in PLAYERS[:4]
            )
            seed = EditCause("seed the benchmark")
            bot.edit(pages.nomicland_page, lambda _: PARK_SEED, cause=seed)
            bot.edit(
                pages.gamestate_page, lambda _: TABLE_SEED.replace("|}", rows + "|}"), cause=seed
            )
            with tempfile.TemporaryDirectory() as db:
                ledger = Ledger(Mirror.open(str(Path(db) / "mirror.sqlite")))
                at = datetime(2016, 5, 16, 9, tzinfo=UTC)

                def act(command: str, action: Any, actor: str, client: WikiClient) -> Any:
                    nonlocal at
                    at += timedelta(minutes=1)
                    return perform(
                        client, ledger, pages, command, action, actor=actor, now=at, boss="Kevan"
                    )

                act("day new", NewBusinessDay(), "Kevan", bot)
                for name, word in (("Josh", "Mouse"), ("Clucky", "Coaster"), ("Ais", "Lagoon")):
                    act("zone create", CreateZone(word, FRONT_PAGE_TEXT), name, bot)
                for name, building in (("Josh", "Playpit"), ("Clucky", "Gift Shop")):
                    act("build", Construct(building), name, bot)
                dry = connect(config, dry_run=True, min_interval=0)
                counts = _count(dry)
                act("day process", ProcessBusinessDay(), "Josh", dry)
                print(f"day process, dry run: {sum(counts.values())} requests {counts}, 0 edits")
                counts = _count(bot)
                at += timedelta(minutes=1)
                when = at
                perform(
                    bot,
                    ledger,
                    pages,
                    "day process",
                    ProcessBusinessDay(),
                    actor="Josh",
                    now=when,
                    boss="Kevan",
                )
                print(
                    f"day process, applied: {sum(counts.values())} requests {counts}, "
                    f"{counts.get('edit', 0)} edits"
                )
                counts.clear()
                perform(
                    bot,
                    ledger,
                    pages,
                    "day process",
                    ProcessBusinessDay(),
                    actor="Josh",
                    now=when,
                    boss="Kevan",
                )
                print(f"day process, re-run: {sum(counts.values())} requests {counts}, 0 edits")
        finally:
            wiki.stop()


def bench_replay(actions: int) -> None:
    state = Economy.from_pages(
        rows=[PlayerRow(n, debt=-50000 if n == "Kevan" else 0) for n in PLAYERS],
        zones=(),
        days=["AtSScAA", "ccctcS", ""],
        boss="Kevan",
    )
    with tempfile.TemporaryDirectory() as db:
        ledger = Ledger(Mirror.open(str(Path(db) / "mirror.sqlite")))
        pages = WikiConfig()
        at = datetime(2016, 5, 16, tzinfo=UTC)
        ledger.record_baseline(pages.nomicland_page, PARK_SEED, 1, at)
        table = TABLE_SEED.replace(
            "|}", "".join(f"|-\n| {n} || 0 || 0 || 10 || 0\n" for n in PLAYERS) + "|}"
        )
        ledger.record_baseline(pages.gamestate_page, table, 2, at)
        started = time.perf_counter()
        before = record_of(state)
        for i in range(actions):
            name = PLAYERS[i % len(PLAYERS)]
            row = state.player(name)
            assert row is not None
            state = state.with_player(PlayerRow(name, row.budget + 25, row.debt, row.smiles, 0))
            if i % 500 == 499:
                state = state.with_day(BusinessDay(len(state.days) + 1, parse_visitors("cA")))
            after = record_of(state)
            op = f"bench{i:06}"
            ledger.start(
                LedgerEntry(
                    op,
                    at,
                    name,
                    "debt repay",
                    {"amount": 25},
                    {"values": [v[:4] for v in changed_values(before, after)]},
                    {"state": after, "books": after["books"]},
                    "bench",
                )
            )
            ledger.finish(op, {})
            before = after
        print(f"ledger: wrote {actions} rows in {time.perf_counter() - started:.1f} s")
        started = time.perf_counter()
        replayed = replay_ledger(ledger, pages)
        took = time.perf_counter() - started
        assert replayed is not None and replayed.actions == actions and not replayed.gaps
        print(f"ledger replay of {actions} actions: {took:.2f} s (target: under 1 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--skip-wiki", action="store_true")
    args = parser.parse_args()
    if not args.skip_wiki:
        bench_wiki()
    bench_replay(args.actions)


if __name__ == "__main__":
    main()
