"""Nomicland as a :class:`gamestate.dynasties.base.Dynasty`: what its economy adds to the
core rules.

- Rule "Spending": "If an Imagineer's Debt is non-zero, that Imagineer may not
  declare victory." A Declaration of Victory is Illegal when its author's Debt
  was non-zero in the economy as it stood when it was posted. An action in the
  same second as the DoV may have come before or after it: the DoV is Illegal
  only if the Debt was non-zero both just before that second and at its end.
  Where the ledger does not know the economy at that instant, nothing is
  decided and :meth:`Nomicland.notes` says so for each pending DoV.
- Rule "Project Completion": "If the Boss's Debt is 0, the Imagineer with the
  most Smiles has achieved victory", asked of the economy at ``now``.
- Events: ``project-completion:NAME``, and ``demand-closable:POST`` when rule
  "Planning" lets any Imagineer close a Demand Post (its winning bid at least 24
  hours old, or more than a week old with no bids).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from gamestate.dynasties.base import DynastyEvent, DynastyVictory
from gamestate.dynasties.nomicland.clauses import DOV_DEBT, PROJECT_COMPLETION
from gamestate.dynasties.nomicland.completion import dov_refusal, victory
from gamestate.dynasties.nomicland.economy import Economy
from gamestate.dynasties.nomicland.history import EconomyHistory
from gamestate.dynasties.nomicland.planning import (
    Closing,
    DemandStatus,
    PlanningInputs,
    demand_post_checks,
    demand_status,
)
from gamestate.profiles.archive import format_time
from gamestate.profiles.blognomic_139.legality import PostCheck
from gamestate.profiles.blognomic_139.models import Category, Game, Post, PostStatus
from gamestate.profiles.blognomic_139.roster import Roster

__all__ = ["Nomicland"]

_DOV = Category.DOV.value


@dataclass(frozen=True)
class Nomicland:
    """Nomicland's rules over its economy's history (see the module docstring)."""

    history: EconomyHistory
    """The economy at each instant, as the ledger knows it."""
    buildings: frozenset[str] = frozenset()
    """The Buildings of the Ruleset (rule "Construction"); none: no Demand Posts read."""
    closed: Mapping[str, datetime] = field(default_factory=dict)
    """Demand Post id -> when it was closed, where known."""
    name: str = "Nomicland"

    # Rule "Spending".

    def debt_refusal(self, post: Post) -> str | None:
        """Why the DoV ``post`` is Illegal under rule "Spending", or None (also when the
        ledger does not know the economy then)."""
        if post.category != _DOV:
            return None
        states = self.history.around(post.posted_at)
        refusals = [dov_refusal(s, post.author) for s in states]
        if not states or any(r is None for r in refusals):
            return None
        last = refusals[-1]
        assert last is not None
        return (
            f'rule "{DOV_DEBT.rule}": "{DOV_DEBT.words}" - {last.message} when the '
            f"Declaration of Victory was posted ({format_time(post.posted_at)}, the ledger's "
            "economy)"
        )

    def post_checks(self) -> Sequence[PostCheck]:
        """Rule "Spending"'s bar on declaring victory while in Debt."""

        def check(post: Post, roster: Roster) -> str | None:
            return self.debt_refusal(post)

        return (check,)

    def notes(self, game: Game, now: datetime) -> Sequence[str]:
        """Each pending DoV whose author's Debt the ledger cannot tell."""
        return tuple(
            f'rule "{DOV_DEBT.rule}" was not checked for the Declaration of Victory {p.id!r} '
            f"by {p.author}: no ledger holds the economy at {format_time(p.posted_at)} (an "
            "archive has none; a mirror's starts at its first read); check by hand that their "
            "Debt was 0"
            for p in game.posts
            if p.category == _DOV
            and p.status is PostStatus.PENDING
            and p.posted_at <= now
            and not self.history.around(p.posted_at)
        )

    # Rule "Project Completion".

    def victory(self, now: datetime) -> DynastyVictory | None:
        """Project Completion in the economy at ``now``."""
        state = self.history.at(now)
        won = victory(state) if state is not None else None
        if won is None:
            return None
        return DynastyVictory(
            won.winner, PROJECT_COMPLETION.rule, f'"{PROJECT_COMPLETION.words}" - {won.reason}'
        )

    # Events.

    def events(self, game: Game, now: datetime) -> Sequence[DynastyEvent]:
        """Project Completion, and each Demand Post that may be closed now."""
        events: list[DynastyEvent] = []
        won = self.victory(now)
        if won is not None:
            events.append(DynastyEvent(f"project-completion:{won.winner}", f"{won}."))
        for status in self.demand_statuses(game, now):
            if status.closing in (Closing.CLOSE, Closing.CLOSE_WITHOUT_EFFECT):
                how = "closed" if status.closing is Closing.CLOSE else "closed without effect"
                builder = f"; Builder {status.builder}" if status.builder else ""
                events.append(
                    DynastyEvent(
                        f"demand-closable:{status.post}",
                        f"The Demand Post {status.post!r} for a {status.building} may be {how} "
                        f"by any Imagineer now{builder}: {status.reason}.",
                    )
                )
        return tuple(events)

    def planning_inputs(self, now: datetime) -> PlanningInputs | None:
        """Rule "Planning"'s inputs from the economy's history; None if it is unknown."""
        latest = self.history.at(now)
        if latest is None or not self.buildings:
            return None

        def state(at: datetime) -> Economy:
            return self.history.at(at) or latest

        def budget(at: datetime) -> int:
            s = state(at)
            row = s.player(s.boss)
            return row.budget if row is not None else 0

        def planned(at: datetime) -> Collection[str]:
            return {z.operator for z in state(at).zones if z.planned and z.operator}

        return PlanningInputs(
            buildings=self.buildings,
            boss=latest.boss,
            active_imagineers=lambda at: state(at).imagineers,
            boss_budget=budget,
            planned=planned,
        )

    def demand_statuses(self, game: Game, now: datetime) -> list[DemandStatus]:
        """Every open Demand Post posted by ``now``, under rule "Planning"."""
        inputs = self.planning_inputs(now)
        if inputs is None:
            return []
        posts = {p.id: p for p in game.posts if p.posted_at <= now}
        checks = demand_post_checks(posts.values(), inputs)
        return [
            demand_status(posts[c.post_id], inputs, now=now, closed_at=self.closed.get(c.post_id))
            for c in checks
            if c.is_demand_post
        ]
