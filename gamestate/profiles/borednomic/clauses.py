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
REMOVED = (
    "Repeated violations of this rule will result in the offending player being removed from"
    " the game."
)

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
PROPOSAL_IS = "A proposal is one of the following:"
SEND_BACK = (
    "If a proposal is unclear, paradoxical, or is missing required information, the Admin,"
    " time permitting, may send the proposal back to the player who made it and offer"
    " suggestions as to how to fix the proposal."
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
RANDOM_ORDER = (
    "During each update, each player will receive one turn, with the order of the players"
    " being randomly determined."
)
ROUND_ROBIN = (
    "If two or more players take actions whose results depend on each other, each player"
    " will take one action at a time in a round-robin fashion, with the order of the"
    " players being randomly determined."
)

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

# 4: Money (the rest)
NO_VOLUNTARY_BANKRUPTCY = (
    "No player may take any voluntary action that directly causes him to become bankrupt."
)
BANKRUPT_NO_LOSS = (
    "any player that is bankrupt may not take any voluntary action that directly results"
    " in a loss of money."
)
SELL_BACK = (
    "If a player is bankrupt, that player has the option to sell all their sellable items"
    " and property. Items and property are sold back for one third of their original"
    " purchase price, rounded up to the nearest integer."
)

# 5: Items
ITEM_USE = (
    'If stated in the item\'s description, an item may be "used" by the player owning it'
    " and any actions associated with using the item will take place."
)
TICKET = "On next turn, instead of rolling dice, player jumps directly to The Arena."
TICKET_PRICE = "Purchased at any time for $100."

# 6: The Board
BOARD_START = (
    "The board will initially contain 20 squares, numbered with the integers from 1 to 20"
    " inclusive."
)
SQUARE_ADDED = (
    "Any time a new square is added to the board, its number will be the integer one"
    " greater than that of the highest numbered square on the board at that time."
)
SUCCESSOR = (
    "The successor of a square is the square which has the lowest value greater than the"
    " value of the current square. The successor of the highest numbered square is"
    " Square #1."
)
GRID = "The squares are laid out two-dimensionally in a grid with 10 columns."
START_SQUARE = "All players start the game on Square #1."
MOVE = (
    'If a player takes a turn or is instructed to "move" to a particular square, the player'
    " is said to leave his current square, land on the final square, and pass over each"
    " square in between."
)
JUMP = (
    'If a player is instructed to "jump" to a particular square, he is said to leave his'
    " original square and land on the destination square, without passing over any"
    " squares."
)
COLOURS = (
    "Each square will have a color associated with it that repeats every 5 squares. The"
    " cycle goes: Red, Yellow, Green, Cyan, Blue."
)

# 7: Turns
TURN = (
    "When a player takes a turn, the Admin will roll two regular 6-sided dice and move the"
    " player ahead on the board the amount of squares equal to the sum of the dice."
)
ONE_TURN_EACH = "During each update, each player will receive one turn"
ADMIN_PAY = "the Admin gets 1 Disinterested Dollar each period for his hard work."

# 11: Ending the Game
GAME_ENDS = "Once someone has been declared the winner, the game ends."
LAST_SOLVENT = (
    "If there is only one player in the game who is not bankrupt, the non-bankrupt player"
    " is declared the winner."
)

# 12: Level, Experience, Hit Points
HIT_POINTS_OUT = (
    "If at any time a player has 0 or less hit points, his hit points will be set to 100"
    " and his level will be decreased by 2."
)
RESET_LEVEL = (
    "At any time, any player has the option of resetting themselves to level one and"
    " receiving 1 dollar of currency."
)
BUY_HIT_POINTS = "Players can buy back depleted hit points for $250 per point."
HIT_POINTS_PER_TURN = (
    "There is a maximum of N points per turn, where N is equal to the player’s level."
)
HIT_POINTS_MAX = "the total number of hit points can never exceed 100 in this way."

# 13: Go
GO = 'Each time a player passes over a square named "Go", he or she gets awarded $200.'

# 14: Golden Egg Laying Hen
HEN_PRICE = "At any given time, a player may purchase a Golden Egg Laying Hen for $3000."
HEN_LAYS = (
    "While in posession of a hen, the hen has a 1 in 4 chance of laying a Golden Egg every turn."
)
EGG_EXCHANGE = "Golden eggs may be kept as an item or exchanged for $1000."
HEN_NEXT_TURN = (
    "The hen will begin having the chance to lay eggs on the turn after it is purchased."
)
HEN_MAX = "Each player may own a maximum of 4 Golden Egg Laying Hens."

# 16: Property Ownership
BUY_SQUARE = (
    "When a player lands on an unowned square, he may purchase that square at a cost of 25"
    " * (the square number) Disinterested Dollars. The player is then considered to be the"
    ' "owner" of the square. A single square may not have more than one owner.'
)
SQUARES_MAX = (
    "A player may not purchase a square if doing so would cause the total number of"
    " squares he owns to be greater than his current level."
)
NAME_SQUARE = "Upon purchasing a square, the player must submit a name for the square."
NAME_REJECTED = (
    "The Admin has the right to reject any square name that in his opinion is"
    " inappropriate, too long, or too close to the name of another square."
)
GIVE_UP = (
    "A player may at any time voluntarily give up ownership of any square he owns, thereby"
    " causing the square to once again become unowned."
)
OTHERS_SQUARE = (
    "When a player lands on a square owned by another player, the following things will happen:"
)

# 17: The Arena
ARENA = "Square 21 is The Arena."
COMBAT = "If a player lands on The Arena, he may initiate combat with one of the other players."
COMBAT_DICE = (
    "Combat is resolved by having each player roll two six-sided dice plus one six sided"
    " die for each of their levels. The player with the highest result wins."
)
COMBAT_WIN = (
    "The winner receives 20 experience points for each opponent beaten and may choose to"
    " take a single item of his/her choice from each loser."
)
GLADIUS_WON = "The first player to beat more than half of the players will win the Golden Gladius."
GLADIUS = (
    "The Golden Gladius allows its owner to roll an extra 4-sided die in combat in the"
    " arena, and they will earn $50 whenever a combat takes place in the arena."
)
DAMAGE = (
    "When combat in The Arena is resolved, the loser will sustain an amount of damage equal"
    " to the difference of the two player's total dice rolls."
)

# 18: Trade
TRADE = (
    "In order for a trade to be completed, all players involved in the trade must e-mail"
    " the Admin stating the exact details of the trade."
)

# 19: Winning the Game
MILLION = "If a player ever has at least 1,000,000 Disinterested Dollars, he wins the game."

# 20: The Inquisition
INQUISITION = "Square 22 is The Inqusition. It can not be owned by any player."
CATEGORY = (
    "Any player who lands on the Inquisition will roll one six-sided die, the result of"
    " which will correspond to a category:"
)
ANSWER_FIRST = (
    "must be answered (correctly or incorrectly) before the player can advance from the"
    " Inquisition."
)
CORRECT = (
    "Any player who correctly answers a question will be awarded 100 disinterested dollars"
    " and 20 experience points."
)
ROBE_WON = (
    "The first player to correctly answer ten questions will win the Inquisitor's Robe, an"
    " item with unlimited uses which makes its wearer exempt from questioning if he or she"
    " lands on the Inquisition."
)
ROBE_QUIZ = (
    "If the wearer of the Inquisitor's Robe comes to occupy any space with one or more"
    " players, he or she is able to present the other player(s) with a trivia question in"
    " the category of his or her choice from the above list."
)
ROBE_ANSWERS = (
    "If the player(s) answer correctly, they will be awarded 20 experience points each. For"
    " every player who answers incorrectly, the Inquisitor will gain 20 experience points"
    " and 50 of that player's disinterested dollars."
)
DIFFERENT_QUESTION = (
    "If two or more players are being questioned in The Inquisition or by a player wearing"
    " the Inquisitor's Robe, each player is given a different question."
)
