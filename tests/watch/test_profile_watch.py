"""``nomicbot watch`` for a profile game (issue 27, "Kept current"), run as a process
against the real sandbox MediaWiki and a real SQLite mirror: each cycle reads the
archive file (or imports the mailbox) afresh, republishes only the pages whose part
changed, and announces each decided matter, each event that fell due and each
recorded action once, across reruns and a SIGKILL."""

from __future__ import annotations

import json
import mailbox
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from gamestate.profiles import format_time, parse_time
from tests.plugins.wiki import HumanEditor
from tests.watch.test_watch_process import Receiver
from tests.wiki.test_profile_pages import GAMES, KINDS, ledger, write_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.locks import lock_holder
from wikibot.mirror.schema import AnnouncementRow
from wikibot.profile_archive import load_profile_archive
from wikibot.resolve.ledger import KILL_AT_ENV
from wikibot.sandbox.mediawiki import RunningWiki
from wikibot.watch.loop import LOCK_NAME
from wikibot.wiki.pages.profile_pages import game_pages

pytestmark = pytest.mark.integration

ANNOUNCED = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ (.*)$", re.MULTILINE)
"""An announcement on stdout: the cycle's instant, then the text."""
PART = re.compile(r"<!-- nomicbot:page begin[^>]*-->(.*)<!-- nomicbot:page end -->", re.DOTALL)
AS_OF = re.compile(r" as of \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\.''")
WEEK = re.compile(r"(fell due since) \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", re.IGNORECASE)
"""The start of the week of what fell due: it moves with the instant."""


# The games the tests build: small, so the shipped examples may change meanwhile.

ADMIN = {"name": "The T", "roles": ["admin"], "player": False}


def bored() -> dict[str, Any]:
    """BoredNomic's first week of March 2004 (CST): p1 with two Yays, Ann's turn."""
    state = {"money": 10000, "level": 1}
    players = [{"name": n, "roles": [], "state": state} for n in ("Ann", "Ben", "Cy")]
    return {
        "format": "nomic-archive/2",
        "profile": "borednomic",
        "settings": {"timezone": "America/Chicago"},
        "roster": [*players, ADMIN],
        "game_state": {"paused": False, "board": {"squares": 20, "names": {"1": "Go"}}},
        "matters": [
            proposal("p1", "Ann", "2004-03-01T15:00:00Z", [("Ann", "Yay"), ("Ben", "Yay")]),
        ],
        "events": [draw_turn("Ann", "2004-03-04T14:00:00Z", [3, 4])],
    }


def proposal(mid: str, author: str, at: str, votes: list[tuple[str, str]]) -> dict[str, Any]:
    """A BoredNomic proposal with its votes, cast on the Friday of its week."""
    return {
        "id": mid,
        "kind": "proposal",
        "author": author,
        "posted_at": at,
        "text": f"{mid}'s text.",
        "votes": [
            {"voter": v, "value": w, "at": f"2004-03-05T1{i}:00:00Z"}
            for i, (v, w) in enumerate(votes)
        ],
    }


def draw_turn(player: str, at: str, dice: list[int]) -> dict[str, Any]:
    """The Admin's recorded 2d6 for a BoredNomic turn."""
    return {"at": at, "type": "draw", "what": "turn", "player": player, "result": dice}


def nomo() -> dict[str, Any]:
    """Nomopoly, 1 and 2 March 2000: p1 accepted, p2 rejected, the admin's day held."""
    state = {"money": 10, "square": 1, "real_estate_guides": 1, "owns": []}
    return {
        "format": "nomic-archive/2",
        "profile": "nomopoly",
        "settings": {},
        "roster": [
            {"name": "Joel", "roles": ["admin"], "player": False},
            {"name": "Ann", "roles": [], "state": state},
            {"name": "Ben", "roles": [], "state": state},
        ],
        "game_state": {"board": 14, "poorbox": 0, "default_dice": 2},
        "matters": [
            judged("p1", "Ann", "2000-03-01T09:15:00Z", "2000-03-02T08:00:00Z", "accepted"),
            judged("p2", "Ben", "2000-03-01T11:00:00Z", "2000-03-02T08:00:00Z", "rejected"),
        ],
        "events": [
            {"at": "2000-03-02T08:30:00Z", "type": "admin_day", "by": "Joel"},
            {"at": "2000-03-02T08:30:00Z", "type": "draw", "what": "dice:p1", "result": [3, 5, 2]},
            {"at": "2000-03-02T08:30:00Z", "type": "draw", "what": "dice:p2", "result": [4]},
        ],
    }


