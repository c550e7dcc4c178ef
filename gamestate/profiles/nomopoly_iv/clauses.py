"""The seed's own words (Nomopoly IV, seed 002) that decide each outcome, quoted verbatim.

The seed keeps the accepted proposals newest first, with their spelling ("A players
who's Level", "Expererience", "Dark Lords Shop of Terror", "Receive Training"). A test
checks that every quote here is in the seed.
"""

from __future__ import annotations

__all__ = [
    "SHOP_OF_TERROR",
    "FEATHER",
    "FORCE_FIELD",
    "GHOST",
    "STAR_EGG",
    "LIGHTNING_BOLT",
    "BUY_REQUEST",
    "DARK_LORD_PAID",
    "DUCKY_MOVES",
    "ECHO",
    "ENCHANTMENT",
    "FULFILL_BUY",
    "FULFILL_SELL",
    "GREEN_SHELL",
    "LEAVES_LABORATORY",
    "MARKET_ALIVE",
    "PIES",
    "RED_SHELL",
    "RETRACT",
    "RETRACT_BUY",
    "RETRACT_SELL",
    "SAFECRACKING",
    "SAFECRACKING_GONE",
    "SELL_REQUEST",
    "SUPER_MINING",
    "BOX_120_HOURS",
    "BOX_REFILL",
    "COIN",
    "COOL_DOWN",
    "COUNTER_RESEARCH",
    "COUNTER_RESEARCH_COMMAND",
    "DEAD",
    "DEAD_MAY_NOT_PROPOSE",
    "DECREASE_JUMPS",
    "FAIRY_APPEARS",
    "FAIRY_LEAVES",
    "FAIRY_TAUGHT",
    "FORT_WINDOW",
    "HOURLY_COOL_DOWN_END",
    "JUMP",
    "JUMPS_FINE",
    "JUMPS_TICK",
    "KILLS",
    "LAZY_EVENTS",
    "LEVEL_UP",
    "LEVEL_ZERO",
    "LIMIT_REPEALED",
    "MOVE",
    "MUSHROOM",
    "MUSKETEER",
    "NEGATIVE_EXPERIENCE",
    "REFINE_GOODS",
    "RESEARCH_BREAKTHROUGH",
    "RESEARCH_INCOME",
    "DARK_LORD_SALE",
    "SHOP_MOVES",
    "TAKE_THE_ITEM",
    "TEACHING",
    "TIES",
    "WINNER",
]

# Victory.
WINNER = "If any player's level is 25 or higher, that player is declared the winner."
TIES = (
    "If this would cause multiple people to win simultaneously, the player with the highest "
    "level is declared the winner. If this still does not determine a single winner, the "
    "player (among those between which the title of winner is in contention) who has the "
    "highest experience is declared the winner (if multiple players would still be declared "
    "winner, they all are)."
)

# Experience, Level and State of Being.
LEVEL_UP = (
    "If at any time a player has got an amount of Experience equal to or exceeding "
    "|Level|*10 then his Experience is decreased by |Level|*10 and his Level is increased by "
    "one."
)
LEVEL_ZERO = (
    "Only exception is if a player's Level is zero then the number '|Level|*10' in the above "
    "description is replaces by '1'."
)
NEGATIVE_EXPERIENCE = (
    "If a player should get negative Experience his Expererience is instead set to zero and "
    "his Level is decreased by one."
)
DEAD = "A players who's Level is equal or less than zero becomes dead."
DEAD_MAY_NOT_PROPOSE = (
    "If a player is dead, he may not make any proposals or retract proposals made by him."
)
LIMIT_REPEALED = (
    "Remove rule XV.2 (regarding limiting the number of voluntary actions, such as giving any "
    "command to any unit, to 30 per day, see also Jeff's message board ruling)."
)
KILLS = (
    "Whenever a player directly causes another player's unit to be killed (by attacking or "
    "otherwise), the attacking player receives 5 experience points. Whenever a player directly "
    "causes another player's building to be destroyed, the attacking player receives 20 "
    "experience points."
)

