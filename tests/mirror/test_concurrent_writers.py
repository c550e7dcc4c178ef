"""Two Admins at once never lose an update (issue 25, item 2).

Every command that writes game state holds the mirror's game lock from before it
reads the state it computes from, on SQLite and PostgreSQL mirrors alike: a second
command waits (saying who holds the lock) and then computes from the state the
first left, or is refused in one line. A wiki edit is conditional on the revision
it was computed from: a change made meanwhile is never overwritten.

The commands run as real processes of ``.venv/bin/nomicbot`` against the sandbox
MediaWiki. No test sleeps or times anything: the concurrent runs are judged by
their outcome (both builds on the wiki and in the ledger, or one refused), and the
interleavings a race might or might not produce are forced with a pause point
(``NOMICBOT_TEST_PAUSE_AT``) that holds one process until the test lets it go.
``scripts/concurrent_writers.py`` runs the race 50 times on each mirror.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.mirror.concurrent_game import NOW, Game, fresh_game, nomicbot, run_together
from tests.plugins.wiki import HumanEditor
from wikibot.archive import parse_time
from wikibot.cli import cli
from wikibot.config import load_config
from wikibot.errors import WikiError
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.mirror.locks import (
    GAME_LOCK,
    PAUSE_AT_ENV,
    WAIT_ENV,
    Holder,
    acquire_lock,
    lock_holder,
)
from wikibot.sandbox.mediawiki import RunningWiki
from wikibot.wiki.client import connect
from wikibot.wiki.economy import perform
from wikibot.wiki.pages.gamestate import GamestatePage

pytestmark = pytest.mark.integration

RUNS = int(os.environ.get("NOMICBOT_TEST_CONCURRENT_RUNS", "1"))
"""Races per mirror kind in the suite (scripts/concurrent_writers.py runs 50)."""

BUILDS = ("Tunnel System", "Playpit")
"""Tunnel System costs 2000; Playpit 1000, or 2500 after the Tunnel System (X = 1)."""


def build(game: Game, building: str) -> list[str]:
    return [
        "build",
        building,
        "--pay",
        "debt",
        "--as",
        "Josh",
        "--apply",
        "--now",
        NOW,
        "--config",
        str(game.config),
    ]


def _games(
    request: pytest.FixtureRequest,
    kind: str,
    wiki: RunningWiki,
    human: HumanEditor,
    tmp_path: Path,
    page_title: str,
) -> Callable[[str], Game]:
    def make(name: str) -> Game:
        if kind == "sqlite":
            (tmp_path / name).mkdir()
            database = str(tmp_path / name / "mirror.sqlite")
        else:
            database = request.getfixturevalue("postgres_database")()
        return fresh_game(wiki, human, tmp_path / name, f"{page_title}/{name}", database)

    return make


@pytest.fixture(params=["sqlite", "postgresql"])
def new_game(
    request: pytest.FixtureRequest,
    sandbox_wiki: RunningWiki,
    human: HumanEditor,
    tmp_path: Path,
    page_title: str,
) -> Callable[[str], Game]:
    """Makes games of their own (pages, mirror, config), on each kind of mirror."""
    return _games(request, request.param, sandbox_wiki, human, tmp_path, page_title)


@pytest.fixture
def sqlite_game(
    request: pytest.FixtureRequest,
    sandbox_wiki: RunningWiki,
    human: HumanEditor,
    tmp_path: Path,
    page_title: str,
) -> Callable[[str], Game]:
    """Makes games of their own on SQLite mirrors."""
    return _games(request, "sqlite", sandbox_wiki, human, tmp_path, page_title)


def lock_refusal(stderr: str) -> bool:
    """Is this the one line of a command refused because another held the lock?"""
    lines = stderr.strip().splitlines()
    return bool(lines) and "holds the lock" in lines[-1] and "Traceback" not in stderr


# The race, many times.


def test_two_builds_at_once_both_land_on_the_wiki_and_the_ledger(
    new_game: Callable[[str], Game],
) -> None:
    for run in range(RUNS):
        game = new_game(f"race{run}")
        runs = run_together([build(game, b) for b in BUILDS])
        applied = set()
        for building, done in zip(BUILDS, runs, strict=True):
            if done.returncode == 0:
                assert "Applied (ledger #" in done.stdout, done
                applied.add(building)
            else:  # refused while the other held the lock: one line, nothing done
                assert done.returncode == 1 and lock_refusal(done.stderr), done
        assert applied, runs
        # Every "Applied" reached the ledger, and the wiki shows what the ledger's last
        # action left: no update lost.
        assert {a["building"] for _, _, a in game.applied()} == applied
        assert game.pages_match_ledger(), (game.shown(), game.ledger_state(), runs)
        zone = game.shown()["zones"][0]
        assert {b["name"] for b in zone["buildings"]} == applied
        debt = {frozenset(BUILDS): -4500, frozenset(BUILDS[:1]): -2000}
        debt[frozenset(BUILDS[1:])] = -1000
        assert game.shown()["players"]["Josh"]["debt"] == debt[frozenset(applied)]


# The race, forced: the second command starts while the first has read the state.


def test_a_second_build_waits_for_the_first_then_computes_from_its_state(
    new_game: Callable[[str], Game], tmp_path: Path
) -> None:
    game = new_game("forced")
    pause = tmp_path / "pause"
    pause.mkdir()
    env = {**os.environ, PAUSE_AT_ENV: f"economy-computed:{pause}"}
    first = subprocess.Popen(
        [nomicbot(), *build(game, "Tunnel System")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        _wait_for_file(pause / "reached", first)
        # The first has read the pages and computed its build. The second now either
        # waits for the lock (it says so on stderr) or, without one, runs to its end.
        second = subprocess.Popen(
            [nomicbot(), *build(game, "Playpit")],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert second.stderr is not None
        said = second.stderr.readline()
    finally:
        (pause / "go").touch()
    out, err = first.communicate(timeout=600)
    assert first.returncode == 0, (out, err)
    second_out, second_err = second.communicate(timeout=600)
    second_err = said + second_err
    assert second.returncode == 0, (second_out, second_err)
    # Both builds, the Playpit at its price after the Tunnel System: -2000 - 2500.
    assert game.pages_match_ledger(), (game.shown(), game.ledger_state())
    assert game.shown()["players"]["Josh"]["debt"] == -4500
    assert [a["building"] for _, _, a in game.applied()] == ["Tunnel System", "Playpit"]
    assert said.startswith("Waiting for the lock"), said
    assert "another build --apply holds it: Josh on " in said and " since " in said


def _wait_for_file(path: Path, process: subprocess.Popen[str]) -> None:
    """Until ``path`` exists (the process reached its pause point) or the process ended."""
    while not path.exists():
        if process.poll() is not None:
            out, err = process.communicate()
            raise AssertionError(f"ended before its pause point: {out}{err}")
        os.sched_yield()


# Every command that writes game state holds the same lock.


@contextmanager
def lock_held_elsewhere(game: Game) -> Iterator[Holder]:
    """The game's lock, held by another live process on this host (Kevan's build)."""
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=-1)
    holder = Holder(child.pid, socket.gethostname(), "Kevan", "build --apply")
    since = datetime(2016, 5, 16, 9, 0, tzinfo=UTC)
    with Mirror.open(game.database) as mirror:
        acquire_lock(mirror, GAME_LOCK, holder=holder, now=since)
    try:
        yield holder
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(30)


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(["build", "Playpit", "--as", "Josh"], id="build"),
        pytest.param(["day", "new", "--as", "Kevan"], id="day new"),
        pytest.param(["day", "process", "--as", "Josh"], id="day process"),
        pytest.param(["debt", "interest", "--as", "Kevan"], id="debt interest"),
        pytest.param(["license", "create", "Mouse Empire", "cA", "--as", "Josh"], id="license"),
        pytest.param(["demand", "close", "demand_gift_shop", "--as", "Josh"], id="demand close"),
        pytest.param(["demand", "open", "demand_gift_shop", "--as", "Kevan"], id="demand open"),
        pytest.param(["demand", "unplan", "The Mouse Zone", "Lagoon"], id="demand unplan"),
        pytest.param(["roll", "2DICE6", "--as", "Josh"], id="roll"),
        pytest.param(["publish"], id="publish"),
        pytest.param(["resolve", "--as", "Kevan"], id="resolve"),
    ],
)
def test_every_command_that_writes_is_refused_while_another_holds_the_lock(
    command: list[str],
    sqlite_game: Callable[[str], Game],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = sqlite_game("held")
    before = game.shown()
    monkeypatch.setenv(WAIT_ENV, "0")
    args = [*command, "--apply", "--now", NOW, "--config", str(game.config)]
    with lock_held_elsewhere(game) as holder:
        result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert result.output.count("\n") == 1, result.output  # one line, nothing printed before
    assert result.output.startswith(
        "Error: another build --apply holds the lock: Kevan on "
        f"{holder.host} pid {holder.pid} since 2016-05-16T09:00:00Z; refused"
    ), result.output
    with Mirror.open(game.database) as mirror:
        assert list(Ledger(mirror).actions()) == [] and Ledger(mirror).pending() == []
        with Mirror.open(game.database) as mirror:
            held = lock_holder(mirror, GAME_LOCK)
    assert held == (str(holder), parse_time("2016-05-16T09:00:00Z", "since"))
    assert game.shown() == before


def test_a_command_waits_while_the_lock_is_held_and_says_who_holds_it(
    new_game: Callable[[str], Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wait is bounded; the message on stderr names the holder, then the refusal."""
    game = new_game("waits")
    monkeypatch.setenv(WAIT_ENV, "0.5")
    with lock_held_elsewhere(game) as holder:
        result = CliRunner().invoke(cli, build(game, "Playpit"))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "Waiting for the lock (up to 0.5 s, $NOMICBOT_LOCK_WAIT): another build --apply "
        f"holds it: Kevan on {holder.host} pid {holder.pid} since 2016-05-16T09:00:00Z."
    )
    assert "refused after waiting 0.5 s, nothing was read or written" in result.stderr


