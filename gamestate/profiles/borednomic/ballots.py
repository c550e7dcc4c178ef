"""Rule 8.3 and 9.3: which votes count on a proposal, and how strong each is (15.4).

"Each player will vote one of the following: Yay, Nay, or Abstain. Any player who
does not submit a vote for a proposal will vote Abstain by default." The author
gets no vote of their own. A vote counts when a player (not the Admin, not
bankrupt, on the roster then) sends it after the proposal is made and "before
midnight Saturday"; the ``repeated_votes`` setting says which of a player's votes
counts when they send several, ``early_votes`` whether one sent before Friday does.

VotesInReserve (``spend_votes_in_reserve`` on a vote) are spent when the vote they
strengthen is counted, at the end of the Voting Period, in the order the votes were
sent: each adds 1 to the vote, no more than the player holds and no more than
``ceil( level / 2 )`` on one vote (15.6). Spending on an Abstain adds nothing and
spends nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from gamestate.profiles.borednomic import clauses
from gamestate.profiles.borednomic.changes import cut
from gamestate.profiles.borednomic.schedule import Week
from gamestate.profiles.borednomic.standing import Standing
from gamestate.profiles.core import Matter

__all__ = [
    "ABSTAIN",
    "NAY",
    "VOTE_VALUES",
    "YAY",
    "Ballot",
    "ballots_for",
    "spend_reserves",
    "tally",
]

YAY = "Yay"
NAY = "Nay"
ABSTAIN = "Abstain"
VOTE_VALUES = frozenset({YAY, NAY, ABSTAIN})

Warn = Callable[[str, str, str], None]
"""``warn(record, message, clause)``: what the rules merely ignore."""

Eligibility = Callable[[str, datetime], tuple[str, str] | None]
"""``(voter, at)`` -> None if they may vote then, else ``(why not, clause)``."""


@dataclass(frozen=True)
class Ballot:
    """A player's vote that counts on one proposal."""

    matter: str
    voter: str
    value: str
    """``Yay``, ``Nay`` or ``Abstain``."""
    at: datetime
    spend: int
    """VotesInReserve the player asked to spend on it."""


def ballots_for(
    matter: Matter,
    week: Week,
    now: datetime,
    *,
    early_votes: str,
    repeated_votes: str,
    eligible: Eligibility,
    warn: Warn,
) -> list[Ballot]:
    """The votes that count on ``matter`` as of ``now``, one per player at most, in
    the order they were sent."""
    chosen: dict[str, Ballot] = {}
    for i, vote in enumerate(matter.votes):
        if vote.at > now:
            continue
        record = f"matter {cut(matter.id)} vote {i} by {cut(vote.voter)!r}"
        if vote.op != "cast" or vote.value not in VOTE_VALUES:
            continue  # refused by check(); never counted
        if vote.at < matter.posted_at:
            warn(record, "sent before the proposal was made; ignored", clauses.VOTE_WORDS)
            continue
        if vote.at >= week.closes_at:
            warn(record, "sent at or after midnight Saturday; ignored", clauses.VOTE_DEADLINE)
            continue
        if early_votes == "ignore" and vote.at < week.voting_begins:
            warn(record, "sent before the Voting Period; ignored", clauses.VOTING_PERIOD)
            continue
        refused = eligible(vote.voter, vote.at)
        if refused is not None:
            why, clause = refused
            warn(record, f"{why}; ignored", clause)
            continue
        ballot = Ballot(matter.id, vote.voter, vote.value, vote.at, vote.spend_votes_in_reserve)
        if repeated_votes == "first":
            chosen.setdefault(vote.voter, ballot)
        else:
            chosen.pop(vote.voter, None)
            chosen[vote.voter] = ballot
    return sorted(chosen.values(), key=lambda b: b.at)


def spend_reserves(
    ballots: Iterable[Ballot],
    standings: Mapping[str, Standing],
    *,
    commit: bool,
    warn: Warn,
) -> dict[tuple[str, str], int]:
    """VotesInReserve spent per (matter, voter), in the order the votes were sent;
    taken from the players' holdings only if ``commit`` (a closed Voting Period)."""
    held = {name: s.votes_in_reserve for name, s in standings.items()}
    spent: dict[tuple[str, str], int] = {}
    for b in sorted(ballots, key=lambda b: b.at):
        if b.spend <= 0 or b.value == ABSTAIN or b.voter not in standings:
            continue
        cap = standings[b.voter].votes_cap()
        amount = max(0, min(b.spend, held[b.voter], cap))
        if amount < b.spend:
            warn(
                f"matter {cut(b.matter)} vote by {cut(b.voter)!r}",
                f"asks to spend {b.spend} VotesInReserve; holds {held[b.voter]}, may spend"
                f" at most {cap} on one vote at level {standings[b.voter].level}:"
                f" spends {amount}",
                clauses.VOTES_IN_RESERVE_MAX,
            )
        held[b.voter] -= amount
        spent[(b.matter, b.voter)] = amount
    if commit:
        for name, value in held.items():
            standings[name].votes_in_reserve = value
    return spent


def tally(ballots: Iterable[Ballot], spent: Mapping[tuple[str, str], int]) -> tuple[int, int]:
    """(Yay, Nay): each vote 1, plus the VotesInReserve spent on it."""
    yay = nay = 0
    for b in ballots:
        weight = 1 + spent.get((b.matter, b.voter), 0)
        if b.value == YAY:
            yay += weight
        elif b.value == NAY:
            nay += weight
    return yay, nay