# Jumps.
JUMPS_TICK = (
    "Every day at noon and midnight Central time, each player's Jumps property is increased by one."
)
JUMP = (
    "A player may, at any time, choose to jump to a square that they do not currently occupy, "
    "and whose distance is less than or equal to their Jumps value. Their Jumps value is then "
    "decreased by that distance, and their experience is increased by 1."
)
DECREASE_JUMPS = "A player may also choose to decrease their Jumps value by 1."
JUMPS_FINE = (
    "If a player's Jumps property is ever 10 or more, that player is fined $100, and their "
    "Jumps value is set to 0."
)
MUSHROOM = "The player using this item has his Jumps value increased by 3."
COIN = "When a player uses a Coin, he receives $(250 * his current level)."

# Scientists.
RESEARCH_INCOME = (
    "Every day at noon Central, each player gains $50 for each Scientist they own that is "
    "Researching."
)
COUNTER_RESEARCH = (
    "Every day at midnight Central, each player gains $25 for each Scientist they own that is "
    "Counter-Researching. In addition, if the total number of Scientists Counter-Researching "
    "(regardless of owner) exceeds the total number of Scientists Researching (regardless of "
    "owner), each player loses $25 for each Scientist they own that is Researching and each "
    "player gains $25 for each Scientist they own that is Counter-Researching."
)
RESEARCH_BREAKTHROUGH = (
    "When the Scientist to which this command is issued stops cooling down, it begins "
    "Researching. If that Scientist is Counter-Researching when this command is issued, it "
    "stops Counter-Researching."
)
COUNTER_RESEARCH_COMMAND = (
    "When the Scientist to which this command is issued stops cooling down, it begins "
    "Counter-Researching. If that Scientist is Researching when this command is issued, it "
    "stops Researching."
)

# Commands and cool-downs.
COOL_DOWN = (
    "After a command is issued, the effect associated with the command takes place, and that "
    "unit/building may not be issued another command until the cool down time for the command "
    "has elapsed."
)
HOURLY_COOL_DOWN_END = (
    "Every hour on the hour one randomly selected unit or building which is cooling down will "
    "have its cool down ended."
)
MOVE = (
    "Cool down time: 10 days divided by the speed of the unit (so for example, the cool down "
    "time for moving a Warrior would be 1 day)"
)
MUSKETEER = (
    "If the Musketeer attacks a target that is two square away it then it cools down for 36 "
    "hours. If it attacks a target that is one square away then it cools down for 24 hours."
)
REFINE_GOODS = (
    "When the unit/building to which this command is issued finishes cooling down, that "
    "player receives 110% of the money they chose when issuing the command."
)

# The Experience Fairy.
FAIRY_APPEARS = (
    "Every Sunday at noon GMT the Experience Fairy will appear on the board at a random square."
)
TEACHING = (
    "The first player to go to the same square as the Experience Fairy and perform the "
    '"Receive Teaching" action gains 25 experience.'
)
FAIRY_TAUGHT = (
    'After one player has done the "Receive Teaching" action the Experience Fairy goes back to '
    "his realm in the sky."
)
FAIRY_LEAVES = (
    'If no one performs the "Receive Training" within 1 day of the Fairy coming then the Fairy '
    "returns back to his realm."
)

# ? Boxes, the Dark Lord and his Shop.
BOX_120_HOURS = (
    "If a ? Box remains unopened on the board for 5 consecutive days (120 hours), the ? Box is "
    "opened and the Dark Lord gets the item inside."
)
DARK_LORD_SALE = (
    "If there are currently any sell requests on the Public Market for that item, the Dark "
    "Lord will submit a sell request on that item, with a price equal to $1 less than the "
    "current lowest price of all sell requests for that item."
)
BOX_REFILL = (
    "If at any time there are less than 10 ? boxes on the board, a new ? box will be placed on "
    "a randomly selected square that does not contain a ? box"
)
TAKE_THE_ITEM = (
    "If a player occupies a square that contains a ? box, that player may take the item that "
    "is in that ? box. This causes that ? box to disappear."
)
SHOP_MOVES = (
    "Every Saturday at midnight GMT the Dark Lords Shop of Terror will have its location "
    "changed to a different random square on the board."
)

