"""Nomopoly beyond the squares: Warp Gates, Savings and Loans and the bank, trades,
faiths, Heaven and Tyrethali's Inferno (rules "Property Values", "Banking", "Faith",
"Trades", "Tyrethali's Inferno", "Heaven"), as the day's other actions.

Each is a player's ``action`` event, done at step 4 of the admin's day ("Perform all
other buys, sells, trades, upgrades, renames and other miscellaneous actions"):

- ``set a Warp Gate price`` {square, price}: the Gate's owner; ``use a Warp Gate``
  {square: the other Gate}: pays the usage cost of the Gate stood on to its owner and
  the same to the other Gate's owner, travels there, and lands (Drains apply); once a
  turn (a GMT day).
- ``use a Savings and Loan`` {deposit or withdraw: {"money": N, "real_estate_guides":
  N}}: on a square with a branch, $1 to its owner; the bank's vault then. Money in the
  vault pays a fine after the money in hand ("part of the players current money").
- ``trade`` {id, details: [{"from", "to", "money"|"square"|"real_estate_guides"}]}: one
  e-mail each; done when every player named has sent the same details, else nothing
  (:mod:`.trades`, with the admin's ``trade_lapsed``).
- ``create a faith`` {faith, god}, ``join a faith`` {faith}, ``leave a faith`` {faith}:
  a name ending in "ism", a god that is an entity of the game (a player, the admin, a
  named square, Origon, Ye Olde Poorbox, Heaven, Tyrethali's Inferno, the bank, the
  universe); a faith left without members is disbanded.
- ``go to Heaven``: a faith's member spends one dollar per verse and jumps there.
- ``post bail``: $20 a day sentenced, to Ye Olde Poorbox, and back to the square.

The admin's sentence is an ``inferno`` event {player, days: 1 to 3}: the player goes to
the circle until the admin's day on or after the sentence's last day ends, then returns
to their square without landing on it.

What a poor wretch may not spend (:mod:`.wretch`) is refused before any of these
spends it: bail, Heaven's price, a Warp Gate's two usage costs, a branch's $1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly import clauses
from gamestate.profiles.nomopoly.quote import shown
from gamestate.profiles.nomopoly.trades import trade
from gamestate.profiles.nomopoly.wretch import refusal

if TYPE_CHECKING:
    from gamestate.profiles.nomopoly.ledger import Holding, Ledger, Verdict

__all__ = [
    "WORLD_ACTIONS",
    "World",
    "disband_unfit",
    "do",
    "release_due",
    "sentence",
    "spend_current",
]

WORLD_ACTIONS = frozenset(
    {
        "set a Warp Gate price",
        "use a Warp Gate",
        "use a Savings and Loan",
        "trade",
        "create a faith",
        "join a faith",
        "leave a faith",
        "go to Heaven",
        "post bail",
    }
)
HEAVEN = "Heaven"
INFERNO = "Tyrethali's Inferno"
ENTITIES = ("Origon", "Ye Olde Poorbox", HEAVEN, INFERNO, "the bank", "the universe")
"""Entities of the game a god may be, besides players, the admin and named squares."""


@dataclass
class World:
    """What lies beyond the squares, as the days go."""

    warp_prices: dict[int, int] = field(default_factory=dict)
    warp_used: set[tuple[str, date]] = field(default_factory=set)
    faiths: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Faith -> {"god", "members": [names]}."""
    trades: dict[str, dict[str, str]] = field(default_factory=dict)
    """Trade id -> sender -> their details (as JSON), until every party has sent."""
    sentences: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Player -> {"days", "until" (a date), "return_to"}."""
    lapsed: dict[str, str] = field(default_factory=dict)
    """Trade id -> when the admin judged it lapsed (its later e-mails are refused)."""

    @classmethod
    def from_game_state(cls, gs: dict[str, Any]) -> World:
        prices = gs.get("warp_prices", {})
        faiths = gs.get("faiths", {})
        return cls(
            warp_prices={int(k): int(v) for k, v in prices.items()},
            faiths={k: {"god": v["god"], "members": list(v["members"])} for k, v in faiths.items()},
        )

    def game_state(self, ledger: Ledger) -> dict[str, Any]:
        return {
            "warp_prices": {str(k): v for k, v in sorted(self.warp_prices.items())},
            "faiths": {k: dict(v) for k, v in sorted(self.faiths.items())},
            "black": sorted(s for s, u in ledger.upgrades.items() if "Savings and Loan" in u),
            "inferno": sorted(self.sentences),
        }


def _verdict(allowed: bool, reason: str, clause: str) -> Verdict:
    from gamestate.profiles.nomopoly.ledger import Verdict

    return Verdict(allowed, reason, clause)


def _vault(h: Holding) -> dict[str, int]:
    vault = h.extra.setdefault("vault", {"money": 0, "real_estate_guides": 0})
    assert isinstance(vault, dict)
    return vault


def spend_current(h: Holding, amount: int) -> tuple[int, bool]:
    """A fee or fine from the money in hand, then the vault's (BANK_MONEY); what was paid
    and whether it was all of it."""
    vault = h.extra.get("vault") if isinstance(h.extra.get("vault"), dict) else None
    banked = vault.get("money", 0) if vault is not None else 0
    hand = max(h.money, 0)
    if amount <= hand:
        h.money -= amount
        return amount, True
    from_bank = min(amount - hand, banked)
    h.money -= hand
    if vault is not None:
        vault["money"] = banked - from_bank
    return hand + from_bank, hand + from_bank == amount


def sentence(ledger: Ledger, e: Event) -> str:
    """The admin puts a player in Tyrethali's Inferno (INFERNO) for 1 to 3 game days."""
    name, days = e.get("player"), e.get("days")
    h = ledger.players[name]
    world = ledger.world
    if name in world.sentences:
        return f"{name} is already in Tyrethali's Inferno"
    world.sentences[name] = {
        "days": days,
        "until": e.at.date() + timedelta(days=days - 1),
        "return_to": h.square,
    }
    h.square = INFERNO
    return f"{name} is sentenced to Tyrethali's Inferno for {days} game day(s)"


