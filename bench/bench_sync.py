"""Benchmark: how many requests a sync makes, how fast it reads, how much memory it takes.

Builds a synthetic archive from BlogNomic's real proposal history (see
``bench/synthetic.py``), serves it from the sandbox blog on 127.0.0.1 in a
separate process, and syncs it into a fresh SQLite mirror with no delay
between requests. It prints, for

(a) the full first sync, (b) a sync with no change, and (c) a sync after a
player posts one comment on a pending proposal,

the requests made against the minimum possible, pages per second, and the
peak memory of this process (the mirror and the scraper; the blog is the
other process). Each sync uses a fresh scraper, as each ``nomicbot sync``
does; the first reads robots.txt (the minimum counts it) and the mirror keeps
it for a day, so the later syncs do not read it again.

    python bench/bench_sync.py --scale dynasty
    python bench/bench_sync.py --scale full     # 20 years: ~15,800 posts
"""

from __future__ import annotations

import argparse
import json
import math
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from itertools import combinations
from pathlib import Path
from typing import Any

import requests

from gamestate.profiles.blognomic_139.models import Game
from wikibot.archive import read_archive_file
from wikibot.blog.scraper import BlogScraper
from wikibot.mirror.api import Mirror
from wikibot.mirror.sync import SyncReport, sync

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parent / ".." / "shared" / "data"
USER_AGENT = "nomicbot-bench/0.1 (BlogNomic bookkeeping bot; operator: bench)"
PER_PAGE = 10
"""Posts per listing page on the sandbox blog (BlogNomic shows about ten)."""


def _least_cover(wanted: set[str], groups: list[set[str]]) -> int:
    """The fewest groups whose union holds ``wanted`` (every combination, smallest first)."""
    useful = [g & wanted for g in groups if g & wanted]
    for n in range(len(useful) + 1):
        if any(wanted <= set().union(*c) for c in combinations(useful, n)):
            return n
    raise ValueError("some matter is on no page")


