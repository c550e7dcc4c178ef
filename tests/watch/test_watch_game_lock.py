"""A ``watch`` cycle holds the game lock, the one every command that writes game state
holds: while an Admin's command holds it, the cycle reads and writes nothing of the
game (it fails, logged, and the next cycle does the work)."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.plugins.wiki import HumanEditor
from tests.watch.test_auto_resolve import _watcher, decidable
from wikibot.config import Config
from wikibot.errors import LockError
from wikibot.mirror.api import Mirror
from wikibot.mirror.locks import GAME_LOCK, WAIT_ENV, Holder, acquire_lock, lock_holder
from wikibot.mirror.schema import AnnouncementRow, ResolutionRow
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration


def test_a_watch_cycle_waits_for_an_admins_command_then_does_the_work(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    page_title: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = datetime(2016, 5, 24, 12, tzinfo=UTC)
    blog, config = decidable(sandbox_blog, wiki_config, page_title, now, "Kevan")
    monkeypatch.setenv(WAIT_ENV, "0")
    lines: list[str] = []
    admin = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=-1)
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror:
        try:
            alice = Holder(admin.pid, socket.gethostname(), "Alice", "resolve --apply")
            acquire_lock(mirror, GAME_LOCK, holder=alice, now=now)
            with pytest.raises(LockError, match="another resolve --apply holds the lock: Alice"):
                _watcher(config, mirror, blog, now, lines).cycle()
            with mirror.bound():
                assert ResolutionRow.select().count() == 0
                assert AnnouncementRow.select().count() == 0
            assert not human.read(page_title)  # the Votes page was not written
            assert lock_holder(mirror, GAME_LOCK) == (str(alice), now)
        finally:
            assert admin.stdin is not None
            admin.stdin.close()
            admin.wait(30)
        # The Admin's command has ended: the next cycle does the work, and lets go.
        report = _watcher(config, mirror, blog, now, lines).cycle()
        assert report.resolved == 1 and report.published
        assert [a.key for a in report.announced] == ["decidable:fix_the_queue:enact"]
        assert lock_holder(mirror, GAME_LOCK) is None