def release_due(ledger: Ledger, day: date) -> list[str]:
    """Sentences served by ``day`` (the admin's day after their last day): back to the
    square, not landed on (INFERNO_RETURN)."""
    notes = []
    for name, s in list(ledger.world.sentences.items()):
        if day > s["until"]:
            notes.append(_release(ledger, name))
    return notes


def _release(ledger: Ledger, name: str) -> str:
    s = ledger.world.sentences.pop(name)
    ledger.players[name].square = s["return_to"]
    return f"{name} returns from Tyrethali's Inferno to square {s['return_to']}"


def do(ledger: Ledger, name: str, e: Event, present: int) -> Verdict:
    """One of :data:`WORLD_ACTIONS`, allowed or refused with its clause."""
    action = e.get("action")
    h = ledger.players[name]
    world = ledger.world
    if action == "post bail":
        s = world.sentences.get(name)
        if s is None:
            return _verdict(False, f"{name} is not in Tyrethali's Inferno", clauses.INFERNO)
        bail = 20 * s["days"]
        if h.money < bail:
            return _verdict(False, f"{name} has ${h.money}; bail is ${bail}", clauses.INFERNO)
        barred = refusal(h, name, e.at.date(), bail)
        if barred is not None:
            return barred
        h.money -= bail
        ledger.poorbox += bail
        return _verdict(True, f"posts bail of ${bail}; {_release(ledger, name)}", clauses.INFERNO)
    if name in world.sentences and action in (
        "use a Warp Gate",
        "use a Savings and Loan",
        "go to Heaven",
    ):
        return _verdict(False, f"{name} is in Tyrethali's Inferno, a circle", clauses.INFERNO)
    if action == "set a Warp Gate price":
        square, price = e.get("square"), e.get("price")
        if square not in h.owns or "Warp Gate" not in ledger.upgrades.get(square, []):
            return _verdict(
                False, f"{name} owns no Warp Gate on square {square}", clauses.WARP_PRICE
            )
        world.warp_prices[square] = price
        return _verdict(
            True, f"the Warp Gate on square {square} costs ${price}", clauses.WARP_PRICE
        )
    if action == "use a Warp Gate":
        return _warp(ledger, name, h, e)
    if action == "use a Savings and Loan":
        return _savings(ledger, name, h, e)
    if action == "trade":
        return trade(ledger, name, e)
    if action == "go to Heaven":
        if not any(name in f["members"] for f in world.faiths.values()):
            return _verdict(False, f"{name} is an atheist", clauses.HEAVEN)
        cost = ledger.board.verses
        if h.money < cost:
            return _verdict(False, f"{name} has ${h.money}; Heaven costs ${cost}", clauses.HEAVEN)
        barred = refusal(h, name, e.at.date(), cost)
        if barred is not None:
            return barred
        h.money -= cost
        h.square = HEAVEN
        return _verdict(True, f"spends ${cost} (one a verse) and jumps to Heaven", clauses.HEAVEN)
    return _faith(ledger, name, e)


def _warp(ledger: Ledger, name: str, h: Holding, e: Event) -> Verdict:
    here, there = h.square, e.get("square")
    gates = [s for s, u in ledger.upgrades.items() if "Warp Gate" in u]
    if here not in gates:
        return _verdict(
            False, f"{name} is on square {here}, which has no Warp Gate", clauses.WARP_USE
        )
    if there not in gates or there == here:
        return _verdict(False, f"square {there} has no other Warp Gate", clauses.WARP_USE)
    turn = (name, e.at.date())
    if turn in ledger.world.warp_used:
        return _verdict(False, f"{name} has used a Warp Gate this turn", clauses.WARP_ONCE)
    assert isinstance(here, int) and isinstance(there, int)
    cost = ledger.world.warp_prices.get(here, 0)
    if h.money < 2 * cost:
        return _verdict(
            False, f"{name} has ${h.money}; the two owners' ${cost} each", clauses.WARP_USE
        )
    barred = refusal(h, name, e.at.date(), 2 * cost)
    if barred is not None:
        return barred
    owners = [ledger.owner(here), ledger.owner(there)]
    for owner in owners:
        h.money -= cost
        if owner is not None:
            ledger.players[owner].money += cost
    ledger.world.warp_used.add(turn)
    h.square = there
    drained = ledger.land(name)
    reason = f"pays ${cost} to {owners[0]} and ${cost} to {owners[1]}; warps from {here} to {there}"
    if not drained:
        return _verdict(True, reason, clauses.WARP_USE)
    # A Drain charged: the warp counts as landing on the square (WARP_LANDS).
    return _verdict(True, f"{reason}; {drained}", f"{clauses.WARP_USE} {clauses.WARP_LANDS}")


