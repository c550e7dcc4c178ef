"""``resolve --apply`` republishes the Votes page exactly as ``publish`` writes it, the
open Demand Posts' section (rule "Planning") included: a publish right after a resolve
edits nothing. The sandbox blog over HTTP, the real sandbox MediaWiki, a SQLite mirror."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamestate import Game, Player
from gamestate.profiles.blognomic_139.models import Comment, Post
from tests.builders import at, proposal
from tests.plugins.wiki import HumanEditor
from tests.resolve.week import seed_pages, write_config
from tests.wiki.test_economy_week import table
from wikibot.archive import format_time
from wikibot.cli import cli
from wikibot.config import Config
from wikibot.sandbox.blog import SandboxBlog
from wikibot.wiki.client import WikiClient

pytestmark = pytest.mark.integration

PARK = "== The Mouse Zone ==\n* Operator: Alice\n* Buildings: Playpit\n\n== Visitors ==\n# AtS\n"
GAMESTATE = table(
    ("Kevan", 900, 0, 10, 0),
    ("Alice", 0, 0, 10, 0),
    ("Bob", 0, 0, 10, 0),
    ("Carol", 0, 0, 10, 0),
    ("Dave", 0, 0, 10, 0),
)


def _game() -> Game:
    """The Boss Kevan's open Demand Post with Bob's valid bid; Alice's Proposal with FOR 3
    of Quorum 3, decidable (enact) after 12 hours."""
    players = tuple(
        Player(n, admin=n in ("Kevan", "Alice")) for n in ("Kevan", "Alice", "Bob", "Carol", "Dave")
    )
    demand = Post(
        "demand_gift_shop",
        "Story Post",
        "Demand: Gift Shop",
        "Kevan",
        at(1),
        body_html="<p>A Gift Shop, please.</p>",
        comments=(Comment("c1", "Bob", at(2), "<p>I bid 250</p>"),),
    )
    prop = proposal(
        "prop_alpha",
        "Alice",
        when=at(0),
        votes=[("Bob", "for"), ("Carol", "for")],
        title="Proposal: Fix the Queue",
    )
    return Game(players=players, posts=(prop, demand), boss="Kevan")


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_resolve_writes_the_demand_section_publish_writes(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    bot: WikiClient,
    page_title: str,
) -> None:
    blog = sandbox_blog(_game())
    seed_pages(human, page_title)
    human.edit(f"{page_title}/Nomicland", PARK)
    human.edit(f"{page_title}/Gamestate", GAMESTATE)
    config = str(write_config(tmp_path, blog, wiki_config, page_title))
    votes = f"{page_title}/Votes"
    assert invoke("sync", "--config", config).exit_code == 0

    # Before: publish shows the pending Proposal and the open Demand Post.
    early = format_time(at(6))
    done = invoke("publish", "--apply", "--now", early, "--config", config)
    assert done.exit_code == 0, done.output
    before = human.read(votes)
    assert "Proposal: Fix the Queue" in before and "=== Demand ===" in before

    # The Proposal is resolved: the Votes page drops it and keeps the Demand section.
    now = format_time(at(13))
    dry = invoke("resolve", "--as", "Kevan", "--now", now, "--config", config)
    assert dry.exit_code == 0 and "-=== Demand ===" not in dry.output, dry.output
    assert "Gift Shop" not in dry.output, dry.output  # the section is unchanged: no diff line
    done = invoke("resolve", "--apply", "--as", "Kevan", "--now", now, "--config", config)
    assert done.exit_code == 0, done.output
    assert "Votes page republished" in done.output
    resolved = human.read(votes)
    assert "Proposal: Fix the Queue" not in resolved
    assert "=== Demand ===" in resolved
    assert "* '''Gift Shop''' (demand&#95;gift&#95;shop): winning bid 250 by Bob" in resolved
    assert resolved.startswith("Prose above the tally, kept.\n")
    revisions = [r.revid for r in bot.history(votes)]

    # A publish at the same instant finds the page current: no edit.
    again = invoke("publish", "--apply", "--now", now, "--config", config)
    assert again.exit_code == 0, again.output
    assert "no change" in again.output, again.output
    assert human.read(votes) == resolved
    assert [r.revid for r in bot.history(votes)] == revisions
