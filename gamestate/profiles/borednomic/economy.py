"""BoredNomic's board game, played from the Admin's records: turns, Go, squares, items,
hit points, bankruptcy and victory (rules 4, 5, 6, 7, 11, 12, 13, 14, 16, 19).

Every random result and every judgement is a recorded input, never a prediction:
the Admin's 2d6 for a turn is a ``draw`` event (``what: "turn"``, ``player``,
``result: [d1, d2]``), a hen's eggs a ``draw`` (``what: "eggs"``, ``result: N``),
a combat's dice a ``draw`` (``what: "combat"``), the Inquisition's category a
``draw`` (``what: "category"``), a trivia answer an ``answer`` event, a square's
name rejected a ``name_rejected`` event, a square added by an accepted proposal an
``add_square`` event. A player's choices are ``buy`` and ``action`` events.

A choice the rules forbid is refused with its clause and changes nothing; each
turn and choice is listed in ``actions`` with what it moved and paid.

Readings: "per turn" in 12.7 is from one of the player's turns to the next; a hen
lays from the player's first turn that begins after it was bought (14.4); the
Admin's $1 a period is paid as each Rule Proposition Period and each Voting Period
begins (9.6); the list 16.5 announces is empty in the seed, so landing on another's
square pays nothing; 18.1's list is empty too, and money, squares and items are
traded (the seed's examples name squares); the game ends the instant a player
reaches $1,000,000 or one player alone is not bankrupt, and nothing is played after.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from gamestate.profiles.borednomic import changes, clauses
from gamestate.profiles.borednomic.board import ARENA, INQUISITION, Board, Move
from gamestate.profiles.borednomic.changes import cut
from gamestate.profiles.borednomic.schedule import week_of
from gamestate.profiles.borednomic.standing import GLADIUS, ROBE, Standing
from gamestate.profiles.core import Archive, Event, Member

__all__ = ["ACTION_NAMES", "DRAWS", "Economy", "Refused"]

ACTION_NAMES = frozenset(
    {
        "name square",
        "give up square",
        "buy hen",
        "exchange egg",
        "buy ticket",
        "use ticket",
        "buy hit points",
        "reset to level one",
        "sell all",
        "take item",
    }
)
"""The ``action`` events a player may send, in the seed's words."""
_ADMINS_RECORDS = frozenset({"add_square", "set_price", "turn_order"})
"""The Admin's own records, listed as the Admin's."""
DRAWS = frozenset({"turn", "eggs", "combat", "category"})
"""What a ``draw`` records: a turn's 2d6, a turn's eggs, a combat's dice, a category."""

MILLION = 1_000_000  # 19.1


class Refused(Exception):
    """A choice the rules forbid: the clause and why, with the numbers."""

    def __init__(self, clause: str, reason: str) -> None:
        super().__init__(reason)
        self.clause = clause
        self.reason = reason


def money_text(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


@dataclass
class Entry:
    """One turn or choice as ``actions`` lists it (ARCHITECTURE.md 2b, with more keys)."""

    at: datetime
    player: str
    type: str
    allowed: bool = True
    reason: str = ""
    clause: str | None = None
    dice: list[int] | None = None
    path: list[int] | None = None
    landing: int | None = None
    payments: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "at": self.at,
            "player": self.player,
            "allowed": self.allowed,
            "reason": self.reason,
            "type": self.type,
            "clause": self.clause,
        }
        if self.dice is not None:
            out.update(dice=self.dice, path=self.path, landing=self.landing)
        out["payments"] = self.payments
        return out


