"""The dynasty timeline: one account of a game's history, derived once from all its posts.

It answers, for any instant: who was Boss (:mod:`gamestate.profiles.blognomic_139.reigns`), which
roster was in force, whether the game was in Hiatus and why, whether it was
Seasonal Downtime, and which posts were Illegal. Every verdict, legality check
and ``decidable_at`` asks it, never today's roster, about the past.

Hiatus (rule "Victory and Ascension"): a DoV puts the game in Hiatus from the
moment it is posted. "When a DoV fails and there are no pending DoVs, Hiatus
ends"; after an enacted DoV "The Hiatus continues until the new Boss makes an
Ascension Address". So each legal DoV gives one period:

- an enacted DoV: from its posting to the Address of its Dynasty's Boss (the
  winner, or whom they passed the role to), whether or not the enactment time is
  known (it is in Hiatus pending, then awaiting the Address);
- a DoV that failed: from its posting to its failure; at an unknown time, to
  the earliest instant it could have failed (12 hours, or an earlier enactment
  of another DoV), and the timeline marks that end as not known;
- a DoV the blog still shows Pending: to the enactment that failed it, if any
  ("all other active DoVs are failed"), else open.

A period is *certain* at an instant after its start (a post in the same second
as the DoV gets the benefit of the doubt) and before its end; the legality
checks only use certain Hiatus, and so does ``status``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from gamestate.profiles.blognomic_139.calendar import in_seasonal_downtime
from gamestate.profiles.blognomic_139.in_force import RulesetHistory
from gamestate.profiles.blognomic_139.legality import (
    PostCheck,
    chronological,
    illegal_dovs,
    illegal_proposals,
    posting_checks,
)
from gamestate.profiles.blognomic_139.models import Game, Post, PostStatus
from gamestate.profiles.blognomic_139.reigns import Reign, Reigns
from rules_text.core import CoreRules

__all__ = ["Hiatus", "Timeline"]

EARLIEST_FAILURE = timedelta(hours=12)
"""Rule "Victory and Ascension": both fail clauses need the DoV open 12 hours."""


@dataclass(frozen=True)
class Hiatus:
    """One legal DoV's period of Hiatus."""

    cause: Post
    """The Declaration of Victory."""
    start: datetime
    """When it was posted."""
    end: datetime | None
    """When the Hiatus it caused ended; None while it has not (as far as the archive says)."""
    end_known: bool
    """False when ``end`` is only the earliest instant the DoV could have failed."""
    ended_by: str | None
    """What ended it: its Dynasty's Ascension Address, its failure, another's enactment."""
    reign: Reign | None
    """The Dynasty it began, if it was enacted."""

    def covers(self, moment: datetime, *, certain: bool = True) -> bool:
        """Was the game in Hiatus at ``moment`` because of this DoV?"""
        started = self.start < moment if certain else self.start <= moment
        return started and (self.end is None or moment < self.end)

    def reason_at(self, moment: datetime) -> str:
        """Why the game is in Hiatus at ``moment``, in the Ruleset's words."""
        r = self.reign
        if r is not None and r.enacted_at <= moment:
            when = "" if r.enacted_at_known else " (at a time the archive does not record)"
            boss = f"; {r.winner} passed the role to {r.passed_to}" if r.passed_to else ""
            return (
                f"the Declaration of Victory {self.cause.id!r} was enacted{when} and its "
                f"Ascension Address has not been posted{boss}"
            )
        return f"the Declaration of Victory {self.cause.id!r} is pending"


