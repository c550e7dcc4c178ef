"""Infinite Nomic's words on items, fishing and foraging (seed 001, rules 6.3, 6.4 and 7),
quoted verbatim: each verdict on an item names the clause that decides it. A test checks
every quotation against the shipped seed."""

from __future__ import annotations

__all__ = [
    "BINOCULARS",
    "CATCH_CHANCE",
    "CLASSIC_ROD",
    "CRAFTING",
    "EXPLOSIVES",
    "FISH",
    "FISH_WHERE",
    "FORAGE",
    "FORAGE_WHERE",
    "FORAGING_POUCH",
    "GAIN",
    "GRANT",
    "INVENTORY",
    "LOSE",
    "MEDALLION_CHANCE",
    "MEDALLION_CONDITIONS",
    "MIDAS_ROD",
    "NAMED_QUALITIES",
    "NAME_QUALITIES",
    "NO_OWNER",
    "QUALITY",
    "QUALITY_SCORE",
    "RANDOM_UNRESOLVED",
    "RESOURCES",
    "REVOKE",
    "ROD_ODDS",
    "STANDARD_FISH",
    "TORCH",
    "TRADE",
    "TRADE_REPUTABLE",
    "USE",
]

# 4 - Randomness
RANDOM_UNRESOLVED = (
    "If the randomisation is not resolved, then the event either does not take place, or takes"
    " place with only the non-random, non-optional elements resolved."
)

# 6.3 - Fish, 6.4 - Forage
FISH_WHERE = "A player may only fish if they are adjacent to or on a lake biome hex."
CATCH_CHANCE = "When this occurs, the player has a base 70% chance of catching a fish."
FISH = "They may use any fishing rod in their inventory or none if unspecified."
FORAGE_WHERE = (
    "A player may only forage if they are on a hex with the Barren landmark and no features."
)
FORAGE = (
    "When a player forages, they roll a 1d6 and receive rewards depending on the biome of the"
    " hex they are on (as described in subrules of this rule), or from Meadow if there are no"
    " specified rewards."
)

# 7 - Items
NO_OWNER = (
    "When an item's owner cannot reasonably be determined using publicly available information,"
    " or if it would be owned by a non-player, it is instead destroyed."
)
GAIN = "For an entity to gain an item is for that item to be created in that entity's possession."
GRANT = "To grant an entity an item is to create it in that entity's possession."
LOSE = (
    "For an entity to lose an item is for that item to be destroyed from that entity's possession."
)
REVOKE = "To revoke an item from an entity is to destroy it from that entity's possession."
TRADE_REPUTABLE = (
    "Reputable players may trade items from their inventories with the consent of all parties."
)
INVENTORY = "Each player has an inventory containing all of the items they possess."
TRADE = (
    "When otherwise authorized, a trade between two players takes place when both players"
    " explicitly consent to the trade in #trades within 7 days of each other."
)
USE = (
    "When used, the item takes effect as specified in its description, then the item is destroyed."
)
RESOURCES = (
    "Resources are a class of item that cannot be directly used and is instead a component in"
    " crafting, construction, etc."
)

# 7.3 - Fish
MEDALLION_CHANCE = (
    "The chance of catching a Medallion Fish is 0% + 10% for every Medallion Fish that the"
    " player is currently eligible to catch, capping at 40%."
)
STANDARD_FISH = "When a standard fish is caught, a random entry from the list below is granted:"
MEDALLION_CONDITIONS = (
    "Each type of medallion fish has a set of conditions required for it to be possible to be"
    " caught when fishing."
)
QUALITY = (
    "When a player catches a medallion fish, its quality is calculated by repeatedly rolling d2"
    " until the result is 1, with the number of rolls being the quality of the medallion fish."
)
NAME_QUALITIES = (
    "If someone catches a higher quality medallion fish than the one currently named, they must"
    " name all the unnamed qualities below the quality of fish they caught."
)
NAMED_QUALITIES = "The list of currently named qualities is as follows:"
QUALITY_SCORE = (
    "The sum of the qualities of all unique (including different qualities of the same fish as"
    " unique) Medallion Fish in a player's inventory is their quality score, S."
)

# 7.4 - Crafting
CRAFTING = "At any time, a player may craft items."
FORAGING_POUCH = "If you use the foraging action, roll 2d6 instead."
BINOCULARS = "If you use the scout action, you may target a hex within two hexes of your location."
ROD_ODDS = "Increases the odds of catching a fish by"
CLASSIC_ROD = (
    "The Classic Rod increases the odds of catching a fish by 25% additively, but cannot be used"
    " to catch Medallion Fish."
)
MIDAS_ROD = (
    "Reduces the odds of catching a fish when fishing to 20%, but if a player successfully"
    " catches a fish with it, that fish will always be a Medallion Fish of quality 4 or higher if"
    " they are eligible to catch a Medallion Fish."
)
TORCH = "A player with a torch in their inventory may destroy the following features:"
EXPLOSIVES = (
    "A player may use 1 explosives to destroy every landmark and feature on or adjacent to their"
    " hex."
)