def judged(mid: str, author: str, at: str, when: str | None, result: str) -> dict[str, Any]:
    """A Nomopoly proposal, judged ``result`` at ``when`` (None: not yet)."""
    m: dict[str, Any] = {"id": mid, "kind": "proposal", "author": author, "posted_at": at}
    m["text"] = f"{mid}'s text."
    if when is not None:
        m["judgement"] = {"at": when, "result": result}
    return m


def bored_steps() -> list[tuple[dict[str, Any], str, list[str]]]:
    """(the archive, the cycle's instant, the announcements expected: a piece of each)."""
    game = bored()
    later = "2004-03-08T13:00:00Z"
    steps = [(json.loads(json.dumps(game)), later, [])]
    game["matters"].append(
        proposal("p2", "Ben", "2004-03-02T15:00:00Z", [("Ann", "Nay"), ("Cy", "Nay")])
    )
    steps.append((json.loads(json.dumps(game)), later, ["proposal p2 by Ben: rejected"]))
    game["events"].append(draw_turn("Ben", "2004-03-07T14:00:00Z", [6, 5]))
    steps.append((json.loads(json.dumps(game)), later, ["Ben: turn, done: rolls 6 + 5 = 11"]))
    thursday = ["fell due at 2004-03-11T06:00:00Z: Rule Proposition Period ends"]
    thursday.append("fell due at 2004-03-11T06:00:00Z: Thursday update")
    steps.append((game, "2004-03-11T12:00:00Z", thursday))
    return steps


def nomo_steps() -> list[tuple[dict[str, Any], str, list[str]]]:
    """As :func:`bored_steps`, for Nomopoly: a proposal sent (undecided: nothing to say),
    then its judgement, the admin's day and its dice."""
    game = nomo()
    later = "2000-03-04T13:00:00Z"
    steps = [(json.loads(json.dumps(game)), later, [])]
    game["matters"].append(judged("p3", "Ann", "2000-03-02T10:00:00Z", None, ""))
    steps.append((json.loads(json.dumps(game)), later, []))
    game["matters"][-1]["judgement"] = {"at": "2000-03-03T08:00:00Z", "result": "rejected"}
    game["events"] += [
        {"at": "2000-03-03T08:30:00Z", "type": "admin_day", "by": "Joel"},
        {"at": "2000-03-03T08:30:00Z", "type": "draw", "what": "dice:p3", "result": [2]},
    ]
    expected = ["proposal p3 by Ann: rejected", "fell due at 2000-03-03T08:30:00Z: admin's day"]
    steps.append((game, later, expected))
    return steps


FIRST = {
    "borednomic": (
        bored,
        "2004-03-08T12:00:00Z",
        ["proposal p1 by Ann: accepted", "Ann: turn, done", "fell due at 2004-03-07T06:00:00Z"],
        bored_steps,
    ),
    "nomopoly": (
        nomo,
        "2000-03-04T12:00:00Z",
        ["proposal p1 by Ann: accepted", "proposal p2 by Ben: rejected", "admin's day"],
        nomo_steps,
    ),
}


# Running the watcher, and what it left.


