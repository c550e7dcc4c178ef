"""Each ``watch`` cycle reads the wiki Ruleset page's new revisions into the mirror (the
sandbox blog, the real sandbox MediaWiki, a SQLite mirror): an edit between two cycles is
stored alone, a cycle with nothing new asks the wiki about the Ruleset once, and the
Demand Post's Buildings come from the revision stored, not from another read."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.plugins.wiki import HumanEditor
from tests.watch.test_watch_dynasty import _config, _game, _mirror
from wikibot.blog.scraper import BlogScraper
from wikibot.config import Config, load_config
from wikibot.mirror.api import Mirror
from wikibot.sandbox.blog import SandboxBlog
from wikibot.watch.loop import Watcher
from wikibot.wiki.client import WikiClient, connect

pytestmark = pytest.mark.integration


def test_a_ruleset_edit_between_two_cycles_is_stored_alone_then_one_request(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    page_title: str,
    clean_env: None,
) -> None:
    now = datetime.now(UTC).replace(microsecond=0)
    blog = sandbox_blog(_game(now))  # a Demand Post: the cycle needs the Ruleset's Buildings
    _mirror(tmp_path / "mirror.sqlite", now)
    ruleset = f"{page_title}/Ruleset"
    human.edit(ruleset, human.read("Ruleset"), "the Ruleset, copied")
    path = _config(tmp_path, blog, wiki_config, page_title)
    text = path.read_text(encoding="utf-8").replace(
        'ruleset_page = "Ruleset"', f'ruleset_page = "{ruleset}"'
    )
    path.write_text(text, encoding="utf-8")
    config = load_config(str(path))
    queries: list[str] = []

    def counted() -> WikiClient:
        client = connect(config, min_interval=0)
        api = client.site.api

        def api_counted(action: str, http_method: str = "POST", **params: Any) -> Any:
            if action == "query" and params.get("titles") == ruleset:
                queries.append(str(params.get("rvprop")))
            return api(action, http_method, **params)

        client.site.api = api_counted
        return client

    scraper = BlogScraper(blog.url, user_agent="nomicbot tests", min_interval=0, timeout=5)
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror, scraper:
        watcher = Watcher(
            config, mirror, scraper, out=lambda _: None, clock=lambda: now, wiki_factory=counted
        )
        first = watcher.cycle()
        assert first.ruleset is not None
        assert (first.ruleset.new, first.ruleset.requests, len(queries)) == (1, 1, 1)
        assert first.published  # the Votes page, with the Demand Post's Buildings

        revid = human.change(ruleset, lambda t: t + "\nA sentence added.", "an amendment")
        queries.clear()
        second = watcher.cycle()
        assert second.ruleset is not None
        assert (second.ruleset.new, second.ruleset.requests, len(queries)) == (1, 2, 2)
        assert "content" not in queries[0]  # the look; the page itself is not read again
        stored = mirror.to_game().rulesets
        assert [r.summary for r in stored] == ["the Ruleset, copied", "an amendment"]
        assert stored[-1].revision == revid and stored[-1].text.endswith("A sentence added.")

        queries.clear()
        third = watcher.cycle()
        assert third.ruleset is not None
        assert (third.ruleset.new, third.ruleset.requests, len(queries)) == (0, 1, 1)
        assert third.ruleset.summary() == "Ruleset: no change (1 request)"
        assert len(mirror.to_game().rulesets) == 2
