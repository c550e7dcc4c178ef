"""How fast ``nomicbot status`` answers on a large archive.

Builds a synthetic nomic-archive/1 game from the real BlogNomic proposal history
(titles, proposers, dates, comment counts), with every matter still pending so
that every one is tallied and clocked (the worst case), then times the whole
``status --archive FILE --json`` command in-process, from reading the file to
printing the JSON.

It then prints where the time goes, each step of the command timed on its own
(the best of the runs): reading the file (JSON and validation), the timeline
(rosters, legality, Hiatus), the tallies and verdicts, and the output (the JSON).

Usage: python bench/bench_status.py [--matters 2000] [--pending N] [--repeat 5] [--data DIR]
Targets: under one second for 2,000 matters, all pending (issue 2); under half a second
for ``--matters 15792 --pending 10``, the whole 20-year history with ten matters pending
(issue 21).
"""

from __future__ import annotations

import argparse
import csv
import gc
import io
import json
import re
import tempfile
import time
from contextlib import redirect_stdout
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from gamestate import Timeline, evaluate
from wikibot.archive import read_archive_file
from wikibot.cli import cli
from wikibot.cli.status_render import status_to_json
from wikibot.wiki.dynasty import dynasty_without_mirror

ROOT = Path(__file__).resolve().parents[1]
ICONS = ["for", "for", "against", "imperial", "for", "against"]


def _time(text: str) -> datetime:
    return datetime.strptime(re.sub(r"\s+", " ", text.strip()), "%d %b %Y %H:%M:%S").replace(
        tzinfo=UTC
    )


def build_archive(data_dir: Path, matters: int, *, pending: int | None = None) -> dict[str, Any]:
    """A game with ``matters`` Votable Matters drawn from the real history: all of them
    pending (the worst case), or only the newest ``pending`` with the rest resolved as
    the history records them."""
    with (data_dir / "blognomic_proposal_history.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))[-matters:]
    players = sorted({r["proposer"] for r in rows})[:25]
    posts = []
    for i, r in enumerate(rows):
        posted = _time(r["postedDate"])
        comments = []
        for j in range(int(r["comments"] or 0)):
            icon = ICONS[(i + j) % len(ICONS)]
            comments.append(
                {
                    "id": f"c{j}",
                    "author": players[(i + j) % len(players)],
                    "posted_at": (posted + timedelta(minutes=7 * (j + 1))).strftime(
                        "%Y-%m-%dT%H:%M:%SZ"
                    ),
                    "body_html": f'<img src="/images/vote/{icon}.gif" alt="{icon}"> reason {j}',
                }
            )
        category = ("Proposal", "Proposal", "Proposal", "Call for Judgement")[i % 4]
        resolved = pending is not None and i < len(rows) - pending
        history = {}
        if resolved:
            status = r["status"] if r["status"] in ("Enacted", "Failed", "Vetoed") else "Failed"
            history = {
                "status": status,
                "admin_note": f"{status} by {r['admin']}",
                "resolved_at": _time(r["closedDate"]).strftime("%Y-%m-%dT%H:%M:%SZ"),
            }
        posts.append(
            {
                **history,
                "id": f"p{i}",
                "category": category,
                "title": f"{category}: {r['title'] or 'Untitled'}",
                "author": players[i % len(players)],
                "posted_at": posted.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "body_html": "<p>text</p>",
                "comments": comments,
            }
        )
    return {
        "format": "nomic-archive/1",
        "boss": players[0],
        "players": [{"name": p, "admin": True} for p in players],
        "posts": posts,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matters", type=int, default=2000)
    parser.add_argument(
        "--pending",
        type=int,
        default=None,
        help="Only the newest N matters pending, the rest resolved (default: all pending).",
    )
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    archive = build_archive(args.data, args.matters, pending=args.pending)
    comments = sum(len(p["comments"]) for p in archive["posts"])
    players = len(archive["players"])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "archive.json"
        path.write_text(json.dumps(archive), encoding="utf-8")
        last = archive["posts"][-1]["posted_at"]
        # The command starts with none of this in memory: the built archive (some million
        # objects) would only slow every garbage collection of the runs.
        del archive
        gc.collect()
        timings = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            with redirect_stdout(io.StringIO()):
                result = CliRunner().invoke(
                    cli, ["status", "--archive", str(path), "--json", "--now", last]
                )
            timings.append(time.perf_counter() - start)
            if result.exit_code != 0:
                raise SystemExit(result.output)
        listed = len(json.loads(result.output)["matters"])
        steps = _steps(path, datetime.fromisoformat(last), args.repeat)
    target = 0.5 if args.pending is not None and args.matters > 10000 else 1.0
    print(f"matters in archive : {args.matters} ({comments} comments, {players} players)")
    print(f"matters listed     : {listed}")
    print(
        f"status --json time : best {min(timings):.3f}s, "
        f"worst {max(timings):.3f}s over {args.repeat} runs"
    )
    print(
        f"target             : < {target:.3f}s -> {'met' if max(timings) < target else 'NOT met'}"
    )
    print("where the time goes (best of the runs):")
    for name, seconds in steps.items():
        print(f"  {name:<26}: {seconds:.3f}s")


def _steps(path: Path, now: datetime, repeat: int) -> dict[str, float]:
    """Each step of ``status --archive --json`` timed alone, as the command runs them."""
    best: dict[str, float] = {}

    def timed(name: str, start: float) -> float:
        end = time.perf_counter()
        best[name] = min(best.get(name, end - start), end - start)
        return end

    for _ in range(repeat):
        start = time.perf_counter()
        game = read_archive_file(path)
        start = timed("reading the file", start)
        dynasty = dynasty_without_mirror()
        timeline = Timeline.from_game(game, extra_checks=dynasty.post_checks())
        start = timed("the timeline", start)
        result = evaluate(game, now, timeline=timeline, dynasty=dynasty)
        start = timed("tallies and verdicts", start)
        json.dumps(status_to_json(result), indent=2, ensure_ascii=False)
        timed("output (JSON)", start)
    return best


if __name__ == "__main__":
    main()
