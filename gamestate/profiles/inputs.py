"""What each profile reads from a ``nomic-archive/2`` archive, described as data: every
event type with its fields, every action, draw and command name, every ``state`` and
``game_state`` field with its shape, and the words that name the same thing.

``nomicbot profiles --json`` prints it and :mod:`gamestate.profiles.schema` turns it into
a JSON Schema, so an Admin writing an archive by hand need not read the code. Each shape
is a short text for people and a JSON Schema fragment for tools.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gamestate.profiles import get_profile
from gamestate.profiles.borednomic.economy import ACTION_NAMES as BOREDNOMIC_ACTIONS
from gamestate.profiles.borednomic.standing import FIELDS
from gamestate.profiles.nomopoly.checks import MAX_DICE, MAX_SQUARES, UPGRADES
from gamestate.profiles.nomopoly.world import WORLD_ACTIONS
from gamestate.profiles.nomopoly_iv.actions import FORT_PROPOSAL_NAMES, FORT_PROPOSAL_TEXT
from gamestate.profiles.nomopoly_iv.books import COUNTER_RESEARCHING, IDLE, RESEARCHING
from gamestate.profiles.nomopoly_iv.checks import (
    ACTIONS,
    ALIASES,
    DRAW_ALIASES,
    DRAW_BOX,
    DRAW_COOL_DOWN,
    DRAW_FAIRY,
    DRAW_ITEM,
    DRAW_SHOP,
    DRAWS,
)
from gamestate.profiles.nomopoly_iv.units import BUILDINGS, COMMANDS, UNITS

__all__ = ["TIME_PATTERN", "Field", "Inputs", "Shape", "inputs_of"]

TIME_PATTERN = (
    r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([Zz]|[+-][0-9]{2}:[0-9]{2})$"
)
"""A time as archives write it (``2016-05-23T10:17:00Z``; an offset is also read)."""


@dataclass(frozen=True)
class Shape:
    """A value's shape: words for people, a JSON Schema fragment for tools."""

    text: str
    schema: Mapping[str, Any]


@dataclass(frozen=True)
class Field:
    """One field of a record."""

    name: str
    shape: Shape
    required: bool = False
    doc: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "shape": self.shape.text, "required": self.required}


@dataclass(frozen=True)
class Inputs:
    """Everything a profile reads beyond the core (ARCHITECTURE.md 1b)."""

    events: Mapping[str, tuple[Field, ...]] = field(default_factory=dict)
    """Event type -> its fields (``at`` and ``type`` are every event's)."""
    actions: tuple[str, ...] = ()
    draws: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    state: tuple[Field, ...] = ()
    game_state: tuple[Field, ...] = ()
    matter: tuple[Field, ...] = ()
    """A matter's fields beyond the core's."""
    aliases: Mapping[str, str] = field(default_factory=dict)
    """A second word -> the seed's own word it names; both are accepted."""
    votes: bool = True
    """False: a vote is refused (the admin judges)."""
    recognised: Mapping[str, str] = field(default_factory=dict)
    """What a rule reads from a proposal's name or text -> how it is recognised."""
    event_rules: tuple[Mapping[str, Any], ...] = ()
    """Further JSON Schema conditions on an event (a draw's result by its ``what``)."""

    def aliases_for(self, words: frozenset[str] | tuple[str, ...]) -> list[str]:
        """The second words naming any of ``words``."""
        return [alias for alias, word in self.aliases.items() if word in words]

    def as_dict(self) -> dict[str, Any]:
        return {
            "events": {t: [f.as_dict() for f in fs] for t, fs in sorted(self.events.items())},
            "actions": list(self.actions),
            "draws": list(self.draws),
            "commands": list(self.commands),
            "state": [f.as_dict() for f in self.state],
            "game_state": [f.as_dict() for f in self.game_state],
            "matter": [f.as_dict() for f in self.matter],
            "recognised": dict(self.recognised),
            "aliases": dict(sorted(self.aliases.items())),
        }


# Shapes.


def integer(low: int | None = None, high: int | None = None, what: str = "a whole number") -> Shape:
    schema: dict[str, Any] = {"type": "integer"}
    if low is not None:
        schema["minimum"] = low
    if high is not None:
        schema["maximum"] = high
    bounds = f" {'' if low is None else low}..{'' if high is None else high}"
    return Shape(what + (bounds if low is not None or high is not None else ""), schema)


