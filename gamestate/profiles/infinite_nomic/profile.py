"""The ``infinite-nomic`` profile: Infinite Nomic Aeternus (seed 001), a Discord nomic
whose players vote with reactions, read as they stand when a voting period ends.

What it reports (ARCHITECTURE.md 2b): each proposal's ``takes effect`` / ``does not
take effect`` / ``open`` / ``invalid``; each Judge candidacy's ``popular`` / ``not
popular``; each confidence vote's ``overturned`` / ``stands``; the order of
simultaneous effects, the Judge, who is a player and reputable, the phase, and the
phase and week boundaries that fell due.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from gamestate.profiles.base import BaseProfile
from gamestate.profiles.core import Archive, Report, Setting
from gamestate.profiles.infinite_nomic.books import Books
from gamestate.profiles.infinite_nomic.checks import (
    EVENT_TYPES,
    MATTER_KINDS,
    SETTINGS,
    check_archive,
    read_rules,
)
from gamestate.profiles.infinite_nomic.judgement import (
    decide_candidacies,
    decide_confidence_votes,
)
from gamestate.profiles.infinite_nomic.phases import (
    boundaries,
    next_boundary,
    phase_number,
    phase_of,
    week_of,
)
from gamestate.profiles.infinite_nomic.proposals import decide_proposals
from gamestate.profiles.infinite_nomic.reputation import is_player

__all__ = ["InfiniteNomic"]


class InfiniteNomic(BaseProfile):
    """Infinite Nomic Aeternus: reactions as they stand when a period ends, standard and
    urgent proposals, phases from Sunday and Thursday, reputable players, the Judge."""

    name = "infinite-nomic"
    title = "Infinite Nomic"
    seed = "001_385c243753cb46d6.txt"
    settings: ClassVar[tuple[Setting, ...]] = SETTINGS
    matter_kinds = MATTER_KINDS
    event_types = EVENT_TYPES
    vote_values = frozenset({"thumbsup", "thumbsdown"})
    """The default emoji; an archive's ``reactions`` and ``poll`` settings name its own."""
    number_keys = (
        "for",
        "against",
        "voting_period",
        "effect_at",
        "overturn",
        "affirm",
        "closes_at",
    )

    def check(self, archive: Archive) -> list[str]:
        """One-line ProfileError for what Infinite Nomic does not know -- the vote values
        are the archive's own emoji settings, so this replaces the shared check."""
        return check_archive(archive)

    def check_rules(self, archive: Archive) -> list[str]:
        return check_archive(archive)

    def evaluate(self, archive: Archive, now: datetime, since: datetime | None) -> Report:
        check_archive(archive)  # what it does not know is refused here too
        rules = read_rules(archive)
        books = Books.from_archive(archive, rules, now)
        report = Report(profile=self.name, now=now, since=since)
        proposals, report.effect_order = decide_proposals(books)
        candidacies, report.judge = decide_candidacies(books)
        polls = decide_confidence_votes(books)
        for m in archive.matters:
            for found in (proposals, candidacies, polls):
                if m.id in found:
                    report.matters[m.id] = found[m.id]
        report.state = {
            m.name: {
                "player": is_player(m, now),
                "reputable": books.is_reputable(m.name, now),
            }
            for m in archive.roster
        }
        report.game_state = _game_state(archive, books, now)
        if since is not None:
            due = boundaries(since, now, rules.cycle_began)
            report.due = [{"at": at, "event": event} for at, event in due]
        at, event = next_boundary(now, rules.cycle_began)
        report.next_due = {"at": at, "event": event}
        report.warnings = list(books.warnings)
        return report


def _game_state(archive: Archive, books: Books, now: datetime) -> dict[str, Any]:
    phase = phase_of(now)
    return {
        "phase": phase.name,
        "phase_number": phase_number(now, books.rules.cycle_began),
        "phase_began": phase.starts_at,
        "phase_ends": phase.ends_at,
        "week_began": week_of(now).starts_at,
        "cycle_began": books.rules.cycle_began,
        "players": sum(1 for m in archive.roster if is_player(m, now)),
    }
