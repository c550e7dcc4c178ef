"""The ``infinite-nomic`` profile: Infinite Nomic Aeternus (seed 001), a Discord nomic
whose players vote with reactions, read as they stand when a voting period ends.

What it reports (ARCHITECTURE.md 2b): each proposal's ``takes effect`` / ``does not
take effect`` / ``open`` / ``invalid``; each Judge candidacy's ``popular`` / ``not
popular``; each confidence vote's ``overturned`` / ``stands``; the order of
simultaneous effects, the Judge, who is a player and reputable, the phase, and the
phase and week boundaries that fell due.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, ClassVar

from gamestate.profiles.archive import format_time, parse_time
from gamestate.profiles.base import BaseProfile
from gamestate.profiles.core import Archive, Outcome, Report, Setting
from gamestate.profiles.infinite_nomic import clauses
from gamestate.profiles.infinite_nomic.books import Books
from gamestate.profiles.infinite_nomic.checks import (
    EVENT_TYPES,
    MATTER_KINDS,
    SETTINGS,
    check_archive,
    read_rules,
)
from gamestate.profiles.infinite_nomic.item_rules import Items
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
from gamestate.profiles.infinite_nomic.world_checks import ALL_ACTIONS, check_world
from gamestate.profiles.infinite_nomic.world_play import play_world, player_state, world_state

__all__ = ["InfiniteNomic", "judge_overturns"]

WEEK = timedelta(weeks=1)


class InfiniteNomic(BaseProfile):
    """Infinite Nomic Aeternus: reactions as they stand when a period ends, standard and
    urgent proposals, phases from Sunday and Thursday, reputable players, the Judge."""

    name = "infinite-nomic"
    title = "Infinite Nomic"
    seed = "001_385c243753cb46d6.txt"
    settings: ClassVar[tuple[Setting, ...]] = SETTINGS
    matter_kinds = MATTER_KINDS
    event_types = EVENT_TYPES
    action_names = ALL_ACTIONS
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
        warnings = check_archive(archive)
        check_world(archive)
        return warnings

    def check_rules(self, archive: Archive) -> list[str]:
        return self.check(archive)

    def evaluate(self, archive: Archive, now: datetime, since: datetime | None) -> Report:
        self.check(archive)  # what it does not know is refused here too
        rules = read_rules(archive)
        books = Books.from_archive(archive, rules, now)
        report = Report(profile=self.name, now=now, since=since)
        proposals, report.effect_order = decide_proposals(books)
        candidacies, report.judge = decide_candidacies(books)
        polls = decide_confidence_votes(books)
        overturns = judge_overturns(archive, now)
        stamp = format_time(now)
        report.actions = [a for a in books.reputation.membership.judged if _at(a) <= stamp]
        report.actions += [a for a, _ in overturns]
        items = Items(archive, books)
        play = play_world(archive, books, now, items, items.used)
        if play is not None:
            items.catch_up(now)
            report.actions += play.actions + items.records
        report.actions.sort(key=_at)
        for mid, outcome in list(polls.items()):
            matter = archive.matter(mid)
            ruling = matter.ruling if matter is not None else None
            for a, key in overturns:
                if a["allowed"] and ruling is not None and key == _ruling_key(ruling):
                    polls[mid] = Outcome(
                        "overturned",
                        clauses.JUDGE_OVERTURNS,
                        f"overturned by its Judge {a['player']} at {a['at']}, within one week "
                        f"of the ruling; the poll: {outcome.reason}",
                        None,
                        outcome.numbers,
                    )
        for m in archive.matters:
            for found in (proposals, candidacies, polls):
                if m.id in found:
                    report.matters[m.id] = found[m.id]
        membership = books.reputation.membership
        names = [m.name for m in archive.roster]
        names += [n for n in membership.spans if archive.member(n) is None]
        report.state = {
            name: {
                "player": membership.is_player(name, now),
                "reputable": books.is_reputable(name, now),
            }
            for name in names
        }
        report.game_state = _game_state(archive, books, now)
        if play is not None:
            for name in names:
                report.state[name] |= player_state(play, name) | items.state_of(name)
            report.game_state |= {"world": world_state(play)} | items.game_state()
            if play.winner is not None:
                report.winners = [play.winner["faction"]]
                report.game_end = {
                    "day": play.winner["at"][:10],
                    "winner": play.winner["faction"],
                    "condition": play.winner["clause"],
                }
        if since is not None:
            due = boundaries(since, now, rules.cycle_began)
            report.due = [
                {
                    "at": at,
                    "event": event,
                    "clause": clauses.WEEKS if event == "week begins" else clauses.PHASES,
                }
                for at, event in due
            ]
        at, event = next_boundary(now, rules.cycle_began)
        report.next_due = {"at": at, "event": event}
        report.warnings = list(books.warnings) + (play.notes if play is not None else [])
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
        "players": sum(1 for n in books.reputation.membership.spans if books.players_at(now)(n)),
    }


def _at(action: dict[str, Any]) -> str:
    return str(action["at"])


def _ruling_key(ruling: Any) -> tuple[str, str]:
    at = ruling.get("at")
    return str(ruling.get("by")), format_time(parse_time(at, "ruling")) if at else ""


def judge_overturns(archive: Archive, now: datetime) -> list[tuple[dict[str, Any], Any]]:
    """:data:`clauses.JUDGE_OVERTURNS`: each ``overturn_ruling`` event judged (the Judge
    who made the ruling, within one week of it: the week's last second included)."""
    out = []
    for e in archive.events:
        if e.type != "overturn_ruling" or e.at > now:
            continue
        ruling = e.get("ruling")
        made = parse_time(ruling.get("at"), "ruling")
        who, maker = str(e.get("by")), str(ruling.get("by"))
        if who != maker:
            ok, why = False, f"the ruling was made by {maker}, not {who}"
        elif not made <= e.at <= made + WEEK:
            ok, why = False, f"more than one week after the ruling of {format_time(made)}"
        else:
            ok, why = True, f"within one week of the ruling of {format_time(made)}"
        action = {
            "at": format_time(e.at),
            "player": who,
            "action": "overturn_ruling",
            "allowed": ok,
            "reason": f"overturn the ruling of {format_time(made)}: {why}",
            "clause": clauses.JUDGE_OVERTURNS,
        }
        out.append((action, _ruling_key(ruling)))
    return out
