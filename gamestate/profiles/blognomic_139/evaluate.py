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
from gamestate.profiles.blognomic_139.in_force import RulesInForce
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
from rules_text.core import Age, CoreRules, Feed, Rounding
from rules_text.core.values import fraction_words

__all__ = ["as_of", "evaluate"]

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
    rules: RulesInForce
    """The Ruleset in force at ``now`` (ARCHITECTURE.md 1c)."""
    quorum: int
    """Quorum of all players, as the Ruleset in force defines it."""

    @property
    def core(self) -> CoreRules:
        return self.rules.core

    def oldest_at(self, moment: datetime) -> str | None:
        """Rule "Resolution of Proposals": the oldest pending Proposal at ``moment``,
        ignoring any pending for more than 7 days."""
        stale = self.core.proposals.stale
        if stale is None:
            i = 0
        elif stale.strict:
            i = bisect.bisect_left(self.proposal_times, moment - stale.delta)
        else:
            i = bisect.bisect_right(self.proposal_times, moment - stale.delta)
        return self.proposal_ids[i] if i < len(self.proposal_ids) else None


def _allows(names: tuple[str, ...], rule: str) -> bool:
    """Does a list of rule names ("Votable Matters", "Call for Judgement") name ``rule``
    (singular and plural alike)?"""

    def norm(name: str) -> str:
        return " ".join(w.rstrip("s") for w in name.casefold().split())

    return norm(rule) in {norm(n) for n in names}


def _downtime_block(at: datetime, rule: str, ctx: _Context) -> Decision | None:
    """Rule "Seasonal Downtime": only "Votable Matters", "Gamestate Tracking" and
    "Calls for Judgement" may act from 24 to 27 December."""
    downtime = ctx.core.downtime
    if downtime is None or not in_seasonal_downtime(at, downtime):
        return None
    if _allows(downtime.allowed, rule):
        return None
    return Decision(
        Verdict.BLOCKED,
        Clause.SEASONAL_DOWNTIME,
        f'Seasonal Downtime ({downtime.words()}): rule "{rule}" may not act',
    )


_FEEDS = {
    Category.PROPOSAL.value: Feed.PROPOSALS,
    Category.CFJ.value: Feed.CFJS,
    Category.DOV.value: Feed.DOVS,
}


def _unknown(post: Post, ctx: _Context, *feeds: str) -> Decision | None:
    """``unknown`` when a rule the verdict depends on is unread (ARCHITECTURE.md 1c): in
    the Ruleset in force now, or (for the posting rules) when the post was made."""
    pending = ctx.rules.unknown(*feeds)
    if pending is None and Feed.HIATUS not in feeds:
        pending = ctx.timeline.rulesets.at(post.posted_at).unknown(*feeds)
    if pending is None:
        return None
    return Decision(Verdict.UNKNOWN, Clause.UNREAD, pending.why())


def _days(age: Age) -> str:
    """``more than 7 days`` (or hours, when not whole days)."""
    words = "more than" if age.strict else "at least"
    if age.hours % 24 == 0:
        days = age.hours // 24
        return f"{words} {days} day{'s' if days != 1 else ''}"
    return f"{words} {age.hours} hours"


