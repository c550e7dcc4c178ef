"""Rule "Planning"'s and "Focus Grouping"'s changes to the economy, as actions of :func:`apply`.

Whether a Demand Post may be closed, and who its Builder is, is decided from the
blog by :func:`gamestate.dynasties.nomicland.planning.demand_status`; the
action carries that decision's facts (the winning bid and its time, or the
post's time for a close without effect) and this module checks them against
``now`` again and makes the changes:

* :class:`CloseDemandPost`: the Builder's Budget up by the winning bid, the
  Boss's down by as much, the Building marked Planned for the Builder's Zone;
  or, with no bid, nothing but the post closed. Once per post: the closed
  posts are kept in :class:`~gamestate.dynasties.nomicland.economy.Bookkeeping`.
* :class:`UnplanBuilding`: a Planned Building removed once the Building exists
  in that Zone.
* :class:`FocusGroup`: the Boss adds three random Visitors to each Uncrowded
  Business Day, drawn from a
  :class:`~gamestate.profiles.blognomic_139.random_generators.Seed` of the Boss, the post's time
  and ``focus-grouping:<post>``: the same action draws
  the same Visitors, so a replay of the ledger gives the same queue.

Readings (see ``docs/demand.md``): the Boss's Budget may not go below zero
("a nonnegative integer"), so a close the Boss cannot pay is refused; a Builder
who Operates no Zone still gets the Budget, and no Building becomes Planned; a
Builder who Operates several Zones plans it in the first on the page.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from gamestate.dynasties.nomicland.economy import Change, Economy, Field
from gamestate.dynasties.nomicland.errors import ActionRefused
from gamestate.dynasties.nomicland.models import RuleClause, Zone
from gamestate.dynasties.nomicland.planning import (
    CLOSE_AFTER,
    CLOSE_WITHOUT_EFFECT_AFTER,
    Closing,
    DemandStatus,
    focus_grouping,
)
from gamestate.profiles.archive import format_time
from gamestate.profiles.blognomic_139.models import Post
from gamestate.profiles.blognomic_139.random_generators import Seed

__all__ = [
    "CLOSE_DEMAND",
    "CLOSE_DEMAND_WITHOUT_EFFECT",
    "DEMAND_CLOSED",
    "FOCUS_GROUPING_CLAUSE",
    "UNPLAN",
    "CloseDemandPost",
    "FocusGroup",
    "UnplanBuilding",
    "allowed_close",
    "close_demand_post",
    "focus_group",
    "unplan_building",
]

CLOSE_DEMAND = RuleClause(
    "Planning",
    "If a Demand Post has a winning bid which is at least 24 hours old, then any Imagineer "
    "may close that post by making a comment on it to this effect, increasing the Builder's "
    "Budget by the Demand Post's winning bid, reducing the Boss's Budget by the same amount "
    "and marking that Building as Planned for the Builder's Zone.",
)
CLOSE_DEMAND_WITHOUT_EFFECT = RuleClause(
    "Planning",
    "If a Demand Post is more than a week old and has no bids, any Imagineer may close it by "
    "making a comment on it to that effect, in which case Budgets are not adjusted and the "
    "relevant Building does not become planned.",
)
DEMAND_CLOSED = RuleClause(
    "Planning", "A closed Demand Post ceases to be considered a Demand Post."
)
UNPLAN = RuleClause(
    "Planning",
    "If a Zone has a Planned Building and the corresponding Building exists in that Zone, "
    "then any Imagineer may remove it as a Planned Building from that Zone.",
)
FOCUS_GROUPING_CLAUSE = RuleClause(
    "Focus Grouping",
    "Upon posting a Demand Post, the Boss must add three Visitors (of random types) to each "
    "Business Day which is not Crowded.",
)


@dataclass(frozen=True)
class CloseDemandPost:
    """Planning: close a Demand Post, with effect (a winning bid) or without (no bids)."""

    post: str
    """The Demand Post's id."""
    building: str
    """The Building demanded."""
    posted_at: datetime
    """When the post was made (a close without effect needs it more than a week old)."""
    builder: str | None = None
    """The Builder (the winning bid's bidder); None: close without effect."""
    amount: int = 0
    """The winning bid."""
    winning_at: datetime | None = None
    """When the winning bid was made (it must be at least 24 hours old)."""


