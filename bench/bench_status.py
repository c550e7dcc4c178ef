"""How fast ``nomicbot status`` answers on a large archive.

Builds a synthetic nomic-archive/1 game from the real BlogNomic proposal history
(titles, proposers, dates, comment counts), with every matter still pending so
that every one is tallied and clocked (the worst case), then times the whole
``status --archive FILE --json`` command in-process, from reading the file to
printing the JSON.

It then prints where the time goes, each step of the command timed on its own
(the best of the runs): reading the file (JSON and validation), the timeline
(rosters, legality, Hiatus), the tallies and verdicts, and the output (the JSON).

With ``--size-mb N`` it measures memory instead: ``bench/synthetic.py`` writes the whole
history as an archive of about N megabytes (more comments per post), and ``nomicbot
status --archive FILE --json`` runs on it in a child process; the child's peak resident
memory (its ``ru_maxrss``) is printed, with its ratio to the file's size.

Usage: python bench/bench_status.py [--matters 2000] [--pending N] [--repeat 5] [--data DIR]
       python bench/bench_status.py --size-mb 200 [--data DIR]
Targets: under one second for 2,000 matters, all pending (issue 2); under half a second
for ``--matters 15792 --pending 10``, the whole 20-year history with ten matters pending
(issue 21); a peak under twice the file's size for ``--size-mb 200`` (issue 25).
"""

from __future__ import annotations

import argparse
import csv
import gc
import io
import json
import os
import re
import subprocess
import sys
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
    parser.add_argument(
        "--size-mb",
        type=float,
        default=None,
        help="Measure the peak memory of status on a synthetic archive of about this size.",
    )
    args = parser.parse_args()
    if args.size_mb is not None:
        _memory(args.data, args.size_mb)
        return
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


def _memory(data: Path, size_mb: float) -> None:
    """The peak resident memory of ``status --archive FILE --json`` in a child process,
    on the whole history written at about ``size_mb`` megabytes.

    A child's peak counts what it shared with its parent when it was forked (Linux
    carries the high-water mark over the exec), so the archive is written by another
    child, and this process stays small; the status child's own figure is taken as it
    is reaped (``os.wait4``: ``resource.getrusage(RUSAGE_CHILDREN)`` would give the
    larger of the two children)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "archive.json"
        written = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "synthetic.py"), "--size-mb", str(size_mb)]
            + ["--data", str(data), "--output", str(path)],
            capture_output=True,
            text=True,
            check=True,
        )
        summary = json.loads(written.stdout)
        last = datetime.fromisoformat(summary["last_posted_at"])
        now = (last + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
        size = path.stat().st_size
        out, err = Path(tmp) / "out.json", Path(tmp) / "err.txt"
        start = time.perf_counter()
        with out.open("w") as stdout, err.open("w") as stderr:
            child = subprocess.Popen(
                [sys.executable, "-c", "from wikibot.cli import cli; cli()", "status"]
                + ["--archive", str(path), "--json", "--now", now],
                stdout=stdout,
                stderr=stderr,
            )
            _, status, usage = os.wait4(child.pid, 0)
        took = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            raise SystemExit(err.read_text() or out.read_text())
        listed = len(json.loads(out.read_text())["matters"])
    # Linux gives ru_maxrss in kilobytes.
    peak = usage.ru_maxrss * 1024
    print(
        f"archive            : {size / 1e6:.1f} MB "
        f"({summary['posts']} posts, {summary['comments']} comments)"
    )
    print(f"matters listed     : {listed}")
    print(f"status --json time : {took:.2f}s (one run, in a child process)")
    print(f"peak memory (RSS)  : {peak / 1e6:.1f} MB")
    print(
        f"peak / file size   : {peak / size:.2f} "
        f"(target < 2.00 -> {'met' if peak < 2 * size else 'NOT met'})"
    )


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
