"""Proposals (rule 3.1): each one's voting period, its votes as the reactions stood
when the period ended, and whether it takes effect -- and in what order, when several
take effect at one instant.

Readings (README):

* "the phase that started after the proposal was submitted" is the first phase that
  starts strictly after it: a proposal posted at the very second a phase starts is
  voted on in the next one.
* A voting period is half-open: it ends at the instant the next phase starts (an
  urgent one, two days to the second after it was posted), and that instant is not in it.
* An edit or deletion stamped before the period ends means the proposal never takes
  effect, said as soon as it is recorded; one stamped at or after the end changes
  nothing (the proposal took effect, or not, when the period ended).
* A non-reputable author's urgent proposal is ``invalid``: it has no voting period
  and never takes effect.
* ``effect_order`` lists every proposal that has taken effect by ``now``, in the
  order they took effect: by instant, then "in the order in which they were created"
  (the time posted, then the archive's order).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from gamestate.profiles.core import Matter, Outcome
from gamestate.profiles.infinite_nomic import clauses
from gamestate.profiles.infinite_nomic.books import Books, ordinal, show
from gamestate.profiles.infinite_nomic.phases import phase_of
from gamestate.profiles.infinite_nomic.reactions import Count, count_votes

__all__ = ["Period", "decide_proposals", "voting_period"]

URGENT_LENGTH = timedelta(days=2)


@dataclass(frozen=True)
class Period:
    """A proposal's voting period: ``opens_at`` to ``closes_at``, half-open."""

    opens_at: datetime
    closes_at: datetime
    clause: str
    """The clause that sets it."""


def voting_period(matter: Matter) -> Period:
    """The voting period of a proposal by its class (standard by default)."""
    if matter.cls == "urgent":
        return Period(matter.posted_at, matter.posted_at + URGENT_LENGTH, clauses.URGENT_PERIOD)
    phase = phase_of(matter.posted_at).next()
    return Period(phase.starts_at, phase.ends_at, clauses.STANDARD_PERIOD)


def _tally(count: Count) -> str:
    unclear = len(count.both)
    shown = f" ({unclear} unclear, counted against)" if unclear else ""
    return f"{count.votes_for} for, {count.votes_against} against{shown}"


def _is_popular(matter: Matter, count: Count) -> tuple[bool, str, str]:
    """Popular "as defined for its type": the answer, the clause, and why in words."""
    if matter.cls == "urgent":
        ok = count.votes_against <= 2
        return (
            ok,
            clauses.URGENT_POPULAR,
            ("no more than two against" if ok else "more than two against"),
        )
    ok = count.votes_for > count.votes_against
    return (
        ok,
        clauses.STANDARD_POPULAR,
        ("more for than against" if ok else "not more for than against"),
    )


def _decide(books: Books, matter: Matter) -> Outcome:
    now = books.now
    period = voting_period(matter)
    closed = now >= period.closes_at
    read_at = period.closes_at if closed else now
    count = count_votes(
        matter.votes,
        read_at,
        books.rules.reactions,
        books.players_at(read_at),
        through=not closed,
    )
    books.ignore(matter, count.ignored, read_at)
    numbers: dict[str, object] = {
        "for": count.votes_for,
        "against": count.votes_against,
        # As the archive writes times: a table prints a nested value as it is.
        "voting_period": {"opens_at": show(period.opens_at), "closes_at": show(period.closes_at)},
        "effect_at": None,
    }
    kind = "urgent" if matter.cls == "urgent" else "standard"
    # Only a reputable player can submit an urgent proposal.
    if kind == "urgent" and not books.is_reputable(matter.author, matter.posted_at):
        return Outcome(
            "invalid",
            clauses.URGENT_REPUTABLE,
            f"{books.reputation.why(matter.author, matter.posted_at)}, so was not reputable"
            f" when submitting this urgent proposal at {show(matter.posted_at)}",
            None,
            numbers,
        )
    # Neither deleted nor edited before the period ended.
    changes = [
        (at, word)
        for at, word in ((matter.deleted_at, "deleted"), (matter.edited_at, "edited"))
        if at is not None and at < period.closes_at and at <= now
    ]
    if changes:
        at, word = min(changes)
        return Outcome(
            "does not take effect",
            clauses.TAKES_EFFECT,
            f"the message was {word} at {show(at)}, before its voting period ended at"
            f" {show(period.closes_at)}",
            None,
            numbers,
        )
    if not closed:
        opened = "opened" if now >= period.opens_at else "opens"
        return Outcome(
            "open",
            period.clause,
            f"the {kind} voting period {opened} at {show(period.opens_at)} and ends at"
            f" {show(period.closes_at)}; so far {_tally(count)}",
            period.closes_at,
            numbers,
        )
    popular, clause, words = _is_popular(matter, count)
    when = f"as the reactions stood when the voting period ended at {show(period.closes_at)}"
    if not popular:
        return Outcome(
            "does not take effect",
            clause,
            f"{_tally(count)} {when}: {words}, so not popular",
            None,
            numbers,
        )
    later = [
        f"{word} at {show(at)}, after the end"
        for at, word in ((matter.edited_at, "edited"), (matter.deleted_at, "deleted"))
        if at is not None and at <= now
    ]
    after = f" (the message was {' and '.join(later)}: too late to matter)" if later else ""
    numbers["effect_at"] = period.closes_at
    return Outcome(
        "takes effect",
        clause,
        f"{_tally(count)} {when}: {words}, so popular, and the message was neither"
        f" deleted nor edited before then{after}; takes effect at {show(period.closes_at)}",
        None,
        numbers,
    )


def decide_proposals(books: Books) -> tuple[dict[str, Outcome], list[str]]:
    """Every proposal posted by ``now``: its verdict; and the ids that took effect, in
    the order they took effect."""
    outcomes: dict[str, Outcome] = {}
    created: dict[str, tuple[datetime, int]] = {}
    for index, matter in enumerate(books.archive.matters):
        if matter.kind != "proposal" or matter.posted_at > books.now:
            continue
        outcomes[matter.id] = _decide(books, matter)
        created[matter.id] = (matter.posted_at, index)
    took = [mid for mid, o in outcomes.items() if o.outcome == "takes effect"]

    def effect_at(mid: str) -> datetime:
        moment = outcomes[mid].numbers["effect_at"]
        assert isinstance(moment, datetime)
        return moment

    took.sort(key=lambda mid: (effect_at(mid), created[mid]))
    # If more than one would take effect simultaneously: in the order created.
    at_instant: dict[datetime, list[str]] = {}
    for mid in took:
        at_instant.setdefault(effect_at(mid), []).append(mid)
    for mid in took:
        together = at_instant[effect_at(mid)]
        if len(together) > 1:
            o = outcomes[mid]
            place = ordinal(together.index(mid) + 1)
            outcomes[mid] = Outcome(
                o.outcome,
                o.clause,
                f"{o.reason}, {place} of the {len(together)} proposals taking effect then"
                f' ("{clauses.SIMULTANEOUS}")',
                o.next_change,
                o.numbers,
            )
    return outcomes, took
