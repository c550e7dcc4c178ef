"""The books one evaluation keeps: the archive, its settings, ``now``, who is a player
and who is reputable, and the warnings said once each. Shared by the proposal, Judge
and confidence-vote verdicts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from gamestate.profiles.archive import format_time
from gamestate.profiles.core import Archive, Matter
from gamestate.profiles.infinite_nomic import clauses
from gamestate.profiles.infinite_nomic.checks import Rules
from gamestate.profiles.infinite_nomic.reputation import Reputation

__all__ = ["Books", "ordinal", "show"]


def show(moment: datetime) -> str:
    """An instant as the archive writes it."""
    return format_time(moment)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass
class Books:
    """One evaluation of an archive as of ``now``."""

    archive: Archive
    rules: Rules
    now: datetime
    reputation: Reputation
    warnings: dict[str, None] = field(default_factory=dict)
    """What the rules merely ignore, said once each (a dict keeps their order)."""

    @classmethod
    def from_archive(cls, archive: Archive, rules: Rules, now: datetime) -> Books:
        return cls(archive, rules, now, Reputation.from_archive(archive, rules.cycle_began))

    def players_at(self, moment: datetime) -> Callable[[str], bool]:
        """Who was a player at ``moment`` (the roster's join and leave times)."""
        is_player = self.reputation.membership.is_player
        return lambda name: is_player(name, moment)

    def is_reputable(self, name: str, moment: datetime) -> bool:
        return self.reputation.is_reputable(name, moment)

    def ignore(self, matter: Matter, voters: list[str], moment: datetime) -> None:
        """Warn of reactions from people who were not players when they were read."""
        clause = {
            "judge_candidacy": clauses.JUDGE_POPULAR,
            "confidence_vote": clauses.CONFIDENCE_OVERTURNED,
        }.get(matter.kind, clauses.REACTIONS)
        for voter in voters:
            self.warnings[
                f"matter {matter.id}: the reaction of {voter}, not a player at"
                f' {show(moment)}, is ignored ("{clause}")'
            ] = None
