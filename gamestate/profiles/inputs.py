"""What each profile reads from a ``nomic-archive/2`` archive, described as data: every
event type with its fields, every action, draw and command name, every ``state`` and
``game_state`` field with its shape, and the words that name the same thing.

``nomicbot profiles --json`` prints it and :mod:`gamestate.profiles.schema` turns it into
a JSON Schema, so an Admin writing an archive by hand need not read the code. Each shape
is a short text for people and a JSON Schema fragment for tools.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gamestate.profiles import get_profile

__all__ = ["PLAYER", "TIME_PATTERN", "Field", "Inputs", "Shape", "inputs_of", "spec"]

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


def spec(name: str, shape: Shape, required: bool = False) -> Field:
    return Field(name, shape, required)


PLAYER = spec("player", NAME, True)


def inputs_of(name: str) -> Inputs:
    """The inputs profile ``name`` reads (its event types and actions as it knows them)."""
    get_profile(name)  # a one-line error for an unknown name
    if name == "nomopoly-iv":
        from gamestate.profiles.nomopoly_iv.inputs import NOMOPOLY_IV

        return NOMOPOLY_IV
    if name == "infinite-nomic":
        from gamestate.profiles.infinite_nomic.inputs import INFINITE_NOMIC

        return INFINITE_NOMIC
    if name == "nomopoly":
        from gamestate.profiles.nomopoly.inputs import NOMOPOLY

        return NOMOPOLY
    if name == "borednomic":
        from gamestate.profiles.borednomic.inputs import BOREDNOMIC

        return BOREDNOMIC
    return Inputs()
