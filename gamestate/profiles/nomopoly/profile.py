"""Nomopoly (seed 004, an e-mail nomic of about 2000): each proposal's verdict in the
game's words, and the books after everything up to ``now``.

Outcomes: ``awaiting judgement`` (sent, not judged yet), ``replaced`` (its author sent
another while it was undecided; ``by`` names that one), and the admin's judgement:
``accepted``, ``rejected``, ``accepted in part``. The numbers: ``batch_day`` (the GMT
day it was sent), ``turn_order`` (its author's place in that day's turns), ``dice``
(how many the turn throws), ``direction`` (``advance``/``retreat``), ``by``; with
``roll``, ``from`` and ``to`` once the turn is taken.

There are no votes: the admin's judgement is an input (``judgement``), as are the
dice (``draw`` events named ``dice:<proposal id>``).

Readings (settings; each pinned by a test):

- ``in_part``: "accepted in part" counts as accepted for the dice (+1) and the Real
  Estate Guide (``accepted``, the default), or as neither (``neither``).
- ``batch_processed``: a day's proposals are processed at the first ``admin_day`` event
  after they are all judged (``admin_day``, the default), or as soon as they are all
  judged (``all judged``).
- ``block_gap``: a hole in a rank or file where a square was removed breaks a block
  (``not connected``, the default) or is stepped over (``connected``).
- ``diagonal``: "diagonally adjacent" is four or more in one diagonal line (``line``,
  the default) or any chain of diagonal neighbours (``chain``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar

from gamestate.profiles.archive import format_time
from gamestate.profiles.base import BaseProfile
from gamestate.profiles.core import Archive, Matter, Outcome, Report, Setting
from gamestate.profiles.nomopoly import clauses
from gamestate.profiles.nomopoly.checks import ACTIONS, EVENT_TYPES, check_archive
from gamestate.profiles.nomopoly.day import Books, Options, achieved, keep_books
from gamestate.profiles.nomopoly.dice import turn_dice
from gamestate.profiles.nomopoly.quote import cut, shown

__all__ = ["NomopolyProfile"]

JUDGEMENTS = frozenset({"accepted", "rejected", "accepted in part"})
HELD = "judged; applied at the admin's day, not yet held"
"""A judged proposal whose admin's day has not come: none of its effects are applied."""
ALL_JUDGED = "judged; applied once the day's proposals are all judged, not yet"


