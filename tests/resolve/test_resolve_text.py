"""``resolve --apply --with-text`` end to end: enacted texts edit the real sandbox wiki's
Ruleset and Gamestate pages once, a repeat changes nothing, and a run killed between
``started`` and the edit is completed by a re-run with exactly one edit."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamestate import Game, Player
from rules_text import CreateRule, SetValue, apply_rule_changes
from rules_text.seed import ruleset_139_wikitext
from tests.builders import at, proposal
from tests.plugins.wiki import HumanEditor
from tests.resolve.week import run_cli, seed_pages, write_config
from wikibot.archive import format_time
from wikibot.cli import cli
from wikibot.config import Config
from wikibot.mirror import LedgerRow, Mirror
from wikibot.resolve import KILL_AT_ENV
from wikibot.sandbox.blog import SandboxBlog
from wikibot.wiki.client import WikiClient

pytestmark = pytest.mark.integration

LOANS = "Each Imagineer may take a Loan.\n\n* A Loan is  worth 5.\n* '''Loans''' end on Sunday."
CREATE_HTML = (
    "<p>Create a new rule called Loans with the following text:</p>"
    "<blockquote><p>Each Imagineer may take a Loan.</p>"
    "<ul><li>A Loan is  worth 5.</li><li>'''Loans''' end on Sunday.</li></ul></blockquote>"
)
BUDGET_HTML = "<p>Set Alice’s Budget to 50</p>"
GAMESTATE = (
    "Kept prose.\n\n"
    '{| class="wikitable sortable"\n! Imagineer !! Budget !! Debt !! Smiles !! LBD\n'
    "|-\n| Alice || 100 || 0 || 10 || 0 <!-- a human note -->\n|}\n"
)
NOW = format_time(at(13))


def text_game() -> Game:
    players = tuple(
        Player(n, admin=n in ("Kevan", "Alice")) for n in ("Kevan", "Alice", "Bob", "Carol", "Dave")
    )
    votes = [("Bob", "for"), ("Carol", "for")]
    create = replace(
        proposal("prop_loans", "Alice", when=at(0), votes=votes, title="Proposal: Loans"),
        body_html=CREATE_HTML,
    )
    budget = replace(
        proposal("prop_budget", "Bob", when=at(1), votes=[("Alice", "for"), ("Carol", "for")]),
        body_html=BUDGET_HTML,
        title="Proposal: Budget",
    )
    return Game(players=players, posts=(create, budget), boss="Kevan")


def invoke(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def setup(tmp: Path, blog: SandboxBlog, wiki: Config, human: HumanEditor, prefix: str) -> str:
    seed_pages(human, prefix)
    human.edit(f"{prefix}/Gamestate", GAMESTATE)
    config = str(write_config(tmp, blog, wiki, prefix))
    invoke("sync", "--config", config)
    return config


def bot_edits(bot: WikiClient, title: str) -> list[str]:
    return [r.comment for r in bot.history(title) if r.user == bot.user]


EXPECTED_RULESET = apply_rule_changes(ruleset_139_wikitext(), [CreateRule("Loans", LOANS)])
EXPECTED_GAMESTATE = GAMESTATE.replace("| Alice || 100 |", "| Alice || 50 |")


def test_with_text_applies_each_text_once(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    bot: WikiClient,
    page_title: str,
) -> None:
    blog = sandbox_blog(text_game())
    config = setup(tmp_path, blog, wiki_config, human, page_title)
    ruleset, gamestate = f"{page_title}/Ruleset", f"{page_title}/Gamestate"

    dry = invoke("resolve", "--config", config, "--now", NOW)
    assert "its text: create the rule 'Loans'" in dry.output
    assert f"{ruleset}: would change:" in dry.output and "+== Loans ==" in dry.output
    assert "its text: set Alice's Budget to 50" in dry.output
    assert bot_edits(bot, ruleset) == []

    applied = invoke("resolve", "--config", config, "--now", NOW, "--apply", "--with-text")
    assert "Ruleset edited" in applied.output and "Gamestate edited" in applied.output
    assert human.read(ruleset).rstrip() == EXPECTED_RULESET.rstrip()
    assert human.read(gamestate).rstrip() == EXPECTED_GAMESTATE.rstrip()
    (summary,) = bot_edits(bot, ruleset)
    assert "archive/prop_loans" in summary and "ledger #resolve/prop_loans/ruleset)" in summary
    assert len(bot_edits(bot, gamestate)) == 1

    again = invoke("resolve", "--config", config, "--now", NOW, "--apply", "--with-text")
    assert "Nothing to resolve." in again.output
    assert len(bot_edits(bot, ruleset)) == 1 and len(bot_edits(bot, gamestate)) == 1


def test_without_with_text_the_diff_is_shown_not_applied(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    bot: WikiClient,
    page_title: str,
) -> None:
    blog = sandbox_blog(text_game())
    config = setup(tmp_path, blog, wiki_config, human, page_title)
    applied = invoke("resolve", "--config", config, "--now", NOW, "--apply")
    assert "Ruleset: not applied (add --with-text):" in applied.output
    assert "+== Loans ==" in applied.output
    assert bot_edits(bot, f"{page_title}/Ruleset") == []
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror, mirror.bound():
        ops = {r.op_id for r in LedgerRow.select()}
    assert "resolve/prop_loans/record" in ops and "resolve/prop_loans/ruleset" not in ops


def test_killed_between_started_and_the_edit_then_rerun_edits_once(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    bot: WikiClient,
    page_title: str,
) -> None:
    blog = sandbox_blog(text_game())
    args = ("resolve", "--now", NOW, "--apply", "--with-text")
    listing = tmp_path / "list"
    listing.mkdir()
    config = setup(listing, blog, wiki_config, human, f"{page_title}/list")
    listed = run_cli(*args, "--config", config, env={**os.environ, KILL_AT_ENV: "list"})
    points = [line.split(": ", 1) for line in listed.stderr.splitlines() if "kill point" in line]
    names = {name: int(number.removeprefix("kill point ")) for number, name in points}
    for point in ("resolve/prop_loans/ruleset started", "resolve/prop_loans/ruleset written"):
        where = tmp_path / point.split()[-1]
        where.mkdir()
        prefix = f"{page_title}/{point.split()[-1]}"
        config = setup(where, blog, wiki_config, human, prefix)
        env = {**os.environ, KILL_AT_ENV: str(names[point])}
        killed = run_cli(*args, "--config", config, env=env)
        assert killed.returncode == -signal.SIGKILL, killed.stderr
        invoke(*args, "--config", config)
        edits = bot_edits(bot, f"{prefix}/Ruleset")
        assert len(edits) == 1, point
        assert human.read(f"{prefix}/Ruleset").rstrip() == EXPECTED_RULESET.rstrip()
        assert human.read(f"{prefix}/Gamestate").rstrip() == EXPECTED_GAMESTATE.rstrip()
        with Mirror.open(str(where / "mirror.sqlite")) as mirror, mirror.bound():
            states = {r.op_id: r.state for r in LedgerRow.select()}
        assert states["resolve/prop_loans/ruleset"] == "applied"
        assert set(states.values()) == {"applied"}


def test_a_change_that_cannot_be_made_is_refused_and_the_resolution_recorded(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    bot: WikiClient,
    page_title: str,
) -> None:
    game = text_game()
    negative = replace(game.posts[1], body_html="<p>Reduce Alice's Budget by 500</p>")
    blog = sandbox_blog(replace(game, posts=(game.posts[0], negative)))
    config = setup(tmp_path, blog, wiki_config, human, page_title)
    result = invoke("resolve", "--config", config, "--now", NOW, "--apply", "--with-text")
    assert "Gamestate: not applied: cannot reduce Alice's Budget by 500" in result.output
    assert 'Budget is -400 (rule "Budget"' in result.output
    assert bot_edits(bot, f"{page_title}/Gamestate") == []
    assert human.read(f"{page_title}/Gamestate").rstrip() == GAMESTATE.rstrip()
    assert SetValue("Alice", "Budget", 1).describe() == "set Alice's Budget to 1"
