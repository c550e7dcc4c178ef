"""The books of a Nomopoly game: each player's money, square, Real Estate Guides and
properties; the board, Ye Olde Poorbox, square names and Upgrades; and what a buy, a
player's action, a fine or a proposal's sending does to them (rules "Property Values",
"Ye Olde Poorbox", "The Universe").

Readings: a property is "invested in" when it is bought or gets an Upgrade, and the $1
placed in Ye Olde Poorbox then comes from no player (the seed names none). Half the
Poorbox is rounded down; the odd dollar stays. A fine the player cannot pay takes all
their money and, being "greater than their current money", earns half the Poorbox at
their next proposal. "Current money" is the money in hand and then the money in the
player's bank vault (rule "Banking"), which pays a fine after the money in hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from gamestate.profiles.core import Archive, Event
from gamestate.profiles.nomopoly import clauses
from gamestate.profiles.nomopoly.board import Board
from gamestate.profiles.nomopoly.checks import initial_squares
from gamestate.profiles.nomopoly.quote import shown
from gamestate.profiles.nomopoly.world import WORLD_ACTIONS, World, do, spend_current
from gamestate.profiles.nomopoly.wretch import received, refusal

__all__ = ["Holding", "Ledger", "Verdict"]

_KNOWN_STATE = {"money", "square", "real_estate_guides", "owns", "poorbox_due"}
_ACTION_CLAUSES = {
    "annex unused land": clauses.ANNEX,
    "sell a square": clauses.SELL,
    "buy an Upgrade": clauses.UPGRADE,
}
_KNOWN_GAME = {
    "board",
    "verses",
    "poorbox",
    "default_dice",
    "names",
    "upgrades",
    "warp_prices",
    "faiths",
}


@dataclass(frozen=True)
class Verdict:
    """Whether a recorded buy or action was allowed when taken, and why."""

    allowed: bool
    reason: str
    clause: str = ""
    """The seed's words that decide it."""


@dataclass
class Holding:
    """One player's books."""

    money: int
    square: int | str
    """A square's number, or the name of a circle (Heaven, Tyrethali's Inferno)."""
    guides: int
    """Real Estate Guides."""
    owns: list[int]
    poorbox_due: bool = False
    """Fined or forced to pay more than they had: half the Poorbox at the next proposal."""
    wretch: tuple[date, int] | None = None
    """The GMT day they were obliged to accept money from the Poorbox, and how much."""
    extra: dict[str, Any] = field(default_factory=dict)

    def as_state(self) -> dict[str, Any]:
        return {
            **self.extra,
            "money": self.money,
            "square": self.square,
            "real_estate_guides": self.guides,
            "owns": sorted(self.owns),
            "poorbox_due": self.poorbox_due,
        }


