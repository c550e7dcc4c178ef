"""Nomicland, the theme-park dynasty of Ruleset 139: its gamestate, checks and economy.

The seam: :mod:`models` holds the page models and their checks; the economy is
:class:`Economy` (the state), the action dataclasses of :mod:`actions`, and one
pure :func:`apply` (:mod:`engine`) returning an :class:`Outcome` or raising
:class:`ActionRefused`. A later dynasty is a sibling package with the same shape.
"""

from __future__ import annotations

from gamestate.dynasties.nomicland.actions import (
    ACTION_NAMES,
    Action,
    ApplyInterest,
    BudgetVersion,
    Construct,
    CreateLicense,
    CreateZone,
    ExerciseLicense,
    NewBusinessDay,
    Payment,
    ProcessBusinessDay,
    RemoveLicense,
    RepayDebt,
    action_from_json,
    action_to_json,
)
from gamestate.dynasties.nomicland.completion import Victory, dov_refusal, victory
from gamestate.dynasties.nomicland.construction import DAILY_BUILDINGS, Cost, cost_of
from gamestate.dynasties.nomicland.dynasty import Nomicland
from gamestate.dynasties.nomicland.economy import Bookkeeping, Change, Economy, Field, Outcome
from gamestate.dynasties.nomicland.effects import Effect, EffectKind, Unit, budget_text, read_effect
from gamestate.dynasties.nomicland.engine import apply
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.history import EconomyHistory
from gamestate.dynasties.nomicland.models import (
    BUDGET,
    CONSTRUCTION,
    DEBT,
    LBD,
    LICENSING,
    NOMICLAND_PAGE,
    PLANNING,
    SMILES,
    VISITORS,
    ZONES,
    Building,
    BusinessDay,
    IPLicense,
    NomiclandError,
    PlayerRow,
    Problem,
    RuleClause,
    Segment,
    Zone,
    check_player_rows,
    check_zones,
    parse_building,
    parse_buildings,
    parse_integer,
    parse_license,
    parse_names,
    parse_visitors,
)
from gamestate.dynasties.nomicland.processing import next_day
from gamestate.dynasties.nomicland.zones import zone_words

__all__ = [
    "ACTION_NAMES",
    "BUDGET",
    "CONSTRUCTION",
    "DAILY_BUILDINGS",
    "DEBT",
    "LBD",
    "LICENSING",
    "NOMICLAND_PAGE",
    "PLANNING",
    "SMILES",
    "VISITORS",
    "ZONES",
    "Action",
    "ActionRefused",
    "ApplyInterest",
    "Bookkeeping",
    "BudgetVersion",
    "Building",
    "BusinessDay",
    "Change",
    "Construct",
    "Cost",
    "CreateLicense",
    "CreateZone",
    "Economy",
    "EconomyHistory",
    "Effect",
    "EffectKind",
    "ExerciseLicense",
    "Field",
    "IPLicense",
    "NewBusinessDay",
    "Nomicland",
    "NomiclandError",
    "Outcome",
    "Payment",
    "PlayerRow",
    "Problem",
    "ProcessBusinessDay",
    "RemoveLicense",
    "RepayDebt",
    "RuleClause",
    "Segment",
    "Unit",
    "Victory",
    "Zone",
    "action_from_json",
    "action_to_json",
    "apply",
    "budget_text",
    "check_player_rows",
    "check_zones",
    "cost_of",
    "dov_refusal",
    "next_day",
    "parse_building",
    "parse_buildings",
    "parse_integer",
    "parse_license",
    "parse_names",
    "parse_visitors",
    "read_effect",
    "victory",
    "zone_words",
]