class NomopolyProfile(BaseProfile):
    """Nomopoly's rules behind the profile interface."""

    name: ClassVar[str] = "nomopoly"
    title: ClassVar[str] = "Nomopoly"
    seed: ClassVar[str] = "004_9726ba3d19e85e82.txt"
    settings: ClassVar[Sequence[Setting]] = (
        Setting(
            "in_part",
            "accepted",
            '"accepted in part" counts as accepted for the dice and the Real Estate Guide',
            ("accepted", "neither"),
        ),
        Setting(
            "batch_processed",
            "admin_day",
            "a day's proposals are processed at the first admin_day event after all are "
            "judged, or as soon as all are judged",
            ("admin_day", "all judged"),
        ),
        Setting(
            "block_gap",
            "not connected",
            "a hole in a rank or file (a removed square) breaks a block, or is stepped over",
            ("not connected", "connected"),
        ),
        Setting(
            "diagonal",
            "line",
            '"diagonally adjacent": four in one diagonal line, or any diagonal chain',
            ("line", "chain"),
        ),
    )
    matter_kinds: ClassVar[frozenset[str]] = frozenset({"proposal"})
    number_keys: ClassVar[tuple[str, ...]] = ("batch_day", "turn_order", "dice", "direction", "by")
    event_types: ClassVar[frozenset[str]] = EVENT_TYPES
    action_names: ClassVar[frozenset[str]] = ACTIONS
    vote_values: ClassVar[frozenset[str]] = frozenset()
    judgement_results: ClassVar[frozenset[str]] = JUDGEMENTS

    def check(self, archive: Archive) -> list[str]:
        for m in archive.matters:
            if m.votes:
                raise archive.error(
                    f"matter {cut(m.id)}",
                    "Nomopoly has no votes: the admin judges each proposal "
                    "(record a judgement {at, result} instead)",
                )
        for e in archive.events:
            # The core compares these with sets: a list or a mapping there is junk, said here.
            where = f"event {e.index} ({cut(e.type)})"
            if e.type not in EVENT_TYPES:
                known = ", ".join(sorted(EVENT_TYPES))
                raise archive.error(
                    where, f"unknown event type {shown(e.type)}; nomopoly knows {known}"
                )
            if e.type == "action" and not isinstance(e.get("action"), str):
                raise archive.error(where, f"action must be a name, not {shown(e.get('action'))}")
            if e.type == "action" and e.get("action") not in ACTIONS:
                known = ", ".join(sorted(ACTIONS))
                raise archive.error(
                    where, f"unknown action {shown(e.get('action'))}; nomopoly knows {known}"
                )
        return super().check(archive)

    def check_rules(self, archive: Archive) -> list[str]:
        return check_archive(archive)

    def options(self, archive: Archive) -> Options:
        return Options(
            in_part=self.setting(archive, "in_part"),
            batch_processed=self.setting(archive, "batch_processed"),
            block_gap=self.setting(archive, "block_gap"),
            diagonal=self.setting(archive, "diagonal"),
        )

    def evaluate(self, archive: Archive, now: datetime, since: datetime | None) -> Report:
        warnings = self.check(archive)
        options = self.options(archive)
        books = keep_books(archive, now, since, options)
        present = {m.name for m in archive.players_at(now)}
        ledger = books.ledger
        report = Report(profile=self.name, now=now, since=since)
        report.matters = {
            m.id: self.outcome(m, books, now, options)
            for m in archive.matters
            if m.posted_at <= now
        }
        report.state = {name: h.as_state() for name, h in ledger.players.items() if name in present}
        report.game_state = ledger.game_state()
        report.due = books.due
        report.actions = books.actions
        report.effect_order = books.effect_order
        report.game_end = books.game_end
        winner = books.game_end.get("winner") if books.game_end else None
        report.winners = [winner] if winner is not None else []
        report.achieved = achieved(ledger, present, options)
        report.rules_after_day = dict(ledger.rules_changed)
        report.warnings = warnings + books.warnings
        # Nothing applied silently: a judgement whose admin's day has not been held.
        held = [
            f"{m.id} ({m.author}): {o.numbers['waits']}"
            for m in archive.matters
            if (o := report.matters.get(m.id)) is not None
            and o.numbers.get("waits") in (HELD, ALL_JUDGED)
        ]
        if held:
            which = "the admin's day" if options.batch_processed == "admin_day" else "judging"
            report.waiting.append({"for": which, "what": held})
            report.warnings.append("; ".join(held))
        report.waiting += books.waiting
        return report

    def outcome(self, m: Matter, books: Books, now: datetime, options: Options) -> Outcome:
        """One proposal's verdict at ``now``."""
        batch = books.batches[m.id]
        numbers: dict[str, Any] = {
            "batch_day": batch.day.isoformat(),
            "turn_order": None,
            "dice": None,
            "direction": None,
            "by": None,
            "waits": None,
        }
        sent = format_time(m.posted_at)
        if m.id in books.replaced:
            by, at = books.replaced[m.id]
            numbers["by"] = by
            return Outcome(
                "replaced",
                clauses.REPLACE,
                f"{m.author} sent {by} at {format_time(at)} while {m.id} (sent {sent}) was "
                f"undecided; {by} wholly replaces it",
                None,
                numbers,
            )
        live = [p for p in batch.proposals if p.id not in books.replaced]
        order = next((i for i, p in enumerate(live, start=1) if p.id == m.id), None)
        numbers["turn_order"] = order
        judgement = m.judgement if m.judgement is not None and m.judgement.at <= now else None
        if judgement is None:
            return Outcome(
                "awaiting judgement",
                clauses.BATCH_DAY,
                f"sent {sent}, in the proposals of {batch.day.isoformat()} (00:00:00 to "
                "23:59:59 GMT); not judged yet",
                None,
                numbers,
            )
        result = judgement.result
        judged = f"{result} at {format_time(judgement.at)}"
        turn = books.turns.get(m.id)
        if turn is None:
            dice = turn_dice(books.ledger.default_dice, result, in_part=options.in_part)
            if books.game_end is not None:
                later = f"the game ended on {books.game_end['day']}; no turn"
            elif books.halted is not None:
                later = f"its turn waits: {books.halted}"
                numbers["waits"] = books.waiting[-1]["for"] if books.waiting else None
            else:
                numbers["waits"] = HELD if options.batch_processed == "admin_day" else ALL_JUDGED
                later = f"{numbers['waits']}: its turn (dice {dice.why}), its Real Estate Guide "
                later += "and its rule changes come then"
            reason = f"{judged}; batch {batch.day.isoformat()}, turn {order}; {later}"
        else:
            dice = turn.dice
            numbers.update(roll=turn.throws, **{"from": turn.start, "to": turn.end})
            if turn.skipped:
                happened = f"no turn: {turn.skipped}"
            elif turn.awaiting:
                happened = f"dice {dice.why}; the turn awaits the roll {shown(turn.awaiting)}"
                numbers["waits"] = f"the roll {shown(turn.awaiting)}"
            else:
                happened = f"dice {dice.why}; " + "; ".join(turn.notes)
            reason = f"{judged}; batch {batch.day.isoformat()}, turn {turn.order}: {happened}"
        numbers["dice"] = dice.count
        numbers["direction"] = dice.direction
        clause = dice.clause if result != "accepted in part" else f"{clauses.JUDGE} {dice.clause}"
        return Outcome(result, clause, reason, None, numbers)
