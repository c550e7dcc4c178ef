"""Infinite Nomic's words on the world, factions, actions and victory (seed 001, rules
2.1, 5, 6, 6.1, 6.2 and 8), quoted verbatim: each verdict on the world names the clause
that decides it. A test checks every quotation against the shipped seed."""

from __future__ import annotations

__all__ = [
    "AP",
    "BIOME_POOL",
    "BIOME_RANDOM",
    "BOARDWALK",
    "BOARDWALK_COST",
    "CARDINAL",
    "CONSTRUCTION",
    "CONSTRUCT_WHERE",
    "CORRUPT_CHANCE",
    "CORRUPT_SET",
    "CORRUPT_SPREAD",
    "COORDINATE",
    "CYCLE_ENDS",
    "DUNES_NEXT_TO_SWAMP",
    "DUNES_WINDS",
    "FACTION",
    "FLAG_COST",
    "FLAG_ONE",
    "FLAG_OWNED",
    "GENERATION",
    "INDETERMINATE",
    "INFLUENCE",
    "INFLUENTIAL",
    "LAKE_ENCLOSED",
    "LAKE_NO_MOVE",
    "LANDMARK",
    "LEAVE_FACTION",
    "MASS",
    "MERGE",
    "MERGE_ACCEPTED",
    "MERGE_FLAGS",
    "MERGE_NAME",
    "MERGE_VOTERS",
    "ORIGIN",
    "PASS_COST",
    "PYLON",
    "PYLON_COST",
    "PYLON_CURES",
    "SCOUT",
    "SCOUT_COST",
    "STAG_COST",
    "STAGWAYS",
    "STAGWAYS_NOT_MOVING",
    "STAGWAYS_REST",
    "SWAMP_CHANCE",
    "SWAMP_NEXT_TO_DUNES",
    "TRAVERSE",
    "TRAVERSE_COST",
    "VICTORY",
]

# 2.1 - Factions
FACTION = (
    "Each player is always a member of a single faction. If they have not merged with another"
    " faction, they are apart of a faction with their own name."
)
MERGE = "Two factions may merge if a merge request is accepted."
MERGE_VOTERS = "This request may be voted upon only by players of the concerned factions."
MERGE_ACCEPTED = (
    "If it receives a greater number of affirmative votes than against votes, it is accepted."
)
MERGE_NAME = "The request must include a name for this new faction."
MERGE_FLAGS = (
    "All flags owned by either of the previous factions are then owned by the new faction."
)
LEAVE_FACTION = (
    "A player may leave a faction, creating a new faction with their own name. If there would"
    " be no members of the old faction, it is deleted and all of it's flags destroyed."
)
INFLUENCE = (
    "A faction's influence is determined by the number of hexes occupied divided by it's"
    " number of members."
)
INFLUENTIAL = "A faction is influential if it's influence is positive."

# 5 - World
ORIGIN = (
    "All players are initially on hex (0, 0, 0), \"the origin\", with the 'Meadow' biome and"
    " 'Barren' landmark."
)
COORDINATE = (
    "Every hex has an associated coordinate (x, y, z) with integer ordinates, determined by"
    " taking the minimal number of steps from the origin along x, y and z in that order."
)
INDETERMINATE = (
    "An indeterminate hex is yet to be generated and has it's data undefined. Unless"
    " specified, every hex is indeterminate until generation."
)
CARDINAL = "A cardinal direction is one radiating from the edges of a hex."
GENERATION = (
    "When a rule calls for the generation of a hex, a biome then a landmark then features are"
    " assigned according to the rules of each process."
)
BIOME_POOL = (
    "When a hex is generated, each adjacent hex is added to a randomisation pool, where its"
    " weight in the pool is equal to B/M."
)
MASS = "A mass is a connected group of hexes of the same biome type."
BIOME_RANDOM = 'An additional "random" entry with weight 3 is added to the pool.'
DUNES_NEXT_TO_SWAMP = (
    "When generating next to a swamp, the weight and bias of Deceased Dunes are 0."
)
DUNES_WINDS = (
    "When a player moves into a Deceased Dunes hex, there is a 20% chance that they are moved"
    " by the buffeting winds into a random adjacent hex (generating it if it is not already)"
    " for no additional action point cost."
)
PASS_COST = (
    "The traverse action costs 1 additional action point to use if the player is on a"
    " Perilous Pass hex."
)
SWAMP_NEXT_TO_DUNES = (
    "When generating next to a Deceased Dunes hex, the weight and bias of Swamp are 0."
)
SWAMP_CHANCE = (
    "If a player on a swamp hex attempts to move to a different mass, they have a 15% chance"
    " to move. The hex they attempted to move to is generated if indeterminate."
)
LAKE_ENCLOSED = (
    "If an indeterminate hex is not adjacent to a hex of the infinitely large mass of"
    " indeterminate hexes, it generates with a Lake biome and a Barren landmark."
)
LAKE_NO_MOVE = "If a player would move or be moved onto a Lake hex, they do not move."
LANDMARK = "When a hex is generated, a landmark is randomly selected with appropriate weighting."
CORRUPT_CHANCE = "When a hex is generated, it has a 5% chance to be corrupt."
CORRUPT_SET = (
    "When a hex is corrupted, the landmark of this hex is set to 'barren' and all features"
    " barring 'corrupted' are removed."
)
CORRUPT_SPREAD = (
    "When a player moves to a corrupted hex, the hex they moved from is corrupted if not already."
)
FLAG_COST = "Can be constructed for 5 wood and 2 thread."
FLAG_ONE = "Each hex can have a maximum of one flag on it."
FLAG_OWNED = (
    "When a flag is constructed, it is owned by the faction of the player who constructed it"
    " at the time. The hex the flag is on is then said to be occupied by that faction."
)
PYLON_COST = "Can be constructed for 30 Wood, 5 Steel and 2 Gold."
PYLON = (
    "Any adjacent hex and the hex of the pylon of purity cannot be corrupted. Attempts to do"
    " so fail."
)
PYLON_CURES = "If an adjacent hex ever is corrupted, it is no longer corrupted."
STAG_COST = "Can be constructed for 8 Stone, 5 Steel and 1 Hide"
STAGWAYS = (
    "A player located on a hex with the stag station feature may travel the stagways"
    " (teleport) to any hex with a stag station on it."
)
STAGWAYS_NOT_MOVING = "This does not act as moving into that hex."
STAGWAYS_REST = "If they do so, they cannot perform any more actions for the phase."
BOARDWALK_COST = "Can be constructed on all biomes (including lake) for the cost of 10 wood."
BOARDWALK = "Any impacts on movement of the hex this feature is placed on do not occur."
CONSTRUCTION = (
    "A player may construct a feature on or adjacent to their hex, requiring the relevant"
    " resource cost to be spent."
)
CONSTRUCT_WHERE = (
    "Unless stated otherwise, features cannot be constructed on lake or corrupted hexes."
)

# 6 - Actions
AP = "replenished at the start of each phase, which may be spent to perform actions."
SCOUT_COST = "AP Cost: 1 Select two hexes adjacent to your location"
SCOUT = "Select two hexes adjacent to your location and generate them if indeterminate."
TRAVERSE_COST = "AP Cost: 1 Move into an adjacent hex"
TRAVERSE = "Move into an adjacent hex and generate it if indeterminate."

# 8 - Victory
VICTORY = (
    "The first faction to occupy at least 10 hexes and have at least twice the influence of"
    " any other influential faction wins the cycle."
)
CYCLE_ENDS = "The cycle then ends."