def _proposal(post: Post, t: Tally, at: datetime, ctx: _Context) -> Decision:
    rules = ctx.core.proposals
    age = at - post.posted_at
    q = ctx.quorum
    n = ctx.roster.size
    f, a = t.for_count, t.against_count
    open_for = format_duration(age)
    if blocked := _downtime_block(at, "Resolution of Proposals", ctx):
        return blocked
    if ctx.hiatus_reason and not _allows(ctx.core.hiatus.allowed, "Resolution of Proposals"):
        if unknown := _unknown(post, ctx, Feed.HIATUS):
            return unknown
        return Decision(
            Verdict.BLOCKED,
            Clause.HIATUS,
            f'Hiatus ({ctx.hiatus_reason}): rule "Resolution of Proposals" may not act',
        )
    if rules.stale is not None and rules.stale.holds(age):
        return Decision(
            Verdict.FAIL,
            Clause.PROPOSAL_STALE,
            f"pending {open_for}, {_days(rules.stale)}: ignored for the oldest pending Proposal "
            "and may be failed by any Admin",
        )
    oldest = ctx.oldest_at(at)
    if rules.oldest_only and oldest != post.id:
        return Decision(
            Verdict.BLOCKED,
            Clause.NOT_OLDEST,
            f"not the oldest pending Proposal ({oldest} is)",
        )
    if rules.fail_vetoed and t.vetoed:
        return Decision(Verdict.FAIL, Clause.PROPOSAL_VETOED, f"Vetoed by the {ctx.terms.boss}")
    if rules.fail_vetoed and t.self_killed:
        return Decision(
            Verdict.FAIL, Clause.PROPOSAL_SELF_KILLED, f"Self-Killed: {post.author} voted AGAINST"
        )
    # Both enact clauses also say "has not been Vetoed or Self-Killed".
    spoilt = t.vetoed or t.self_killed
    quorum_age = rules.enact_quorum
    if quorum_age is not None and not spoilt and f >= q and quorum_age.holds(age):
        return Decision(
            Verdict.ENACT,
            Clause.PROPOSAL_QUORUM_FOR,
            f"FOR {f} >= Quorum {q} and open {open_for} ({quorum_age.words()})",
        )
    majority = rules.enact_majority
    least = rules.majority_min_votes
    if (
        majority is not None
        and not spoilt
        and majority.holds(age)
        and t.valid_count > least
        and f > a
    ):
        return Decision(
            Verdict.ENACT,
            Clause.PROPOSAL_MAJORITY_48H,
            f"open {open_for} ({majority.words()}), {t.valid_count} valid Votes (more than "
            f"{least}), FOR {f} > AGAINST {a}",
        )
    if rules.fail_unreachable and n - a < q:
        return Decision(
            Verdict.FAIL,
            Clause.PROPOSAL_QUORUM_UNREACHABLE,
            f"{ctx.terms.players(n - a)} not voting AGAINST < Quorum {q}",
        )
    timeout = rules.fail_timeout
    if timeout is not None and timeout.holds(age):
        return Decision(
            Verdict.FAIL,
            Clause.PROPOSAL_TIMED_OUT,
            f"open {open_for} ({timeout.words()}) and cannot be Enacted "
            f"(FOR {f}, AGAINST {a}, {t.valid_count} valid Votes, Quorum {q})",
        )
    if f >= q and quorum_age is not None:
        why = f"FOR {f} >= Quorum {q} but open only {open_for} (needs {quorum_age.short()})"
    else:
        later = timeout or majority
        under = f" (under {later.short()})" if later is not None else ""
        why = f"FOR {f} < Quorum {q}, AGAINST {a}, open {open_for}{under}"
    return Decision(Verdict.WAIT, Clause.PENDING, why)


def _cfj(post: Post, t: Tally, at: datetime, ctx: _Context) -> Decision:
    # Rule "Calls for Judgement" acts in Hiatus and in Seasonal Downtime alike (Ruleset
    # 139 lists it in both).
    if blocked := _downtime_block(at, "Calls for Judgement", ctx):
        return blocked
    rules = ctx.core.cfj
    age = at - post.posted_at
    q = ctx.quorum
    f, a = t.for_count, t.against_count
    clock = rules.open_for
    if rules.quorum_for and f >= q:
        ground = f"Quorum of FOR ({f} >= {q})"
    elif rules.quorum_against and a >= q:
        ground = f"Quorum of AGAINST ({a} >= {q})"
    elif clock is not None and clock.holds(age):
        ground = f"open {format_duration(age)} ({clock.words()})"
    else:
        not_yet = f" (not {clock.words()})" if clock is not None else ""
        return Decision(
            Verdict.WAIT,
            Clause.PENDING,
            f"FOR {f} and AGAINST {a} below Quorum {q}, open {format_duration(age)}{not_yet}",
        )
    if f > a:
        return Decision(Verdict.ENACT, Clause.CFJ_RESOLVED, f"{ground}; FOR {f} > AGAINST {a}")
    return Decision(
        Verdict.FAIL, Clause.CFJ_RESOLVED, f"{ground}; FOR {f} is not more than AGAINST {a}"
    )


