"""Players' actions and commands, each judged as of the instant it was taken, and applied
if the rules allowed it (one they did not allow changes nothing: the site would not have
let it happen).

A payment the player cannot afford ("The player pays $1000") is not allowed. The dead may
act except where the seed forbids it (proposals, the Public Market): nothing in the rules
of Jumps, the Fairy or the units says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from gamestate.profiles.archive import format_time
from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly_iv import clauses, combat, player_actions, resources, teleport
from gamestate.profiles.nomopoly_iv.books import (
    COUNTER_RESEARCHING,
    IDLE,
    RESEARCHING,
    Books,
    Box,
    Cooling,
    Standing,
)
from gamestate.profiles.nomopoly_iv.checks import ALIASES
from gamestate.profiles.nomopoly_iv.combat_items import COMBAT_ITEMS, judge_combat_item
from gamestate.profiles.nomopoly_iv.market import (
    ITEM_ACTIONS,
    MARKET_ACTIONS,
    SHOP_ACTIONS,
    force_field,
    judge_item,
    judge_market,
    judge_shop,
    lose_item,
    pies,
)
from gamestate.profiles.nomopoly_iv.units import COMMANDS, cool_down_of, unit_type

__all__ = [
    "FORT_PRICE",
    "FORT_PROPOSAL_NAMES",
    "FORT_PROPOSAL_TEXT",
    "Judged",
    "judge_action",
    "judge_command",
]

FORT_PRICE = 1250
FORT_PROPOSAL_NAMES = ("extend the board to 90", "for a period of 1 week")
"""How the fort week's proposal is recognised: its name begins so (any case)..."""
FORT_PROPOSAL_TEXT = "gain a new fort"
"""... or its matter's text holds these words."""
TEACHING_EXPERIENCE = 25
_WEEK = timedelta(weeks=1)
_DAY = timedelta(days=1)
_HOUR = timedelta(hours=1)


@dataclass(frozen=True)
class Judged:
    """An action's verdict: allowed or not, why, and what it set going."""

    allowed: bool
    reason: str
    box_taken: bool = False
    """A ? Box disappeared: "a new ? box will be placed"."""
    item_to: str | None = None
    """The player who took a box whose item awaits its ``? Box item`` draw."""


def _no(reason: str) -> Judged:
    return Judged(False, reason)


def fort_window(books: Books, texts: dict[str, str]) -> tuple[datetime, datetime] | None:
    """The week "starting from when this proposal is implemented": the implemented
    proposal whose name begins "Extend the board to 90 squares" or "For a period of 1
    week", or whose matter's text has the clause."""
    from gamestate.profiles.archive import parse_time

    for name, at in books.implemented.items():
        lowered = name.lower()
        if lowered.startswith(FORT_PROPOSAL_NAMES) or FORT_PROPOSAL_TEXT in texts.get(name, ""):
            start = parse_time(at, f"game_state.implemented.{name}")
            return start, start + _WEEK
    return None


def judge_action(
    books: Books, e: Event, at: datetime, window: tuple[datetime, datetime] | None
) -> Judged:
    """A recorded ``action`` event, judged and (if allowed) applied."""
    who, name = str(e.get("player")), str(e.get("action"))
    name = ALIASES.get(name, name)
    s = books.players[who]
    if not books.present(who, at):
        return _no(f"{name}: {who} is not on the roster then")
    if name in MARKET_ACTIONS:
        return Judged(*judge_market(books, who, name, e))
    if name in SHOP_ACTIONS:
        return Judged(*judge_shop(books, who, name))
    if name in ITEM_ACTIONS:
        ok, why = judge_item(books, who, name, e, at)
        shell = ok and name in ("use Red Shell", "use Green Shell")
        return Judged(ok, why + (resources.ducky_lands(books) if shell else ""))
    if name in COMBAT_ITEMS:
        return Judged(*judge_combat_item(books, who, name, e, at))
    if name in player_actions.PLAYER_ACTIONS:
        return Judged(*player_actions.judge_player_action(books, who, name, e))
    if name == teleport.USE_TELEPORTER:
        return Judged(*teleport.judge_use(books, who, e, at))
    if name in ("use Mushroom", "use Coin") and not lose_item(s, name.removeprefix("use ")):
        return _no(f"{name}: {who} has no {name.removeprefix('use ')}")
    if name == "jump":
        refused, distance = player_actions.jump_checked(books, s, e)
        if refused is not None:
            return _no(f"jump: {refused}")
        shield = force_field(books, e.get("square"), at)
        if shield is not None:
            return _no(
                f"jump: a force field is on square {e.get('square')} until {shield} "
                f"(“{clauses.FORCE_FIELD}”)"
            )
        jumped = _jump(books, who, s, distance, e.get("square"))
        if jumped.allowed and s.square is not None and s.square == books.ducky:
            # "Should the Rber Ducky ever occupy the same square as a player".
            return Judged(True, jumped.reason + pies(books, at) + f" (“{clauses.PIES}”)")
        return jumped
    if name == "decrease Jumps":
        if s.jumps < 1:
            return _no(f"decrease Jumps: {who} has 0 Jumps (“{clauses.DECREASE_JUMPS}”)")
        s.jumps -= 1
        return Judged(True, f"decrease Jumps: {who}'s Jumps {s.jumps + 1} -> {s.jumps}")
    if name == "Receive Teaching":
        return _teaching(books, who, s, at, e.get("square"))
    if name == "take the item":
        return _take(books, who, s, e.get("square"), e.get("item"))
    if name == "gain a new fort":
        return _fort(books, who, s, at, window, e.get("new"), e.get("square"))
    if name == "use Mushroom":
        before = s.jumps
        books.notes = []
        books.add_jumps(who, 3, at)
        fined = "".join(f"; {note}" for note in books.notes)
        return Judged(True, f"use Mushroom: Jumps {before} + 3 (“{clauses.MUSHROOM}”){fined}")
    # use Coin
    gain = 250 * s.level
    s.money += gain
    return Judged(True, f"use Coin: ${gain} at level {s.level} (“{clauses.COIN}”)")