TIME = Shape("a time YYYY-MM-DDTHH:MM:SSZ", {"type": "string", "pattern": TIME_PATTERN})
NAME = Shape("a name", {"type": "string", "pattern": r"\S"})
TEXT = Shape("text", {"type": "string"})
BOOL = Shape("true or false", {"type": "boolean"})
ANY = Shape("any value", {})


def one_of(values: tuple[str, ...] | frozenset[str], what: str = "one of") -> Shape:
    listed = sorted(values)
    return Shape(f"{what} " + ", ".join(listed), {"enum": listed})


def list_of(item: Shape, *, most: int | None = None) -> Shape:
    schema: dict[str, Any] = {"type": "array", "items": dict(item.schema)}
    if most is not None:
        schema["maxItems"] = most
    return Shape(f"a list of {item.text}", schema)


def table_of(value: Shape, key: str = "name") -> Shape:
    return Shape(
        f"{key} -> {value.text}", {"type": "object", "additionalProperties": dict(value.schema)}
    )


def keyed(shape: Shape, pattern: str) -> Shape:
    """``shape`` (an object) whose keys match ``pattern``."""
    return Shape(shape.text, {**shape.schema, "propertyNames": {"pattern": pattern}})


def either(*shapes: Shape) -> Shape:
    return Shape(" or ".join(s.text for s in shapes), {"anyOf": [dict(s.schema) for s in shapes]})


def record(*fields: Field) -> Shape:
    schema = {
        "type": "object",
        "properties": {f.name: dict(f.shape.schema) for f in fields},
        "required": [f.name for f in fields if f.required],
    }
    shown = ", ".join(f.name + ("" if f.required else "?") for f in fields)
    return Shape("{" + shown + "}", schema)


def _f(name: str, shape: Shape, required: bool = False) -> Field:
    return Field(name, shape, required)


PLAYER = _f("player", NAME, True)


# Nomopoly IV (seed 002).

_KINDS = "|".join(re.escape(k) for k in sorted({*UNITS, *BUILDINGS}, key=len, reverse=True))
_IV_UNIT = Shape(
    "a unit or building named Kind#number, such as SCV#1 ("
    + ", ".join(sorted({*UNITS, *BUILDINGS}))
    + ")",
    {"type": "string", "pattern": f"^({_KINDS})#[0-9]+$"},
)
_NULL = Shape("null", {"type": "null"})
_BIG = 10**12
_IV_SQUARE = integer(1, 10_000, "a square")
_IV_MODES = (RESEARCHING, COUNTER_RESEARCHING, IDLE)
_SQUARE_DRAWS = (DRAW_FAIRY, DRAW_BOX, DRAW_SHOP)


def _named(draws: tuple[str, ...]) -> list[str]:
    """The draws and their short words."""
    return sorted({*draws, *(a for a, w in DRAW_ALIASES.items() if w in draws)})


