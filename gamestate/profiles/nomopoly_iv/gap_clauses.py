"""The seed's own words (seed 002) behind the rules :mod:`.teleport`, :mod:`.limits`,
:mod:`.boxes`, :mod:`.implemented`, :mod:`.ducky` and :mod:`.player_actions` judge, quoted
in verdicts and tested to be the seed's text word for word."""

from __future__ import annotations

__all__ = [
    "BOXES_CREATED",
    "BUILD_A_FORT",
    "FORCE_FIELD_NOT_TELEPORTERS",
    "FORCE_FIELDE",
    "JUMP_NOT_HERE",
    "LIMIT",
    "LIMIT_COMMENT",
    "MUSH_NONE",
    "NEW_FORT_UNOCCUPIED",
    "ONE_RAILWAY",
    "POWER_DRAIN",
    "SHOP_PLACED",
    "SOUL_GEMS",
    "TELEPORT_OWNER",
    "TELEPORTER",
    "TELEPORTER_OWN",
    "TEN_BOXES",
    "TURNS_REPLACED",
    "TURN_EXPERIENCE",
    "TURN_FORWARD",
]

BUILD_A_FORT = (
    "A player may build a Fort on the square he currently occupies by paying $1000 (providing "
    "that no other player has any units or buildings on that square)."
)
TELEPORTER = (
    "Whenever a player is on a square containing a teleporter, they may pay $100 to the owner "
    "of the teleporter to jump to any square containing a Teleporter."
)
TELEPORTER_OWN = "A player does not pay anything to use their own teleporter."
FORCE_FIELD_NOT_TELEPORTERS = (
    "A force field does not stop players from getting to that square by methods other than "
    "jumps, such as feathers or teleporters"
)
TELEPORT_OWNER = (
    "The player pays $100 to the owner of the teleporter [$0 if he owns the teleporter]"
)
FORCE_FIELDE = "Trade in 2 Rotten Mushes for a Force Fielde"
LIMIT = "No single action by any player may cause any player to gain or lose more then $100 000."
LIMIT_COMMENT = "I will personally revert any actions that violate this rule."
MUSH_NONE = "Effect upon use: None (but the player still loses the item after using it)"
TURNS_REPLACED = (
    "The ability to jump is on the Board page in the same place as taking your turn used to be"
)
TURN_EXPERIENCE = "Every time a player successfully takes a turn he gaines one Experience."
TURN_FORWARD = (
    "If a player is near the end of the board, and would otherwise go over the last square on "
    "the board, they stop at the last square."
)
POWER_DRAIN = (
    "The player may select any player that is on the same square as the Mesmer or an adjacent "
    "square. The target player loses $250, and the player issuing this command gains $250."
)
JUMP_NOT_HERE = "choose to jump to a square that they do not currently occupy"
SOUL_GEMS = (
    "For each Imping Stick and Imp-in-the-Box that a player has, that player gets an Uncharged "
    "Soul Gem. Remove Imping Sticks and Imp-in-the-Boxes from the game (remove them from all "
    "player's possession, and from the rules)."
)
ONE_RAILWAY = (
    "If as this proposal is implemented a square contains more then one railroad then all but "
    "one of those railways will be destroyed and the owner of the destroyed railways will be "
    "refunded $500 for each destroyed railway."
)
BOXES_CREATED = "(When this proposal is implemented, 10 ? boxes will immediately be created)"
SHOP_PLACED = (
    "A randomly selected square (chosen after this proposal is implemented) will be known as "
    'the "Dark Lord\'s Shop of Terror".'
)
NEW_FORT_UNOCCUPIED = "players may select an unoccupied square, pay $1250, and gain a new fort"
TEN_BOXES = (
    'At all times, exactly 10 squares on the board will contain a "? box". If at any time '
    "there are less than 10 ? boxes on the board, a new ? box will be placed on a randomly "
    "selected square that does not contain a ? box, and if at any time there are more than 10 "
    "? boxes on the board, a randomly selected ? box will be removed."
)
