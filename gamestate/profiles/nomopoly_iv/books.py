"""The books of Nomopoly IV at one instant: each player's Level, Experience, Jumps, money
and units, the ? Boxes, the Fairy, the Shop of Terror, the Public Market, and the rules
that apply "at any time": levelling up, death, and the fine at 10 Jumps.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gamestate.profiles.archive import format_time, parse_time
from gamestate.profiles.core import Archive, Member
from gamestate.profiles.nomopoly_iv import clauses
from gamestate.profiles.nomopoly_iv.hitpoints import Army, Body, bodies_from, units_out
from gamestate.profiles.nomopoly_iv.resources import Land
from gamestate.profiles.nomopoly_iv.units import unit_type

__all__ = [
    "COUNTER_RESEARCHING",
    "IDLE",
    "RESEARCHING",
    "Books",
    "Box",
    "Cooling",
    "Fairy",
    "Standing",
    "initial_level",
]

RESEARCHING = "Researching"
COUNTER_RESEARCHING = "Counter-Researching"
IDLE = "idle"
"""A Scientist neither Researching nor Counter-Researching."""
JUMPS_LIMIT = 10
JUMPS_FINE = 100


@dataclass
class Standing:
    """One player's values."""

    level: int = 1
    experience: int = 0
    jumps: int = 0
    money: int = 0
    units: dict[str, str] = field(default_factory=dict)
    """Unit or building name -> its type, Scientists included."""
    scientists: dict[str, str] = field(default_factory=dict)
    """Scientist -> ``Researching``, ``Counter-Researching`` or ``idle``."""
    units_known: bool = False
    """The archive lists the player's units (else only Scientists are checked)."""
    square: int | None = None
    items: dict[str, int] = field(default_factory=dict)
    """Item -> how many the player holds."""
    items_known: bool = False
    """The archive lists the player's items (else holding one is not checked)."""
    bodies: dict[str, Body] = field(default_factory=dict)
    """Unit or building name -> its square and hit points (:mod:`.hitpoints`)."""

    @property
    def alive(self) -> bool:
        """ "A players who's Level is equal or less than zero becomes dead." """
        return self.level > 0

    def as_dict(self, cooling: dict[str, datetime], stats: Any = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "level": self.level,
            "experience": self.experience,
            "jumps": self.jumps,
            "money": self.money,
            "alive": self.alive,
            "scientists": dict(sorted(self.scientists.items())),
        }
        if self.units_known:
            out["units"] = units_out(self.units, self.bodies, stats)
        if self.square is not None:
            out["square"] = self.square
        if self.items_known or self.items:
            out["items"] = {k: v for k, v in sorted(self.items.items()) if v}
        out["cooling_down"] = {u: format_time(t) for u, t in sorted(cooling.items())}
        return out


@dataclass
class Cooling:
    """A unit or building cooling down after a command."""

    player: str
    unit: str
    command: str
    until: datetime
    order: int
    """When it began, among all cool-downs (ties at one instant end in this order)."""
    then: str | None = None
    """What a Scientist begins when it stops cooling down."""
    refine: int = 0
    """Dollars chosen for Refine Goods: 110% are paid when it finishes cooling down."""
    began: datetime | None = None
    """When the command was issued (Echo's hour)."""
    safecracking: int | None = None
    """The number of the ? Box an SCV is safecracking."""


@dataclass
class Box:
    """A ? Box on the board."""

    number: int
    square: int | None
    """None while its square awaits its draw."""
    placed_at: datetime
    item: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"square": self.square, "placed_at": format_time(self.placed_at)}
        if self.item is not None:
            out["item"] = self.item
        return out


@dataclass
class Fairy:
    """The Experience Fairy while she is on the board."""

    appeared_at: datetime
    square: int | None


def initial_level(state: dict[str, Any] | Any) -> int:
    """A roster entry's Level: as given, else 1 ("Level is an integer and initially one"),
    or 0 for a player the archive says is dead."""
    if "level" in state:
        return int(state["level"])
    return 0 if state.get("alive") is False else 1


def _scientists(raw: object) -> dict[str, str]:
    if isinstance(raw, int):
        return {f"Scientist#{i}": IDLE for i in range(1, raw + 1)}
    if isinstance(raw, list):
        return {str(name): IDLE for name in raw}
    if isinstance(raw, dict):
        return {str(name): str(mode) for name, mode in raw.items()}
    return {}


def standing_from(member: Member) -> Standing:
    """A player's values as of the archive's start (checked by :mod:`.checks`)."""
    state = member.state
    scientists = _scientists(state.get("scientists", 0))
    units = {name: unit_type(name) or "" for name in state.get("units", [])}
    units.update({name: "Scientist" for name in scientists})
    return Standing(
        level=initial_level(state),
        experience=int(state.get("experience", 0)),
        jumps=int(state.get("jumps", 0)),
        money=int(state.get("money", 0)),
        units=units,
        scientists=scientists,
        units_known="units" in state,
        square=state.get("square"),
        items=_items(state.get("items")),
        items_known="items" in state,
        bodies=bodies_from(state.get("units")),
    )


def _items(raw: object) -> dict[str, int]:
    if isinstance(raw, list):
        out: dict[str, int] = {}
        for item in raw:
            out[str(item)] = out.get(str(item), 0) + 1
        return out
    if isinstance(raw, dict):
        return {str(k): int(v) for k, v in raw.items()}
    return {}