def test_a_lock_left_by_a_killed_command_is_taken_over(
    new_game: Callable[[str], Game],
) -> None:
    game = new_game("dead")
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    with Mirror.open(game.database) as mirror:
        dead = Holder(child.pid, socket.gethostname(), "Kevan", "build --apply")
        acquire_lock(mirror, GAME_LOCK, holder=dead, now=datetime.now(UTC))
    (done,) = run_together([build(game, "Playpit")])
    assert done.returncode == 0, done
    assert f"Took over the lock left by {dead} (no longer running)." in done.stderr
    with Mirror.open(game.database) as mirror:
        assert lock_holder(mirror, GAME_LOCK) is None


# A wiki edit is conditional on the revision it was computed from.


def _perform(game: Game, building: str, between: Callable[[LedgerEntry], object]) -> Any:
    """``build`` in this process; ``between`` runs after its ledger row is ``started``,
    before its first edit."""

    def on_started(entry: LedgerEntry) -> None:
        between(entry)

    config = load_config(game.config)
    client = connect(config, min_interval=0)
    with Mirror.open(game.database) as mirror:
        return perform(
            client,
            Ledger(mirror),
            config.wiki,
            "build",
            _construct(building),
            actor="Josh",
            now=parse_time(NOW, "now"),
            boss="Kevan",
            cause="test",
            on_started=on_started,
        )


