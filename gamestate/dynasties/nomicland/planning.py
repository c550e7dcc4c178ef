"""Rule "Planning" of Ruleset 139: Demand Posts, bids, the Builder and closing; and
rule "Focus Grouping".

Pure: the blog's posts and comments come in as
:class:`gamestate.profiles.blognomic_139.models.Post`, the economy as plain inputs
(:class:`PlanningInputs`), and ``now`` as a
parameter. Every decision carries the clause it applies, with the numbers.

The economy interface (the ``econ`` state model provides these; tests pass
constants):

* ``buildings``: the names of the Buildings of the Ruleset (rule "Construction");
* ``boss``: the Boss's name;
* ``active_imagineers(at)``: the non-Idle Imagineers at an instant;
* ``boss_budget(at)``: the Boss's Budget at an instant (rule "Budget");
* ``planned(at)``: the Imagineers with a Planned Building in their Zone at an instant.

Readings of the Ruleset where it is ambiguous (each one tested):

* An ignored bid is disregarded entirely: it is not an "earlier bid" for the
  "at least 100 less" test, cannot win, and does not stop a post from having
  "no bids" for closing without effect.
* The one-third test uses the Boss's Budget at the moment of the bid; a later
  change of the Boss's Budget neither revives nor ignores a bid already made.
  Exactly one third is allowed ("exceeds").
* A comment naming two different amounts ("I bid 300 ... I bid 200") is one
  ambiguous bid and is ignored; the same amount twice is one bid.
* A "Demand: X" post by the Boss that breaks the Daily Action limit is not a
  Demand Post and does not count as the day's Daily Action.
* A comment at or after the instant the post was closed is not a bid: "A
  closed Demand Post ceases to be considered a Demand Post."
* The Boss bids only if ``active_imagineers`` counts the Boss as an Imagineer.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from gamestate.dynasties.nomicland.models import BusinessDay, Segment
from gamestate.profiles.archive import format_time
from gamestate.profiles.blognomic_139.bids import bid_mentions, comment_text
from gamestate.profiles.blognomic_139.calendar import can_take_daily_action, require_utc
from gamestate.profiles.blognomic_139.models import Post
from gamestate.profiles.blognomic_139.random_generators import Seed, draw_indices

__all__ = [
    "CLOSE_AFTER",
    "CLOSE_WITHOUT_EFFECT_AFTER",
    "Bid",
    "BidVerdict",
    "Closing",
    "DemandPostCheck",
    "DemandStatus",
    "PlanningInputs",
    "demand_post_checks",
    "demand_status",
    "focus_grouping",
    "focus_grouping_seed",
]

CLOSE_AFTER = timedelta(hours=24)
"""Planning: "a winning bid which is at least 24 hours old"."""
CLOSE_WITHOUT_EFFECT_AFTER = timedelta(days=7)
"""Planning: "more than a week old and has no bids"."""

DEMAND_POST = (
    'Planning: "As a daily action, the Boss may announce Demand for a specific Building, in a '
    'post with a title "Demand: X", where X is the name of the Building."'
)
DAILY_ACTION = (
    'Daily Action: "each Imagineer able to perform it may take that action once each day, but '
    'not more than once every ten hours."'
)
BID = (
    'Planning: "any such comment which includes the string "I bid X", where X is a '
    'non-negative multiple of 25, is considered to be a bid of amount X on it."'
)
IMAGINEERS_MAY_BID = 'Planning: "Imagineers may bid to construct that Building"'
PLANNED_MAY_NOT_BID = (
    'Planning: "If an Imagineer has any Planned Buildings in their Zone, then they may not '
    'post bids on Demand Posts."'
)
HUNDRED_LESS = (
    'Planning: "any additional bid that Imagineer makes on the same Demand Post must be at '
    'least 100 less than any other bid they already made on that Demand Post."'
)
ONE_THIRD = 'Planning: "If a bid exceeds one-third of the Boss\'s Budget it is ignored."'
CLOSED = 'Planning: "A closed Demand Post ceases to be considered a Demand Post."'
WINNING = (
    'Planning: "The winning bid on a Demand Post is the lowest one - if two such bids are '
    'tied, the winning bid is the earlier of the tied bids."'
)
CLOSE = (
    'Planning: "If a Demand Post has a winning bid which is at least 24 hours old, then any '
    'Imagineer may close that post"'
)
CLOSE_WITHOUT_EFFECT = (
    'Planning: "If a Demand Post is more than a week old and has no bids, any Imagineer may '
    'close it [...] in which case Budgets are not adjusted"'
)
FOCUS_GROUPING = (
    'Focus Grouping: "Upon posting a Demand Post, the Boss must add three Visitors (of random '
    'types) to each Business Day which is not Crowded."'
)


@dataclass(frozen=True)
class PlanningInputs:
    """The economy as rule "Planning" needs it; see the module docstring."""

    buildings: frozenset[str]
    """Names of the Buildings of the Ruleset (rule "Construction")."""
    boss: str
    """The Boss's name."""
    active_imagineers: Callable[[datetime], Collection[str]]
    """Non-Idle Imagineers at an instant."""
    boss_budget: Callable[[datetime], int]
    """The Boss's Budget at an instant."""
    planned: Callable[[datetime], Collection[str]]
    """Imagineers with a Planned Building in their Zone at an instant."""

    @classmethod
    def from_constants(
        cls,
        *,
        buildings: Iterable[str],
        boss: str,
        imagineers: Iterable[str],
        boss_budget: int,
        planned: Iterable[str] = (),
    ) -> PlanningInputs:
        """Inputs that do not change over time (tests, a snapshot of the GNDT)."""
        active, with_plans = frozenset(imagineers), frozenset(planned)
        return cls(
            buildings=frozenset(buildings),
            boss=boss,
            active_imagineers=lambda _at: active,
            boss_budget=lambda _at: boss_budget,
            planned=lambda _at: with_plans,
        )

    def building_named(self, written: str) -> str | None:
        """The Building whose name is ``written`` (case and spacing aside), if any."""
        key = " ".join(written.split()).casefold()
        for name in self.buildings:
            if " ".join(name.split()).casefold() == key:
                return name
        return None


