"""How fast ``nomicbot status`` answers on a large archive.

Builds a synthetic nomic-archive/1 game from the real BlogNomic proposal history
(titles, proposers, dates, comment counts), with every matter still pending so
that every one is tallied and clocked (the worst case), then times the whole
``status --archive FILE --json`` command in-process, from reading the file to
printing the JSON.

Usage: python bench/bench_status.py [--matters 2000] [--pending N] [--repeat 5] [--data DIR]
Target (issue 2): under one second for 2,000 matters. ``--matters 15792 --pending 10``
is the whole 20-year history with ten matters pending.
"""

from __future__ import annotations

import argparse
import csv
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

from wikibot.cli import cli

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
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "archive.json"
        path.write_text(json.dumps(archive), encoding="utf-8")
        last = archive["posts"][-1]["posted_at"]
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
    print(
        f"matters in archive : {args.matters} "
        f"({comments} comments, {len(archive['players'])} players)"
    )
    print(f"matters listed     : {listed}")
    print(
        f"status --json time : best {min(timings):.3f}s, "
        f"worst {max(timings):.3f}s over {args.repeat} runs"
    )
    print(f"target             : < 1.000s -> {'met' if max(timings) < 1.0 else 'NOT met'}")


if __name__ == "__main__":
    main()
