"""A login written inside ``[blog] url`` or ``[wiki] url`` stays secret (issue 25, item 6).

``http://user:pass@host/`` once came out of ``publish`` (in the Votes page's links to
the blog, and so on the wiki), of ``-vv sync`` (every "waiting ... before the next
request to" line) and into the mirror (the sync log, the page validators, the
robots.txt cache). Here both sandboxes are reached through URLs with a login in
them, over real HTTP, and no output, log record, mirror byte, wiki page, edit
summary or User-Agent may hold any half of either login; and the login still goes
to the server, as HTTP Basic authentication.
"""

from __future__ import annotations

import base64
import logging
import stat
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

import click
import pytest
import requests
from click.testing import CliRunner

from tests.plugins.blog import build_game
from wikibot.blog.polite import PoliteSession
from wikibot.blog.scraper import BlogScraper
from wikibot.cli import cli
from wikibot.cli.demo import write_demo_config
from wikibot.config import load_config
from wikibot.errors import ScrapeError
from wikibot.sandbox.blog import SandboxBlog
from wikibot.sandbox.mediawiki import RunningWiki, write_config
from wikibot.wiki.client import WikiClient, connect

pytestmark = pytest.mark.integration

BLOG_LOGIN = ("blog-reader-q7", "Blog-Pw/7c1f@x")
WIKI_LOGIN = ("wiki-gate-k2", "Wiki-Pw:93ad#")
SECRETS = [
    *BLOG_LOGIN,
    *WIKI_LOGIN,
    *(quote(s, safe="") for s in (*BLOG_LOGIN, *WIKI_LOGIN)),
    "Blog-Pw",  # any piece of a password
    "Wiki-Pw",
]


def with_login(url: str, login: tuple[str, str]) -> str:
    """``url`` with ``login`` written inside it, percent-encoded as a URL needs."""
    user, password = (quote(s, safe="") for s in login)
    return url.replace("http://", f"http://{user}:{password}@", 1)


def basic(login: tuple[str, str]) -> str:
    return "Basic " + base64.b64encode(f"{login[0]}:{login[1]}".encode()).decode()


def assert_no_secret(where: str, text: str) -> None:
    for secret in SECRETS:
        assert secret not in text, f"{secret!r} in {where}"


@pytest.fixture
def blog(sandbox_blog: Callable[..., SandboxBlog]) -> SandboxBlog:
    return sandbox_blog(build_game(10))


@pytest.fixture
def config_file(
    tmp_path: Path, blog: SandboxBlog, sandbox_wiki: RunningWiki, page_title: str
) -> Path:
    path = tmp_path / "nomicbot.toml"
    path.write_text(
        "[blog]\n"
        f'url = "{with_login(blog.url, BLOG_LOGIN)}"\n'
        'markup = "classic"\nmin_interval = 0\nstart = "2016-01-01"\n'
        "[wiki]\n"
        f'url = "{with_login(sandbox_wiki.url, WIKI_LOGIN)}"\n'
        'user = "NomicBot@nomicbot"\n'
        f'password_file = "{sandbox_wiki.credentials.bot_password_file}"\n'
        f'votes_page = "{page_title}/Votes"\n'
        "edit_interval = 0\n"
        "[mirror]\n"
        'database = "mirror.sqlite"\n'
        "[game]\n"
        'player = "Tester"\ncontact = "mailto:ops@nomic.test"\n',
        encoding="utf-8",
    )
    path.chmod(0o600)
    return path