def _pages_showing(pending: list[list[Any]], per_page: int) -> tuple[set[str], list[set[str]]]:
    """The Pending matters off the front page, and the groups one request shows: each
    front continuation page's (``/P10``...) and each month's archive page's."""
    off = [(p[0], p[1] // per_page, p[2]) for p in pending if p[1] >= per_page]
    groups: dict[tuple[str, Any], set[str]] = {}
    for post_id, page, month in off:
        groups.setdefault(("page", page), set()).add(post_id)
        groups.setdefault(("month", month), set()).add(post_id)
    return {p[0] for p in off}, list(groups.values())


def quiet_minimum(pending: list[list[Any]], per_page: int) -> tuple[int, int]:
    """The least requests a sync with no change needs to see every new comment on every
    pending matter, and how many of those are below the front page: the front page, plus
    the fewest pages that show every pending matter off it (front continuation pages,
    month archives; a matter's own page shows only itself, so never lowers the count).
    Computed here by trying every combination, not by the sync's own search."""
    wanted, groups = _pages_showing(pending, per_page)
    least = _least_cover(wanted, groups)
    return 1 + least, least


def one_comment_minimum(pending: list[list[Any]], per_page: int, post_id: str) -> int:
    """The least requests to see one new comment on ``post_id`` (besides the quiet ones):
    its page once more, unless it is off the front page, was read before (it had
    comments), and its own page can replace a listing in a least cover."""
    least, _ = quiet_minimum(pending, per_page)
    wanted, groups = _pages_showing(pending, per_page)
    entry = next(p for p in pending if p[0] == post_id)
    if post_id not in wanted or not entry[3]:
        return least + 1
    others = _least_cover(wanted - {post_id}, [g - {post_id} for g in groups])
    return min(least + 1, 1 + others + 1)


@contextmanager
def sandbox(
    archive: Path, markup: str, state: Path, per_page: int = PER_PAGE
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``nomicbot sandbox blog`` in its own process, on a free loopback port."""
    command = [
        sys.executable,
        "-c",
        "from wikibot.cli import cli; cli()",
        "sandbox",
        "blog",
        "--archive",
        str(archive),
        "--state",
        str(state),
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--markup",
        markup,
        "--per-page",
        str(per_page),
    ]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:[0-9]+/", line)
        if found is None:
            raise SystemExit(f"the sandbox blog did not start: {line!r}")
        yield found.group(0), proc
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def server_requests(url: str) -> int:
    return int(requests.get(url + "_stats", timeout=30).json()["requests"])


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed_sync(mirror: Mirror, url: str, markup: str, **options: Any) -> tuple[SyncReport, float]:
    with BlogScraper(url, markup=markup, user_agent=USER_AGENT, min_interval=0) as scraper:
        started = time.perf_counter()
        report = sync(mirror, scraper, **options)
        return report, time.perf_counter() - started


def line(label: str, report: SyncReport, served: int, minimum: int, seconds: float) -> None:
    rate = report.pages_fetched / seconds if seconds else 0.0
    print(
        f"{label:<28} {report.requests_made:>7} requests (server saw {served}), "
        f"minimum {minimum}; {report.not_modified} answered 304; "
        f"{report.pages_fetched} pages in {seconds:.1f} s = {rate:.1f} pages/s; "
        f"outcome {report.outcome}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", choices=("dynasty", "full"), default="dynasty")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="shared/data folder.")
    parser.add_argument("--markup", choices=("classic", "wp2020"), default="classic")
    parser.add_argument(
        "--per-page",
        type=int,
        default=PER_PAGE,
        help="Posts per front page (fewer: more pending matters off the front page).",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="nomicbot-bench-") as tmp:
        work = Path(tmp)
        archive = work / "archive.json"
        made = subprocess.run(
            [sys.executable, str(HERE / "synthetic.py"), "--scale", args.scale]
            + ["--data", str(args.data), "--output", str(archive)],
            check=True,
            capture_output=True,
            text=True,
        )
        info = json.loads(made.stdout)
        print(
            f"Synthetic {args.scale} archive: {info['posts']} proposals, {info['comments']} "
            f"comments since {info['first']} ({archive.stat().st_size / 2**20:.1f} MiB), "
            f"{args.markup} markup, {args.per_page} posts per front page."
        )
        with sandbox(archive, args.markup, work / "state.json", args.per_page) as (url, _proc):
            mirror = Mirror.open(str(work / "mirror.sqlite"))
            listing_pages = math.ceil(info["posts"] / args.per_page)

            before = server_requests(url)
            since = date.fromisoformat(info["first"])
            full, seconds = timed_sync(mirror, url, args.markup, since=since)
            minimum = 1 + listing_pages + info["posts_with_comments"]
            line("(a) full first sync", full, server_requests(url) - before, minimum, seconds)
            print(
                f"    = robots.txt + {listing_pages} listing pages + "
                f"{info['posts_with_comments']} posts with comments; "
                f"stored {full.stored.new_posts} posts, {full.stored.new_comments} comments"
            )

            least, months = quiet_minimum(info["pending"], args.per_page)
            before = server_requests(url)
            timed_sync(mirror, url, args.markup)  # a first look at any month off the front
            warm = server_requests(url) - before
            before = server_requests(url)
            quiet, seconds = timed_sync(mirror, url, args.markup)
            line("(b) no change", quiet, server_requests(url) - before, least, seconds)
            print(
                f"    = the front page + {months} pages showing every pending matter off it "
                f"({len(info['pending'])} pending; the first incremental sync made {warm})"
            )

            post_id = info["newest_pending"]
            reply = requests.post(
                f"{url}archive/{post_id}/comment",
                data={"author": info["voter"], "body": "<p>Late to this one.</p>", "vote": "for"},
                allow_redirects=False,
                timeout=30,
            )
            reply.raise_for_status()
            before = server_requests(url)
            one, seconds = timed_sync(mirror, url, args.markup)
            least_one = one_comment_minimum(info["pending"], args.per_page, post_id)
            line("(c) one new comment", one, server_requests(url) - before, least_one, seconds)
            seen = mirror.votes(post_id).get(reply.headers["X-Comment-Id"])
            print(f"    the new vote in the mirror: {seen[-1].value if seen else 'MISSING'}")

            started = time.perf_counter()
            game = mirror.to_game()
            comments = sum(len(p.comments) for p in game.posts)
            print(
                f"Export from the mirror: {len(game.posts)} posts, {comments} comments "
                f"in {time.perf_counter() - started:.1f} s "
                f"(served: {info['posts']} posts, {info['comments'] + 1} comments)"
            )
            size = sum(f.stat().st_size for f in work.glob("mirror.sqlite*"))
            print(f"Mirror file: {size / 2**20:.1f} MiB; rows: {mirror.row_counts()}")
            mirror.close()
            print(
                f"Peak memory of this process (mirror + scraper): {peak_mib():.0f} MiB "
                "(ru_maxrss, before the check below loads the served archive)"
            )
            compare(read_archive_file(work / "state.json"), game)


def compare(served: Game, exported: Game) -> None:
    """Every field of every post equal, titles byte for byte; prints the counts."""
    got = {p.id: p for p in exported.posts}
    fields = ("title", "author", "category", "posted_at", "status", "admin_note", "resolved_at")
    unequal: dict[str, int] = {}
    exact_titles = 0
    for post in served.posts:
        mine = got.get(post.id)
        if mine is None:
            unequal["missing"] = unequal.get("missing", 0) + 1
            continue
        exact_titles += mine.title.encode() == post.title.encode()
        for name in (*fields, "body_html", "comments"):
            if getattr(mine, name) != getattr(post, name):
                unequal[name] = unequal.get(name, 0) + 1
    print(
        f"Round trip: {len(served.posts)} posts served, {len(got)} exported; titles byte for "
        f"byte: {exact_titles}; posts with a field unequal: {unequal or 'none'}"
    )


if __name__ == "__main__":
    main()
