"""How fast ``nomicbot status --json`` answers on a profile archive of many matters.

For each rule profile, builds a synthetic ``nomic-archive/2`` game of ``--matters``
matters (default 10,000) shaped like that game's real play, with the proposers and
dates of the real BlogNomic history (``shared/data``) re-timed to the game's
calendar, and times the whole ``status --archive FILE --json`` command in-process,
from reading the file to printing the JSON, and where the time goes: reading and
checking the archive, the profile's rules, the JSON.

Usage: python bench/bench_profiles.py [--matters 10000] [--repeat 3] [--profile NAME]
Target (issue 18): under 1 s for 10,000 matters.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import tempfile
import time
from contextlib import redirect_stdout
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from gamestate.profiles import profile_names
from wikibot.cli import cli
from wikibot.cli.profile_render import dumps_report, report_to_json
from wikibot.gcpause import paused_gc
from wikibot.profile_archive import load_profile_archive

ROOT = Path(__file__).resolve().parents[1]


def _z(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _proposers(data_dir: Path, n: int) -> list[str]:
    with (data_dir / "blognomic_proposal_history.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))[-n:]
    return [r["proposer"] or "Someone" for r in rows]


def build(profile: str, matters: int, data_dir: Path) -> tuple[dict[str, Any], str]:
    """A synthetic archive of ``profile`` and the instant to judge it at."""
    authors = _proposers(data_dir, matters)
    players = sorted(set(authors))[:24]
    authors = [a if a in players else players[i % len(players)] for i, a in enumerate(authors)]
    start = datetime(2004, 1, 5, tzinfo=UTC)  # a Monday
    roster: list[dict[str, Any]] = [{"name": p, "roles": []} for p in players]
    out: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    settings: dict[str, Any] = {}
    game_state: dict[str, Any] = {}
    if profile == "borednomic":
        settings = {"timezone": "America/Chicago"}
        roster = [
            {"name": p, "roles": [], "state": {"money": 10000, "level": 5}} for p in players
        ] + [{"name": "The T", "roles": ["admin"], "player": False}]
        for i, author in enumerate(authors):
            week = start + timedelta(weeks=i // 24)
            posted = week + timedelta(hours=15 + (i % 24) * 2)  # Monday and Tuesday
            votes = [
                {
                    "voter": players[(i + j) % len(players)],
                    "value": ("Yay", "Nay", "Yay", "Abstain")[(i + j) % 4],
                    "at": _z(week + timedelta(days=4, hours=18, minutes=j)),
                }
                for j in range(8)
            ]
            out.append(
                {
                    "id": f"p{i}",
                    "kind": "proposal",
                    "author": author,
                    "posted_at": _z(posted),
                    "votes": votes,
                }
            )
        now = start + timedelta(weeks=matters // 24 + 1)
    elif profile == "nomopoly":
        game_state = {"board": 400, "poorbox": 0}
        roster = [
            {"name": p, "roles": [], "state": {"money": 20, "square": 1}} for p in players
        ] + [{"name": "Joel", "roles": ["admin"], "player": False}]
        for i in range(matters):
            day = start + timedelta(days=i // 12)
            # Twelve proposals a day by twelve different players (a second one the same
            # day would replace the first).
            author = players[(5 * (i // 12) + i % 12) % len(players)]
            posted = day + timedelta(hours=1 + i % 12, minutes=i % 60)
            result = ("accepted", "rejected", "accepted in part")[i % 3]
            judged = day + timedelta(days=1, hours=8)
            out.append(
                {
                    "id": f"p{i}",
                    "kind": "proposal",
                    "author": author,
                    "posted_at": _z(posted),
                    "judgement": {"at": _z(judged), "result": result},
                }
            )
            # The admin's dice for the turn (no doubles: one throw each).
            roll = [3] if result == "rejected" else [1, 2, 4]
            events.append(
                {
                    "at": _z(judged + timedelta(minutes=30)),
                    "type": "draw",
                    "what": f"dice:p{i}",
                    "result": roll,
                }
            )
            if i % 12 == 11:
                events.append(
                    {
                        "at": _z(judged + timedelta(minutes=30)),
                        "type": "admin_day",
                        "by": "Joel",
                        "note": f"Day of {day.date()}",
                    }
                )
        now = start + timedelta(days=matters // 12 + 2)
    elif profile == "infinite-nomic":
        settings = {
            "reactions": {"favour": "thumbsup", "against": "thumbsdown"},
            "cycle_began": _z(start),
        }
        roster = [
            {"name": p, "roles": [], "joined_at": _z(start - timedelta(days=30))} for p in players
        ]
        for i, author in enumerate(authors):
            # Ten proposals a phase (two phases a week), each reacted to in the next phase.
            phase = start + timedelta(days=3.5 * (i // 10))
            posted = phase + timedelta(hours=2 + 5 * (i % 10))
            react = phase + timedelta(days=4, hours=i % 10)
            votes = [
                {
                    "voter": players[(i + j) % len(players)],
                    "op": "add",
                    "value": ("thumbsup", "thumbsdown", "thumbsup")[(i + j) % 3],
                    "at": _z(react + timedelta(minutes=j)),
                }
                for j in range(8)
            ]
            votes.append({**votes[1], "op": "remove", "at": _z(react + timedelta(hours=1))})
            out.append(
                {
                    "id": f"p{i}",
                    "kind": "proposal",
                    "author": author,
                    "posted_at": _z(posted),
                    "class": "standard",
                    "votes": votes,
                }
            )
        now = start + timedelta(days=3.5 * (matters // 10 + 3))
    elif profile == "nomopoly-iv":
        roster = [
            {
                "name": p,
                "roles": [],
                "state": {"level": 3, "experience": 0, "jumps": 0, "money": 1000},
            }
            for p in players
        ]
        game_state = {"as_of": _z(start)}
        for i, author in enumerate(authors):
            posted = start + timedelta(hours=i, minutes=7)
            out.append(
                {"id": f"p{i}", "kind": "proposal", "author": author, "posted_at": _z(posted)}
            )
            if i % 5 == 0:
                events.append(
                    {
                        "at": _z(posted + timedelta(minutes=5)),
                        "type": "action",
                        "player": author,
                        "action": "decrease Jumps",
                    }
                )
        now = start + timedelta(hours=matters + 1)
    else:  # blognomic-139: the real shape, every matter resolved but ten
        for i, author in enumerate(authors):
            posted = start + timedelta(hours=7 * i)
            pending = i >= matters - 10
            votes = [
                {
                    "voter": players[(i + j) % len(players)],
                    "value": ("FOR", "FOR", "AGAINST", "DEFERENTIAL")[(i + j) % 4],
                    "at": _z(posted + timedelta(minutes=9 * (j + 1))),
                }
                for j in range(9)
            ]
            out.append(
                {
                    "id": f"p{i}",
                    "kind": "proposal",
                    "author": author,
                    "posted_at": _z(posted),
                    "votes": votes,
                    "title": f"Proposal: Item {i}",
                    "status": "Pending" if pending else "Enacted",
                }
            )
        roster[0]["roles"] = ["admin", "boss"]
        now = start + timedelta(hours=7 * matters + 13)
    archive = {
        "format": "nomic-archive/2",
        "profile": profile,
        "settings": settings,
        "roster": roster,
        "game_state": game_state,
        "matters": out,
        "events": events,
    }
    return archive, _z(now)


def bench_year_of_events(runner: CliRunner, repeat: int) -> None:
    """Issue 19's figure: ``status --since`` over a year of Nomopoly IV's scheduled events."""
    start = datetime(2006, 1, 1, tzinfo=UTC)
    players = [f"Player{i}" for i in range(12)]
    roster = [
        {
            "name": p,
            "roles": [],
            "state": {
                "level": 3,
                "experience": 0,
                "jumps": 0,
                "money": 1000,
                "scientists": {"Scientist#1": "Researching"},
                # Squares and hit points: a Musketeer with its own Fort and SCV.
                "units": {
                    "Scientist#1": {},
                    "Musketeer#1": {"square": 2 * i + 2, "hp": 80},
                    "Fort#1": {"square": 2 * i + 2, "hp": 1500},
                    "SCV#1": {"square": 2 * i + 2, "hp": 40},
                },
            },
        }
        for i, p in enumerate(players)
    ]
    events = [
        {
            "at": _z(start + timedelta(hours=7 * i, minutes=3)),
            "type": "action",
            "player": players[i % len(players)],
            "action": "decrease Jumps",
        }
        for i in range(1200)
    ]
    # Each player switches their Scientist between Research and Counter-Research every
    # other day: each command's day-long cool-down ends as a scheduled event.
    events += [
        {
            "at": _z(start + timedelta(days=2 * d + i % 2, hours=1 + i)),
            "type": "command",
            "player": p,
            "unit": "Scientist#1",
            "command": ("Counter Research", "Research Breakthrough")[(d + i) % 2],
        }
        for d in range(182)
        for i, p in enumerate(players)
    ]
    # Issue 28's rules: the Rber Ducky three times a week, a Public Market trade and a
    # Magic Mining Pick with a Super Mining each week.
    for w in range(52):
        week = start + timedelta(weeks=w)
        p, q = players[w % 12], players[(w + 1) % 12]
        events += [
            {"at": _z(week + timedelta(days=d, hours=9)), "type": "ducky", "roll": 1 + w % 6}
            for d in (1, 3, 6)  # 2006-01-01 is a Sunday: "every Monday, Wednesday, and Saturday"
        ]
        events += [
            {"at": _z(week + timedelta(hours=10)), "type": "action", "player": p,
             "action": "Submit a Sell Request", "item": "Coin", "price": 40},
            {"at": _z(week + timedelta(hours=11)), "type": "action", "player": q,
             "action": "Fulfill a sell request", "item": "Coin"},
            {"at": _z(week + timedelta(hours=12, minutes=30)), "type": "action", "player": p,
             "action": "use Magic Mining Pick"},
            {"at": _z(week + timedelta(hours=13)), "type": "command", "player": p,
             "unit": "SCV#1", "command": "Mine"},
            # Squares and hit points: an Attack whose 1 in 5 chance is drawn, a Repair.
            {"at": _z(week + timedelta(hours=14)), "type": "command", "player": p,
             "unit": "Musketeer#1", "command": "Attack", "target": q, "target_unit": "Fort#1",
             "hit": w % 2 == 0},
            {"at": _z(week + timedelta(hours=15)), "type": "command", "player": q,
             "unit": "SCV#1", "command": "Repair", "target_unit": "Fort#1"},
        ]  # fmt: skip
    events.sort(key=lambda e: str(e["at"]))
    archive = {
        "format": "nomic-archive/2",
        "profile": "nomopoly-iv",
        "settings": {},
        "roster": roster,
        "game_state": {"as_of": _z(start), "board": {"columns": 24}},
        "matters": [],
        "events": events,
    }
    now, since = _z(start + timedelta(days=365)), _z(start)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "year.json"
        path.write_text(json.dumps(archive), encoding="utf-8")
        times, due = [], 0
        for _ in range(repeat):
            t0 = time.perf_counter()
            result = runner.invoke(
                cli, ["status", "--archive", str(path), "--now", now, "--since", since, "--json"]
            )
            times.append(time.perf_counter() - t0)
            if result.exit_code != 0:
                raise SystemExit(f"nomopoly-iv year: status failed: {result.output}")
            due = len(json.loads(result.stdout)["due"])
    print(
        f"nomopoly-iv: status --since over a year ({due:,} due events, 12 players with a "
        f"Scientist switching research every other day, 1,200 actions, the Ducky, the "
        f"Market, Super Mining, an Attack and a Repair weekly): best "
        f"{min(times):.2f} s, worst {max(times):.2f} s of {repeat} (target under 1 s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matters", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="append", choices=profile_names())
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    runner = CliRunner()
    if "nomopoly-iv" in (args.profile or profile_names()):
        bench_year_of_events(runner, args.repeat)
    for profile in args.profile or profile_names():
        archive, now = build(profile, args.matters, args.data)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"{profile}.json"
            path.write_text(json.dumps(archive), encoding="utf-8")
            size = path.stat().st_size / 1e6
            whole = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                result = runner.invoke(
                    cli, ["status", "--archive", str(path), "--now", now, "--json"]
                )
                whole.append(time.perf_counter() - t0)
                if result.exit_code != 0:
                    raise SystemExit(f"{profile}: status failed: {result.output}")
            with paused_gc():  # as status does
                t0 = time.perf_counter()
                loaded = load_profile_archive(path)
                t1 = time.perf_counter()
                report = loaded.profile.evaluate(
                    loaded.archive, datetime.fromisoformat(now.replace("Z", "+00:00")), None
                )
                t2 = time.perf_counter()
            with redirect_stdout(io.StringIO()):
                print(dumps_report(report_to_json(report, loaded.profile.number_keys)))
            t3 = time.perf_counter()
        print(
            f"{profile}: status --json on {args.matters:,} matters ({size:.1f} MB): "
            f"best {min(whole):.2f} s, worst {max(whole):.2f} s of {args.repeat} "
            f"(target under 1 s); read+check {t1 - t0:.2f} s, rules {t2 - t1:.2f} s, "
            f"JSON {t3 - t2:.2f} s; {len(report.matters):,} matters judged"
        )


if __name__ == "__main__":
    main()