# One-week windows.
FORT_WINDOW = (
    "For a period of 1 week starting from when this proposal is implemented players may "
    "select an unoccupied square, pay $1250, and gain a new fort on that square."
)

# The site's lazy clock (the Admin's comment).
LAZY_EVENTS = (
    "time scheduled events will happen the next time someone loads a page from the website "
    "after the event was supposed to happen. (Since nothing happened since then, this is "
    "identical to the event happening at the correct time)."
)

# Proposals retracted.
RETRACT = "If a player is dead, he may not make any proposals or retract proposals made by him."

# The Public Market.
MARKET_ALIVE = "Any player who is not dead may use the Public Market's services at any time."
BUY_REQUEST = (
    'Submit a "Buy Request". The player specifies an item that he wants to buy and the amount '
    "of money he is willing to pay for it. The player must pay that amount of money immediately."
)
RETRACT_BUY = (
    "Retract a buy request made by that player. The player is refunded the money he spent for "
    "that buy request, and the buy request is removed from the market."
)
FULFILL_BUY = (
    "Fulfill a buy request. The player receives the amount of money specified in the buy "
    "request, and gives the item to the player that made the buy request."
)
SELL_REQUEST = (
    'Submit a "Sell Request". The player specifies an item that he wants to sell and the amount '
    "of money he is willing to sell it for. The player loses that item immediately."
)
RETRACT_SELL = (
    "Retract a sell request made by that player. The player is given back the item he lost for "
    "that sell request, and the sell request is removed from the market."
)
FULFILL_SELL = (
    "Fulfill a sell request. The player receives the item specified in the sell request, and "
    "pays the amount of money specified in the sell request to the player that made the sell "
    "request."
)
DARK_LORD_PAID = (
    "If/when that sell request is fulfilled, the money paid for it goes into the Bank Account "
    "of Terror."
)

# Enchantments and items.
ENCHANTMENT = (
    "If an enchanted unit would be enchanted by an enchantment of the same name, the duration "
    "of that enchantment is instead reset"
)
SUPER_MINING = (
    "all of the SCV's owned by the player whom uses this pick immediately become enchanted with "
    "Super Mining. This enchantment lasts for 3 days. While enchanted with Super Mining an SCV "
    "whom is issued the mining command magically mines an extra $50 in resources."
)
ECHO = (
    "While enchanted by Echo, if the Mesmer is issued another command, it may (within 1 hour of "
    "the command being issued), be issued the same command"
)
SAFECRACKING = (
    "When the 24 hours have elapsed, the ? box is removed and the item contained within it is "
    "given to the player who owns the SCV, exactly as if he had just taken the item himself."
)
SAFECRACKING_GONE = (
    "If the ? box contained on the square is removed [say, by another player or by another SCV "
    "safecracking] before the SCV finishes safecracking, then the SCV begins cooling down for "
    "the amount of time he had left to finish safecracking."
)
LEAVES_LABORATORY = (
    "If the Scientist occupies a square which does not contain a Laboratory while Researching, "
    "it stops Researching."
)

