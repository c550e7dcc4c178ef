"""The admin's day (rules "Proposals" and "Order of the Admins Day"): which proposals a
day judges, when that day is processed, and the day's five steps in order.

A proposal belongs to the GMT day it was sent on (``batch_day``, 00:00:00 to 23:59:59
inclusive). A proposal is replaced when its author sends another before it is judged
(judged at the very instant the next one is sent counts as decided). A day's batch is
*ready* once the day is over and each of its proposals is judged or replaced.

When a ready batch is processed is a reading (setting ``batch_processed``):

- ``admin_day`` (the default): at the first ``admin_day`` event at or after the batch
  is ready. An ``admin_day`` event with no ready batch is a day of buys and actions only.
- ``all judged``: at the instant the batch became ready, with no event needed;
  ``admin_day`` events still process buys and actions.

At one instant, recorded facts come first: fines, then proposals sent (their authors
lose their Real Estate Guides, and collect half the Poorbox if it is due), then the
admin's day, which takes every buy order and action recorded at or before it. Several
batches ready for one admin's day are processed one day after another, oldest first.

The day's steps: 1. buy orders; 2. judge (accepted: a Real Estate Guide); 3. turns in
the order the proposals were received; 4. the other actions; 5. rule changes from the
accepted proposals (``changes``; ``accepted_changes`` for "accepted in part"); then
the victory check (rule "Ending The Game"). A turn whose throw is not recorded stops
only what depends on the dice: that turn and the later ones (squares, money, occupied
squares), the day's other actions and the victory check, and every later day; the day's
rule changes, which depend only on the judgements, still happen. ``waiting`` lists what
waits for which roll. After the game ends nothing more is processed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from functools import partial
from typing import Any

from gamestate.profiles.archive import format_time
from gamestate.profiles.core import Archive, Event, Matter
from gamestate.profiles.nomopoly import clauses
from gamestate.profiles.nomopoly.board import victory_conditions
from gamestate.profiles.nomopoly.dice import (
    TurnDice,
    draw_name,
    parse_draw_name,
    read_throw,
    turn_dice,
)
from gamestate.profiles.nomopoly.ledger import Ledger
from gamestate.profiles.nomopoly.trades import lapse
from gamestate.profiles.nomopoly.world import disband_unfit, release_due, sentence

__all__ = ["Batch", "Books", "Options", "Turn", "day_end", "keep_books"]


@dataclass(frozen=True)
class Options:
    """The readings (settings) the books follow."""

    in_part: str = "accepted"
    batch_processed: str = "admin_day"
    block_gap: str = "not connected"
    diagonal: str = "line"


@dataclass(frozen=True)
class Batch:
    """The proposals sent within one GMT day."""

    day: date
    proposals: tuple[Matter, ...]
    """In the order received (time, then the archive's order)."""
    ready_at: datetime | None
    """The day is over and each proposal is judged or replaced; None: not yet."""


@dataclass
class Turn:
    """A proposal's turn (its extra turns from doubles included)."""

    order: int
    dice: TurnDice
    start: int | str | None = None
    end: int | str | None = None
    throws: list[list[int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    awaiting: str | None = None
    """The draw whose roll is not recorded yet."""
    skipped: str | None = None
    """Why no turn was taken (on a circle, left the game)."""


@dataclass
class Books:
    """Everything kept up to ``now``."""

    ledger: Ledger
    replaced: dict[str, tuple[str, datetime]]
    """Proposal id -> (the replacing proposal's id, when it was sent)."""
    batches: dict[str, Batch]
    """Proposal id -> its day's batch."""
    processed: dict[date, datetime] = field(default_factory=dict)
    """Batch day -> the instant its admin's day was processed."""
    turns: dict[str, Turn] = field(default_factory=dict)
    actions: list[dict[str, Any]] = field(default_factory=list)
    due: list[dict[str, Any]] = field(default_factory=list)
    effect_order: list[str] = field(default_factory=list)
    game_end: dict[str, Any] | None = None
    halted: str | None = None
    """Why the books stop short of ``now`` (a roll not yet recorded)."""
    waiting: list[dict[str, Any]] = field(default_factory=list)
    """``{"for": the roll, "what": [...]}``: what a missing roll holds back."""
    warnings: list[str] = field(default_factory=list)


def day_end(day: date) -> datetime:
    """The first instant after "23:59:59 on that same real day inclusive" (GMT)."""
    return datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1)


def _judged(m: Matter, now: datetime) -> bool:
    return m.judgement is not None and m.judgement.at <= now


def _replacements(proposals: list[Matter], now: datetime) -> dict[str, tuple[str, datetime]]:
    """:data:`clauses.REPLACE`: each proposal still undecided when its author sent the next."""
    out: dict[str, tuple[str, datetime]] = {}
    last: dict[str, Matter] = {}
    for m in proposals:
        earlier = last.get(m.author)
        if earlier is not None:
            j = earlier.judgement
            if j is None or j.at > now or j.at > m.posted_at:
                out[earlier.id] = (m.id, m.posted_at)
        last[m.author] = m
    return out


def _batches(
    proposals: list[Matter], replaced: dict[str, tuple[str, datetime]], now: datetime
) -> list[Batch]:
    days: dict[date, list[Matter]] = {}
    for m in proposals:
        days.setdefault(m.posted_at.date(), []).append(m)
    out = []
    for day, members in sorted(days.items()):
        decided: list[datetime] = [day_end(day)]
        for m in members:
            if m.id in replaced:
                decided.append(replaced[m.id][1])
            elif _judged(m, now) and m.judgement is not None:
                decided.append(m.judgement.at)
            else:
                decided = []
                break
        ready = max(decided) if decided else None
        out.append(
            Batch(day, tuple(members), ready if ready is not None and ready <= now else None)
        )
    return out


class _Keeper:
    """Applies the facts in time order to one :class:`Ledger`."""

    def __init__(self, archive: Archive, now: datetime, options: Options) -> None:
        self.archive, self.now, self.options = archive, now, options
        self.proposals = sorted(
            (m for m in archive.matters if m.posted_at <= now),
            key=lambda m: m.posted_at,
        )
        replaced = _replacements(self.proposals, now)
        batches = _batches(self.proposals, replaced, now)
        self.books = Books(
            ledger=Ledger.from_archive(archive),
            replaced=replaced,
            batches={m.id: b for b in batches for m in b.proposals},
        )
        self.batch_list = batches
        for m in self.proposals:
            j = m.judgement
            if m.id in replaced and j is not None and j.at <= now:
                by = replaced[m.id][0]
                self.books.warnings.append(
                    f"matter {m.id}: judged {j.result} after {by} replaced it; the judgement "
                    "is ignored"
                )
        self.events = [e for e in archive.events if e.at <= now]
        known = {m.id for m in archive.matters}
        self.draws: dict[tuple[str, int], Event] = {}
        for e in self.events:
            if e.type == "draw":
                key = parse_draw_name(e.get("what"), known)
                if key is not None:
                    self.draws[key] = e
        self.pending = [e for e in self.events if e.type in ("buy", "action", "trade_lapsed")]

    def present(self, moment: datetime) -> set[str]:
        return {m.name for m in self.archive.players_at(moment)}

    # The timeline.

    def schedule(self) -> list[tuple[datetime, int, int, Callable[[], None]]]:
        facts: list[tuple[datetime, int, int, Callable[[], None]]] = []
        for e in self.events:
            if e.type == "fine":
                facts.append((e.at, 0, e.index, partial(self.fine, e)))
            elif e.type == "inferno":
                facts.append((e.at, 0, e.index, partial(self.inferno, e)))
            elif e.type == "legal_threats":
                facts.append((e.at, 0, e.index, partial(self.legal_threats, e)))
        for i, m in enumerate(self.proposals):
            facts.append((m.posted_at, 1, i, partial(self.sent, m)))
        runs: list[tuple[datetime, int, list[Batch]]] = []
        ready = [b for b in self.batch_list if b.ready_at is not None]
        days = [e for e in self.events if e.type == "admin_day"]
        if self.options.batch_processed == "all judged":
            runs += [(b.ready_at, 0, [b]) for b in ready if b.ready_at is not None]
            runs += [(e.at, 1 + e.index, []) for e in days]
        else:
            waiting = list(ready)
            for e in days:
                taken = [b for b in waiting if b.ready_at is not None and b.ready_at <= e.at]
                waiting = [b for b in waiting if b not in taken]
                runs.append((e.at, 1 + e.index, taken))
        for at, order, taken in runs:
            facts.append((at, 2, order, partial(self.run, at, taken)))
        return sorted(facts, key=lambda f: (f[0], f[1], f[2]))

    def keep(self, since: datetime | None) -> Books:
        self.since = since
        for _, _, _, apply in self.schedule():
            if self.books.halted is not None or self.books.game_end is not None:
                break
            apply()
        return self.books

    # Facts outside the admin's day.

    def fine(self, e: Event) -> None:
        name = e.get("player")
        if name not in self.present(e.at):
            self.books.warnings.append(f"event {e.index}: {name} is not on the roster; ignored")
            return
        self.books.ledger.fined(name, e.get("amount"))

    def inferno(self, e: Event) -> None:
        """The admin's sentence (rule "Tyrethali's Inferno"), listed with the actions."""
        name = e.get("player")
        known = name in self.books.ledger.players and name in self.present(e.at)
        reason = sentence(self.books.ledger, e) if known else f"{name} is not a player then"
        self.books.actions.append(
            {
                "at": format_time(e.at),
                "player": name,
                "action": "sentenced to Tyrethali's Inferno",
                "allowed": known and reason.startswith(f"{name} is sentenced"),
                "reason": reason,
                "clause": clauses.INFERNO,
                "taken_at": format_time(e.at),
            }
        )

    def legal_threats(self, e: Event) -> None:
        """:data:`clauses.LEGAL_END`: the admin's word that the threats came ends the game
        at that instant, with no winner."""
        self.books.game_end = {
            "day": e.at.date().isoformat(),
            "winner": None,
            "condition": "serious and unreconcilable legal threats from the manufacturer "
            "of a board game",
        }
        self.books.actions.append(
            {
                "at": format_time(e.at),
                "player": e.get("by"),
                "action": "legal threats",
                "allowed": True,
                "reason": "the game ends immediately, with no winner",
                "clause": clauses.LEGAL_END,
                "taken_at": format_time(e.at),
            }
        )

    def sent(self, m: Matter) -> None:
        self.books.ledger.proposal_sent(m.author, m.posted_at.date())

    # The admin's day.

    def run(self, at: datetime, batches: list[Batch]) -> None:
        todo: list[Batch | None] = list(batches) if batches else [None]
        for batch in todo:
            if self.books.halted is not None or self.books.game_end is not None:
                return
            self.day(at, batch)

    def day(self, at: datetime, batch: Batch | None) -> None:
        ledger = self.books.ledger
        present = self.present(at)
        label = (batch.day if batch is not None else at.date()).isoformat()
        what = (
            f"admin's day {label}" if batch else f"admin's day of {label} (buys and actions only)"
        )
        if self.since is None or self.since < at:
            self.books.due.append({"at": format_time(at), "event": what})
        if batch is not None:
            self.books.processed[batch.day] = at
        for note in release_due(ledger, at.date()) + disband_unfit(ledger, present):
            self.books.warnings.append(f"admin's day {label}: {note}")
        # 1. Process property buy orders.
        self.actions(at, present, "buy")
        proposals = (
            [] if batch is None else [m for m in batch.proposals if m.id not in self.books.replaced]
        )
        # 2. Judge proposals.
        for m in proposals:
            result = m.judgement.result if m.judgement is not None else ""
            if self.counts_accepted(result) and m.author in ledger.players:
                ledger.players[m.author].guides += 1
        # 3. Execute player game turns.
        for order, m in enumerate(proposals, start=1):
            if not self.turn(m, order, at, present):
                self.missing_roll(m, order, proposals, label)
                return
        # 4. Perform all other buys, sells, trades, upgrades, renames...
        self.actions(at, present, "action")
        # 5. Modify the rules as directed by the accepted proposals.
        self.books.effect_order = []
        for m in proposals:
            self.change_rules(m)
        self.victory(label, present)

    def missing_roll(self, m: Matter, order: int, proposals: list[Matter], label: str) -> None:
        """A roll not recorded: the turns from this one on, the other actions and the
        victory check wait for it; step 5 (the rules) does not depend on the dice."""
        awaiting = self.books.turns[m.id].awaiting
        self.books.halted = f"the admin's day of {label} awaits the roll {awaiting!r}"
        what = [f"{p.id}'s turn ({p.author})" for p in proposals[order - 1 :]]
        what += [
            f"the other actions of the admin's day {label}",
            "the victory check",
            "every later admin's day",
        ]
        self.books.waiting.append({"for": f"the roll {awaiting!r}", "what": what})
        self.books.warnings.append(
            f"{self.books.halted}; waiting for it: {', '.join(what)}; the day's rule "
            "changes are made"
        )
        self.books.effect_order = []
        for p in proposals:
            self.change_rules(p)

    def counts_accepted(self, result: str) -> bool:
        return result == "accepted" or (
            result == "accepted in part" and self.options.in_part == "accepted"
        )

    def actions(self, at: datetime, present: set[str], kind: str) -> None:
        ledger = self.books.ledger
        kinds = (kind, "trade_lapsed") if kind == "action" else (kind,)
        for e in [e for e in self.pending if e.type in kinds and e.at <= at]:
            self.pending.remove(e)
            name = e.get("by") if e.type == "trade_lapsed" else e.get("player")
            what = "buy" if kind == "buy" else str(e.get("action", "trade lapsed"))
            if e.type == "trade_lapsed":
                v = lapse(ledger, e)
                allowed, reason, clause = v.allowed, v.reason, v.clause
            elif name not in present or name not in ledger.players:
                allowed, reason, clause = False, f"{name} is not a player then", ""
            elif kind == "buy":
                v = ledger.buy(name, e.get("square"), e.get("name"), len(present), e.at.date())
                allowed, reason, clause = v.allowed, v.reason, v.clause
            else:
                v = ledger.act(name, e, len(present))
                allowed, reason, clause = v.allowed, v.reason, v.clause
            for note in disband_unfit(ledger, present):
                reason += f"; {note}"
            self.books.actions.append(
                {
                    "at": format_time(e.at),
                    "player": name,
                    "action": what,
                    "allowed": allowed,
                    "reason": reason,
                    "clause": clause,
                    "taken_at": format_time(at),
                }
            )

    def turn(self, m: Matter, order: int, at: datetime, present: set[str]) -> bool:
        """The proposal's turn; False if a roll it needs is not recorded."""
        ledger = self.books.ledger
        result = m.judgement.result if m.judgement is not None else None
        dice = turn_dice(ledger.default_dice, result, in_part=self.options.in_part)
        record = self.books.turns[m.id] = Turn(order=order, dice=dice)
        h = ledger.players.get(m.author)
        if h is None or m.author not in present:
            record.skipped = f"{m.author} is not a player then"
            return True
        record.start = h.square
        if not isinstance(h.square, int):
            record.skipped = f"{m.author} is on {h.square}, a circle, not a square"
            record.end = h.square
            return True
        number, square = 1, h.square
        while True:
            players = len(present)
            occupied = ledger.occupied(m.author, present)
            doubles = False
            bricks = ledger.bricks()
            if dice.count <= 0:
                move = ledger.board.move(
                    square, 1, "retreat", occupied=occupied, players=players, bricks=bricks
                )
                record.notes.append(f"no dice: retreated from {move.start} to {move.end}")
            else:
                name = draw_name(m.id, number)
                draw = self.draws.get((m.id, number))
                if draw is None:
                    record.awaiting = name
                    return False
                faces = list(draw.get("result"))
                if len(faces) != dice.count:
                    raise self.archive.error(
                        f"event {draw.index} (draw)",
                        f"{name} threw {len(faces)} dice; the turn throws {dice.count}",
                    )
                throw = read_throw(faces)
                doubles = throw.doubles
                record.throws.append(faces)
                h.money += throw.bonus
                highest = max(max(t) for t in record.throws)  # "any of the dice ... that turn"
                move = ledger.board.move(
                    square,
                    throw.amount,
                    dice.direction,
                    occupied=occupied,
                    players=players,
                    bricks=bricks,
                    highest=highest,
                )
                note = f"threw {faces}: {dice.direction} {throw.amount}"
                note += f" from {move.start} to {move.end}"
                if throw.bonus:
                    note += f", bonus ${throw.bonus}"
                record.notes.append(note)
            if move.moved_on:
                record.notes.append(f"moved on {move.moved_on} past occupied squares")
            if move.bricked is not None:
                record.notes.append(
                    f"stopped before square {move.bricked}: its Bricks outnumber every die"
                )
            if move.payday:
                record.notes.append(f"Payday ${move.payday} on {list(move.paydays)}")
            h.money += move.payday
            h.square = square = move.end
            record.end = move.end
            drained = ledger.land(m.author)
            if drained:
                record.notes.append(drained)
            if not doubles:
                return True
            # "the player earns another turn": the default dice, advancing.
            number += 1
            dice = turn_dice(ledger.default_dice, None)
            record.notes.append("doubles: another turn")

    def change_rules(self, m: Matter) -> None:
        result = m.judgement.result if m.judgement is not None else ""
        key = {"accepted": "changes", "accepted in part": "accepted_changes"}.get(result)
        raw = m.extra.get(key) if key is not None else None
        if not isinstance(raw, dict) or not raw:
            return
        ledger = self.books.ledger
        if "default_dice" in raw:
            ledger.default_dice = raw["default_dice"]
            ledger.rules_changed["default_dice"] = ledger.default_dice
        if raw.get("add_squares"):
            ledger.board = ledger.board.annexed(raw["add_squares"])
            ledger.rules_changed["board"] = ledger.board.verses
        verses = ledger.board.verses
        for title in raw.get("name_squares") or []:
            ledger.new_named_square(title)
        if ledger.board.verses != verses:
            ledger.rules_changed["board"] = ledger.board.verses
        self.books.effect_order.append(m.id)

    def victory(self, label: str, present: set[str]) -> None:
        """:data:`clauses.END_OF_GAME`: one and only one player meets one and only one."""
        met = achieved(self.books.ledger, present, self.options)
        single = {p: c for p, c in met.items() if " and " not in c}
        if len(single) == 1:
            winner, condition = next(iter(single.items()))
            self.books.game_end = {"day": label, "winner": winner, "condition": condition}


def achieved(ledger: Ledger, present: set[str], options: Options) -> dict[str, str]:
    """Player -> the victory condition(s) they meet ("X and Y" for both)."""
    out = {}
    for name in sorted(present):
        h = ledger.players.get(name)
        if h is None:
            continue
        met = victory_conditions(
            h.owns, ledger.board, block_gap=options.block_gap, diagonal=options.diagonal
        )
        if met:
            out[name] = " and ".join(met)
    return out


def keep_books(archive: Archive, now: datetime, since: datetime | None, options: Options) -> Books:
    """The books of ``archive`` kept up to ``now`` (checked input)."""
    return _Keeper(archive, now, options).keep(since)
