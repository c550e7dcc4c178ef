"""``nomicbot wiki audit`` end to end on the real sandbox MediaWiki: a week of human edits.

The week is imported with its authors and past timestamps (``importDump.php``):
the pages as they stood on Sunday 15 May 2016, then Monday to Thursday's edits by
the Boss (Kevan), the Imagineers (Josh, Clucky, Ais) and a non-player (Mallory):
a new Business Day, a Zone, a Building split over the two pages, a Building whose
cost is written wrong and then corrected, an unearned Smile undone, a non-player's
edit, a Building during a DoV's Hiatus, and prose. The mirror holds the roster and
the DoV. The test runs the command as an Admin would (dry run, ``--json``,
``--apply``, a rerun) and checks each verdict, rule and cell and the report page.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamestate.profiles.blognomic_139.models import Player, Post, PostStatus
from tests.plugins.wiki import HumanEditor
from wikibot.cli import cli
from wikibot.config import WikiConfig, load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.sandbox.mediawiki import RunningWiki, create_account
from wikibot.wiki.client import WikiClient
from wikibot.wiki.dump import DumpRevision, import_history
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT as TABLE_SEED
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED

PEOPLE = ("Kevan", "Josh", "Clucky", "Ais", "Mallory")
FRONT = "Welcome. Past dynasties:\n* The Mouse Dynasty of Kevan, a theme park.\n"
SUN = datetime(2016, 5, 15, 12, 0, tzinfo=UTC)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    """16 May 2016 is day 0 (Monday)."""
    return datetime(2016, 5, 16 + day, hour, minute, tzinfo=UTC)


def table(rows: Sequence[tuple[str, int, int, int, int]]) -> str:
    body = "".join(f"|-\n| {n} || {b} || {d} || {s} || {lbd}\n" for n, b, d, s, lbd in rows)
    return TABLE_SEED.replace("|}\n", body + "|}\n")


def park(zones: str = "", days: Sequence[str] = (), prose: str = "") -> str:
    queue = "".join(f"# {d}\n" if d else "#\n" for d in days)
    text = PARK_SEED.replace("== Visitors ==\n", zones + "== Visitors ==\n" + queue)
    return text + prose


START = [
    ("Kevan", 0, -50000, 10, 0),
    ("Josh", 0, 0, 10, 0),
    ("Clucky", 0, 0, 10, 0),
    ("Ais", 0, 0, 10, 0),
]


def rows(**changes: tuple[int, int, int, int]) -> list[tuple[str, int, int, int, int]]:
    return [(n, *changes[n]) if n in changes else (n, b, d, s, lbd) for n, b, d, s, lbd in START]


MOUSE = "== The Mouse Zone ==\n* Operator: Josh\n"


def mouse(*buildings: str) -> str:
    return MOUSE + (f"* Buildings: {', '.join(buildings)}\n" if buildings else "") + "\n"


@pytest.fixture(scope="module")
def accounts(sandbox_wiki: RunningWiki) -> None:
    for name in PEOPLE:
        create_account(sandbox_wiki.data_dir, name, secrets.token_urlsafe(18))


def week(titles: tuple[str, str]) -> list[DumpRevision]:
    """The week, oldest first: (page, text, editor, time, summary)."""
    n, g = titles
    edits = [
        (n, park(), "Admin", SUN, "the pages as they stood"),
        (g, table(START), "Admin", SUN, "the pages as they stood"),
        # Monday.
        (n, park(days=[""]), "Kevan", at(0, 9), "Business Day 1"),
        (n, park(mouse(), [""]), "Josh", at(0, 9, 30), "my Zone"),
        # Tunnel System: 2000 by Debt, split over the two pages.
        (n, park(mouse("Tunnel System"), [""]), "Josh", at(0, 10, 10), "build"),
        (g, table(rows(Josh=(0, -2000, 10, 0))), "Josh", at(0, 10, 12), "build: cost"),
        # Playpit: 2500 by Debt, written as 2000.
        (n, park(mouse("Tunnel System", "Playpit"), [""]), "Josh", at(0, 11), "Playpit"),
        (g, table(rows(Josh=(0, -4000, 10, 0))), "Josh", at(0, 11, 2), "Playpit: cost"),
        # Clucky corrects it (Gamestate Tracking).
        (g, table(rows(Josh=(0, -4500, 10, 0))), "Clucky", at(0, 15), "correct Josh's Debt"),
        # Tuesday: Ais gives herself ten Smiles; Kevan undoes it.
        (g, table(rows(Josh=(0, -4500, 10, 0), Ais=(0, 0, 20, 0))), "Ais", at(1, 9), "smiles"),
        (g, table(rows(Josh=(0, -4500, 10, 0))), "Kevan", at(1, 9, 30), "Undo revision"),
        # A non-player's edit.
        (g, table(rows(Josh=(0, -4500, 11, 0))), "Mallory", at(1, 12), "a smile for Josh"),
        (g, table(rows(Josh=(0, -4500, 10, 0))), "Kevan", at(1, 12, 30), "revert Mallory"),
        # Wednesday 12:00 Clucky's DoV puts the game in Hiatus; Josh builds at 18:00.
        (
            n,
            park(mouse("Tunnel System", "Playpit", "Lazy River"), [""]),
            "Josh",
            at(2, 18),
            "Lazy River",
        ),
        # 1000 + 500*3/2 + 1000*2 (two Buildings in the Zone) = 3750 by Debt.
        (g, table(rows(Josh=(0, -8250, 10, 0))), "Josh", at(2, 18, 1), "Lazy River: cost"),
        # Thursday: prose.
        (
            n,
            park(mouse("Tunnel System", "Playpit", "Lazy River"), [""], "\nSee you there!\n"),
            "Ais",
            at(3, 9),
            "a word",
        ),
    ]
    return [DumpRevision(p, text, who, when, said) for p, text, who, when, said in edits]


def import_week(wiki: RunningWiki, titles: tuple[str, str], database: Path) -> None:
    """Imports the front page and the week into the wiki (pages ``titles``: Nomicland,
    Gamestate; its people's accounts made already) and stores its roster and the DoV in a
    new mirror at ``database``."""
    import_history(
        wiki.data_dir,
        [
            DumpRevision("Main Page", FRONT, "Admin", datetime(2016, 5, 1, tzinfo=UTC)),
            *week(titles),
        ],
    )
    with Mirror.open(str(database)) as mirror:
        mirror.store_roster(
            [Player("Kevan", admin=True), Player("Josh"), Player("Clucky"), Player("Ais")],
            boss="Kevan",
            seen_at=datetime(2016, 5, 1, tzinfo=UTC),
        )
        mirror.store_post(
            Post(
                "dov_clucky",
                "Declaration of Victory",
                "Declaration of Victory: Clucky wins",
                "Clucky",
                at(2, 12),
                status=PostStatus.FAILED,
                resolved_at=at(3, 0, 30),
            ),
            seen_at=at(3, 1),
        )


@pytest.fixture
def setup(
    sandbox_wiki: RunningWiki, accounts: None, page_title: str, tmp_path: Path
) -> tuple[Path, tuple[str, str], str]:
    titles = (f"{page_title}/Nomicland", f"{page_title}/Gamestate")
    audit_page = f"{page_title}/Audit"
    database = tmp_path / "mirror.sqlite"
    import_week(sandbox_wiki, titles, database)
    config = write_audit_config(
        tmp_path, sandbox_wiki.wiki_config(), (titles[0], titles[1]), audit_page, database
    )
    return config, titles, audit_page


def write_audit_config(
    tmp_path: Path, wiki: WikiConfig, pages: tuple[str, str], audit_page: str, database: Path
) -> Path:
    """The nomicbot.toml the audit tests use: the sandbox wiki, the two gamestate pages
    (Nomicland, Gamestate), the report page and the mirror; Kevan runs the bot."""
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        "[wiki]\n"
        f'url = "{wiki.url}"\n'
        f'user = "{wiki.user}"\n'
        f'password_file = "{wiki.password_file}"\n'
        f'nomicland_page = "{pages[0]}"\n'
        f'gamestate_page = "{pages[1]}"\n'
        f'audit_page = "{audit_page}"\n'
        "edit_interval = 0\n"
        "[mirror]\n"
        f'database = "{database}"\n'
        '[game]\nplayer = "Kevan"\ncontact = "mailto:ops@example.org"\n',
        encoding="utf-8",
    )
    return config


def run(config: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        cli, ["wiki", "audit", "--config", str(config), *args], catch_exceptions=False
    )
    return result.exit_code, result.stdout if "--json" in args else result.output


def verdicts(data: dict[str, Any]) -> dict[str, tuple[str, list[str], list[tuple[Any, ...]]]]:
    """Summary -> (verdict, actions, findings as (rule, cell, expected, found))."""
    return {
        r["summary"]: (
            r["verdict"],
            [a["action"] for a in r["actions"]],
            [
                (f["rule"], f["cell"], f["expected"], f["found"])
                for f in r["findings"]
                if f["kind"] not in ("alternatives", "reading")
            ],
        )
        for r in data["revisions"]
    }


def findings(data: dict[str, Any], summary: str) -> list[tuple[str, str, str]]:
    """The (kind, rule, words) of one revision's findings."""
    audited = next(r for r in data["revisions"] if r["summary"] == summary)
    return [(f["kind"], f["rule"], f["words"]) for f in audited["findings"]]


def test_a_week_of_human_edits(
    setup: tuple[Path, tuple[str, str], str], human: HumanEditor, bot: WikiClient
) -> None:
    config, titles, audit_page = setup
    since = ("--since", "2016-05-15T12:00:00Z", "--now", "2016-05-20T00:00:00Z")
    code, out = run(config, *since, "--json")
    assert code == 0, out
    data = json.loads(out)
    assert list(data) == [
        "since",
        "now",
        "assumptions",
        "revisions",
        "pending",
        "discrepancies",
        "events",
        "state",
    ]
    assert data["since"] == "2016-05-15T12:00:00Z" and data["now"] == "2016-05-20T00:00:00Z"
    assert data["assumptions"], "before the ledger's first row the audit says what it assumed"
    assert [r["editor"] for r in data["revisions"]][:3] == ["Kevan", "Josh", "Josh"]
    assert all(not r["bot"] for r in data["revisions"])
    found = verdicts(data)
    assert found["Business Day 1"][:2] == ("legal", ["day new"])
    assert found["my Zone"][:2] == ("legal", ["zone create"])
    # One Building over two edits: one action, both revisions its cause.
    assert found["build"][:2] == found["build: cost"][:2] == ("legal", ["build"])
    build = next(r for r in data["revisions"] if r["summary"] == "build")["actions"][0]
    assert len(build["revisions"]) == 2 and build["actor"] == "Josh"
    # Playpit's cost written wrong: the rule, the cell, the value expected and found.
    wrong = ("Construction", "Gamestate/Josh/Debt", "-4500", "-4000")
    assert found["Playpit: cost"] == ("illegal", ["build"], [wrong])
    assert found["correct Josh's Debt"][:2] == ("legal", ["correction"])
    # Ais's unearned Smiles, undone by the Boss half an hour later: no action gives them
    # (unexplained), and her edit is not "an undo" of the Boss's later one.
    assert found["smiles"] == ("unexplained", [], [("", "Gamestate/Ais/Smiles", "10", "20")])
    assert findings(data, "smiles") == [("unexplained", "", "")]
    assert found["Undo revision"][:2] == ("legal", ["correction"])
    # A non-player's edit: refused by "Gamestate Tracking" (only an Imagineer may update the
    # GNDT), not reported as an undo.
    assert found["a smile for Josh"][0] == "illegal"
    [(rule, cell, expected, value)] = found["a smile for Josh"][2]
    assert (rule, cell, value) == ("Gamestate Tracking", "Gamestate/Josh/Smiles", "11")
    assert expected.startswith("refused: Mallory is not an Imagineer at 2016-05-17T12:00:00")
    assert expected.endswith("the ledger holds 10")
    assert findings(data, "a smile for Josh") == [
        (
            "refused",
            "Gamestate Tracking",
            "Any Imagineer may update any Imagineer's data via the GNDT, whenever the Ruleset "
            "permits it.",
        )
    ]
    assert found["revert Mallory"][:2] == ("legal", ["correction"])
    # A Building during the DoV's Hiatus: refused by the Hiatus rule, not by its cost.
    assert found["Lazy River"][0] == "illegal"
    assert found["Lazy River"][2][0][:2] == (
        "Victory and Ascension",
        "Nomicland/The Mouse Zone/Buildings",
    )
    assert findings(data, "Lazy River")[0] == (
        "refused",
        "Victory and Ascension",
        "During this time, the only game actions that may be taken are those covered by Rules "
        "\u201cImagineers\u201d, \u201cVotable Matters\u201d, \u201cCalls for Judgement\u201d, "
        "\u201cGamestate Tracking\u201d and \u201cVictory and Ascension\u201d.",
    )
    # Prose is legal with no action.
    assert found["a word"] == ("legal", [], [])
    assert data["state"]["players"]["Josh"]["debt"] == -4500

    # A dry run records nothing; the text form names each revision.
    with Mirror.open(str(load_config(config).mirror.database)) as mirror:
        assert list(Ledger(mirror).actions()) == []
    code, text = run(config, *since)
    assert code == 0 and "Dry run: nothing recorded" in text
    assert (
        'wrong_value: rule "Construction" at Gamestate/Josh/Debt: expected -4500, found -4000'
        in text
    )

    # --apply: the ledger rows, each caused by its revisions, and the report page.
    code, text = run(config, *since, "--apply")
    assert code == 0, text
    with Mirror.open(str(load_config(config).mirror.database)) as mirror:
        rows = list(Ledger(mirror).actions())
    # The wrong Playpit is recorded right (-4500): "a legal action written wrongly is still
    # recorded right".
    rev = {r["summary"]: r["revid"] for r in data["revisions"]}
    assert [(r.action, r.cause) for r in rows] == [
        ("day new", f"revision {rev['Business Day 1']}"),
        ("zone create", f"revision {rev['my Zone']}"),
        ("build", f"revisions {rev['build']}, {rev['build: cost']}"),
        ("build", f"revisions {rev['Playpit']}, {rev['Playpit: cost']}"),
        ("correction", f"revision {rev['correct Josh' + chr(39) + 's Debt']}"),
        ("correction", f"revision {rev['Undo revision']}"),
        ("correction", f"revision {rev['revert Mallory']}"),
    ]
    assert rows[3].after["state"]["players"]["Josh"]["debt"] == -4500
    assert all(r.cause.startswith("revision") for r in rows)
    report = human.read(audit_page)
    # Wikitext, not Markdown: a backtick would show as itself.
    assert "`" not in report and "(<code>nomicbot wiki audit</code>)" in report
    flagged = [line for line in report.splitlines() if line.startswith("* [[Special:Diff/")]
    assert len(flagged) == sum(
        1 for r in data["revisions"] if r["verdict"] in ("illegal", "unexplained", "ambiguous")
    )
    [mallory] = [line for line in flagged if "Mallory" in line]
    assert (
        "by [[Special:Contributions/Mallory|Mallory]]: '''illegal''': rule \"Gamestate "
        'Tracking", Gamestate/Josh/Smiles (refused: Mallory is not an Imagineer at '
    ) in mallory
    # The moment is written as every reason writes one (ISO, Z for UTC).
    assert re.search(r"not an Imagineer at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(the roster\)", mallory)
    assert any(
        'rule "Construction", Gamestate/Josh/Debt (expected -4500, found -4000)' in line
        for line in flagged
    )
    page_revision = bot.read(audit_page).revid

    # A rerun changes nothing: no row, no edit; without --since it costs one request.
    code, text = run(config, *since, "--apply")
    assert "Recorded 0 ledger row(s) and 0 audited revision(s)" in text
    code, text = run(config, "--apply", "--now", "2016-05-20T00:00:00Z")
    assert "0 revision(s)" in text and "Recorded 0 ledger row(s)" in text
    # Where it went on from, in words: after the revisions the last audit read.
    assert "Audit of the gamestate pages after revisions " in text, text
    assert bot.read(audit_page).revid == page_revision
    with Mirror.open(str(load_config(config).mirror.database)) as mirror:
        assert len(list(Ledger(mirror).actions())) == len(rows)
