"""Evaluating a game at an instant: every pending matter's verdict, and why.

The one entry point is :func:`evaluate`. It reads no clock: the caller passes
``now``, and the same game and ``now`` always give the same answer.

The game is read "as of" ``now``: posts and comments published after ``now``
are left out, and a post resolved after ``now`` (its ``resolved_at``) counts
as still pending, so an archive can be replayed at any past instant. What the
rules need to know about the past (the Boss, the roster of the day, Hiatus,
which posts were Illegal) comes from the dynasty :class:`Timeline`, derived
once from the whole archive: a post later marked Illegal was Illegal from the
moment it was posted, and a DoV later enacted was its author's way to the
Boss role, not a DoV by the Boss.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from gamestate.dynasties.base import Dynasty
from gamestate.profiles.blognomic_139.calendar import (
    format_duration,
    in_seasonal_downtime,
    next_downtime_boundary,
    require_utc,
)
from gamestate.profiles.blognomic_139.legality import PostCheck, chronological
from gamestate.profiles.blognomic_139.models import (
    VOTABLE_CATEGORIES,
    Category,
    Game,
    Post,
    PostStatus,
    Terms,
)
from gamestate.profiles.blognomic_139.roster import Roster
from gamestate.profiles.blognomic_139.status import GameStatus, MatterStatus
from gamestate.profiles.blognomic_139.tally import Tally, tally
from gamestate.profiles.blognomic_139.timeline import Timeline
from gamestate.profiles.blognomic_139.verdicts import Clause, Decision, Verdict
from gamestate.profiles.blognomic_139.votes import Vote

__all__ = ["as_of", "evaluate"]

H12 = timedelta(hours=12)
H24 = timedelta(hours=24)
H48 = timedelta(hours=48)
D7 = timedelta(days=7)
SECOND = timedelta(seconds=1)


def _just_after(mark: datetime) -> datetime:
    """The first whole second strictly after ``mark``: when "more than" first holds
    (blog times are whole seconds; a fractional mark rounds down first)."""
    return mark.replace(microsecond=0) + SECOND


def as_of(game: Game, now: datetime) -> Game:
    """The game as the blog showed it at ``now``."""
    posts = []
    for p in game.posts:
        if p.posted_at > now:
            continue
        if p.status is not PostStatus.PENDING and p.resolved_at is not None and p.resolved_at > now:
            p = replace(p, status=PostStatus.PENDING, admin_note=None, resolved_at=None)
        # Most posts have no comment after ``now`` (and the archive reader knows the
        # latest time of the comments it has not built yet).
        latest = p.latest_comment_at
        if latest is not None and latest > now:
            p = replace(p, comments=tuple(c for c in p.comments if c.posted_at <= now))
        posts.append(p)
    return replace(game, posts=tuple(posts))


@dataclass(frozen=True)
class _Context:
    """What the rules need to know about the rest of the game."""

    roster: Roster
    hiatus_reason: str | None
    """Hiatus from a DoV (Seasonal Downtime is checked per instant)."""
    timeline: Timeline
    """The dynasty's history: Illegal posts, enacted DoVs, the Boss of each instant."""
    proposal_times: list[datetime]
    """posted_at of every legal pending Proposal, oldest first."""
    proposal_ids: list[str]
    terms: Terms

    def oldest_at(self, moment: datetime) -> str | None:
        """Rule "Resolution of Proposals": the oldest pending Proposal at ``moment``,
        ignoring any pending for more than 7 days."""
        i = bisect.bisect_left(self.proposal_times, moment - D7)
        return self.proposal_ids[i] if i < len(self.proposal_ids) else None


def _downtime_block(at: datetime, rule: str) -> Decision | None:
    """Rule "Seasonal Downtime": only "Votable Matters", "Gamestate Tracking" and
    "Calls for Judgement" may act from 24 to 27 December."""
    if not in_seasonal_downtime(at):
        return None
    return Decision(
        Verdict.BLOCKED,
        Clause.SEASONAL_DOWNTIME,
        f'Seasonal Downtime (24 to 27 December): rule "{rule}" may not act',
    )


