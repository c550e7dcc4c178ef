"""A small Nomicland game for concurrent runs of the real ``nomicbot`` command line.

Each :func:`fresh_game` is a game of its own: its own Nomicland and Gamestate
pages on the sandbox MediaWiki, its own mirror (a SQLite file or a fresh
PostgreSQL database) whose roster names Kevan the Boss, and a nomicbot.toml with
no pause between edits. Josh Operates The Mouse Zone with Budget 0 and Debt 0,
so each Building he builds is paid by Debt. :func:`run_together` starts
commands as separate processes of ``.venv/bin/nomicbot`` at once and waits for
them all; nothing here sleeps or times anything.

Used by tests/mirror/test_concurrent_writers.py and scripts/concurrent_writers.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gamestate.profiles.blognomic_139.models import Player
from wikibot.config import load_config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.sandbox.mediawiki import RunningWiki
from wikibot.wiki.client import connect
from wikibot.wiki.economy import Park, read_park, record_of
from wikibot.wiki.pages.gamestate import SEED_WIKITEXT as TABLE_SEED
from wikibot.wiki.pages.nomicland import SEED_WIKITEXT as PARK_SEED

__all__ = ["Game", "Run", "fresh_game", "nomicbot", "run_together"]

NOW = "2016-05-16T10:00:00Z"
"""A Monday of the Nomicland dynasty (no Downtime, no Hiatus)."""

PARK = PARK_SEED.replace(
    "== Visitors ==", "== The Mouse Zone ==\n* Operator: Josh\n\n== Visitors =="
)
TABLE = TABLE_SEED.replace(
    "|}\n",
    "|-\n| Kevan || 0 || -50000 || 10 || 0\n"
    "|-\n| Josh || 0 || 0 || 10 || 0\n"
    "|-\n| Clucky || 0 || 0 || 10 || 0\n"
    "|}\n",
)


def nomicbot() -> str:
    """The installed command line, next to the running interpreter (``.venv/bin``)."""
    return str(Path(sys.executable).with_name("nomicbot"))


@dataclass(frozen=True)
class Game:
    """One game: its config file, its mirror, its page titles."""

    config: Path
    database: str
    nomicland: str
    gamestate: str

    def park(self) -> Park:
        """The pages as the wiki holds them now."""
        config = load_config(self.config)
        client = connect(config, dry_run=True)
        return read_park(client, config.wiki, boss="Kevan")

    def ledger_state(self) -> Mapping[str, Any] | None:
        """The economy the ledger's last applied action left, if any."""
        with Mirror.open(self.database) as mirror:
            latest = Ledger(mirror).latest()
            return None if latest is None else latest.after["state"]

    def applied(self) -> list[tuple[str, str, Mapping[str, Any]]]:
        """Every applied economy action: (action, actor, arguments)."""
        with Mirror.open(self.database) as mirror:
            return [(e.action, e.actor, e.arguments) for e in Ledger(mirror).actions()]

    def shown(self) -> dict[str, Any]:
        """What the pages show: the players' rows, the Zones and the Visitors."""
        return _shown(record_of(self.park().economy))

    def pages_match_ledger(self) -> bool:
        """Do the pages show the economy the ledger's last applied action left?"""
        state = self.ledger_state()
        return state is not None and self.shown() == _shown(state)


def _shown(record: Mapping[str, Any]) -> dict[str, Any]:
    return {key: record[key] for key in ("players", "zones", "visitors")}


def fresh_game(wiki: RunningWiki, human: Any, directory: Path, title: str, database: str) -> Game:
    """A game of its own in ``directory``, its pages under ``title``, its mirror ``database``
    (a SQLite path or a ``postgresql://`` URL)."""
    directory.mkdir(parents=True, exist_ok=True)
    with Mirror.open(database) as mirror:
        players = [Player("Kevan", admin=True), Player("Josh"), Player("Clucky", admin=True)]
        mirror.store_roster(players, boss="Kevan", seen_at=datetime(2016, 5, 1, tzinfo=UTC))
    nomicland, gamestate = f"{title}/Nomicland", f"{title}/Gamestate"
    human.edit(nomicland, PARK)
    human.edit(gamestate, TABLE)
    config = directory / "nomicbot.toml"
    config.write_text(
        "[wiki]\n"
        f'url = "{wiki.url}"\n'
        'user = "NomicBot@nomicbot"\n'
        f'password_file = "{wiki.credentials.bot_password_file}"\n'
        f'nomicland_page = "{nomicland}"\n'
        f'gamestate_page = "{gamestate}"\n'
        'ruleset_page = "Ruleset"\n'
        "edit_interval = 0\n"
        "[mirror]\n"
        f'database = "{database}"\n'
        "[game]\n"
        'player = "Josh"\n'
        'contact = "https://nomicbot.test/contact"\n',
        encoding="utf-8",
    )
    return Game(config, database, nomicland, gamestate)


@dataclass(frozen=True)
class Run:
    """One finished process."""

    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str


def run_together(
    commands: Sequence[Sequence[str]], *, env: Mapping[str, str] | None = None
) -> list[Run]:
    """Starts every command (``nomicbot`` arguments) as its own process, all at once,
    and waits for each."""
    environment = {**os.environ, **(env or {})}
    processes = [
        subprocess.Popen(
            [nomicbot(), *command],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
        )
        for command in commands
    ]
    runs = []
    for command, process in zip(commands, processes, strict=True):
        out, err = process.communicate(timeout=600)
        runs.append(Run(tuple(command), process.returncode, out, err))
    return runs
