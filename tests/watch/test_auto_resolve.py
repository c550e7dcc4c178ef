"""``[watch] auto_resolve_as``: the watcher resolves a decidable matter in the named
Admin's name, exactly as ``resolve --apply`` would, after announcing it; without
the setting it resolves nothing. In-process cycles against the sandbox blog (over
HTTP), a real SQLite mirror and the real sandbox wiki."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gamestate.profiles.blognomic_139.models import Comment
from tests.plugins.wiki import HumanEditor
from tests.watch.test_watch_process import FOR, _game
from wikibot.blog.scraper import BlogScraper
from wikibot.config import Config, WatchConfig
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import ResolutionRow
from wikibot.sandbox.blog import SandboxBlog
from wikibot.watch.loop import Watcher


def _watcher(
    config: Config, mirror: Mirror, blog: SandboxBlog, now: datetime, lines: list[str]
) -> Watcher:
    scraper = BlogScraper(blog.url, user_agent="nomicbot tests", min_interval=0, timeout=5)
    return Watcher(config, mirror, scraper, out=lines.append, clock=lambda: now)


def decidable(
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    page_title: str,
    now: datetime,
    admin: str,
) -> tuple[SandboxBlog, Config]:
    """The Proposal of ``test_watch_process``'s game with a third FOR (decidable: enact)
    on a sandbox blog, and a config whose Votes page is ``page_title`` and whose watcher
    resolves as ``admin`` ('': never)."""
    game = _game(now)
    (post,) = game.posts
    third = Comment("c2", "Bob", now - timedelta(hours=1), f"{FOR} Yes.")
    game = dataclasses.replace(
        game, posts=(dataclasses.replace(post, comments=(*post.comments, third)),)
    )
    blog = sandbox_blog(game)
    config = dataclasses.replace(
        wiki_config,
        blog=dataclasses.replace(wiki_config.blog, url=blog.url, min_interval=0),
        wiki=dataclasses.replace(wiki_config.wiki, votes_page=page_title, edit_interval=0),
        watch=WatchConfig(auto_resolve_as=admin),
    )
    return blog, config


@pytest.mark.parametrize("admin", ["Kevan", ""], ids=["auto_resolve_as Kevan", "unset"])
def test_the_watcher_resolves_only_when_an_admin_allows_it(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    page_title: str,
    admin: str,
) -> None:
    now = datetime(2016, 5, 24, 12, tzinfo=UTC)
    blog, config = decidable(sandbox_blog, wiki_config, page_title, now, admin)
    lines: list[str] = []
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror:
        report = _watcher(config, mirror, blog, now, lines).cycle()
        with mirror.bound():
            made = [(r.post_id, r.admin, r.outcome, r.state) for r in ResolutionRow.select()]
        again = _watcher(config, mirror, blog, now, lines).cycle()
        with mirror.bound():
            assert ResolutionRow.select().count() == len(made)
    # The matter was announced first, whoever resolves it.
    assert [a.key for a in report.announced] == ["decidable:fix_the_queue:enact"]
    page = human.read(page_title)
    if admin:
        assert made == [("fix_the_queue", "Kevan", "enacted", "awaiting_blog")]
        assert report.resolved == 1 and again.resolved == 0
        assert any("Enacted by Kevan (3-0, Quorum 3)" in line for line in lines)
        assert "Proposal: Fix the Queue" not in page  # resolved, awaiting the blog
    else:
        assert made == [] and report.resolved == 0
        assert "Proposal: Fix the Queue" in page and "'''enact'''" in page
