"""Which posts broke a posting rule, and so are Illegal.

- Rule "Proposals": a Proposal may not be submitted by a player who "already
  has 2 Proposals pending, or has already made 3 Proposals that day".
- Rule "Victory and Ascension": only a player "other than the Boss" may declare
  victory; "A DoV may not be started in the period between an enacted DoV and
  that DoV's Ascension Address"; after a failed DoV "if it had at least one
  AGAINST vote, the Imagineer who posted it cannot make another DoV until after
  120 hours (5 days) have passed since the time their DoV was failed".
- Appendix "Subject": an entry whose subject is empty is not valid.
- A post the blog already shows as Illegal stays Illegal.

Illegal posts are not Votable Matters for the rules: they never count as
pending (the oldest pending Proposal, the 2-pending limit, Hiatus).

Where the archive does not say when an earlier post was resolved
(``resolved_at`` missing), a rule that needs that time gives the later post the
benefit of the doubt: it is not made Illegal on a guess.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta

from gamestate.calendar import day_of
from gamestate.models import Category, Post, PostStatus, Terms
from gamestate.roster import Roster
from gamestate.tally import tally

__all__ = ["DOV_LOCKOUT", "chronological", "find_illegal", "is_pending_at"]

DOV_LOCKOUT = timedelta(hours=120)
"""Rule "Victory and Ascension": 120 hours (5 days) after a failed DoV with an AGAINST vote."""


def chronological(posts: Iterable[Post]) -> list[Post]:
    """Posts oldest first (ties broken by id, so the order is stable)."""
    return sorted(posts, key=lambda p: (p.posted_at, p.id))


def is_pending_at(post: Post, moment: datetime) -> bool:
    """Was ``post`` pending at ``moment`` (posted by then and not yet resolved)?

    A resolved post with no ``resolved_at`` is taken as resolved before ``moment``.
    """
    if post.posted_at > moment:
        return False
    if post.status is PostStatus.PENDING:
        return True
    return post.resolved_at is not None and post.resolved_at > moment


def _proposal_reasons(proposals: list[Post], illegal: dict[str, str]) -> None:
    by_author: dict[str, list[Post]] = defaultdict(list)
    for p in proposals:
        if p.id in illegal:
            continue
        earlier = by_author[p.author]
        pending = [q for q in earlier if is_pending_at(q, p.posted_at)]
        if len(pending) >= 2:
            names = ", ".join(q.id for q in pending[:2])
            illegal[p.id] = (
                f'rule "Proposals": {p.author} already had 2 Proposals pending ({names})'
            )
            continue
        same_day = [q for q in earlier if day_of(q.posted_at) == day_of(p.posted_at)]
        if len(same_day) >= 3:
            illegal[p.id] = (
                f'rule "Proposals": {p.author} had already made 3 Proposals on '
                f"{day_of(p.posted_at).isoformat()}"
            )
            continue
        earlier.append(p)


def _dov_reasons(
    dovs: list[Post],
    addresses: list[Post],
    roster: Roster,
    illegal: dict[str, str],
    terms: Terms,
) -> None:
    legal: list[Post] = []
    for d in dovs:
        if d.id in illegal:
            continue
        reason = None
        if d.status is PostStatus.PENDING and roster.boss is not None and d.author == roster.boss:
            reason = (
                f'rule "Victory and Ascension": only {terms.player}s other than the '
                f"{terms.boss} may declare victory"
            )
        for e in legal:
            if e.status is PostStatus.ENACTED:
                enacted_at = e.resolved_at or e.posted_at
                address = next((a for a in addresses if a.posted_at > enacted_at), None)
                if enacted_at < d.posted_at and (
                    address is None or d.posted_at < address.posted_at
                ):
                    reason = (
                        f'rule "Victory and Ascension": posted between the enacted DoV {e.id} '
                        "and its Ascension Address"
                    )
            elif (
                e.author == d.author
                and e.status.is_failed
                and e.resolved_at is not None
                and e.resolved_at < d.posted_at <= e.resolved_at + DOV_LOCKOUT
                and tally(e, roster, until=e.resolved_at).against_count >= 1
            ):
                reason = (
                    f'rule "Victory and Ascension": {d.author}\'s DoV {e.id} failed with an '
                    f"AGAINST vote at {e.resolved_at.isoformat()}; no new DoV until after 120 hours"
                )
        if reason:
            illegal[d.id] = reason
        else:
            legal.append(d)


def find_illegal(
    posts: Iterable[Post], roster: Roster, *, terms: Terms | None = None
) -> Mapping[str, str]:
    """Post id -> the rule an Illegal post broke, for every Illegal post."""
    terms = terms or Terms()
    ordered = chronological(posts)
    illegal: dict[str, str] = {}
    for p in ordered:
        if p.status is PostStatus.ILLEGAL:
            illegal[p.id] = "marked Illegal on the blog"
        elif p.is_votable and not p.subject:
            illegal[p.id] = 'appendix "Subject": the subject of its title is empty'
    _proposal_reasons([p for p in ordered if p.category == Category.PROPOSAL.value], illegal)
    _dov_reasons(
        [p for p in ordered if p.category == Category.DOV.value],
        [p for p in ordered if p.category == Category.ASCENSION_ADDRESS.value],
        roster,
        illegal,
        terms,
    )
    return illegal
