"""Any dynasty's ``wiki audit --apply`` killed at a write point (SIGKILL, in a process of
its own), then run again: the report page, its bot edits and the recorded audit rows are
those of an uninterrupted run (the real sandbox wiki; the Seekers' table)."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.any_dynasty import SEEKERS
from tests.plugins.wiki import HumanEditor
from tests.wiki.audit_histories import audit_process
from tests.wiki.test_any_dynasty_audit import accounts, at, make_game, seekers  # noqa: F401
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import LedgerRow
from wikibot.sandbox.mediawiki import RunningWiki
from wikibot.wiki.client import WikiClient
from wikibot.wiki.dump import DumpRevision

pytestmark = pytest.mark.integration

ARGS = ("--since", "2016-06-01T11:00:00Z", "--now", "2016-06-03T00:00:00Z", "--apply")


def _game(wiki: RunningWiki, where: Path, page: str, audit_page: str) -> Path:
    where.mkdir()
    edits = [
        (seekers(10, 10), "Ann", at(-1), "start"),
        (seekers(11, 10), "Mallory", at(0.5), "a point for Ann"),
        (seekers(10, 10), "Ann", at(0.6), "undo"),
        (seekers(10, 10, 2), "Cy", at(2), "mine"),
    ]
    return make_game(
        wiki,
        where,
        ruleset=SEEKERS,
        pages=[page],
        audit_page=audit_page,
        history=[DumpRevision(page, t, who, when, said) for t, who, when, said in edits],
    )


def _rows(config: Path) -> list[tuple[str, str]]:
    with Mirror.open(str(config.parent / "mirror.sqlite")) as mirror, mirror.bound():
        return sorted(
            (str(r.op_id).split(":")[0], str(r.state))
            for r in LedgerRow.select().where(LedgerRow.domain.in_(("audit", "audit-report")))
        )


@pytest.mark.parametrize("where", ["first finding started", "report page written"])
def test_killed_then_rerun_ends_as_an_uninterrupted_run(
    sandbox_wiki: RunningWiki,
    accounts: None,  # noqa: F811
    page_title: str,
    tmp_path: Path,
    human: HumanEditor,
    bot: WikiClient,
    where: str,
) -> None:
    listed = audit_process(
        _game(sandbox_wiki, tmp_path / "list", f"{page_title}/L", f"{page_title}/LA"),
        *ARGS,
        kill_at="list",
    )
    points = [
        line.split(": ", 1)[1]
        for line in listed.stderr.splitlines()
        if line.startswith("kill point ")
    ]
    wanted = (
        next(p for p in points if p.startswith("audit: finding"))
        if where.startswith("first")
        else "audit: report page written"
    )
    number = points.index(wanted) + 1

    reference = _game(sandbox_wiki, tmp_path / "ref", f"{page_title}/R", f"{page_title}/RA")
    assert audit_process(reference, *ARGS).returncode == 0
    killed = _game(sandbox_wiki, tmp_path / "killed", f"{page_title}/K", f"{page_title}/KA")
    dead = audit_process(killed, *ARGS, kill_at=str(number))
    assert dead.returncode == -signal.SIGKILL, dead.stderr
    again = audit_process(killed, *ARGS)
    assert again.returncode == 0, again.stderr
    assert _rows(killed) == _rows(reference)
    page = human.read(f"{page_title}/KA")
    flagged = [line for line in page.splitlines() if line.startswith("* [[Special:Diff/")]
    assert len(flagged) == 2  # Mallory's and Cy's
    assert all("'''illegal'''" in line for line in flagged)
    edits = bot.site.api("query", prop="revisions", titles=f"{page_title}/KA", rvlimit=10)
    [only] = edits["query"]["pages"].values()
    assert len(only["revisions"]) == 1  # one bot edit of the report page, whatever the kill
