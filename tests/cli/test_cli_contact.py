"""ARCHITECTURE.md 3b: "``[game] contact`` is optional: without it the User-Agent names the
project's home page and every command that sends requests prints a one-line warning on
stderr." Checked two ways: every command that sends requests, run without a contact
against the sandbox blog and a real MediaWiki, warns once; and every place in the
package that sends a request is one of the seams that warn (so a new command cannot
send requests without the warning)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.plugins.blog import build_game
from wikibot.blog.polite import PoliteSession
from wikibot.cli import cli
from wikibot.config import Config
from wikibot.sandbox.blog import SandboxBlog

ROOT = Path(__file__).resolve().parents[2]
WARNING = "no [game] contact in nomicbot.toml"
HOW_TO_SET = 'contact = "mailto:you@example.org"'

# Each command that sends requests (a dry run where it writes), as an operator runs it.
SENDING = {
    "sync": ["sync"],
    "watch": ["watch", "--once"],
    "publish": ["publish", "--now", "2016-05-23T20:00:00Z"],
    "wiki check": ["wiki", "check"],
    "wiki audit": ["wiki", "audit", "--now", "2016-05-23T20:00:00Z"],
    "state": ["state"],
    "resolve": ["resolve", "--now", "2016-05-23T20:00:00Z"],
    "zone create": ["zone", "create", "--word", "Mouse", "--as", "Kevan"],
    "demand status": ["demand", "status", "post_1"],
    "wiki history": ["wiki", "history", "Gamestate", "Kevan", "Debt"],
    "pages": ["pages", "--archive", "example:borednomic", "--now", "2004-03-17T18:00:00Z"],
}

# What in the package sends a request, and the seam it belongs to; each seam warns
# before its first request (PoliteSession when it is made, connect() before the
# wiki's Site, and the webhook only from `watch`, whose blog session warned already).
SEAMS = {
    "wikibot/blog/polite.py",  # requests.Session(): the blog, robots.txt
    "wikibot/wiki/client.py",  # mwclient.Site(), built only by connect()
    "wikibot/watch/webhook.py",  # requests.post(): the webhook, posted only by `watch`
}
# The sandbox and the demo talk to the servers they start on 127.0.0.1 (the demo's
# config names a contact).
LOCAL = ("wikibot/sandbox/", "wikibot/cli/demo")
_SENDS = re.compile(
    r"requests\.(?:Session|get|post|put|head|request)\(|mwclient\.Site\(|urlopen\(|"
    r"http\.client|socket\.create_connection|import httpx|import urllib3|\bhttp\.post\("
)


def _config(tmp_path: Path, blog: SandboxBlog, wiki: Config) -> Path:
    path = tmp_path / "nomicbot.toml"
    path.write_text(
        f'[blog]\nurl = "{blog.url}"\nmin_interval = 0\nstart = "2016-03-01"\n'
        f'[wiki]\nurl = "{wiki.wiki.url}"\npath = "{wiki.wiki.path}"\n'
        f'user = "{wiki.wiki.user}"\npassword_file = "{wiki.wiki.password_file}"\n'
        'votes_page = "Test/contact/Votes"\nedit_interval = 0\n'
        f'[mirror]\ndatabase = "{tmp_path / "mirror.sqlite"}"\n'
        '[game]\nplayer = "TestOperator"\n',
        encoding="utf-8",
    )
    return path


@pytest.mark.integration
@pytest.mark.parametrize("command", list(SENDING))
def test_every_command_that_sends_requests_warns_once_without_a_contact(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    clean_env: None,
    command: str,
) -> None:
    config = _config(tmp_path, sandbox_blog(build_game(10)), wiki_config)
    if command != "sync":  # the others read the mirror a sync fills
        synced = CliRunner().invoke(cli, ["sync", "--config", str(config)])
        assert synced.exit_code == 0, synced.output
    result = CliRunner().invoke(cli, [*SENDING[command], "--config", str(config)])
    assert "Traceback" not in result.output, result.output
    (line,) = [line for line in result.stderr.splitlines() if WARNING in line]
    assert HOW_TO_SET in line, result.stderr
    assert WARNING not in result.stdout


def test_every_request_the_package_sends_goes_through_a_seam_that_warns() -> None:
    senders = set()
    for path in sorted((ROOT / "wikibot").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if not name.startswith(LOCAL) and _SENDS.search(path.read_text(encoding="utf-8")):
            senders.add(name)
    assert senders == SEAMS
    # The wiki's Site is built by connect() alone, which warns first.
    built = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "wikibot").rglob("*.py")
        if not p.relative_to(ROOT).as_posix().startswith(LOCAL)
        and re.search(r"(?<!def )build_site\(", p.read_text(encoding="utf-8"))
    ]
    assert built == ["wikibot/wiki/client.py"]
    client = (ROOT / "wikibot" / "wiki" / "client.py").read_text(encoding="utf-8")
    connect = client.split("\ndef connect(", 1)[1].split("\ndef ", 1)[0]
    assert connect.index("warn_once_without_contact(") < connect.index("build_site(")
    # The webhook is posted by `watch` only.
    posting = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "wikibot").rglob("*.py")
        if re.search(r"(?<!def )post_webhook\(", p.read_text(encoding="utf-8"))
    ]
    assert posting == ["wikibot/watch/loop.py"]


def test_the_blog_session_warns_when_it_is_made() -> None:
    """Before any request: making the session is enough."""
    seen: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    logger, handler = logging.getLogger("wikibot.useragent"), Collect()
    level = logger.level
    logger.addHandler(handler)  # a handler of its own: a new run, as the CLI's is
    logger.setLevel(logging.WARNING)
    try:
        PoliteSession(user_agent=Config().user_agent).close()  # no contact: the home page
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert [m.count(WARNING) for m in seen] == [1]
