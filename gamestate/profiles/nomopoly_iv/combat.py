"""Units' squares and hit points in play (seed 002): damage, healing, destruction and
what follows it (experience for the killer, Soul Gems charged nearby), and the commands
that move, hurt or heal (Move, Ride Railway, Teleport, Attack, Bombard, Repair, Orison of
Healing, Heal Area, Spell Shield, Empathy).

Readings:

- A command's ``square`` is the square it names: a Move's, a Ride Railway's or a
  Teleport's destination, the square a Bombard hits; for any other command, the square
  its unit stands on (the books learn it from there).
- A command's target is ``target_unit`` owned by ``target`` (a player's name); without
  ``target``, the one player who owns a unit of that name (else the issuer's own).
- "a 1 in (armor - attack strength) chance": the recorded draw is the command's ``hit``
  (true: the target lost 1). At armor - attack = 1 the chance is 1 in 1: it always hits.
- A rule that needs a square, a distance (``game_state.board``) or hit points the archive
  does not give is not checked, and the verdict says so; nothing is guessed.
- A building is not a unit: Empathy answers a unit's attack only ("Since the Guard
  Tower is a building and not a unit, it does not trigger Empathy"), and Soul Gems charge
  when "a unit is killed".
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from gamestate.profiles.archive import format_time
from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly_iv import clauses, hp_squares
from gamestate.profiles.nomopoly_iv import hp_clauses as hc
from gamestate.profiles.nomopoly_iv.books import Books
from gamestate.profiles.nomopoly_iv.hitpoints import (
    Body,
    howitzer_attack,
    stats_of,
    transformed_hp,
)
from gamestate.profiles.nomopoly_iv.units import BUILDINGS

__all__ = [
    "HEALS",
    "MOVES",
    "TARGETED",
    "apply_command",
    "attack_distance",
    "effects_of",
    "body",
    "gone",
    "place_new",
    "transformed",
    "uncounted",
    "hurt",
    "kills_recorded",
    "owner_of",
    "q",
    "refuse_command",
    "shielded",
    "units_on",
]

MOVES = hp_squares.MOVES
TARGETED = frozenset({"Attack", "Repair", "Orison of Healing", "Spell Shield", "Empathy"})
"""Commands whose target is a unit (Spell Shield: a unit or a player)."""
HEALS = {"Repair": 60, "Orison of Healing": 10, "Heal Area": 10}
REPAIRABLE = frozenset({"SCV", "Laser Howitzer"})
SPELL_SHIELD_DAYS = timedelta(days=3)
EMPATHY_DAYS = timedelta(days=1)
UNCHARGED, CHARGED = "Uncharged Soul Gem", "Charged Soul Gem"
LAND_BUILDINGS = frozenset({"Refinery", "Duck Pond"})
"""The buildings :mod:`.resources` keeps squares of (a Mine's $50, the Ducky's landing)."""
_CUT = 40


def q(clause: str) -> str:
    """A clause quoted for a verdict (``status`` numbers the first one it quotes)."""
    return f" (“{clause}”)"


def body(books: Books, who: str, unit: str) -> Body:
    """The unit's body, made (square and hit points not known) if the books had none."""
    s = books.players[who]
    return s.bodies.setdefault(unit, Body())


def kind_of(books: Books, who: str, unit: str) -> str:
    return books.players[who].units.get(unit) or unit.rpartition("#")[0]


def units_on(books: Books, square: int) -> Iterator[tuple[str, str, str]]:
    """(owner, name, type) of every unit and building known to be on ``square``."""
    for who, s in books.players.items():
        for unit, b in s.bodies.items():
            if b.square == square and unit in s.units:
                yield who, unit, s.units[unit]


def owner_of(books: Books, who: str, e: Event) -> tuple[str | None, str]:
    """The target's owner and name: ``target`` and ``target_unit``; None if not found."""
    unit, owner = str(e.get("target_unit")), e.get("target")
    if isinstance(owner, str):
        s = books.players.get(owner)
        return (owner if s is not None and unit in s.units else None), unit
    owners = [p for p, s in books.players.items() if unit in s.units]
    if len(owners) == 1:
        return owners[0], unit
    return (who if who in owners else None), unit


