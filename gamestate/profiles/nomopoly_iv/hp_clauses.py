"""The seed's own words (Nomopoly IV, seed 002) behind units' squares, hit points, combat
and Soul Gems, quoted verbatim (with the seed's spelling: "isntead", "it's", "greater
then"). A test checks that every quote here is in the seed.
"""

from __future__ import annotations

__all__ = [
    "ADJACENT",
    "ATTACK_EQUAL",
    "ATTACK_GREATER",
    "ATTACK_LESS",
    "ATTACK_RANGE",
    "BOMBARD",
    "CHARGED_SOUL_GEM",
    "COUNTER_LEAVES_LABORATORY",
    "CREATED_AT_MAX",
    "DESTROYED",
    "DISTANCE",
    "DISTANCE_EXAMPLE",
    "EMPATHY",
    "EMPATHY_NOT_ATTACK",
    "EMPATHY_UNITS",
    "FIRE_FLOWER",
    "FIRE_FLOWER_WALL",
    "GHOST_SOUL_GEM",
    "HEAL_AREA",
    "HOWITZER_ATTACK",
    "IMPS_REMOVED",
    "MAX_HP",
    "MINIONS_REMOVED",
    "MONKS_40",
    "MOVE_SQUARE",
    "NEVER_ABOVE_MAX",
    "ONE_GUARD_TOWER",
    "ONE_LABORATORY",
    "ONE_OWNER",
    "ONE_RAILWAY_A_SQUARE",
    "ONE_WALL",
    "ORISON",
    "ORISON_10",
    "RAILWAY_OWNER",
    "REFINE_ON_REFINERY",
    "RENUMBER",
    "REPAIR",
    "RIDE_RAILWAY",
    "SCIENTIST_ON_LABORATORY",
    "SCV_40",
    "SOUL_GEM_CHARGED",
    "SPELL_SHIELD",
    "STAR_EGG_DAMAGE",
    "TELEPORT_FROM",
    "TELEPORT_TO",
    "TRANSFORM",
    "WALL",
]

# The board.
MOVE_SQUARE = (
    "The player may move the unit to the square either directly above, below, left, or right "
    "of the unit's current square (based on the two-dimensional layout of the board, ignoring "
    "numeric order)"
)
DISTANCE = (
    "Distance is defined as the minimum number of moves required to get from the attacking "
    "unit's square to the target unit's square, where a \"move\" can go to any square directly "
    "above, below, left, or right of the square in question."
)
DISTANCE_EXAMPLE = "(Example: The distance from Square #4 to Square #15 would be 3)"
ADJACENT = (
    "Square A is said to be adjacent to Square B if Square A is located to the left, right, "
    "above, or below Square B on the board."
)
RENUMBER = (
    "In summary: the current Square 1 becomes the new Square 2, the current Square 2 becomes "
    "the new Square 5, etc."
)
ONE_OWNER = (
    "The unit or building will occupy a square on the board, and a single square may not "
    "contain units or buildings owned by more than one player."
)

# What one square may hold (:mod:`.hp_squares`).
ONE_LABORATORY = "A single square may not contain more than one Laboratory."
ONE_GUARD_TOWER = "A single square may not contain more than one Guard Tower"
ONE_WALL = "A single square may not contain more than one Wall"
ONE_RAILWAY_A_SQUARE = "Squares may only contain a single railway."
RAILWAY_OWNER = (
    "only the owner of the Railway may have buildings that occupy the same square as the Railway."
)
SCIENTIST_ON_LABORATORY = (
    "Can be issued to: a Scientist that occupies the same square as a Laboratory."
)
COUNTER_LEAVES_LABORATORY = (
    "If the Scientist occupies a square which does not contain a Laboratory while "
    "Counter-Researching, it stops Counter-Researching."
)
REFINE_ON_REFINERY = (
    "(the SCV to which this command is issued must occupy the same square as a Refinery)"
)
RIDE_RAILWAY = (
    "This command may only be issued to units which are at a location which also contains a "
    "railway owned by the same player as the issuee."
)
TELEPORT_FROM = "Can be issued to: Any unit on a square containg or adjacent to a Teleporter"
TELEPORT_TO = "to move the unit to any other square containing or adjacent to a teleporter"

# Hit points.
MAX_HP = (
    "Replace all occurrences in the rules of initial hit points with maximum hit points (Max HP)."
)
CREATED_AT_MAX = (
    "When a unit/building is created, it's current hit points are set equal to its Max HP."
)
NEVER_ABOVE_MAX = (
    "A unit/building may never have its HP higher than its Max HP (if this would happen, the "
    "unit/building's HP are instead set to its Max HP)."
)
DESTROYED = (
    "If a unit or building ever has its hit points reduced to 0 or less, the unit/building is "
    "destroyed."
)
SCV_40 = (
    "SCV's will now have an initial HP of 40 instead of 20. When this proposal is implemented "
    "all SCV's will be given 20 hp to reflect this change."
)
MONKS_40 = (
    "Increase the initial HP of Monks from 25 to 40, and increase the current HP of all "
    "existing Monks by 15 to reflect this change."
)
TRANSFORM = (
    "(HP of new unit) = ceil((Initial HP of new unit type) * (HP of old unit) / (Initial HP of "
    "old unit type))"
)