@dataclass(frozen=True)
class Timeline:
    """A game's history: Dynasties, Hiatus, rosters and Illegal posts."""

    reigns: Reigns
    """Who was Boss when, each Dynasty's Address, the roster of each day."""
    hiatuses: tuple[Hiatus, ...]
    """Each legal DoV's Hiatus, oldest first."""
    illegal: Mapping[str, str]
    """Post id -> the rule it broke (Illegal from the moment it was posted)."""
    post_warnings: Mapping[str, str]
    """Post id -> something a human should check (an author not on today's roster)."""
    dovs: tuple[Post, ...]
    """Every legal DoV, oldest first."""
    rulesets: RulesetHistory = field(default_factory=lambda: RulesetHistory(()))
    """The Ruleset in force at each instant (ARCHITECTURE.md 1c)."""

    @classmethod
    def from_game(cls, game: Game, *, extra_checks: Sequence[PostCheck] = ()) -> Timeline:
        """Derives the timeline from every post of ``game`` (the whole archive, not a view
        as of an instant: a later recorded fact may settle the past)."""
        posts = chronological(game.posts)
        reigns = Reigns.from_game(game)
        rulesets = RulesetHistory(
            game.rulesets, source=game.rulesets_source, acknowledged=game.acknowledged
        )

        def rules_at(moment: datetime) -> CoreRules:
            return rulesets.at(moment).core

        illegal, warnings = posting_checks(
            posts, reigns, terms=game.terms, extra_checks=extra_checks
        )
        dovs = illegal_dovs(posts, illegal, reigns, terms=game.terms, rules_at=rules_at)
        # "Upon doing so, the game immediately goes into Hiatus": as the Ruleset in force
        # when the DoV was posted says.
        hiatuses = tuple(_hiatus(d, reigns) for d in dovs if rules_at(d.posted_at).hiatus.on_dov)
        partial = cls(reigns, hiatuses, illegal, warnings, tuple(dovs), rulesets)
        illegal_proposals(posts, illegal, partial.hiatus_reason, rules_at=rules_at)
        return cls(reigns, hiatuses, dict(illegal), warnings, tuple(dovs), rulesets)

    def hiatus_at(self, moment: datetime, *, certain: bool = True) -> Hiatus | None:
        """The Hiatus the game was in at ``moment`` (the latest DoV's), or None.
        Without ``certain``, a DoV posted in the same second counts."""
        found = [h for h in self.hiatuses if h.covers(moment, certain=certain)]
        return found[-1] if found else None

    def hiatus_reason(self, moment: datetime, *, certain: bool = True) -> str | None:
        """Why the game was in Hiatus at ``moment`` (from DoVs), or None."""
        h = self.hiatus_at(moment, certain=certain)
        return h.reason_at(moment) if h is not None else None

    def is_downtime(self, moment: datetime) -> bool:
        """Rule "Seasonal Downtime" of the Ruleset in force (24 to 27 December in 139)."""
        return in_seasonal_downtime(moment, self.rulesets.at(moment).core.downtime)

    def failing(self, dov: Post, moment: datetime) -> Reign | None:
        """The enacted DoV that had failed ``dov`` by ``moment``, if any."""
        return self.reigns.failing(dov, moment)

    def address_of(self, dov: Post) -> Post | None:
        """The Ascension Address of the Dynasty ``dov`` began, if any."""
        r = self.reigns.reign_of(dov)
        return r.address if r is not None else None


def _hiatus(d: Post, reigns: Reigns) -> Hiatus:
    reign = reigns.reign_of(d)
    if reign is not None:
        a = reign.address
        ended = f"the Ascension Address {a.id} by {a.author}" if a is not None else None
        return Hiatus(d, d.posted_at, a.posted_at if a else None, True, ended, reign)
    failer = next((r for r in reigns.reigns if r.is_failing(d)), None)
    ends: list[tuple[datetime, bool, str]] = []
    if failer is not None:
        ends.append(
            (
                failer.failed_at(d),
                failer.enacted_at_known or failer.address is not None,
                f"the enactment of the DoV {failer.dov.id}",
            )
        )
    if d.status is not PostStatus.PENDING:
        if d.resolved_at is not None:
            ends.append((d.resolved_at, True, f"its resolution ({d.status.value})"))
        else:
            ends.append((d.posted_at + EARLIEST_FAILURE, False, f"its {d.status.value} status"))
    if not ends:
        return Hiatus(d, d.posted_at, None, True, None, None)
    end, known, why = min(ends, key=lambda e: e[0])
    return Hiatus(d, d.posted_at, end, known, why, None)
