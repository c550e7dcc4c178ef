"""``wiki audit --now`` and the bot's seeding of the GNDT, on the real sandbox MediaWiki.

``--now`` is the audit's instant, as for ``status``: the game as of then. A revision saved
after it is not audited (a note says how many are left for later) and ``--apply`` records
no cursor past it, so a later audit still reads it. The bot's seeding of the GNDT (one row
per player, as ``nomicbot demo`` does after ``publish``) is recorded in the ledger with its
cause, so the audit matches it to that row instead of flagging the bot as a non-Imagineer.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamestate.dynasties.nomicland import PlayerRow
from gamestate.profiles.blognomic_139.models import Player
from tests.plugins.wiki import HumanEditor
from tests.wiki.test_audit_end_to_end import START, park, table, write_audit_config
from wikibot.cli import cli
from wikibot.cli.demo import seed_gndt
from wikibot.config import load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.mirror.schema import LedgerRow
from wikibot.sandbox.mediawiki import RunningWiki
from wikibot.wiki.client import WikiClient, connect
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT as TABLE_SEED
from wikibot.wiki.revisions import format_wiki_time, parse_wiki_time


@pytest.fixture
def setup(sandbox_wiki: RunningWiki, page_title: str, tmp_path: Path) -> tuple[Path, str, str]:
    """A config of this test's own pages, and a mirror whose roster is START's players."""
    nomicland, gamestate = f"{page_title}/Nomicland", f"{page_title}/Gamestate"
    database = tmp_path / "mirror.sqlite"
    with Mirror.open(str(database)) as mirror:
        mirror.store_roster(
            [Player(name, admin=name == "Kevan") for name, *_ in START],
            boss="Kevan",
            seen_at=datetime(2016, 5, 1, tzinfo=UTC),
        )
    config = write_audit_config(
        tmp_path,
        sandbox_wiki.wiki_config(),
        (nomicland, gamestate),
        f"{page_title}/Audit",
        database,
    )
    return config, nomicland, gamestate


def run(config: Path, *args: str) -> str:
    result = CliRunner().invoke(
        cli, ["wiki", "audit", "--config", str(config), *args], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return result.stdout if "--json" in args else result.output


def saved_at(client: WikiClient, title: str, revid: int) -> datetime:
    [revision] = [r for r in client.history(title) if r.revid == revid]
    return parse_wiki_time(str(revision.timestamp))


def audited(config: Path) -> dict[int, str]:
    with Mirror.open(str(load_config(config).mirror.database)) as mirror, mirror.bound():
        rows = LedgerRow.select().where(
            (LedgerRow.domain == "audit") & ~LedgerRow.op_id.startswith("audit:base:")
        )
        return {int(r.arguments["revid"]): str(r.arguments["verdict"]) for r in rows}


def test_now_leaves_later_revisions_for_a_later_audit(
    setup: tuple[Path, str, str], human: HumanEditor, bot: WikiClient
) -> None:
    config, nomicland, gamestate = setup
    human.edit(nomicland, park(), "the pages as they stand")
    start = human.edit(gamestate, table(START), "the pages as they stand")
    smiles = [(n, b, d, 11 if n == "Josh" else s, lbd) for n, b, d, s, lbd in START]
    first = human.edit(gamestate, table(smiles), "a smile for Josh")
    time.sleep(2.1)  # the wiki's times are whole seconds: an instant between the two edits
    second = human.edit(gamestate, table(START), "and back")
    first_at = saved_at(bot, gamestate, first)
    assert saved_at(bot, gamestate, second) > first_at + timedelta(seconds=1)
    since = ("--since", str(start))

    # As of before either edit: nothing audited, and a note says what was left for later.
    before = format_wiki_time(first_at - timedelta(days=3))
    text = run(config, *since, "--now", before)
    assert f"as of {before}: 0 revision(s), 0 flagged." in text
    assert f"2 revision(s) saved after it (r{first} at {format_wiki_time(first_at)} to " in text
    data = json.loads(run(config, *since, "--now", before, "--json"))
    assert data["revisions"] == [] and data["now"] == before
    assert any("left for a later audit" in a for a in data["assumptions"])
    # --apply records no revision past them: the next audit still reads both.
    text = run(config, *since, "--now", before, "--apply")
    assert "Recorded 0 ledger row(s) and 0 audited revision(s)" in text
    assert audited(config) == {}

    # As of between the two: the first is audited and recorded, the second left for later.
    between = format_wiki_time(first_at + timedelta(seconds=1))
    text = run(config, "--now", between, "--apply")
    assert f"as of {between}: 1 revision(s), 1 flagged." in text
    assert f"1 revision(s) saved after it (r{second} at " in text
    assert audited(config) == {first: "illegal"}
    # The refusal says why once, under the rule that bars a non-Imagineer, and no raw None.
    line = next(x for x in text.splitlines() if x.strip().startswith("refused:"))
    assert line.strip().startswith(
        'refused: rule "Gamestate Tracking" at Gamestate/Josh/Smiles: Admin is not an Imagineer at '
    ), line
    assert line.count("refused:") == 1 and "Idle Imagineers" not in text
    assert "None" not in text

    # Later: the cursor stopped before the second, so it is read now.
    later = format_wiki_time(first_at + timedelta(hours=3))
    text = run(config, "--now", later, "--apply")
    assert f"as of {later}: 1 revision(s)" in text and f"r{second} " in text
    assert "left for a later audit" not in text
    assert set(audited(config)) == {first, second}
    assert "Recorded 0 ledger row(s) and 0 audited revision(s)" in run(
        config, "--now", later, "--apply"
    )


def test_the_bots_seeding_of_the_gndt_is_in_the_ledger_and_matched(
    setup: tuple[Path, str, str], human: HumanEditor
) -> None:
    config, nomicland, gamestate = setup
    human.edit(nomicland, park(), "the pages as they stand")
    start = human.edit(gamestate, TABLE_SEED, "an empty GNDT")
    settings = load_config(config)
    client = connect(settings, min_interval=0)
    rows = [PlayerRow(name, debt=debt) for name, _b, debt, *_ in START]
    now = datetime.now(UTC).replace(microsecond=0)
    with Mirror.open(settings.mirror.database) as mirror:
        ledger = Ledger(mirror)
        seeded = seed_gndt(
            client,
            ledger,
            settings.wiki,
            rows,
            actor="Kevan",
            now=now,
            boss="Kevan",
            cause="seed the GNDT (a test)",
        )
        assert seeded is not None
        row = ledger.get(f"seed:{gamestate}")
        assert row is not None and row.is_applied
        assert (row.action, row.actor, dict(row.revisions)) == (
            "gndt seed",
            "Kevan",
            {gamestate: seeded},
        )
        assert row.cause == "seed the GNDT (a test)"
        assert sorted(row.after["state"]["players"]) == sorted(name for name, *_ in START)
        # A rerun (the table has its rows) records and edits nothing.
        assert (
            seed_gndt(client, ledger, settings.wiki, rows, actor="Kevan", now=now, boss="Kevan")
            is None
        )
        assert len(list(ledger.actions())) == 1
    assert [r.revid for r in client.history(gamestate)][0] == seeded

    later = format_wiki_time(now + timedelta(hours=3))
    data = json.loads(run(config, "--since", str(start), "--now", later, "--json"))
    [seeding] = [r for r in data["revisions"] if r["revid"] == seeded]
    assert seeding["bot"] and seeding["verdict"] == "legal", seeding
    assert seeding["findings"] == []
    assert [(a["action"], a["actor"], a["ledger"]) for a in seeding["actions"]] == [
        ("gndt seed", "Kevan", f"seed:{gamestate}")
    ]
    assert data["discrepancies"] == []
    text = run(config, "--since", str(start), "--now", later)
    assert "0 flagged" in text and "bot_unmatched" not in text and "refused" not in text


def test_the_text_says_no_raw_none_and_refused_once() -> None:
    from wikibot.cli.wiki_audit import render_audit
    from wikibot.wiki.audit_page import render_line

    revision = {
        "page": "Gamestate",
        "revid": 9,
        "parent": 4,
        "editor": "NomicBot",
        "at": "2026-11-25T13:50:14+00:00",
        "summary": "",
        "bot": True,
        "verdict": "unexplained",
        "actions": [],
        "findings": [
            {
                "kind": "unexplained",
                "rule": "",
                "words": "",
                "cell": "Gamestate/Dan/Smiles",
                "expected": None,
                "found": "10",
                "readings": [],
            },
            {
                "kind": "refused",
                "rule": "Gamestate Tracking",
                "words": "Any Imagineer ...",
                "cell": "Gamestate/Josh/Smiles",
                "expected": "refused: NomicBot is not an Imagineer",
                "found": "11",
                "readings": [],
            },
            {
                "kind": "bot_unmatched",
                "rule": "",
                "words": "",
                "cell": "",
                "expected": None,
                "found": "revision 9",
                "readings": [],
            },
        ],
    }
    data = {
        "since": "revision 4",
        "now": "2026-11-26T00:00:00Z",
        "assumptions": [],
        "revisions": [revision],
        "pending": [],
        "discrepancies": [],
        "events": [],
    }
    text = "\n".join(render_audit(data))
    assert "None" not in text
    assert "unexplained at Gamestate/Dan/Smiles: expected (none), found 10" in text
    assert (
        'refused: rule "Gamestate Tracking" at Gamestate/Josh/Smiles: NomicBot is not an '
        "Imagineer, found 11"
    ) in text
    assert (
        "bot_unmatched: revision 9, the bot's own, has no ledger row: audited as any edit" in text
    )
    line = render_line(revision)
    assert "None" not in line and "Gamestate/Dan/Smiles (expected (none), found 10)" in line
    assert "unmatched (revision 9, the bot's own, has no ledger row)" in line