# Combat.
ATTACK_RANGE = (
    "The player may select any unit or building whose distance to the attacking unit is less "
    "than or equal to the range of the attacking unit."
)
ATTACK_GREATER = (
    "If the attacking unit's attack strength is greater than the target unit/building's armor "
    "strength, then the target unit/building's hit points are reduced by (attack strength - "
    "armor)"
)
ATTACK_EQUAL = (
    "If the attacking unit's attack strength is equal to the target unit/building's armor "
    "strength, then the target unit/building's hit points are reduced by 1"
)
ATTACK_LESS = (
    "If the attacking unit's attack strength is less than the target unit/building's armor "
    "strength, then there is a 1 in (armor - attack strength) chance that the target "
    "unit/building's hit points will be reduced by 1"
)
HOWITZER_ATTACK = (
    "Attack Strength: 75 against buildings, 30 against other Laser Howitzers, 15 against "
    "non-Howitzer units"
)
WALL = (
    "A player may not attack any unit or building in a territory containing a Wall (other "
    "than the Wall itself) until the Wall is destroyed"
)
BOMBARD = (
    "The player selects a square within range of the unit, and all buildings [including any "
    "wall present] on that square lose 25 hit points, ignoring armor and the effects of a wall."
)
REPAIR = (
    "the player issuing the command selects a building or SCV or Laser Howitzer (in Starcraft "
    "as I recall SCV's could repair each other and other mechanical things) at the same "
    "location as the issue, the issuer pays $10 and the target gains 60 hit points"
)
ORISON = (
    "Target unit, which must be located on either the same square or an adjacent square to the "
    "Monk to which this command is being issued, has it's hit points raised by 5."
)
ORISON_10 = (
    "Change the Orison of Healing command to increase the targetted unit's HP by 10 instead of 5."
)
HEAL_AREA = (
    "All units located on the same square as this Monk have their hit points increased by 10."
)
SPELL_SHIELD = (
    "While enchanted by Spell Shield, that unit/player cannot be targeted by commands (but may "
    "still be issued commands)."
)
EMPATHY = (
    "While under the effects of Empathy, if a unit is attacked by another unit, the attacking "
    "unit is damaged for the same amount as the damaged unit."
)
EMPATHY_NOT_ATTACK = (
    "Damage caused by Empathy is not considered an attack, and as such does not trigger Empathy."
)
EMPATHY_UNITS = "Since the Guard Tower is a building and not a unit, it does not trigger Empathy."

# Items.
FIRE_FLOWER = (
    "The player selects (the player's level divided by 2, rounded up) units or buildings on "
    "their current square. (If there are less than that many units or buildings on that "
    "square, it affects all of them.) Fire Flower then acts as an Attack doing 30 damage, "
    "following the standard rules of the Attack command, including armor."
)
FIRE_FLOWER_WALL = (
    "If a Wall is present on the current square, the player isntead chooses (their level "
    "divided by 4, rounded up) units or buildings on their current square, one of which MUST be "
    "the Wall [If the result of their level divided by 4 rounded up is 1, then the Wall is "
    "automatically selected]. The Wall receives 40 non-attack damage and any other units are "
    "Attacked for 20 damage, following the standard rules regarding armor."
)
STAR_EGG_DAMAGE = "All units and buildings on the same square as the player lose 100 hit points."
SOUL_GEM_CHARGED = (
    "If a player has any Uncharged Soul Gems when a unit is killed on the same square as or an "
    "adjacent square to the player, one of the player's Uncharged Soul Gems becomes Charged "
    "(one for each unit killed)."
)
GHOST_SOUL_GEM = (
    "If a player who uses an Uncharged Soul Gem also has a Ghost, the Uncharged Soul Gem "
    "becomes Charged (the Soul Gem is not lost when it is used in this case) and the player "
    "loses the Ghost. If the player does not have a Ghost when using an Uncharged Soul Gem, it "
    "has no effect (and the Soul Gem is lost as normal)."
)
CHARGED_SOUL_GEM = (
    "A player who has a Charged Soul Gem may use it to cause a building on the square that "
    "they occupy to lose 200 Hit Points."
)

# What the seed removed.
MINIONS_REMOVED = (
    "Remove Minions and Lairs from the game (remove all Minions and Lairs from the Board, and "
    "remove all rules in section XIX, pertaining to Minions and Lairs)."
)
IMPS_REMOVED = "All currently existing Imps are converted to the Minion version."