def shielded(books: Books, who: str, unit: str, at: datetime) -> bool:
    """:data:`hc.SPELL_SHIELD` on a unit, or on a player (``unit`` = the player)."""
    return books.is_enchanted(who, unit, "Spell Shield", at)


def attack_distance(books: Books, who: str, unit: str, e: Event) -> int | None:
    """The distance an Attack reaches: from the squares when the board and both are
    known, else the command's ``distance``."""
    owner, target = owner_of(books, who, e)
    if books.army.board is not None and owner is not None:
        d = books.army.board.distance(
            body(books, who, unit).square, body(books, owner, target).square
        )
        if d is not None:
            return d
    given = e.get("distance")
    return given if isinstance(given, int) and not isinstance(given, bool) else None


# Hurting and healing.


def hurt(
    books: Books, owner: str, unit: str, amount: int, by: str | None, at: datetime
) -> list[str]:
    """``unit`` loses ``amount`` hit points ("reduced to 0 or less ... destroyed"); the
    notes. ``by``: the player who directly caused it (experience for a kill)."""
    b = body(books, owner, unit)
    if b.hp is None:
        return [f"{unit} ({owner}) -{amount} hp (its hit points are not recorded)"]
    before, b.hp = b.hp, b.hp - amount
    books.army.log.append((owner, unit, -amount))
    if b.hp > 0:
        return [f"{unit} ({owner}) {before} -> {b.hp} hp"]
    return [f"{unit} ({owner}) {before} -> {b.hp} hp, destroyed{q(hc.DESTROYED)}"] + destroy(
        books, owner, unit, by, at
    )


def destroy(books: Books, owner: str, unit: str, by: str | None, at: datetime) -> list[str]:
    """The unit leaves the board; the killer's experience; Soul Gems charged nearby."""
    s = books.players[owner]
    books.army.destroyed.add((owner, unit))
    books.army.log.append((owner, unit, None))
    kind = s.units.pop(unit, "")
    square = s.bodies.pop(unit, Body()).square
    books.land.buildings.pop((owner, unit), None)  # a Refinery or Duck Pond gone
    s.scientists.pop(unit, None)
    books.cooling.pop((owner, unit), None)
    for key in [k for k in books.enchanted if k[0] == owner and k[1] == unit]:
        del books.enchanted[key]
    notes = []
    if by is not None and by != owner and by in books.players:
        points = 20 if kind in BUILDINGS else 5
        books.gain_experience(by, points)
        notes.append(f"+{points} experience to {by}")
    if kind not in BUILDINGS:
        notes += _charge_gems(books, square, at)
    if kind == "Laboratory":
        notes += hp_squares.laboratory_lost(books, owner, square)
    return notes


def _charge_gems(books: Books, square: int | None, at: datetime) -> list[str]:
    """:data:`hc.SOUL_GEM_CHARGED`: one Uncharged Soul Gem of each player on or beside."""
    notes = []
    for name, s in books.players_at(at):
        if s.items.get(UNCHARGED, 0) < 1:
            continue
        near = _near(books, s.square, square)
        if near is None:
            books.army.warn(
                f"a unit was killed; whether {name}'s Uncharged Soul Gem charged is not known "
                "(the squares or game_state.board are not recorded)"
            )
            continue
        if near:
            s.items[UNCHARGED] -= 1
            s.items[CHARGED] = s.items.get(CHARGED, 0) + 1
            notes.append(f"{name}'s Uncharged Soul Gem becomes Charged{q(hc.SOUL_GEM_CHARGED)}")
    return notes


def _near(books: Books, a: int | None, b: int | None) -> bool | None:
    if a is None or b is None:
        return None
    if a == b:
        return True
    return None if books.army.board is None else books.army.board.adjacent_or_same(a, b)


