"""Fuzz every reader of text that players and editors control; print the counts.

    .venv/bin/python scripts/fuzz.py                      # every reader, seed 25
    .venv/bin/python scripts/fuzz.py --only blog --count 40 -v
    .venv/bin/python scripts/fuzz.py --only bids --first 17 --count 1 -v   # one input again

Readers, each fed hostile inputs made from a fixed seed (``scripts/fuzz_inputs.py``):

* ``blog``: a sandbox blog on 127.0.0.1 serving a small game plus one hostile
  thing: a comment posted over HTTP, a post, a page rewritten at one of the
  hooks the scraper reads, or thousands of comments on one post. Then, over
  real HTTP: ``nomicbot sync`` (full, then incremental), ``status`` (text and
  ``--json``), the Votes page rendered with its Demand section (and rendered
  again: unchanged), and one ``watch --once`` cycle. Each must succeed.
* ``bids`` ("I bid X"), ``dice`` (``roll`` and the profiles' dice),
  ``notes`` (the Admin's note and the page's status from it), ``dates`` (blog
  dates), ``archive`` (``status --archive`` of a mutated ``nomic-archive/1``
  or ``/2``: it may refuse in one line, never end in a traceback), ``wikitext``
  (the wikitext reader, the Gamestate, Nomicland and Votes page models and the
  Ruleset reader on mutated pages).

Each input runs in a worker process with a time bound; a worker that passes it
is killed and counted as a hang. A traceback is any exception a reader lets
out (or a command's traceback); a failure is a command that must succeed
(``sync``, ``status``, ``watch``) ending in an error, or a refusal of more than
one line; a long error, a one-line refusal that quotes a hostile value whole
(over 2,000 characters), is counted but is no failure. Prints a line per reader
and ``inputs N, tracebacks N, hangs N, failures N, long errors N``; exits 1 if
there is a traceback, a hang or a failure. Not part of the test suite: it
takes minutes.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from fuzz_inputs import (  # noqa: E402
    dice_command,
    hostile_html,
    hostile_name,
    hostile_number,
    hostile_text,
)

NOW = datetime(2016, 5, 20, 12, 0, 0, tzinfo=UTC)
BUILDINGS = ("Gift Shop", "Playpit", "Lagoon")
COUNTS = {
    "blog": 300,
    "bids": 600,
    "dice": 400,
    "notes": 500,
    "dates": 500,
    "archive": 300,
    "wikitext": 300,
}
"""Inputs per reader at ``--scale 1``."""
TIME_BOUND = {"blog": 120.0}
"""Seconds an input may take (the rest: ``--timeout``); the machine may be busy."""


class Failed(Exception):
    """A command that must succeed on any input did not."""


class Traceback(Exception):
    """A traceback a command printed or a reader raised, as text."""


class LongError(Exception):
    """A refusal that is one line but quotes a hostile value whole (over 2,000 characters)."""


# Blog inputs ---------------------------------------------------------------------


def base_game() -> Any:
    """A small game as of NOW: a pending Proposal, a Demand Post with bids, a CfJ, and
    resolved posts."""
    from gamestate.profiles.blognomic_139.models import (
        Comment,
        Game,
        Player,
        Post,
        PostStatus,
        Terms,
    )

    players = tuple(
        Player(n, admin=n in ("Kevan", "Josh"), idle=n == "Bucky")
        for n in ("Kevan", "Josh", "Alice", "Bob", "Clucky", "Bucky")
    )

    def post(i: int, title: str, category: str, author: str, hours: int, **kw: Any) -> Post:
        at = NOW - timedelta(hours=hours)
        comments = tuple(
            Comment(f"c{j}", who, at + timedelta(hours=j), body)
            for j, (who, body) in enumerate(kw.pop("comments", ()), start=1)
        )
        return Post(
            id=f"post_{i}",
            category=category,
            title=title,
            author=author,
            posted_at=at,
            body_html="<p>Add a rule.</p>",
            comments=comments,
            **kw,
        )

    icon = '<img src="/images/vote/for.gif" alt="for">'
    posts = (
        post(1, "Proposal: Done", "Proposal", "Alice", 240, status=PostStatus.ENACTED,
             admin_note="Enacted by Kevan (4-0)", resolved_at=NOW - timedelta(hours=200)),
        post(2, "Proposal: Queue", "Proposal", "Bob", 72,
             comments=[("Josh", icon), ("Clucky", icon + " fine")]),
        post(3, "Demand: Gift Shop", "Nomicland News", "Kevan", 48,
             comments=[("Alice", "I bid 250"), ("Bob", "I bid 300")]),
        post(4, "Call for Judgement: Odd", "Call for Judgement", "Clucky", 20,
             comments=[("Alice", icon)]),
    )  # fmt: skip
    return Game(players=players, posts=posts, boss="Kevan", terms=Terms("Imagineer", "Boss"))


@dataclass
class BlogInput:
    """One hostile thing on the sandbox blog."""

    kind: str
    markup: str
    game: Any
    comment: dict[str, str] | None = None
    target: str = "post_2"
    rewrite: tuple[str, str] | None = None
    note: str = ""

    def describe(self) -> str:
        what = self.comment or self.rewrite or self.note
        return f"{self.kind} ({self.markup}) {_short(what)}"


_HOOKS = [
    (r"Quorum is [0-9]+", "Quorum is {n}"),
    (r"There are [0-9]+", "There are {n}"),
    (r"Comments \([0-9]+\)", "Comments ({n})"),
    (r' id="comment-[^"]*"', ""),
    (r"[0-9]{2}-[0-9]{2}-[0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2}", "{t}"),
    (r'class="([^"]*)proposal', 'class="\\1{t} proposal'),
    (r"</body>", "{h}</body>"),
    (r"<body>", "<body>{h}"),
    (r'href="/member/[0-9]+"', 'href="/member/{n}"'),
    (r'data-comment-time="[0-9]+"', 'data-comment-time="{n}"'),
    (r'id="PlayerList">', 'id="PlayerList"><a href="/member/9">{t}</a>'),
    (r"Adminned at", "{t} Adminned at"),
    (r"posted by", "{t} posted by"),
    (r'<a href="/archive/', '<a href="/archive/{t}'),
    (r"(<h3[^>]*>)", "\\1{h}"),
]


def blog_input(rng: random.Random) -> BlogInput:
    from gamestate.profiles.blognomic_139.models import Comment, Post, PostStatus

    kind = rng.choices(["comment", "post", "page", "many"], weights=[45, 30, 20, 5])[0]
    markup = "classic" if rng.random() < 0.7 else "wp2020"
    game = base_game()
    found = BlogInput(kind, markup, game, target=rng.choice(["post_2", "post_3", "post_4"]))
    if kind == "comment":
        body = hostile_html(rng)[:300_000]  # the form takes at most 1 MiB, %-encoded
        author = rng.choice(["Alice", "Bob", "Josh", hostile_name(rng)[:50_000]])
        found.comment = {"author": author, "body": body}
        if rng.random() < 0.2:
            found.comment["vote"] = rng.choice(["for", "against", "deferential", "veto"])
    elif kind == "post":
        status = rng.choice(list(PostStatus))
        resolved = status is not PostStatus.PENDING
        ident = rng.choice(["hostile", "a b", "%41", "x" * 300, "ü", hostile_name(rng)[:40]])
        title = rng.choice(["Proposal: ", "Demand: ", "Call for Judgement: ", ""]) + (
            hostile_name(rng)
        )
        post = Post(
            id=ident.strip("/") or "x",
            category=rng.choice(["Proposal", "Nomicland News", "Story Post", hostile_name(rng)]),
            title=title,
            author=rng.choice(["Alice", hostile_name(rng)]),
            posted_at=NOW - timedelta(hours=rng.choice([1, 30, 200])),
            status=status,
            body_html=hostile_html(rng),
            admin_note=hostile_text(rng) if resolved else None,
            resolved_at=NOW - timedelta(minutes=30) if resolved else None,
            comments=(
                Comment("c1", rng.choice(["Bob", hostile_name(rng)]), NOW, hostile_html(rng)),
            ),  # noqa: E501
        )
        found.game = replace(game, posts=(*game.posts, post))
        found.note = f"post {_short(post.id)} title {_short(post.title)}"
    elif kind == "page":
        pattern, template = rng.choice(_HOOKS)
        text = hostile_text(rng)[:200_000].replace("\\", "\\\\")
        html = hostile_html(rng)[:200_000].replace("\\", "\\\\")
        filled = template.format(n=hostile_number(rng), t=text, h=html)
        found.rewrite = (pattern, filled)
    else:
        n = rng.choice([2000, 5000, 12_000])
        same = rng.random() < 0.5
        who = rng.choice(["Alice", "Bob", "Josh"])
        comments = tuple(
            Comment(
                f"m{i}",
                who if same else rng.choice(["Alice", "Bob", "Josh", "Clucky"]),
                NOW - timedelta(hours=10) + (timedelta(0) if same else timedelta(seconds=i)),
                '<img src="/images/vote/for.gif" alt="for"> I bid 100',
            )
            for i in range(n)
        )
        posts = tuple(
            replace(p, comments=p.comments + comments) if p.id == found.target else p
            for p in game.posts
        )
        found.game = replace(game, posts=posts)
        found.note = f"{n} comments on {found.target}, same second: {same}"
        if rng.random() < 0.5:
            found.rewrite = (r' id="comment-[^"]*"|data-comment-id="[^"]*"', "")
    return found


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 160 else f"{text[:150]}... ({len(text):,} chars)"


def _cli(args: list[str], *, must_succeed: bool = True) -> str:
    """Runs a nomicbot command; a traceback raises Traceback, a failure Failed."""
    import logging

    from click.testing import CliRunner

    from wikibot.cli import cli

    logging.getLogger().handlers.clear()  # watch logs to this run's stderr, not a closed one
    result = CliRunner().invoke(cli, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        raise Traceback("".join(traceback.format_exception(*result.exc_info)))
    if "Traceback (most recent call last)" in result.output:
        raise Traceback(result.output[-4000:])
    if result.exit_code != 0 and must_succeed:
        raise Failed(f"`nomicbot {' '.join(args[:2])}` exited {result.exit_code}: "
                     f"{result.output[-1500:]}")  # fmt: skip
    return result.stdout


def run_blog(found: BlogInput) -> None:
    import requests

    from gamestate import evaluate
    from gamestate.dynasties.nomicland.planning import PlanningInputs, demand_status
    from wikibot.mirror.api import Mirror
    from wikibot.resolve.run import game_with_resolutions
    from wikibot.sandbox.blog import serve_in_thread
    from wikibot.wiki.pages.votes import SEED_WIKITEXT, update_votes_page

    with (
        tempfile.TemporaryDirectory() as tmp,
        serve_in_thread(found.game, markup=found.markup, clock=lambda: NOW) as blog,
    ):
        if found.rewrite is not None:
            blog.add_fault("rewrite", pattern=found.rewrite[0], replacement=found.rewrite[1],
                           count=10_000)  # fmt: skip
        if found.comment is not None:
            answer = requests.post(
                f"{blog.url}archive/{found.target}/comment",
                data=found.comment,
                timeout=60,
                allow_redirects=False,
            )
            if answer.status_code not in (303, 400, 413):
                raise Failed(f"the blog answered {answer.status_code}: {_short(answer.text)}")
        config = Path(tmp) / "nomicbot.toml"
        config.write_text(
            f'[blog]\nurl = "{blog.url}"\nmin_interval = 0\nstart = "2016-01-01"\n'
            f'[mirror]\ndatabase = "{Path(tmp) / "mirror.sqlite"}"\n'
            '[game]\nplayer = "Kevan"\ncontact = "mailto:fuzz@example.org"\n',
            encoding="utf-8",
        )
        where = ["--config", str(config)]
        _cli(["sync", *where])
        _cli(["sync", *where])
        now = ["--now", "2016-05-20T12:00:00Z"]
        _cli(["status", *now, *where])
        json.loads(_cli(["status", "--json", *now, *where]))
        with Mirror.open(str(Path(tmp) / "mirror.sqlite"), create=False) as mirror:
            game = game_with_resolutions(mirror)
        status = evaluate(game, NOW)
        inputs = PlanningInputs.from_constants(
            buildings=BUILDINGS,
            boss="Kevan",
            imagineers=[p.name for p in game.players if not p.idle],
            boss_budget=3000,
        )
        demands = [demand_status(p, inputs, now=NOW) for p in game.posts if p.is_demand_post]
        page = update_votes_page(SEED_WIKITEXT, status, blog_url=blog.url, demands=demands)
        if update_votes_page(page, status, blog_url=blog.url, demands=demands) != page:
            raise Failed("the Votes page changed when rendered again from the same tally")
        _cli(["watch", "--once", *where])


# The other readers -------------------------------------------------------------------


def run_bids(rng: random.Random) -> str:
    from gamestate.dynasties.nomicland.planning import PlanningInputs, demand_status
    from gamestate.profiles.blognomic_139.bids import bid_mentions, comment_text
    from gamestate.profiles.blognomic_139.models import Comment, Post
    from wikibot.wiki.pages.votes import render_demands

    body = hostile_html(rng)
    bid_mentions(comment_text(body))
    bid_mentions(body)
    post = Post("demand_x", "Nomicland News", "Demand: Gift Shop", "Kevan", NOW - timedelta(1))
    post = replace(post, comments=(Comment("c1", "Alice", NOW - timedelta(hours=2), body),))
    inputs = PlanningInputs.from_constants(
        buildings=BUILDINGS, boss="Kevan", imagineers=["Alice"], boss_budget=900
    )
    render_demands([demand_status(post, inputs, now=NOW)])
    return _short(body)


def run_dice(rng: random.Random) -> str:
    from gamestate.profiles.blognomic_139.random_generators import RollError, Seed, roll
    from gamestate.profiles.nomopoly.dice import parse_draw_name, turn_dice

    command = dice_command(rng)
    try:
        roll(command, Seed("Kevan", NOW, "fuzz"))
    except RollError as exc:
        _one_line(str(exc))
    parse_draw_name("dice:p1:" + command, {"p1"})
    parse_draw_name(command, {"p1", command[:20]})
    turn_dice(rng.choice([2, -(10**6), 10**6]), rng.choice(["accepted", "rejected", None, command]))
    return _short(command)


def run_notes(rng: random.Random) -> str:
    from gamestate.profiles.blognomic_139.admin_notes import parse_admin_note
    from gamestate.profiles.blognomic_139.models import PostStatus
    from wikibot.blog.outcome import status_from_page

    note = hostile_text(rng)
    if rng.random() < 0.5:
        note = rng.choice(["Enacted by Kevan (", "Failed ", "Vetoed -", "Passes "]) + note
    parse_admin_note(note)
    status_from_page(PostStatus.FAILED, note)
    return _short(note)


def run_dates(rng: random.Random) -> str:
    from wikibot.blog.dates import (
        DateOrder,
        find_blog_date,
        infer_date_order,
        order_proven_by_sequence,
        parse_blog_date,
    )

    text = hostile_text(rng) if rng.random() < 0.5 else rng.choice(["", "x "]) + hostile_text(rng)
    for candidate in (text, find_blog_date(text)):
        if candidate is not None:
            try:
                parse_blog_date(candidate, order=rng.choice(list(DateOrder)))
            except ValueError as exc:
                _one_line(str(exc))
    infer_date_order([text, text[::-1]])
    order_proven_by_sequence([text, NOW], NOW)
    return _short(text)


def _mutate(rng: random.Random, data: Any, budget: int = 3) -> Any:
    """The JSON with a few values replaced by hostile ones (or the structure broken)."""
    hostile: list[Callable[[], Any]] = [
        lambda: int(hostile_number(rng)[:4000]),
        lambda: -int(hostile_number(rng)[:4000]),
        lambda: hostile_text(rng),
        lambda: hostile_name(rng),
        lambda: None,
        list,
        dict,
        lambda: 1e308 * 10,
        lambda: float("nan"),
        lambda: True,
        lambda: "2016-05-20 12:00:00",
        lambda: "9999-12-31T23:59:59Z",
        lambda: [[[]]] * 3,
    ]
    for _ in range(budget):
        holder, key = _pick(rng, data)
        if holder is None:
            break
        holder[key] = rng.choice(hostile)()
    return data


def _pick(rng: random.Random, data: Any) -> tuple[Any, Any]:
    node, holder, key = data, None, None
    for _ in range(rng.randint(1, 6)):
        if isinstance(node, dict) and node:
            holder, key = node, rng.choice(list(node))
        elif isinstance(node, list) and node:
            holder, key = node, rng.randrange(len(node))
        else:
            break
        node = holder[key]
    return holder, key


def run_archive(rng: random.Random) -> str:
    examples = ["nomicland", "borednomic", "nomopoly", "infinite-nomic", "nomopoly-iv"]
    name = rng.choice(examples)
    data = json.loads((ROOT / "wikibot" / "examples" / f"{name}.json").read_text("utf-8"))
    shape = rng.random()
    if shape < 0.7:
        text = json.dumps(_mutate(rng, data, rng.choice([1, 3, 10])), allow_nan=True)
    elif shape < 0.8:
        text = "[" * rng.choice([1000, 100_000]) + "]" * rng.choice([0, 100_000])
    elif shape < 0.9:
        text = json.dumps(data)[: rng.randrange(10, 2000)] + hostile_text(rng)
    else:
        text = json.dumps(data).replace('"Kevan"', f'"{hostile_number(rng)}"', 1)
        text = text.replace(": 1000", ": " + hostile_number(rng), 1)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        since = [] if name == "nomicland" else [["--since", "2004-03-01T00:00:00Z"]]
        for extra in ([], ["--json"], *since):
            out = _cli_refusal(["status", "--archive", str(path), "--now", "2016-05-20T12:00:00Z",
                                *extra])  # fmt: skip
            if out:
                break
    return f"{name}: {_short(text[:300])}"


def _cli_refusal(args: list[str]) -> str:
    """A command that may refuse in one line; returns the refusal ('' if it succeeded)."""
    from click.testing import CliRunner

    from wikibot.cli import cli

    result = CliRunner().invoke(cli, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        raise Traceback("".join(traceback.format_exception(*result.exc_info)))
    if result.exit_code == 0:
        return ""
    _one_line(result.output.strip())
    return result.output


def _one_line(message: str) -> None:
    if "\n" in message.strip():
        raise Failed(f"not a one-line error: {_short(message)}")
    if len(message) > 2000:
        raise LongError(f"a one-line error of {len(message):,} characters: {_short(message)}")


def run_wikitext(rng: random.Random) -> str:
    from rules_text.buildings import buildings
    from rules_text.seed import ruleset_139_wikitext
    from rules_text.tree import parse_ruleset
    from wikibot.errors import WikiError
    from wikibot.wiki import wikitext
    from wikibot.wiki.pages import gamestate, nomicland, votes

    seeds = {
        "gamestate": gamestate.SEED_WIKITEXT
        + "|-\n| Kevan || 10 || -4500 || 3 || 1\n|-\n| Josh || 1000 || 0 || 0 || 0\n|}\n",
        "nomicland": nomicland.SEED_WIKITEXT
        + "== The Kevan Zone ==\n* Operator: Kevan\n* Buildings: Playpit\n",
        "votes": votes.SEED_WIKITEXT,
        "ruleset": ruleset_139_wikitext(),
    }
    which = rng.choice(list(seeds))
    text = seeds[which]
    for _ in range(rng.choice([1, 2, 5])):
        at = rng.randrange(len(text) + 1)
        text = text[:at] + rng.choice([hostile_text(rng), hostile_number(rng), "\n"]) + text[at:]
    try:
        # A page too complex to parse safely is a one-line WikiError, never a stall.
        wikitext.spans(text)
        wikitext.templates(text)
        wikitext.sections(text)
        wikitext.plain(text)
        wikitext.plain_text(text)
        wikitext.changed_section(seeds[which], text)
        if which == "gamestate":
            gamestate.GamestatePage.from_wikitext(text, business_days=3).render()
        elif which == "nomicland":
            nomicland.NomiclandPage.from_wikitext(text, buildings=BUILDINGS).add_business_day()
        elif which == "votes":
            from gamestate import evaluate

            votes.update_votes_page(text, evaluate(base_game(), NOW), blog_url="http://b/")
        else:
            buildings(parse_ruleset(text))
    except (WikiError, ValueError) as exc:
        _one_line(str(exc))
    return f"{which}: {_short(text[-300:])}"


# Running -----------------------------------------------------------------------------

READERS: dict[str, Callable[[random.Random], str]] = {
    "bids": run_bids,
    "dice": run_dice,
    "notes": run_notes,
    "dates": run_dates,
    "archive": run_archive,
    "wikitext": run_wikitext,
}


def run_one(reader: str, seed: int, index: int) -> tuple[str, str, str]:
    """(outcome, what the input was, details): outcome ok, traceback or failed."""
    rng = random.Random(f"{seed}:{reader}:{index}")
    what = ""
    try:
        if reader == "blog":
            found = blog_input(rng)
            what = found.describe()
            run_blog(found)
        else:
            what = READERS[reader](rng)
    except Failed as exc:
        return "failed", what, str(exc)
    except LongError as exc:
        return "long error", what, str(exc)
    except Traceback as exc:
        return "traceback", what, str(exc)
    except Exception:  # noqa: BLE001 (every escape is what this script counts)
        return "traceback", what, traceback.format_exc()
    return "ok", what, ""


def _worker(conn: Connection, seed: int) -> None:
    while (job := conn.recv()) is not None:
        reader, index = job
        conn.send(run_one(reader, seed, index))


@dataclass
class Tally:
    inputs: int = 0
    tracebacks: int = 0
    hangs: int = 0
    failures: int = 0
    long_errors: int = 0
    slowest: float = 0.0
    seen: list[str] = field(default_factory=list)


class Pool:
    """One worker process at a time, replaced when it overruns its time bound."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.context = multiprocessing.get_context("fork")
        self._start()

    def _start(self) -> None:
        self.conn, child = self.context.Pipe()
        self.proc = self.context.Process(target=_worker, args=(child, self.seed), daemon=True)
        self.proc.start()
        child.close()

    def run(self, reader: str, index: int, bound: float) -> tuple[str, str, str] | None:
        """The worker's answer, or None when it took longer than ``bound`` (killed)."""
        self.conn.send((reader, index))
        if self.conn.poll(bound):
            try:
                answer: tuple[str, str, str] = self.conn.recv()
                return answer
            except EOFError:
                return "traceback", "", "the worker died (out of memory, or a crash in C)"
        self.proc.kill()
        self.proc.join()
        self._start()
        return None

    def close(self) -> None:
        self.conn.send(None)
        self.proc.join(timeout=10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the counts")
    parser.add_argument("--only", default="", help="readers, comma-separated")
    parser.add_argument("--count", type=int, default=None, help="inputs per reader")
    parser.add_argument("--first", type=int, default=0, help="the first input's index")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per input")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every input")
    args = parser.parse_args(argv)
    readers = [r for r in (args.only.split(",") if args.only else COUNTS) if r]
    unknown = [r for r in readers if r not in COUNTS]
    if unknown:
        parser.error(f"unknown reader {unknown[0]!r}; readers: {', '.join(COUNTS)}")
    pool = Pool(args.seed)
    total = Tally()
    began = time.monotonic()
    try:
        for reader in readers:
            tally = Tally()
            count = args.count if args.count is not None else round(COUNTS[reader] * args.scale)
            bound = TIME_BOUND.get(reader, args.timeout)
            for index in range(args.first, args.first + count):
                started = time.monotonic()
                answer = pool.run(reader, index, bound)
                took = time.monotonic() - started
                tally.inputs += 1
                tally.slowest = max(tally.slowest, took)
                outcome, what, details = answer or ("hang", "", f"over {bound:.0f} s")
                if outcome == "hang":
                    tally.hangs += 1
                    what = _describe(reader, args.seed, index)
                tally.tracebacks += outcome == "traceback"
                tally.failures += outcome == "failed"
                tally.long_errors += outcome == "long error"
                if outcome != "ok" or args.verbose:
                    print(f"{reader} #{index} {outcome} ({took:.1f} s): {what}", flush=True)
                if outcome != "ok":
                    print("    " + details.strip().replace("\n", "\n    "), flush=True)
            print(
                f"{reader}: inputs {tally.inputs}, tracebacks {tally.tracebacks}, "
                f"hangs {tally.hangs}, failures {tally.failures}, long errors "
                f"{tally.long_errors} (slowest {tally.slowest:.1f} s)",
                flush=True,
            )
            for name in ("inputs", "tracebacks", "hangs", "failures", "long_errors"):
                setattr(total, name, getattr(total, name) + getattr(tally, name))
    finally:
        pool.close()
    print(
        f"inputs {total.inputs}, tracebacks {total.tracebacks}, hangs {total.hangs}, "
        f"failures {total.failures}, long errors {total.long_errors} "
        f"(seed {args.seed}, {time.monotonic() - began:.0f} s)"
    )
    return 1 if total.tracebacks or total.hangs or total.failures else 0


def _describe(reader: str, seed: int, index: int) -> str:
    """What input ``index`` was, made again here (a hung worker cannot say)."""
    rng = random.Random(f"{seed}:{reader}:{index}")
    if reader == "blog":
        return blog_input(rng).describe()
    return f"input {index} of {reader} (run it alone with --only {reader} --first {index})"


if __name__ == "__main__":
    sys.exit(main())
