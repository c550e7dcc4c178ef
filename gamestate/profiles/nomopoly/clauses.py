"""The seed's own words (Nomopoly, seed 004) that decide each outcome, quoted verbatim.

The seed's text wraps lines; a quote here joins them with single spaces and keeps the
seed's spelling ("Ye Old Poorbox", "amount of case", "shall move retreat one square").
A test checks that every quote is in the seed.
"""

from __future__ import annotations

__all__ = [
    "ACCEPTED_DICE",
    "ADMIN_FINAL",
    "ANNEX",
    "ATHEIST",
    "BANK_MONEY",
    "BANK_ONLY",
    "BATCH_DAY",
    "BLACK",
    "BLOCK",
    "BRICK",
    "BRICK_MAX",
    "BUY",
    "DEPOSIT",
    "DIAGONAL",
    "DICE_DEFAULT",
    "DISRUPTOR",
    "DOUBLES",
    "DRAIN",
    "END_OF_GAME",
    "FIRST_NAME",
    "FAITH_CREATE",
    "FAITH_DISBAND",
    "FAITH_GOD",
    "FAITH_NAME",
    "HEAVEN",
    "HEAVEN_ABOVE",
    "HIGHEST_PAIR",
    "IDENTICAL_BONUS",
    "INFERNO",
    "INFERNO_BELOW",
    "INFERNO_RETURN",
    "LEGAL_END",
    "JUDGE",
    "MOVE_ON",
    "NEW_SQUARE",
    "ORDER_OF_THE_DAY",
    "ORIGON_WRAP",
    "PAYDAY",
    "POORBOX_FINE",
    "POORBOX_INVEST",
    "POOR_WRETCH",
    "REAL_ESTATE_GUIDES",
    "REJECTED_DICE",
    "REPLACE",
    "SAVINGS",
    "SELL",
    "TRADE",
    "TRADE_UPGRADES",
    "TURN_ORDER",
    "UPGRADE",
    "WARP_LANDS",
    "WARP_ONCE",
    "WARP_PRICE",
    "WARP_USE",
    "WITHDRAW",
    "ZERO_DICE",
]

# Rule "Proposals".
REPLACE = (
    "If a player submits a proposal while another proposal of hers is still undecided, "
    "the later proposal will wholly replace the earlier one."
)
BATCH_DAY = (
    "The admin will judge all proposals submitted within a given 24-hour day at the same "
    "time. A 24-hour day is from 00:00:00 GMT on one real day until 23:59:59 on that same "
    "real day inclusive."
)
JUDGE = (
    "The admin will judge all properly submitted proposals, either accepting or rejecting "
    "them outright, or accepting them in part."
)
TURN_ORDER = (
    "each player who submitted a proposal to the admin for judging shall take a turn in the "
    "order in which their proposal was received by the admin."
)
ACCEPTED_DICE = (
    "When a player has a proposal accepted their dice thrown shall be increased by one for "
    "that turn."
)
REJECTED_DICE = (
    "When a player has a proposal rejected their dice thrown shall be decreased by one for "
    "that turn and cause them to retreat rather than advance during their turn."
)
ZERO_DICE = (
    "If a players dice thrown is reduced to 0 or below, that player shall move retreat one square."
)

# Rule "Administration".
ADMIN_FINAL = "The decision of the admin is final."

# Rule "Order of the Admins Day".
ORDER_OF_THE_DAY = (
    "Each day, the admin shall perform actions in the following order. - Process property "
    "buy orders. - Judge proposals. - Execute player game turns - Perform all other buys, "
    "sells, trades, upgrades, renames and other miscellaneous actions submitted by players. "
    "- Modify the rules as directed by the accepted proposals"
)

# Rule "Turns".
DICE_DEFAULT = "The number of dice thrown defaults to 2 unless modified by other rules."
HIGHEST_PAIR = (
    "If the dice thrown are more then 2, then the amount of the move shall be the highest "
    "pair of dice. Any pair of doubles is considered to be higher than any non doubled pair."
)
IDENTICAL_BONUS = (
    "If the dice thrown are more than 2 and all of the dice are identical, then the player "
    "shall gain money equal to the number of dice times the number shown on one of the dice "
    "as a bonus."
)
DOUBLES = (
    "If the pair used for movement is a set of doubles, then the player earns another turn "
    "to be taken immediately."
)

# Rules "The Universe" and "Origon".
MOVE_ON = (
    "If a player's movement causes her to come to rest in an occupied square, and if the "
    "number of verses in the Universe is strictly greater than the number of players, then "
    "that player will automatically continue movement in the current direction until "
    "reaching the next unoccupied square."
)
ORIGON_WRAP = (
    "If a player on the last square is required to advance, that player immediately moves "
    "to Origon; that move is still considered an advance."
)
NEW_SQUARE = (
    "By direct action of a proposal which requires a new named square to exist. In all "
    "cases, an existing unowned square should be used before a new square is added, even if "
    "the proposal attempts to specify a number."
)
ANNEX = (
    "A player may spend three (3) Real Estate Guides to allow the Universe to annex unused "
    "land, growing in size by one square which is added to the end of the board, and is "
    "initially unnamed and unowned"
)

# Rule "Payday".
PAYDAY = (
    "Every time a player advances past or ends an advance on a square numbered with a power "
    "of two [1,2,4,8,16,32,etc.] they get an amount of case equal to that number."
)