def _jump(books: Books, who: str, s: Standing, distance: object, square: object) -> Judged:
    if not isinstance(distance, int) or distance < 1:
        return _no(f"jump: a distance of {distance!r} is not a jump to another square")
    if distance > s.jumps:
        return _no(f"jump {distance}: {who} has {s.jumps} Jumps then (“{clauses.JUMP}”)")
    s.jumps -= distance
    books.gain_experience(who, 1)
    if isinstance(square, int):
        s.square = square
    return Judged(True, f"jump {distance}: Jumps {s.jumps + distance} -> {s.jumps}, +1 experience")


def _teaching(books: Books, who: str, s: Standing, at: datetime, square: object) -> Judged:
    fairy = books.fairy
    if fairy is None:
        return _no(
            f"Receive Teaching: the Experience Fairy is not on the board (“{clauses.FAIRY_LEAVES}”)"
        )
    where = square if isinstance(square, int) else s.square
    if fairy.square is not None and where is not None and where != fairy.square:
        return _no(
            f"Receive Teaching: {who} is on square {where}, the Fairy on {fairy.square} "
            f"(“{clauses.TEACHING}”)"
        )
    books.fairy = None
    books.gain_experience(who, TEACHING_EXPERIENCE)
    unknown = " (the Fairy's square awaits its draw)" if fairy.square is None else ""
    return Judged(
        True,
        f"Receive Teaching: first since the Fairy came at {format_time(fairy.appeared_at)}, "
        f"+{TEACHING_EXPERIENCE} experience{unknown}",
    )


def _take(books: Books, who: str, s: Standing, square: object, item: object = None) -> Judged:
    where = square if isinstance(square, int) else s.square
    box: Box | None = next((b for b in books.boxes if b.square == where), None)
    if box is None and where is not None:
        box = next((b for b in books.boxes if b.square is None), None)
    if box is None:
        return _no(f"take the item: no ? Box on square {where} (“{clauses.TAKE_THE_ITEM}”)")
    books.boxes.remove(box)
    got, item_to = "", None
    if box.item is None and isinstance(item, str) and item:
        box.item = item  # "may take the item that is in that ? box": the action says which
    if box.item is not None:
        s.items[box.item] = s.items.get(box.item, 0) + 1
        got = f"; {who} gets {box.item}"
    else:
        item_to = who  # the item is drawn (? Box item) at this instant
    return Judged(
        True,
        f"take the item: the ? Box on square {where} disappears{got} (“{clauses.TAKE_THE_ITEM}”)",
        box_taken=True,
        item_to=item_to,
    )


def _fort(
    books: Books,
    who: str,
    s: Standing,
    at: datetime,
    window: tuple[datetime, datetime] | None,
    new: object,
    square: object = None,
) -> Judged:
    if window is None or not window[0] <= at < window[1]:
        span = f"{format_time(window[0])} to {format_time(window[1])}" if window else "none"
        return _no(f"gain a new fort: outside the week (“{clauses.FORT_WINDOW}”; week: {span})")
    occupied = player_actions.new_fort_refused(books, square)
    if occupied is not None:
        return _no(f"gain a new fort: {occupied}")
    if s.money < FORT_PRICE:
        return _no(f"gain a new fort: {who} has ${s.money}, the fort costs ${FORT_PRICE}")
    s.money -= FORT_PRICE
    name = player_actions.new_name(s, "Fort", new)
    s.units[name] = "Fort"
    placed = "; " + combat.place_new(books, who, "", name, "Fort", square)
    return Judged(True, f"gain a new fort: ${FORT_PRICE} paid within the week{placed}")


def _new_name(s: Standing, kind: str, new: object) -> str:
    if isinstance(new, str) and unit_type(new) == kind and new not in s.units:
        return new
    numbers = [
        int(n.rpartition("#")[2]) for n, k in s.units.items() if n.rpartition("#")[0] == kind
    ]
    return f"{kind}#{max(numbers, default=0) + 1}"