def _dov(post: Post, t: Tally, at: datetime, ctx: _Context) -> Decision:
    rules = ctx.core.dov
    age = at - post.posted_at
    q = ctx.quorum
    n = ctx.roster.size
    f, a = t.for_count, t.against_count
    open_for = format_duration(age)
    if blocked := _downtime_block(at, "Victory and Ascension", ctx):
        return blocked
    winner = ctx.timeline.failing(post, at) if rules.others_fail else None
    if winner is not None:
        return Decision(
            Verdict.FAIL,
            Clause.DOV_OTHER_ENACTED,
            f"the DoV {winner.dov.id} was enacted, so all other DoVs are failed",
        )
    # The DoV's author cannot have been the Boss while declaring ("an Imagineer (other
    # than the Boss)"): their own FOR is never "the Boss has Voted FOR it".
    boss_for = t.boss_vote is Vote.FOR and post.author != ctx.roster.boss
    first = rules.enact_boss_or_unopposed
    if first is not None and first.holds(age) and f >= q and (boss_for or a == 0):
        because = f"the {ctx.terms.boss} voted FOR" if boss_for else "no AGAINST Votes"
        return Decision(
            Verdict.ENACT,
            Clause.DOV_QUORUM_BOSS_OR_UNOPPOSED,
            f"open {open_for} ({first.words()}), FOR {f} >= Quorum {q}, {because}",
        )
    few = Rounding.DOWN.apply(rules.few_against * q)
    half = f"{fraction_words(rules.few_against)} of Quorum rounded down ({few})"
    second = rules.enact_few_against
    if second is not None and second.holds(age) and f >= q and a < few:
        return Decision(
            Verdict.ENACT,
            Clause.DOV_QUORUM_FEW_AGAINST,
            f"open {open_for} ({second.words()}), FOR {f} >= Quorum {q}, AGAINST {a} < {half}",
        )
    third = rules.enact_majority
    if third is not None and third.holds(age) and t.valid_count >= q and 2 * f > t.valid_count:
        return Decision(
            Verdict.ENACT,
            Clause.DOV_MAJORITY_48H,
            f"open {open_for} ({third.words()}), {t.valid_count} Votes >= Quorum {q}, "
            f"FOR {f} is more than half",
        )
    unreachable = rules.fail_unreachable
    if unreachable is not None and unreachable.holds(age) and n - a < q:
        return Decision(
            Verdict.FAIL,
            Clause.DOV_QUORUM_UNREACHABLE,
            f"open {open_for} ({unreachable.words()}), {ctx.terms.players(n - a)} not voting "
            f"AGAINST < Quorum {q}",
        )
    timeout = rules.fail_timeout
    if timeout is not None and timeout.holds(age):
        return Decision(
            Verdict.FAIL,
            Clause.DOV_TIMED_OUT,
            f"open {open_for} ({timeout.words()}) and cannot be Enacted "
            f"(FOR {f}, AGAINST {a}, Quorum {q})",
        )
    return Decision(
        Verdict.WAIT,
        Clause.PENDING,
        f"FOR {f}, AGAINST {a}, Quorum {q}, open {open_for}: "
        + _dov_not_yet(age, f, a, q, boss_for, ctx),
    )


def _dov_not_yet(age: timedelta, f: int, a: int, q: int, boss_for: bool, ctx: _Context) -> str:
    """Why none of rule "Victory and Ascension"'s ways to Enact a DoV holds yet (all need
    FOR >= Quorum before 48h)."""
    rules, boss = ctx.core.dov, ctx.terms.boss
    first, second, third = (
        rules.enact_boss_or_unopposed,
        rules.enact_few_against,
        rules.enact_majority,
    )
    few = Rounding.DOWN.apply(rules.few_against * q)
    half = fraction_words(rules.few_against)
    last = f" (and it is not {third.short()} old)" if third is not None else ""
    if f < q:
        return f"FOR {f} is below Quorum {q}{last}"
    if first is not None and not first.holds(age):
        return f"it is not {first.short()} old"
    if second is not None and not second.holds(age):
        return (
            f"the {boss} has not Voted FOR and it has AGAINST Votes (at {_at(first)}), and it is "
            f"not {second.short()} old (then AGAINST {a} must be below {half} of Quorum rounded "
            f"down, {few})"
        )
    tail = f", and it is not {third.short()} old" if third is not None else ""
    return (
        f"the {boss} has not Voted FOR and it has AGAINST Votes (at {_at(first)}), and AGAINST "
        f"{a} is not below {half} of Quorum rounded down, {few} (at {_at(second)}){tail}"
    )


def _at(age: Age | None) -> str:
    return age.short() if age is not None else "no time"


