"""A week of a game for the resolve tests: Proposals, a CfJ, a DoV and an Ascension Address.

Five players (Quorum 3); Kevan and Alice are Admins; Kevan is the Boss.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import requests

from gamestate import Game, Player
from rules_text.seed import ruleset_139_wikitext
from tests.builders import address, at, cfj, dov, proposal
from wikibot.config import Config
from wikibot.sandbox.blog import SandboxBlog

__all__ = [
    "ADDRESS_HTML",
    "STEPS",
    "admin_step",
    "run_cli",
    "seed_pages",
    "week_game",
    "write_config",
]

ADDRESS_HTML = (
    "<p>Welcome to the next dynasty.</p>"
    "<p>Imagineer -&gt; Groundskeeper</p><p>Boss -&gt; Mayor</p>"
    "<p>Keep: Budget, Zones</p>"
)

STEPS = {
    # Proposal prop_alpha: FOR 3 (Alice, Bob, Carol) at 12h: Enacted; then prop_beta,
    # the oldest, cannot reach Quorum (3 AGAINST of 5): Failed; cfj_one: Quorum FOR.
    "day1": at(13),
    # prop_gamma: only its author's Vote after 48h: timed out.
    "day3": at(2, 1, days=2),
    # dov_alice: FOR 3 with the Boss's FOR, 12h old.
    "day5": at(16, days=4),
    # The new Boss Alice's Ascension Address.
    "day6": at(12, days=5),
}


def week_game() -> Game:
    """The game as the blog serves it (every Vote already on the page; --now sees them)."""
    players = tuple(
        Player(n, admin=n in ("Kevan", "Alice")) for n in ("Kevan", "Alice", "Bob", "Carol", "Dave")
    )
    posts = (
        proposal(
            "prop_alpha",
            "Alice",
            when=at(0),
            votes=[("Bob", "for"), ("Carol", "for")],
            title="Proposal: Fix the Queue",
        ),
        proposal(
            "prop_beta",
            "Bob",
            when=at(1),
            votes=[("Carol", "against"), ("Dave", "against"), ("Alice", "against")],
            title="Proposal: Loans for All",
        ),
        proposal("prop_gamma", "Carol", when=at(2), title="Proposal: Quiet Week"),
        cfj(
            "cfj_one",
            "Dave",
            when=at(3),
            votes=[("Kevan", "for"), ("Alice", "for")],
            title="Call for Judgement: Budget Fix",
        ),
        dov(
            "dov_alice",
            "Alice",
            when=at(days=4),
            votes=[("Kevan", "for"), ("Bob", "for")],
            title="Declaration of Victory: Alice",
        ),
    )
    aa = address("aa_alice", "Alice", when=at(10, days=5))
    aa = replace(aa, body_html=ADDRESS_HTML, title="Ascension Address")
    return Game(players=players, posts=(*posts, aa), boss="Kevan")


def write_config(tmp: Path, blog: SandboxBlog, wiki: Config, prefix: str) -> Path:
    """A nomicbot.toml for the sandbox blog, the sandbox wiki (pages under ``prefix``)
    and a SQLite mirror in ``tmp``."""
    w = wiki.wiki
    path = tmp / "nomicbot.toml"
    path.write_text(
        f'[blog]\nurl = "{blog.url}"\nmarkup = "classic"\nmin_interval = 0\nstart = "2016-05-01"\n'
        f'[wiki]\nurl = "{w.url}"\npath = "{w.path}"\nuser = "{w.user}"\n'
        f'password_file = "{w.password_file}"\nedit_interval = 0\n'
        f'ruleset_page = "{prefix}/Ruleset"\nnomicland_page = "{prefix}/Nomicland"\n'
        f'gamestate_page = "{prefix}/Gamestate"\nvotes_page = "{prefix}/Votes"\n'
        f'[mirror]\ndatabase = "{tmp / "mirror.sqlite"}"\n'
        '[game]\nplayer = "Kevan"\n',
        encoding="utf-8",
    )
    return path


def seed_pages(human: Any, prefix: str) -> None:
    """The Ruleset (139), an older archive "Ruleset 138", the gamestate pages, Votes."""
    human.edit(f"{prefix}/Ruleset", ruleset_139_wikitext())
    human.edit(f"{prefix}/Ruleset 138", "The Ruleset of the dynasty before.")
    human.edit(f"{prefix}/Nomicland", "== Visitors ==\n# AtSScAA\n")
    human.edit(f"{prefix}/Gamestate", '{| class="wikitable"\n|-\n| Alice || 100\n|}\n')
    human.edit(f"{prefix}/Votes", "Prose above the tally, kept.\n")


def admin_step(blog: SandboxBlog, post_id: str, status: str, note: str, when: str) -> None:
    """What the Admin does in the blog's control panel, over HTTP."""
    answer = requests.post(
        f"{blog.url}_admin/posts/{post_id}",
        data={"status": status, "note": note, "admin": "Kevan", "adminned_at": when},
        timeout=10,
    )
    assert answer.status_code == 200, answer.text


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``nomicbot ARGS`` in a subprocess of its own."""
    return subprocess.run(
        [sys.executable, "-c", "from wikibot.cli import cli; cli()", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
