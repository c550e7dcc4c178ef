"""Reading the blog's sidebar: the player list, the player count and Quorum, the Boss.

The sidebar is what the page says about the roster; the rules' own roster is
:class:`gamestate.profiles.blognomic_139.roster.Roster`. Hooks relied on: ``#PlayerList > a`` (a
trailing ``*`` marks Idle players, ``class="admin"`` or ``title="Admin"``
Admins), ``#PlayerCount`` ("... 7 ... Quorum is 4") and ``#Boss`` ("Boss:
Kevan"). A player's name is kept exactly as printed, spaces included.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bs4 import BeautifulSoup

from gamestate.profiles.blognomic_139.models import Player
from wikibot.blog.markup import MAX_COMMENT_COUNT, classes_of, find_tag, squeezed_text

__all__ = ["Sidebar", "read_count", "read_sidebar"]


@dataclass(frozen=True)
class Sidebar:
    """The sidebar: who plays, who is Boss, and the Quorum it states."""

    players: tuple[Player, ...]
    """Every player listed, Idle ones included (``idle=True``)."""
    boss: str | None
    """The Boss the sidebar names, or None."""
    player_count: int | None
    """The number of players the sidebar states, if it does."""
    quorum: int | None
    """The Quorum the sidebar states, if it does."""


def read_count(digits: str, what: str, warn: Callable[[str], None]) -> int | None:
    """A count the page prints, or None (with a warning) if it is beyond belief."""
    # Compare the text, not the number: "99999999999999999999" need not become an int.
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(MAX_COMMENT_COUNT)) or int(digits) > MAX_COMMENT_COUNT:
        shown = digits if len(digits) <= 30 else digits[:27] + "..."
        warn(f"{what} {shown} is beyond belief (over {MAX_COMMENT_COUNT}); read as unknown")
        return None
    return int(digits)


def read_sidebar(soup: BeautifulSoup, warn: Callable[[str], None]) -> Sidebar | None:
    """The page's sidebar, or None if it has no ``#PlayerList``."""
    box = find_tag(soup, id="PlayerList")
    if box is None:
        return None
    players = []
    for a in box.find_all("a", recursive=False):
        name = a.get_text()
        idle = name.rstrip().endswith("*")
        name = name.rstrip().removesuffix("*").strip() if idle else name.strip()
        if not name:
            continue
        admin = "admin" in classes_of(a) or "admin" in str(a.get("title", "")).lower()
        players.append(Player(name=name, admin=admin, idle=idle))
    line = squeezed_text(find_tag(soup, id="PlayerCount"))
    count = re.search(r"[0-9]+", line)
    quorum = re.search(r"Quorum\D*([0-9]+)", line, re.IGNORECASE)
    if not line:
        warn("the sidebar states no player count or Quorum")
    boss_line = find_tag(soup, id="Boss")
    boss_link = find_tag(boss_line, "a")
    boss = (
        boss_link.get_text().strip()
        if boss_link is not None
        else squeezed_text(boss_line).partition(":")[2].strip()
    )
    return Sidebar(
        players=tuple(players),
        boss=boss or None,
        player_count=read_count(count.group(0), "the sidebar's player count", warn)
        if count
        else None,
        quorum=read_count(quorum.group(1), "the sidebar's Quorum", warn) if quorum else None,
    )
