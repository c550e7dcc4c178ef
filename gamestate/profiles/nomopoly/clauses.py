"""The seed's own words (Nomopoly, seed 004) that decide each outcome, quoted verbatim.

The seed's text wraps lines; a quote here joins them with single spaces and keeps the
seed's spelling ("Ye Old Poorbox", "amount of case", "shall move retreat one square").
A test checks that every quote is in the seed.
"""

from __future__ import annotations

__all__ = [
    "ACCEPTED_DICE",
    "ANNEX",
    "BATCH_DAY",
    "BUY",
    "DICE_DEFAULT",
    "DIAGONAL",
    "DISRUPTOR",
    "DOUBLES",
    "DRAIN",
    "END_OF_GAME",
    "HIGHEST_PAIR",
    "IDENTICAL_BONUS",
    "JUDGE",
    "MOVE_ON",
    "ORDER_OF_THE_DAY",
    "ORIGON_WRAP",
    "PAYDAY",
    "POORBOX_FINE",
    "POORBOX_INVEST",
    "BLOCK",
    "REAL_ESTATE_GUIDES",
    "REJECTED_DICE",
    "REPLACE",
    "SELL",
    "TURN_ORDER",
    "UPGRADE",
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

# Rule "Ending The Game".
END_OF_GAME = (
    "The game will end at the day that one and only one player achieves one and only of the "
    "following victory conditions."
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
