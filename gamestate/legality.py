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
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from gamestate.calendar import day_of, in_seasonal_downtime
from gamestate.models import Category, Post, PostStatus, Terms
from gamestate.roster import Roster
from gamestate.tally import tally

__all__ = [
    "DOV_LOCKOUT",
    "Dynasty",
    "Legality",
    "chronological",
    "find_illegal",
    "is_pending_at",
]

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


@dataclass(frozen=True)
class Dynasty:
    """An enacted DoV and the Ascension Address that ends its Hiatus."""

    dov: Post
    """The enacted Declaration of Victory."""
    address: Post | None
    """Its Ascension Address, if posted yet."""

    @property
    def enacted_at(self) -> datetime | None:
        """When the DoV was enacted, if the archive says."""
        return self.dov.resolved_at

    def failed_by_enactment(self, other: Post) -> bool:
        """Rule "Victory and Ascension": "When a DoV is enacted, all other active DoVs are
        failed": was ``other`` (a pending DoV) posted before this one was enacted?"""
        if other.id == self.dov.id:
            return False
        cutoff = self.enacted_at or (self.address.posted_at if self.address else None)
        return cutoff is None or other.posted_at < cutoff

    def awaits_address_at(self, moment: datetime) -> bool:
        """Is ``moment`` between the enactment and the Ascension Address (needs the
        enactment time: the benefit of the doubt otherwise)?"""
        if self.enacted_at is None or moment <= self.enacted_at:
            return False
        return self.address is None or moment < self.address.posted_at


def _address_for(dov: Post, addresses: Sequence[Post], boss: str | None) -> Post | None:
    """Rule "Victory and Ascension": "The Hiatus continues until the new Boss makes an
    Ascension Address": the DoV's author, or the Boss they passed the role to."""
    after = dov.resolved_at or dov.posted_at
    authors = {dov.author} | ({boss} if boss else set())
    return next((a for a in addresses if a.posted_at > after and a.author in authors), None)


@dataclass(frozen=True)
class Legality:
    """Every Illegal post with its reason, and the enacted DoVs of the game."""

    illegal: Mapping[str, str]
    """Post id -> the rule it broke."""
    dynasties: tuple[Dynasty, ...]
    """Each legal enacted DoV with its Ascension Address, oldest first."""
    dovs: tuple[Post, ...] = ()
    """Every legal DoV, oldest first (what can put the game in Hiatus)."""

    def failed_by(self, dov: Post, moment: datetime) -> Dynasty | None:
        """The enacted DoV that had failed this one by ``moment``, if any ("When a DoV
        is enacted, all other active DoVs are failed")."""
        for d in self.dynasties:
            enacted = d.enacted_at is None or d.enacted_at <= moment
            if enacted and d.dov.posted_at <= moment and d.failed_by_enactment(dov):
                return d
        return None

    def hiatus_reason(self, moment: datetime, *, certain: bool = False) -> str | None:
        """Why the game is in Hiatus at ``moment`` (from DoVs), or None.

        With ``certain``, only what the archive's times prove counts (a DoV enacted at
        an unknown time, or posted in the same second, gives the benefit of the doubt).
        """
        for d in reversed(self.dynasties):
            unknown = d.enacted_at is None and d.address is None and d.dov.posted_at < moment
            if d.awaits_address_at(moment) or (unknown and not certain):
                return (
                    f"the Declaration of Victory {d.dov.id!r} was enacted and its Ascension "
                    "Address has not been posted"
                )
        for p in self.dovs:
            if p.posted_at > moment:
                break
            if (
                is_pending_at(p, moment)
                and (p.posted_at < moment or not certain)
                and not (
                    (winner := self.failed_by(p, moment)) is not None
                    and (winner.enacted_at is not None or not certain)
                )
            ):
                return f"the Declaration of Victory {p.id!r} is pending"
        return None