def _savings(ledger: Ledger, name: str, h: Holding, e: Event) -> Verdict:
    here = h.square
    if not isinstance(here, int) or "Savings and Loan" not in ledger.upgrades.get(here, []):
        return _verdict(
            False, f"no Savings and Loan branch on {name}'s square {here}", clauses.BANK_ONLY
        )
    if h.money < 1:
        return _verdict(False, f"{name} has ${h.money}, not the $1 for the branch", clauses.SAVINGS)
    barred = refusal(h, name, e.at.date(), 1)
    if barred is not None:
        return barred
    vault = _vault(h)
    deposit, withdraw = e.get("deposit") or {}, e.get("withdraw") or {}
    for key, amount in deposit.items():
        held = h.money - 1 if key == "money" else h.guides
        if amount > held:
            return _verdict(False, f"{name} has {held} {key} to deposit", clauses.DEPOSIT)
    for key, amount in withdraw.items():
        if amount > vault.get(key, 0):
            return _verdict(False, f"the vault holds {vault.get(key, 0)} {key}", clauses.WITHDRAW)
    owner = ledger.owner(here)
    h.money -= 1
    if owner is not None:
        ledger.players[owner].money += 1
    for sign, moves in ((1, deposit), (-1, withdraw)):
        for key, amount in moves.items():
            vault[key] = vault.get(key, 0) + sign * amount
            if key == "money":
                h.money -= sign * amount
            else:
                h.guides -= sign * amount
    words = [f"deposits {a} {k}" for k, a in deposit.items()]
    words += [f"withdraws {a} {k}" for k, a in withdraw.items()]
    return _verdict(
        True,
        f"pays {owner} $1 at square {here}; " + ", ".join(words or ["nothing"]),
        clauses.SAVINGS,
    )


def _faith(ledger: Ledger, name: str, e: Event) -> Verdict:
    action, faith = e.get("action"), e.get("faith")
    faiths = ledger.world.faiths
    if action == "create a faith":
        god = e.get("god")
        if not faith.endswith("ism"):
            return _verdict(False, f"{shown(faith)} does not end in 'ism'", clauses.FAITH_NAME)
        if faith in faiths:
            return _verdict(False, f"{faith} already exists", clauses.FAITH_CREATE)
        if god not in _entities(ledger, set(ledger.players)):
            return _verdict(False, f"{shown(god)} is not an entity in the game", clauses.FAITH_GOD)
        faiths[faith] = {"god": god, "members": [name]}
        return _verdict(True, f"creates {faith}, god {god}, its first member", clauses.FAITH_CREATE)
    if faith not in faiths:
        return _verdict(False, f"there is no faith {shown(faith)}", clauses.FAITH_CREATE)
    members = faiths[faith]["members"]
    if action == "join a faith":
        if name in members:
            return _verdict(False, f"{name} is already a member of {faith}", clauses.FAITH_CREATE)
        members.append(name)
        return _verdict(True, f"joins {faith}", clauses.FAITH_CREATE)
    if name not in members:
        return _verdict(False, f"{name} is not a member of {faith}", clauses.ATHEIST)
    members.remove(name)
    if not members:
        del faiths[faith]
        return _verdict(
            True, f"leaves {faith}, which has no member left: disbanded", clauses.FAITH_DISBAND
        )
    return _verdict(True, f"leaves {faith}", clauses.ATHEIST)


def _entities(ledger: Ledger, players: set[str]) -> set[str]:
    """What a god may be: a player, the admin, a named square, a faith, :data:`ENTITIES`."""
    entities = players | set(ledger.names.values()) | set(ENTITIES)
    return entities | set(ledger.extra.get("admins", ())) | set(ledger.world.faiths)


def disband_unfit(ledger: Ledger, present: set[str]) -> list[str]:
    """:data:`clauses.FAITH_DISBAND`: a faith whose god is no longer an entity of the game
    (a player who left, a square renamed) or with no member left in the game."""
    notes = []
    for faith, spec in list(ledger.world.faiths.items()):
        if not any(m in present for m in spec["members"]):
            why = "no member of it is left in the game"
        elif spec["god"] not in _entities(ledger, present):
            why = f"its god {shown(spec['god'])} is no longer an entity in the game"
        else:
            continue
        del ledger.world.faiths[faith]
        notes.append(f"{faith} is disbanded: {why}")
    return notes