class Economy:
    """The board game's state as the records arrive, sharing the players' standings."""

    def __init__(
        self,
        archive: Archive,
        standings: dict[str, Standing],
        players: dict[str, Member],
        admins: set[str],
        tz: ZoneInfo,
    ) -> None:
        self.archive = archive
        self.tz = tz
        self.standings = standings
        self.players = players
        self.admins = admins
        board = archive.game_state.get("board")
        count, names = 20, {}
        if isinstance(board, dict):
            count = board.get("squares", 20)
            names = {int(k): v for k, v in board.get("names", {}).items()}
        self.board = Board.initial(count, names)
        for name in sorted(players):
            for number in players[name].state.get("owns", ()):
                square = self.board.square(number)
                if square is not None:
                    square.owner = name
        admin = next(iter(sorted(admins)), None)
        self.admin = admin
        admin_member = archive.member(admin) if admin else None
        self.admin_money: int = (
            int(admin_member.state.get("money", 0)) if admin_member is not None else 0
        )
        self.entries: list[Entry] = []
        self.landed: dict[str, int] = {}
        """Player -> the square they last landed on, while its options are open."""
        self.question: dict[str, int] = {}
        """Player -> the Inquisition's category die, while the question is unanswered."""
        self.turn_slot: dict[str, datetime] = {}
        self.last_turn: dict[str, datetime] = {}
        self.hit_points_bought: dict[str, int] = {}
        self.eggs_drawn: set[str] = set()
        self.spoils: dict[str, set[str]] = {}
        """Winner -> losers they may still take an item from (17.4)."""
        self.game_end: dict[str, Any] | None = None
        self.winners: list[str] = []
        self.trades: dict[str, dict[str, tuple[Any, Event]]] = {}
        self.prices = changes.Prices()
        """The rules' sums, as accepted proposals change them (``set_price``)."""
        self.orders: dict[datetime, list[str]] = {}
        """An update (its instant) -> the order of its turns the Admin drew (9.1, 9.5)."""
        self.asked: dict[tuple[datetime, str], dict[str, str]] = {}
        """(update, questioner) -> question id -> the player given it (20.7)."""
        self.accepted: changes.Accepted = lambda matter, at: f"{matter} is not known"
        """Was a proposal accepted by then (set by the game, which judges proposals)?"""
        self.gladius_won = any(GLADIUS in s.items for s in standings.values())
        self.robe_won = any(ROBE in s.items for s in standings.values())

    # Payments, each with its clause.
    def pay(self, entry: Entry, player: str, amount: int, clause: str, why: str) -> None:
        """Money to (``amount`` > 0) or from a player, recorded on the entry."""
        if player == self.admin:
            self.admin_money += amount
        else:
            self.standings[player].money += amount
        entry.payments.append({"player": player, "amount": amount, "why": why, "clause": clause})

    def spend(self, entry: Entry, player: str, amount: int, clause: str, why: str) -> None:
        """A voluntary payment: refused if it would bankrupt the player (4.3)."""
        standing = self.standings[player]
        if standing.is_bankrupt():
            raise Refused(
                clauses.BANKRUPT_NO_LOSS,
                f"{player} has {money_text(standing.money)}: bankrupt, and {why} costs"
                f" {money_text(amount)}",
            )
        if standing.money - amount < 1:
            raise Refused(
                clauses.NO_VOLUNTARY_BANKRUPTCY,
                f"{why} costs {money_text(amount)}; {player} has {money_text(standing.money)}"
                f" and would have {money_text(standing.money - amount)}",
            )
        self.pay(entry, player, -amount, clause, why)

    def experience(self, entry: Entry, player: str, points: int, clause: str, why: str) -> None:
        standing = self.standings[player]
        before = standing.level
        standing.gain_experience(points)
        entry.notes.append(f"{player} +{points} experience ({why})")
        if standing.level != before:
            entry.notes.append(f"{player} reaches level {standing.level}")

    # Victory (11, 19), checked after every record.
    def judge_victory(self, at: datetime) -> None:
        if self.game_end is not None:
            return
        rich = [n for n, s in self.standings.items() if s.money >= MILLION]
        if rich:
            self.end(at, rich[0], clauses.MILLION, f"{rich[0]} has at least $1,000,000")
            return
        present = [n for n, m in self.players.items() if m.present_at(at)]
        solvent = [n for n in present if not self.standings[n].is_bankrupt()]
        if len(present) > 1 and len(solvent) == 1:
            self.end(at, solvent[0], clauses.LAST_SOLVENT, f"{solvent[0]} alone is not bankrupt")

    def end(self, at: datetime, winner: str, clause: str, why: str) -> None:
        self.game_end = {"day": at, "winner": winner, "condition": why, "clause": clause}
        self.winners = [winner]

    # One record.
    def apply(self, e: Event, *, paused: bool) -> None:
        from gamestate.profiles.borednomic import encounters

        player = e.get("player")
        if e.type == "name_rejected":
            self.reject_name(e)
            return
        by = self.admin if e.type in _ADMINS_RECORDS else e.get("by")
        entry = Entry(e.at, str(player or by or ""), self.kind(e))
        try:
            if self.game_end is not None:
                raise Refused(
                    clauses.GAME_ENDS, f"{self.game_end['winner']} has already won the game"
                )
            if isinstance(player, str) and player not in self.players:
                raise Refused(clauses.ADMIN_NOT_PLAYER, f"{cut(player)} is not a player")
            if isinstance(player, str) and not self.players[player].present_at(e.at):
                raise Refused(clauses.REMOVED, f"{player} is not in the game at {e.at:%Y-%m-%d}")
            if e.type == "draw":
                what = e.get("what")
                if what == "turn":
                    self.turn(e, entry, paused=paused)
                elif what == "eggs":
                    self.eggs(e, entry)
                elif what == "category":
                    encounters.category(self, e, entry)
                else:
                    encounters.combat(self, e, entry)
            elif e.type == "buy":
                self.buy_square(e, entry)
            elif e.type == "answer":
                encounters.answer(self, e, entry)
            elif e.type == "trade":
                if not encounters.trade(self, e, entry):
                    return
            elif e.type == "add_square":
                changes.add_square(self, e, entry, self.accepted)
            elif e.type == "set_price":
                changes.set_price(self, e, entry, self.accepted)
            elif e.type == "turn_order":
                changes.turn_order(self, e, entry)
            else:
                self.action(e, entry, paused=paused)
        except Refused as refused:
            entry.allowed = False
            entry.clause = refused.clause
            entry.reason = refused.reason
            entry.payments = []
            self.entries.append(entry)
            return
        if entry.notes:
            entry.reason = "; ".join([entry.reason, *entry.notes] if entry.reason else entry.notes)
        self.entries.append(entry)
        self.judge_victory(e.at)

    @staticmethod
    def kind(e: Event) -> str:
        if e.type == "draw":
            return str(e.get("what"))
        if e.type == "action":
            return str(e.get("action"))
        return e.type

    # Turns (7, 9.1, 10.1, 13, 16.5, 17, 20).
    def update_of(self, moment: datetime) -> datetime:
        """9.1, 9.4: the update a turn at ``moment`` belongs to, named by its instant: the
        Thursday update from Thursday 00:00 local, the Sunday update from Sunday 00:00."""
        week = week_of(moment, self.tz)
        if moment >= week.closes_at:
            return week.closes_at
        if moment >= week.proposals_due:
            return week.proposals_due
        return week_of(week.starts_at - timedelta(seconds=1), self.tz).closes_at

    def turn(self, e: Event, entry: Entry, *, paused: bool) -> None:
        player = e.get("player")
        standing = self.standings[player]
        dice = list(e.get("result"))
        self.may_take_turn(e, entry, paused=paused)
        entry.clause = clauses.TURN
        entry.dice = dice
        move = self.board.move(standing.square, sum(dice))
        entry.reason = (
            f"rolls {' + '.join(map(str, dice))} = {sum(dice)}: from {move.left}"
            + (f" over {', '.join(map(str, move.passed))}" if move.passed else "")
            + f" to {move.landed}"
        )
        self.arrive(entry, player, move, jumped=False)

    def may_take_turn(self, e: Event, entry: Entry, *, paused: bool) -> None:
        player = e.get("player")
        if paused:
            raise Refused(clauses.PAUSE, "the game is paused: no turns are taken")
        if player in self.question:
            raise Refused(
                clauses.ANSWER_FIRST,
                f"{player} has not yet answered the Inquisition's question",
            )
        slot = self.update_of(e.at)
        if self.turn_slot.get(player) == slot:
            raise Refused(clauses.ONE_TURN_EACH, f"{player} has already had this update's turn")
        changes.check_order(self, player, slot)
        self.turn_slot[player] = slot
        self.last_turn[player] = e.at
        self.hit_points_bought[player] = 0
        self.eggs_drawn.discard(player)
        self.spoils.pop(player, None)

    def arrive(self, entry: Entry, player: str, move: Move, *, jumped: bool) -> None:
        """Leave, pass over, land (6.7, 6.8), then what landing triggers (7.2's last step)."""
        standing = self.standings[player]
        entry.path = [move.left, *move.passed, move.landed]
        entry.landing = move.landed
        for number in move.passed:
            square = self.board.square(number)
            if square is not None and square.name == "Go":
                pay = self.prices["Go"]
                self.pay(
                    entry,
                    player,
                    pay,
                    clauses.GO,
                    f"passes over Go (square {number}){self.prices.said('Go')}",
                )
        standing.square = move.landed
        self.landed[player] = move.landed
        square = self.board.square(move.landed)
        if square is None:
            return
        if move.landed == ARENA:
            entry.notes.append(f"lands on The Arena: {player} may initiate combat")
        elif move.landed == INQUISITION:
            if ROBE in standing.items:
                entry.notes.append(f"lands on The Inquisition: the Robe exempts {player}")
            else:
                self.question[player] = 0
                entry.notes.append(f"lands on The Inquisition: {player} must answer a question")
        elif square.owner is not None and square.owner != player:
            entry.notes.append(
                f"lands on {square.owner}'s square {square.number}"
                f"{f' ({square.name})' if square.name else ''}: 16.5 lists nothing to happen"
            )
            entry.payments.append(
                {
                    "player": player,
                    "amount": 0,
                    "why": "lands on another's square",
                    "clause": clauses.OTHERS_SQUARE,
                }
            )
        elif square.owner is None:
            entry.notes.append(f"square {square.number} is unowned")
        robe = [
            n
            for n, s in self.standings.items()
            if n != player and ROBE in s.items and s.square == move.landed
        ]
        if ROBE in standing.items or robe:
            entry.notes.append("the Inquisitor's Robe may quiz those on the square")

    def eggs(self, e: Event, entry: Entry) -> None:
        """14.2, 14.4: a turn's eggs, one draw per turn, from hens bought before it."""
        player = e.get("player")
        standing = self.standings[player]
        laid = e.get("result")
        entry.clause = clauses.HEN_LAYS
        turn = self.last_turn.get(player)
        if turn is None or player in self.eggs_drawn:
            raise Refused(clauses.HEN_LAYS, f"{player} has had no turn since the last eggs drawn")
        laying = sum(1 for bought in standing.hens if bought is None or bought < turn)
        if laid > laying:
            raise Refused(
                clauses.HEN_NEXT_TURN,
                f"{laid} eggs, but {player} has {laying} hen(s) laying this turn",
            )
        self.eggs_drawn.add(player)
        standing.eggs += laid
        entry.reason = f"{laying} hen(s) lay {laid} Golden Egg(s)"

    # Squares (16, 20.1).
    def buy_square(self, e: Event, entry: Entry) -> None:
        player, number = e.get("player"), e.get("square")
        standing = self.standings[player]
        entry.clause = clauses.BUY_SQUARE
        square = self.board.square(number)
        if square is None:
            raise Refused(clauses.BOARD_START, f"there is no square {number}")
        if self.landed.get(player) != number:
            raise Refused(clauses.BUY_SQUARE, f"{player} has not just landed on square {number}")
        if number == INQUISITION:
            raise Refused(clauses.INQUISITION, "The Inquisition can not be owned")
        if square.owner is not None:
            raise Refused(clauses.BUY_SQUARE, f"square {number} is {square.owner}'s")
        owned = len(self.board.owned_by(player))
        if owned + 1 > standing.level:
            raise Refused(
                clauses.SQUARES_MAX,
                f"{player} owns {owned} square(s) at level {standing.level}",
            )
        if standing.is_bankrupt():
            raise Refused(clauses.BANKRUPT_MAY_NOT, f"{player} is bankrupt")
        each = self.prices["square"]
        price = each * number
        why = f"square {number} ({each} x {number}{self.prices.said('square')})"
        self.spend(entry, player, price, clauses.BUY_SQUARE, why)
        square.owner = player
        square.paid = price
        self.landed.pop(player, None)
        name = e.get("name")
        entry.reason = f"buys square {number} for {money_text(price)}"
        if name is not None:
            square.name = name
            entry.reason += f", named {cut(name)!r}"
        else:
            entry.notes.append(f"a name is due ({clauses.NAME_SQUARE})")

    def reject_name(self, e: Event) -> None:
        square = self.board.square(e.get("square"))
        entry = Entry(e.at, self.admin or "", "name_rejected", clause=clauses.NAME_REJECTED)
        if square is None or square.name is None:
            entry.allowed = False
            entry.reason = f"square {e.get('square')} has no name to reject"
        else:
            entry.reason = f"the Admin rejects {cut(square.name)!r} for square {square.number}"
            square.name = None
        self.entries.append(entry)

    # Choices (5, 12, 14, 16).
    def action(self, e: Event, entry: Entry, *, paused: bool) -> None:
        from gamestate.profiles.borednomic import choices, encounters

        player, name = e.get("player"), e.get("action")
        standing = self.standings[player]
        if name == "name square" or name == "give up square":
            number = e.get("square")
            square = self.board.square(number)
            if square is None or square.owner != player:
                raise Refused(clauses.GIVE_UP, f"{player} does not own square {number}")
            if name == "name square":
                entry.clause = clauses.NAME_SQUARE
                square.name = e.get("name")
                entry.reason = f"names square {number} {cut(square.name)!r}"
            else:
                entry.clause = clauses.GIVE_UP
                square.owner = None
                entry.reason = f"gives up square {number}"
        elif name == "buy hen":
            entry.clause = clauses.HEN_PRICE
            if len(standing.hens) >= 4:
                raise Refused(clauses.HEN_MAX, f"{player} already owns 4 hens")
            price = self.prices["hen"]
            why = f"a Golden Egg Laying Hen{self.prices.said('hen')}"
            self.spend(entry, player, price, clauses.HEN_PRICE, why)
            standing.hens.append(e.at)
            entry.reason = f"buys hen {len(standing.hens)} of 4"
        elif name == "exchange egg":
            count = e.get("count", 1)
            entry.clause = clauses.EGG_EXCHANGE
            if count > standing.eggs:
                raise Refused(clauses.EGG_EXCHANGE, f"{player} has {standing.eggs} egg(s)")
            standing.eggs -= count
            value = self.prices["egg"] * count
            why = f"{count} egg(s){self.prices.said('egg')}"
            self.pay(entry, player, value, clauses.EGG_EXCHANGE, why)
            entry.reason = f"exchanges {count} Golden Egg(s)"
        elif name == "buy ticket":
            entry.clause = clauses.TICKET_PRICE
            price = self.prices["ticket"]
            why = f"a Ticket to the Arena{self.prices.said('ticket')}"
            self.spend(entry, player, price, clauses.TICKET_PRICE, why)
            standing.tickets += 1
            entry.reason = "buys a Ticket to the Arena"
        elif name == "use ticket":
            if standing.tickets < 1:
                raise Refused(clauses.ITEM_USE, f"{player} holds no Ticket to the Arena")
            if self.board.square(ARENA) is None:
                raise Refused(clauses.ARENA, f"the board has {self.board.size} squares: no Arena")
            self.may_take_turn(e, entry, paused=paused)
            standing.tickets -= 1
            entry.clause = clauses.TICKET
            entry.dice = []
            entry.reason = f"uses a Ticket to the Arena: jumps from {standing.square} to {ARENA}"
            self.arrive(entry, player, Move(standing.square, (), ARENA), jumped=True)
        elif name == "buy hit points":
            choices.buy_hit_points(self, e, entry)
        elif name == "reset to level one":
            entry.clause = clauses.RESET_LEVEL
            standing.set_level(1)
            self.pay(entry, player, 1, clauses.RESET_LEVEL, "resets to level one")
            entry.reason = "resets to level one"
        elif name == "sell all":
            choices.sell_all(self, e, entry)
        else:
            encounters.take_item(self, e, entry)
