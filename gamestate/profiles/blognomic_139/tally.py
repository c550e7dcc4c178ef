"""Counting the Votes on one Votable Matter.

Rule "Votable Matters": "An Imagineer's Vote on a Votable Matter is the last
valid voting icon that they have used in any comment on that Votable Matter.
Additionally, if the author of a Votable Matter has not used a valid voting
icon in a comment to the post, then the author's Vote is FOR. A non-Imagineer
never has a Vote."

Rule "Special Proposal Voting": Self-Killed (the author's AGAINST, not via
DEFERENTIAL) and Vetoed (the Boss's VETO) are permanent once cast; DEFERENTIAL
votes count as the Boss's Vote while the Boss has a valid Vote other than VETO.

DEFERENTIAL on a CfJ or a DoV: rule "Votable Matters" lets a player vote on
every Votable Matter "using a voting icon of FOR, AGAINST, or DEFERENTIAL"
(only VETO is an additional icon), so it is the player's Vote there too; but
only a Proposal's DEFERENTIAL becomes the Boss's Vote, and "A valid Vote is ...
a Vote of FOR or AGAINST": it replaces an earlier FOR or AGAINST, and counts
for neither side.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from gamestate.profiles.blognomic_139.icons import scan_comment
from gamestate.profiles.blognomic_139.models import Category, Post, Terms
from gamestate.profiles.blognomic_139.roster import Roster
from gamestate.profiles.blognomic_139.votes import Vote
from rules_text.core import VotingRules, ruleset_139_core

__all__ = ["Tally", "is_valid_icon", "is_vote_icon", "tally"]


def is_valid_icon(
    vote: Vote,
    *,
    category: str,
    voter: str,
    boss: str | None,
    voting: VotingRules | None = None,
) -> bool:
    """May ``voter`` use this icon on a matter of ``category``?

    - FOR and AGAINST are valid on every Votable Matter ("Votable Matters").
    - DEFERENTIAL on a Proposal only by a player other than the Boss
      ("Special Proposal Voting": "If an Imagineer other than the Boss casts a
      vote of DEFERENTIAL on a Proposal"); the Boss deferring to themselves
      would make the Boss's Vote depend on itself. On a CfJ or DoV it is a
      player's Vote (see :func:`is_vote_icon`) but never a valid one.
    - VETO only on Proposals, and only by the Boss ("The Boss may use VETO as a
      voting icon to cast a Vote on a proposal").

    ``voting`` is what the Ruleset in force says of the icons (by default Ruleset 139's):
    a repealed DEFERENTIAL or VETO is no valid icon.
    """
    voting = voting or _seed_voting()
    if vote in (Vote.FOR, Vote.AGAINST):
        return True
    if category != Category.PROPOSAL.value:
        return False
    if vote is Vote.DEFERENTIAL:
        return voting.deferential and voter != boss
    return voting.veto and boss is not None and voter == boss


def is_vote_icon(
    vote: Vote,
    *,
    category: str,
    voter: str,
    boss: str | None,
    voting: VotingRules | None = None,
) -> bool:
    """Does this icon become ``voter``'s Vote (valid or not)? Rule "Votable Matters": each
    player votes "using a voting icon of FOR, AGAINST, or DEFERENTIAL": a DEFERENTIAL on
    a CfJ or DoV is the player's Vote, not a valid one."""
    voting = voting or _seed_voting()
    if vote is Vote.DEFERENTIAL and category != Category.PROPOSAL.value:
        return voting.deferential
    return is_valid_icon(vote, category=category, voter=voter, boss=boss, voting=voting)


def _seed_voting() -> VotingRules:
    return ruleset_139_core().rules.voting


@dataclass(frozen=True)
class Tally:
    """The Votes on one matter."""

    cast: Mapping[str, Vote]
    """Player -> the Vote they cast (DEFERENTIAL as DEFERENTIAL)."""
    votes: Mapping[str, Vote]
    """Player -> Vote as the Ruleset reads it (a counted DEFERENTIAL is the Boss's Vote)."""
    evc: Mapping[str, str | None]
    """Player -> id of their Effective Vote Comment (None for the author's implicit FOR)."""
    for_count: int
    """Valid FOR Votes (author's implicit FOR and counted DEFERENTIALs included)."""
    against_count: int
    """Valid AGAINST Votes (counted DEFERENTIALs included)."""
    deferential_count: int
    """DEFERENTIALs not counted (the Boss has no valid non-VETO Vote; always on a CfJ or DoV)."""
    self_killed: bool
    """The author used AGAINST on their own Proposal ("Special Proposal Voting")."""
    vetoed: bool
    """The Boss used VETO on this Proposal ("Special Proposal Voting")."""
    boss_vote: Vote | None
    """The Boss's own Vote, if any."""
    warnings: tuple[str, ...]
    """Icons that could not be read or did not count, for a human to check."""

    @property
    def valid_count(self) -> int:
        """Valid Votes cast: FOR plus AGAINST."""
        return self.for_count + self.against_count


def tally(
    post: Post,
    roster: Roster,
    *,
    until: datetime | None = None,
    terms: Terms | None = None,
    voting: VotingRules | None = None,
) -> Tally:
    """Counts the Votes on ``post`` (comments after ``until`` are ignored), by the icons
    ``voting`` allows (the Ruleset in force's; by default Ruleset 139's)."""
    terms = terms or Terms()
    voting = voting or _seed_voting()
    category = post.category
    boss = roster.boss
    is_proposal = category == Category.PROPOSAL.value
    cast: dict[str, Vote] = {}
    evc: dict[str, str | None] = {}
    warnings: list[str] = []
    self_killed = False
    vetoed = False
    used_valid: set[str] = set()
    # "the last valid voting icon that they have used": the latest in time, whatever
    # order the comments were listed in (a stable sort keeps same-second ones in order).
    for comment in sorted(post.comments, key=lambda c: c.posted_at):
        if until is not None and comment.posted_at > until:
            continue
        scan = scan_comment(comment)
        for src in scan.unknown:
            warnings.append(f"comment {comment.id} by {comment.author}: unknown voting icon {src}")
        for src in scan.mismatched:
            warnings.append(
                f"comment {comment.id} by {comment.author}: the icon {src} is read as its "
                "image, not its alt text"
            )
        if scan.set_aside:
            icons = ", ".join(v.value for v in scan.set_aside)
            warnings.append(
                f"comment {comment.id} by {comment.author}: {icons} inside a quotation or "
                "struck through, not used as a Vote"
            )
        if not scan.votes:
            continue
        voter = comment.author
        if not roster.is_player(voter):
            near = [n for n in roster.active if n.casefold() == voter.casefold()]
            hint = f" (did the roster mean {near[0]}? names are matched exactly)" if near else ""
            warnings.append(
                f"comment {comment.id}: {voter} is not an active {terms.player}, so has no "
                f"Vote{hint}"
            )
            continue
        for icon in scan.votes:
            if not is_vote_icon(icon, category=category, voter=voter, boss=boss, voting=voting):
                warnings.append(
                    f"comment {comment.id}: {icon.value} by {voter} is not a valid icon"
                    f" on a {category}; ignored"
                )
                continue
            cast[voter] = icon
            evc[voter] = comment.id
            if is_valid_icon(icon, category=category, voter=voter, boss=boss, voting=voting):
                used_valid.add(voter)
            # Permanent once cast, "even if the author later changes their Vote".
            if is_proposal and icon is Vote.AGAINST and voter == post.author and voting.self_kill:
                self_killed = True
            if is_proposal and icon is Vote.VETO and voter == boss and voting.veto:
                vetoed = True
    # "if the author ... has not used a valid voting icon ..., then the author's Vote is FOR"
    # (a DEFERENTIAL on their own CfJ or DoV alone is no valid icon).
    implicit = voting.author_implicit_for
    if implicit and post.author not in used_valid and roster.is_player(post.author):
        cast[post.author] = Vote.FOR
        evc[post.author] = None

    boss_vote = cast.get(roster.active_boss) if roster.active_boss else None
    counts_as_boss = voting.deferential_follows_boss and boss_vote in (Vote.FOR, Vote.AGAINST)
    votes: dict[str, Vote] = {}
    for voter, vote in cast.items():
        if vote is Vote.DEFERENTIAL and counts_as_boss and is_proposal:
            assert boss_vote is not None
            votes[voter] = boss_vote
        else:
            votes[voter] = vote
    return Tally(
        cast=cast,
        votes=votes,
        evc=evc,
        for_count=sum(v is Vote.FOR for v in votes.values()),
        against_count=sum(v is Vote.AGAINST for v in votes.values()),
        deferential_count=sum(v is Vote.DEFERENTIAL for v in votes.values()),
        self_killed=self_killed,
        vetoed=vetoed,
        boss_vote=boss_vote,
        warnings=tuple(warnings),
    )
