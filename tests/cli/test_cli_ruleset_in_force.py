"""The Ruleset in force, end to end: the sandbox blog, the real sandbox MediaWiki's
Ruleset page and a SQLite mirror. A Ruleset edit made between two syncs changes
``status``'s verdicts as the new text says; an unread rule makes its verdicts unknown,
``resolve`` refuses them, an Admin's acknowledgement lets them go on; ``watch``
announces the revision once; a sync with nothing new costs one request for the Ruleset.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from gamestate.profiles.blognomic_139.models import Comment, Game, Player, Post
from rules_text.seed import ruleset_139_wikitext
from tests.cli.test_cli_ruleset_sync import invoke, write_config
from tests.plugins.wiki import HumanEditor
from wikibot.config import Config
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration

FOR = '<img src="/images/vote/for.gif" alt="for">'
TWELVE = "has been open for voting for at least 12 hours, and has not been Vetoed"
FORTY_EIGHT = "has been open for voting for at least forty-eight hours, and has not been Vetoed"
CFJ_END = "This Rule may not be overruled by Dynastic Rules."
TUESDAY = CFJ_END + " No CfJ may be resolved on a Tuesday."


def _game(now: datetime) -> Game:
    """Five players, Quorum 3: a Proposal 30 hours old with three FOR Votes (the author's
    own), and a CfJ 10 hours old with four."""
    players = tuple(
        Player(n, admin=n == "Kevan") for n in ("Kevan", "Josh", "quirck", "Clucky", "Larry")
    )

    def votes(posted: datetime, *names: str) -> tuple[Comment, ...]:
        return tuple(
            Comment(f"c{i}", name, posted + timedelta(minutes=i + 1), f"{FOR} Yes.")
            for i, name in enumerate(names)
        )

    p_at = (now - timedelta(hours=30)).replace(microsecond=0)
    c_at = (now - timedelta(hours=10)).replace(microsecond=0)
    return Game(
        players=players,
        boss="Kevan",
        posts=(
            Post(
                "queue_rules",
                "Proposal",
                "Proposal: Queue Rules",
                "Josh",
                p_at,
                comments=votes(p_at, "Kevan", "quirck"),
            ),
            Post(
                "lagoon",
                "Call for Judgement",
                "CfJ: Lagoon",
                "Clucky",
                c_at,
                comments=votes(c_at, "Kevan", "Josh", "quirck"),
            ),
        ),
    )


def _status(config: str) -> dict[str, Any]:
    result = invoke("status", "--config", config, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _verdicts(data: dict[str, Any]) -> dict[str, str]:
    return {m["id"]: m["verdict"] for m in data["matters"]}


def test_a_ruleset_edit_between_two_syncs_changes_the_verdicts(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    page_title: str,
    clean_env: None,
) -> None:
    ruleset = f"{page_title}/Ruleset"
    text = ruleset_139_wikitext()
    first = human.edit(ruleset, text, "Ruleset 139")
    blog = sandbox_blog(_game(datetime.now(UTC)))
    config = str(write_config(tmp_path, blog, wiki_config, ruleset=ruleset))

    assert invoke("sync", "--config", config).exit_code == 0
    before = _status(config)
    assert _verdicts(before) == {"queue_rules": "enact", "lagoon": "enact"}
    assert before["rules"]["source"] == "wiki" and before["rules"]["revision"] == first
    assert before["rules"]["unread"] == [] and before["rules"]["keyword"] == "Imagineer"

    # "at least 12 hours" becomes "at least forty-eight hours", and a sentence nomicbot
    # does not know is added to "Calls for Judgement".
    second = human.edit(
        ruleset, text.replace(TWELVE, FORTY_EIGHT).replace(CFJ_END, TUESDAY), "amend"
    )
    synced = invoke("sync", "--config", config)
    assert "Ruleset: 1 new revision(s)" in synced.stdout
    after = _status(config)
    assert after["rules"]["revision"] == second
    assert _verdicts(after) == {"queue_rules": "wait", "lagoon": "unknown"}
    proposal, cfj = after["matters"]
    assert proposal["why"].endswith("(needs 48h)")
    assert cfj["decidable_at"] is None
    assert f'rule "Calls for Judgement" is unread since revision {second} by ' in cfj["why"]
    assert "No CfJ may be resolved on a Tuesday." in cfj["why"]
    assert [u["rule"] for u in after["rules"]["unread"]] == ["Calls for Judgement"]

    # Nothing new: one request for the Ruleset.
    again = invoke("sync", "--config", config)
    assert "Ruleset: no change (1 request)" in again.stdout

    # The text table opens with the Ruleset in force.
    table = invoke("status", "--config", config)
    assert table.stdout.splitlines()[1].startswith(f"Ruleset: revision {second} by ")
    assert any(
        line.startswith('unread: rule "Calls for Judgement"') for line in table.stdout.splitlines()
    )

    # resolve refuses the unknown verdict, in one line.
    refused = invoke("resolve", "lagoon", "--config", config, "--as", "Kevan")
    assert refused.exit_code != 0
    assert "unknown" in refused.output and "rules acknowledge" in refused.output
    assert "Traceback" not in refused.output

    # An Admin acknowledges the change: recorded once, with its author.
    dry = invoke("rules", "acknowledge", "Calls for Judgement", "--config", config, "--as", "Kevan")
    assert dry.exit_code == 0 and dry.stdout.startswith("Dry run: Kevan acknowledges")
    assert _verdicts(_status(config))["lagoon"] == "unknown"
    applied = invoke(
        "rules",
        "acknowledge",
        "Calls for Judgement",
        "--config",
        config,
        "--as",
        "Kevan",
        "--apply",
    )
    assert applied.exit_code == 0 and applied.stdout.startswith("Applied: Kevan acknowledges")
    rerun = invoke(
        "rules", "acknowledge", "Calls for Judgement", "--config", config, "--as", "Josh", "--apply"
    )
    assert rerun.exit_code == 0 and rerun.stdout.startswith("Already recorded by Kevan")
    acknowledged = _status(config)
    assert _verdicts(acknowledged) == {"queue_rules": "wait", "lagoon": "enact"}
    assert acknowledged["rules"]["unread"] == []

    # watch announces the revision once: the rule, its old and new values.
    watched = invoke("watch", "--config", config, "--once")
    assert watched.exit_code == 0, watched.output
    lines = [line for line in watched.stdout.splitlines() if "changes what nomicbot reads" in line]
    assert len(lines) == 1, watched.stdout
    assert f"Ruleset revision {second} by " in lines[0]
    assert "proposals.enact_quorum at least 12h -> at least 48h" in lines[0]
    assert 'rule "Calls for Judgement" is no longer read' in lines[0]
    twice = invoke("watch", "--config", config, "--once")
    assert "changes what nomicbot reads" not in twice.stdout