# Demand Posts.


@dataclass(frozen=True)
class DemandPostCheck:
    """Whether one post is a Demand Post, and why."""

    post_id: str
    """The post's id."""
    building: str | None
    """The Building demanded, as the Ruleset names it."""
    is_demand_post: bool
    """Planning: a post titled "Demand: X" by the Boss, as a Daily Action."""
    reason: str
    """The clause, with the facts."""


def _demand_subject(post: Post) -> str | None:
    head, sep, tail = post.title.partition(":")
    if not sep or head.strip().casefold() != "demand":
        return None
    return tail.strip()


def demand_post_checks(posts: Iterable[Post], inputs: PlanningInputs) -> list[DemandPostCheck]:
    """Every post titled "Demand: ...", in time order, judged as a Demand Post or not."""
    checks: list[DemandPostCheck] = []
    taken: list[datetime] = []  # the Boss's Daily Actions that counted
    for post in sorted(posts, key=lambda p: (require_utc(p.posted_at), p.id)):
        subject = _demand_subject(post)
        if subject is None:
            continue
        building = inputs.building_named(subject)
        if post.author != inputs.boss:
            reason = f"{DEMAND_POST} - posted by {post.author}, not the Boss ({inputs.boss})"
        elif building is None:
            reason = f"{DEMAND_POST} - {subject!r} is not a Building of the Ruleset"
        elif not can_take_daily_action(taken, post.posted_at):
            last = max(taken)
            reason = (
                f"{DAILY_ACTION} - the Boss's last Demand Post was at {format_time(last)}, "
                f"{post.posted_at - last} earlier"
                + (" on the same UTC day" if last.date() == post.posted_at.date() else "")
            )
        else:
            taken.append(post.posted_at)
            checks.append(DemandPostCheck(post.id, building, True, f"{DEMAND_POST} - {building}"))
            continue
        checks.append(DemandPostCheck(post.id, building, False, reason))
    return checks


# Bids.


class BidVerdict(StrEnum):
    """What rule "Planning" makes of an "I bid X" in a comment."""

    VALID = "valid"
    """A bid that counts (it may or may not be winning)."""
    NOT_A_BID = "not-a-bid"
    """X is not a non-negative multiple of 25, or the comment names two amounts."""
    NOT_AN_IMAGINEER = "not-an-imagineer"
    """The commenter is not an active Imagineer."""
    HAS_PLANNED_BUILDING = "has-planned-building"
    """The bidder has a Planned Building in their Zone."""
    NOT_100_LESS = "not-100-less"
    """Not at least 100 less than an earlier bid of theirs on the post."""
    OVER_ONE_THIRD = "over-one-third"
    """It exceeds one third of the Boss's Budget at that moment."""
    POST_CLOSED = "post-closed"
    """Made at or after the post was closed."""


