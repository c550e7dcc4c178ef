"""How fast the Nomicland economy replays actions through ``apply``.

Plays a week-after-week game of six Imagineers for ``--actions`` actions (Zones,
Buildings of every kind and Budget versions, IP Licenses created, exercised and
removed, Business Days started and processed, repayments, Sunday interest),
one action per simulated 20 minutes, and times the whole replay: every action is
decided by the pure rules, accepted or refused with its clause, as a ledger
replay would do. The Building catalogue is read from Ruleset 139 once, outside
the timing.

Usage: python bench/bench_economy.py [--actions 10000] [--repeat 3]
Target (issue 10): under one second for 10,000 actions.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from datetime import UTC, datetime, timedelta

from gamestate.dynasties.nomicland import (
    Action,
    ActionRefused,
    ApplyInterest,
    BudgetVersion,
    Construct,
    CreateLicense,
    CreateZone,
    Economy,
    ExerciseLicense,
    NewBusinessDay,
    PlayerRow,
    ProcessBusinessDay,
    RemoveLicense,
    RepayDebt,
    Segment,
    apply,
)
from rules_text.buildings import buildings
from rules_text.seed import ruleset_139

BOSS = "Kevan"
PLAYERS = ["Ann", "Bob", "Cat", "Dee", "Eve"]
FRONT_PAGE = "* The Grand Theme Park Happy Fun Dynasty of Kevan\n"
WORDS = ["Grand", "Theme", "Park", "Happy", "Fun"]
START = datetime(2026, 11, 16, 0, 0, tzinfo=UTC)  # a Monday


def script(count: int, names: tuple[str, ...]) -> list[tuple[Action, str, datetime]]:
    """``count`` actions in a plausible order (some of them will be refused)."""
    plays: list[tuple[Action, str, datetime]] = []
    now = START
    for player, word in zip(PLAYERS, WORDS, strict=True):
        plays.append((CreateZone(word, FRONT_PAGE), player, now))
    step = 0
    while len(plays) < count:
        now += timedelta(minutes=20)
        player = PLAYERS[step % len(PLAYERS)]
        kind = step % 12
        action: Action
        if kind == 0:
            action = NewBusinessDay()
            player = BOSS
        elif kind in (1, 2, 3):
            action = ProcessBusinessDay()
        elif kind in (4, 5):
            budget = [None, BudgetVersion.C, BudgetVersion.S, BudgetVersion.X][step % 4]
            action = Construct(names[step % len(names)], budget=budget)
        elif kind == 6:
            action = CreateLicense("Frozen", (Segment.CHILD, Segment.ADULT))
        elif kind in (7, 8):
            action = ExerciseLicense(max(1, (step // 12)))
        elif kind == 9:
            action = RemoveLicense() if step % 5 == 0 else RepayDebt(100)
        elif kind == 10:
            action = ApplyInterest()
        else:
            action = ProcessBusinessDay()
        plays.append((action, player, now))
        step += 1
    return plays[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()

    catalogue = buildings(ruleset_139())
    plays = script(options.actions, catalogue.names())
    start = Economy.from_pages(
        rows=[PlayerRow(BOSS, debt=-1_000_000), *(PlayerRow(p) for p in PLAYERS)],
        zones=[],
        days=[],
        boss=BOSS,
    )
    best = float("inf")
    outcomes: Counter[str] = Counter()
    state = start
    for _ in range(options.repeat):
        outcomes.clear()
        state = start
        began = time.perf_counter()
        for action, actor, now in plays:
            try:
                state = apply(state, action, actor=actor, now=now, catalogue=catalogue).state
                outcomes["accepted"] += 1
            except ActionRefused as refused:
                outcomes[f"refused ({refused.clause.rule})"] += 1
        best = min(best, time.perf_counter() - began)
    print(f"actions: {len(plays)}  best of {options.repeat}: {best:.3f} s")
    print(f"per action: {best / len(plays) * 1e6:.1f} us")
    for outcome, n in sorted(outcomes.items()):
        print(f"  {outcome}: {n}")
    buildings_built = sum(len(z.buildings) for z in state.zones)
    print(
        f"end state: {len(state.days)} Business Days, {len(state.zones)} Zones, "
        f"{buildings_built} Buildings, the Boss's Debt {state.player(BOSS).debt}"  # type: ignore[union-attr]
    )


if __name__ == "__main__":
    main()