@dataclass
class Ledger:
    """The whole game's books at one instant."""

    board: Board
    poorbox: int
    default_dice: int
    names: dict[int, str]
    upgrades: dict[int, list[str]]
    players: dict[str, Holding]
    rules_changed: dict[str, Any] = field(default_factory=dict)
    """Rule values set by accepted proposals so far."""
    extra: dict[str, Any] = field(default_factory=dict)
    world: World = field(default_factory=World)
    purchased: set[int] = field(default_factory=set)
    """Squares owned at any time so far: only a first purchase may name one."""
    """Warp Gate prices, faiths, trades under way, the Inferno's sentences."""

    @classmethod
    def from_archive(cls, archive: Archive) -> Ledger:
        """The books at the archive's start (the archive is checked)."""
        gs = archive.game_state
        squares = initial_squares(archive)
        players = {
            m.name: Holding(
                money=m.state.get("money", 0),
                square=m.state.get("square", squares[0]),
                guides=m.state.get("real_estate_guides", 0),
                owns=list(m.state.get("owns", [])),
                poorbox_due=m.state.get("poorbox_due", False),
                extra={k: v for k, v in m.state.items() if k not in _KNOWN_STATE},
            )
            for m in archive.roster
            if m.player
        }
        return cls(
            board=Board(squares),
            poorbox=gs.get("poorbox", 0),
            default_dice=gs.get("default_dice", 2),
            names={int(k): v for k, v in gs.get("names", {}).items()},
            upgrades={int(k): list(v) for k, v in gs.get("upgrades", {}).items()},
            players=players,
            extra={k: v for k, v in gs.items() if k not in _KNOWN_GAME},
            world=World.from_game_state(dict(gs)),
            purchased={s for h in players.values() for s in h.owns},
        )

    # Questions.

    def owner(self, square: int) -> str | None:
        return next((n for n, h in self.players.items() if square in h.owns), None)

    def named(self, square: int) -> bool:
        """Whether ``square`` has a name: Origon ("The first square shall be known as
        Origon.") or one given."""
        return square in self.names or square == self.board.squares[0]

    def bricks(self) -> dict[int, int]:
        """Square -> its Bricks (at most six: BRICK_MAX)."""
        return {s: u.count("Brick") for s, u in self.upgrades.items() if "Brick" in u}

    def occupied(self, mover: str, present: set[str]) -> set[int]:
        """The squares other players on the roster stand on."""
        return {
            h.square
            for n, h in self.players.items()
            if n != mover and n in present and isinstance(h.square, int)
        }

    def game_state(self) -> dict[str, Any]:
        squares = self.board.squares
        whole = squares == tuple(range(1, len(squares) + 1))
        return {
            **self.extra,
            "poorbox": self.poorbox,
            "board": len(squares) if whole else list(squares),
            "verses": self.board.verses,
            "default_dice": self.default_dice,
            "names": {str(k): v for k, v in sorted(self.names.items())},
            "upgrades": {str(k): list(v) for k, v in sorted(self.upgrades.items()) if v},
            **self.world.game_state(self),
        }

    # What a player's proposal and a fine do.

    def proposal_sent(self, name: str, day: date | None = None) -> str:
        """:data:`clauses.REAL_ESTATE_GUIDES` (the guides go) and :data:`clauses.POORBOX_FINE`
        (half the Poorbox comes, if due)."""
        h = self.players[name]
        notes = [f"lost {h.guides} Real Estate Guide(s)"] if h.guides else []
        h.guides = 0
        if h.poorbox_due:
            half = self.poorbox // 2
            self.poorbox -= half
            h.money += half
            h.poorbox_due = False
            if day is not None:
                received(h, day, half)
            notes.append(f"received ${half}, half of Ye Olde Poorbox")
        return "; ".join(notes)

    def fined(self, name: str, amount: int) -> str:
        """A fine: paid from the player's money; more than they have earns half the
        Poorbox at their next proposal."""
        h = self.players[name]
        paid, whole = spend_current(h, amount)
        if not whole:
            h.poorbox_due = True
            return f"fined ${amount}: paid ${paid}, all they had; half the Poorbox is due"
        return f"fined ${amount}"

    def land(self, name: str) -> str:
        """Drains on the square the player came to rest on (:data:`clauses.DRAIN`)."""
        h = self.players[name]
        square = h.square
        if not isinstance(square, int):
            return ""
        drains = self.upgrades.get(square, []).count("Drain")
        owner = self.owner(square)
        if not drains or owner is None or owner == name:
            return ""
        pay, whole = spend_current(h, drains)  # "or all of their money": the vault's too
        if not whole:
            h.poorbox_due = True
        self.players[owner].money += pay
        return f"paid {owner} ${pay} for {drains} Drain(s) on square {square}"

    def new_named_square(self, title: str) -> int:
        """:data:`clauses.NEW_SQUARE`: a proposal requires a new named square; the
        lowest-numbered square neither owned nor named takes the name, else one is added
        at the end of the board. Its number."""
        free = [s for s in self.board.squares if self.owner(s) is None and not self.named(s)]
        if not free:
            self.board = self.board.annexed()
            free = [self.board.last]
        self.names[free[0]] = title
        return free[0]

    # Buy orders and players' actions.

    def buy(
        self, name: str, square: int, title: object, present: int, day: date | None = None
    ) -> Verdict:
        """A property buy order (:data:`clauses.BUY`), sent on ``day``."""
        h = self.players[name]
        owner = self.owner(square)
        if not self.board.has(square):
            return Verdict(False, clause=clauses.BUY, reason=f"square {square} is not on the board")
        if owner is not None:
            return Verdict(False, clause=clauses.BUY, reason=f"square {square} is owned by {owner}")
        if h.square != square:
            return Verdict(
                False,
                clause=clauses.BUY,
                reason=f"{name} is on square {h.square}, not on square {square}",
            )
        if h.guides < 1:
            return Verdict(False, clause=clauses.BUY, reason=f"{name} has no Real Estate Guide")
        if h.money < square:
            return Verdict(
                False,
                clause=clauses.BUY,
                reason=f"{name} has ${h.money}, square {square} costs ${square}",
            )
        barred = refusal(h, name, day, square)
        if barred is not None:
            return barred
        h.guides -= 1
        h.money -= square
        h.owns.append(square)
        self.poorbox += 1
        clause = clauses.BUY + " " + clauses.POORBOX_INVEST
        reason = (
            f"bought square {square} for one Real Estate Guide and ${square}; "
            "$1 placed in Ye Olde Poorbox"
        )
        if isinstance(title, str) and title.strip():
            clause += " " + clauses.FIRST_NAME
            if square in self.purchased or self.named(square):
                reason += f"; square {square} was named before, so it keeps its name"
            else:
                self.names[square] = title.strip()
                reason += f"; named {shown(title.strip())}"
        self.purchased.add(square)
        return Verdict(True, clause=clause, reason=reason)

    def act(self, name: str, event: Event, present: int) -> Verdict:
        """One of the day's other actions (:data:`checks.ACTIONS`)."""
        if event.get("action") in WORLD_ACTIONS:
            return do(self, name, event, present)
        verdict = self._act(name, event, present)
        if verdict.clause == clauses.POOR_WRETCH:
            return verdict
        clause = _ACTION_CLAUSES.get(str(event.get("action")), clauses.ORDER_OF_THE_DAY)
        if "Disruptor on square" in verdict.reason:
            clause = clauses.DISRUPTOR
        if "more than six Bricks" in verdict.reason:
            clause += " " + clauses.BRICK_MAX  # the excess Brick destroyed: both apply
        return replace(verdict, clause=clause)

    def _act(self, name: str, event: Event, present: int) -> Verdict:
        h = self.players[name]
        action = event.get("action")
        if action == "annex unused land":
            if h.guides < 3:
                return Verdict(False, f"{name} has {h.guides} Real Estate Guide(s), not 3")
            h.guides -= 3
            self.board = self.board.annexed()
            return Verdict(True, f"spent 3 Real Estate Guides; square {self.board.last} annexed")
        square: int = event.get("square")
        if not self.board.has(square):
            return Verdict(False, f"square {square} is not on the board")
        if square not in h.owns:
            return Verdict(False, f"{name} does not own square {square}")
        if action == "sell a square":
            h.owns.remove(square)
            h.money += square - 1
            h.guides += 1
            self.upgrades.pop(square, None)
            self.world.warp_prices.pop(square, None)  # its Warp Gate goes with the upgrades
            return Verdict(True, f"sold square {square} for ${square - 1} and a Real Estate Guide")
        if action == "rename a square":
            self.names[square] = str(event.get("name"))
            return Verdict(True, f"square {square} is now {shown(event.get('name'))}")
        return self._upgrade(
            name, square, str(event.get("upgrade")), present, event.get("price"), event.at.date()
        )

    def _upgrade(
        self,
        name: str,
        square: int,
        upgrade: str,
        present: int,
        price: int | None = None,
        day: date | None = None,
    ) -> Verdict:
        """:data:`clauses.UPGRADE`, :data:`clauses.DISRUPTOR`, :data:`clauses.POORBOX_INVEST`."""
        h = self.players[name]
        near = [square, self.board.predecessor(square), self.board.successor(square)]
        blocked = [s for s in near if s is not None and "Disruptor" in self.upgrades.get(s, [])]
        if blocked:
            return Verdict(False, f"a Disruptor on square {blocked[0]} forbids further Upgrades")
        cost = max(present - 1, 0)
        if h.money < cost:
            return Verdict(False, f"{name} has ${h.money}; an Upgrade costs ${cost}")
        barred = refusal(h, name, day, cost)
        if barred is not None:
            return barred
        h.money -= cost
        upgrades = self.upgrades.setdefault(square, [])
        upgrades.append(upgrade)
        self.poorbox += 1
        note = ""
        if upgrade == "Brick" and upgrades.count("Brick") > 6:
            upgrades.remove("Brick")  # BRICK_MAX: the excess is destroyed at once
            note = "; more than six Bricks: the excess one is destroyed"
        if upgrade == "Warp Gate" and price is not None:
            self.world.warp_prices[square] = price
            note += f"; its price ${price}"
        return Verdict(
            True,
            f"bought a {upgrade} for square {square} for ${cost}; $1 placed in the Poorbox{note}",
        )