@dataclass(frozen=True)
class UnplanBuilding:
    """Planning: remove a Planned Building from a Zone where that Building exists."""

    zone: str
    """The Zone's name."""
    building: str
    """The Planned Building."""


@dataclass(frozen=True)
class FocusGroup:
    """Focus Grouping: the Boss's three random Visitors on each Uncrowded Business Day."""

    post: str
    """The Demand Post's id."""
    at: datetime
    """The post's time: the seed's time."""

    def seed(self, boss: str) -> Seed:
        """The draw's seed: the Boss, the post's time, ``focus-grouping:<post>``."""
        return Seed(actor=boss, at=self.at, cause=f"focus-grouping:{self.post}")


# Closing.


def allowed_close(post: Post, status: DemandStatus) -> CloseDemandPost | None:
    """The close of ``post`` that its status allows now: with effect (the winning bid's
    bidder and amount) or without (no bids); None when it may not be closed yet."""
    if status.closing is Closing.CLOSE and status.winning is not None:
        return CloseDemandPost(
            post.id,
            status.building,
            post.posted_at,
            builder=status.winning.bidder,
            amount=status.winning.amount or 0,
            winning_at=status.winning.at,
        )
    if status.closing is Closing.CLOSE_WITHOUT_EFFECT:
        return CloseDemandPost(post.id, status.building, post.posted_at)
    return None


def close_demand_post(
    state: Economy, actor: str, action: CloseDemandPost, now: datetime
) -> tuple[Economy, list[Change]]:
    """The close's changes, or :class:`ActionRefused` (nothing changes)."""
    if action.post in state.books.closed_demands:
        raise ActionRefused(f"Demand Post {action.post} is already closed", DEMAND_CLOSED)
    if action.builder is None:
        changes = _close_without_effect(action, now)
        new = state
    else:
        new, changes = _close_with_effect(state, action, now)
    books = replace(new.books, closed_demands=(*new.books.closed_demands, action.post))
    return replace(new, books=books), changes


def _close_without_effect(action: CloseDemandPost, now: datetime) -> list[Change]:
    week = action.posted_at + CLOSE_WITHOUT_EFFECT_AFTER
    if now <= week:
        raise ActionRefused(
            f"Demand Post {action.post} was posted {now - action.posted_at} ago "
            f"(at {format_time(action.posted_at)}); it may be closed without effect only after "
            f"{format_time(week)}",
            CLOSE_DEMAND_WITHOUT_EFFECT,
        )
    return [
        Change(
            CLOSE_DEMAND_WITHOUT_EFFECT,
            action.post,
            Field.NOTE,
            None,
            None,
            f"Demand Post {action.post} closed without effect: no bids, posted "
            f"{now - action.posted_at} ago",
        )
    ]


def _close_with_effect(
    state: Economy, action: CloseDemandPost, now: datetime
) -> tuple[Economy, list[Change]]:
    assert action.builder is not None
    if action.winning_at is None:
        raise ActionRefused("the winning bid's time is not given", CLOSE_DEMAND)
    if action.amount < 0 or action.amount % 25:
        raise ActionRefused(f"{action.amount} is not a non-negative multiple of 25", CLOSE_DEMAND)
    ready = action.winning_at + CLOSE_AFTER
    if now < ready:
        raise ActionRefused(
            f"the winning bid ({action.amount} by {action.builder} at "
            f"{format_time(action.winning_at)}) is {now - action.winning_at} old, not 24 hours; "
            f"closable at {format_time(ready)}",
            CLOSE_DEMAND,
        )
    builder = state.player(action.builder)
    boss = state.player(state.boss)
    if builder is None:
        raise ActionRefused(f"the Builder {action.builder} has no row in the GNDT", CLOSE_DEMAND)
    if boss is None:
        raise ActionRefused(f"the Boss {state.boss or '(nobody)'} has no GNDT row", CLOSE_DEMAND)
    if boss.budget < action.amount and builder.name != boss.name:
        raise ActionRefused(
            f"the Boss's Budget {boss.budget} is less than the winning bid {action.amount}; "
            "a Budget is a nonnegative integer",
            CLOSE_DEMAND,
        )
    changes: list[Change] = []
    new = state
    if builder.name != boss.name:
        new = new.with_player(replace(boss, budget=boss.budget - action.amount))
        changes.append(
            Change(
                CLOSE_DEMAND,
                boss.name,
                Field.BUDGET,
                boss.budget,
                boss.budget - action.amount,
                f"the Boss pays the winning bid: {boss.budget} - {action.amount}",
            )
        )
        new = new.with_player(replace(builder, budget=builder.budget + action.amount))
        changes.append(
            Change(
                CLOSE_DEMAND,
                builder.name,
                Field.BUDGET,
                builder.budget,
                builder.budget + action.amount,
                f"the Builder is paid the winning bid: {builder.budget} + {action.amount}",
            )
        )
    else:
        changes.append(
            Change(
                CLOSE_DEMAND,
                boss.name,
                Field.NOTE,
                None,
                None,
                f"the Boss is the Builder: +{action.amount} and -{action.amount} cancel out",
            )
        )
    zones = new.zones_of(builder.name)
    if not zones:
        changes.append(
            Change(
                CLOSE_DEMAND,
                builder.name,
                Field.NOTE,
                None,
                None,
                f"{builder.name} Operates no Zone: {action.building} is not Planned anywhere",
            )
        )
        return new, changes
    zone = zones[0]
    planned = (*zone.planned, action.building)
    new = new.with_zone(replace(zone, planned=planned))
    changes.append(
        Change(
            CLOSE_DEMAND,
            zone.name,
            Field.PLANNED,
            ", ".join(zone.planned),
            ", ".join(planned),
            f"{action.building} marked as Planned for {builder.name}'s Zone {zone.name} "
            f"(Demand Post {action.post}, winning bid {action.amount})",
        )
    )
    return new, changes


