"""Infinite Nomic Aeternus's own words (seed 001), quoted verbatim: each verdict names
the clause that decides it. A test checks every quotation against the shipped seed.

The seed's two reaction emoji were garbled in the copy we have (both read "π"); the
quotations keep them as the seed has them, and the settings ``reactions`` and ``poll``
say which emoji the game really uses."""

from __future__ import annotations

__all__ = [
    "JOIN",
    "JUDGE_OVERTURNS",
    "LEAVE",
    "CONFIDENCE_OVERTURNED",
    "CONFIDENCE_PERIOD",
    "CONFIDENCE_UNCLEAR",
    "CONFIDENCE_WINDOW",
    "DAYS",
    "JUDGE_CANDIDATE",
    "JUDGE_ELECTED",
    "JUDGE_POPULAR",
    "JUDGE_TIES",
    "PHASES",
    "PHASE_NUMBER",
    "REACTIONS",
    "REPUTABLE",
    "REPUTABLE_DECLARED",
    "SIMULTANEOUS",
    "STANDARD_PERIOD",
    "STANDARD_POPULAR",
    "TAKES_EFFECT",
    "UNCLEAR",
    "URGENT_PERIOD",
    "URGENT_POPULAR",
    "URGENT_REPUTABLE",
    "WEEKS",
]

# 1 - Time
DAYS = "All times mentioned in this ruleset are in UTC. Days start at 00:00 UTC."
WEEKS = "Weeks start on Monday 00:00 UTC."
PHASES = (
    "Each week is divided into two phases: * '''Phase I:''' Sunday, Monday, Tuesday and"
    " Wednesday * '''Phase II:''' Thursday, Friday and Saturday"
)
PHASE_NUMBER = (
    "The Phase Number is the number of phases since the beginning of the cycle, starting"
    " with 0 on the phase the cycle began."
)

# 2 - Players
REPUTABLE = (
    "A player is 'reputable' if they have continuously been a player for the previous seven"
    " days or if they have continuously been a player from a time that was within 3 days of"
    " the round starting."
)
REPUTABLE_DECLARED = (
    "If two reputable players publicly declare that an unreputable player (i.e. a player who"
    " has not yet become reputable) is reputable then that unreputable player becomes"
    " reputable immediately."
)

# 3.1 - Proposals
REACTIONS = (
    "A π or π reaction from a player on a Proposal message at the time when the voting"
    " period ends constitutes a vote in favor or against, respectively."
)
UNCLEAR = "If a person's vote is unclear (excluding abstentions), it is considered to be against."
TAKES_EFFECT = (
    "At the end of its voting period, a proposal takes effect if it is popular (as defined"
    " for its type) and the message in which it was submitted has been neither deleted nor"
    " edited."
)
SIMULTANEOUS = (
    "If more than one proposal would otherwise take effect simultaneously, they take effect"
    " in the order in which they were created."
)
URGENT_PERIOD = (
    "The voting period of an urgent proposal begins at the time it is submitted and ends"
    " two days after."
)
URGENT_POPULAR = "An urgent proposal is popular if it has no more than two votes against it."
URGENT_REPUTABLE = (
    "Rules to the contrary notwithstanding, only a reputable player can submit an urgent proposal."
)
STANDARD_PERIOD = (
    "The voting period for a standard proposal is the phase that started after the proposal"
    " was submitted."
)
STANDARD_POPULAR = (
    "A standard proposal is popular if it has more votes in favor than votes against."
)

# 3.2 - Judgement
CONFIDENCE_WINDOW = (
    "Within 4 days of a judge issuing a ruling, a public vote of confidence on that ruling"
    " can be initiated in #request-for-justice."
)
CONFIDENCE_PERIOD = "Votes may be cast in such a vote for a period of 2 days after initiation."
CONFIDENCE_UNCLEAR = (
    "Votes are to be cast by π or π reactions on a clearly designated poll message; if a"
    " person's vote is unclear, it is to affirm the judgement."
)
CONFIDENCE_OVERTURNED = (
    "A ruling is overturned if strictly more players vote in favor of overturning than affirming."
)
JUDGE_CANDIDATE = (
    "Any reputable player may become a candidate for the Judge by sending a message in the"
    " channel #judge-elections."
)
JUDGE_ELECTED = (
    "If there are any Judge candidacies put forward during a week, the player whose message"
    " is both popular and has the most π reactions from players becomes the Judge once that"
    " week ends."
)
JUDGE_POPULAR = (
    "A Judge Candidacy message is popular if it has more π than π reactions from players on"
    " its initiating message."
)
JUDGE_TIES = (
    "Ties are broken in favor of the player with the earliest text message during that week."
)

# 2 - Players: joining and leaving.
JOIN = (
    "Any person may become a player by posting a message setting forth their intent to do so "
    "in the channel β #game-actions, provided they have not been a player at any point in the "
    "past seven days."
)
LEAVE = (
    "A player may cease being a player by sending a message that sets forth their intent to do "
    "so in #β game-actions."
)

# The Judge overturning their own ruling.
JUDGE_OVERTURNS = (
    "A ruling may be overturned by the Judge who made it within one week of being made. When a "
    "ruling is overturned in this manner, the Judge shall then issue a new ruling on the "
    "initial request, which shall be binding in the same manner as the original ruling."
)
