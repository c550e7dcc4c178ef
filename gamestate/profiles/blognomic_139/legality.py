"""Which posts broke a posting rule, and so are Illegal; and the Hiatus they cause.

- Rule "Proposals": a Proposal may not be submitted by a player who "already
  has 2 Proposals pending, or has already made 3 Proposals that day".
- Rule "Victory and Ascension": only a player "other than the Boss" may declare
  victory; "A DoV may not be started in the period between an enacted DoV and
  that DoV's Ascension Address"; after a failed DoV "if it had at least one
  AGAINST vote, the Imagineer who posted it cannot make another DoV until after
  120 hours (5 days) have passed since the time their DoV was failed".
- Hiatus (rule "Victory and Ascension") allows only the actions of rules
  "Imagineers", "Votable Matters", "Calls for Judgement", "Gamestate Tracking"
  and "Victory and Ascension"; Seasonal Downtime only those of "Votable
  Matters", "Gamestate Tracking" and "Calls for Judgement". Submitting a
  Proposal is an action of rule "Proposals", and rule "Gamestate Tracking"
  allows official posts only "when the Ruleset allows it": a Proposal posted in
  Hiatus or Downtime, or a DoV posted in Downtime, is Illegal.
- Appendix "Subject": an entry whose subject is empty is not valid.
- A post the blog already shows as Illegal stays Illegal.

Illegal posts are not Votable Matters for the rules: they never count as
pending (the oldest pending Proposal, the 2-pending limit, Hiatus).

Where the archive does not say when an earlier post was resolved
(``resolved_at`` missing), a rule that needs that time gives the later post the
benefit of the doubt: it is not made Illegal on a guess.

Every check asks the dynasty's history
(:class:`gamestate.profiles.blognomic_139.reigns.Reigns`), never today's roster, about the past:
the Boss when a DoV was posted, the roster of the
day a post was made (an author missing from it is Illegal; with no snapshot of
that day, an author missing from today's roster is only a warning: players who
leave keep their legal posts). A post the blog shows as Illegal was Illegal from
the moment it was posted, even in a replay before it was marked.

Dynasty-specific rules plug in as ``extra_checks``: each is called with a
Votable Matter and the roster of the day it was posted, and returns the rule it
broke with the numbers, or None.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime, timedelta
from operator import attrgetter

from gamestate.profiles.archive import format_time
from gamestate.profiles.blognomic_139.calendar import day_of, in_seasonal_downtime
from gamestate.profiles.blognomic_139.models import Category, Post, PostStatus, Terms
from gamestate.profiles.blognomic_139.reigns import Reigns
from gamestate.profiles.blognomic_139.roster import Roster
from gamestate.profiles.blognomic_139.tally import tally
from rules_text.core import CoreRules, ruleset_139_core

__all__ = [
    "RulesAt",
    "PostCheck",
    "chronological",
    "illegal_dovs",
    "illegal_proposals",
    "is_pending_at",
    "posting_checks",
]

PostCheck = Callable[[Post, Roster], str | None]
"""A dynasty-specific posting rule: (the post, the roster of its day) -> the rule it broke
with the numbers, or None when it is legal."""

RulesAt = Callable[[datetime], CoreRules]
"""The core rules of the Ruleset in force at an instant."""


def _seed_rules(moment: datetime) -> CoreRules:
    return ruleset_139_core().rules


# The category words, looked up once (an enum member's value is a property: these loops
# run once per post of a 20-year archive).
_PROPOSAL = Category.PROPOSAL.value
_DOV = Category.DOV.value


_TIME_AND_ID = attrgetter("posted_at", "id")
"""The sort key of :func:`chronological` (in C: a 20-year archive is sorted a few times)."""


def chronological(posts: Iterable[Post]) -> list[Post]:
    """Posts oldest first (ties broken by id, so the order is stable)."""
    return sorted(posts, key=_TIME_AND_ID)


def is_pending_at(post: Post, moment: datetime) -> bool:
    """Was ``post`` pending at ``moment`` (posted by then and not yet resolved)?

    A resolved post with no ``resolved_at`` is taken as resolved before ``moment``.
    """
    if post.posted_at > moment:
        return False
    if post.status is PostStatus.PENDING:
        return True
    return post.resolved_at is not None and post.resolved_at > moment


def posting_checks(
    posts: Sequence[Post],
    reigns: Reigns,
    *,
    terms: Terms,
    extra_checks: Sequence[PostCheck] = (),
) -> tuple[dict[str, str], dict[str, str]]:
    """The checks that need no other post: the blog's marking, the subject, the author
    on the roster of the day, and ``extra_checks``. Returns (Illegal post id -> reason,
    post id -> warning)."""
    illegal: dict[str, str] = {}
    warnings: dict[str, str] = {}
    for p in posts:
        if p.status is PostStatus.ILLEGAL:
            illegal[p.id] = "marked Illegal on the blog"
            continue
        if not p.is_votable:
            continue
        if not p.subject:
            illegal[p.id] = 'appendix "Subject": the subject of its title is empty'
            continue
        roster = reigns.roster_at(p.posted_at)
        if not roster.on_roster(p.author):
            # "Any Imagineer may submit a Proposal", "any Imagineer may raise a Call for
            # Judgement", a DoV is made by "an Imagineer": official posts only "when the
            # Ruleset allows it" (rule "Gamestate Tracking").
            if reigns.snapshot_at(p.posted_at) is not None:
                illegal[p.id] = (
                    f"its author {p.author} was not on the roster of {terms.player}s when it "
                    f"was posted ({reigns.roster_source(p.posted_at)})"
                )
                continue
            warnings[p.id] = (
                f"its author {p.author} is not on today's roster, and no roster snapshot shows "
                f"the day it was posted: {terms.player}s who leave keep their legal posts, so "
                "check by hand that the author was one then"
            )
        for check in extra_checks:
            reason = check(p, roster)
            if reason:
                illegal[p.id] = reason
                break
    return illegal, warnings


def _downtime(p: Post, rules: CoreRules) -> str | None:
    if in_seasonal_downtime(p.posted_at, rules.downtime):
        return (
            f'rule "Seasonal Downtime": posted on {day_of(p.posted_at).isoformat()}, when only '
            'rules "Votable Matters", "Gamestate Tracking" and "Calls for Judgement" may act'
        )
    return None


def _dov_reason(
    d: Post, legal: list[Post], reigns: Reigns, terms: Terms, rules: CoreRules
) -> str | None:
    t = terms
    boss = reigns.boss_at(d.posted_at)
    if d.status is not PostStatus.ENACTED and boss is not None and d.author == boss:
        return (
            f'rule "Victory and Ascension": only {t.player}s other than the {t.boss} '
            f"may declare victory ({d.author} was the {t.boss} when posting it)"
        )
    if reason := _downtime(d, rules):
        return reason
    for r in reigns.reigns:
        if r.dov.id == d.id or not r.enacted_at_known:
            continue
        if r.enacted_at < d.posted_at and (r.address is None or d.posted_at < r.address.posted_at):
            return (
                f'rule "Victory and Ascension": posted between the enacted DoV '
                f"{r.dov.id} and its Ascension Address"
            )
    lockout = rules.dov.lockout_hours
    for e in legal:
        if lockout is None:
            break
        if (
            e.author == d.author
            and e.status.is_failed
            and e.resolved_at is not None
            and e.resolved_at < d.posted_at <= e.resolved_at + timedelta(hours=lockout)
            and tally(e, reigns.roster_at(e.resolved_at), until=e.resolved_at).against_count >= 1
        ):
            return (
                f'rule "Victory and Ascension": {d.author}\'s DoV {e.id} failed with an '
                f"AGAINST vote at {format_time(e.resolved_at)}; no new DoV until after "
                f"{lockout} hours"
            )
    return None


def illegal_dovs(
    posts: Sequence[Post],
    illegal: dict[str, str],
    reigns: Reigns,
    *,
    terms: Terms,
    rules_at: RulesAt = _seed_rules,
) -> list[Post]:
    """Adds each Illegal DoV of ``posts`` (oldest first) to ``illegal``; returns the legal
    DoVs, oldest first (what can put the game in Hiatus)."""
    legal: list[Post] = []
    for d in posts:
        if d.category != _DOV or d.id in illegal:
            continue
        reason = _dov_reason(d, legal, reigns, terms, rules_at(d.posted_at))
        if reason:
            illegal[d.id] = reason
        else:
            legal.append(d)
    return legal


def illegal_proposals(
    posts: Sequence[Post],
    illegal: dict[str, str],
    in_hiatus: Callable[[datetime], str | None],
    *,
    rules_at: RulesAt = _seed_rules,
) -> None:
    """Adds each Illegal Proposal of ``posts`` (oldest first) to ``illegal``.

    ``in_hiatus(moment)`` says why the game was certainly in Hiatus then, or None.
    """
    # Per author, the legal Proposals that may still be pending, and how many were
    # made each day. Proposals come oldest first, so one resolved before this one
    # was posted is resolved for every later one too, and can be dropped.
    open_by_author: dict[str, list[Post]] = defaultdict(list)
    made_on: dict[tuple[str, date], int] = defaultdict(int)
    for p in posts:
        if p.category != _PROPOSAL or p.id in illegal:
            continue
        rules = rules_at(p.posted_at)
        reason = _downtime(p, rules)
        hiatus = None if reason or "Proposals" in rules.hiatus.allowed else in_hiatus(p.posted_at)
        if hiatus:
            reason = (
                f'rule "Victory and Ascension": posted during Hiatus ({hiatus}), when rule '
                '"Proposals" may not act'
            )
        pending = [q for q in open_by_author[p.author] if is_pending_at(q, p.posted_at)]
        open_by_author[p.author] = pending
        day = day_of(p.posted_at)
        most, per_day = rules.limits.pending, rules.limits.per_day
        if reason is None and most is not None and len(pending) >= most:
            names = ", ".join(q.id for q in pending[:most])
            reason = f'rule "Proposals": {p.author} already had {most} Proposals pending ({names})'
        if reason is None and per_day is not None and made_on[p.author, day] >= per_day:
            reason = (
                f'rule "Proposals": {p.author} had already made {per_day} Proposals on '
                f"{day.isoformat()}"
            )
        if reason:
            illegal[p.id] = reason
        else:
            pending.append(p)
            made_on[p.author, day] += 1
