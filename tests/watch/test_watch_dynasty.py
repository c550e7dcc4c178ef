"""``nomicbot watch --once`` announces Nomicland's events once: Project Completion and a
Demand Post becoming closable, against the sandbox blog, the real sandbox wiki (its
Ruleset names the Buildings) and a SQLite mirror whose ledger holds the economy."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamestate.dynasties.nomicland import Economy, PlayerRow
from gamestate.profiles.blognomic_139.models import Comment, Game, Player, Post, Terms
from tests.wiki.test_economy_week import table
from wikibot.blog.scraper import BlogScraper
from wikibot.cli import cli
from wikibot.config import Config, load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.mirror.schema import AnnouncementRow
from wikibot.sandbox.blog import SandboxBlog
from wikibot.watch.loop import Watcher
from wikibot.wiki.client import WikiClient, connect
from wikibot.wiki.economy import record_of
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED

pytestmark = pytest.mark.integration


def _game(now: datetime) -> Game:
    """The Boss Kevan's Demand for a Playpit, three days old; Josh bid 100 two days ago."""
    posted = (now - timedelta(days=3)).replace(microsecond=0)
    demand = Post(
        id="demand_playpit",
        category="Story Post",
        title="Demand: Playpit",
        author="Kevan",
        posted_at=posted,
        body_html="<p>A Playpit, please.</p>",
        comments=(Comment("c1", "Josh", posted + timedelta(days=1), "<p>I bid 100</p>"),),
    )
    players = tuple(Player(n, admin=n == "Kevan") for n in ("Kevan", "Josh", "Bob"))
    return Game(players=players, posts=(demand,), boss="Kevan", terms=Terms())


def _mirror(path: Path, now: datetime) -> None:
    """The pages first read a week ago; then one action leaving the Boss's Debt at 0, the
    Boss's Budget at 900 and Josh with 14 Smiles."""
    week_ago = (now - timedelta(days=7)).replace(microsecond=0)
    with Mirror.open(str(path)) as mirror:
        ledger = Ledger(mirror)
        ledger.record_baseline("Nomicland", PARK_SEED, 1, week_ago)
        gndt = table(("Kevan", 900, -50, 10, 0), ("Josh", 0, 0, 10, 0), ("Bob", 0, 0, 10, 0))
        ledger.record_baseline("Gamestate", gndt, 2, week_ago)
        state = Economy.from_pages(
            rows=[PlayerRow("Kevan", 900, 0), PlayerRow("Josh", smiles=14), PlayerRow("Bob")],
            zones=(),
            days=("", "", ""),
            boss="Kevan",
        )
        entry = LedgerEntry(
            "op-repay", week_ago + timedelta(hours=1), "Kevan", "debt repay",
            after={"state": record_of(state)},
        )  # fmt: skip
        ledger.start(entry)
        ledger.finish("op-repay", {})


def _config(tmp_path: Path, blog: SandboxBlog, wiki: Config, page_title: str) -> Path:
    path = tmp_path / "nomicbot.toml"
    path.write_text(
        f"""[blog]
url = "{blog.url}"
min_interval = 0

[wiki]
url = "{wiki.wiki.url}"
path = "{wiki.wiki.path}"
user = "{wiki.wiki.user}"
password_file = "{wiki.wiki.password_file}"
votes_page = "{page_title}/Votes"
ruleset_page = "Ruleset"
edit_interval = 0

[mirror]
database = "{tmp_path / "mirror.sqlite"}"

[game]
player = "TestOperator"
""",
        encoding="utf-8",
    )
    return path


def test_watch_once_announces_project_completion_and_a_closable_demand_post_once(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    page_title: str,
    clean_env: None,
) -> None:
    now = datetime.now(UTC)
    blog = sandbox_blog(_game(now))
    _mirror(tmp_path / "mirror.sqlite", now)
    config = _config(tmp_path, blog, wiki_config, page_title)

    first = CliRunner().invoke(cli, ["watch", "--config", str(config), "--once"])
    assert first.exit_code == 0, first.output
    assert (
        'Josh has achieved victory (rule "Project Completion": "If the Boss\'s Debt is 0, the '
        "Imagineer with the most Smiles has achieved victory.\" - the Boss Kevan's Debt is 0 "
        "and Josh has the most Smiles (14, next 10))."
    ) in first.output
    assert (
        "The Demand Post 'demand_playpit' for a Playpit may be closed by any Imagineer now; "
        'Builder Josh: Planning: "If a Demand Post has a winning bid which is at least 24 '
        'hours old, then any Imagineer may close that post" - winning bid 100 by Josh'
    ) in first.output
    with Mirror.open(str(tmp_path / "mirror.sqlite"), create=False) as mirror, mirror.bound():
        keys = sorted(r.key for r in AnnouncementRow.select())
    assert keys == ["demand-closable:demand_playpit", "project-completion:Josh"]

    second = CliRunner().invoke(cli, ["watch", "--config", str(config), "--once"])
    assert second.exit_code == 0, second.output
    assert "achieved victory" not in second.output and "Demand Post" not in second.output


def test_each_watch_cycle_reads_each_wiki_page_once(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    page_title: str,
    clean_env: None,
) -> None:
    """Issue 21: a cycle with a Demand Post read the Ruleset twice (for the dynasty's
    Buildings, then again for the Votes page's Demand section). Every request the wiki
    gets is counted, per cycle."""
    now = datetime.now(UTC).replace(microsecond=0)
    blog = sandbox_blog(_game(now))
    _mirror(tmp_path / "mirror.sqlite", now)
    config = load_config(str(_config(tmp_path, blog, wiki_config, page_title)))
    requests: list[tuple[str, str]] = []

    def counted() -> WikiClient:
        client = connect(config, min_interval=0)
        api = client.site.api

        def api_counted(action: str, http_method: str = "POST", **params: Any) -> Any:
            requests.append((action, str(params.get("titles", params.get("title", "")))))
            return api(action, http_method, **params)

        client.site.api = api_counted
        return client

    scraper = BlogScraper(blog.url, user_agent="nomicbot tests", min_interval=0, timeout=5)
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror, scraper:
        watcher = Watcher(
            config, mirror, scraper, out=lambda _: None, clock=lambda: now, wiki_factory=counted
        )
        per_cycle = []
        for _ in range(2):
            requests.clear()
            watcher.cycle()
            per_cycle.append(list(requests))
    votes = f"{page_title}/Votes"
    reads = ("Ruleset", "Nomicland", "Gamestate", votes, "User:NomicBot/Run")
    first, second = per_cycle
    # The first cycle: each page once; the Votes page is created (a token and an edit).
    assert sorted(t for a, t in first if a == "query" and t) == sorted(reads), first
    assert [a for a, t in first if a == "edit"] == ["edit"]
    # The second cycle: the tally is unchanged, so the Votes page is not even read.
    assert sorted(t for a, t in second if a == "query" and t) == sorted(
        ("Ruleset", "Nomicland", "Gamestate")
    ), second
    assert len(second) == 3, second
