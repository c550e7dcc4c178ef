"""The mirror's named locks: the second holder is told who holds it; a dead one's is taken."""

from __future__ import annotations

import socket
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from wikibot.errors import LockError
from wikibot.mirror.api import Mirror
from wikibot.mirror.locks import Holder, acquire_lock, lock_holder, release_lock

NOW = datetime(2016, 5, 23, 10, 0, tzinfo=UTC)


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_second_holder_is_told_who_holds_the_lock(tmp_path: Path) -> None:
    with Mirror.open(str(tmp_path / "m.sqlite")) as mirror:
        me = Holder.this_process()
        assert acquire_lock(mirror, "watch", holder=me, now=NOW) is None
        other = Holder(1, "elsewhere.example")
        with pytest.raises(LockError, match=f"held by {me} since 2016-05-23T10:00:00"):
            acquire_lock(mirror, "watch", holder=other, now=NOW)
        assert not release_lock(mirror, "watch", holder=other)
        assert release_lock(mirror, "watch", holder=me)
        assert lock_holder(mirror, "watch") is None
        assert acquire_lock(mirror, "watch", holder=other, now=NOW) is None


def test_a_lock_left_by_a_dead_process_on_this_host_is_taken_over(tmp_path: Path) -> None:
    with Mirror.open(str(tmp_path / "m.sqlite")) as mirror:
        dead = Holder(_dead_pid(), socket.gethostname())
        acquire_lock(mirror, "watch", holder=dead, now=NOW)
        me = Holder.this_process()
        assert acquire_lock(mirror, "watch", holder=me, now=NOW) == str(dead)
        assert lock_holder(mirror, "watch") == (str(me), NOW)


def test_a_lock_held_from_another_host_is_never_taken_over(tmp_path: Path) -> None:
    with Mirror.open(str(tmp_path / "m.sqlite")) as mirror:
        remote = Holder(_dead_pid(), "another-host.example")
        acquire_lock(mirror, "watch", holder=remote, now=NOW)
        with pytest.raises(LockError, match="another-host.example"):
            acquire_lock(mirror, "watch", holder=Holder.this_process(), now=NOW)
