"""Each profile game's pages on the real sandbox MediaWiki (issue 27): published with a
dry run's diff first, one edit per changed page and none on a rerun, a human's text
outside the markers kept byte for byte, a ledger row per edit, and a run killed
(SIGKILL) between two page edits ending, once run again, as an uninterrupted run."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.plugins.wiki import HumanEditor
from wikibot.cli import cli
from wikibot.mirror.api import Mirror
from wikibot.mirror.schema import LedgerRow
from wikibot.resolve.ledger import KILL_AT_ENV
from wikibot.sandbox.mediawiki import RunningWiki
from wikibot.wiki.client import WikiClient

pytestmark = pytest.mark.integration

GAMES = {
    "borednomic": "2004-03-17T18:00:00Z",
    "nomopoly": "2000-03-15T12:00:00Z",
    "infinite-nomic": "2024-03-18T12:00:00Z",
    "nomopoly-iv": "2006-10-31T00:00:00Z",
}
KINDS = {
    "borednomic": ("status", "proposals", "board", "due"),
    "nomopoly": ("players", "board", "proposals"),
    "infinite-nomic": ("proposals", "judge"),
    "nomopoly-iv": ("players", "due"),
}


def write_config(tmp: Path, sandbox: RunningWiki, prefix: str, profile: str) -> Path:
    wiki = sandbox.wiki_config()
    titles = "".join(f'{kind} = "{prefix}/{kind}"\n' for kind in KINDS[profile])
    config = tmp / "nomicbot.toml"
    config.write_text(
        "[wiki]\n"
        f'url = "{wiki.url}"\n'
        f'user = "{wiki.user}"\n'
        f'password_file = "{wiki.password_file}"\n'
        "edit_interval = 0\n"
        "[mirror]\n"
        f'database = "{tmp / "mirror.sqlite"}"\n'
        '[game]\nplayer = "The T"\ncontact = "mailto:ops@example.org"\n'
        "[game.pages]\n" + titles,
        encoding="utf-8",
    )
    return config


def pages(config: Path, profile: str, *extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        cli,
        [
            "pages",
            "--config",
            str(config),
            "--archive",
            f"example:{profile}",
            "--now",
            GAMES[profile],
            *extra,
        ],
    )
    return result.exit_code, result.output


def ledger(config: Path) -> list[tuple[Any, ...]]:
    with Mirror.open(str(config.parent / "mirror.sqlite")) as mirror, mirror.bound():
        return [
            (r.op_id, r.domain, r.state, r.action, r.arguments["title"], r.revisions)
            for r in LedgerRow.select().order_by(LedgerRow._meta.primary_key)
        ]


@pytest.mark.parametrize("profile", sorted(GAMES))
def test_each_profiles_pages_are_published_once_and_keep_a_humans_text(
    profile: str, sandbox_wiki: RunningWiki, human: HumanEditor, bot: WikiClient, tmp_path: Path
) -> None:
    prefix = f"Test/profile pages/{profile}/{secrets.token_hex(3)}"
    config = write_config(tmp_path, sandbox_wiki, prefix, profile)
    first = f"{prefix}/{KINDS[profile][0]}"
    intro = "Written by a person, above."  # MediaWiki keeps no trailing blank lines
    human.edit(first, intro, "a human's intro")
    code, out = pages(config, profile)
    assert code == 0, out
    assert out.count("dry run, nothing written") == len(KINDS[profile])
    assert "+''" in out  # the diff shows the part it would add
    assert human.read(first) == intro
    code, out = pages(config, profile, "--apply")
    assert code == 0, out
    assert out.count("saved revision") == len(KINDS[profile])
    rows = ledger(config)
    assert [(r[1], r[2], r[4]) for r in rows] == [
        ("pages", "applied", f"{prefix}/{k}") for k in KINDS[profile]
    ]
    text = human.read(first)
    assert text.startswith(intro + "\n\n<!-- nomicbot:page begin")
    # A person writes below the part; a rerun edits nothing and keeps it.
    human.edit(first, text + "\nA note below, by a person.", "a human's note")
    kept = human.read(first)
    code, out = pages(config, profile, "--apply")
    assert code == 0, out
    assert out.count("no change.") == len(KINDS[profile])
    assert human.read(first) == kept and ledger(config) == rows


def kill_run(config: Path, profile: str, kill_at: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NOMICBOT_")}
    if kill_at is not None:
        env[KILL_AT_ENV] = kill_at
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "from wikibot.cli import cli; cli()",
            "pages",
            "--config",
            str(config),
            "--archive",
            f"example:{profile}",
            "--now",
            GAMES[profile],
            "--apply",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


def test_a_run_killed_between_two_page_edits_ends_as_an_uninterrupted_run(
    sandbox_wiki: RunningWiki, human: HumanEditor, tmp_path: Path
) -> None:
    runs = {}
    for name, kill_at in (("straight", None), ("killed", "2")):
        where = tmp_path / name
        where.mkdir()
        prefix = f"Test/profile pages killed/{name}/{secrets.token_hex(3)}"
        config = write_config(where, sandbox_wiki, prefix, "borednomic")
        if kill_at is not None:
            dead = kill_run(config, "borednomic", kill_at)
            assert dead.returncode == -9, dead.stderr
            states = [r[2] for r in ledger(config)]
            assert states == ["applied", "started"]  # the 2nd edit went out, unfinished
        done = kill_run(config, "borednomic", None)
        assert done.returncode == 0, done.stderr
        rows = ledger(config)
        texts = [human.read(f"{prefix}/{k}") for k in KINDS["borednomic"]]
        runs[name] = (
            [(r[1], r[2], r[3]) for r in rows],
            [len(r[5]) for r in rows],
            [t.replace(prefix, "P") for t in texts],
        )
    assert runs["killed"] == runs["straight"]
    assert runs["killed"][0] == [("pages", "applied", "publish page")] * 4
