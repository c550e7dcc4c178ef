"""The one entry point: :func:`apply` an action to the economy, or refuse it.

``apply(state, action, actor=..., now=..., catalogue=...)`` returns an
:class:`Outcome` (the new economy and every change with its rule and numbers)
or raises :class:`ActionRefused` quoting the rule; a refused action changes
nothing, since the economy is immutable and only a complete new one is returned.
This module holds the small actions; Construction, processing a Business Day and
Licensing each have their own module.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from gamestate.dynasties.nomicland import (
    construction,
    demand_actions,
    licensing,
    processing,
    zones,
)
from gamestate.dynasties.nomicland.actions import (
    Action,
    ApplyInterest,
    Construct,
    CreateLicense,
    CreateZone,
    ExerciseLicense,
    NewBusinessDay,
    ProcessBusinessDay,
    RemoveLicense,
    RepayDebt,
)
from gamestate.dynasties.nomicland.clauses import (
    HIATUS,
    IDLE,
    INTEREST,
    JOINING,
    NEW_BUSINESS_DAY,
    SEASONAL_DOWNTIME,
)
from gamestate.dynasties.nomicland.demand_actions import (
    CloseDemandPost,
    FocusGroup,
    UnplanBuilding,
)
from gamestate.dynasties.nomicland.economy import Change, Economy, Field, Outcome
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.models import BusinessDay
from gamestate.dynasties.nomicland.money import interest, repay
from gamestate.profiles.blognomic_139.calendar import day_of, in_seasonal_downtime
from rules_text.buildings import BuildingCatalogue

__all__ = ["apply", "paused", "utc_day"]


def utc_day(now: datetime) -> datetime:
    """``now`` in UTC (a naive ``now`` is taken to be UTC already)."""
    return now.replace(tzinfo=UTC) if now.tzinfo is None else now.astimezone(UTC)


def paused(at: datetime, hiatus: str | None = None) -> ActionRefused | None:
    """Why no dynastic action may be taken at ``at``: Seasonal Downtime (24 to 27 December
    UTC), or Hiatus (``hiatus``: why the game is in it then, from the dynasty's timeline);
    None when actions may be taken. Corrections under "Gamestate Tracking" are not
    dynastic actions and are not asked about."""
    if in_seasonal_downtime(at):
        return ActionRefused(
            f"it is Seasonal Downtime ({day_of(at).isoformat()}: 24 to 27 December)",
            SEASONAL_DOWNTIME,
        )
    if hiatus:
        return ActionRefused(f"the game is in Hiatus: {hiatus}", HIATUS)
    return None


def apply(
    state: Economy,
    action: Action,
    *,
    actor: str,
    now: datetime,
    catalogue: BuildingCatalogue,
) -> Outcome:
    """Apply ``action`` taken by ``actor`` at ``now``; raise :class:`ActionRefused` if the
    Ruleset does not permit it.

    ``catalogue``: the Buildings the Ruleset's "Construction" subrules define
    (:func:`rules_text.buildings.buildings`).
    """
    player = state.player(actor)
    if player is None:
        raise ActionRefused(f"{actor} has no row in the GNDT, so is not an Imagineer", JOINING)
    if player.name in state.idle:
        raise ActionRefused(f"{player.name} is Idle", IDLE)
    actor = player.name
    moment = utc_day(now)
    match action:
        case CreateZone():
            new, changes = zones.create_zone(state, actor, action)
        case Construct():
            new, changes = construction.construct(state, actor, action, moment, catalogue)
        case NewBusinessDay():
            new, changes = _new_business_day(state, actor)
        case ProcessBusinessDay():
            new, changes = processing.process(state, actor, action, catalogue)
        case CreateLicense():
            new, changes = licensing.create(state, actor, action)
        case ExerciseLicense():
            new, changes = licensing.exercise(state, actor, action, catalogue)
        case RemoveLicense():
            new, changes = licensing.remove(state, actor, action)
        case RepayDebt():
            new, changes = repay(state, actor, action.amount)
        case ApplyInterest():
            new, changes = _interest(state, moment)
        # Rule "Planning" and "Focus Grouping" (demand_actions.py).
        case CloseDemandPost():
            new, changes = demand_actions.close_demand_post(state, actor, action, moment)
        case UnplanBuilding():
            new, changes = demand_actions.unplan_building(state, action)
        case FocusGroup():
            new, changes = demand_actions.focus_group(state, actor, action)
        case _:  # pragma: no cover - the Action union is exhaustive
            raise TypeError(f"not a Nomicland action: {action!r}")
    return Outcome(new, tuple(changes))


# Visitors: the Boss's new Business Day.


def _new_business_day(state: Economy, actor: str) -> tuple[Economy, list[Change]]:
    if actor != state.boss:
        raise ActionRefused(f"{actor} is not the Boss ({state.boss or 'nobody'})", NEW_BUSINESS_DAY)
    number = len(state.days) + 1
    new = state.with_day(BusinessDay(number))
    if state.books.license_barred:
        new = replace(new, books=replace(new.books, license_barred=frozenset()))
    change = Change(
        NEW_BUSINESS_DAY,
        str(number),
        Field.VISITORS,
        None,
        "",
        f"Business Day {number} begins"
        + (f", ending Business Day {number - 1}" if number > 1 else ""),
    )
    return new, [change]


# Spending: the Sunday interest, a daily communal action.


def _interest(state: Economy, moment: datetime) -> tuple[Economy, list[Change]]:
    today = moment.date()
    if moment.weekday() != 6:
        raise ActionRefused(
            f"{today.isoformat()} is a {moment.strftime('%A')} (UTC), not a Sunday", INTEREST
        )
    if today in state.books.interest_days:
        raise ActionRefused(
            f"the interest was already applied on Sunday {today.isoformat()} "
            "(a daily communal action: one Imagineer, once that day)",
            INTEREST,
        )
    new, changes = interest(state)
    new = replace(new, books=replace(new.books, interest_days=(*new.books.interest_days, today)))
    if not changes:
        changes = [Change(INTEREST, "", Field.NOTE, None, None, "no Imagineer has Debt")]
    return new, changes