def heal(books: Books, owner: str, unit: str, amount: int) -> str:
    """+``amount``, "never ... higher than its Max HP"."""
    b = body(books, owner, unit)
    top = stats_of(kind_of(books, owner, unit), books.army.stats).max_hp
    if b.hp is None or top is None:
        return f"{unit} ({owner}) +{amount} hp (its hit points or Max HP are not recorded)"
    before, b.hp = b.hp, min(b.hp + amount, top)
    books.army.log.append((owner, unit, b.hp - before))
    capped = f", capped at Max HP{q(hc.NEVER_ABOVE_MAX)}" if before + amount > top else ""
    return f"{unit} ({owner}) {before} -> {b.hp} hp{capped}"


def damage_of(attack: int, armor: int, hit: object) -> tuple[int | None, str]:
    """The Attack command's three cases: the hit points lost (None: its draw is not
    recorded) and the clause."""
    if attack > armor:
        return attack - armor, hc.ATTACK_GREATER
    if attack == armor:
        return 1, hc.ATTACK_EQUAL
    if armor - attack == 1 or hit is True:
        return 1, hc.ATTACK_LESS
    return (0 if hit is False else None), hc.ATTACK_LESS


def attacked(
    books: Books,
    who: str,
    attacker: str | None,
    owner: str,
    target: str,
    strength: int,
    hit: object,
    at: datetime,
) -> list[str]:
    """One attack of ``strength`` on ``target`` (armor counted), and Empathy's answer
    when ``attacker`` (a unit of ``who``'s) attacked a unit enchanted by it."""
    armor = stats_of(kind_of(books, owner, target), books.army.stats).armor
    if armor is None:
        return [f"{target}'s armor is not in the seed (game_state.unit_stats): not applied"]
    lost, clause = damage_of(strength, armor, hit)
    if lost is None:
        return [
            f"{target} ({owner}): a 1 in {armor - strength} chance of 1, the draw (hit) not "
            f"recorded{q(clause)}"
        ]
    notes = [f"attack {strength} vs armor {armor}: -{lost}{q(clause)}"]
    notes += hurt(books, owner, target, lost, who, at)
    unit_target = kind_of(books, owner, target) not in BUILDINGS
    if (
        attacker is not None
        and unit_target
        and lost > 0
        and books.is_enchanted(owner, target, "Empathy", at)
        and attacker in books.players[who].units
    ):
        # "Damage caused by Empathy is not considered an attack": hurt, not attacked.
        notes.append(f"Empathy: {attacker} damaged for the same amount{q(hc.EMPATHY)}")
        notes += hurt(books, who, attacker, lost, owner, at)
    return notes


# Commands.


