"""Nomopoly IV played out to ``now``: the scheduled events in due order, each against the
state as of its due time, and the recorded actions, commands and fines between them.

The site applied its scheduled events lazily, "the next time someone loads a page from
the website after the event was supposed to happen. (Since nothing happened since then,
this is identical to the event happening at the correct time)." So the books apply each
event at its due instant whenever it was processed, and a random result (a ``draw``)
resolves the event it belongs to even when it was recorded days later.

A draw resolves the event of its kind due at its ``due`` instant; without ``due``, the
earliest event of its kind still unresolved that fell due at or before the draw was
recorded, except that a draw recorded at the very instant an event of its kind fell due
resolves that event before an earlier unresolved one (and says so, since a late draw for
the earlier one would read the same). A due event whose draw is not (yet) recorded is
listed as awaiting its draw.

At one instant, in order: cool-downs that have elapsed end, then the hourly random end,
then Jumps and the Scientists' income (the ``cool_downs_first`` setting swaps these two
groups), the Fairy, the ? Boxes, the Shop, the fort week; then (``same_instant``:
``scheduled first``) the actions recorded at that instant, in the archive's order.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from gamestate.profiles.archive import format_time, parse_time
from gamestate.profiles.core import Archive, Event, Matter
from gamestate.profiles.nomopoly_iv import boxes, hp_squares, implemented, schedule
from gamestate.profiles.nomopoly_iv.actions import fort_window
from gamestate.profiles.nomopoly_iv.books import (
    COUNTER_RESEARCHING,
    RESEARCHING,
    Books,
    Box,
    Cooling,
    Fairy,
)
from gamestate.profiles.nomopoly_iv.checks import (
    DRAW_BOX,
    DRAW_COOL_DOWN,
    DRAW_FAIRY,
    DRAW_ITEM,
    DRAW_SHOP,
    as_of,
    draw_what,
)
from gamestate.profiles.nomopoly_iv.clauses import SAFECRACKING_GONE as SAFE_GONE
from gamestate.profiles.nomopoly_iv.combat import effects_of
from gamestate.profiles.nomopoly_iv.judging import judge_recorded
from gamestate.profiles.nomopoly_iv.market import DUCKY, apply_ducky
from gamestate.profiles.nomopoly_iv.one_time import (
    ONE_TIME,
    apply_one_time,
    clause_of,
    one_time_events,
)
from gamestate.profiles.nomopoly_iv.resources import (
    DRAW_RESOURCES,
    NEW_SQUARES_EVENT,
    ducky_lands,
    new_squares,
    new_squares_event,
)
from gamestate.profiles.nomopoly_iv.visibility import Watch

__all__ = ["Options", "Played", "play"]

_HOURS_120 = timedelta(hours=120)
_DAY = timedelta(days=1)
_SECOND = timedelta(seconds=1)


@dataclass(frozen=True)
class Options:
    """The settings, resolved."""

    tz: ZoneInfo
    saturday_midnight: str = schedule.SATURDAY_READINGS[0]
    same_instant: str = "scheduled first"
    cool_downs_first: bool = True


@dataclass
class Played:
    """The books at ``now`` and what happened on the way."""

    books: Books
    start: datetime
    due: list[dict[str, Any]]
    next_due: dict[str, Any] | None
    actions: list[dict[str, Any]]
    proposals: dict[str, tuple[bool, str, int]]
    """Matter id -> (the author could make it then, why, their level then)."""
    retracted: dict[str, tuple[bool, datetime]]
    """Matter id -> (the retraction was allowed, when)."""
    waiting: list[dict[str, Any]]
    """``{"for": the draw, "what": [...]}``: the events that await a draw."""
    warnings: list[str]


class _Game:
    def __init__(self, archive: Archive, options: Options, now: datetime) -> None:
        self.archive = archive
        self.options = options
        self.now = now
        self.start = as_of(archive, now)
        self.books = Books.from_archive(archive)
        self.order = 0
        self.due: list[tuple[datetime, str]] = []
        self.actions: list[dict[str, Any]] = []
        self.proposals: dict[str, tuple[bool, str, int]] = {}
        self.retracted: dict[str, tuple[bool, datetime]] = {}
        self.box_count = len(self.books.boxes)
        self.warnings: dict[str, None] = {}
        self.awaiting: dict[str, list[datetime]] = defaultdict(list)
        # Draws pinned to a due instant, and the others in the order recorded.
        self.pinned: dict[tuple[str, datetime], Event] = {}
        self.draws: dict[str, list[Event]] = defaultdict(list)
        self.next_draw: dict[str, int] = defaultdict(int)
        self.all_draws = [e for e in archive.events if e.type == "draw" and e.at <= now]
        for e in self.all_draws:
            what = str(draw_what(e.get("what")))
            if e.get("due") is not None:
                self.pinned.setdefault((what, parse_time(e.get("due"), "draw")), e)
            else:
                self.draws[what].append(e)
        self.used: set[int] = set()
        self.cursor = self.start
        self.floor = self.start
        self.scheduled_first = options.same_instant == "scheduled first"
        """The last recorded instant applied: no hour before it can still fall due."""
        texts = {m.id: m.text or "" for m in archive.matters}
        self.window = fort_window(self.books, texts)
        fairy = archive.game_state.get("experience_fairy")
        if isinstance(fairy, dict):
            self.books.fairy = Fairy(
                parse_time(fairy["appeared_at"], "game_state"), fairy.get("square")
            )
        if self.books.fairy is not None and self.books.fairy.appeared_at + _DAY <= self.start:
            self.books.fairy = None
        for m in archive.roster:
            for unit, until in m.state.get("cooling_down", {}).items() if m.player else ():
                ends = parse_time(until, "roster")
                if ends > self.start:
                    self.books.cooling[(m.name, unit)] = Cooling(
                        m.name, unit, "a command", ends, self._next_order()
                    )
        for box in list(self.books.boxes):
            if box.placed_at + _HOURS_120 <= self.start:
                self.warn(
                    f"game_state.boxes: the ? Box placed {format_time(box.placed_at)} was "
                    "opened by the Dark Lord before game_state.as_of; left out"
                )
                self.books.boxes.remove(box)
        # The periodic clocks: the next instant each falls due.
        self.central = schedule.next_central(self.start, options.tz)
        self.sunday = schedule.next_sunday_noon(self.start)
        self.shop = schedule.next_shop_move(self.start, options.saturday_midnight)

    def _next_order(self) -> int:
        self.order += 1
        return self.order

    # Draws: recorded random results, never predicted.
    def draw(self, what: str, due: datetime) -> Any:
        pinned = self.pinned.get((what, due))
        if pinned is not None:
            self.used.add(pinned.index)
            return pinned.get("result")
        # Events of a kind fall due in order: a draw recorded before this one's due
        # instant can resolve no later one either.
        draws, i = self.draws[what], self.next_draw[what]
        while i < len(draws) and draws[i].at < due:
            i += 1
        self.next_draw[what] = i + 1 if i < len(draws) else i
        if i < len(draws) and draws[i].at > due and self.due_at(what, draws[i].at):
            e = draws[i]
            self.warn(
                f"event {e.index} (draw {what!r}) recorded {format_time(e.at)}, the instant "
                f"an event of its kind fell due: it took the event due at its own instant, not "
                f"the one due {format_time(due)}; give the draw's due to choose"
            )
            self.next_draw[what] = i
            self.awaiting[what].append(due)
            return None
        if i < len(draws):
            self.used.add(draws[i].index)
            return draws[i].get("result")
        self.awaiting[what].append(due)
        return None

    def due_at(self, what: str, t: datetime) -> bool:
        """Does an event of kind ``what`` fall due at ``t`` (as far as known now)?"""
        if what == DRAW_FAIRY:
            return schedule.next_sunday_noon(t - _SECOND) == t
        if what == DRAW_SHOP:
            return schedule.next_shop_move(t - _SECOND, self.options.saturday_midnight) == t
        if what == DRAW_COOL_DOWN:
            return t.minute == 0 and t.second == 0
        if what == DRAW_RESOURCES:
            return t in self.books.land.extended
        return any(b.placed_at + _HOURS_120 == t for b in self.books.boxes)

    # What falls due next.
    def next_instant(self) -> datetime:
        candidates = [self.central[0], self.sunday, self.shop]
        if self.books.cooling:
            ends = min(c.until for c in self.books.cooling.values())
            # An hour at the instant of the last recorded fact fell due before it,
            # unless recorded facts come first at one instant.
            floor = self.floor if self.scheduled_first else self.floor - _SECOND
            base = max(self.cursor, floor)
            candidates += [ends, schedule.next_hour(base)]
        if self.books.fairy is not None:
            candidates.append(self.books.fairy.appeared_at + _DAY)
        candidates += [b.placed_at + _HOURS_120 for b in self.books.boxes]
        if self.window is not None and self.window[1] > self.cursor:
            candidates.append(self.window[1])
        return min(t for t in candidates if t > self.cursor)

    def apply_scheduled(self, at: datetime) -> list[str]:
        """Every scheduled event due at ``at``, applied in order; their names."""
        names: list[str] = []
        self.books.notes = []

        def cool_downs() -> None:
            self.end_cool_downs(at, names)

        def clocks() -> None:
            if self.central[0] == at:
                self.central_tick(at, self.central[1], names)
                self.central = schedule.next_central(at, self.options.tz)

        for step in (cool_downs, clocks) if self.options.cool_downs_first else (clocks, cool_downs):
            step()
        fairy = self.books.fairy
        if fairy is not None and fairy.appeared_at + _DAY == at:
            self.books.fairy = None
            names.append("Experience Fairy returns to his realm (no one was taught)")
        if self.sunday == at:
            square = self.draw(DRAW_FAIRY, at)
            self.books.fairy = Fairy(at, square)
            names.append("Experience Fairy appears" + _on(square))
            self.sunday = schedule.next_sunday_noon(at)
        for box in [b for b in self.books.boxes if b.placed_at + _HOURS_120 == at]:
            names.append(self.dark_lord_opens(box, at))
        if self.shop == at:
            square = self.draw(DRAW_SHOP, at)
            if square is not None and square == self.books.shop_square:
                self.warn(f"draw: the Shop of Terror drawn to stay on square {square}")
            self.books.shop_square = square
            names.append("Dark Lords Shop of Terror changes location" + _on(square, "to"))
            self.shop = schedule.next_shop_move(at, self.options.saturday_midnight)
        if self.window is not None and self.window[1] == at:
            names.append("the week for a new fort at $1250 ends")
        return names

    def end_cool_downs(self, at: datetime, names: list[str]) -> None:
        for c in sorted(self.books.cooling.values(), key=lambda c: (c.until, c.order)):
            if c.until == at:
                names.append(self.stop_cooling(c, "stops cooling down", at))
        if at == schedule.next_hour(at - timedelta(seconds=1)) and self.books.cooling:
            result = self.draw(DRAW_COOL_DOWN, at)
            if result is None:
                names.append("a random unit's cool down ended (awaiting its draw)")
                return
            player = result.get("player") if isinstance(result, dict) else None
            unit = result.get("unit") if isinstance(result, dict) else result
            hits = [
                c
                for (p, u), c in self.books.cooling.items()
                if u == unit and (player is None or p == player)
            ]
            if len(hits) == 1:
                names.append(self.stop_cooling(hits[0], "cool down ended at random", at))
            else:
                if len(hits) > 1:
                    self.warn(f"draw: {unit} names more than one unit cooling down; give player")
                names.append(f"a random unit's cool down ended: {unit} (not tracked)")

    def stop_cooling(self, c: Cooling, how: str, at: datetime) -> str:
        del self.books.cooling[(c.player, c.unit)]
        s = self.books.players.get(c.player)
        text = f"{c.unit} ({c.player}) {how}"
        if s is None:
            return text
        if c.then is not None and c.unit in s.scientists:
            s.scientists[c.unit] = c.then
            text += f": begins {c.then}" + hp_squares.begins(self.books, c.player, c.unit)
        if c.refine:
            paid = c.refine * 11 // 10
            s.money += paid
            text += f": ${paid} refined"
        if c.safecracking is not None:
            text += self.safecracked(c, s, at)
        return text

    def safecracked(self, c: Cooling, s: Any, at: datetime) -> str:
        """:data:`clauses.SAFECRACKING`: the box's item to the SCV's owner, a new box."""
        box = next((b for b in self.books.boxes if b.number == c.safecracking), None)
        if box is None:
            return f": the ? Box was removed first, so it only cooled down (“{SAFE_GONE}”)"
        self.books.boxes.remove(box)
        item = box.item if box.item is not None else self.draw(DRAW_ITEM, at)
        if item is not None:
            s.items[item] = s.items.get(item, 0) + 1
        got = item if item is not None else "the item (awaiting its draw)"
        return f": safecracked, {c.player} gets {got}; " + self.place_box(at)

    def central_tick(self, at: datetime, noon: bool, names: list[str]) -> None:
        which = "noon" if noon else "midnight"
        players = self.books.players_at(at)
        for who, _s in players:
            self.books.add_jumps(who, 1, at)
        names.append(f"each player's Jumps increased by one ({which} Central)")
        names.extend(self.books.notes)
        self.books.notes = []
        if noon:
            for _who, s in players:
                s.money += 50 * sum(m == RESEARCHING for m in s.scientists.values())
            names.append(f"$50 for each Scientist Researching ({which} Central)")
            return
        researching = sum(m == RESEARCHING for _w, s in players for m in s.scientists.values())
        counter = sum(m == COUNTER_RESEARCHING for _w, s in players for m in s.scientists.values())
        for _who, s in players:
            mine_c = sum(m == COUNTER_RESEARCHING for m in s.scientists.values())
            mine_r = sum(m == RESEARCHING for m in s.scientists.values())
            s.money += 25 * mine_c
            if counter > researching:
                s.money += 25 * mine_c - 25 * mine_r
        more = (
            f"; {counter} Counter-Researching > {researching} Researching"
            if (counter > researching)
            else ""
        )
        names.append(f"$25 for each Scientist Counter-Researching (midnight Central){more}")

    def dark_lord_opens(self, box: Box, at: datetime) -> str:
        self.books.boxes.remove(box)
        text = (
            f"? Box{_on(box.square)} opened by the Dark Lord (placed {format_time(box.placed_at)})"
        )
        if self.books.market:
            item = box.item if box.item is not None else self.draw(DRAW_ITEM, at)
            asks = [r["price"] for r in self.books.market if r.get("item") == item]
            if item is None:
                text += "; its item awaits its draw"
            elif asks:
                price = max(min(asks) - 1, 0)
                self.books.market.append({"item": item, "price": price, "seller": "the Dark Lord"})
                text += f"; the Dark Lord offers {item} for ${price}"
        return text + "; " + self.place_box(at)

    def place_box(self, at: datetime) -> str:
        square = self.draw(DRAW_BOX, at)
        # Numbered once each, so a box placed after one removed is never taken for it.
        number = self.box_count
        self.box_count += 1
        boxes.check_free(self.books, square)
        self.books.boxes.append(Box(number, square, at))
        return "a new ? Box placed" + _on(square)

    def warn(self, text: str) -> None:
        self.warnings[text] = None

    # Recorded facts.
    def apply_recorded(self, item: Event | Matter) -> None:
        if isinstance(item, Matter):
            self.judge_proposal(item)
            return
        e = item
        if e.type == "retract":
            self.retract(e)
            return
        if e.type == DUCKY:
            self.due.append((e.at, apply_ducky(self.books, e) + ducky_lands(self.books)))
            return
        if e.type == NEW_SQUARES_EVENT:
            self.due.append((e.at, new_squares(self.books, e, self.draw)))
            return
        if e.type == ONE_TIME:
            self.due.append((e.at, apply_one_time(self.books, e)))
            return
        if e.type == implemented.IMPLEMENTED:
            self.due.append((e.at, implemented.apply_implemented(self, e)))
            return
        if e.type == "fine":
            if e.get("player") in self.books.players:
                self.books.players[str(e.get("player"))].money -= int(e.get("amount"))
            return
        watch = Watch(self.books, e)
        judged = judge_recorded(self, e)
        if judged.box_taken:
            self.due.append((e.at, self.place_box(e.at)))
        self.actions.append(
            {
                "at": format_time(e.at),
                "player": e.get("player"),
                "action": e.get("action") or e.get("command"),
                "allowed": judged.allowed,
                "reason": judged.reason,
                # The first of the seed's words the verdict quotes, if any.
                "clause": next(
                    iter(_QUOTED.findall(judged.reason)),
                    schedule.action_clause(str(e.get("action") or e.get("command"))),
                ),
                **watch.extras(),
            }
        )
        effects_of(self.books, self.actions[-1])

    def retract(self, e: Event) -> None:
        """:data:`clauses.RETRACT`: the living author may retract."""
        mid, who = str(e.get("matter")), str(e.get("player"))
        s = self.books.players.get(who)
        alive = s is not None and s.alive
        self.retracted[mid] = (alive, e.at)

    def judge_proposal(self, m: Matter) -> None:
        s = self.books.players.get(m.author)
        if s is None or not self.books.present(m.author, m.posted_at):
            self.proposals[m.id] = (False, f"{m.author} is not a player then", 0)
        elif not s.alive:
            self.proposals[m.id] = (False, f"{m.author} is dead (level {s.level}) then", s.level)
        else:
            self.proposals[m.id] = (True, f"{m.author} is alive (level {s.level}) then", s.level)

    def play(self) -> Played:
        now, start = self.now, self.start
        recorded: list[Event | Matter] = [
            e for e in self.archive.events if e.type != "draw" and start <= e.at <= now
        ]
        recorded += [m for m in self.archive.matters if m.kind == "proposal" and m.posted_at <= now]
        recorded += [
            Event(
                parse_time(at, "retracted_at"), "retract", {"matter": m.id, "player": m.author}, -1
            )
            for m in self.archive.matters
            if isinstance(at := m.extra.get("retracted_at"), str)
            and start <= parse_time(at, "retracted_at") <= now
        ]
        recorded[:0] = new_squares_event(self.books, self.archive, self.window, start, now)
        recorded[:0] = one_time_events(self.archive, self.books, start, now)
        recorded[:0] = implemented.events(self.archive, self.books, start, now)
        early = [r for r in recorded if _at(r) < start]
        if early:
            self.warn(f"{len(early)} records before game_state.as_of are taken as in it")
        recorded.sort(key=_at)
        i = 0
        # "multiple people to win simultaneously": the win is judged once all that
        # happens at an instant has happened.
        self.books.check_victory(start)
        self.due += boxes.at_start(self, start)
        last = start
        while True:
            t = self.next_instant()
            if i < len(recorded) and (
                _at(recorded[i]) < t or (_at(recorded[i]) == t and not self.scheduled_first)
            ):
                if _at(recorded[i]) > last:
                    self.books.check_victory(last)
                    last = _at(recorded[i])
                self.apply_recorded(recorded[i])
                self.floor = max(self.floor, _at(recorded[i]))
                i += 1
                continue
            if t > now:
                break
            if t > last:
                self.books.check_victory(last)
                last = t
            self.due.extend((t, name) for name in self.apply_scheduled(t))
            self.cursor = t
        self.books.check_victory(last)
        for key, until in list(self.books.enchanted.items()):
            if until <= now:
                del self.books.enchanted[key]
        next_at = self.next_instant()
        upcoming = _Peek(self).names(next_at)
        self.report_draws()
        for text in self.books.land.warnings + self.books.army.warnings:
            self.warn(text)
        return Played(
            books=self.books,
            start=start,
            due=[
                {
                    "at": format_time(t),
                    "event": n,
                    "clause": schedule.clause_of(n) or clause_of(n) or implemented.clause_of(n),
                }
                for t, n in self.due
            ],
            next_due={"at": format_time(next_at), "event": "; ".join(upcoming)},
            actions=self.actions,
            proposals=self.proposals,
            retracted=self.retracted,
            waiting=[
                {"for": f"the draw {what!r}", "what": _dues(dues)}
                for what, dues in self.awaiting.items()
            ],
            warnings=list(self.warnings),
        )

    def report_draws(self) -> None:
        for what, dues in self.awaiting.items():
            self.warn(
                f"{len(dues)} scheduled event(s) await their draw ({what!r}): "
                f"first due {format_time(dues[0])}, last {format_time(dues[-1])}"
            )
        for e in self.all_draws:
            if e.index not in self.used:
                self.warn(f"event {e.index} (draw {e.get('what')!r}) resolves no due event")


class _Peek:
    """The names of the events due at an instant after ``now``, without applying them."""

    def __init__(self, game: _Game) -> None:
        self.game = game

    def names(self, at: datetime) -> list[str]:
        g, out = self.game, []
        for c in sorted(g.books.cooling.values(), key=lambda c: (c.until, c.order)):
            if c.until == at:
                out.append(f"{c.unit} ({c.player}) stops cooling down")
        if at.minute == 0 and at.second == 0 and len(out) < len(g.books.cooling):
            out.append("a random unit's cool down ends")
        if g.central[0] == at:
            which = "noon" if g.central[1] else "midnight"
            out.append(f"each player's Jumps increased by one ({which} Central)")
            out.append(_INCOME[g.central[1]])
        if g.books.fairy is not None and g.books.fairy.appeared_at + _DAY == at:
            out.append("Experience Fairy returns to his realm (if no one is taught)")
        if g.sunday == at:
            out.append("Experience Fairy appears")
        out += [
            f"? Box{_on(b.square)} opened by the Dark Lord"
            for b in g.books.boxes
            if b.placed_at + _HOURS_120 == at
        ]
        if g.shop == at:
            out.append("Dark Lords Shop of Terror changes location")
        if g.window is not None and g.window[1] == at:
            out.append("the week for a new fort at $1250 ends")
        return out


_INCOME = {
    True: "$50 for each Scientist Researching (noon Central)",
    False: "$25 for each Scientist Counter-Researching (midnight Central)",
}


_QUOTED = re.compile("“([^”]*)”")


def _dues(dues: list[datetime], shown: int = 10) -> list[str]:
    """The events awaiting one draw, the first ``shown`` by name and the rest counted."""
    out = [f"the event due {format_time(t)}" for t in dues[:shown]]
    if len(dues) > shown:
        out.append(f"{len(dues) - shown} more, the last due {format_time(dues[-1])}")
    return out


def _at(item: Event | Matter) -> datetime:
    return item.posted_at if isinstance(item, Matter) else item.at


def _on(square: object, word: str = "on") -> str:
    return f" {word} square {square}" if square is not None else " (awaiting its draw)"


def play(archive: Archive, options: Options, now: datetime) -> Played:
    """The game from ``game_state.as_of`` (or its first record) to ``now``."""
    return _Game(archive, options, now).play()
