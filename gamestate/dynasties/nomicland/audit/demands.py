"""The blog's Demand Posts as decisions an edit may write in: each close, with its decider.

Planning: "If a Demand Post has a winning bid which is at least 24 hours old, then any
Imagineer may close that post by making a comment on it to this effect, increasing the
Builder's Budget by the Demand Post's winning bid, reducing the Boss's Budget by the same
amount and marking that Building as Planned for the Builder's Zone."

An edit that moves those Budgets and plans the Building writes in a close, checked against
the bids read from the blog as of then (:func:`~gamestate.dynasties.nomicland.planning.
demand_status`, the one-third test on the Boss's Budget in the ledger at each bid):

- after a **closing comment** (an Imagineer's comment saying it closes the post, made once
  it may be closed), the close is the commenter's, at the comment's time;
- with none, once the winning bid is 24 hours old (or the post a week old with no bids),
  the editor closes it by writing it: their own ``demand close``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from gamestate.dynasties.nomicland.actions import action_to_json
from gamestate.dynasties.nomicland.audit.inputs import BlogEffect, RosterView
from gamestate.dynasties.nomicland.demand_actions import allowed_close
from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.planning import (
    PlanningInputs,
    demand_post_checks,
    demand_status,
)
from gamestate.profiles.blognomic_139.bids import comment_text
from gamestate.profiles.blognomic_139.models import Post
from rules_text.buildings import BuildingCatalogue

__all__ = ["DEMAND_CLOSE", "DemandDecision", "demand_closes"]

DEMAND_CLOSE = "demand close"
"""The kind of a Demand Post's close among the blog's decisions."""
_CLOSING = re.compile(r"\bclos(?:e|ed|es|ing)\b", re.IGNORECASE)


@dataclass(frozen=True)
class DemandDecision:
    """A close the blog allows: the commenter's, or (``by_comment`` False) whoever writes it."""

    effect: BlogEffect
    """The close (``action``: ``demand close``'s JSON); its actor is '' when not by comment."""
    by_comment: bool
    """Closed by a comment on the post (else by the edit writing it)."""


def demand_closes(
    posts: Sequence[Post],
    *,
    at: datetime,
    catalogue: BuildingCatalogue,
    roster_at: Callable[[datetime], RosterView],
    state_at: Callable[[datetime], Economy],
) -> list[DemandDecision]:
    """The closes of the Demand Posts posted by ``at`` that the blog allows by then."""
    roster = roster_at(at)
    boss = roster.boss or state_at(at).boss

    def budget(moment: datetime) -> int:
        row = state_at(moment).player(boss)
        return row.budget if row is not None else 0

    def planned(moment: datetime) -> frozenset[str]:
        zones = state_at(moment).zones
        return frozenset(z.operator for z in zones if z.planned and z.operator)

    def active(moment: datetime) -> frozenset[str]:
        view = roster_at(moment)
        return frozenset(n for n in view.imagineers if view.is_active(n))

    inputs = PlanningInputs(
        buildings=frozenset(catalogue.names()),
        boss=boss,
        active_imagineers=active,
        boss_budget=budget,
        planned=planned,
    )
    known = {p.id: p for p in posts if p.posted_at <= at}
    out = []
    for check in demand_post_checks(known.values(), inputs):
        if not check.is_demand_post:
            continue
        post = known[check.post_id]
        decision = _by_comment(post, inputs, at, roster_at)
        if decision is None:
            status = demand_status(post, inputs, now=at)
            action = allowed_close(post, status)
            if action is not None:
                when = status.closable_at or status.closable_without_effect_after or at
                effect = BlogEffect(DEMAND_CLOSE, post.id, when, "", action_to_json(action))
                decision = DemandDecision(effect, False)
        if decision is not None:
            out.append(decision)
    return out


def _by_comment(
    post: Post,
    inputs: PlanningInputs,
    at: datetime,
    roster_at: Callable[[datetime], RosterView],
) -> DemandDecision | None:
    """The first comment by an Imagineer, up to ``at``, that says it closes the post when
    the post may be closed."""
    for comment in sorted(post.comments, key=lambda c: c.posted_at):
        if comment.posted_at > at:
            break
        text = comment_text(comment.body_html)
        if not _CLOSING.search(text) or not roster_at(comment.posted_at).is_active(comment.author):
            continue
        action = allowed_close(post, demand_status(post, inputs, now=comment.posted_at))
        if action is not None:
            effect = BlogEffect(
                DEMAND_CLOSE, post.id, comment.posted_at, comment.author, action_to_json(action)
            )
            return DemandDecision(effect, True)
    return None