class _Checker:
    def __init__(
        self, posts: list[Post], roster: Roster, terms: Terms, became_boss: Collection[str]
    ):
        self.posts = posts
        self.roster = roster
        self.terms = terms
        self.became_boss = became_boss
        self.illegal: dict[str, str] = {}
        self.dynasties: list[Dynasty] = []
        self.legal_dovs: list[Post] = []
        self.addresses = [p for p in posts if p.category == Category.ASCENSION_ADDRESS.value]

    def run(self) -> Legality:
        t = self.terms
        for p in self.posts:
            if p.status is PostStatus.ILLEGAL:
                self.illegal[p.id] = "marked Illegal on the blog"
            elif p.is_votable and not p.subject:
                self.illegal[p.id] = 'appendix "Subject": the subject of its title is empty'
            elif (
                p.is_votable
                and p.status is PostStatus.PENDING
                and not self.roster.on_roster(p.author)
            ):
                # "Any Imagineer may submit a Proposal", "any Imagineer may raise a Call for
                # Judgement", a DoV is made by "an Imagineer": official posts only "when the
                # Ruleset allows it" (rule "Gamestate Tracking").
                self.illegal[p.id] = f"its author {p.author} is not on the roster of {t.player}s"
        # DoVs first: the Hiatus they cause decides which Proposals were legal.
        self._dovs([p for p in self.posts if p.category == Category.DOV.value])
        self._proposals([p for p in self.posts if p.category == Category.PROPOSAL.value])
        return self._legality()

    def _legality(self) -> Legality:
        return Legality(self.illegal, tuple(self.dynasties), tuple(self.legal_dovs))

    def _downtime(self, p: Post) -> str | None:
        if in_seasonal_downtime(p.posted_at):
            return (
                f'rule "Seasonal Downtime": posted on {day_of(p.posted_at).isoformat()}, when only '
                'rules "Votable Matters", "Gamestate Tracking" and "Calls for Judgement" may act'
            )
        return None

    def _dov_reason(self, d: Post, legal: list[Post]) -> str | None:
        t = self.terms
        if (
            d.status is PostStatus.PENDING
            and self.roster.boss is not None
            and d.author == self.roster.boss
            and d.id not in self.became_boss
        ):
            return (
                f'rule "Victory and Ascension": only {t.player}s other than the {t.boss} '
                "may declare victory"
            )
        if reason := self._downtime(d):
            return reason
        for dynasty in self.dynasties:
            if dynasty.awaits_address_at(d.posted_at):
                return (
                    f'rule "Victory and Ascension": posted between the enacted DoV '
                    f"{dynasty.dov.id} and its Ascension Address"
                )
        for e in legal:
            if (
                e.author == d.author
                and e.status.is_failed
                and e.resolved_at is not None
                and e.resolved_at < d.posted_at <= e.resolved_at + DOV_LOCKOUT
                and tally(e, self.roster, until=e.resolved_at).against_count >= 1
            ):
                return (
                    f'rule "Victory and Ascension": {d.author}\'s DoV {e.id} failed with an '
                    f"AGAINST vote at {e.resolved_at.strftime('%Y-%m-%dT%H:%M:%SZ')}; no new DoV "
                    "until after "
                    "120 hours"
                )
        return None

    def _dovs(self, dovs: list[Post]) -> None:
        legal: list[Post] = []
        for d in dovs:
            if d.id in self.illegal:
                continue
            reason = self._dov_reason(d, legal)
            if reason:
                self.illegal[d.id] = reason
                continue
            legal.append(d)
            self.legal_dovs.append(d)
            if d.status is PostStatus.ENACTED:
                address = _address_for(d, self.addresses, self.roster.boss)
                self.dynasties.append(Dynasty(d, address))

    def _in_hiatus(self, moment: datetime) -> str | None:
        return self._partial.hiatus_reason(moment, certain=True)

    def _proposals(self, proposals: list[Post]) -> None:
        self._partial = self._legality()
        # Per author, the legal Proposals that may still be pending, and how many were
        # made each day. Proposals come oldest first, so one resolved before this one
        # was posted is resolved for every later one too, and can be dropped.
        open_by_author: dict[str, list[Post]] = defaultdict(list)
        made_on: dict[tuple[str, date], int] = defaultdict(int)
        for p in proposals:
            if p.id in self.illegal:
                continue
            reason = self._downtime(p)
            hiatus = None if reason else self._in_hiatus(p.posted_at)
            if hiatus:
                reason = (
                    f'rule "Victory and Ascension": posted during Hiatus ({hiatus}), when rule '
                    '"Proposals" may not act'
                )
            pending = [q for q in open_by_author[p.author] if is_pending_at(q, p.posted_at)]
            open_by_author[p.author] = pending
            day = day_of(p.posted_at)
            if reason is None and len(pending) >= 2:
                names = ", ".join(q.id for q in pending[:2])
                reason = f'rule "Proposals": {p.author} already had 2 Proposals pending ({names})'
            if reason is None and made_on[p.author, day] >= 3:
                reason = (
                    f'rule "Proposals": {p.author} had already made 3 Proposals on '
                    f"{day.isoformat()}"
                )
            if reason:
                self.illegal[p.id] = reason
            else:
                pending.append(p)
                made_on[p.author, day] += 1


def find_illegal(
    posts: Iterable[Post],
    roster: Roster,
    *,
    terms: Terms | None = None,
    became_boss: Collection[str] = (),
) -> Legality:
    """Every Illegal post with the rule it broke, and the game's enacted DoVs.

    ``became_boss`` names DoVs known (from later in the archive) to have been
    enacted: their authors were not yet the Boss when they declared.
    """
    return _Checker(chronological(posts), roster, terms or Terms(), became_boss).run()
