"""BoredNomic's own words (seed 000), quoted verbatim: each verdict names the clause
that decides it. A test checks every quotation against the shipped seed text."""

from __future__ import annotations

__all__ = [
    "ACCEPTED",
    "ADMIN_NOT_PLAYER",
    "ADMIN_ONLY_PROPOSAL",
    "BANKRUPT",
    "BANKRUPT_MAY_NOT",
    "EXPERIENCE",
    "EXTRA_PROPOSITION",
    "LEVEL_UP",
    "PAUSE",
    "PLAYERS_PROPOSE",
    "PROPOSAL_DEADLINE",
    "REJECTED",
    "TWO_PROPOSALS",
    "UNPAUSED",
    "VETO",
    "VOTE_DEADLINE",
    "VOTE_WORDS",
    "VOTES_IN_RESERVE_MAX",
    "VOTING_PERIOD",
    "VOTE_STRENGTH",
    "WEEKLY_CYCLE",
]

# 3: Players
ADMIN_NOT_PLAYER = "The Admin is not considered to be a player."

# 4: Money
BANKRUPT = "If a player has less than $1, that player is said to be bankrupt."
BANKRUPT_MAY_NOT = (
    "A player who is bankrupt may not propose rules, vote, or make any choices based on"
    " options resulting from their moves."
)

# 8: Proposals
VOTE_WORDS = (
    "Each player will vote one of the following: Yay, Nay, or Abstain. Any player who does"
    " not submit a vote for a proposal will vote Abstain by default."
)
ACCEPTED = (
    "If the number of players who vote Yay on a proposal is greater than the number of"
    " players who vote Nay, the proposal is accepted and the current rules are modified"
    " accordingly."
)
REJECTED = (
    "If the proposal does not receive the required number of Yay votes, the proposal is"
    " rejected and is discarded."
)
VETO = (
    "The Admin has the right to veto any proposal which in his opinion is discriminatory,"
    " infeasible to implement, or in any way destructive of game play."
)

# 9: Schedule of Events
WEEKLY_CYCLE = (
    "BoredNomic will operate on a weekly cycle. The BoredNomic web site will be updated"
    " once each Thursday and Sunday."
)
PLAYERS_PROPOSE = (
    "Monday through Wednesday will be Rule Proposition Period. During this time, each"
    " player will have the option to make a proposal."
)
TWO_PROPOSALS = (
    "Each player may make up to two proposals per week. If more than one proposal is made"
    " by the same player during the same week, only the last two sent will be considered."
)
PROPOSAL_DEADLINE = "Proposals must be received by the Admin before midnight Wednesday."
VOTING_PERIOD = "Friday and Saturday will be Voting Period."
VOTE_DEADLINE = "Votes must be received before midnight Saturday."

# 10: Disruption of Gameplay
PAUSE = "During a pause, no turns are taken and no proposals are made by players."
ADMIN_ONLY_PROPOSAL = "ultimately the Admin will make the only proposal that week"
UNPAUSED = "If the proposal is accepted, the game is unpaused and continues as normal."

# 12: Level, Experience, Hit Points
LEVEL_UP = (
    "If at any time a player has an experience value greater than or equal to 10 times his"
    " level, then his experience will be decreased by 10 times his level, and his level"
    " will increase by 1."
)
EXPERIENCE = (
    "Any time a proposal is accepted, the player who made that proposal receives 10"
    ' experience points, and each player who voted "Yay" on that proposal receives 1'
    " experience point."
)

# 15: PropositionsInReserve and VotesInReserve
EXTRA_PROPOSITION = (
    "A player may spend 1 PropositionsInReserve to make an extra proposition that turn."
)
VOTE_STRENGTH = (
    "A player may spend 1 VotesInReserve to increase the strength of their vote by 1 that turn."
)
VOTES_IN_RESERVE_MAX = "A player may not have more than ceil( level / 2 ) VotesInReserve."