# Unplanning.


def unplan_building(state: Economy, action: UnplanBuilding) -> tuple[Economy, list[Change]]:
    """Removes one Planned Building from a Zone, if the Building exists there."""
    zone: Zone | None = state.zone(action.zone)
    if zone is None:
        raise ActionRefused(f"there is no Zone named {action.zone!r}", UNPLAN)
    wanted = action.building.casefold()
    at = next((i for i, n in enumerate(zone.planned) if n.casefold() == wanted), None)
    if at is None:
        raise ActionRefused(
            f"{zone.name} has no Planned {action.building} "
            f"(Planned: {', '.join(zone.planned) or 'none'})",
            UNPLAN,
        )
    if not any(b.name.casefold() == wanted for b in zone.buildings):
        raise ActionRefused(
            f"{action.building} does not exist in {zone.name} yet "
            f"(Buildings: {', '.join(zone.building_names) or 'none'})",
            UNPLAN,
        )
    planned = (*zone.planned[:at], *zone.planned[at + 1 :])
    change = Change(
        UNPLAN,
        zone.name,
        Field.PLANNED,
        ", ".join(zone.planned),
        ", ".join(planned),
        f"{zone.planned[at]} exists in {zone.name}: no longer Planned",
    )
    return state.with_zone(replace(zone, planned=planned)), [change]


# Focus Grouping.


def focus_group(state: Economy, actor: str, action: FocusGroup) -> tuple[Economy, list[Change]]:
    """The Boss adds three random Visitors to each Uncrowded Business Day."""
    if actor != state.boss:
        raise ActionRefused(
            f"{actor} is not the Boss ({state.boss or 'nobody'})", FOCUS_GROUPING_CLAUSE
        )
    if action.post in state.books.focus_grouped:
        raise ActionRefused(
            f"the Focus Grouping of Demand Post {action.post} was done already",
            FOCUS_GROUPING_CLAUSE,
        )
    seed = action.seed(state.boss)
    days, reason = focus_grouping(state.days, imagineers=len(state.imagineers), seed=seed)
    books = replace(state.books, focus_grouped=(*state.books.focus_grouped, action.post))
    new = replace(state, books=books)
    changes: list[Change] = []
    for old, day in zip(state.days, days, strict=True):
        if day != old:
            new = new.with_day(day)
            changes.append(
                Change(
                    FOCUS_GROUPING_CLAUSE,
                    str(day.number),
                    Field.VISITORS,
                    str(old),
                    str(day),
                    f"+{str(day)[len(str(old)) :]} (seed {seed.digest[:16]})",
                )
            )
    if not changes:
        changes.append(Change(FOCUS_GROUPING_CLAUSE, "", Field.NOTE, None, None, reason))
    return new, changes