def refuse_command(
    books: Books, name: str, who: str, unit: str, e: Event, at: datetime
) -> str | None:
    """Why a command that moves, targets or hurts may not be issued (None: it may)."""
    if name in MOVES:
        return _refuse_move(books, name, who, unit, e)
    if name == "Power Drain":
        t = e.get("target")
        if isinstance(t, str) and shielded(books, t, t, at):
            return f"{t} is enchanted by Spell Shield{q(hc.SPELL_SHIELD)}"
        return None
    if name == "Bombard":
        to = e.get("square")
        here = body(books, who, unit).square
        d = (
            books.army.board.distance(here, to)
            if books.army.board and isinstance(to, int)
            else None
        )
        most = stats_of("Laser Howitzer").range or 0
        if d is not None and d > most:
            return f"square {to} is {d} away, the range is {most}{q(hc.ATTACK_RANGE)}"
        return None
    if name not in TARGETED:
        return None
    if e.get("target_unit") is None and (name != "Spell Shield" or e.get("target") is None):
        return None  # the target is not recorded: nothing to check (see apply_command)
    if name == "Spell Shield" and e.get("target_unit") is None:
        t = e.get("target")
        if not isinstance(t, str) or t not in books.players:
            return f"name the target player or unit, not {str(t)[:_CUT]!r}"
        if shielded(books, t, t, at):
            return f"{t} is enchanted by Spell Shield{q(hc.SPELL_SHIELD)}"
        return _reach(books, who, unit, books.players[t].square, 1, hc.ADJACENT)
    owner, target = owner_of(books, who, e)
    if owner is None:
        return f"no unit {target[:_CUT]!r} of {str(e.get('target'))[:_CUT]!r} to target"
    if shielded(books, owner, target, at):
        return f"{target} ({owner}) is enchanted by Spell Shield{q(hc.SPELL_SHIELD)}"
    kind = kind_of(books, owner, target)
    there = body(books, owner, target).square
    if name == "Repair":
        if kind not in BUILDINGS and kind not in REPAIRABLE:
            return f"a {kind} is not a building, an SCV or a Laser Howitzer{q(hc.REPAIR)}"
        return _reach(books, who, unit, there, 0, hc.REPAIR)
    if name in ("Orison of Healing", "Empathy") and kind in BUILDINGS:
        return (
            f"a {kind} is a building, not a unit{q(hc.ORISON if name != 'Empathy' else hc.EMPATHY)}"
        )
    if name != "Attack":
        return _reach(books, who, unit, there, 1, hc.ORISON if name != "Empathy" else hc.ADJACENT)
    if kind != "Wall" and there is not None:
        walls = [u for _, u, k in units_on(books, there) if k == "Wall"]
        if walls:
            return f"square {there} has a Wall ({walls[0]}){q(hc.WALL)}"
    reach = stats_of(kind_of(books, who, unit), books.army.stats).range
    d = attack_distance(books, who, unit, e)
    if reach is not None and d is not None and d > reach:
        return f"{target} is {d} squares away, the range is {reach}{q(hc.ATTACK_RANGE)}"
    return None


def _reach(
    books: Books, who: str, unit: str, there: int | None, most: int, clause: str
) -> str | None:
    here = body(books, who, unit).square
    if here is None or there is None:
        return None
    d = (
        0
        if here == there
        else (books.army.board.distance(here, there) if books.army.board else None)
    )
    if d is not None and d > most:
        return f"square {there} is {d} from {unit}'s square {here}{q(clause)}"
    return None


def _refuse_move(books: Books, name: str, who: str, unit: str, e: Event) -> str | None:
    to = e.get("square")
    if not isinstance(to, int) or isinstance(to, bool):
        return None
    here = body(books, who, unit).square
    if name != "Teleport" and here is not None and books.army.board is not None:
        d = books.army.board.distance(here, to)
        if d is not None and d != 1:
            return f"square {to} is {d} moves from square {here}, not 1{q(hc.MOVE_SQUARE)}"
    others = [(p, u, k) for p, u, k in units_on(books, to) if p != who]
    if others and not all(k == "Railway" for _, _, k in others):
        return f"square {to} holds {others[0][0]}'s {others[0][1]}{q(hc.ONE_OWNER)}"
    return None


def apply_command(
    books: Books, name: str, who: str, unit: str, e: Event, at: datetime
) -> list[str]:
    """The effect on squares and hit points of an allowed command: the notes (first what
    :mod:`.hp_squares` could not check)."""
    pending, books.army.pending = books.army.pending, []
    return pending + _apply(books, name, who, unit, e, at)