@dataclass(frozen=True)
class Bid:
    """One "I bid X" on a Demand Post, with its verdict."""

    comment: str
    """The comment's id."""
    bidder: str
    """Who commented."""
    amount: int | None
    """X, or None when it is not a whole number."""
    at: datetime
    """When the comment was posted."""
    verdict: BidVerdict
    """Valid, or why it is ignored."""
    reason: str
    """The clause, with the numbers."""

    @property
    def is_valid(self) -> bool:
        """It counts: it can win, and it is an earlier bid for the 100 rule."""
        return self.verdict is BidVerdict.VALID


class Closing(StrEnum):
    """What may be done to close a Demand Post now."""

    CLOSE = "close"
    """Its winning bid is at least 24 hours old: close it, with effect."""
    CLOSE_WITHOUT_EFFECT = "close-without-effect"
    """More than a week old with no bids: close it, Budgets unchanged."""
    WAIT = "wait"
    """Neither yet."""
    CLOSED = "closed"
    """Already closed: no longer a Demand Post."""


@dataclass(frozen=True)
class DemandStatus:
    """A Demand Post at an instant: its bids, the winner, and when it may be closed."""

    post: str
    """The post's id."""
    building: str
    """The Building demanded."""
    is_open: bool
    """Not closed as of ``now``."""
    bids: tuple[Bid, ...]
    """Every "I bid X" in its comments up to ``now``, in time order."""
    winning: Bid | None
    """The lowest valid bid, the earlier of tied bids."""
    closable_at: datetime | None
    """The winning bid's time plus 24 hours (closable from this instant on)."""
    closable_without_effect_after: datetime | None
    """Post time plus one week, when there is no valid bid (closable strictly after)."""
    closing: Closing
    """What may be done now."""
    reason: str
    """The clause behind ``closing``, with the times."""

    @property
    def builder(self) -> str | None:
        """Planning: "If an Imagineer made the currently winning bid [...] they are its
        Builder." """
        return None if self.winning is None else self.winning.bidder


def demand_status(
    post: Post,
    inputs: PlanningInputs,
    *,
    now: datetime,
    closed_at: datetime | None = None,
) -> DemandStatus:
    """Rule "Planning" applied to one Demand Post as of ``now``.

    ``closed_at`` is when a closing comment was made (the ledger knows); comments
    from that instant on are not bids. Comments after ``now`` are not seen.
    """
    now = require_utc(now, "now")
    subject = _demand_subject(post) or post.subject
    building = inputs.building_named(subject) or subject
    closed = closed_at is not None and require_utc(closed_at, "closed_at") <= now
    bids = _judge_bids(post, inputs, now=now, closed_at=closed_at if closed else None)
    valid = [b for b in bids if b.is_valid]
    # Ties go to the earlier bid: min() keeps the first of equal keys.
    winning = min(valid, key=lambda b: b.amount or 0) if valid else None
    closable_at = None if winning is None else winning.at + CLOSE_AFTER
    week_after = None if valid else require_utc(post.posted_at) + CLOSE_WITHOUT_EFFECT_AFTER
    if closed:
        closing, reason = Closing.CLOSED, f"{CLOSED} - closed at {closed_at}"
    elif winning is not None and closable_at is not None and now >= closable_at:
        closing = Closing.CLOSE
        reason = (
            f"{CLOSE} - winning bid {winning.amount} by {winning.bidder} at "
            f"{winning.at.isoformat()} is {now - winning.at} old (>= 24h)"
        )
    elif week_after is not None and now > week_after:
        closing = Closing.CLOSE_WITHOUT_EFFECT
        reason = f"{CLOSE_WITHOUT_EFFECT} - posted {now - post.posted_at} ago, no valid bids"
    elif winning is not None:
        closing = Closing.WAIT
        reason = f"{CLOSE} - the winning bid is {now - winning.at} old; closable at {closable_at}"
    else:
        closing = Closing.WAIT
        reason = f"{CLOSE_WITHOUT_EFFECT} - no bids; closable without effect after {week_after}"
    return DemandStatus(
        post=post.id,
        building=building,
        is_open=not closed,
        bids=tuple(bids),
        winning=winning,
        closable_at=closable_at,
        closable_without_effect_after=week_after,
        closing=closing,
        reason=reason,
    )


