"""Rule "Licensing": creating, exercising and removing a Zone's IP License.

Exercising also carries the Turnstile's Effect: "If this Imagineer is the first to
exercise an IP License for a given Business Day, they may, upon exercising it,
immediately move their Debt toward 0 by 2000. If they do so, they must also
immediately move the Boss's Debt toward 0 by 2000."
"""

from __future__ import annotations

from dataclasses import replace

from gamestate.dynasties.nomicland.actions import CreateLicense, ExerciseLicense, RemoveLicense
from gamestate.dynasties.nomicland.clauses import (
    LICENSE_BARRED,
    LICENSE_EXERCISE,
    LICENSE_FEE,
    LICENSE_REMOVE,
    LICENSING,
)
from gamestate.dynasties.nomicland.economy import Change, Economy, Field
from gamestate.dynasties.nomicland.effects import EffectKind
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.instances import instances_of
from gamestate.dynasties.nomicland.models import BusinessDay, IPLicense, Zone
from gamestate.dynasties.nomicland.money import move_debt_toward_zero, row, spend
from rules_text.buildings import BuildingCatalogue

__all__ = ["create", "exercise", "remove"]

Step = tuple[Economy, list[Change]]


def _fee_reason(license_: IPLicense) -> str:
    parts = " + ".join(f"{s.fee} ({s.value})" for s in license_.segments)
    return f"Fee of {str(license_)!r}: {parts} = {license_.fee}"


def create(state: Economy, actor: str, action: CreateLicense) -> Step:
    """Licensing: "If a Zone an Imagineer operates has no IP License, at any time, they may
    create a new IP License by paying its Fee, choosing two market segments, giving it a
    name"."""
    operated = state.zones_of(actor)
    if not operated:
        raise ActionRefused(f"{actor} operates no Zone", LICENSING)
    bare = [z for z in operated if z.ip_license is None]
    if not bare:
        raise ActionRefused(
            f"{operated[0].name!r} already has the IP License {str(operated[0].ip_license)!r}",
            LICENSING,
        )
    if actor in state.books.license_barred:
        raise ActionRefused(
            f"{actor} removed an IP License and the Boss has not started a new Business Day "
            f"since (the last is Business Day {len(state.days)})",
            LICENSE_BARRED,
        )
    name = action.name.strip()
    if not name or any(ch in name for ch in "()\n"):
        raise ActionRefused(
            f"the IP License's name {action.name!r} must be non-empty, on one line and "
            "without parentheses (it is written Name (segments))",
            LICENSING,
        )
    if len(action.segments) != 2:
        raise ActionRefused(
            f"an IP License has two market segments, not {len(action.segments)}", LICENSING
        )
    license_ = IPLicense(name, tuple(action.segments))
    zone = bare[0]
    state, changes = spend(state, actor, license_.fee, action.pay, what=_fee_reason(license_))
    changes = [replace(c, clause=LICENSE_FEE) for c in changes]
    state = state.with_zone(replace(zone, ip_license=license_))
    changes.append(
        Change(
            LICENSING,
            zone.name,
            Field.LICENSE,
            None,
            str(license_),
            f"{actor} themes {zone.name!r} with {str(license_)!r}",
        )
    )
    return state, changes


def _licensed_zone(state: Economy, actor: str, zone_name: str | None) -> Zone:
    if zone_name is not None:
        zone = state.zone(zone_name)
        if zone is None:
            raise ActionRefused(f"there is no Zone named {zone_name!r}", LICENSE_EXERCISE)
        if zone.ip_license is None:
            raise ActionRefused(f"{zone.name!r} has no IP License", LICENSE_EXERCISE)
        return zone
    licensed = [z for z in state.zones_of(actor) if z.ip_license is not None]
    if not licensed:
        raise ActionRefused(
            f"{actor} operates no Zone with an IP License (name the Zone whose License to "
            "exercise)",
            LICENSE_EXERCISE,
        )
    return licensed[0]


