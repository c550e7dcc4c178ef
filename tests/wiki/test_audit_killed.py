"""A ``wiki audit --apply`` killed (SIGKILL) at a write point, then run again, ends exactly as
an uninterrupted run: the same report page, the same ledger, the same cursor.

The week of ``test_audit_end_to_end`` (six flagged revisions among fourteen) is imported
once into the real sandbox MediaWiki; every run audits those pages with a copy of one
mirror and writes a report page of its own. The reference run is uninterrupted and lists
the write points (``NOMICBOT_TEST_KILL_AT=list``); each test then runs the real CLI in a
subprocess that kills itself at one point (``NOMICBOT_TEST_KILL_AT=N``, deterministic:
no timing), runs it again without the hook, and compares.
"""

from __future__ import annotations

import json
import secrets
import shutil
import signal
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.plugins.wiki import HumanEditor
from tests.wiki.audit_histories import audit_process
from tests.wiki.test_audit_end_to_end import PEOPLE, import_week, write_audit_config
from wikibot.config import load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.locks import WAIT_ENV, game_lock
from wikibot.mirror.schema import LedgerRow, LockRow
from wikibot.sandbox.mediawiki import RunningWiki, create_account
from wikibot.wiki.audit import audit_cursor
from wikibot.wiki.client import WikiClient

pytestmark = pytest.mark.integration

ARGS = ("--since", "2016-05-15T12:00:00Z", "--now", "2016-05-20T00:00:00Z", "--apply")


@dataclass(frozen=True)
class Wiki:
    """The imported week, and a mirror holding its roster and the DoV."""

    titles: tuple[str, str]
    template: Path


@dataclass(frozen=True)
class Outcome:
    """What a run leaves: the report page, its bot edits, the ledger and the cursor."""

    page: str
    edits: int
    ledger: list[tuple[Any, ...]]
    cursor: dict[str, int] | None
    locks: int


@pytest.fixture(scope="module")
def imported(sandbox_wiki: RunningWiki, tmp_path_factory: pytest.TempPathFactory) -> Wiki:
    for name in PEOPLE:
        create_account(sandbox_wiki.data_dir, name, secrets.token_urlsafe(18))
    prefix = f"Test/audit killed/{secrets.token_hex(4)}"
    titles = (f"{prefix}/Nomicland", f"{prefix}/Gamestate")
    template = tmp_path_factory.mktemp("audit-killed") / "mirror.sqlite"
    import_week(sandbox_wiki, titles, template)
    return Wiki(titles, template)


def fresh(
    sandbox_wiki: RunningWiki, imported: Wiki, where: Path, name: str
) -> tuple[Path, str, Path]:
    """A config on a copy of the template mirror, with a report page of its own."""
    where.mkdir(parents=True)
    database = where / "mirror.sqlite"
    shutil.copy(imported.template, database)
    audit_page = f"{imported.titles[0].rsplit('/', 1)[0]}/Audit {name}"
    config = write_audit_config(
        where, sandbox_wiki.wiki_config(), imported.titles, audit_page, database
    )
    return config, audit_page, database


def outcome(
    config: Path, audit_page: str, database: Path, human: HumanEditor, bot: WikiClient
) -> Outcome:
    with Mirror.open(str(database)) as mirror, mirror.bound():
        ledger = [
            (r.op_id, r.domain, r.parent, r.state, r.at, r.recorded_at, r.actor, r.action)
            + tuple(json.dumps(v, sort_keys=True) for v in (r.arguments, r.before, r.after))
            + (r.cause, json.dumps(r.revisions, sort_keys=True))
            for r in LedgerRow.select().order_by(LedgerRow._meta.primary_key)
        ]
        cursor = audit_cursor(mirror, load_config(config).wiki)
        locks = LockRow.select().count()
    edits = sum(1 for r in bot.history(audit_page) if r.user == bot.user)
    return Outcome(
        human.read(audit_page), edits, ledger, dict(cursor.last) if cursor else None, locks
    )


@dataclass(frozen=True)
class Reference:
    """The uninterrupted run: its outcome and its write points, in order."""

    outcome: Outcome
    points: list[str]


@pytest.fixture(scope="module")
def reference(
    sandbox_wiki: RunningWiki,
    imported: Wiki,
    human: HumanEditor,
    tmp_path_factory: pytest.TempPathFactory,
) -> Reference:
    from wikibot.wiki.client import connect

    where = tmp_path_factory.mktemp("audit-killed-reference") / "run"
    config, audit_page, database = fresh(sandbox_wiki, imported, where, "reference")
    done = audit_process(config, *ARGS, kill_at="list")
    assert done.returncode == 0, done.stderr
    points = [
        line.split(": ", 1)[1] for line in done.stderr.splitlines() if line.startswith("kill point")
    ]
    bot = connect(load_config(sandbox_wiki.config_path), min_interval=0)
    return Reference(outcome(config, audit_page, database, human, bot), points)


def _first(prefix: str) -> Callable[[list[str]], str]:
    return lambda points: next(p for p in points if p.startswith(prefix))


def _last(prefix: str) -> Callable[[list[str]], str]:
    return lambda points: [p for p in points if p.startswith(prefix)][-1]


def _named(name: str) -> Callable[[list[str]], str]:
    return lambda points: next(p for p in points if p == name)


