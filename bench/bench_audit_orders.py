"""Benchmark: ten Buildings in one edit, listed in another order than their costs need.

An Imagineer constructs ten Buildings (the daily limit; total Size 12, a Tunnel System
and an Indoor Coaster among them) in a random order, and writes them in one edit of each
page: the Nomicland page lists them in another random order, the Gamestate page shows the
Debt their real order costs. The pure audit must find an order whose costs match the page
(searched by what changes the price, not by every permutation) and judge both revisions
legal. Prints the CPU time of each audit and the worst, over ``--orders`` such edits, and
the same for edits whose Debt no order gives (the search exhausted, the nearest judged).

    python bench/bench_audit_orders.py
    python bench/bench_audit_orders.py --orders 50
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from gamestate.dynasties.nomicland import Construct, Economy, Payment, PlayerRow, apply
from gamestate.dynasties.nomicland.audit import (
    GAMESTATE,
    NOMICLAND,
    AuditInput,
    Revision,
    RosterView,
    audit,
)
from gamestate.dynasties.nomicland.models import Zone, parse_buildings
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT as TABLE_SEED
from wikibot.wiki.pages.gamestate import GamestatePage
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED
from wikibot.wiki.pages.nomicland import NomiclandPage

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' Nomicland game

from tests.gamestate.dynasties.nomicland.game import CATALOGUE, TEN  # noqa: E402

ZONE = "The Theme Zone"
AT = datetime(2016, 5, 16, 10, 0, tzinfo=UTC)
ROSTER = RosterView(frozenset({"Kevan", "Ann", "Bob"}), frozenset(), "Kevan")


def _pages(state: Economy) -> dict[str, str]:
    park = NomiclandPage.from_wikitext(PARK_SEED).render(
        zones=state.zones, business_days=state.days
    )
    table = GamestatePage.from_wikitext(TABLE_SEED, business_days=len(state.days))
    return {NOMICLAND: park, GAMESTATE: table.render(state.players)}


def one_audit(order: Sequence[str], written: Sequence[str], off: int = 0) -> tuple[float, str]:
    """The CPU seconds of auditing one such edit, and its verdicts."""
    first = Economy.from_pages(
        rows=[PlayerRow("Kevan", debt=-900_000), PlayerRow("Ann"), PlayerRow("Bob")],
        zones=[Zone(ZONE, "Ann"), Zone("The Mouse Zone", "Bob")],
        days=[""],
        boss="Kevan",
    )
    state = first
    for name in order:
        action = Construct(name, None, Payment.DEBT, ZONE)
        state = apply(state, action, actor="Ann", now=AT, catalogue=CATALOGUE).state
    zone, ann = state.zone(ZONE), state.player("Ann")
    assert zone is not None and ann is not None
    listed = replace(zone, buildings=parse_buildings(", ".join(written)))
    shown = state.with_zone(listed).with_player(replace(ann, debt=ann.debt + off))
    base, after = _pages(first), _pages(shown)
    revisions = [
        Revision(NOMICLAND, 100, 10, "Ann", AT, "ten Buildings", after[NOMICLAND]),
        Revision(GAMESTATE, 101, 11, "Ann", AT + timedelta(minutes=2), "cost", after[GAMESTATE]),
    ]
    inp = AuditInput(
        revisions=revisions,
        base=base,
        ledger=(),
        roster_at=lambda _at: ROSTER,
        hiatus_at=lambda _at: None,
        catalogue=CATALOGUE,
        now=AT + timedelta(days=1),
    )
    started = time.process_time()
    result = audit(inp)
    spent = time.process_time() - started
    return spent, "/".join(r.verdict.value for r in result.revisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--orders", type=int, default=20, help="edits audited (default 20)")
    parser.add_argument("--seed", type=int, default=139)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    one_audit(TEN, TEN)  # imports and caches warmed
    for off, label in ((0, "costs as an order gives"), (100, "a Debt no order gives (+100)")):
        times, verdicts = [], set()
        for _ in range(args.orders):
            order, written = list(TEN), list(TEN)
            rng.shuffle(order)
            rng.shuffle(written)
            spent, verdict = one_audit(order, written, off)
            times.append(spent)
            verdicts.add(verdict)
        print(
            f"ten Buildings in one edit, listed in another order, {label}: {args.orders} "
            f"orders, worst {max(times):.3f} s, median {sorted(times)[len(times) // 2]:.3f} s "
            f"of CPU (target: well under 1 s); verdicts {sorted(verdicts)}"
        )


if __name__ == "__main__":
    main()