def watch(
    config: Path, *args: str, kill_at: str | None = None, webhook: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``nomicbot watch --once ARGS`` as a process of its own (stdout and stderr apart)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NOMICBOT_")}
    if kill_at is not None:
        env[KILL_AT_ENV] = kill_at
    if webhook is not None:
        env["NOMICBOT_WATCH_WEBHOOK"] = webhook
    return subprocess.run(
        [sys.executable, "-c", "from wikibot.cli import cli; cli()", "watch"]
        + ["--config", str(config), "--once", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


def announced(run: subprocess.CompletedProcess[str]) -> list[str]:
    return ANNOUNCED.findall(run.stdout)


def announcements(config: Path) -> list[tuple[str, str]]:
    with Mirror.open(str(config.parent / "mirror.sqlite")) as mirror, mirror.bound():
        return [(r.key, r.text) for r in AnnouncementRow.select().order_by(AnnouncementRow.key)]


def edited(config: Path, before: int) -> list[str]:
    """The titles of the pages edited since the ledger had ``before`` rows."""
    return [row[4] for row in ledger(config)[before:]]


def timeless(text: str) -> str:
    return WEEK.sub(r"\1 -", AS_OF.sub(" as of -.''", text))


def parts(path: Path, now: str, prefix: str) -> dict[str, str]:
    """Each page's part as ``nomicbot pages`` builds it (what fell due in the week before
    ``now``), without its instant."""
    loaded = load_profile_archive(path)
    profile = loaded.profile.name
    titles = {kind: f"{prefix}/{kind}" for kind in KINDS[profile]}
    _, built = game_pages(loaded.profile, loaded.archive, parse_time(now, "now"), configured=titles)
    return {p.title: timeless(p.body) for p in built}


def on_wiki(human: HumanEditor, titles: list[str]) -> dict[str, str]:
    """Each page's part as the wiki shows it, without its instant."""
    out = {}
    for title in titles:
        found = PART.search(human.read(title))
        assert found is not None, title
        out[title] = timeless(found.group(1))
    return out


def write(path: Path, game: dict[str, Any]) -> Path:
    path.write_text(json.dumps(game, indent=2), encoding="utf-8")
    return path


@pytest.mark.parametrize("profile", sorted(FIRST))
def test_each_cycle_republishes_only_the_changed_pages_and_announces_only_whats_new(
    profile: str, sandbox_wiki: RunningWiki, human: HumanEditor, tmp_path: Path
) -> None:
    prefix = f"Test/profile watch/{profile}/{secrets.token_hex(3)}"
    config = write_config(tmp_path, sandbox_wiki, prefix, profile)
    titles = [f"{prefix}/{kind}" for kind in KINDS[profile]]
    make, now, first, steps = FIRST[profile]
    archive = write(tmp_path / "game.json", make())
    # A dry run: the diffs and what it would announce; nothing written, nothing recorded.
    dry = watch(config, "--archive", str(archive), "--now", now)
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.count("dry run, nothing written") == len(titles)
    assert "(dry run) " in dry.stdout and announced(dry) == []
    assert not (tmp_path / "mirror.sqlite").exists()  # no mirror made for a dry run
    assert ledger(config) == [] and announcements(config) == []
    # The first cycle: every page published, the game's history announced.
    run = watch(config, "--archive", str(archive), "--now", now, "--apply")
    assert run.returncode == 0, run.stderr
    assert edited(config, 0) == titles
    said = announced(run)
    for piece in first:
        assert any(piece in line for line in said), (piece, said)
    assert sorted(t for _, t in announcements(config)) == sorted(said)
    assert on_wiki(human, titles) == parts(archive, now, prefix)
    assert "Traceback" not in run.stderr
    # Each next cycle: only the pages whose part changed, only what is new.
    shown = parts(archive, now, prefix)
    for game, at, expected in steps():
        write(archive, game)
        rows = len(ledger(config))
        run = watch(config, "--archive", str(archive), "--now", at, "--apply")
        assert run.returncode == 0, run.stderr
        now_parts = parts(archive, at, prefix)
        changed = [t for t in titles if now_parts[t] != shown[t]]
        assert edited(config, rows) == changed, (at, expected)
        said = announced(run)
        assert len(said) == len(expected), said
        for piece in expected:
            assert sum(piece in line for line in said) == 1, (piece, said)
        assert on_wiki(human, titles) == now_parts
        shown = now_parts
    assert [r[2] for r in ledger(config)] == ["applied"] * len(ledger(config))
    # A rerun of the last cycle edits nothing and says nothing.
    rows, told = ledger(config), announcements(config)
    again = watch(config, "--archive", str(archive), "--now", at, "--apply")
    assert again.returncode == 0, again.stderr
    assert announced(again) == [] and ledger(config) == rows and announcements(config) == told


def test_a_changed_part_is_published_and_a_quiet_game_not_edited(
    sandbox_wiki: RunningWiki, human: HumanEditor, tmp_path: Path
) -> None:
    """BoredNomic's steps edit some pages and leave others: the board is not edited for a
    proposal, the proposals page is (so the check above is not vacuous)."""
    prefix = "Test/profile watch/vacuous"
    game, at, _ = bored_steps()[1]
    before = parts(write(tmp_path / "a.json", bored()), at, prefix)
    after = parts(write(tmp_path / "b.json", game), at, prefix)
    changed = {t.rsplit("/", 1)[1] for t in before if before[t] != after[t]}
    assert "proposals" in changed and "board" not in changed


@pytest.mark.parametrize("profile", sorted(GAMES))
def test_each_profiles_example_is_watched_and_a_later_cycle_edits_nothing(
    profile: str, sandbox_wiki: RunningWiki, human: HumanEditor, tmp_path: Path
) -> None:
    prefix = f"Test/profile watch/example/{profile}/{secrets.token_hex(3)}"
    config = write_config(tmp_path, sandbox_wiki, prefix, profile)
    titles = [f"{prefix}/{kind}" for kind in KINDS[profile]]
    source = f"example:{profile}"
    run = watch(config, "--archive", source, "--now", GAMES[profile], "--apply")
    assert run.returncode == 0, run.stderr
    assert edited(config, 0) == titles and announced(run)
    assert sorted(t for _, t in announcements(config)) == sorted(announced(run))
    # A minute later: the same game, so no edit and nothing to announce.
    minute = format_time(parse_time(GAMES[profile], "now") + timedelta(minutes=1))
    rows, told = ledger(config), announcements(config)
    again = watch(config, "--archive", source, "--now", minute, "--apply")
    assert again.returncode == 0, again.stderr
    assert announced(again) == [] and ledger(config) == rows and announcements(config) == told


# A mailbox source, imported on each cycle.


def mail(sender: str, date: str, subject: str, body: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"], msg["Date"] = sender, "t@bored.example", subject, date
    msg.set_content(body)
    return msg


def append_mail(path: Path, *messages: EmailMessage) -> None:
    box = mailbox.mbox(path)
    try:
        for msg in messages:
            box.add(msg)
        box.flush()
    finally:
        box.close()


def test_a_mailbox_is_imported_on_each_cycle(
    sandbox_wiki: RunningWiki, human: HumanEditor, tmp_path: Path
) -> None:
    prefix = f"Test/profile watch/mbox/{secrets.token_hex(3)}"
    config = write_config(tmp_path, sandbox_wiki, prefix, "borednomic")
    titles = [f"{prefix}/{kind}" for kind in KINDS["borednomic"]]
    addresses = tmp_path / "players.toml"
    addresses.write_text(
        '"ann@x.example" = "Ann"\n"ben@x.example" = "Ben"\n"cy@x.example" = "Cy"\n'
        '"t@bored.example" = "The T"\n',
        encoding="utf-8",
    )
    box = tmp_path / "game.mbox"
    append_mail(
        box,
        mail("ann@x.example", "Mon, 1 Mar 2004 09:00:00 -0600", "Proposal 1: Arena", "Sq."),
        mail("ann@x.example", "Fri, 5 Mar 2004 08:00:00 -0600", "votes", "P1: Yay"),
        mail("ben@x.example", "Fri, 5 Mar 2004 09:00:00 -0600", "votes", "P1: Yay"),
    )
    source = ["--mbox", str(box), "--profile", "borednomic", "--addresses", str(addresses)]
    at = ["--now", "2004-03-08T12:00:00Z", "--apply"]
    run = watch(config, *source, *at)
    assert run.returncode == 0, run.stderr
    assert edited(config, 0) == titles
    assert sum("proposal p1 by Ann: accepted" in line for line in announced(run)) == 1
    # A proposal and its votes arrive by mail: the next cycle says only that.
    append_mail(
        box,
        mail("cy@x.example", "Tue, 2 Mar 2004 09:00:00 -0600", "Proposal 2: Dice", "D."),
        mail("ann@x.example", "Fri, 5 Mar 2004 10:00:00 -0600", "votes", "P2: Nay"),
        mail("ben@x.example", "Fri, 5 Mar 2004 11:00:00 -0600", "votes", "P2: Nay"),
    )
    rows = len(ledger(config))
    run = watch(config, *source, *at)
    assert run.returncode == 0, run.stderr
    said = announced(run)
    assert len(said) == 1 and "proposal p2 by Cy: rejected" in said[0], said
    assert f"{prefix}/proposals" in edited(config, rows)
    # A message from an unknown sender is one warning line, and the rest is watched.
    append_mail(box, mail("who@x.example", "Sat, 6 Mar 2004 09:00:00 -0600", "hi", "P1: Nay"))
    run = watch(config, *source, *at)
    assert run.returncode == 0, run.stderr
    assert announced(run) == [] and "unknown sender who@x.example" in run.stderr
    assert "Traceback" not in run.stderr


# A source that cannot be read.


@pytest.mark.parametrize(
    ("name", "text"),
    [
        pytest.param(
            "half.json",
            '{"format": "nomic-archive/2", "profile": "borednomic", "ro',
            id="half written",
        ),
        pytest.param("junk.json", "\x00\x01 not an archive", id="junk"),
        pytest.param(
            "roster.json",
            '{"format": "nomic-archive/2", "profile": "nomopoly", "roster": 7}',
            id="a bad roster",
        ),
        pytest.param(
            "huge.json",
            json.dumps({"format": "nomic-archive/2", "profile": "x" * 5000}),
            id="a 5,000-character profile",
        ),
    ],
)
def test_a_source_that_cannot_be_read_is_one_warning_and_the_cycle_is_skipped(
    name: str, text: str, sandbox_wiki: RunningWiki, tmp_path: Path
) -> None:
    prefix = f"Test/profile watch/junk/{secrets.token_hex(3)}"
    config = write_config(tmp_path, sandbox_wiki, prefix, "borednomic")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    run = watch(config, "--archive", str(path), "--now", "2004-03-08T12:00:00Z", "--apply")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    warnings = [line for line in run.stderr.splitlines() if "skipped" in line]
    assert len(warnings) == 1 and str(path) in warnings[0] and len(warnings[0]) < 400, run.stderr
    assert run.stdout == "" and ledger(config) == [] and announcements(config) == []
    # Once written whole, the next cycle watches it.
    write(path, bored())
    run = watch(config, "--archive", str(path), "--now", "2004-03-08T12:00:00Z", "--apply")
    assert run.returncode == 0, run.stderr
    assert len(ledger(config)) == len(KINDS["borednomic"]) and announced(run)


def test_a_mailbox_that_cannot_be_read_is_one_warning(
    sandbox_wiki: RunningWiki, tmp_path: Path
) -> None:
    config = write_config(tmp_path, sandbox_wiki, "Test/profile watch/nombox", "nomopoly")
    gone = tmp_path / "gone.mbox"
    run = watch(config, "--mbox", str(gone), "--profile", "nomopoly", "--apply")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    warnings = [line for line in run.stderr.splitlines() if "skipped" in line]
    assert len(warnings) == 1 and "gone.mbox" in warnings[0], run.stderr


# Killed mid-cycle.


def test_a_cycle_killed_mid_way_ends_as_an_uninterrupted_one_once_run_again(
    sandbox_wiki: RunningWiki, human: HumanEditor, tmp_path: Path
) -> None:
    """SIGKILLed between two page edits (write point 2), and after the last edit with the
    announcements recorded (point 5): a rerun edits each page once and announces each
    event once, as the run never killed did."""
    runs = {}
    for name, kill_at in (("straight", None), ("between edits", "2"), ("announced", "5")):
        where = tmp_path / secrets.token_hex(3)
        where.mkdir()
        prefix = f"Test/profile watch killed/{where.name}"
        config = write_config(where, sandbox_wiki, prefix, "borednomic")
        archive = write(where / "game.json", bored())
        args = ("--archive", str(archive), "--now", "2004-03-08T12:00:00Z", "--apply")
        said = []
        if kill_at is not None:
            dead = watch(config, *args, kill_at=kill_at)
            assert dead.returncode == -9, dead.stderr
            said += announced(dead)
            states = [r[2] for r in ledger(config)]
            if kill_at == "2":  # the 2nd edit went out, its row unfinished; nothing said
                assert states == ["applied", "started"] and announcements(config) == []
            else:  # every edit done, every event recorded, none printed yet
                assert states == ["applied"] * 4 and announcements(config) and not said
        done = watch(config, *args)
        assert done.returncode == 0, done.stderr
        said += announced(done)
        texts = [human.read(f"{prefix}/{k}").replace(prefix, "P") for k in KINDS["borednomic"]]
        rows = [(r[1], r[2], r[3], len(r[5])) for r in ledger(config)]
        runs[name] = (rows, texts, announcements(config))
        if kill_at != "5":  # killed at 5, the announcements were recorded, not yet printed
            assert sorted(said) == sorted(t for _, t in announcements(config))
    assert runs["between edits"] == runs["straight"]
    assert runs["announced"] == runs["straight"]
    assert runs["straight"][0] == [("pages", "applied", "publish page", 1)] * 4


# The long-running watcher.


def wait_for(condition: Any, what: str, timeout: float = 120.0) -> None:
    """Waits for ``condition()`` (a generous timeout: the test does not depend on timing)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def test_a_running_watcher_follows_the_file_as_it_grows_and_stops_on_sigterm(
    sandbox_wiki: RunningWiki, human: HumanEditor, tmp_path: Path
) -> None:
    prefix = f"Test/profile watch/running/{secrets.token_hex(3)}"
    config = write_config(tmp_path, sandbox_wiki, prefix, "borednomic")
    archive = write(tmp_path / "game.json", bored())
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    env = {k: v for k, v in os.environ.items() if not k.startswith("NOMICBOT_")}
    command = [sys.executable, "-c", "from wikibot.cli import cli; cli()", "watch"]
    command += ["--config", str(config), "--archive", str(archive), "--interval", "1s"]
    command += ["--now", "2004-03-08T12:00:00Z", "--apply"]
    with out.open("w") as stdout, err.open("w") as stderr:
        proc = subprocess.Popen(command, stdout=stdout, stderr=stderr, env=env)
    try:
        wait_for(lambda: "cycle 2 ok" in err.read_text(), "two cycles")
        assert len(ledger(config)) == len(KINDS["borednomic"])
        first = announced_text(out)
        # The Admin is saving the file: a cycle may read it half written, and skip.
        game = bored_steps()[1][0]
        text = json.dumps(game, indent=2)
        archive.write_text(text[: len(text) // 2], encoding="utf-8")
        wait_for(lambda: "skipped" in err.read_text(), "a cycle that skips the half file")
        archive.write_text(text, encoding="utf-8")
        wait_for(lambda: "p2 by Ben" in out.read_text(), "p2 announced")
        cycles = err.read_text().count(" ok: ")
        wait_for(lambda: err.read_text().count(" ok: ") >= cycles + 2, "two more cycles")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=120) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    said = announced_text(out)
    assert said[: len(first)] == first
    assert len(said) == len(first) + 1 and "proposal p2 by Ben: rejected" in said[-1]
    now = "2004-03-08T12:00:00Z"
    before = parts(write(tmp_path / "before.json", bored()), now, prefix)
    after = parts(archive, now, prefix)
    assert edited(config, len(KINDS["borednomic"])) == [t for t in after if after[t] != before[t]]
    assert on_wiki(human, list(after)) == after
    assert "Traceback" not in err.read_text() and "Stopped." in err.read_text()
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror:
        assert lock_holder(mirror, LOCK_NAME) is None


def announced_text(path: Path) -> list[str]:
    return ANNOUNCED.findall(path.read_text(encoding="utf-8"))


def test_each_announcement_reaches_the_webhook_once(
    sandbox_wiki: RunningWiki, tmp_path: Path
) -> None:
    config = write_config(tmp_path, sandbox_wiki, "Test/profile watch/hook", "nomopoly")
    archive = write(tmp_path / "game.json", nomo())
    receiver = Receiver()
    try:
        args = ("--archive", str(archive), "--now", "2000-03-04T12:00:00Z", "--apply")
        run = watch(config, *args, webhook=receiver.url)
        assert run.returncode == 0, run.stderr
        assert "stdout and the webhook" in run.stderr and receiver.url not in run.stderr
        said = announced(run)
        assert said and sorted(b["content"] for b in receiver.bodies) == sorted(said)
        again = watch(config, *args, webhook=receiver.url)
        assert again.returncode == 0, again.stderr
        assert announced(again) == [] and len(receiver.bodies) == len(said)
    finally:
        receiver.stop()