_SCIENTIST = Shape(
    "a Scientist's name such as Scientist#1", {"type": "string", "pattern": "^Scientist#[0-9]+$"}
)
NOMOPOLY_IV = Inputs(
    events={
        "action": (
            PLAYER,
            _f("action", NAME, True),
            _f("distance", either(integer(-_BIG, _BIG), _NULL)),
            _f("square", either(_IV_SQUARE, _NULL)),
            _f("item", either(Shape("an item's name", {"type": "string"}), _NULL)),
            _f("price", either(integer(0, _BIG, "dollars"), _NULL)),
            _f("seller", TEXT),
            _f("buyer", TEXT),
            _f("target", TEXT),
        ),
        "ducky": (_f("roll", integer(1, 6, "the roll of a 6-sided dice"), True),),
        "command": (
            PLAYER,
            _f("command", one_of(frozenset(COMMANDS)), True),
            _f("unit", _IV_UNIT, True),
            _f("amount", either(integer(-_BIG, _BIG), _NULL)),
            _f("distance", either(integer(-_BIG, _BIG), _NULL)),
            _f("target", either(Shape("a player's name", {"type": "string"}), _NULL)),
            _f("new", either(_IV_UNIT, _NULL)),
            _f("killed", list_of(_IV_UNIT)),
            _f("square", either(_IV_SQUARE, _NULL)),
            _f("laboratory", BOOL),
        ),
        "fine": (PLAYER, _f("amount", integer(what="dollars"), True)),
        "draw": (
            _f("what", one_of(DRAWS | frozenset(DRAW_ALIASES)), True),
            _f("result", ANY, True),
            _f("due", either(TIME, _NULL)),
        ),
    },
    actions=tuple(sorted(ACTIONS - frozenset(ALIASES))),
    draws=tuple(sorted(DRAWS)),
    commands=tuple(sorted(COMMANDS)),
    state=(
        _f("level", integer(-(10**6), 10**6)),
        _f("experience", integer(0, 10**9)),
        _f("jumps", integer(0, 10**6)),
        _f("money", integer(-(10**12), 10**12)),
        _f("alive", BOOL),
        _f(
            "scientists",
            either(
                integer(0, 10_000, "a number of Scientists"),
                list_of(_SCIENTIST),
                keyed(table_of(one_of(_IV_MODES, "a mode:"), "Scientist"), "^Scientist#[0-9]+$"),
            ),
        ),
        _f("units", list_of(_IV_UNIT)),
        _f("cooling_down", keyed(table_of(TIME, "unit"), f"^({_KINDS})#[0-9]+$")),
        _f("square", either(_IV_SQUARE, _NULL)),
        _f(
            "items",
            either(
                list_of(Shape("an item's name", {"type": "string"})),
                table_of(integer(0, what="a count"), "item"),
            ),
        ),
    ),
    game_state=(
        _f("as_of", TIME),
        _f("implemented", table_of(TIME, "proposal name")),
        _f(
            "boxes",
            list_of(
                record(
                    _f("square", either(_IV_SQUARE, _NULL), True),
                    _f("placed_at", TIME, True),
                    _f("item", either(TEXT, _NULL)),
                ),
                most=1000,
            ),
        ),
        _f("shop_square", either(_IV_SQUARE, _NULL)),
        _f(
            "market",
            list_of(
                record(
                    _f("item", TEXT, True), _f("price", integer(0, _BIG), True), _f("seller", TEXT)
                )
            ),
        ),
        _f(
            "buy_requests",
            list_of(
                record(
                    _f("item", TEXT, True), _f("price", integer(0, _BIG), True), _f("buyer", TEXT)
                )
            ),
        ),
        _f("bank_account_of_terror", integer(-_BIG, _BIG, "dollars")),
        _f("rber_ducky", either(_IV_SQUARE, _NULL)),
        _f(
            "experience_fairy",
            either(
                record(_f("appeared_at", TIME, True), _f("square", either(_IV_SQUARE, _NULL))),
                _NULL,
            ),
        ),
    ),
    matter=(_f("retracted_at", either(TIME, _NULL)),),
    recognised={
        "the week for a new fort at $1250": "an implemented proposal (game_state.implemented) "
        "whose name begins "
        + " or ".join(repr(n) for n in FORT_PROPOSAL_NAMES)
        + f" (any case), or whose matter's text holds {FORT_PROPOSAL_TEXT!r}"
    },
    aliases={**ALIASES, **DRAW_ALIASES},
    event_rules=(
        {
            "if": {
                "properties": {"type": {"const": "draw"}, "what": {"enum": _named(_SQUARE_DRAWS)}}
            },
            "then": {"properties": {"result": dict(_IV_SQUARE.schema)}},
        },
        {
            "if": {
                "properties": {"type": {"const": "draw"}, "what": {"enum": _named((DRAW_ITEM,))}}
            },
            "then": {"properties": {"result": {"type": "string", "minLength": 1}}},
        },
        {
            "if": {
                "properties": {
                    "type": {"const": "draw"},
                    "what": {"enum": _named((DRAW_COOL_DOWN,))},
                }
            },
            "then": {
                "properties": {
                    "result": {
                        "anyOf": [
                            dict(_IV_UNIT.schema),
                            {
                                "type": "object",
                                "required": ["player", "unit"],
                                "properties": {
                                    "player": dict(NAME.schema),
                                    "unit": dict(_IV_UNIT.schema),
                                },
                            },
                        ]
                    }
                }
            },
        },
    ),
)


# Infinite Nomic (seed 001).

INFINITE_NOMIC = Inputs(
    events={
        "message": (PLAYER,),
        "declare_reputable": (_f("by", NAME, True), PLAYER),
        "join": (PLAYER,),
        "leave": (PLAYER,),
        "overturn_ruling": (
            _f("by", NAME, True),
            _f("ruling", record(_f("by", NAME, True), _f("at", TIME, True)), True),
        ),
    },
)


# Nomopoly (seed 004).

