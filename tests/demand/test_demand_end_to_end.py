"""Rule "Planning" end to end: the sandbox blog over HTTP (the Boss's Demand Post, bids
commented as players), ``nomicbot sync``, and the real sandbox MediaWiki: every bid's
verdict, closing refused before 24 hours and applied once after, the Builder's later bid
ignored; Focus Grouping and every roll drawn again to the same values from the ledger."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import requests
from click.testing import CliRunner

from gamestate import Game, Player
from gamestate.profiles.blognomic_139.models import Post
from rules_text import buildings, parse_ruleset
from rules_text.seed import ruleset_139_wikitext
from tests.builders import at
from tests.plugins.wiki import HumanEditor
from tests.resolve.week import seed_pages, write_config
from tests.wiki.test_economy_week import table
from wikibot.archive import format_time
from wikibot.cli import cli
from wikibot.config import Config
from wikibot.mirror import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.sandbox.blog import SandboxBlog
from wikibot.wiki.demand import check_draws
from wikibot.wiki.dynasty import closed_demand_posts

pytestmark = pytest.mark.integration

PARK = (
    "Intro kept.\n\n== The Mouse Zone ==\n* Operator: Alice\n* Buildings: Playpit\n\n"
    "== The Park Zone ==\n* Operator: Carol\n* Buildings: Playpit\n"
    "* Planned Buildings: Playpit\n\n== Visitors ==\n# AtS\n# AAAAAAAAAAAAA\n"
)
GAMESTATE = table(
    ("Kevan", 900, -50000, 10, 0),
    ("Alice", 0, 0, 10, 0),
    ("Bob", 0, 0, 10, 0),
    ("Carol", 0, 0, 10, 0),
    ("Dave", 0, 0, 10, 0),
)
POSTED = at(1)


def game() -> Game:
    players = tuple(
        Player(n, admin=n == "Kevan", idle=n == "Dave")
        for n in ("Kevan", "Alice", "Bob", "Carol", "Dave")
    )
    return Game(players=players, posts=(), boss="Kevan")


def demand(post_id: str, building: str, when: datetime) -> Post:
    return Post(post_id, "Story Post", f"Demand: {building}", "Kevan", when, body_html="<p>D</p>")


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def comment(blog: SandboxBlog, clock: list[datetime], post: str, who: str, body: str) -> str:
    """A player's comment over HTTP, at the sandbox clock's time."""
    answer = requests.post(
        f"{blog.url}archive/{post}/comment",
        data={"author": who, "body": body},
        timeout=10,
        allow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    return str(answer.headers["X-Comment-Id"])


def test_a_demand_post_from_bids_to_planned_building(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    page_title: str,
) -> None:
    clock = [at(0)]
    blog = sandbox_blog(game(), clock=lambda: clock[0])
    seed_pages(human, page_title)
    human.edit(f"{page_title}/Nomicland", PARK)
    human.edit(f"{page_title}/Gamestate", GAMESTATE)
    config = str(write_config(tmp_path, blog, wiki_config, page_title))
    park, table_ = f"{page_title}/Nomicland", f"{page_title}/Gamestate"

    def status(post: str, now: datetime) -> dict[str, Any]:
        args = ["demand", "status", post, "--json", "--now", format_time(now), "--config", config]
        result = CliRunner().invoke(cli, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return dict(json.loads(result.stdout))  # warnings (no [game] contact) go to stderr

    # The Boss posts a Demand; players bid over HTTP.
    blog.add_post(demand("demand_gift_shop", "Gift Shop", POSTED))
    bids = [
        (at(2), "Alice", "I bid 250"),  # valid, and the winner
        (at(3), "Bob", "I bid 325"),  # over one third of 900
        (at(4), "Dave", "I bid 100"),  # Idle: not an active Imagineer
        (at(5), "Carol", "I bid 150"),  # a Planned Building in her Zone
        (at(6), "Alice", "I bid 200"),  # not 100 less than her 250
        (at(7), "Bob", "I bid 30"),  # not a multiple of 25
        (at(8), "Bob", "I bid 300"),  # exactly one third: valid
    ]
    for when, who, body in bids:
        clock[0] = when
        comment(blog, clock, "demand_gift_shop", who, body)
    assert invoke("sync", "--config", config)[0] == 0

    # Before the bids: no winner; at each moment the status is right.
    early = status("demand_gift_shop", at(1, 30))
    assert early["bids"] == [] and early["winning"] is None
    assert early["closable_without_effect_at"] == (POSTED + timedelta(days=7)).isoformat()
    first = status("demand_gift_shop", at(2))
    assert first["winning"] == {"bidder": "Alice", "amount": 250, "at": at(2).isoformat()}
    assert first["closable_at"] == (at(2) + timedelta(hours=24)).isoformat()
    full = status("demand_gift_shop", at(9))
    verdicts = [(b["bidder"], b["amount"], b["valid"]) for b in full["bids"]]
    assert verdicts == [
        ("Alice", 250, True), ("Bob", 325, False), ("Dave", 100, False),
        ("Carol", 150, False), ("Alice", 200, False), ("Bob", 30, False), ("Bob", 300, True),
    ]  # fmt: skip
    reasons = [b["reason"] for b in full["bids"]]
    assert reasons[0] is None and reasons[6] is None
    assert "exceeds one-third" in reasons[1] and "325 > 900 / 3" in reasons[1]
    assert "Dave is not active" in reasons[2]
    assert "Carol has a Planned Building" in reasons[3]
    assert "at least 100 less" in reasons[4] and "200 is not at most 250 - 100" in reasons[4]
    assert "non-negative multiple of 25" in reasons[5]
    assert full["builder"] == "Alice" and full["open"] is True
    assert set(full) == {"post", "building", "open", "bids", "winning", "builder",
                         "closable_at", "closable_without_effect_at"}  # fmt: skip

    # Focus Grouping on the new post: once, the same draw on a re-run.
    code, out = invoke("demand", "open", "demand_gift_shop", "--apply", "--config", config)
    assert code == 0, out
    day1 = human.read(park).split("== Visitors ==\n")[1].splitlines()
    assert day1[0].startswith("# AtS") and len(day1[0]) == len("# AtS") + 3
    assert day1[1] == "# AAAAAAAAAAAAA"  # Crowded (13 > 2 x 4 Imagineers): left alone
    code, out = invoke("demand", "open", "demand_gift_shop", "--apply", "--config", config)
    assert code == 0 and "already applied" in out, out
    assert human.read(park).split("== Visitors ==\n")[1].splitlines() == day1

    # Closing before the winning bid is 24 hours old is refused and changes nothing.
    pages = human.read(park), human.read(table_)
    code, out = invoke("demand", "close", "demand_gift_shop", "--as", "Bob", "--apply",
                       "--now", format_time(at(25, 59, 59)), "--config", config)  # fmt: skip
    assert code == 1 and "at least 24 hours old" in out, out
    assert (human.read(park), human.read(table_)) == pages

    # After 24 hours: the Budgets and the Planned Building, once.
    close_at = format_time(at(26))
    code, out = invoke("demand", "close", "demand_gift_shop", "--as", "Bob", "--comment",
                       "c9", "--now", close_at, "--config", config)  # fmt: skip
    assert code == 0 and "Dry run" in out and "+* Planned Buildings: Gift Shop" in out, out
    code, out = invoke("demand", "close", "demand_gift_shop", "--as", "Bob", "--comment",
                       "c9", "--apply", "--now", close_at, "--config", config)  # fmt: skip
    assert code == 0, out
    after = human.read(park), human.read(table_)
    assert "== The Mouse Zone ==\n* Operator: Alice\n* Buildings: Playpit\n" in after[0]
    assert "* Planned Buildings: Gift Shop" in after[0]
    assert "| Kevan || 650 |" in after[1] and "| Alice || 250 |" in after[1]
    # A second close, at the same instant or later, is refused (the post is closed).
    for again in (close_at, format_time(at(40))):
        code, out = invoke("demand", "close", "demand_gift_shop", "--as", "Bob", "--apply",
                           "--now", again, "--config", config)  # fmt: skip
        assert code == 1 and "closed" in out, out
        assert (human.read(park), human.read(table_)) == after
    closed = status("demand_gift_shop", at(40))
    assert closed["open"] is False and closed["winning"]["bidder"] == "Alice"

    # A comment after the close is not a bid; the Builder's bid on a later post is ignored.
    clock[0] = at(27)
    comment(blog, clock, "demand_gift_shop", "Bob", "I bid 100")
    blog.add_post(demand("demand_lagoon", "Lagoon", at(28)))
    clock[0] = at(29)
    comment(blog, clock, "demand_lagoon", "Alice", "I bid 50")
    assert invoke("sync", "--config", config)[0] == 0
    late = status("demand_gift_shop", at(30))["bids"][-1]
    assert (late["bidder"], late["valid"]) == ("Bob", False) and "closed" in late["reason"]
    lagoon = status("demand_lagoon", at(30))
    assert lagoon["bids"][0]["valid"] is False
    assert "Alice has a Planned Building" in lagoon["bids"][0]["reason"]
    assert lagoon["winning"] is None

    # Unplanning needs the Building to exist in the Zone.
    code, out = invoke("demand", "unplan", "The Mouse Zone", "Gift Shop", "--apply",
                       "--now", format_time(at(31)), "--config", config)  # fmt: skip
    assert code == 1 and "does not exist in The Mouse Zone" in out

    # Rolls: a dry run draws, --apply records, the same cause shows the recorded value.
    roll = ("roll", "3DICE6", "--as", "Alice", "--cause", "who goes first", "--config", config)
    code, dry = invoke(*roll, "--now", format_time(at(32)))
    assert code == 0 and "Dry run" in dry
    code, done = invoke(*roll, "--now", format_time(at(32)), "--apply")
    assert code == 0 and "Recorded" in done and done.splitlines()[0] == dry.splitlines()[0]
    code, again = invoke(*roll, "--now", format_time(at(33)), "--apply")
    assert "Already rolled" in again and again.splitlines()[0] == done.splitlines()[0]
    assert invoke("roll", "FRUIT", "--as", "Bob", "--apply", "--config", config)[0] == 0

    # Every draw in the ledger replays to the same values.
    catalogue = buildings(parse_ruleset(ruleset_139_wikitext()))
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror:
        ledger = Ledger(mirror)
        assert check_draws(ledger, catalogue) == []
        actions = [e.action for e in ledger.actions()]
        assert actions.count("demand open") == 1 and actions.count("demand close") == 1
        assert actions.count("roll") == 2
        opened = next(e for e in ledger.actions() if e.action == "demand open")
        assert opened.after["seed"]["cause"] == "focus-grouping:demand_gift_shop"
        assert opened.after["draw"]["1"] == day1[0][len("# AtS") :]
        closing = next(e for e in ledger.actions() if e.action == "demand close")
        assert closing.cause == "post demand_gift_shop comment c9"
        # The dynasty knows the post is closed (watch announces it no more).
        assert closed_demand_posts(ledger) == {"demand_gift_shop": closing.at}
    code, out = invoke("wiki", "check", "--config", config)[:2]
    assert code == 0, out


def test_the_votes_page_lists_open_demand_posts_and_changes_only_with_them() -> None:
    from gamestate import evaluate
    from gamestate.dynasties.nomicland.planning import PlanningInputs, demand_status
    from gamestate.profiles.blognomic_139.models import Comment
    from wikibot.wiki.pages.votes import update_votes_page

    inputs = PlanningInputs.from_constants(
        buildings=["Gift Shop"], boss="Kevan", imagineers=["Alice", "Bob"], boss_budget=900
    )
    post = demand("demand_gift_shop", "Gift Shop", POSTED)
    bids = (
        Comment("c1", "Alice", at(2), "I bid 250"),
        Comment("c2", "Bob", at(3), "I bid 325"),
    )
    with_bids = demand_status(Post(**{**post.__dict__, "comments": bids}), inputs, now=at(4))
    status = evaluate(game(), at(4))
    page = update_votes_page("Prose kept.\n", status, blog_url="", demands=[with_bids])
    assert page.startswith("Prose kept.\n")
    assert "=== Demand ===" in page
    assert "'''Gift Shop''' (demand&#95;gift&#95;shop): winning bid 250 by Alice" in page
    assert "may be closed from 2016-05-03 02:00" in page
    assert "** ignored: Bob bid 325" in page and "exceeds one-third" in page
    # The same bids: no edit; a new bid: the fingerprint changes.
    assert update_votes_page(page, status, blog_url="", demands=[with_bids]) == page
    more = demand_status(
        Post(**{**post.__dict__, "comments": (*bids, Comment("c3", "Bob", at(5), "I bid 200"))}),
        inputs,
        now=at(6),
    )
    assert update_votes_page(page, status, blog_url="", demands=[more]) != page
    # Only an ignored bid: rule "Planning"'s "no bids" holds, and the page says why.
    only_ignored = demand_status(Post(**{**post.__dict__, "comments": bids[1:]}), inputs, now=at(4))
    page = update_votes_page("", status, blog_url="", demands=[only_ignored])
    assert "no bids (the 1 below ignored); may be closed without effect after" in page
    # A closed post is not listed.
    closed = demand_status(post, inputs, now=at(6), closed_at=at(5))
    assert "=== Demand ===" not in update_votes_page("", status, blog_url="", demands=[closed])