def _judge_bids(
    post: Post, inputs: PlanningInputs, *, now: datetime, closed_at: datetime | None
) -> list[Bid]:
    bids: list[Bid] = []
    comments = sorted(
        (c for c in post.comments if require_utc(c.posted_at) <= now),
        key=lambda c: c.posted_at,
    )
    for comment in comments:
        mentions = bid_mentions(comment_text(comment.body_html))
        if not mentions:
            continue
        amounts = {m.amount for m in mentions if m.is_bid}
        at, who = require_utc(comment.posted_at), comment.author

        def bid(amount: int | None, verdict: BidVerdict, reason: str) -> Bid:
            return Bid(comment.id, who, amount, at, verdict, reason)  # noqa: B023

        if not amounts:
            first = mentions[0]
            bids.append(bid(first.amount, BidVerdict.NOT_A_BID, f"{BID} - {first.reason}"))
            continue
        if len(amounts) > 1:
            written = ", ".join(str(a) for a in sorted(a for a in amounts if a is not None))
            bids.append(
                bid(None, BidVerdict.NOT_A_BID, f"{BID} - the comment names {written}: ambiguous")
            )
            continue
        (amount,) = amounts
        assert amount is not None  # is_bid mentions always have an amount
        bids.append(_judge(bid, bids, inputs, who, amount, at, closed_at))
    return bids


def _judge(
    bid: Callable[[int | None, BidVerdict, str], Bid],
    earlier: Sequence[Bid],
    inputs: PlanningInputs,
    who: str,
    amount: int,
    at: datetime,
    closed_at: datetime | None,
) -> Bid:
    if closed_at is not None and at >= closed_at:
        return bid(amount, BidVerdict.POST_CLOSED, f"{CLOSED} - closed at {closed_at}")
    if who not in inputs.active_imagineers(at):
        return bid(
            amount, BidVerdict.NOT_AN_IMAGINEER, f"{IMAGINEERS_MAY_BID} - {who} is not active"
        )
    if who in inputs.planned(at):
        return bid(
            amount,
            BidVerdict.HAS_PLANNED_BUILDING,
            f"{PLANNED_MAY_NOT_BID} - {who} has a Planned Building",
        )
    theirs = [b.amount for b in earlier if b.bidder == who and b.is_valid and b.amount is not None]
    if theirs and amount > min(theirs) - 100:
        return bid(
            amount,
            BidVerdict.NOT_100_LESS,
            f"{HUNDRED_LESS} - {amount} is not at most {min(theirs)} - 100 = {min(theirs) - 100}",
        )
    budget = inputs.boss_budget(at)
    if 3 * amount > budget:
        return bid(
            amount,
            BidVerdict.OVER_ONE_THIRD,
            f"{ONE_THIRD} - {amount} > {budget} / 3 (the Boss's Budget when the bid was made)",
        )
    return bid(
        amount,
        BidVerdict.VALID,
        f"{BID} - {amount} <= {budget} / 3"
        + (f", at least 100 under {min(theirs)}" if theirs else ""),
    )


# Focus Grouping.


def focus_grouping_seed(post: Post) -> Seed:
    """The seed of a Demand Post's Focus Grouping: the Boss, the post's time, its id."""
    return Seed(actor=post.author, at=post.posted_at, cause=f"focus-grouping:{post.id}")


def focus_grouping(
    days: Sequence[BusinessDay], *, imagineers: int, seed: Seed
) -> tuple[tuple[BusinessDay, ...], str]:
    """Three Visitors of random types added to each Uncrowded Business Day.

    Each Visitor's type is a DICE4 read in the rule "Visitors"'s order (1 Child,
    2 Teen, 3 Adult, 4 Senior), drawn from ``seed``: the same seed, the same
    Visitors. Crowding is judged before any Visitor is added. Returns the new
    queue and the reason, naming each day changed.
    """
    order = tuple(Segment)  # c, t, A, S: the rule's order
    uncrowded = [d for d in days if not d.is_crowded(imagineers)]
    draws = iter(draw_indices(seed, len(order), 3 * len(uncrowded)))
    added: list[str] = []
    result: list[BusinessDay] = []
    for day in days:
        if day.is_crowded(imagineers):
            result.append(day)
            continue
        new = tuple(order[next(draws)] for _ in range(3))
        added.append(f"day {day.number} +{''.join(s.value for s in new)}")
        result.append(BusinessDay(day.number, day.visitors + new))
    crowded = len(days) - len(uncrowded)
    reason = (
        f"{FOCUS_GROUPING} - {', '.join(added) or 'no Uncrowded day'}"
        f"; {crowded} Crowded (more than {2 * imagineers} Visitors) left alone"
        f"; seed {seed.digest[:16]}"
    )
    return tuple(result), reason
