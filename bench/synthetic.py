"""A synthetic BlogNomic archive drawn from BlogNomic's real proposal history.

Titles, proposers, posting and closing times, statuses, resolving Admins and
comment counts come from ``blognomic_proposal_history.csv`` (15,792 real
proposals, 2005-2025); commenters are drawn from the players active that
month (``blognomic_active_players_by_month.csv``). The comments themselves
are made up: each carries a voting icon leaning the way the proposal went,
some are plain discussion. The newest posts are left Pending, as on a live
blog. Deterministic for a given seed.

    python bench/synthetic.py --scale dynasty --output dynasty.json
    python bench/synthetic.py --scale full --size-mb 200 --output big.json

prints a one-line JSON summary (posts, comments, the newest pending post...).
``--size-mb`` makes the whole history about that big, with more comments per post
than the real counts (each count multiplied alike).
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from html import escape
from pathlib import Path

from gamestate.profiles.blognomic_139.models import Comment, Game, Player, Post, PostStatus, Terms
from wikibot.archive import write_archive

__all__ = [
    "DEFAULT_DATA",
    "PENDING_AT_END",
    "load_history",
    "synthetic_game",
    "write_game_of_size",
]

DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
"""Where the real data lives: ``shared/data`` beside the repository."""
PENDING_AT_END = 3
"""How many of the newest proposals are left Pending."""
_ICON = '<img src="/images/vote/{word}.gif" alt="{word}">'
_REMARKS = (
    "Looks fine to me.",
    "I'd rather we fixed the Queue first.",
    "Nice &amp; tidy.",
    "This breaks the Gift Shop, surely?",
    "Happy with this now that the typo is gone.",
    "<em>Reluctantly</em>.",
    "Per my comment on the last one.",
    "Can we talk about this in Discord?",
)


def _when(text: str) -> datetime | None:
    """Reads the CSV's dates, e.g. ``03 Aug  2005 05:42:56`` (note the double space)."""
    words = text.split()
    if len(words) != 4:
        return None
    return datetime.strptime(" ".join(words), "%d %b %Y %H:%M:%S").replace(tzinfo=UTC)


def load_history(data: Path) -> list[dict[str, str]]:
    """The proposal history rows, oldest first."""
    with (data / "blognomic_proposal_history.csv").open(encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f) if _when(r["postedDate"]) is not None]
    rows.sort(key=lambda r: _when(r["postedDate"]) or datetime.min.replace(tzinfo=UTC))
    return rows


def _players_by_month(data: Path) -> dict[str, list[str]]:
    with (data / "blognomic_active_players_by_month.csv").open(encoding="utf-8") as f:
        return {
            r["Month"]: [n.strip() for n in r["Names"].split(",") if n.strip()]
            for r in csv.DictReader(f)
        }


def _slug(title: str, index: int) -> str:
    words = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")[:40].rstrip("_")
    return f"{words or 'proposal'}_{index}"


def _status(word: str) -> PostStatus:
    try:
        return PostStatus.from_text(word)
    except ValueError:  # a handful of rows hold an Admin's name instead of a status
        return PostStatus.ENACTED


def _comments(
    rng: random.Random,
    n: int,
    posted: datetime,
    closes: datetime,
    status: PostStatus,
    voters: Sequence[str],
) -> tuple[Comment, ...]:
    lean = {PostStatus.ENACTED: 0.8, PostStatus.PENDING: 0.6}.get(status, 0.25)
    span = max(60.0, (closes - posted).total_seconds() - 60)
    times = sorted(rng.uniform(30, span) for _ in range(n))
    out = []
    for j, offset in enumerate(times):
        roll = rng.random()
        if roll < 0.12:
            body = rng.choice(_REMARKS)  # discussion, no vote
        else:
            word = "imperial" if roll < 0.18 else ("for" if rng.random() < lean else "against")
            body = f"{_ICON.format(word=word)} {rng.choice(_REMARKS)}"
        when = posted + timedelta(seconds=int(offset))
        out.append(Comment(f"c{j + 1}", rng.choice(voters), when, body))
    return tuple(out)


