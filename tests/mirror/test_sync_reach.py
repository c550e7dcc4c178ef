"""A full walk that ends before its date says how far back it read and why, and
``history`` says which matters it therefore could not see. Over real HTTP against the
sandbox blog, whose pages are damaged as a real blog's might be."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamestate.profiles.blognomic_139.models import Game, PostStatus
from tests.mirror.test_sync import Blog, Scraper, mirror, run
from tests.plugins.blog import build_game
from wikibot.blog.scraper import ListingEntry, ListingPage
from wikibot.cli import cli
from wikibot.errors import ScrapeError
from wikibot.mirror import sync_runs
from wikibot.mirror.api import Mirror
from wikibot.mirror.sync_reach import WalkReach, WalkShortfall, mirror_reach

__all__ = ["mirror"]  # the fixture, used by name

pytestmark = pytest.mark.integration

FIRST_DAY = date(2016, 3, 1)  # build_game's first post; 10 posts a listing page
# The "Older entries" link at the foot of a listing page, as the sandbox draws it.
NO_NEXT_LINK = {"pattern": r'<p class="paginate">.*?</p>\n', "replacement": ""}


def _at(game: Game, index: int) -> str:
    return game.posts[index].posted_at.strftime("%Y-%m-%dT%H:%M:%SZ")


def test_a_walk_whose_listing_pages_run_out_says_how_far_back_it_read(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(30)  # the front page holds posts 29 to 20, /P10 19 to 10, /P20 9 to 0
    blog = sandbox_blog(game)
    blog.add_fault("rewrite", path="/P10", count=1, **NO_NEXT_LINK)
    report = run(mirror, blog, scraper, since=FIRST_DAY)
    why = f"the listing pages end at {blog.url}P10 (it has no next page)"
    expected = f"the walk read back to {_at(game, 10)}, not back to 2016-03-01 as asked: {why}"
    assert (report.outcome, report.warnings) == ("ok", (expected,))
    assert sync_runs(mirror)[-1].warnings == (("", expected),)
    assert mirror_reach(mirror) == WalkShortfall(FIRST_DAY, game.posts[10].posted_at, why)
    # Later syncs read what changed, not further back: the mirror still falls short...
    assert run(mirror, blog, scraper).kind == "incremental"
    assert mirror_reach(mirror) == WalkShortfall(FIRST_DAY, game.posts[10].posted_at, why)
    # ...until a walk reads back to that date after all.
    assert run(mirror, blog, scraper, since=FIRST_DAY).warnings == ()
    assert mirror_reach(mirror) is None


def test_a_walk_stopped_by_a_page_that_cannot_be_read_says_how_far_back_it_read(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    game = build_game(30)
    blog = sandbox_blog(game)
    blog.add_fault("reset", path="/P20", count=2)
    with pytest.raises(ScrapeError) as raised:
        run(mirror, blog, scraper, since=FIRST_DAY, scraper_options={"max_retries": 1})
    message = str(raised.value)
    assert message.startswith(
        f"the walk read back to {_at(game, 10)}, not back to 2016-03-01 as asked: "
        "a listing page could not be read ("
    )
    assert "/P20" in message and message.endswith("); the next sync resumes the walk")
    (failed,) = sync_runs(mirror)
    assert failed.outcome == "failed" and failed.warnings[-1] == ("", message)
    shortfall = mirror_reach(mirror)
    assert shortfall is not None and shortfall.reached == game.posts[10].posted_at
    # The next sync resumes the walk and reads back to the date: nothing is missing now.
    report = run(mirror, blog, scraper)
    assert (report.kind, report.outcome, report.warnings) == ("full", "ok", ())
    assert mirror_reach(mirror) is None


def test_a_walk_that_read_no_page_says_it_read_no_post(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    blog = sandbox_blog(build_game(10))
    blog.add_fault("500", path="/", count=2)
    with pytest.raises(ScrapeError, match=r"^the walk read no post, not back to 2016-03-01 as"):
        run(mirror, blog, scraper, since=FIRST_DAY, scraper_options={"max_retries": 1})
    shortfall = mirror_reach(mirror)
    assert shortfall is not None and (shortfall.since, shortfall.reached) == (FIRST_DAY, None)


def test_a_blog_younger_than_the_date_is_read_whole_and_says_where_it_begins(
    mirror: Mirror, sandbox_blog: Blog, scraper: Scraper
) -> None:
    """The listings do not say whether older posts exist, so the warning says what was read:
    the oldest post, and the last page, which has no next page."""
    game = build_game(30)
    blog = sandbox_blog(game)
    report = run(mirror, blog, scraper, since=date(2016, 1, 1))
    assert len(mirror.to_game().posts) == 30
    assert report.warnings == (
        f"the walk read back to {_at(game, 0)}, not back to 2016-01-01 as asked: "
        f"the listing pages end at {blog.url}P20 (it has no next page)",
    )


@pytest.mark.parametrize(
    "shortfall",
    [
        WalkShortfall(FIRST_DAY, datetime(2016, 3, 5, 9, 5, 7, tzinfo=UTC), "why: it; stopped"),
        WalkShortfall(FIRST_DAY, None, "a listing page could not be read (x)"),
    ],
    ids=["reached a post", "read no post"],
)
def test_the_warning_reads_back_as_the_shortfall(shortfall: WalkShortfall) -> None:
    assert WalkShortfall.from_message(shortfall.message) == shortfall
    assert WalkShortfall.from_message("post 'x' not read; the next sync tries again") is None


def _page(url: str, *days: int, next_url: str | None = None) -> ListingPage:
    entries = tuple(
        ListingEntry(
            f"post_{day}", "T", "Proposal", PostStatus.PENDING, "Kevan",
            datetime(2016, 3, day, 12, tzinfo=UTC), 0, "", None, None,
        )
        for day in days
    )  # fmt: skip
    return ListingPage(url, entries, None, next_url, None, None, ())


def test_the_reach_is_the_oldest_post_of_any_page_and_the_last_page_says_why() -> None:
    reach = WalkReach(date(2016, 3, 1))
    pages = [_page("/", 20, 10, next_url="/P10"), _page("/P10", 15, 12, next_url="/P20")]
    assert list(reach.pages(iter(pages))) == pages
    # A page newer than the one before (an odd listing) does not move the reach forward.
    assert reach.shortfall() == WalkShortfall(
        date(2016, 3, 1),
        datetime(2016, 3, 10, 12, tzinfo=UTC),
        "the next page after /P10 was read already (the listings loop)",
    )
    assert WalkReach(date(2016, 3, 10)).shortfall() == WalkShortfall(
        date(2016, 3, 10), None, "no listing page was read"
    )
    done = WalkReach(date(2016, 3, 10))
    list(done.pages(iter([_page("/", 20, 10)])))
    assert done.shortfall() is None  # a post of that day was read
    empty = WalkReach(date(2016, 3, 1))
    list(empty.pages(iter([_page("/", 20), _page("/P10")])))
    shortfall = empty.shortfall()
    assert shortfall is not None and shortfall.why == "the listing page /P10 lists no posts"
    assert WalkReach(None).shortfall() is None


def test_sync_and_history_say_which_matters_were_not_seen(
    tmp_path: Path, sandbox_blog: Blog
) -> None:
    game = build_game(30)
    blog = sandbox_blog(game)
    blog.add_fault("rewrite", path="/P10", count=1, **NO_NEXT_LINK)
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        f'[blog]\nurl = "{blog.url}"\nmin_interval = 0\nstart = "2016-03-01"\n'
        '[mirror]\ndatabase = "mirror.sqlite"\n[game]\ncontact = "mailto:test@example.org"\n',
        encoding="utf-8",
    )
    synced = CliRunner().invoke(cli, ["sync", "--config", str(config)])
    assert synced.exit_code == 0, synced.output
    why = f"the listing pages end at {blog.url}P10 (it has no next page)"
    assert (
        f"warning: the walk read back to {_at(game, 10)}, not back to 2016-03-01 as asked: {why}\n"
    ) in synced.stderr
    history = CliRunner().invoke(cli, ["history", "--json", "--config", str(config)])
    assert history.exit_code == 0, history.output
    assert history.stderr == (
        f"warning: matters posted before {_at(game, 10)} were not seen: the sync read back "
        f"to {_at(game, 10)}, not back to 2016-03-01 as asked: {why}\n"
    )
    reach = json.loads(history.stdout)["summary"]["mirror_reach"]
    assert reach == {"since": "2016-03-01", "reached": _at(game, 10), "why": why}
    table = CliRunner().invoke(cli, ["history", "--config", str(config)])
    assert table.exit_code == 0 and table.stderr == history.stderr
