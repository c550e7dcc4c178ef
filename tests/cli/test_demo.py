"""``nomicbot demo``: the main job end to end on the sandbox blog and a real MediaWiki."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from wikibot.cli import cli
from wikibot.sandbox.mediawiki import start_wiki

pytestmark = pytest.mark.integration

# What the demo's economy actions print, each change naming its thing once, with
# "(none)" for an absent value and "created" for a new Zone or Business Day.
ECONOMY_LINES = [
    "$ nomicbot day new --as Kevan",
    'Business Day 1: created, no Visitors: Business Day 1 begins (rule "Visitors")',
    "Gamestate: no change.",
    "$ nomicbot zone create --word Mouse --as Josh",
    "The Mouse Zone: created: Josh creates 'The Mouse Zone' ('Mouse' is on the front page), "
    'Operated by Josh (rule "Zones")',
    "Gamestate: no change.",
    "$ nomicbot zone create --word Coaster --as Clucky",
    "The Coaster Zone: created: Clucky creates 'The Coaster Zone' ('Coaster' is on the front "
    'page), Operated by Clucky (rule "Zones")',
    "Gamestate: no change.",
    "$ nomicbot build Playpit --as Josh",
    "Josh Debt: 0 -> -1000: Playpit: C + 500*S + 1000*X = 1000 + 500*0 + 1000*0 = 1000: "
    'Debt 0 - 1000 = -1000 (rule "Construction")',
    "The Mouse Zone Buildings: (none) -> Playpit: Josh constructs Playpit (1 of at most 10 "
    'on 2016-05-17; Zone Size 1, next-highest 0) (rule "Construction")',
    "$ nomicbot build 'Gift Shop' --budget C --as Clucky",
    "The Coaster Zone Buildings: (none) -> Gift Shop (Budget): Clucky constructs Gift Shop "
    '(Budget) (1 of at most 10 on 2016-05-17; Zone Size 1, next-highest 1) (rule "Construction")',
    "Gamestate: no change.",
    "$ nomicbot license create 'Mouse Empire' cA --as Josh",
    "Josh Debt: -1000 -> -4000: Fee of 'Mouse Empire (cA)': 1000 (c) + 2000 (A) = 3000: "
    'Debt -1000 - 3000 = -4000 (rule "Licensing")',
    "The Mouse Zone IP License: (none) -> Mouse Empire (cA): Josh themes 'The Mouse Zone' "
    "with 'Mouse Empire (cA)' (rule \"Licensing\")",
    "$ nomicbot license exercise --day 1 --as Josh",
    "Josh Smiles: 10 -> 9: exercise 'Mouse Empire (cA)': 1 + X = 1 + 0 = 1 Smiles (0 other "
    'exercises since the last processing) (rule "Licensing")',
    "Business Day 1 Visitors: (none) -> cA: Business Day 1 was Uncrowded (0 Visitors, at most "
    '16): adds cA (rule "Licensing")',
    "$ nomicbot day process --as Josh",
    'Reconciliation: Budget is 0 (rule "Visitors")',
    "Kevan Debt: -50000 -> -49980: Tourism: 10 x 2 Visitors + 0 Tourism = 20: "
    'Debt -50000 + 20 = -49980 (rule "Visitors")',
    "Josh Debt: -4000 -> -3960: Ticket Income: 20 x 2 Visitors + 0 Income - 0 Wages = 40: "
    'Debt -4000 + 40 = -3960 (rule "Visitors")',
    "Josh Smiles: 9 -> 10: Miscellaneous: +1 Smiles (Playpit in The Mouse Zone: 1) "
    '(rule "Visitors")',
    'Josh LBD: 0 -> 1: File Records: LBD set to Business Day 1 (rule "Visitors")',
    "Nomicland: no change.",
]


def _economy_lines(output: str) -> list[str]:
    """Each economy command the demo runs and the lines it prints, without the common
    options and the "Applied (ledger #...)" line (its revision numbers)."""
    lines: list[str] = []
    economy = output.split("seeded one row per player", 1)[-1]
    for block in economy.split("\n$ nomicbot ")[1:]:
        command, *printed = block.split("\n\n", 1)[0].splitlines()
        if " --apply " not in command or command.startswith(("wiki audit", "pages ")):
            continue  # another profile's example or pages, or the audit: not the economy
        lines.append("$ nomicbot " + command.split(" --apply ", 1)[0])
        lines += [line for line in printed if not line.startswith("Applied (ledger #")]
    return lines


def test_demo_syncs_shows_status_and_publishes_once(tmp_path: Path) -> None:
    first = CliRunner().invoke(cli, ["demo", "--data", str(tmp_path), "--once"])
    assert first.exit_code == 0, first.output
    assert "Sync run 1 (full): ok." in first.output
    assert "why: FOR 5 >= Quorum 5 and open 1d 2h 56m (at least 12h)" in first.output
    assert "note: Enacted by Brendan (5-0, Quorum 5)" in first.output  # [game] player
    assert "Votes: saved revision" in first.output
    # The economy: the GNDT seeded, then each action applied on the wiki.
    assert "seeded one row per player" in first.output
    assert first.output.count("Applied (ledger #") == 8, first.output
    assert _economy_lines(first.output) == ECONOMY_LINES
    votes_url = next(
        line.split()[-1] for line in first.output.splitlines() if "published tally:" in line
    )
    assert votes_url.startswith("http://127.0.0.1:")
    # The demo ends with one human edit (the Admin's, not the bot's) flagged on the report
    # page; the bot's own edits are matched to their ledger rows, legal and not flagged.
    human = re.search(r"Gamestate: revision (\d+) by Admin\.", first.output)
    assert human is not None, first.output
    revid = int(human.group(1))
    audit = first.output.split("$ nomicbot wiki audit --apply --now ", 1)[1]
    assert f"r{revid} Gamestate " in audit and "Admin: illegal" in audit
    assert 'refused: rule "Gamestate Tracking" at Gamestate/' in audit
    bot_lines = [line for line in audit.splitlines() if "NomicBot (bot):" in line]
    assert bot_lines and all(line.split(": ", 1)[1].startswith("legal") for line in bot_lines)
    assert "Recorded 0 ledger row(s) and " in audit and "Gamestate audit: saved revision" in audit
    flagged = [
        line for line in audit.splitlines() if line.startswith("Gamestate audit: * [[Special:Diff/")
    ]
    assert len(flagged) == 1 and f"[[Special:Diff/{revid}|r{revid}]] Gamestate" in flagged[0]
    assert "by [[Special:Contributions/Admin|Admin]]: '''illegal''': rule" in flagged[0]
    assert "index.php?title=Gamestate_audit" in first.output
    # Each other game's pages are published on the sandbox wiki, and their addresses shown.
    assert first.output.count("$ nomicbot pages --archive example:") == 4
    saved = [
        line
        for line in first.output.splitlines()
        if ": saved revision " in line and "/" in line.split(":")[0]
    ]
    assert len(saved) >= 4, first.output
    assert "the other games' pages:" in first.output
    # The same data directory again: same ports, nothing new on the blog, no new edit.
    second = CliRunner().invoke(cli, ["demo", "--data", str(tmp_path), "--once"])
    assert second.exit_code == 0, second.output
    assert "Sync run 2 (incremental): ok. 1 request (1 not modified)" in second.output
    # The same ports (the last run's may still have connections in TIME_WAIT), and --once
    # says the servers stop rather than inviting a browser to them.
    assert f"the published tally: {votes_url}\n" in second.output
    assert "The servers stop now (--once)" in second.output
    assert "Open in a browser" not in second.output
    assert "Votes: no change (the published tally is current)." in second.output
    # A rerun edits none of them.
    assert second.output.count(": no change.") >= len(saved), second.output
    assert second.output.count("already applied") == 8, second.output
    assert "Gamestate audit: a human edit is flagged already (no new edit):" in second.output
    assert "wiki audit" not in second.output and "by Admin." not in second.output
    # The servers were stopped by --once.
    with pytest.raises(requests.ConnectionError):
        requests.get(votes_url, timeout=5)
    # On the wiki itself: the flagged line on the report page, and the Admin's edit still
    # the Gamestate page's latest revision (the second run edited nothing more).
    wiki = start_wiki(tmp_path / "wiki")
    try:
        pages = requests.get(
            wiki.api_url,
            params={
                "action": "query",
                "prop": "revisions",
                "titles": "Gamestate|Gamestate audit",
                "rvprop": "ids|user|content",
                "rvslots": "main",
                "format": "json",
                "formatversion": "2",
            },
            timeout=30,
        ).json()["query"]["pages"]
    finally:
        wiki.stop()
    latest = {p["title"]: p["revisions"][0] for p in pages}
    assert latest["Gamestate"]["revid"] == revid and latest["Gamestate"]["user"] == "Admin"
    report = latest["Gamestate audit"]["slots"]["main"]["content"]
    assert flagged[0].removeprefix("Gamestate audit: ") in report.splitlines()
    assert latest["Gamestate audit"]["user"] == "NomicBot"
    config = (tmp_path / "nomicbot.toml").read_text(encoding="utf-8")
    assert "password_file" in config and "password =" not in config
    # Another game in the same data directory is refused (checked before any server
    # starts; this data directory, two real runs old, serves the test: the suite must
    # stay short on a busy machine, and a demo run is a minute there).
    other = tmp_path / "other.json"
    other.write_text('{"format": "nomic-archive/1", "players": [], "posts": []}')
    mixed = CliRunner().invoke(
        cli, ["demo", "--data", str(tmp_path), "--archive", str(other), "--once"]
    )
    assert mixed.exit_code == 1
    assert "holds the sandbox of another game" in mixed.output