def _apply(books: Books, name: str, who: str, unit: str, e: Event, at: datetime) -> list[str]:
    square = e.get("square") if isinstance(e.get("square"), int) else None
    me = body(books, who, unit)
    if name in MOVES:
        if square is None:
            # It left its square for one not recorded: where it stands is not known now.
            me.square = None
            moved = [f"{unit}'s new square is not recorded (give the command's square)"]
        else:
            me.square = square
            moved = [f"{unit} to square {square}"]
        return moved + hp_squares.after_move(books, who, unit, e)
    if square is not None and name != "Bombard":
        me.square = square
    if name == "Bombard":
        return _bombard(books, who, unit, square, at)
    if name == "Heal Area":
        if me.square is None:
            return [f"{unit}'s square is not recorded: no unit healed{q(hc.HEAL_AREA)}"]
        healed = [
            heal(books, p, u, HEALS[name])
            for p, u, k in list(units_on(books, me.square))
            if k not in BUILDINGS
        ]
        where = f"Heal Area on square {me.square}{q(hc.HEAL_AREA)}: "
        return [where + ("; ".join(healed) or "no unit")]
    if name == "Spell Shield" and e.get("target_unit") is None:
        t = str(e.get("target"))
        books.enchant(t, t, "Spell Shield", at + SPELL_SHIELD_DAYS)
        until = format_time(at + SPELL_SHIELD_DAYS)
        return [f"{t} enchanted by Spell Shield until {until}{q(hc.SPELL_SHIELD)}"]
    if name not in TARGETED:
        return []
    if e.get("target_unit") is None:
        return ["its target is not recorded (give target_unit): no hit points changed"]
    owner, target = owner_of(books, who, e)
    assert owner is not None  # refuse_command found it
    if name == "Spell Shield":
        books.enchant(owner, target, "Spell Shield", at + SPELL_SHIELD_DAYS)
        until = format_time(at + SPELL_SHIELD_DAYS)
        return [f"{target} ({owner}) enchanted by Spell Shield until {until}{q(hc.SPELL_SHIELD)}"]
    if name == "Empathy":
        books.enchant(owner, target, "Empathy", at + EMPATHY_DAYS)
        until = format_time(at + EMPATHY_DAYS)
        return [f"{target} ({owner}) enchanted by Empathy until {until}{q(hc.EMPATHY)}"]
    if name in HEALS:
        clause = hc.REPAIR if name == "Repair" else hc.ORISON_10
        return [f"+{HEALS[name]} hp{q(clause)}", heal(books, owner, target, HEALS[name])]
    return _attack(books, who, unit, owner, target, e, at)


def _attack(
    books: Books, who: str, unit: str, owner: str, target: str, e: Event, at: datetime
) -> list[str]:
    kind = kind_of(books, who, unit)
    notes = []
    if stats_of(kind, books.army.stats).range is None:
        notes.append(f"range not checked: the seed gives no Attack range for a {kind}")
    elif attack_distance(books, who, unit, e) is None:
        notes.append("range not checked: the squares or game_state.board are not recorded")
    strength = (
        howitzer_attack(kind_of(books, owner, target))
        if kind == "Laser Howitzer"
        else stats_of(kind, books.army.stats).attack
    )
    if strength is None:
        return notes + [
            f"no damage computed: the seed gives no attack strength for a {kind} "
            "(game_state.unit_stats)"
        ]
    clause = q(hc.HOWITZER_ATTACK) if kind == "Laser Howitzer" else ""
    attacker = unit if kind not in BUILDINGS else None
    return (
        notes
        + [f"{unit} attacks {target} ({owner}){clause}"]
        + attacked(books, who, attacker, owner, target, strength, e.get("hit"), at)
    )


def _bombard(books: Books, who: str, unit: str, square: int | None, at: datetime) -> list[str]:
    if square is None:
        return [f"the square bombarded is not recorded (give the command's square){q(hc.BOMBARD)}"]
    notes = [f"Bombard square {square}{q(hc.BOMBARD)}"]
    for owner, target, kind in list(units_on(books, square)):
        if kind in BUILDINGS:
            notes += hurt(books, owner, target, 25, who, at)
    return notes


# Units made and remade.


def place_new(books: Books, who: str, issuer: str, name: str, kind: str, square: object) -> str:
    """A unit or building received: on its issuer's square ("on the square containing the
    SCV"), or the ``square`` chosen, at Max HP (:data:`hc.CREATED_AT_MAX`)."""
    where = square if isinstance(square, int) and not isinstance(square, bool) else None
    if where is None and issuer:
        where = body(books, who, issuer).square
    hp = stats_of(kind, books.army.stats).max_hp
    books.players[who].bodies[name] = Body(where, hp)
    if where is not None and kind in LAND_BUILDINGS:
        books.land.buildings.setdefault((who, name), where)
    on = f"on square {where}" if where is not None else "(its square not recorded)"
    at_hp = f"at {hp} hp" if hp is not None else "(its Max HP is not in the seed)"
    return f"{name} received {on} {at_hp}{q(hc.CREATED_AT_MAX)}"


