"""Fixtures for the wiki side: one real MediaWiki per test session.

``sandbox_wiki`` installs Debian's MediaWiki into a fresh temporary directory,
serves it on 127.0.0.1 and stops it when the session ends. Tests get a bot
client (``bot``), a human editor (``human``, the Admin account logged in with
its ordinary password) and a page title of their own (``page_title``).
When PHP or MediaWiki is missing the tests fail, saying to run scripts/bootstrap.sh.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import mwclient
import pytest

from wikibot.config import Config, load_config
from wikibot.errors import WikiError
from wikibot.sandbox.mediawiki import (
    MEDIAWIKI_DIR,
    RunningWiki,
    _free_port,
    check_requirements,
    create_account,
    run_maintenance,
    start_wiki,
)
from wikibot.wiki.client import WikiClient, build_site, connect

__all__ = ["HumanEditor", "make_bot_account", "serve_under"]


class HumanEditor:
    """The wiki's Admin, editing like a person would (no bot flag, no base timestamp)."""

    def __init__(self, wiki: RunningWiki) -> None:
        self.site: Any = mwclient.Site(
            f"127.0.0.1:{wiki.port}", path="/", scheme="http", clients_useragent="human test"
        )
        self.site.clientlogin(
            username=wiki.credentials.admin_user, password=wiki.credentials.admin_password()
        )
        self.site.site_init()  # clientlogin leaves the user's groups unread

    def read(self, title: str) -> str:
        """The page's current text."""
        return str(self.site.pages[title].text())

    def edit(self, title: str, text: str, summary: str = "a human edit") -> int:
        """Saves ``text`` as the page; returns the new revision id."""
        token = self.site.get_token("csrf")
        result = self.site.post("edit", title=title, text=text, summary=summary, token=token)
        return int(result["edit"].get("newrevid", 0))

    def change(
        self, title: str, change: Callable[[str], str], summary: str = "a human edit"
    ) -> int:
        """Edits the page's current text with ``change``."""
        return self.edit(title, change(self.read(title)), summary)

    def protect(self, title: str) -> None:
        """Protects the page so only administrators may edit it."""
        token = self.site.get_token("csrf")
        self.site.post("protect", title=title, protections="edit=sysop", reason="test", token=token)

    def block(self, user: str) -> None:
        """Blocks an account."""
        token = self.site.get_token("csrf")
        self.site.post("block", user=user, expiry="1 hour", reason="test", token=token)


def make_bot_account(wiki: RunningWiki, name: str, *, bot: bool = True) -> tuple[str, str]:
    """Creates an account with a bot password: returns (``Name@test``, password)."""
    groups = ["bot"] if bot else []
    create_account(wiki.data_dir, name, secrets.token_urlsafe(24), groups=groups)
    out = run_maintenance(
        wiki.data_dir,
        "createBotPassword",
        "--appid=test",
        "--grants=basic,highvolume,editpage,createeditmovepage",
        name,
    )
    found = re.search(r"password:'([^']+)'", out)
    assert found, out
    return f"{name}@test", found.group(1)


@contextmanager
def serve_under(wiki: RunningWiki, prefix: str) -> Iterator[str]:
    """Serves the sandbox's MediaWiki a second time, under ``/PREFIX/`` as most public
    wikis are (``/w/api.php``); yields that URL. The site root answers 404."""
    with tempfile.TemporaryDirectory() as root:
        (Path(root) / prefix).symlink_to(MEDIAWIKI_DIR)
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        env = {
            **os.environ,
            "MW_CONFIG_FILE": str(wiki.data_dir / "LocalSettings.php"),
            "NOMICBOT_WIKI_SERVER": url,
        }
        env.pop("PHP_CLI_SERVER_WORKERS", None)
        process = subprocess.Popen(
            ["php", "-S", f"127.0.0.1:{port}", "-t", root],
            cwd=MEDIAWIKI_DIR,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            api = f"{url}/{prefix}/api.php?action=query&meta=siteinfo&format=json"
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(api, timeout=5) as answer:  # noqa: S310
                        if answer.status == 200:
                            break
                except OSError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise
                    time.sleep(0.1)
            yield f"{url}/{prefix}/"
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
            process.wait(10)


@pytest.fixture(scope="session")
def sandbox_wiki(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningWiki]:
    """A real MediaWiki, installed fresh for this test session."""
    try:
        check_requirements()
    except WikiError as exc:
        pytest.fail(f"the wiki tests need a real MediaWiki: {exc}", pytrace=False)
    wiki = start_wiki(Path(tmp_path_factory.mktemp("mediawiki")))
    try:
        yield wiki
    finally:
        wiki.stop()


@pytest.fixture
def wiki_config(sandbox_wiki: RunningWiki) -> Config:
    """The sandbox's own nomicbot.toml, read."""
    return load_config(sandbox_wiki.config_path)


@pytest.fixture
def bot(wiki_config: Config) -> WikiClient:
    """The NomicBot account, logged in, with no pause between edits."""
    return connect(wiki_config, min_interval=0)


@pytest.fixture
def bot_factory(sandbox_wiki: RunningWiki) -> Callable[..., WikiClient]:
    """Builds further clients: ``bot_factory(user, password, **client options)``."""

    def make(user: str, password: str, **options: Any) -> WikiClient:
        site = build_site(sandbox_wiki.wiki_config(), user_agent="nomicbot tests")
        client = WikiClient(site, min_interval=options.pop("min_interval", 0), **options)
        client.login(user, password)
        return client

    return make


@pytest.fixture(scope="session")
def human(sandbox_wiki: RunningWiki) -> HumanEditor:
    """The Admin account, for edits made by a person."""
    return HumanEditor(sandbox_wiki)


@pytest.fixture
def page_title(request: pytest.FixtureRequest) -> str:
    """A page title of this test's own."""
    # Written the way the wiki normalises titles: underscores are spaces.
    name = re.sub(r"[^A-Za-z0-9-]+", " ", request.node.name).strip()
    module = request.module.__name__.rsplit(".", 1)[-1].replace("_", " ")
    return f"Test/{module}/{name}"[:200]