WRITE_POINTS: dict[str, Callable[[list[str]], str]] = {
    "first ledger row started": _first("audit: ledger row "),
    "last ledger row applied": _last("audit: ledger row "),
    "first cursor row started": _first("audit: cursor "),
    "last cursor row applied": _last("audit: cursor "),
    "first finding started": _first("audit: finding "),
    "last finding applied": _last("audit: finding "),
    "report started": _named("audit: report started"),
    "recorded": _named("audit: recorded"),
    "report page written": _named("audit: report page written"),
    "report applied": _named("audit: report applied"),
}
"""The write points killed at: each kind's first (its row ``started``) and last (all its
rows ``applied``), and each single one."""


def test_the_uninterrupted_run_lists_its_write_points(reference: Reference) -> None:
    points = reference.points
    # The ledger rows (7 legal actions), the cursor (2 pages) and the findings (14
    # revisions), each written started then applied, in one transaction; then the report
    # page, edited once, and its record.
    for kind, rows in (("ledger row", 7), ("cursor", 2), ("finding", 14)):
        for state in ("started", "applied"):
            written = [p for p in points if p.startswith(f"audit: {kind} ")]
            assert sum(p.endswith(f" {state}") for p in written) == rows, (kind, state)
    assert points.count("audit: report page written") == 1
    assert points[-4:] == [
        "audit: report started",
        "audit: recorded",
        "audit: report page written",
        "audit: report applied",
    ]
    order = [
        WRITE_POINTS[w](points) for w in ("first ledger row started", "first cursor row started")
    ]
    assert points.index(order[0]) < points.index(order[1])
    assert reference.outcome.edits == 1 and reference.outcome.locks == 0
    flagged = [x for x in reference.outcome.page.splitlines() if x.startswith("* [[Special:Diff/")]
    assert len(flagged) == 6


@pytest.mark.parametrize("where", list(WRITE_POINTS))
def test_killed_at_a_write_point_then_rerun_ends_as_an_uninterrupted_run(
    where: str,
    reference: Reference,
    sandbox_wiki: RunningWiki,
    imported: Wiki,
    human: HumanEditor,
    bot: WikiClient,
    tmp_path: Path,
) -> None:
    point = WRITE_POINTS[where](reference.points)
    number = reference.points.index(point) + 1
    name = where.replace(" ", "-")
    config, audit_page, database = fresh(sandbox_wiki, imported, tmp_path / name, name)
    killed = audit_process(config, *ARGS, kill_at=str(number))
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    again = audit_process(config, *ARGS)
    assert again.returncode == 0, again.stderr
    got = outcome(config, audit_page, database, human, bot)
    assert got == reference.outcome, f"killed at {point!r}"


def test_a_mirror_an_older_audit_left_half_written_is_repaired(
    reference: Reference,
    sandbox_wiki: RunningWiki,
    imported: Wiki,
    human: HumanEditor,
    bot: WikiClient,
    tmp_path: Path,
) -> None:
    config, audit_page, database = fresh(sandbox_wiki, imported, tmp_path / "older", "older")
    assert audit_process(config, *ARGS).returncode == 0
    # As an audit run before the record was one transaction could leave it when killed: no
    # report operation, a finding and a ledger row written started and never applied, and
    # the report page without the flagged lines.
    with Mirror.open(str(database)) as mirror, mirror.bound():
        LedgerRow.delete().where(LedgerRow.domain == "audit-report").execute()
        rows = list(LedgerRow.select().order_by(LedgerRow._meta.primary_key))
        finding = next(r for r in rows if r.arguments.get("verdict") == "illegal")
        fact = next(r for r in rows if r.domain == "nomicland" and r.op_id.startswith("audit:"))
        for row in (finding, fact):
            LedgerRow.update(state="started").where(LedgerRow.op_id == row.op_id).execute()
    lines = human.read(audit_page).splitlines()
    human.edit(audit_page, "\n".join(x for x in lines if not x.startswith("* [[Special:Diff/")))

    again = audit_process(config, *ARGS)
    assert again.returncode == 0, again.stderr
    got = outcome(config, audit_page, database, human, bot)
    assert got.page == reference.outcome.page
    assert got.cursor == reference.outcome.cursor
    # The same rows in the same states; its report operation is the repair's.
    assert [r for r in got.ledger if r[1] != "audit-report"] == [
        r for r in reference.outcome.ledger if r[1] != "audit-report"
    ]


def test_the_audit_holds_the_game_lock_from_before_it_reads(
    sandbox_wiki: RunningWiki, imported: Wiki, bot: WikiClient, tmp_path: Path
) -> None:
    config, audit_page, database = fresh(sandbox_wiki, imported, tmp_path / "locked", "locked")
    # Another Admin's command holds the game lock: the audit is refused at once (no
    # wait), in one line, having recorded nothing and edited nothing.
    with (
        Mirror.open(str(database)) as mirror,
        game_lock(mirror, who="Kevan", doing="build --apply", wait=0),
    ):
        refused = audit_process(config, *ARGS, **{WAIT_ENV: "0"})
    assert refused.returncode == 1, refused.stderr
    [said] = refused.stderr.strip().splitlines()
    assert said.startswith("Error: another build --apply holds the lock: Kevan on "), said
    with Mirror.open(str(database)) as mirror, mirror.bound():
        assert not LedgerRow.select().exists()
        assert not LockRow.select().exists()
    assert not bot.read(audit_page).exists
    # Released: the audit runs.
    assert audit_process(config, *ARGS).returncode == 0
