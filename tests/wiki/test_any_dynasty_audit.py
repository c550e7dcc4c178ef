"""``nomicbot wiki audit`` for a dynasty nomicbot has no package for, end to end on the
real sandbox MediaWiki: three made-up dynasties' tables of different shapes, their
histories imported with ``importDump.php`` (authors, past timestamps).

The Seekers (a plain table, a template in each row, numbers): a non-player's edit, an
Idle player's, one in a DoV's Hiatus, an enacted "set" written right, one written
wrong, one never written (a CfJ), a correction and an unexplained change. The
Settlers (row- and column-spans, a two-row header) and the Defusers (rows keyed by
their second column, text columns, a junk table after it): each revision's cells,
editor and verdict. Each mirror holds the Ascension's Ruleset revision (Nomicland's
rules repealed), so the generic audit runs.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from gamestate.profiles.blognomic_139.models import Player, Post, PostStatus
from tests.any_dynasty import (
    DEFUSERS,
    SEEKERS,
    SETTLERS,
    defusers_table,
    seekers_table,
    settlers_table,
)
from tests.plugins.wiki import HumanEditor
from tests.wiki.audit_histories import by_summary
from tests.wiki.test_audit_end_to_end import run
from wikibot.config import WikiConfig, load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.mirror.rulesets import store_ruleset_revisions
from wikibot.resolve.run import game_with_resolutions
from wikibot.sandbox.mediawiki import RunningWiki, create_account
from wikibot.watch.audit_step import audit_step
from wikibot.wiki.client import WikiClient
from wikibot.wiki.dump import DumpRevision, import_history
from wikibot.wiki.revisions import WikiRevision

pytestmark = pytest.mark.integration

PEOPLE = ("Ann", "Ben", "Cy", "Mallory")
ADDRESS = datetime(2016, 6, 1, 9, 0, tzinfo=UTC)
T0 = datetime(2016, 6, 1, 12, 0, tzinfo=UTC)


def at(hours: float) -> datetime:
    return T0 + timedelta(hours=hours)


@pytest.fixture(scope="module")
def accounts(sandbox_wiki: RunningWiki) -> None:
    for name in PEOPLE:
        create_account(sandbox_wiki.data_dir, name, secrets.token_urlsafe(18))


def seekers(ann: int, ben: int, cy: int = 1) -> str:
    return seekers_table(
        [("Ann", 3, ann, "Active"), ("Ben", 2, ben, "Active"), ("Cy", 1, cy, "Active")]
    )


def enacted(pid: str, kind: str, text: str, hours: float, admin: str = "Ann") -> Post:
    category = "Proposal" if kind == "proposal" else "Call for Judgement"
    return Post(
        pid,
        category,
        f"{category}: {pid}",
        "Ben",
        at(hours - 24),
        status=PostStatus.ENACTED,
        body_html=f"<p>{text}</p>",
        admin_note=f"Enacted by {admin} (3-0)",
        resolved_at=at(hours),
    )


def make_game(
    sandbox_wiki: RunningWiki,
    tmp_path: Path,
    *,
    ruleset: str,
    history: Sequence[DumpRevision],
    pages: Sequence[str],
    posts: Sequence[Post] = (),
    key: str = "",
    audit_page: str,
) -> Path:
    """Imports ``history``, fills a mirror (roster: Ann, Ben, Cy Idle; the Ascension's
    Ruleset revision; ``posts``) and writes the config."""
    import_history(sandbox_wiki.data_dir, history)
    database = tmp_path / "mirror.sqlite"
    with Mirror.open(str(database)) as mirror:
        mirror.store_roster(
            [Player("Ann", admin=True), Player("Ben"), Player("Cy", idle=True)],
            boss="Ann",
            seen_at=datetime(2016, 5, 1, tzinfo=UTC),
        )
        address = WikiRevision("Ruleset", 1, None, "Ann", ADDRESS, "Ascension", ruleset, False)
        store_ruleset_revisions(mirror, "Ruleset", [address], seen_at=ADDRESS)
        for post in posts:
            mirror.store_post(post, seen_at=at(30))
    wiki: WikiConfig = sandbox_wiki.wiki_config()
    config = tmp_path / "nomicbot.toml"
    listed = ", ".join(json.dumps(p) for p in pages)
    config.write_text(
        "[wiki]\n"
        f'url = "{wiki.url}"\n'
        f'user = "{wiki.user}"\n'
        f'password_file = "{wiki.password_file}"\n'
        f"gamestate_pages = [{listed}]\n"
        f'gamestate_key = "{key}"\n'
        f'audit_page = "{audit_page}"\n'
        "edit_interval = 0\n"
        "[mirror]\n"
        f'database = "{database}"\n'
        '[game]\nplayer = "Ann"\ncontact = "mailto:ops@example.org"\n',
        encoding="utf-8",
    )
    return config


def kinds(revision: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(f["kind"], f["rule"]) for f in revision["findings"]]


SINCE = ("--since", "2016-06-01T11:00:00Z", "--now", "2016-06-03T00:00:00Z")


def test_the_seekers_week(
    sandbox_wiki: RunningWiki,
    accounts: None,
    page_title: str,
    tmp_path: Path,
    human: HumanEditor,
    bot: WikiClient,
) -> None:
    page, audit_page = f"{page_title}/Seekers", f"{page_title}/Audit"
    human.edit("Template:Active", "active<noinclude>A Seeker's status.</noinclude>")
    edits = [
        (seekers(10, 10), "Ann", at(-1), "the table as it stood"),
        (seekers(11, 10), "Mallory", at(0.5), "a point for Ann"),  # not a Seeker
        (seekers(10, 10), "Ann", at(0.6), "undo Mallory"),  # a correction
        (seekers(15, 10), "Ann", at(1.2), "p1"),  # enacted "set", right
        (seekers(15, 25), "Ben", at(3.1), "p2"),  # enacted "set", wrong
        (seekers(15, 25, 2), "Cy", at(5), "mine"),  # Idle
        (seekers(16, 25, 2), "Ben", at(6), "a point"),  # unexplained: unchecked
        (seekers(16, 26, 2), "Ben", at(8), "in Hiatus"),
    ]
    posts = [
        enacted("p1", "proposal", "Set Ann's Score to 15.", 1),
        enacted("p2", "proposal", "Set Ben's Score to 20.", 3),
        enacted("c1", "cfj", "Set Ann's Development Interval to 9.", 4),
        Post(
            "dov_ben",
            "Declaration of Victory",
            "DoV: Ben",
            "Ben",
            at(7),
            status=PostStatus.FAILED,
            resolved_at=at(9),
        ),
    ]
    config = make_game(
        sandbox_wiki,
        tmp_path,
        ruleset=SEEKERS,
        pages=[page],
        posts=posts,
        audit_page=audit_page,
        history=[DumpRevision(page, text, who, when, said) for text, who, when, said in edits],
    )
    code, out = run(config, "--now", "2016-06-03T00:00:00Z")
    assert code == 1 and out.count("\n") == 1  # nothing audited yet: where to start?
    assert "nothing of these pages audited yet: give --since REVID or --since ISO" in out
    code, out = run(config, *SINCE, "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["dynasty"] == (
        "Dynasty: the Seekers' dynasty; keyword Seeker; dynastic rules: Development Interval, Score"
    )
    found = by_summary(data)
    assert [(r["summary"], r["editor"], r["verdict"]) for r in data["revisions"]] == [
        ("a point for Ann", "Mallory", "illegal"),
        ("undo Mallory", "Ann", "legal"),
        ("p1", "Ann", "legal"),
        ("p2", "Ben", "illegal"),
        ("mine", "Cy", "illegal"),
        ("a point", "Ben", "unchecked"),
        ("in Hiatus", "Ben", "illegal"),
    ]
    assert found["a point for Ann"]["changes"] == [
        {
            "page": page,
            "table": "table 1",
            "row": "Ann",
            "column": "Score",
            "from": "10",
            "to": "11",
        }
    ]
    [refused] = found["a point for Ann"]["findings"][:1]
    assert refused["rule"] == "Gamestate Tracking"
    assert refused["expected"] == (
        "refused: Mallory is not a Seeker at 2016-06-01T12:30:00Z (the roster)"
    )
    assert refused["words"] == (
        "Any Seeker may update any Seeker's data via the GNDT, whenever the Ruleset permits it."
    )
    assert kinds(found["undo Mallory"]) == [("correction", "Gamestate Tracking")]
    assert kinds(found["p1"]) == [("matched", "Resolution of Proposals")]
    wrong = found["p2"]["findings"][0]
    assert (wrong["kind"], wrong["expected"], wrong["found"], wrong["cause"]) == (
        "wrong_value",
        "20",
        "25",
        "proposal p2",
    )
    assert kinds(found["mine"])[0] == ("refused", "Idle Seekers")
    assert kinds(found["in Hiatus"])[0] == ("refused", "Victory and Ascension")
    hiatus = found["in Hiatus"]["findings"][0]
    assert "the game is in Hiatus" in hiatus["expected"] and hiatus["found"] == "26"
    assert hiatus["words"].startswith("During this time, the only game actions that may be")
    assert data["missing"] == [
        {
            "matter": "c1",
            "cell": f"{page}/table 1/Ann/Development Interval",
            "expected": "9",
            "found": "3",
            "since": "2016-06-01T16:00:00Z",
        }
    ]
    assert data["warnings"] == []  # the template read from its page: 'active'

    code, text = run(config, *SINCE)
    assert code == 0 and "Dry run: nothing recorded" in text
    assert "    table 1/Ann/Score: 10 -> 11" in text
    assert "Missing: c1 (resolved 2016-06-01T16:00:00Z)" in text

    code, text = run(config, *SINCE, "--apply")
    assert code == 0, text
    assert "Recorded 7 audited revision(s)" in text
    report = human.read(audit_page)
    flagged = [line for line in report.splitlines() if line.startswith("* [[Special:Diff/")]
    assert len(flagged) == 4
    assert any(
        "'''illegal''': rule \"Gamestate Tracking\"" in line and "Mallory" in line
        for line in flagged
    )
    page_revision = bot.read(audit_page).revid
    code, text = run(config, "--apply", "--now", "2016-06-03T00:00:00Z")
    assert code == 0 and "0 revision(s)" in text and "Recorded 0 audited" in text
    assert bot.read(audit_page).revid == page_revision

    # watch: the next human edit (the wiki's Admin, no Seeker) audited and announced.
    human.edit(page, seekers(17, 26, 2), "a point from Admin")
    loaded = load_config(config)
    with Mirror.open(str(loaded.mirror.database)) as mirror:
        game = game_with_resolutions(mirror)
        events = audit_step(
            loaded, mirror, bot, game, datetime(2100, 1, 1, tzinfo=UTC), ruleset=lambda: None
        )
    [event] = events
    assert event.key.startswith("audit:") and "by Admin is illegal" in event.text
    assert 'rule "Gamestate Tracking"' in event.text
    assert bot.read(audit_page).revid != page_revision
    # The next cycle: a revert of that edit is a correction, known from the recorded audit.
    revert = human.edit(page, seekers(16, 26, 2), "revert")
    with Mirror.open(str(loaded.mirror.database)) as mirror:
        audit_step(
            loaded, mirror, bot, game, datetime(2100, 1, 1, tzinfo=UTC), ruleset=lambda: None
        )
        recorded = Ledger(mirror, domain="audit").get(f"audit:{revert}")
    assert recorded is not None
    assert "correction" in [f["kind"] for f in recorded.after["findings"]]


def test_the_settlers_spans_and_the_defusers_key(
    sandbox_wiki: RunningWiki, accounts: None, page_title: str, tmp_path: Path
) -> None:
    page = f"{page_title}/Settlers"
    rows = [("Ann", "1", "2", "North"), ("Ben", "3", "4", "North"), ("Cy", "5", "6", "South")]
    moved = [("Ann", "1", "2", "North"), ("Ben", "3", "4", "South"), ("Cy", "5", "6", "South")]
    more = [("Ann", "3", "2", "North"), ("Ben", "3", "4", "South"), ("Cy", "5", "6", "South")]
    (tmp_path / "settlers").mkdir()
    config = make_game(
        sandbox_wiki,
        tmp_path / "settlers",
        ruleset=SETTLERS,
        pages=[page],
        audit_page=f"{page_title}/Audit",
        posts=[enacted("p9", "proposal", "Add 2 to Ann's Stockpile / Wood.", 2)],
        history=[
            DumpRevision(page, settlers_table(rows), "Ann", at(-1), "start"),
            DumpRevision(page, settlers_table(moved), "Ben", at(1), "Ben goes South"),
            DumpRevision(page, settlers_table(more), "Ann", at(2.1), "p9"),
        ],
    )
    code, out = run(config, *SINCE, "--json")
    assert code == 0, out
    found = by_summary(json.loads(out))
    # Ben's Faction leaves North's rowspan for South's: one cell changed, as rendered.
    assert [
        (c["row"], c["column"], c["from"], c["to"]) for c in found["Ben goes South"]["changes"]
    ] == [("Ben", "Faction", "North", "South")]
    assert found["Ben goes South"]["verdict"] == "unchecked"
    assert kinds(found["p9"]) == [("matched", "Resolution of Proposals")]

    page = f"{page_title}/Defusers"
    (tmp_path / "defusers").mkdir()
    config = make_game(
        sandbox_wiki,
        tmp_path / "defusers",
        ruleset=DEFUSERS,
        pages=[page],
        key="Defuser",
        audit_page=f"{page_title}/Audit2",
        history=[
            DumpRevision(
                page,
                defusers_table([("Ann", "Wires", "none"), ("Ben", "Fuses", "none")]),
                "Ann",
                at(-1),
                "start",
            ),
            DumpRevision(
                page,
                defusers_table([("Ben", "Fuses", "red wire"), ("Ann", "Wires", "none")]),
                "Ben",
                at(1),
                "claim, rows reordered",
            ),
            DumpRevision(page, "{| junk\n! a\n", "Ben", at(2), "vandal"),
        ],
    )
    code, out = run(config, *SINCE, "--json")
    assert code == 0, out
    data = json.loads(out)
    found = by_summary(data)
    # Keyed by the Defuser column: reordering changes the '#' cells and Ben's Claim only.
    assert sorted(
        (c["row"], c["column"], c["to"]) for c in found["claim, rows reordered"]["changes"]
    ) == [("Ann", "#", "2"), ("Ben", "#", "1"), ("Ben", "Claim", "red wire")]
    assert found["vandal"]["verdict"] == "unchecked"  # every cell removed: said, not raised
    assert any("never closed" in w for w in data["warnings"])
    assert any("table 2" in w and "no header row" in w for w in data["warnings"])

    # No page named: refused in one line, saying what to configure.
    config.write_text(
        config.read_text(encoding="utf-8").replace(f'gamestate_pages = ["{page}"]', ""),
        encoding="utf-8",
    )
    code, out = run(config, *SINCE)
    assert code == 1 and out.count("\n") == 1
    assert "[wiki] gamestate_pages names no page" in out
