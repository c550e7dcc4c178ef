"""``nomicbot watch`` as a process, against the sandbox blog and the real sandbox wiki.

A player's comment makes a Proposal decidable: within two cycles the Votes page
changes and exactly one announcement reaches a webhook receiver on 127.0.0.1;
the blog failing for a few cycles is survived; a second watcher is refused,
naming the first; SIGTERM ends it cleanly; a restart announces nothing again.
Every wait is for a condition, with a generous timeout.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import requests

from gamestate.profiles.blognomic_139.models import Comment, Game, Player, Post, Terms
from tests.plugins.wiki import HumanEditor
from wikibot.config import Config
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import AnnouncementRow, LockRow, SyncRunRow
from wikibot.sandbox.blog import SandboxBlog

TIMEOUT = 180.0
FOR = '<img src="/images/vote/for.gif" alt="for">'
VOTES_PAGE = "Test/watch/Votes"


def wait_for(what: str, condition: Callable[[], object], timeout: float = TIMEOUT) -> None:
    """Waits until ``condition()`` is true; fails naming ``what`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.1)


class Receiver:
    """A webhook receiver on 127.0.0.1 that keeps every JSON body POSTed to it."""

    def __init__(self) -> None:
        self.bodies: list[dict[str, str]] = []
        received = self.bodies

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the http.server name)
                length = int(self.headers.get("Content-Length", "0"))
                received.append(json.loads(self.rfile.read(length)))
                self.send_response(204)
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hooks/secret-token"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Watch:
    """A ``nomicbot watch`` subprocess whose stdout and stderr lines are collected."""

    def __init__(self, config: Path, *args: str) -> None:
        code = "from wikibot.cli import cli; cli()"
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, "watch", "--config", str(config), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={k: v for k, v in os.environ.items() if not k.startswith("NOMICBOT_")},
        )
        self.out: list[str] = []
        self.err: list[str] = []
        assert self.process.stdout is not None and self.process.stderr is not None
        self.readers = [
            threading.Thread(target=self._read, args=(self.process.stdout, self.out), daemon=True),
            threading.Thread(target=self._read, args=(self.process.stderr, self.err), daemon=True),
        ]
        for reader in self.readers:
            reader.start()

    @staticmethod
    def _read(stream: object, lines: list[str]) -> None:
        for line in stream:  # type: ignore[attr-defined]
            lines.append(line.rstrip("\n"))

    def cycles(self, word: str = "") -> int:
        """How many cycles have ended (``ok`` or ``failed``, or only ``word``)."""
        return sum(
            1
            for line in list(self.err)
            if " cycle " in line and (" ok:" in line or " failed " in line) and word in line
        )

    def finish(self, timeout: float = TIMEOUT) -> int:
        code = self.process.wait(timeout)
        self._close(timeout)
        return code

    def _close(self, timeout: float) -> None:
        for reader in self.readers:
            reader.join(timeout)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(TIMEOUT)
        self._close(TIMEOUT)


def _game(now: datetime) -> Game:
    """Josh's Proposal, 13 hours old, with Josh's implicit FOR and Kevan's: 2 of Quorum 3."""
    players = tuple(
        Player(n, admin=n in ("Kevan", "Josh")) for n in ("Kevan", "Josh", "Bob", "Ann", "Cy")
    )
    posted = (now - timedelta(hours=13)).replace(microsecond=0)
    proposal = Post(
        id="fix_the_queue",
        category="Proposal",
        title="Proposal: Fix the Queue",
        author="Josh",
        posted_at=posted,
        body_html="<p>Add a rule.</p>",
        comments=(Comment("c1", "Kevan", posted + timedelta(hours=1), f"{FOR} Fine."),),
    )
    return Game(players=players, posts=(proposal,), boss="Kevan", terms=Terms())


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.stop()


def _config(tmp_path: Path, blog: SandboxBlog, wiki: Config, hook: str) -> Path:
    hook_file = tmp_path / "webhook"
    hook_file.write_text(hook + "\n", encoding="utf-8")
    hook_file.chmod(0o600)
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
votes_page = "{VOTES_PAGE}"
edit_interval = 0

[mirror]
database = "{tmp_path / "mirror.sqlite"}"

[game]
player = "TestOperator"

[watch]
webhook_file = "{hook_file}"
""",
        encoding="utf-8",
    )
    return path


def test_watch_announces_once_survives_faults_and_stops_cleanly(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    receiver: Receiver,
) -> None:
    blog = sandbox_blog(_game(datetime.now(UTC)))
    config = _config(tmp_path, blog, wiki_config, receiver.url)
    watch = Watch(config, "--interval", "1s")
    try:
        # The first cycle publishes the tally: Josh's Proposal waits for a third FOR.
        wait_for("a first cycle", lambda: watch.cycles("ok") >= 1)
        page = human.read(VOTES_PAGE)
        assert "Proposal: Fix the Queue" in page and "'''wait'''" in page
        assert watch.out == [] and receiver.bodies == []

        # A second watcher on the same mirror is refused, and told who holds it.
        second = Watch(config, "--once")
        assert second.finish() != 0
        assert f"held by pid {watch.process.pid} on " in "\n".join(second.err)

        # The blog fails for a few cycles (every page answers 503), then recovers.
        ok_before = watch.cycles("ok")
        blog.add_fault("503", path="*", count=9, retry_after=0)
        wait_for("two failed cycles", lambda: watch.cycles("failed") >= 2)
        wait_for("the faults to be used up", lambda: not blog.pending_faults())
        wait_for("a cycle after the faults", lambda: watch.cycles("ok") > ok_before)
        assert watch.process.poll() is None

        # Bob votes FOR: FOR 3 >= Quorum 3 and 13 hours open, so it may be enacted.
        cycles_before = watch.cycles()
        answer = requests.post(
            f"{blog.url}archive/fix_the_queue/comment",
            data={"author": "Bob", "body": f"{FOR} Yes."},
            allow_redirects=False,
            timeout=30,
        )
        assert answer.status_code == 303
        wait_for("the announcement", lambda: len(receiver.bodies) >= 1)
        assert watch.cycles() - cycles_before <= 2
        page = human.read(VOTES_PAGE)
        assert "'''enact'''" in page
        (body,) = receiver.bodies
        assert body["content"] == body["text"]
        assert "Proposal: Fix the Queue" in body["content"]
        assert "may be enacted now" in body["content"]
        assert "FOR 3 >= Quorum 3" in body["content"]
        wait_for("the announcement on stdout", lambda: len(watch.out) >= 1)
        assert "may be enacted now" in watch.out[0]

        # Two more cycles announce nothing again.
        done = watch.cycles("ok")
        wait_for("two more cycles", lambda: watch.cycles("ok") >= done + 2)
        assert len(receiver.bodies) == 1 and len(watch.out) == 1

        watch.process.send_signal(signal.SIGTERM)
        assert watch.finish() == 0
    finally:
        watch.kill()
    log = "\n".join(watch.err)
    assert "secret-token" not in log and "secret-token" not in "\n".join(watch.out)
    assert "Stopped." in log

    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror, mirror.bound():
        assert SyncRunRow.select().where(SyncRunRow.outcome == "running").count() == 0
        assert LockRow.select().count() == 0
        keys = [r.key for r in AnnouncementRow.select()]
        assert keys == ["decidable:fix_the_queue:enact"]

    # A restart does not announce again.
    again = Watch(config, "--once")
    try:
        assert again.finish() == 0, "\n".join(again.err)
    finally:
        again.kill()
    assert again.out == [] and len(receiver.bodies) == 1