@dataclass
class Books:
    """Everything the rules track, as of the instant the game has been played to."""

    players: dict[str, Standing]
    members: dict[str, Member]
    cooling: dict[tuple[str, str], Cooling] = field(default_factory=dict)
    boxes: list[Box] = field(default_factory=list)
    fairy: Fairy | None = None
    shop_square: int | None = None
    market: list[dict[str, Any]] = field(default_factory=list)
    """Sell requests ``{item, price, seller}``, oldest first."""
    buy_requests: list[dict[str, Any]] = field(default_factory=list)
    """Buy requests ``{item, price, buyer}``, oldest first."""
    terror: int = 3
    """The Bank Account of Terror ("It starts with 3")."""
    ducky: int | None = 1
    """The Rber Ducky's square ("initially on Square #1")."""
    enchanted: dict[tuple[str, str, str], datetime] = field(default_factory=dict)
    """(player, unit, enchantment) -> when it ends."""
    implemented: dict[str, str] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    won_at: datetime | None = None
    notes: list[str] = field(default_factory=list)
    """What happened besides the scheduled events (fines at 10 Jumps), for ``due``."""
    land: Land = field(default_factory=Land)
    """Each square's resources (:mod:`.resources`)."""
    army: Army = field(default_factory=Army)
    """The board's layout and the unit values the seed lacks (:mod:`.hitpoints`)."""

    @classmethod
    def from_archive(cls, archive: Archive) -> Books:
        members = {m.name: m for m in archive.roster if m.player}
        gs = archive.game_state
        boxes = [
            Box(i, b.get("square"), _time(b["placed_at"]), b.get("item"))
            for i, b in enumerate(gs.get("boxes", []))
        ]
        books = cls(
            players={name: standing_from(m) for name, m in members.items()},
            members=members,
            boxes=boxes,
            shop_square=gs.get("shop_square"),
            market=[dict(r) for r in gs.get("market", [])],
            buy_requests=[dict(r) for r in gs.get("buy_requests", [])],
            terror=int(gs.get("bank_account_of_terror", 3)),
            ducky=gs.get("rber_ducky", 1),
            implemented=dict(gs.get("implemented", {})),
            land=Land.from_game_state(gs),
            army=Army.from_game_state(gs),
        )
        for name in books.players:
            books.gain_experience(name, 0)  # "If at any time": the start too
        return books

    def present(self, name: str, moment: datetime) -> bool:
        member = self.members.get(name)
        return member is not None and member.present_at(moment)

    def players_at(self, moment: datetime) -> list[tuple[str, Standing]]:
        return [(n, s) for n, s in self.players.items() if self.present(n, moment)]

    # Experience and Level ("If at any time ...").
    def gain_experience(self, who: str, amount: int) -> None:
        s = self.players[who]
        s.experience += amount
        if s.experience < 0:
            s.experience = 0
            s.level -= 1
        while s.experience >= (abs(s.level) * 10 if s.level != 0 else 1):
            s.experience -= abs(s.level) * 10 if s.level != 0 else 1
            s.level += 1

    # Jumps ("If a player's Jumps property is ever 10 or more").
    def add_jumps(self, who: str, amount: int, at: datetime) -> None:
        s = self.players[who]
        s.jumps += amount
        if s.jumps >= JUMPS_LIMIT:
            s.money -= JUMPS_FINE
            self.notes.append(f"{who} fined ${JUMPS_FINE} at {s.jumps} Jumps; Jumps set to 0")
            s.jumps = 0

    # Victory ("If any player's level is 25 or higher").
    def check_victory(self, at: datetime) -> None:
        if self.winners:
            return
        contenders = [(n, s) for n, s in self.players_at(at) if s.level >= 25]
        if not contenders:
            return
        top = max(s.level for _, s in contenders)
        contenders = [(n, s) for n, s in contenders if s.level == top]
        most = max(s.experience for _, s in contenders)
        self.winners = sorted(n for n, s in contenders if s.experience == most)
        self.won_at = at

    def victory_reason(self) -> str:
        return f"{clauses.WINNER} {clauses.TIES}"

    def cooling_of(self, who: str) -> dict[str, datetime]:
        return {unit: c.until for (p, unit), c in self.cooling.items() if p == who}

    def game_state(self) -> dict[str, Any]:
        fairy = None
        if self.fairy is not None:
            fairy = {
                "appeared_at": format_time(self.fairy.appeared_at),
                "square": self.fairy.square,
            }
        return {
            "implemented": dict(self.implemented),
            "boxes": [b.as_dict() for b in self.boxes],
            "shop_square": self.shop_square,
            "experience_fairy": fairy,
            "market": [dict(r) for r in self.market],
            "buy_requests": [dict(r) for r in self.buy_requests],
            "bank_account_of_terror": self.terror,
            "rber_ducky": self.ducky,
            "resources": self.land.as_json(),
            "enchantments": [
                {"player": p, "unit": u, "enchantment": n, "until": format_time(t)}
                for (p, u, n), t in sorted(self.enchanted.items())
            ],
        }

    def is_enchanted(self, who: str, unit: str, name: str, at: datetime) -> bool:
        """Enchanted at ``at``: an enchantment ends at its last second's end, so at the
        instant it ends it no longer holds."""
        until = self.enchanted.get((who, unit, name))
        return until is not None and at < until

    def enchant(self, who: str, unit: str, name: str, until: datetime) -> None:
        """Enchanted until ``until`` ("the duration ... is instead reset")."""
        self.enchanted[(who, unit, name)] = until


def _time(text: str) -> datetime:
    return parse_time(text, "game_state.boxes")
