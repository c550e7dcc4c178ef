"""Two Admins at once, many times: the lost update of issue 25 must never be seen.

    .venv/bin/python scripts/concurrent_writers.py               # 50 races of each kind
    .venv/bin/python scripts/concurrent_writers.py --runs 10 --only sqlite

Each race starts two commands as separate processes of the installed
``nomicbot`` at the same moment, on a game of its own, and judges the outcome
(nothing here times anything):

* ``sqlite``, ``postgresql``: two ``build --apply`` spending Josh's Debt (a
  Tunnel System, 2000, and a Playpit, 1000 or 2500 after the Tunnel System) on
  the sandbox MediaWiki, with a SQLite mirror or a database of a throwaway
  PostgreSQL server. A lost update is a build that printed "Applied" but is
  missing from the wiki or the ledger, or pages that do not show what the
  ledger's last action left.
* ``resolve``: two ``resolve --apply`` (Kevan and Alice) on one SQLite mirror of
  the sandbox blog's week. A failure is "database is locked", a traceback, a
  matter resolved twice or by both, or a ledger row left ``started``.

A command refused because the other held the lock past its wait is a legal
outcome (counted as "refused"); before the fix the second build was applied
over a state it had not read (8 of 8 races on SQLite, 4 of 8 on PostgreSQL).
Prints a line per kind and exits 1 if any race lost an update or failed. Not
part of the test suite: 50 races of each kind take some minutes (the suite runs
one of each, and forces the interleaving with a pause point; set
``NOMICBOT_TEST_CONCURRENT_RUNS`` for more). Last measured on this 2-core machine,
busy with other work: SQLite 50 races in 634 s, both builds applied 50; PostgreSQL
50 in 475 s, both 50; two resolves 50 in 369 s, each matter resolved once 50; lost
updates or failures 0.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from tests.mirror.concurrent_game import NOW, Game, fresh_game, run_together  # noqa: E402
from tests.plugins.postgres import start_postgres  # noqa: E402
from tests.plugins.wiki import HumanEditor  # noqa: E402
from tests.resolve.test_resolve_concurrent import NOW as RESOLVE_NOW  # noqa: E402
from tests.resolve.test_resolve_concurrent import synced  # noqa: E402
from tests.resolve.week import week_game  # noqa: E402
from wikibot.mirror import LedgerRow, LockRow, Mirror, ResolutionRow  # noqa: E402
from wikibot.sandbox.blog import serve_in_thread  # noqa: E402
from wikibot.sandbox.mediawiki import start_wiki  # noqa: E402

KINDS = ("sqlite", "postgresql", "resolve")
BUILDS = ("Tunnel System", "Playpit")
DEBT = {
    frozenset(BUILDS): -4500,
    frozenset(BUILDS[:1]): -2000,
    frozenset(BUILDS[1:]): -1000,
}


def build_race(game: Game) -> str:
    """One race of two builds: ``both``, ``refused`` or what went wrong."""
    commands = [
        ["build", b, "--pay", "debt", "--as", "Josh", "--apply", "--now", NOW]
        + ["--config", str(game.config)]
        for b in BUILDS
    ]
    runs = run_together(commands)
    if any("Traceback" in r.stderr for r in runs):
        return "traceback"
    applied = {b for b, r in zip(BUILDS, runs, strict=True) if r.returncode == 0}
    refused = [r for r in runs if r.returncode != 0]
    if any("holds the lock" not in r.stderr for r in refused) or not applied:
        return "failed"
    shown = game.shown()
    buildings = {b["name"] for b in shown["zones"][0]["buildings"]}
    ledger = {a["building"] for _, _, a in game.applied()}
    lost = (
        buildings != applied
        or ledger != applied
        or not game.pages_match_ledger()
        or shown["players"]["Josh"]["debt"] != DEBT[frozenset(applied)]
    )
    if lost:
        return "lost update"
    return "both" if len(applied) == 2 else "refused"


def resolve_race(config: str, database: str) -> str:
    """One race of two resolves: ``once`` (the second found nothing left), ``refused``
    or what went wrong."""
    runs = run_together(
        [
            ["resolve", "--config", config, "--now", RESOLVE_NOW, "--apply", "--as", admin]
            for admin in ("Kevan", "Alice")
        ]
    )
    text = "".join(r.stdout + r.stderr for r in runs)
    if "database is locked" in text:
        return "database is locked"
    if "Traceback" in text:
        return "traceback"
    with Mirror.open(database) as mirror, mirror.bound():
        resolutions = [(r.post_id, r.admin) for r in ResolutionRow.select()]
        states = {r.state for r in LedgerRow.select()}
        locks = LockRow.select().count()
    posts = sorted(post for post, _ in resolutions)
    if posts != ["cfj_one", "prop_alpha", "prop_beta"] or len({a for _, a in resolutions}) != 1:
        return "resolved twice or by both"
    if states != {"applied"} or locks:
        return "half done"
    if any(r.returncode != 0 for r in runs):
        return (
            "refused"
            if all("holds the lock" in r.stderr for r in runs if r.returncode)
            else ("failed")
        )
    return "once"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50, help="races of each kind (50)")
    parser.add_argument("--only", choices=KINDS, action="append", help="one kind (repeatable)")
    options = parser.parse_args()
    kinds = options.only or list(KINDS)
    bad = 0
    with tempfile.TemporaryDirectory(prefix="nomicbot-races-") as scratch:
        root = Path(scratch)
        wiki = start_wiki(root / "wiki") if {"sqlite", "postgresql"} & set(kinds) else None
        postgres = start_postgres() if "postgresql" in kinds else None
        blog = serve_in_thread(week_game(), markup="classic", host="127.0.0.1", port=0)
        try:
            human = HumanEditor(wiki) if wiki is not None else None
            for kind in kinds:
                started = time.monotonic()
                outcomes: Counter[str] = Counter()
                for run in range(options.runs):
                    where = root / kind / str(run)
                    where.mkdir(parents=True)
                    if kind == "resolve":
                        database = str(where / "mirror.sqlite")
                        config = synced(where, blog, database)
                        outcomes[resolve_race(config, database)] += 1
                        continue
                    assert wiki is not None and human is not None
                    if kind == "sqlite":
                        database = str(where / "mirror.sqlite")
                    else:
                        assert postgres is not None
                        database = postgres.url(postgres.create_database())
                    title = f"Races/{kind}/{run}"
                    game = fresh_game(wiki, human, where, title, database)
                    outcomes[build_race(game)] += 1
                seconds = time.monotonic() - started
                good = {"both", "once", "refused"}
                bad += sum(n for outcome, n in outcomes.items() if outcome not in good)
                shown = ", ".join(f"{outcome} {n}" for outcome, n in sorted(outcomes.items()))
                print(f"{kind}: {options.runs} races in {seconds:.0f} s: {shown}", flush=True)
        finally:
            blog.stop()
            if postgres is not None:
                postgres.stop()
            if wiki is not None:
                wiki.stop()
    print(f"lost updates or failures: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
