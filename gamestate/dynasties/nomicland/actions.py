"""The player actions of Nomicland's dynastic rules, as values.

Each action is a frozen dataclass naming only what the player chooses; who
acts and when are passed to :func:`~gamestate.dynasties.nomicland.engine.apply`.
Rule "Planning"'s closing and unplanning and rule "Focus Grouping" are actions of
:mod:`~gamestate.dynasties.nomicland.demand_actions`, joined into :data:`Action`
here; the bids themselves are judged by :mod:`~gamestate.dynasties.nomicland.planning`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import datetime
from enum import StrEnum
from typing import Any

from gamestate.dynasties.nomicland.demand_actions import (
    CloseDemandPost,
    FocusGroup,
    UnplanBuilding,
)
from gamestate.dynasties.nomicland.models import Segment

__all__ = [
    "ACTION_NAMES",
    "Action",
    "ApplyInterest",
    "BudgetVersion",
    "Construct",
    "CreateLicense",
    "CreateZone",
    "ExerciseLicense",
    "NewBusinessDay",
    "Payment",
    "ProcessBusinessDay",
    "RemoveLicense",
    "RepayDebt",
    "action_from_json",
    "action_to_json",
]


class Payment(StrEnum):
    """Spending: "they must either reduce their Budget by that amount, or increase their Debt"."""

    BUDGET = "budget"
    """Reduce the Budget by the whole amount."""
    DEBT = "debt"
    """Move the Debt away from zero by the whole amount."""


class BudgetVersion(StrEnum):
    """Construction: a Budget version treats "either C, S or X as zero in the costing equation"."""

    C = "C"
    """The Building's Cost taken as zero."""
    S = "S"
    """The Size of the Zone's other Buildings taken as zero."""
    X = "X"
    """The number of Buildings built since the last processing taken as zero."""


@dataclass(frozen=True)
class CreateZone:
    """Zones: create "The X Zone", the actor as its Operator."""

    word: str
    """X: a word between "The" and "Dynasty" in one dynasty's description."""
    front_page: str
    """The wiki front page's text, at the version read, whose dynasty descriptions are searched."""


@dataclass(frozen=True)
class Construct:
    """Construction: build a Building in a Zone the actor operates."""

    building: str
    """The Building's name, as its Construction subrule is titled."""
    budget: BudgetVersion | None = None
    """Build the Budget version, treating this term as zero (None: the full version)."""
    pay: Payment | None = None
    """How to spend the cost (None: Budget when it covers the cost, else Debt)."""
    zone: str | None = None
    """The Zone to build in (None: the one Zone the actor operates)."""


@dataclass(frozen=True)
class NewBusinessDay:
    """Visitors: the Boss ends one Business Day and begins a new, empty one."""


@dataclass(frozen=True)
class ProcessBusinessDay:
    """Visitors: process a Business Day in the five steps, in order."""

    day: int | None = None
    """The Business Day (None: the actor's next, LBD + 1; any other is refused)."""


@dataclass(frozen=True)
class CreateLicense:
    """Licensing: theme the actor's Zone with a new IP License, paying its Fee."""

    name: str
    """The License's name (no effect on the gamestate)."""
    segments: tuple[Segment, ...]
    """Its two market segments (duplicates allowed)."""
    pay: Payment | None = None
    """How to pay the Fee (None: Budget when it covers the Fee, else Debt)."""


@dataclass(frozen=True)
class ExerciseLicense:
    """Licensing: pay 1 + X Smiles to add the License's Visitors to an Uncrowded Business Day."""

    day: int
    """The Business Day the Visitors join."""
    zone: str | None = None
    """The Zone whose IP License is exercised (None: the actor's own Zone's)."""
    turnstile: bool = True
    """Turnstile: use its option when the actor is the first to exercise onto ``day``."""


@dataclass(frozen=True)
class RemoveLicense:
    """Licensing: the Operator pays the Fee again to remove their Zone's IP License."""

    pay: Payment | None = None
    """How to pay the Fee (None: Budget when it covers the Fee, else Debt)."""


@dataclass(frozen=True)
class RepayDebt:
    """Spending: reduce the Budget by ``amount`` to move the Debt toward zero by as much."""

    amount: int
    """X, a positive whole number."""


@dataclass(frozen=True)
class ApplyInterest:
    """Spending: on a Sunday, multiply every Imagineer's Debt by 1.1 (a daily communal action)."""


Action = (
    CreateZone
    | Construct
    | NewBusinessDay
    | ProcessBusinessDay
    | CreateLicense
    | ExerciseLicense
    | RemoveLicense
    | RepayDebt
    | ApplyInterest
    | CloseDemandPost
    | UnplanBuilding
    | FocusGroup
)
"""Any action :func:`apply` takes."""


# The ledger's form of an action: {"action": NAME, ...its fields}.

ACTION_NAMES: dict[type, str] = {
    CreateZone: "zone create",
    Construct: "build",
    NewBusinessDay: "day new",
    ProcessBusinessDay: "day process",
    CreateLicense: "license create",
    ExerciseLicense: "license exercise",
    RemoveLicense: "license remove",
    RepayDebt: "debt repay",
    ApplyInterest: "debt interest",
    CloseDemandPost: "demand close",
    UnplanBuilding: "demand unplan",
    FocusGroup: "demand open",
}
"""Each action's name, as the command that takes it is spelt."""


_TIMES = frozenset({"posted_at", "winning_at", "at"})
"""The fields that hold a time (ISO strings in JSON)."""


def action_to_json(action: Action) -> dict[str, Any]:
    """``{"action": "build", "building": "Playpit", "budget": "C", ...}`` (enums as values,
    segments as letters, times as ISO strings)."""
    data: dict[str, Any] = {"action": ACTION_NAMES[type(action)]}
    for item in fields(action):
        value = getattr(action, item.name)
        if isinstance(value, StrEnum):
            value = value.value
        elif item.name == "segments":
            value = "".join(s.value for s in value)
        elif isinstance(value, datetime):
            value = value.isoformat()
        data[item.name] = value
    return data


def action_from_json(data: Mapping[str, Any]) -> Action:
    """The inverse of :func:`action_to_json`; ``ValueError`` for an unknown action or field."""
    by_name = {name: kind for kind, name in ACTION_NAMES.items()}
    name = data.get("action")
    if name not in by_name:
        raise ValueError(f"unknown Nomicland action {name!r}")
    kind = by_name[name]
    known = {item.name for item in fields(kind)}
    unknown = set(data) - known - {"action"}
    if unknown:
        raise ValueError(f"{name}: unknown fields {sorted(unknown)}")
    values: dict[str, Any] = {k: v for k, v in data.items() if k != "action"}
    if "pay" in values and values["pay"] is not None:
        values["pay"] = Payment(values["pay"])
    if "budget" in values and values["budget"] is not None:
        values["budget"] = BudgetVersion(values["budget"])
    if "segments" in values:
        values["segments"] = tuple(Segment(letter) for letter in values["segments"])
    for key in _TIMES & set(values):
        if isinstance(values[key], str):
            values[key] = datetime.fromisoformat(values[key])
    action: Action = kind(**values)
    return action