def _proposal(post: Post, t: Tally, at: datetime, ctx: _Context) -> Decision:
    age = at - post.posted_at
    q = ctx.roster.quorum
    n = ctx.roster.size
    f, a = t.for_count, t.against_count
    open_for = format_duration(age)
    if blocked := _downtime_block(at, "Resolution of Proposals"):
        return blocked
    if ctx.hiatus_reason:
        return Decision(
            Verdict.BLOCKED,
            Clause.HIATUS,
            f'Hiatus ({ctx.hiatus_reason}): rule "Resolution of Proposals" may not act',
        )
    if age > D7:
        return Decision(
            Verdict.FAIL,
            Clause.PROPOSAL_STALE,
            f"pending {open_for}, more than 7 days: ignored for the oldest pending Proposal "
            "and may be failed by any Admin",
        )
    oldest = ctx.oldest_at(at)
    if oldest != post.id:
        return Decision(
            Verdict.BLOCKED,
            Clause.NOT_OLDEST,
            f"not the oldest pending Proposal ({oldest} is)",
        )
    if t.vetoed:
        return Decision(Verdict.FAIL, Clause.PROPOSAL_VETOED, f"Vetoed by the {ctx.terms.boss}")
    if t.self_killed:
        return Decision(
            Verdict.FAIL, Clause.PROPOSAL_SELF_KILLED, f"Self-Killed: {post.author} voted AGAINST"
        )
    if f >= q and age >= H12:
        return Decision(
            Verdict.ENACT,
            Clause.PROPOSAL_QUORUM_FOR,
            f"FOR {f} >= Quorum {q} and open {open_for} (at least 12h)",
        )
    if age >= H48 and t.valid_count > 1 and f > a:
        return Decision(
            Verdict.ENACT,
            Clause.PROPOSAL_MAJORITY_48H,
            f"open {open_for} (at least 48h), {t.valid_count} valid Votes (more than 1), "
            f"FOR {f} > AGAINST {a}",
        )
    if n - a < q:
        return Decision(
            Verdict.FAIL,
            Clause.PROPOSAL_QUORUM_UNREACHABLE,
            f"{ctx.terms.players(n - a)} not voting AGAINST < Quorum {q}",
        )
    if age >= H48:
        return Decision(
            Verdict.FAIL,
            Clause.PROPOSAL_TIMED_OUT,
            f"open {open_for} (at least 48h) and cannot be Enacted "
            f"(FOR {f}, AGAINST {a}, {t.valid_count} valid Votes, Quorum {q})",
        )
    if f >= q:
        why = f"FOR {f} >= Quorum {q} but open only {open_for} (needs 12h)"
    else:
        why = f"FOR {f} < Quorum {q}, AGAINST {a}, open {open_for} (under 48h)"
    return Decision(Verdict.WAIT, Clause.PENDING, why)


def _cfj(post: Post, t: Tally, at: datetime, ctx: _Context) -> Decision:
    # Rule "Calls for Judgement" acts in Hiatus and in Seasonal Downtime alike.
    age = at - post.posted_at
    q = ctx.roster.quorum
    f, a = t.for_count, t.against_count
    if f >= q:
        ground = f"Quorum of FOR ({f} >= {q})"
    elif a >= q:
        ground = f"Quorum of AGAINST ({a} >= {q})"
    elif age > H48:
        ground = f"open {format_duration(age)} (more than 48h)"
    else:
        return Decision(
            Verdict.WAIT,
            Clause.PENDING,
            f"FOR {f} and AGAINST {a} below Quorum {q}, open {format_duration(age)} "
            "(not more than 48h)",
        )
    if f > a:
        return Decision(Verdict.ENACT, Clause.CFJ_RESOLVED, f"{ground}; FOR {f} > AGAINST {a}")
    return Decision(
        Verdict.FAIL, Clause.CFJ_RESOLVED, f"{ground}; FOR {f} is not more than AGAINST {a}"
    )


