"""The histories the issue-30 audit tests import into the sandbox wiki, and how they run
``nomicbot wiki audit`` on them (``tests/wiki/test_audit_misreads*.py``), in this process
or (the killed-run tests) in a process of its own."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from gamestate.profiles.blognomic_139.models import Player, Post
from tests.wiki.test_audit_end_to_end import FRONT, SUN, write_audit_config
from wikibot.cli import cli
from wikibot.config import load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.resolve.ledger import KILL_AT_ENV
from wikibot.sandbox.mediawiki import RunningWiki, create_account
from wikibot.wiki.dump import DumpRevision, import_history

SINCE = ("--since", "2016-05-15T12:00:00Z", "--now", "2016-05-20T00:00:00Z")
Row = tuple[str, int, int, int, int]


def history(
    wiki: RunningWiki,
    tmp_path: Path,
    page_title: str,
    edits: Sequence[tuple[str, str, str, datetime, str]],
    *,
    players: Sequence[Player],
    idle_at: Sequence[tuple[datetime, Sequence[str]]] = (),
    posts: Sequence[Post] = (),
    seen: datetime = SUN,
) -> Path:
    """Imports ``edits`` (page ``N``/``G``, text, editor, time, summary) after the front
    page, stores the roster (Kevan the Boss; ``idle_at``: later rosters' Idle names) and
    ``posts`` in a new mirror; returns the config."""
    titles = {"N": f"{page_title}/Nomicland", "G": f"{page_title}/Gamestate"}
    for name in {e[2] for e in edits} - {"Admin", wiki.wiki_config().bot_name}:
        create_account(wiki.data_dir, name, secrets.token_urlsafe(18))
    import_history(
        wiki.data_dir,
        [
            DumpRevision("Main Page", FRONT, "Admin", datetime(2016, 5, 1, tzinfo=UTC)),
            *(DumpRevision(titles[p], text, who, when, said) for p, text, who, when, said in edits),
        ],
    )
    database = tmp_path / "mirror.sqlite"
    with Mirror.open(str(database)) as mirror:
        mirror.store_roster(players, boss="Kevan", seen_at=datetime(2016, 5, 1, tzinfo=UTC))
        for when, idle in idle_at:
            roster = [replace(p, idle=p.name in idle) for p in players]
            mirror.store_roster(roster, boss="Kevan", seen_at=when)
        for post in posts:
            mirror.store_post(post, seen_at=seen)
    return write_audit_config(
        tmp_path, wiki.wiki_config(), (titles["N"], titles["G"]), f"{page_title}/Audit", database
    )


def audit(config: Path, *args: str, since: Sequence[str] = SINCE) -> dict[str, Any]:
    result = CliRunner().invoke(
        cli, ["wiki", "audit", "--config", str(config), *since, "--json", *args]
    )
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def audit_process(
    config: Path, *args: str, kill_at: str | None = None, **env_vars: str
) -> subprocess.CompletedProcess[str]:
    """``nomicbot wiki audit --config CONFIG ARGS`` in a process of its own, without this
    process's ``NOMICBOT_`` variables: killed at the write point ``kill_at`` when given
    (``NOMICBOT_TEST_KILL_AT``), with ``env_vars`` set."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NOMICBOT_")}
    if kill_at is not None:
        env[KILL_AT_ENV] = kill_at
    env.update(env_vars)
    return subprocess.run(
        [sys.executable, "-c", "from wikibot.cli import cli; cli()", "wiki", "audit"]
        + ["--config", str(config), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


def audit_text(config: Path, *args: str, since: Sequence[str] = SINCE) -> str:
    result = CliRunner().invoke(cli, ["wiki", "audit", "--config", str(config), *since, *args])
    assert result.exit_code == 0, result.output
    return result.output


def by_summary(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["summary"]: r for r in data["revisions"]}


def flagged(revision: dict[str, Any]) -> list[tuple[str, str, str, Any, Any]]:
    """(kind, rule, cell, expected, found) of the findings that flag."""
    return [
        (f["kind"], f["rule"], f["cell"], f["expected"], f["found"])
        for f in revision["findings"]
        if f["kind"] not in ("reading", "alternatives")
    ]


def recorded(config: Path) -> list[tuple[str, str, dict[str, Any]]]:
    with Mirror.open(str(load_config(config).mirror.database)) as mirror:
        return [(r.action, r.actor, dict(r.arguments)) for r in Ledger(mirror).actions()]


def zone_text(name: str, operator: str, buildings: Sequence[str] = (), planned: str = "") -> str:
    out = f"== {name} ==\n* Operator: {operator}\n"
    if buildings:
        out += f"* Buildings: {', '.join(buildings)}\n"
    if planned:
        out += f"* Planned Buildings: {planned}\n"
    return out + "\n"