# Rule "Property Values".
BUY = (
    "A Player may purchase any unowned square they are on for by spending one Real Estate "
    "Guide and an amount of cash equal to the square's number."
)
FIRST_NAME = "When a square is first purchased, the player buying it may name it."
UPGRADE = (
    "Players may buy Upgrades for a Square they own, each Upgrade costing an amount of Cash "
    "equal to the current number of other players."
)
DRAIN = (
    "Whenever a Player lands on a Square with a Drain that is owned by another Player, they "
    "must pay the Square's owner Cash equal to the number of Drains on it, or all of their "
    "money, whichever is less."
)
DISRUPTOR = (
    "If a Square has a Disruptor on it, further Upgrades may not be played onto that Square, "
    "nor onto the Squares immediately before and after it."
)
REAL_ESTATE_GUIDES = (
    "Whenever a player makes a proposal, she loses any Real Estate Guides in her possession. "
    "Whenever a player has a proposal accepted, she is given one Real Estate Guide."
)
SELL = (
    "A Player may sell a square they own - upon doing so, they gain cash equal to one less "
    "than its number, as well as a Real Estate Guide. The square keeps its name, but all of "
    "its Upgrades are lost."
)

# Rule "Ye Olde Poorbox".
POORBOX_INVEST = "Whenever a property is invested in, $1 shall be placed in Ye Olde Poorbox."
POORBOX_FINE = (
    "Whenever a player is forced to pay or is fined an amount greater than their current "
    "money, they shall receive half the contents of Ye Old Poorbox the next time they make "
    "a proposal."
)

POOR_WRETCH = (
    'If at any time, a player is obliged to accept money from "Ye Olde Poorbox", they shall '
    "be considered a poor wretch and unable to voluntarily spend that money on the turn on "
    "which they received it."
)

# Rule "Ending The Game".
END_OF_GAME = (
    "The game will end at the day that one and only one player achieves one and only of the "
    "following victory conditions."
)
LEGAL_END = (
    "The game will end immediately (and perhaps drastically) should the admin ever receive "
    "serious and unreconcilable legal threats from the manufacturer of a board game."
)
BLOCK = (
    "Owning a block of 4 or more properties. A block is defined as a linearly connected set "
    "of properties where all of the properties share either the same rank or file (using "
    "the common English meaning)"
)
DIAGONAL = (
    "owning a set of four or more properties which are diagonally adjacent in the topology "
    "of the board."
)

# Upgrades: Bricks, Warp Gates, Savings and Loans.
BRICK = (
    "A Player may only move to or through a Square containing a Brick if the number on any "
    "of the dice they rolled that turn is equal to or greater than the number of Bricks on "
    "that Square."
)
BRICK_MAX = (
    "If a Square contains more than six Bricks, excess Bricks are automatically destroyed "
    "until it contains only six."
)
WARP_PRICE = (
    "The owner of the square may set the price of usage of the Warp Gate when bought, and "
    "may change it at any time via notifying the admin."
)
WARP_USE = (
    "Any player on a square with a Warp Gate may pay the owner of the Gate the usage cost, "
    "and the owner of any other Warp Gate that usage cost, to travel instantly to the square "
    "containing the second Warp Gate."
)
WARP_LANDS = (
    "This counts as landing on the square for purposes of other Upgrades [Drains, for example]."
)
WARP_ONCE = "Warp Gates cannot be used more than once in one turn."
SAVINGS = (
    "Any player may use a Savings and Loan branch on their current square by paying the "
    "owner of the square 1$."
)
BLACK = "A square containing a Savings and Loan branch shall be black."

# Rule "Banking".
BANK_ONLY = "The bank may only be interacted with via a Savings and Loan branch."
DEPOSIT = (
    "Depositing any items in the players possession into the bank vault associated with "
    "that player."
)
WITHDRAW = "Withdrawing any items it the vault associated with that player into their possession."
BANK_MONEY = (
    "Money in the bank will be used to pay fees or fines after money in the characters "
    "possession and is considered to be part of the players current money."
)

# Rule "Faith".
FAITH_CREATE = "At any time, a player may create a faith by becoming its first member."
FAITH_NAME = 'A name ending in "ism"'
FAITH_GOD = "A god. This must be an entity in the game"
FAITH_DISBAND = (
    "Any faith that does not fulfill any of these characteristics at any time shall be "
    "immediately disbanded."
)
ATHEIST = "Any player who is not a member of any faith shall be considered an atheist."

# Rule "Trades".
TRADE = (
    "All players involved in a trade must e-mail the admin within a reasonable timespan with "
    "the details of the trade. If all emails agree, the trade goes forth as detailed. If any "
    "of the emails do not agree on any aspect of the trade, nothing is traded."
)
TRADE_UPGRADES = "If a square is traded, all upgrades are included in the trade."

# Rules "Tyrethali's Inferno" and "Heaven".
INFERNO = (
    "Players may be put there by the Admin for exploiting loopholes or for any reason deemed "
    "so by the Admin. Players may be sentenced there for up to three game days or may post "
    "bail in the amount of $20 * the number of days sentenced. That money goes to Ye Olde "
    "Poorbox."
)
INFERNO_RETURN = (
    "After release from Tyrethali's Inferno, players return to the square they were located "
    "at previously. Returning to that square is not considered to be landed on for the "
    "purposes of other rules"
)
HEAVEN = (
    "Any player who is a member of a faith may jump to Heaven by spending an amount of cash "
    "equal to the current number of verses in the universe."
)
INFERNO_BELOW = "Tyrethali's Inferno is directly below Origon."
HEAVEN_ABOVE = "Heaven is directly above Origon."