# The Rber Ducky.
DUCKY_MOVES = (
    "The Rber Ducky occupies a square on the board, and will move forward by the roll of a "
    "6-sided dice every Monday, Wednesday, and Saturday."
)
PIES = (
    "Any unfortunate player caught on the same square as the Rber Ducky when this happens are "
    "hit by a pie, lose one tenth of all their money and are pushed one square forward. Any "
    "money lost this way is sent to the Bank Account of Terror."
)
RED_SHELL = (
    "The player using this item may select any other player. The Rber Ducky immediately jumps "
    "to the square occupied by that player."
)
GREEN_SHELL = (
    "The Rber Ducky immediately jumps to the square occupied by a randomly selected player "
    "(excluding the player who used this item)"
)
LIGHTNING_BOLT = (
    "All players except for the one using this item are immediately transported to the square "
    "occupied by the Rber Ducky."
)
FORCE_FIELD = (
    "A force field is placed around the player's current square and remains there for the next "
    "3 days. During this time, no player may jump (as defined in rule XVI) to that square."
)
STAR_EGG = (
    "The player does not lose this item after using it. After using a Star Egg, that player "
    "may not again use a Star Egg for 7 days."
)
FEATHER = "The player is immediately transported to any square of his choice."
GHOST = 'The player using this item becomes "invisible" for 3 days.'
SHOP_OF_TERROR = "Any player who occupies this square may perform any of the following actions:"

# A square's resources (see :mod:`.resources`) and what an invisible player hides.
__all__ += [
    "DUCK_POND",
    "EMPATHY_SEEN",
    "EMPATHY_SOURCE",
    "FERTILE_SEASON",
    "INVISIBLE",
    "MINE",
    "MINIONS_REMOVED",
    "NEW_SQUARES",
    "NEW_SQUARES_60",
    "ONE_REFINERY",
    "REFINERY",
    "RESOURCES",
    "RESOURCES_SEEN",
    "SUPER_MINING_GENERAL_CASE",
]
RESOURCES = (
    "Each square currently on the board (as well as any new squares that are created in the "
    "future) will receive a random amount of resources, ranging from $0 to $10000 in multiples "
    "of $1000."
)
RESOURCES_SEEN = (
    "A player will only be able to see the amount of resources in a square if he occupies that "
    "square or owns a unit or building in that square."
)
NEW_SQUARES = (
    "Extend the board to 90 squares by adding 30 squares after the end of the board. Each new "
    "square will be given its share of resources (the normal $0-10 000 in multiple's of $1000)."
)
NEW_SQUARES_60 = (
    "For each square currently on the board, add two new squares: one being the successor of "
    "the original square, and one the predecessor. All newly created squares contain a random "
    "amount of resources (as per Rule VII.10)."
)
MINE = (
    "The player receives $250 from the resources of the square the SCV is on (ie. the player "
    "receives $250 and the resources of the square are decreased by $250). The resources of a "
    "square may not go below $0. If a player attempts to mine a square that has less than $250, "
    "then the player will only mine whatever resources are left on the square."
)
SUPER_MINING_GENERAL_CASE = (
    "In the general case the owner of an SCV issued the mining command will receive $300 but "
    "the square they mined from will only lose $250."
)
REFINERY = (
    "When an SCV is issued the Mine command while occupying the same square as a Refinery, the "
    "player who owns the SCV gets an additional $50 which is not deducted from the resources of "
    "the square (as with Super Mining)."
)
ONE_REFINERY = "A square may only contain one Refinery."
DUCK_POND = (
    "If the Rber Ducky lands on a square containing a Duck Pond, then 50% of the money in the "
    "Bank Account of Terror will be subtracted from the Bank Account of Terror and added to the "
    "resources of that square."
)
FERTILE_SEASON = "The square at which this Monk is located has its resources increased by $1000."
MINIONS_REMOVED = (
    "Remove Minions and Lairs from the game (remove all Minions and Lairs from the Board, and "
    "remove all rules in section XIX, pertaining to Minions and Lairs)."
)
INVISIBLE = (
    "A player that is invisible does not have his location shown to other players, and any "
    "time an invisible player performs an action that would result in him moving to another "
    "square, this action will not show up on the History page."
)
EMPATHY_SEEN = (
    "Whether or not a unit is enchanted by Empathy is visible only to the owner of the enchanted "
    "unit."
)
EMPATHY_SOURCE = (
    "The Warrior sustains 5 damage, but the owner of the Warrior does not see the source of the "
    "damage."
)