_SQUARE = integer(1, 10 * MAX_SQUARES, "a square")
NOMOPOLY = Inputs(
    events={
        "admin_day": (_f("by", TEXT), _f("note", TEXT)),
        "buy": (PLAYER, _f("square", _SQUARE, True), _f("name", TEXT)),
        "fine": (PLAYER, _f("amount", integer(1, what="dollars"), True)),
        "draw": (
            _f("what", Shape("dice:<proposal id>[:<turn>]", {"type": "string"}), True),
            _f("result", list_of(integer(1, 6, "a face"), most=MAX_DICE), True),
        ),
        "action": (
            PLAYER,
            _f("action", NAME, True),
            _f("square", _SQUARE),
            _f("upgrade", one_of(UPGRADES)),
            _f("name", TEXT),
            _f("price", integer(0, what="dollars")),
            _f("faith", NAME),
            _f("god", NAME),
            _f("id", NAME),
            _f("details", list_of(Shape("{from, to, money|square|real_estate_guides}", {}))),
            _f("deposit", table_of(integer(0), "money|real_estate_guides")),
            _f("withdraw", table_of(integer(0), "money|real_estate_guides")),
        ),
        "inferno": (PLAYER, _f("days", integer(1, 3, "game days"), True)),
    },
    actions=(
        "sell a square",
        "annex unused land",
        "buy an Upgrade",
        "rename a square",
        *sorted(WORLD_ACTIONS),
    ),
    draws=("dice:<proposal id>", "dice:<proposal id>:<turn>"),
    state=(
        _f("money", integer()),
        _f("real_estate_guides", integer(0)),
        _f("square", either(_SQUARE, Shape("a circle's name", {"type": "string"}))),
        _f("poorbox_due", BOOL),
        _f("owns", list_of(_SQUARE)),
    ),
    game_state=(
        _f("board", either(integer(1, MAX_SQUARES, "a number of squares"), list_of(_SQUARE))),
        _f("poorbox", integer(0, what="dollars")),
        _f("default_dice", integer(0, MAX_DICE)),
        _f("names", table_of(TEXT, "square")),
        _f("upgrades", table_of(list_of(one_of(UPGRADES)), "square")),
    ),
    votes=False,
)


# BoredNomic (seed 000).

BOREDNOMIC = Inputs(
    events={
        "admin_veto": (_f("matter", either(NAME, integer()), True), _f("by", NAME, True)),
        "pause": (_f("by", TEXT),),
        # Issue 27: the board game (gamestate/profiles/borednomic/records.py checks them).
        "draw": (
            _f("what", one_of(("turn", "eggs", "combat", "category")), True),
            PLAYER,
            _f("opponent", NAME),
            _f("result", ANY, True),
        ),
        "buy": (PLAYER, _f("square", integer(1), True), _f("name", TEXT)),
        "action": (
            PLAYER,
            _f("action", NAME, True),
            _f("square", integer(1)),
            _f("name", TEXT),
            _f("points", integer(1)),
            _f("count", integer(1)),
            _f("from", NAME),
            _f("item", NAME),
        ),
        "answer": (PLAYER, _f("correct", BOOL, True), _f("by", NAME)),
        "name_rejected": (_f("square", integer(1), True), _f("by", TEXT)),
        "add_square": (_f("name", TEXT),),
        "trade": (
            PLAYER,
            _f("id", NAME, True),
            _f("details", list_of(Shape("{from, to, money|square|item, count?}", {})), True),
        ),
    },
    actions=tuple(sorted(BOREDNOMIC_ACTIONS)),
    draws=("turn", "eggs", "combat", "category"),
    state=tuple(_f(name, integer(0 if name.endswith("in_reserve") else None)) for name in FIELDS)
    + (
        _f("hens", integer(0, 4)),
        _f("owns", list_of(integer(1))),
        _f("items", list_of(NAME)),
        _f("beaten", list_of(NAME)),
    ),
    game_state=(
        _f("paused", BOOL),
        _f("paused_since", TIME),
        _f("board", Shape("{squares, names}", {"type": "object"})),
    ),
)


_BY_PROFILE: dict[str, Inputs] = {
    "nomopoly-iv": NOMOPOLY_IV,
    "infinite-nomic": INFINITE_NOMIC,
    "nomopoly": NOMOPOLY,
    "borednomic": BOREDNOMIC,
    "blognomic-139": Inputs(),
}


def inputs_of(name: str) -> Inputs:
    """The inputs profile ``name`` reads (its event types and actions as it knows them)."""
    get_profile(name)  # a one-line error for an unknown name
    return _BY_PROFILE.get(name, Inputs())
