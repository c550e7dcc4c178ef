"""Two Admins resolving on one SQLite mirror (issue 25, item 3): a half-done resolution
is never left behind by "database is locked", the lock is taken before anything is
printed, and a resolution finished by another Admin's run keeps its author.

Nothing here sleeps or times anything: the concurrent runs are judged by their
outcome, and the one interleaving that used to fail is forced with a second process
that reports whether it could write.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.mirror.concurrent_game import run_together
from tests.resolve.test_resolve_concurrent import NOW, synced
from tests.resolve.week import run_cli, week_game
from wikibot.mirror import LedgerRow, LockRow, Mirror, ResolutionRow
from wikibot.mirror.locks import GAME_LOCK, WAIT_ENV, Holder, acquire_lock
from wikibot.resolve import KILL_AT_ENV
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration

RUNS = int(os.environ.get("NOMICBOT_TEST_CONCURRENT_RUNS", "1"))
"""Races in the suite (scripts/concurrent_writers.py runs 50)."""

RESOLVED = ["cfj_one", "prop_alpha", "prop_beta"]
"""What may be resolved at NOW: the week's first day."""

_OTHER_WRITER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
insert = (
    "INSERT INTO locks (name, holder, acquired_at) VALUES ('other', 'x', '2016-05-02 13:00:00')"
)
try:
    db.execute(insert)
except sqlite3.OperationalError:
    print("blocked", flush=True)  # the mirror's transaction holds the write lock
    db.execute("PRAGMA busy_timeout = 600000")
    db.execute(insert)
print("written", flush=True)
"""


def test_a_transaction_that_reads_then_writes_is_never_refused_for_another_writer(
    tmp_path: Path,
) -> None:
    """The shape of ``Ledger.start`` and ``record_resolution``: read, then write. Another
    process writing between the two used to make the write fail at once with "database
    is locked" (a read transaction cannot wait to become a write one); the transaction
    now takes the write lock when it begins, so the other process waits for it."""
    path = str(tmp_path / "mirror.sqlite")
    with Mirror.open(path) as mirror, mirror.bound():
        with mirror.db.atomic():
            assert LockRow.get_or_none(LockRow.name == "mine") is None
            other = subprocess.Popen(
                [sys.executable, "-c", _OTHER_WRITER, path], stdout=subprocess.PIPE, text=True
            )
            assert other.stdout is not None
            said = other.stdout.readline()  # "blocked" or, if it could write, "written"
            LockRow.create(name="mine", holder="me", acquired_at=datetime.now(UTC))
        rest, _ = other.communicate(timeout=600)
        assert other.returncode == 0
        assert said == "blocked\n" and rest == "written\n"
        assert sorted(r.name for r in LockRow.select()) == ["mine", "other"]


def test_two_resolves_on_one_sqlite_mirror_resolve_each_matter_once(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    blog = sandbox_blog(week_game())
    for run in range(RUNS):
        where = tmp_path / str(run)
        where.mkdir()
        config = synced(where, blog, str(where / "mirror.sqlite"))
        runs = run_together(
            [
                ["resolve", "--config", config, "--now", NOW, "--apply", "--as", admin]
                for admin in ("Kevan", "Alice")
            ]
        )
        for done in runs:
            assert "database is locked" not in done.stderr + done.stdout, done
            assert "Traceback" not in done.stderr, done
            # The second waits for the first and finds nothing left, or is refused in
            # one line having printed nothing.
            assert done.returncode == 0 or (
                done.returncode == 1
                and done.stdout == ""
                and "another resolve --apply holds the lock" in done.stderr
            ), done
        with Mirror.open(str(where / "mirror.sqlite")) as mirror, mirror.bound():
            resolutions = sorted((r.post_id, r.admin) for r in ResolutionRow.select())
            states = {r.state for r in LedgerRow.select()}
            assert LockRow.select().count() == 0
        assert [post for post, _ in resolutions] == RESOLVED, runs
        assert len({admin for _, admin in resolutions}) == 1, resolutions
        assert states == {"applied"}, runs
        later = [d for d in runs if "Nothing to resolve." in d.stdout]
        assert len(later) + sum(d.returncode == 1 for d in runs) == 1, runs


def test_a_half_done_resolution_is_finished_under_its_author(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    config = synced(tmp_path, sandbox_blog(week_game()), str(tmp_path / "mirror.sqlite"))
    args = ("resolve", "--config", config, "--now", NOW, "--apply")
    # Alice's run is killed just after it recorded prop_alpha's resolution as started.
    killed = run_cli(*args, "--as", "Alice", env={**os.environ, KILL_AT_ENV: "1"})
    assert killed.returncode < 0, killed
    assert "prop_alpha" in killed.stdout
    done = run_cli(*args, "--as", "Kevan")
    assert done.returncode == 0, done
    assert (
        "Completing resolve/prop_alpha, left unfinished by an earlier run of Alice; "
        "recorded under Alice's name:"
    ) in done.stdout
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror, mirror.bound():
        actors = {r.op_id: r.actor for r in LedgerRow.select()}
        admins = {r.post_id: r.admin for r in ResolutionRow.select()}
    alpha = {op: actor for op, actor in actors.items() if op.startswith("resolve/prop_alpha")}
    assert len(alpha) > 1 and set(alpha.values()) == {"Alice"}, actors
    assert admins == {"prop_alpha": "Alice", "prop_beta": "Kevan", "cfj_one": "Kevan"}
    assert actors["resolve/prop_beta"] == "Kevan"


def test_a_resolve_that_finds_the_lock_held_prints_nothing_but_one_line(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    config = synced(tmp_path, sandbox_blog(week_game()), str(tmp_path / "mirror.sqlite"))
    holder = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=-1)
    try:
        with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror:
            alice = Holder(holder.pid, socket.gethostname(), "Alice", "resolve --apply")
            acquire_lock(mirror, GAME_LOCK, holder=alice, now=datetime.now(UTC))
        env = {**os.environ, WAIT_ENV: "0"}
        refused = run_cli(
            "resolve", "--config", config, "--now", NOW, "--apply", "--as", "Kevan", env=env
        )
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(30)
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr.startswith(
        f"Error: another resolve --apply holds the lock: Alice on {alice.host} pid {alice.pid}"
    )
    assert refused.stderr.count("\n") == 1
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror, mirror.bound():
        assert LedgerRow.select().count() == 0 and ResolutionRow.select().count() == 0
    # Its holder gone, the lock is taken over and the resolutions are made.
    done = run_cli("resolve", "--config", config, "--now", NOW, "--apply", "--as", "Kevan")
    assert done.returncode == 0, done
    assert f"Took over the lock left by {alice} (no longer running)." in done.stderr
    assert "prop_alpha" in done.stdout