_DECIDERS: dict[str, Callable[[Post, Tally, datetime, _Context], Decision]] = {
    Category.PROPOSAL.value: _proposal,
    Category.CFJ.value: _cfj,
    Category.DOV.value: _dov,
}


def _ages(core: CoreRules, category: str) -> list[Age]:
    """Every clock the verdicts of ``category`` depend on."""
    if category == Category.PROPOSAL.value:
        p = core.proposals
        return [a for a in (p.enact_quorum, p.enact_majority, p.fail_timeout) if a is not None]
    if category == Category.CFJ.value:
        return [core.cfj.open_for] if core.cfj.open_for is not None else []
    d = core.dov
    clocks = (d.enact_boss_or_unopposed, d.enact_few_against, d.enact_majority)
    return [a for a in (*clocks, d.fail_unreachable, d.fail_timeout) if a is not None]


def _candidates(post: Post, ctx: _Context, now: datetime) -> list[datetime]:
    """The instants at which this matter's verdict could change with no new votes."""
    p = post.posted_at
    marks = set()
    for age in _ages(ctx.core, post.category):
        marks.update({p + age.delta, _just_after(p + age.delta)})
    stale = ctx.core.proposals.stale
    if post.category == Category.PROPOSAL.value and stale is not None:
        marks.add(stale.first_instant(p))
        # It becomes the oldest when the newest older Proposal passes 7 days.
        i = bisect.bisect_left(ctx.proposal_times, p)
        if i > 0:
            marks.add(stale.first_instant(ctx.proposal_times[i - 1]))
    b1 = next_downtime_boundary(now, ctx.core.downtime)
    if b1 is not None:
        marks.add(b1)
        b2 = next_downtime_boundary(b1, ctx.core.downtime)
        if b2 is not None:
            marks.add(b2)
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
    rules = timeline.rulesets.at(now)
    terms = _terms(view, rules)
    quorum_rule = rules.core.quorum
    q = quorum_rule.of(roster.size) if quorum_rule is not None else None
    ctx = _Context(
        roster=roster,
        hiatus_reason=hiatus_reason,
        timeline=timeline,
        proposal_times=[p.posted_at for p in legal_proposals],
        proposal_ids=[p.id for p in legal_proposals],
        terms=terms,
        rules=rules,
        quorum=q if q is not None else 0,
    )
    oldest_now = ctx.oldest_at(now)
    matters = []
    for post in pending:
        t = tally(post, roster, terms=terms, voting=rules.core.voting)
        reason = illegal.get(post.id)
        unknown = _unknown(post, ctx, _FEEDS[post.category])
        if unknown is None and q is None:
            unknown = Decision(
                Verdict.UNKNOWN, Clause.UNREAD, 'Quorum is unread: the Appendix defines no "Quorum"'
            )
        if unknown is not None:
            decision = unknown
            decidable_at = None
        elif reason is not None:
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
                quorum=ctx.quorum,
                warnings=t.warnings + _author_warnings(post, ctx),
            )
        )
    downtime = rules.core.downtime
    if downtime is not None and in_seasonal_downtime(now, downtime):
        hiatus_reason = f"Seasonal Downtime ({downtime.words()})" + (
            f"; {hiatus_reason}" if hiatus_reason else ""
        )
    warnings = _game_warnings(view, roster)
    if dynasty is not None:
        warnings += tuple(dynasty.notes(game, now))
    if not timeline.reigns.is_boss_known_at(now):
        warnings += (f"the archive does not say who was {view.terms.boss} at this instant",)
    return GameStatus(
        now=now,
        quorum=ctx.quorum,
        players=roster.size,
        hiatus=hiatus_reason is not None,
        hiatus_reason=hiatus_reason,
        matters=tuple(matters),
        terms=terms,
        boss=roster.boss,
        warnings=warnings,
        roster_source=timeline.reigns.roster_source(now),
        victory=dynasty.victory(now) if dynasty is not None else None,
        rules=rules,
    )


def _terms(game: Game, rules: RulesInForce) -> Terms:
    """The words of the game: the Ruleset in force's keywords, or the archive's ``terms``
    while no Ruleset revision is in force (ARCHITECTURE.md 1c)."""
    if rules.revision is None:
        return game.terms
    core = rules.core
    if core.keyword == game.terms.player and core.boss == game.terms.boss:
        return game.terms
    return Terms(player=core.keyword, boss=core.boss)