def test_publish_and_sync_never_show_a_login_written_in_a_url(
    config_file: Path,
    blog: SandboxBlog,
    sandbox_wiki: RunningWiki,
    bot: WikiClient,
    page_title: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)  # every library's records too (urllib3, mwclient)
    pending = build_game(10).posts[8]
    now = (pending.posted_at + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    config = str(config_file)
    # A 503 on the front page: -v logs the retry, naming the URL.
    blog.add_fault("503", path="/", retry_after=0)
    outputs = {}
    for name, args in {
        "sync": ["-vv", "sync", "--config", config],
        "publish": ["-vv", "publish", "--config", config, "--now", now],
        "publish --apply": ["-vv", "publish", "--apply", "--config", config, "--now", now],
        "sync again": ["-vv", "sync", "--config", config, "--verify"],
        "watch --once": ["-vv", "watch", "--once", "--config", config],
    }.items():
        result = CliRunner().invoke(cli, args, catch_exceptions=False)
        assert result.exit_code == 0, f"{name}: {result.output}"
        outputs[name] = result.output
    # The commands did their work, naming the blog and the wiki by their bare URLs.
    assert f"nomicbot: INFO: {blog.url}: HTTP 503 Service Unavailable; retry 1" in outputs["sync"]
    assert f"[{blog.url}archive/{pending.id} " in outputs["publish"]
    assert f"{page_title}/Votes: saved revision" in outputs["publish --apply"]
    for name, output in outputs.items():
        assert_no_secret(name, output)
    for record in caplog.records:
        assert_no_secret(f"log record {record.name}", record.getMessage())
    # Nor in the mirror, the wiki's pages and edit summaries, or what the wiki saw.
    for part in config_file.parent.glob("mirror.sqlite*"):
        assert_no_secret(part.name, part.read_bytes().decode("latin-1"))
    votes = bot.read(f"{page_title}/Votes").text
    assert f"[{blog.url}archive/{pending.id} " in votes
    assert_no_secret("the Votes page", votes)
    for revision in bot.history(f"{page_title}/Votes"):
        assert_no_secret("an edit summary", revision.comment)
    for log in ("user-agents.log", "server.log"):
        assert_no_secret(log, (sandbox_wiki.data_dir / log).read_text(errors="replace"))


def test_the_login_still_goes_to_the_blog_as_basic_authentication(blog: SandboxBlog) -> None:
    seen: list[requests.PreparedRequest] = []
    session = requests.Session()
    session.hooks["response"].append(lambda resp, *args, **kwargs: seen.append(resp.request))
    scraper = BlogScraper(
        with_login(blog.url, BLOG_LOGIN),
        session=session,
        user_agent="nomicbot-test (ops: Tester)",
        min_interval=0,
    )
    with scraper:
        page = scraper.front_page()
        assert page is not None and page.url == blog.url
        assert scraper.base_url == blog.url
        scraper.post("queue_item_8")
    assert len(seen) >= 3  # robots.txt, the front page, the post
    for request in seen:
        assert request.headers["Authorization"] == basic(BLOG_LOGIN)
        assert_no_secret("a request URL", str(request.url))


def test_the_login_still_goes_to_the_wiki_as_basic_authentication(
    config_file: Path, page_title: str
) -> None:
    config = load_config(config_file)
    assert config.wiki.http_auth == WIKI_LOGIN and config.blog.http_auth == BLOG_LOGIN
    client = connect(config, min_interval=0)
    seen: list[requests.PreparedRequest] = []
    client.site.connection.hooks["response"].append(
        lambda resp, *args, **kwargs: seen.append(resp.request)
    )
    client.read("Ruleset")
    assert seen
    for request in seen:
        assert request.headers["Authorization"] == basic(WIKI_LOGIN)
        assert_no_secret("a request URL", str(request.url))


def test_a_url_given_with_a_login_to_the_http_client_is_shown_masked(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A library caller may hand the polite client a URL with a login: its log lines
    and errors mask it (port 9 refuses the connection at once)."""
    caplog.set_level(logging.DEBUG, logger="wikibot")
    url = with_login("http://127.0.0.1:9/", BLOG_LOGIN)
    with (
        PoliteSession(user_agent="t (ops: T)", max_retries=1, sleep=lambda s: None) as http,
        pytest.raises(ScrapeError) as info,
    ):
        http.get(url)
    assert str(info.value).startswith("could not read http://***:***@127.0.0.1:9/ after 2")
    assert_no_secret("the error", str(info.value))
    assert any("retry 1 of 1" in r.getMessage() for r in caplog.records)
    for record in caplog.records:
        assert_no_secret("a log record", record.getMessage())


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_files_that_may_hold_a_secret_are_the_owners_alone(
    tmp_path: Path, sandbox_wiki: RunningWiki
) -> None:
    """The configs the demo and the sandbox write, password files and logs: mode 0600."""
    data = sandbox_wiki.data_dir
    for name in ("nomicbot.toml", "bot-password", "admin-password", "server.log"):
        assert _mode(data / name) == 0o600, name
    assert _mode(data / "user-agents.log") == 0o600
    demo = tmp_path / "demo.toml"
    write_demo_config(
        demo,
        blog_url="http://127.0.0.1:9/",
        markup="classic",
        start="2016-01-01",
        wiki_url="http://127.0.0.1:10/",
        wiki_user="NomicBot@nomicbot",
        password_file=tmp_path / "bot-password",
        player="Kevan",
    )
    assert _mode(demo) == 0o600
    # A config written before (readable by others) is narrowed when the sandbox rewrites it.
    old = tmp_path / "sandbox.toml"
    old.write_text('[wiki]\nurl = "http://127.0.0.1:8081/"\n', encoding="utf-8")
    old.chmod(0o644)
    write_config(old, "http://127.0.0.1:8082/", sandbox_wiki.credentials)
    assert _mode(old) == 0o600
    assert 'url = "http://127.0.0.1:8082/"' in old.read_text(encoding="utf-8")


def test_what_a_refused_config_says_holds_no_login(tmp_path: Path, blog: Any) -> None:
    path = tmp_path / "nomicbot.toml"
    url = with_login("http://[::1", BLOG_LOGIN)
    path.write_text(f'[blog]\nurl = "{url}"\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["-vv", "sync", "--config", str(path)])
    assert result.exit_code == 1 and result.output.startswith(f"Error: {path}: [blog] url must")
    assert_no_secret("the error", result.output)


def test_the_command_lines_log_masks_a_login_any_library_logs() -> None:
    """A library may log a URL as it was given it (mwclient, the mirror's peewee): what
    the command line prints of its records has the login masked, at every verbosity."""

    @click.command("log-a-url")
    def log_a_url() -> None:
        url = with_login("http://127.0.0.1:9/w/", WIKI_LOGIN)
        logging.getLogger("mwclient.client").warning("retrying %s", url)
        logging.getLogger("wikibot.test").debug("debug %s", url)

    cli.add_command(log_a_url)
    try:
        for verbosity in ([], ["-v"], ["-vv"]):
            result = CliRunner().invoke(cli, [*verbosity, "log-a-url"], catch_exceptions=False)
            assert result.exit_code == 0, result.output
            assert "nomicbot: WARNING: retrying http://***:***@127.0.0.1:9/w/" in result.stderr
            assert ("debug http://***:***@" in result.stderr) == (verbosity == ["-vv"])
            assert_no_secret("the command's log", result.output)
    finally:
        cli.commands.pop("log-a-url")