def exercise(
    state: Economy, actor: str, action: ExerciseLicense, catalogue: BuildingCatalogue
) -> Step:
    """Licensing: pay 1 + X Smiles and add the License's Visitors to an Uncrowded Business
    Day; then the Turnstile, if the actor is the first to exercise onto that Day."""
    zone = _licensed_zone(state, actor, action.zone)
    license_ = zone.ip_license
    assert license_ is not None
    day = state.day(action.day)
    if day is None:
        raise ActionRefused(
            f"there is no Business Day {action.day} (there are {len(state.days)})",
            LICENSE_EXERCISE,
        )
    imagineers = len(state.imagineers)
    if state.is_crowded(day):
        raise ActionRefused(
            f"Business Day {day.number} is Crowded: {len(day.visitors)} Visitors, more than "
            f"twice the {imagineers} Imagineers ({2 * imagineers})",
            LICENSE_EXERCISE,
        )
    player = row(state, actor)
    x = state.books.exercised(actor)
    price = 1 + x
    turnstiles = [
        i for i in instances_of(state, actor, catalogue) if i.effect.kind is EffectKind.TURNSTILE
    ]
    first = bool(turnstiles) and _is_first_exercise(state, day.number)
    after_smiles = player.smiles - price
    changes = [
        Change(
            LICENSE_EXERCISE,
            actor,
            Field.SMILES,
            player.smiles,
            after_smiles,
            f"exercise {str(license_)!r}: 1 + X = 1 + {x} = {price} Smiles "
            f"({x} other exercises since the last processing)",
        )
    ]
    state = state.with_player(replace(player, smiles=after_smiles))
    grown = BusinessDay(day.number, day.visitors + license_.segments)
    state = state.with_day(grown)
    changes.append(
        Change(
            LICENSE_EXERCISE,
            str(day.number),
            Field.VISITORS,
            str(day),
            str(grown),
            f"Business Day {day.number} was Uncrowded ({len(day.visitors)} Visitors, at most "
            f"{2 * imagineers}): adds {''.join(s.value for s in license_.segments)}",
        )
    )
    state = replace(state, books=state.books.with_exercise(actor, day.number))
    if turnstiles and first and action.turnstile:
        own = sum(i.effect.debt_moves[0] * i.copies for i in turnstiles)
        boss = sum(i.effect.debt_moves[1] * i.copies for i in turnstiles)
        copies = sum(i.copies for i in turnstiles)
        what = f"Turnstile x{copies}: first to exercise onto Business Day {day.number}"
        clause = turnstiles[0].clause
        state, moved = move_debt_toward_zero(
            state, actor, own, clause=clause, what=f"{what}, {own}"
        )
        changes += moved
        state, moved = move_debt_toward_zero(
            state, state.boss, boss, clause=clause, what=f"{what}, the Boss {boss}"
        )
        changes += moved
    elif turnstiles and not first:
        changes.append(
            Change(
                turnstiles[0].clause,
                actor,
                Field.NOTE,
                None,
                None,
                f"Turnstile: {actor} is not the first to exercise an IP License for Business "
                f"Day {day.number}",
            )
        )
    return state, changes


def _is_first_exercise(state: Economy, day: int) -> bool:
    """Turnstile: no exercise onto Business Day ``day`` is recorded yet."""
    return all(d != day for d, _ in reversed(state.books.exercises))


def remove(state: Economy, actor: str, action: RemoveLicense) -> Step:
    """Licensing: the Operator pays the Fee again to remove the Zone's IP License."""
    licensed = [z for z in state.zones_of(actor) if z.ip_license is not None]
    if not licensed:
        raise ActionRefused(f"{actor} operates no Zone with an IP License", LICENSE_REMOVE)
    zone = licensed[0]
    license_ = zone.ip_license
    assert license_ is not None
    state, changes = spend(
        state, actor, license_.fee, action.pay, what=f"removing: {_fee_reason(license_)}"
    )
    changes = [replace(c, clause=LICENSE_REMOVE) for c in changes]
    state = state.with_zone(replace(zone, ip_license=None))
    state = replace(
        state, books=replace(state.books, license_barred=state.books.license_barred | {actor})
    )
    changes.append(
        Change(
            LICENSE_REMOVE,
            zone.name,
            Field.LICENSE,
            str(license_),
            None,
            f"{actor} removes {str(license_)!r}; no new IP License until the Boss starts a new "
            "Business Day",
        )
    )
    return state, changes