def transformed(books: Books, who: str, unit: str, old: str, new: str) -> list[str]:
    """:data:`hc.TRANSFORM`: the new type's hit points from the old's."""
    b = body(books, who, unit)
    before = b.hp
    b.hp = transformed_hp(before, old, new, books.army.stats)
    if before is None:
        return []
    if b.hp is None:
        return [f"{unit}'s hit points as a {new} are not known (no Max HP for a {old} or {new})"]
    return [f"{unit} {old} {before} hp -> {new} {b.hp} hp{q(hc.TRANSFORM)}"]


def uncounted(books: Books, who: str, killed: list[str]) -> list[str]:
    """The ``killed`` the archive records that the books did not already destroy (and
    reward) themselves."""
    done = {u for (owner, u) in books.army.destroyed if owner != who}
    return [k for k in killed if k not in done]


def kills_recorded(
    books: Books, who: str, killed: object, target: object, at: datetime
) -> list[str]:
    """A command's ``killed`` (units the books did not destroy themselves): each leaves the
    books as a destroyed unit does, and :data:`clauses.KILLS` gives 5 experience a unit, 20
    a building, for "another player's" only. A name the issuer owns (or owned) is theirs
    unless ``target`` names another owner of it; one that also names another player's unit
    without ``target`` is not known (nothing destroyed, no experience); one no player is
    known to own gives the experience only."""
    notes = []
    for k in uncounted(books, who, killed if isinstance(killed, list) else []):
        mine = k in books.players[who].units or (who, k) in books.army.destroyed
        others = [p for p, s in books.players.items() if p != who and k in s.units]
        if mine and others and target not in (*others, who):
            notes.append(
                f"{k} killed names {who}'s and {', '.join(others)}'s (give target): nothing "
                f"destroyed, no experience{q(clauses.KILLS)}"
            )
            continue
        if mine and target not in others:
            if k in books.players[who].units:
                notes += [f"{k} ({who}) killed"] + destroy(books, who, k, None, at)
            notes.append(f"{k} killed is {who}'s own, no experience{q(clauses.KILLS)}")
            continue
        owner = str(target) if target in others else (others[0] if len(others) == 1 else None)
        if owner is not None:
            notes += [f"{k} ({owner}) killed{q(clauses.KILLS)}"] + destroy(books, owner, k, who, at)
            continue
        points = 20 if kind_of(books, who, k) in BUILDINGS else 5
        books.gain_experience(who, points)
        whose = f" (of {' or '.join(others)}: give target)" if others else ""
        notes.append(f"+{points} experience for {k}{whose}")
    return notes


def gone(books: Books, who: str, unit: str) -> bool:
    """Was ``unit`` destroyed (by Empathy's answer, say) while its command took effect?"""
    return (who, unit) in books.army.destroyed


def effects_of(books: Books, entry: dict[str, Any]) -> None:
    """The hit points an action changed, into its entry's ``effects`` (2b's ``actions``):
    ``hit_points`` (owner -> unit -> gained or lost) and ``destroyed`` (owner -> units)."""
    log, books.army.log = books.army.log, []
    hp: dict[str, dict[str, int]] = {}
    destroyed: dict[str, list[str]] = {}
    for owner, unit, delta in log:
        if delta is None:
            destroyed.setdefault(owner, []).append(unit)
        elif delta:
            mine = hp.setdefault(owner, {})
            mine[unit] = mine.get(unit, 0) + delta
    if hp or destroyed:
        effects = entry.setdefault("effects", {})
        if hp:
            effects["hit_points"] = hp
        if destroyed:
            effects["destroyed"] = destroyed