def judge_command(books: Books, e: Event, at: datetime, order: int) -> Judged:
    """A recorded ``command`` event, judged and (if allowed) applied."""
    who, unit = str(e.get("player")), str(e.get("unit"))
    command = COMMANDS[str(e.get("command"))]
    label = f"{command.name} to {unit}"
    s = books.players[who]
    if not books.present(who, at):
        return _no(f"{label}: {who} is not on the roster then")
    kind = s.units.get(unit) or unit_type(unit) or ""
    if unit not in s.units and (kind == "Scientist" or s.units_known):
        return _no(f"{label}: {who} owns no {unit}")
    if kind not in command.issued_to:
        return _no(f"{label}: {command.name} cannot be issued to a {kind}")
    cooling = books.cooling.get((who, unit))
    echo = (
        cooling is not None
        and cooling.command == command.name
        and cooling.began is not None
        and at < cooling.began + _HOUR
        and books.is_enchanted(who, unit, "Echo", at)
    )
    if echo:
        # "Echo ends prematurely"; the two cool-downs overlap.
        del books.enchanted[(who, unit, "Echo")]
        cooling = None
    if cooling is not None:
        return _no(
            f"{label}: {unit} is cooling down after {cooling.command} until "
            f"{format_time(cooling.until)} (“{clauses.COOL_DOWN}”)"
        )
    box = None
    if command.name == "Safecracking":
        square = e.get("square")
        where = square if isinstance(square, int) else s.square
        box = next((b for b in books.boxes if b.square is not None and b.square == where), None)
        if box is None:
            return _no(f"{label}: no ? Box on square {where} (“{clauses.SAFECRACKING}”)")
    refused = resources.command_refused(books, command.name, who, unit, e)
    if refused is None:
        refused = combat.refuse_command(books, command.name, who, unit, e, at)
    if refused is None and command.name == "Power Drain":
        refused = player_actions.power_drain_refused(books, who, unit, e, at)
    if refused is not None:
        return _no(f"{label}: {refused}")
    distance = combat.attack_distance(books, who, unit, e)
    amount = e.get("amount")
    cost = command.cost
    if command.name == "Refine Goods":
        if not isinstance(amount, int) or not 10 <= amount <= 1000 or amount % 10:
            return _no(f"{label}: choose $10 to $1000 in $10 steps, not {amount!r}")
        cost = amount
    payee = None
    if command.name == "Teleport":
        payee, cost, why = teleport.teleport_payment(books, who, unit, e)
        if payee is None:
            return _no(f"{label}: {why}")
    if s.money < cost:
        return _no(f"{label}: {who} has ${s.money}, the command costs ${cost}")
    s.money -= cost
    notes = [f"${cost} paid"] if cost else []
    if payee is not None:
        notes.append(teleport.pay_teleport(books, who, payee))
    # The effect.
    if command.becomes is not None:
        s.units[unit] = command.becomes
        s.scientists.pop(unit, None)
        notes += combat.transformed(books, who, unit, kind, command.becomes)
    name = None
    if command.creates is not None:
        name = _new_name(s, command.creates, e.get("new"))
        s.units[name] = command.creates
        if command.creates == "Scientist":
            s.scientists[name] = IDLE
        if command.name == "Build Fort":
            # "The new Fort immediately begins cooling down for 2 days."
            books.cooling[(who, name)] = Cooling(who, name, command.name, at + 2 * _DAY, order)
        notes.append(combat.place_new(books, who, unit, name, command.creates, e.get("square")))
    notes += resources.command_effect(books, command.name, who, unit, e, at, name)
    notes += combat.apply_command(books, command.name, who, unit, e, at)
    if command.name == "Echo":
        books.enchant(who, unit, "Echo", at + _DAY)
        notes.append(f"enchanted by Echo until {format_time(at + _DAY)}")
    if echo:
        notes.append(f"Echo: the same command within the hour (“{clauses.ECHO}”)")
    target = e.get("target")
    if command.name == "Power Drain" and isinstance(target, str) and target in books.players:
        books.players[target].money -= 250
        s.money += 250
        notes.append(f"$250 drained from {target}")
    then = None
    if command.name == "Research Breakthrough":
        then = RESEARCHING
        if s.scientists.get(unit) == COUNTER_RESEARCHING:
            s.scientists[unit] = IDLE
    elif command.name == "Counter Research":
        then = COUNTER_RESEARCHING
        if s.scientists.get(unit) == RESEARCHING:
            s.scientists[unit] = IDLE
    notes += combat.kills_recorded(books, who, e.get("killed", []), e.get("target"), at)
    span = cool_down_of(command, kind, distance)
    if span > timedelta(0) and not combat.gone(books, who, unit):
        refine = cost if command.name == "Refine Goods" else 0
        books.cooling[(who, unit)] = Cooling(
            who,
            unit,
            command.name,
            at + span,
            order,
            then=then,
            refine=refine,
            began=at,
            safecracking=box.number if box is not None else None,
        )
        doing = "safecracking" if box is not None else "cooling down"
        notes.append(f"{doing} until {format_time(at + span)}")
    elif then is not None:
        s.scientists[unit] = then
    return Judged(True, f"{label}: " + ", ".join(notes or ["issued"]))