def _construct(building: str) -> Any:
    from gamestate.dynasties.nomicland import Construct, Payment

    return Construct(building, None, Payment.DEBT)


def _set_debt(text: str, name: str, debt: int) -> str:
    page = GamestatePage.from_wikitext(text)
    rows = [replace(r, debt=debt) if r.name == name else r for r in page.rows]
    return page.render(rows)


def test_a_value_changed_after_the_read_is_never_overwritten(
    sandbox_wiki: RunningWiki, human: HumanEditor, tmp_path: Path, page_title: str
) -> None:
    """A person changes Josh's Debt after the bot computed its build from the page: the
    build is refused in one line, the person's value stays, the ledger keeps nothing."""
    game = fresh_game(
        sandbox_wiki, human, tmp_path / "g", f"{page_title}/g", str(tmp_path / "m.sqlite")
    )
    pause = tmp_path / "pause"
    pause.mkdir()
    env = {**os.environ, PAUSE_AT_ENV: f"economy-computed:{pause}"}
    process = subprocess.Popen(
        [nomicbot(), *build(game, "Playpit")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        _wait_for_file(pause / "reached", process)
        human.change(game.gamestate, lambda t: _set_debt(t, "Josh", -300))
    finally:
        (pause / "go").touch()
    out, err = process.communicate(timeout=600)
    assert process.returncode == 1, (out, err)
    assert out == "" and err.count("\n") == 1, (out, err)
    assert err.startswith(
        f'Error: build by Josh: refused, nothing written: wiki page "{game.gamestate}" '
        "changed since nomicbot read it (Josh's row was "
    ), err
    assert "nothing was overwritten; run the command again" in err
    assert game.shown()["players"]["Josh"]["debt"] == -300
    assert game.shown()["zones"][0]["buildings"] == []
    with Mirror.open(game.database) as mirror:
        assert Ledger(mirror).pending() == [] and list(Ledger(mirror).actions()) == []
    # Run again, it computes from the page as it is now.
    (done,) = run_together([build(game, "Playpit")])
    assert done.returncode == 0, done
    assert game.shown()["players"]["Josh"]["debt"] == -1300
    assert game.pages_match_ledger()


def test_a_value_changed_while_the_edits_are_made_is_never_overwritten(
    sandbox_wiki: RunningWiki, human: HumanEditor, tmp_path: Path, page_title: str
) -> None:
    """Changed between the bot's check and its edit of that page: the wiki reports the
    edit conflict, and the bot refuses rather than write over the person's value."""
    game = fresh_game(
        sandbox_wiki, human, tmp_path / "g", f"{page_title}/g", str(tmp_path / "m.sqlite")
    )
    with pytest.raises(WikiError) as refused:
        _perform(
            game,
            "Playpit",
            lambda _: human.change(game.gamestate, lambda t: _set_debt(t, "Josh", -300)),
        )
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith("build by Josh (ledger #"), message
    assert f'wiki page "{game.gamestate}" changed since nomicbot read it' in message
    assert "nothing was overwritten" in message
    assert game.shown()["players"]["Josh"]["debt"] == -300
    # Its ledger row stays started: a re-run still refuses to write over the value.
    with pytest.raises(WikiError, match="nothing was overwritten"):
        _perform(game, "Playpit", lambda _: None)
    assert game.shown()["players"]["Josh"]["debt"] == -300


def test_a_change_elsewhere_between_read_and_write_is_kept_and_the_action_applied(
    sandbox_wiki: RunningWiki, human: HumanEditor, tmp_path: Path, page_title: str
) -> None:
    game = fresh_game(
        sandbox_wiki, human, tmp_path / "g", f"{page_title}/g", str(tmp_path / "m.sqlite")
    )
    note = "A note a person adds at the top.\n\n"
    _perform(game, "Playpit", lambda _: human.change(game.gamestate, lambda t: note + t))
    assert human.read(game.gamestate).startswith(note)
    assert game.shown()["players"]["Josh"]["debt"] == -1000
    assert game.pages_match_ledger()
