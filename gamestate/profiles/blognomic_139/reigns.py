"""Who was Boss when: the Dynasties of a game, and the roster of each day.

Rule "Victory and Ascension": "When a DoV is enacted, ... a new Dynasty begins
with the Imagineer who made the DoV as its Boss. That Imagineer may pass this
role to another Imagineer at this point by making a post to that effect, if
they wish. The Hiatus continues until the new Boss makes an Ascension Address".

The Boss at an instant comes from, in time order: the roster snapshots the bot
saw (``Game.rosters``), each enacted DoV (its author becomes Boss when it was
enacted) and each post passing the role. Before the first of these, the Boss
is today's (``Game.boss``) unless today's Boss won one of the game's DoVs (then
the Boss before is not known, and taken as none).

A DoV Enacted at an unknown time (no ``resolved_at``) is taken as enacted at
the earliest instant the Ruleset allows: 12 hours after it was posted (no
enact clause holds sooner), or the first later post that proves it (its
Ascension Address, a post passing the role), whichever is first.

A post passes the role when the archive says so (``"passes_boss_to": NAME``),
or when, made by the new Boss after their DoV and before their Address, its
title reads "Passing the Boss role to NAME" (also "Passes the Boss role to",
"Pass the Boss role to", with or without "role", in the dynasty's Boss word,
any case) and NAME is on a known roster.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property
from operator import attrgetter

from gamestate.profiles.archive import format_time
from gamestate.profiles.blognomic_139.models import (
    Category,
    Game,
    Player,
    Post,
    PostStatus,
    RosterSnapshot,
)
from gamestate.profiles.blognomic_139.roster import Roster

__all__ = ["Reign", "Reigns", "passed_to"]

EARLIEST_ENACTMENT = timedelta(hours=12)
"""Rule "Victory and Ascension": no enact clause holds before 12 hours."""


@dataclass(frozen=True)
class Reign:
    """One Dynasty begun by an enacted DoV."""

    dov: Post
    """The enacted Declaration of Victory."""
    enacted_at: datetime
    """When it was enacted: recorded, or the earliest instant the Ruleset allows."""
    enacted_at_known: bool
    """Did the archive record the enactment time (``resolved_at``)?"""
    passed_to: str | None
    """The player the winner passed the Boss role to, if any."""
    passing_post: Post | None
    """The post that passed the role."""
    address: Post | None
    """The Ascension Address that ended this Dynasty's Hiatus, if posted."""

    @property
    def winner(self) -> str:
        """The DoV's author, the Dynasty's first Boss."""
        return self.dov.author

    @property
    def boss(self) -> str:
        """The Boss who makes the Address (the winner, or whom they passed the role to)."""
        return self.passed_to or self.dov.author

    def is_failing(self, other: Post) -> bool:
        """Rule "Victory and Ascension": "When a DoV is enacted, all other active DoVs are
        failed": was ``other`` posted before this DoV was enacted? With an unknown
        enactment time, a DoV posted before the Address was failed by it or was
        posted after it and Illegal: either way not pending after the Address."""
        if other.id == self.dov.id:
            return False
        if self.enacted_at_known:
            return other.posted_at < self.enacted_at
        return self.address is None or other.posted_at < self.address.posted_at

    def failed_at(self, other: Post) -> datetime:
        """When this enactment ended ``other`` (a DoV posted after an enactment at an
        unknown time was failed, or Illegal, from its posting)."""
        return max(self.enacted_at, other.posted_at)


def passed_to(post: Post, boss_word: str, names: frozenset[str]) -> str | None:
    """The player ``post`` passes the Boss role to: its ``passes_boss_to``, or its title's
    "Passing the Boss role to NAME" when NAME is in ``names``."""
    if post.passes_boss_to:
        return post.passes_boss_to
    form = re.compile(
        rf"^\s*pass(?:ing|es)?\s+(?:the\s+)?{re.escape(boss_word)}(?:\s+role)?\s+to\s+(.+?)[\s.!]*$",
        re.IGNORECASE,
    )
    m = form.match(post.title)
    if m is None or m.group(1) not in names:
        return None
    return m.group(1)


@dataclass(frozen=True)
class _Event:
    at: datetime
    boss: str | None
    what: str


