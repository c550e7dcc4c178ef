"""``nomicbot resolve`` end to end: the sandbox blog over HTTP, the real sandbox MediaWiki,
a SQLite mirror; a game moves through a week by ``--now``."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rules_text.ascension import rename_terms, repeal_dynastic_rules
from rules_text.seed import ruleset_139_wikitext
from tests.plugins.wiki import HumanEditor
from tests.resolve.week import STEPS, admin_step, seed_pages, week_game, write_config
from wikibot.archive import format_time
from wikibot.cli import cli
from wikibot.config import Config
from wikibot.mirror import LedgerRow, Mirror, load_resolutions
from wikibot.sandbox.blog import SandboxBlog
from wikibot.wiki.client import WikiClient

pytestmark = pytest.mark.integration


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def iso(moment: datetime) -> str:
    return format_time(moment)


def ledger(config_dir: Path) -> list[tuple[str, str]]:
    with Mirror.open(str(config_dir / "mirror.sqlite")) as mirror, mirror.bound():
        return sorted((r.op_id, r.state) for r in LedgerRow.select())


def states(config_dir: Path) -> dict[str, str]:
    with Mirror.open(str(config_dir / "mirror.sqlite")) as mirror:
        return {k: r.state for k, r in load_resolutions(mirror).items()}


def notes(config_dir: Path) -> dict[str, tuple[str, str]]:
    with Mirror.open(str(config_dir / "mirror.sqlite")) as mirror:
        return {k: (r.status_word, r.note) for k, r in load_resolutions(mirror).items()}


def pending(config: str, now: datetime) -> list[str]:
    result = invoke("status", "--config", config, "--now", iso(now), "--json")
    assert result.exit_code == 0, result.output
    return [m["id"] for m in json.loads(result.stdout)["matters"]]


def test_help_has_an_example() -> None:
    result = invoke("resolve", "--help")
    assert result.exit_code == 0 and "Example:" in result.output and "--with-text" in result.output


def test_a_week_of_resolutions(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    bot: WikiClient,
    page_title: str,
) -> None:
    blog = sandbox_blog(week_game())
    seed_pages(human, page_title)
    config = str(write_config(tmp_path, blog, wiki_config, page_title))
    votes = f"{page_title}/Votes"
    assert invoke("sync", "--config", config).exit_code == 0

    # Day 1, a dry run: the plan and the Votes diff, nothing written.
    day1 = iso(STEPS["day1"])
    dry = invoke("resolve", "--config", config, "--now", day1)
    assert dry.exit_code == 0, dry.output
    assert "Dry run: nothing written" in dry.output
    assert "+" in dry.output and "prop_gamma" in dry.output
    assert ledger(tmp_path) == [] and human.read(votes) == "Prose above the tally, kept."

    # Day 1, applied: the oldest Proposal, then the next (now the oldest), then the CfJ.
    applied = invoke("resolve", "--config", config, "--now", day1, "--apply")
    assert applied.exit_code == 0, applied.output
    out = applied.output
    assert out.index("prop_alpha (Proposal: Fix the Queue): enact") < out.index(
        "prop_beta (Proposal: Loans for All): fail"
    )
    assert out.index("prop_beta") < out.index("cfj_one (Call for Judgement: Budget Fix): enact")
    assert "clause: proposal-quorum-for: FOR 3 >= Quorum 3 and open 13h" in out
    assert "tally: FOR 3, AGAINST 0, Quorum 3" in out
    assert "clause: proposal-quorum-unreachable" in out
    assert (
        'on the blog, the Admin sets: status Enacted, note "Enacted by Kevan (3-0, Quorum 3)", '
        f"Adminned at {day1}"
    ) in out
    assert "its text: apply by hand" in out
    assert notes(tmp_path) == {
        "prop_alpha": ("Enacted", "Enacted by Kevan (3-0, Quorum 3)"),
        "prop_beta": ("Failed", "Failed by Kevan (1-3, Quorum 3)"),
        "cfj_one": ("Enacted", "Enacted by Kevan (3-0, Quorum 3)"),
    }
    assert set(states(tmp_path).values()) == {"awaiting_blog"}
    assert all(state == "applied" for _, state in ledger(tmp_path))
    assert ("resolve/prop_alpha/votes", "applied") in ledger(tmp_path)
    page = human.read(votes)
    assert page.startswith("Prose above the tally, kept.\n")
    assert "prop_gamma" in page and "prop_alpha" not in page and "cfj_one" not in page
    summaries = [r.comment for r in bot.history(votes)]
    assert any("ledger #resolve/cfj_one/votes)" in s for s in summaries)
    # --now dates it everywhere: status at that instant no longer lists them.
    assert pending(config, STEPS["day1"]) == ["prop_gamma"]

    # A repeat changes nothing.
    before = (ledger(tmp_path), bot.history(votes)[0].revid)
    again = invoke("resolve", "--config", config, "--now", day1, "--apply")
    assert again.exit_code == 0 and "Nothing to resolve." in again.output
    assert (ledger(tmp_path), bot.history(votes)[0].revid) == before

    # The Admin sets each on the blog; the next sync confirms them.
    for post_id, (word, note) in notes(tmp_path).items():
        admin_step(blog, post_id, word, note, day1)
    synced = invoke("sync", "--config", config)
    assert synced.exit_code == 0, synced.output
    assert states(tmp_path) == dict.fromkeys(["prop_alpha", "prop_beta", "cfj_one"], "confirmed")

    # Day 3: prop_gamma timed out; the Admin sets another status by mistake: a mismatch.
    day3 = iso(STEPS["day3"])
    result = invoke("resolve", "--config", config, "--now", day3, "--apply")
    assert "prop_gamma (Proposal: Quiet Week): fail" in result.output
    assert "note: Timed out 1 vote to 0. Failed by Kevan" in result.output
    admin_step(blog, "prop_gamma", "Enacted", "Enacted by Kevan (1-0)", day3)
    synced = invoke("sync", "--config", config)
    assert "prop_gamma: resolved by Kevan as Failed" in synced.output
    assert "the blog shows Enacted" in synced.output
    assert states(tmp_path)["prop_gamma"] == "mismatch"
    status = invoke("status", "--config", config, "--now", day3)
    assert "resolution mismatch: prop_gamma" in status.output

    # Day 5: the DoV; the new Boss is recorded, and the roster's Boss checked against it.
    day5 = iso(STEPS["day5"])
    result = invoke("resolve", "--config", config, "--now", day5, "--apply")
    assert "dov_alice (Declaration of Victory: Alice): enact" in result.output
    assert "Alice recorded as the new Boss" in result.output
    assert ("resolve/dov_alice/boss", "applied") in ledger(tmp_path)
    admin_step(blog, "dov_alice", "Enacted", "Enacted by Kevan (3-0, Quorum 3)", day5)
    synced = invoke("sync", "--config", config)
    assert states(tmp_path)["dov_alice"] == "confirmed"
    assert "the roster's Boss is Kevan, but the enacted DoV made Alice the Boss" in synced.output

    # Day 6: Alice's Ascension Address: archives, then one Ruleset edit citing the post.
    day6 = iso(STEPS["day6"])
    result = invoke("resolve", "--config", config, "--now", day6, "--apply")
    assert result.exit_code == 0, result.output
    assert "aa_alice (Ascension Address): Ascension Address by Alice" in result.output
    seed = ruleset_139_wikitext()
    expected = rename_terms(
        repeal_dynastic_rules(seed, ["Budget", "Zones"]),
        {"Imagineer": "Groundskeeper", "Boss": "Mayor"},
    )
    ruleset = human.read(f"{page_title}/Ruleset")
    assert ruleset.rstrip() == expected.rstrip()
    assert "== Budget ==" in ruleset or "Budget" in ruleset
    assert "Licensing" not in ruleset and "Imagineer" not in ruleset
    assert human.read(f"{page_title}/Ruleset 139").rstrip() == seed.rstrip()
    assert human.read(f"{page_title}/Nomicland 139") == "== Visitors ==\n# AtSScAA"
    assert "Alice" in human.read(f"{page_title}/Gamestate 139")
    summary = bot.history(f"{page_title}/Ruleset")[0].comment
    assert "archive/aa_alice" in summary and "ledger #ascension/aa_alice/ruleset)" in summary
    edits = len(bot.history(f"{page_title}/Ruleset"))
    again = invoke("resolve", "--config", config, "--now", day6, "--apply")
    assert "Nothing to resolve." in again.output
    assert len(bot.history(f"{page_title}/Ruleset")) == edits