def synthetic_game(
    data: Path,
    *,
    scale: str = "dynasty",
    dynasty: str | None = None,
    seed: int = 139,
    comments_per_real: float = 1.0,
) -> Game:
    """A game of real proposals with made-up comments.

    ``scale="dynasty"``: one whole dynasty (default: the latest finished one);
    ``scale="full"``: all twenty years; ``scale="YYYY"``: one year.
    ``comments_per_real``: each post's real comment count is multiplied by this.
    """
    rows = load_history(data)
    if scale == "dynasty":
        numbers = sorted({r["dynasty"] for r in rows if r["dynasty"].isdigit()}, key=int)
        chosen = dynasty or numbers[-2]
        rows = [r for r in rows if r["dynasty"] == chosen]
        if not rows:
            raise SystemExit(f"no proposals in dynasty {chosen}")
    elif scale.isdigit():
        rows = [r for r in rows if r["postedDate"].split()[2] == scale]
    elif scale != "full":
        raise SystemExit(f"unknown scale {scale!r}: use dynasty, full or a year")
    months = _players_by_month(data)
    rng = random.Random(seed)
    posts = []
    for i, r in enumerate(rows):
        posted = _when(r["postedDate"])
        assert posted is not None
        status = _status(r["status"])
        pending = status is PostStatus.PENDING or i >= len(rows) - PENDING_AT_END
        closed = None if pending else _when(r["closedDate"])
        closes = closed or posted + timedelta(hours=48)
        voters = months.get(posted.strftime("%Y-%m")) or [r["proposer"]]
        admin = r["admin"] if r["admin"] not in ("", "?", "-") else "an Admin"
        title = r["title"] or f"Proposal {i}"  # exactly as the blog printed it
        posts.append(
            Post(
                id=_slug(title, i),
                category="Proposal",
                title=title,
                author=r["proposer"] or "Anonymous",
                posted_at=posted,
                status=PostStatus.PENDING if pending else status,
                # Written as the scraper gives bodies back (& < > escaped), to compare exactly.
                body_html=f"<p>{escape(title, quote=False)}</p>",
                admin_note=None if pending else f"{status.value} by {admin}",
                resolved_at=closed,
                comments=_comments(
                    rng,
                    round(int(r["comments"] or 0) * comments_per_real),
                    posted,
                    closes,
                    status,
                    voters,
                ),
            )
        )
    last_month = max(months) if scale == "full" else posts[-1].posted_at.strftime("%Y-%m")
    names = months.get(last_month) or sorted({p.author for p in posts})
    players = tuple(Player(n, admin=k < 3) for k, n in enumerate(names))
    return Game(players=players, posts=tuple(posts), boss=names[0], terms=Terms())


def write_game_of_size(data: Path, output: Path, size_mb: float) -> Game:
    """Writes the whole history as an archive of about ``size_mb`` megabytes (10**6
    bytes), within a few percent: the comment counts are scaled, the factor found from
    the sizes of two writings (the size is nearly linear in it)."""
    target = size_mb * 1e6
    factor, game = 1.0, synthetic_game(data, scale="full")
    tried: list[tuple[float, int]] = []
    for _ in range(4):
        with output.open("w", encoding="utf-8") as handle:
            write_archive(game, handle)
        tried.append((factor, output.stat().st_size))
        if abs(tried[-1][1] - target) <= 0.02 * target:
            break
        if len(tried) == 1:
            factor = target / tried[0][1]
        else:
            (f0, s0), (f1, s1) = tried[-2], tried[-1]
            factor = f1 + (f1 - f0) * (target - s1) / (s1 - s0)
        game = synthetic_game(data, scale="full", comments_per_real=max(factor, 0.0))
    return game


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", choices=("dynasty", "full"), default="dynasty")
    parser.add_argument("--dynasty", default=None, help="Dynasty number (dynasty scale).")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="shared/data folder.")
    parser.add_argument("--output", type=Path, required=True, help="Archive file to write.")
    parser.add_argument(
        "--size-mb",
        type=float,
        default=None,
        help="Write the whole history (any --scale) at about this many megabytes.",
    )
    args = parser.parse_args(argv)
    if args.size_mb is not None:
        game = write_game_of_size(args.data, args.output, args.size_mb)
    else:
        game = synthetic_game(args.data, scale=args.scale, dynasty=args.dynasty)
        with args.output.open("w", encoding="utf-8") as handle:
            write_archive(game, handle)
    pending = [p for p in game.posts if p.status is PostStatus.PENDING]
    summary = {
        "posts": len(game.posts),
        "comments": sum(len(p.comments) for p in game.posts),
        "posts_with_comments": sum(1 for p in game.posts if p.comments),
        "first": game.posts[0].posted_at.date().isoformat(),
        "last_posted_at": max(p.posted_at for p in game.posts).isoformat(),
        "newest_pending": pending[-1].id if pending else None,
        # Pending matters, newest first: (id, place among all posts newest first, month,
        # comments).
        "pending": [
            [
                p.id,
                len(game.posts) - 1 - game.posts.index(p),
                p.posted_at.strftime("%Y-%m"),
                len(p.comments),
            ]
            for p in reversed(pending)
        ],
        "voter": game.players[-1].name,
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