@dataclass(frozen=True)
class Reigns:
    """The Dynasties of a game and the Boss and roster at each instant."""

    reigns: tuple[Reign, ...]
    """Each enacted DoV's Dynasty, oldest first."""
    snapshots: tuple[RosterSnapshot, ...]
    """The roster snapshots, oldest first."""
    today: tuple[Player, ...]
    """Today's roster (the fallback before the first snapshot)."""
    first_boss: str | None
    """The Boss before the first recorded change (None: none, or not known)."""
    first_boss_known: bool
    """Is ``first_boss`` known (False when today's Boss won a DoV of the game)?"""
    events: tuple[_Event, ...]

    @classmethod
    def from_game(cls, game: Game) -> Reigns:
        """Reads the Dynasties from every post of the game (not a view as of an instant)."""
        posts = sorted(game.posts, key=attrgetter("posted_at", "id"))
        snapshots = tuple(sorted(game.rosters, key=lambda s: s.at))
        names = frozenset(p.name for p in game.players) | frozenset(
            p.name for s in snapshots for p in s.players
        )
        used: set[str] = set()
        reigns: list[Reign] = []
        dov, enacted = Category.DOV.value, PostStatus.ENACTED  # looked up once, not per post
        for d in posts:
            if d.category != dov or d.status is not enacted:
                continue
            reigns.append(_reign(d, posts, used, game.terms.boss, names))
        events = [
            _Event(s.at, s.boss, f"the roster snapshot of {format_time(s.at)}") for s in snapshots
        ]
        for r in reigns:
            events.append(_Event(r.enacted_at, r.winner, f"the enacted DoV {r.dov.id}"))
            if r.passing_post is not None:
                events.append(
                    _Event(r.passing_post.posted_at, r.passed_to, f"the post {r.passing_post.id}")
                )
        events.sort(key=lambda e: e.at)
        winners = {r.winner for r in reigns} | {r.boss for r in reigns}
        first_known = game.boss is None or game.boss not in winners
        first_boss = game.boss if first_known else None
        if snapshots and all(snapshots[0].at <= e.at for e in events):
            first_boss, first_known = snapshots[0].boss, True
        return cls(tuple(reigns), snapshots, game.players, first_boss, first_known, tuple(events))

    # Asked once per post of a 20-year archive: the times to bisect and each roster's
    # names are worked out once.

    @cached_property
    def _event_times(self) -> list[datetime]:
        return [e.at for e in self.events]

    @cached_property
    def _snapshot_times(self) -> list[datetime]:
        return [s.at for s in self.snapshots]

    @cached_property
    def _names(self) -> dict[int, tuple[frozenset[str], frozenset[str]]]:
        """Snapshot index (-1: today's roster) -> its active names and its Idle names."""
        lists = {-1: self.today, **{i: s.players for i, s in enumerate(self.snapshots)}}
        return {
            i: (
                frozenset(p.name for p in players if not p.idle),
                frozenset(p.name for p in players if p.idle),
            )
            for i, players in lists.items()
        }

    def boss_at(self, moment: datetime) -> str | None:
        """The Boss at ``moment`` (None in a Metadynasty, or when not known)."""
        i = bisect.bisect_right(self._event_times, moment)
        return self.events[i - 1].boss if i else self.first_boss

    def is_boss_known_at(self, moment: datetime) -> bool:
        """Does the archive say who was Boss at ``moment``?"""
        return bool(self.events) and self.events[0].at <= moment or self.first_boss_known

    def snapshot_at(self, moment: datetime) -> RosterSnapshot | None:
        """The roster snapshot in force at ``moment``, if one was taken by then."""
        i = bisect.bisect_right(self._snapshot_times, moment)
        return self.snapshots[i - 1] if i else None

    @cached_property
    def _rosters(self) -> dict[tuple[int, int], Roster]:
        """(snapshot index, Boss event index) -> the Roster then, as it is first asked for."""
        return {}

    def roster_at(self, moment: datetime) -> Roster:
        """The roster in force at ``moment`` (today's before the first snapshot), with the
        Boss of that instant."""
        snap = bisect.bisect_right(self._snapshot_times, moment) - 1
        event = bisect.bisect_right(self._event_times, moment)
        roster = self._rosters.get((snap, event))
        if roster is None:
            active, idle = self._names[snap]
            boss = self.events[event - 1].boss if event else self.first_boss
            roster = self._rosters[snap, event] = Roster(active, boss, idle)
        return roster

    def roster_source(self, moment: datetime) -> str:
        """Which roster ``roster_at`` used: a snapshot, or today's as a fallback."""
        snap = self.snapshot_at(moment)
        if snap is not None:
            return f"the roster snapshot of {format_time(snap.at)}"
        if self.snapshots:
            return f"today's roster (the first snapshot is of {format_time(self.snapshots[0].at)})"
        return "today's roster (no roster snapshot is recorded)"

    def reign_of(self, dov: Post) -> Reign | None:
        """The Dynasty ``dov`` began, if it was enacted."""
        return next((r for r in self.reigns if r.dov.id == dov.id), None)

    def failing(self, dov: Post, moment: datetime) -> Reign | None:
        """The enacted DoV that had failed ``dov`` by ``moment``, if any."""
        for r in self.reigns:
            if r.is_failing(dov) and r.failed_at(dov) <= moment:
                return r
        return None


def _reign(
    d: Post,
    posts: Sequence[Post],
    used: set[str],
    boss_word: str,
    names: frozenset[str],
) -> Reign:
    """The Dynasty of the enacted DoV ``d``: its passing post and Address."""
    start = d.resolved_at or d.posted_at
    passing: Post | None = None
    to: str | None = None
    address: Post | None = None
    for p in posts:
        if p.posted_at <= start or p.id == d.id:
            continue
        if p.category == Category.ASCENSION_ADDRESS.value:
            if p.id not in used and p.author in {d.author, to}:
                address = p
                used.add(p.id)
                break
            continue
        if passing is None and p.author == d.author and not p.is_votable:
            name = passed_to(p, boss_word, names)
            if name is not None and name != d.author:
                passing, to = p, name
    known = d.resolved_at is not None
    if known:
        assert d.resolved_at is not None
        enacted = d.resolved_at
    else:
        proofs = [d.posted_at + EARLIEST_ENACTMENT]
        proofs += [p.posted_at for p in (passing, address) if p is not None]
        enacted = min(proofs)
    return Reign(d, enacted, known, to, passing, address)
