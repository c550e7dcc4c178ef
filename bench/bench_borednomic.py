"""How fast ``nomicbot status`` reads a year of BoredNomic's board game.

Builds a synthetic ``nomic-archive/2`` BoredNomic game: 20 players, 52 weeks, a turn
for every player at every Thursday and Sunday update (2,080 turns from recorded 2d6),
with what turns bring: squares bought and named, hens and their eggs, combats in The
Arena (squares 21 and 22 added in the first week), the Inquisition's questions, hit
points bought back, two proposals a week with everyone's votes; then times the whole
``status --archive FILE`` command in-process (table and ``--json``), from reading the
file to printing.

Usage: python bench/bench_borednomic.py [--players 20] [--weeks 52] [--repeat 3]
Target (issue 27): under 1 s for a year with 20 players.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from wikibot.cli import cli


def _z(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def build(players: int, weeks: int, seed: int = 27) -> tuple[dict[str, Any], str]:
    """A synthetic year and the instant to judge it at (the last week's Wednesday)."""
    rng = random.Random(seed)
    names = [f"Player{i:02d}" for i in range(players)]
    roster: list[dict[str, Any]] = [
        {"name": n, "roles": [], "state": {"money": 10000}} for n in names
    ]
    roster.append({"name": "The T", "roles": ["admin"], "player": False})
    start = datetime(2004, 1, 5, 6, tzinfo=UTC)  # Monday 00:00 in Chicago (CST)
    events: list[dict[str, Any]] = [
        {"at": _z(start + timedelta(hours=1)), "type": "add_square", "name": "The Arena"},
        {"at": _z(start + timedelta(hours=1)), "type": "add_square", "name": "The Inquisition"},
    ]
    matters: list[dict[str, Any]] = []
    square = dict.fromkeys(names, 1)
    owned: set[int] = set()
    for week in range(weeks):
        monday = start + timedelta(days=7 * week)
        for k in range(2):
            author = names[(2 * week + k) % players]
            matters.append(
                {
                    "id": f"p{2 * week + k + 1}",
                    "kind": "proposal",
                    "author": author,
                    "posted_at": _z(monday + timedelta(days=1, hours=k)),
                    "votes": [
                        {
                            "voter": n,
                            "value": rng.choice(["Yay", "Nay", "Abstain"]),
                            "at": _z(monday + timedelta(days=4, minutes=i)),
                        }
                        for i, n in enumerate(names)
                    ],
                }
            )
        for update in (3, 6):  # the Thursday and Sunday updates
            at = monday + timedelta(days=update, hours=8)
            for i, n in enumerate(names):
                when = at + timedelta(minutes=i)
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
                events.append(
                    {
                        "at": _z(when),
                        "type": "draw",
                        "what": "turn",
                        "player": n,
                        "result": [d1, d2],
                    }
                )
                square[n] = (square[n] - 1 + d1 + d2) % 22 + 1
                later = _z(when + timedelta(seconds=30))
                if square[n] == 21:
                    other = names[(i + 1) % players]
                    events.append(
                        {
                            "at": later,
                            "type": "draw",
                            "what": "combat",
                            "player": n,
                            "opponent": other,
                            "result": {n: [], other: []},  # filled in below, by level
                        }
                    )
                elif square[n] == 22:
                    events.append({"at": later, "type": "answer", "player": n, "correct": True})
                elif square[n] not in owned and rng.random() < 0.3:
                    owned.add(square[n])
                    events.append(
                        {
                            "at": later,
                            "type": "buy",
                            "player": n,
                            "square": square[n],
                            "name": f"{n}'s {square[n]}",
                        }
                    )
                if update == 3 and week % 4 == i % 4:
                    events.append(
                        {
                            "at": _z(when - timedelta(hours=2)),
                            "type": "action",
                            "player": n,
                            "action": "buy ticket",
                        }
                    )
    return (
        {
            "format": "nomic-archive/2",
            "profile": "borednomic",
            "settings": {"timezone": "America/Chicago"},
            "roster": roster,
            "game_state": {"paused": False, "board": {"squares": 20, "names": {"1": "Go"}}},
            "matters": matters,
            "events": events,
        },
        _z(start + timedelta(days=7 * weeks - 5)),
    )


def _fill_combat_dice(archive: dict[str, Any], now: str) -> None:
    """Combat dice depend on the levels then: play the archive once without combats to
    learn them would be circular, so each combat is rolled by the profile's own count,
    found by evaluating up to it (only at build time, not timed)."""
    from gamestate.profiles import archive_from_dict, parse_time
    from gamestate.profiles.borednomic import PROFILE

    rng = random.Random(1)
    combats = [e for e in archive["events"] if e.get("what") == "combat"]
    archive["events"] = [e for e in archive["events"] if e.get("what") != "combat"]
    kept: list[dict[str, Any]] = []
    for c in combats:
        probe = dict(archive, events=sorted(archive["events"] + kept, key=lambda e: e["at"]))
        state = PROFILE.evaluate(archive_from_dict(probe), parse_time(c["at"], "bench"), None).state
        for who in list(c["result"]):
            s = state[who]
            count = 2 + max(0, s["level"])
            dice = [rng.randint(1, 6) for _ in range(count)]
            if "Golden Gladius" in s["items"]:
                dice.append(rng.randint(1, 4))
            c["result"][who] = dice
        kept.append(c)
    archive["events"] = sorted(archive["events"] + kept, key=lambda e: e["at"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--weeks", type=int, default=52)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    archive, now = build(args.players, args.weeks)
    _fill_combat_dice(archive, now)
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "year.json"
        path.write_text(json.dumps(archive), encoding="utf-8")
        for extra in ([], ["--json"]):
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                result = runner.invoke(
                    cli, ["status", "--archive", str(path), "--now", now, *extra]
                )
                times.append(time.perf_counter() - t0)
                if result.exit_code != 0:
                    raise SystemExit(f"status failed: {result.output[:500]}")
            if extra:
                data = json.loads(result.stdout)
                turns = sum(1 for a in data["actions"] if a.get("type") == "turn")
                refused = sum(1 for a in data["actions"] if not a.get("allowed"))
                print(
                    f"borednomic: {args.players} players, {args.weeks} weeks:"
                    f" {len(data['actions']):,} turns and choices ({turns:,} turns,"
                    f" {refused:,} refused), {len(data['matters']):,} proposals"
                )
            label = "status --json" if extra else "status (table)"
            print(
                f"  {label}: best {min(times):.2f} s, worst {max(times):.2f} s"
                f" of {args.repeat} (target under 1 s)"
            )


if __name__ == "__main__":
    main()