def _dov(post: Post, t: Tally, at: datetime, ctx: _Context) -> Decision:
    age = at - post.posted_at
    q = ctx.roster.quorum
    n = ctx.roster.size
    f, a = t.for_count, t.against_count
    open_for = format_duration(age)
    if blocked := _downtime_block(at, "Victory and Ascension"):
        return blocked
    winner = ctx.timeline.failing(post, at)
    if winner is not None:
        return Decision(
            Verdict.FAIL,
            Clause.DOV_OTHER_ENACTED,
            f"the DoV {winner.dov.id} was enacted, so all other DoVs are failed",
        )
    # The DoV's author cannot have been the Boss while declaring ("an Imagineer (other
    # than the Boss)"): their own FOR is never "the Boss has Voted FOR it".
    boss_for = t.boss_vote is Vote.FOR and post.author != ctx.roster.boss
    if age >= H12 and f >= q and (boss_for or a == 0):
        because = f"the {ctx.terms.boss} voted FOR" if boss_for else "no AGAINST Votes"
        return Decision(
            Verdict.ENACT,
            Clause.DOV_QUORUM_BOSS_OR_UNOPPOSED,
            f"open {open_for} (at least 12h), FOR {f} >= Quorum {q}, {because}",
        )
    if age >= H24 and f >= q and a < q // 2:
        return Decision(
            Verdict.ENACT,
            Clause.DOV_QUORUM_FEW_AGAINST,
            f"open {open_for} (at least 24h), FOR {f} >= Quorum {q}, "
            f"AGAINST {a} < half of Quorum rounded down ({q // 2})",
        )
    if age >= H48 and t.valid_count >= q and 2 * f > t.valid_count:
        return Decision(
            Verdict.ENACT,
            Clause.DOV_MAJORITY_48H,
            f"open {open_for} (at least 48h), {t.valid_count} Votes >= Quorum {q}, "
            f"FOR {f} is more than half",
        )
    if age >= H12 and n - a < q:
        return Decision(
            Verdict.FAIL,
            Clause.DOV_QUORUM_UNREACHABLE,
            f"open {open_for} (at least 12h), {ctx.terms.players(n - a)} not voting AGAINST "
            f"< Quorum {q}",
        )
    if age >= H48:
        return Decision(
            Verdict.FAIL,
            Clause.DOV_TIMED_OUT,
            f"open {open_for} (at least 48h) and cannot be Enacted "
            f"(FOR {f}, AGAINST {a}, Quorum {q})",
        )
    return Decision(
        Verdict.WAIT,
        Clause.PENDING,
        f"FOR {f}, AGAINST {a}, Quorum {q}, open {open_for}: "
        + _dov_not_yet(age, f, a, q, boss_for, ctx.terms.boss),
    )


def _dov_not_yet(age: timedelta, f: int, a: int, q: int, boss_for: bool, boss: str) -> str:
    """Why none of rule "Victory and Ascension"'s ways to Enact a DoV holds yet (all need
    FOR >= Quorum before 48h)."""
    if f < q:
        return f"FOR {f} is below Quorum {q} (and it is not 48h old)"
    if age < H12:
        return "it is not 12h old"
    if age < H24:
        return (
            f"the {boss} has not Voted FOR and it has AGAINST Votes (at 12h), and it is not "
            f"24h old (then AGAINST {a} must be below half of Quorum rounded down, {q // 2})"
        )
    return (
        f"the {boss} has not Voted FOR and it has AGAINST Votes (at 12h), and AGAINST {a} is "
        f"not below half of Quorum rounded down, {q // 2} (at 24h), and it is not 48h old"
    )


_DECIDERS: dict[str, Callable[[Post, Tally, datetime, _Context], Decision]] = {
    Category.PROPOSAL.value: _proposal,
    Category.CFJ.value: _cfj,
    Category.DOV.value: _dov,
}


def _candidates(post: Post, ctx: _Context, now: datetime) -> list[datetime]:
    """The instants at which this matter's verdict could change with no new votes."""
    p = post.posted_at
    marks = {p + H12, p + H24, p + H48, _just_after(p + H48)}
    if post.category == Category.PROPOSAL.value:
        marks.add(_just_after(p + D7))
        # It becomes the oldest when the newest older Proposal passes 7 days.
        i = bisect.bisect_left(ctx.proposal_times, p)
        if i > 0:
            marks.add(_just_after(ctx.proposal_times[i - 1] + D7))
    b1 = next_downtime_boundary(now)
    marks.update({b1, next_downtime_boundary(b1)})
    return sorted(m for m in marks if m > now)


def _author_warnings(post: Post, ctx: _Context) -> tuple[str, ...]:
    warnings = []
    if note := ctx.timeline.post_warnings.get(post.id):
        warnings.append(note)
    reigns, terms = ctx.timeline.reigns, ctx.terms
    if reigns.snapshot_at(post.posted_at) is not None:
        if post.author in reigns.roster_at(post.posted_at).idle:
            warnings.append(
                f"its author {post.author} was Idle when posting it (Idle {terms.player}s are "
                f"not counted as {terms.player}s; {reigns.roster_source(post.posted_at)})"
            )
    elif post.author in ctx.roster.idle:
        # No roster of that day: they may have gone Idle after posting, so this is for a human.
        warnings.append(
            f"its author {post.author} is Idle now (Idle {terms.player}s are not counted as "
            f"{terms.player}s), so has no Vote on it; check whether they were Idle when posting"
        )
    return tuple(warnings)


