"""Nomopoly IV (seed 002): the profile ``nomopoly-iv``.

A web-site nomic with no voting rule: the Admin implements proposals, and the site ran
scheduled events "the next time someone loads a page". Proposals are judged for
legality ("If a player is dead, he may not make any proposals"; the 30-a-day limit was
repealed) and their implementation times kept; the scheduled events (Jumps at noon and
midnight Central, the Scientists' income, the Sunday Experience Fairy, 120-hour ? Boxes,
the Saturday Shop move, cool-downs and their hourly random end, the fort week) apply in
due order, each against the state as of its due time; victory at level 25.

Modules: :mod:`.clauses` (the seed's words), :mod:`.units` (units, buildings, commands),
:mod:`.schedule` (when events fall due), :mod:`.books` (the values, levelling up, the
fine at 10 Jumps, victory), :mod:`.actions` (actions and commands judged),
:mod:`.game` (the timeline), :mod:`.checks` (what an archive must hold).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from gamestate.profiles.archive import format_time
from gamestate.profiles.base import BaseProfile
from gamestate.profiles.clock import zone
from gamestate.profiles.core import Archive, Outcome, Report, Setting
from gamestate.profiles.nomopoly_iv import clauses
from gamestate.profiles.nomopoly_iv.checks import ACTIONS, EVENT_TYPES, check_archive
from gamestate.profiles.nomopoly_iv.game import Options, play
from gamestate.profiles.nomopoly_iv.schedule import SATURDAY_READINGS

__all__ = ["PROFILE", "NomopolyIV"]

SAME_INSTANT = ("scheduled first", "recorded first")


class NomopolyIV(BaseProfile):
    """Nomopoly IV: legality of proposals, scheduled events applied in due order, levels
    and the level-25 victory."""

    name = "nomopoly-iv"
    title = "Nomopoly IV"
    seed = "002_580ae568df44c2a3.txt"
    settings: ClassVar[tuple[Setting, ...]] = (
        Setting("timezone", "America/Chicago", 'the seed\'s "Central time" (an IANA zone)'),
        Setting(
            "saturday_midnight",
            SATURDAY_READINGS[0],
            '"Every Saturday at midnight GMT": the midnight that begins Saturday, or ends it',
            choices=SATURDAY_READINGS,
        ),
        Setting(
            "same_instant",
            SAME_INSTANT[0],
            "an action recorded at the instant an event falls due: after it (the site applied "
            "pending events on the page load that took the action), or before it",
            choices=SAME_INSTANT,
        ),
        Setting(
            "cool_downs_first",
            True,
            "a Scientist whose cool down ends at noon or midnight Central is Researching "
            "(or Counter-Researching) for that instant's income",
            choices=(True, False),
        ),
    )
    matter_kinds = frozenset({"proposal"})
    event_types = EVENT_TYPES
    action_names = ACTIONS

    def check_rules(self, archive: Archive) -> list[str]:
        zone(self.setting(archive, "timezone"))
        check_archive(archive)
        return []

    def options(self, archive: Archive) -> Options:
        return Options(
            tz=zone(self.setting(archive, "timezone")),
            saturday_midnight=self.setting(archive, "saturday_midnight"),
            same_instant=self.setting(archive, "same_instant"),
            cool_downs_first=self.setting(archive, "cool_downs_first") is True,
        )

    def evaluate(self, archive: Archive, now: datetime, since: datetime | None) -> Report:
        check_archive(archive, now)
        played = play(archive, self.options(archive), now)
        books = played.books
        report = Report(profile=self.name, now=now, since=since)
        for m in archive.matters:
            if m.id not in played.proposals:
                continue
            allowed, why, level = played.proposals[m.id]
            numbers = {"level": level, "implemented_at": books.implemented.get(m.id)}
            retraction = played.retracted.get(m.id)
            if allowed and retraction is not None and retraction[0]:
                # 2b's words: "allowed" (could the author make it then); the retraction is
                # its reason and its number.
                report.matters[m.id] = Outcome(
                    "allowed",
                    clauses.RETRACT,
                    f"allowed when made; {m.author} retracted it at "
                    f"{format_time(retraction[1])}, alive then",
                    None,
                    {**numbers, "retracted_at": retraction[1]},
                )
                continue
            if retraction is not None:
                why += f"; the retraction at {format_time(retraction[1])} was not allowed (dead)"
            report.matters[m.id] = Outcome(
                outcome="allowed" if allowed else "not allowed",
                clause=clauses.DEAD_MAY_NOT_PROPOSE,
                reason=f"{why}; no cap on proposals a day (“{clauses.LIMIT_REPEALED}”)",
                next_change=None,
                numbers=numbers,
            )
        report.state = {
            name: s.as_dict(books.cooling_of(name), books.army.stats)
            for name, s in books.players.items()
        }
        report.game_state = books.game_state()
        report.due = [d for d in played.due if since is not None and since < _time(d["at"]) <= now]
        report.next_due = played.next_due
        report.actions = played.actions
        report.winners = list(books.winners)
        if books.winners and books.won_at is not None:
            report.achieved = {w: "level 25 or higher" for w in books.winners}
        report.warnings = played.warnings
        report.waiting = played.waiting
        if since is not None and since < played.start and "as_of" not in archive.game_state:
            first = "the first record" if played.start < now else "--now (nothing is recorded)"
            report.warnings.append(
                f"--since {format_time(since)} is before anything the archive can place: "
                f"game_state.as_of is missing, so the books start at {format_time(played.start)} "
                f"({first}) and nothing before it is counted as fallen due"
            )
        return report


def _time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


PROFILE = NomopolyIV()
"""The Nomopoly IV profile."""