def _game_warnings(game: Game, roster: Roster) -> tuple[str, ...]:
    warnings = []
    t = game.terms
    if roster.boss is not None and not roster.on_roster(roster.boss):
        warnings.append(f"the {t.boss} {roster.boss} is not on the roster, so has no Vote")
    folded: dict[str, str] = {}
    for p in game.players:
        other = folded.setdefault(p.name.casefold(), p.name)
        if other != p.name:
            warnings.append(f"the roster has both {other} and {p.name}: names are matched exactly")
    for post in game.posts:
        meant = _VOTABLE_FOLDED.get(post.category.casefold())
        if meant is not None and post.category != meant and post.status is PostStatus.PENDING:
            warnings.append(
                f"post {post.id!r} is in the category {post.category!r}, not {meant!r} "
                "(categories are matched exactly), so it is not a Votable Matter"
            )
    return tuple(warnings)


_VOTABLE_FOLDED = {c.casefold(): c for c in VOTABLE_CATEGORIES}


def evaluate(
    game: Game,
    now: datetime,
    *,
    timeline: Timeline | None = None,
    extra_checks: Sequence[PostCheck] = (),
    dynasty: Dynasty | None = None,
) -> GameStatus:
    """Every pending Votable Matter of ``game`` at ``now``, with its verdict.

    ``timeline`` is the game's :class:`Timeline` if the caller already has it (it is
    derived from the whole game, so one serves every ``now``); ``extra_checks`` are
    dynasty-specific posting rules (see
    :data:`gamestate.profiles.blognomic_139.legality.PostCheck`), used when the timeline is
    derived here. ``dynasty`` adds its own posting rules to
    ``extra_checks``, its victory and its notes (:mod:`gamestate.dynasties.base`).
    """
    now = require_utc(now, "now")
    if dynasty is not None:
        extra_checks = (*extra_checks, *dynasty.post_checks())
    if timeline is None:
        timeline = Timeline.from_game(game, extra_checks=extra_checks)
    view = as_of(game, now)
    roster = timeline.reigns.roster_at(now)
    posts = chronological(view.posts)
    illegal = timeline.illegal
    hiatus_reason = timeline.hiatus_reason(now, certain=False)
    pending = [p for p in posts if p.is_votable and p.status is PostStatus.PENDING]
    legal_proposals = [
        p for p in pending if p.category == Category.PROPOSAL.value and p.id not in illegal
    ]
    ctx = _Context(
        roster=roster,
        hiatus_reason=hiatus_reason,
        timeline=timeline,
        proposal_times=[p.posted_at for p in legal_proposals],
        proposal_ids=[p.id for p in legal_proposals],
        terms=view.terms,
    )
    oldest_now = ctx.oldest_at(now)
    matters = []
    for post in pending:
        t = tally(post, roster, terms=view.terms)
        reason = illegal.get(post.id)
        if reason is not None:
            decision = Decision(Verdict.FAIL, Clause.ILLEGAL, f"Illegal: {reason}")
            decidable_at = None
        else:
            decide = _DECIDERS[post.category]
            decision = decide(post, t, now, ctx)
            decidable_at = next(
                (
                    m
                    for m in _candidates(post, ctx, now)
                    if decide(post, t, m, ctx).verdict is not decision.verdict
                ),
                None,
            )
        matters.append(
            MatterStatus(
                post=post,
                tally=t,
                decision=decision,
                illegal_reason=reason,
                oldest=post.id == oldest_now,
                decidable_at=decidable_at,
                not_voted=tuple(sorted(roster.active - set(t.votes))),
                quorum=roster.quorum,
                warnings=t.warnings + _author_warnings(post, ctx),
            )
        )
    downtime = in_seasonal_downtime(now)
    if downtime:
        hiatus_reason = "Seasonal Downtime (24 to 27 December)" + (
            f"; {hiatus_reason}" if hiatus_reason else ""
        )
    warnings = _game_warnings(view, roster)
    if dynasty is not None:
        warnings += tuple(dynasty.notes(game, now))
    if not timeline.reigns.is_boss_known_at(now):
        warnings += (f"the archive does not say who was {view.terms.boss} at this instant",)
    return GameStatus(
        now=now,
        quorum=roster.quorum,
        players=roster.size,
        hiatus=hiatus_reason is not None,
        hiatus_reason=hiatus_reason,
        matters=tuple(matters),
        terms=view.terms,
        boss=roster.boss,
        warnings=warnings,
        roster_source=timeline.reigns.roster_source(now),
        victory=dynasty.victory(now) if dynasty is not None else None,
    )
