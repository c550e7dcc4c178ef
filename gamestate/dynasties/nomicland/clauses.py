"""The words of Ruleset 139's dynastic rules that the economy's decisions quote.

Each constant is one sentence (or the part of it a decision turns on), quoted
from the rules "Budget" through "Project Completion" and the Appendix. Every
change and every refusal of :func:`~gamestate.dynasties.nomicland.engine.apply`
names one of them.
"""

from __future__ import annotations

from gamestate.dynasties.nomicland.models import (
    BUDGET,
    CONSTRUCTION,
    DEBT,
    LBD,
    LICENSING,
    SMILES,
    VISITORS,
    ZONES,
    RuleClause,
)

__all__ = [
    "JOINING",
    "HIATUS",
    "SEASONAL_DOWNTIME",
    "BREAKING_EVEN",
    "BREAKING_EVEN_BOSS",
    "BUDGET",
    "BUDGET_VERSION",
    "BUILDING_COST",
    "CONSTRUCTION",
    "CONSTRUCT_INSTANCE",
    "CROWDED",
    "DAILY_LIMIT",
    "DEBT",
    "DOV_DEBT",
    "EFFECT_APPLIES",
    "FILE_RECORDS",
    "IDLE",
    "INTEREST",
    "LBD",
    "LICENSE_BARRED",
    "LICENSE_EXERCISE",
    "LICENSE_FEE",
    "LICENSE_REMOVE",
    "LICENSING",
    "MISCELLANEOUS",
    "NEGATIVE_VALUES",
    "NEW_BUSINESS_DAY",
    "PROCESS_ORDER",
    "PROJECT_COMPLETION",
    "RECONCILIATION",
    "REPAY",
    "REQUIRES",
    "SIZE_CAP",
    "SMILES",
    "SPEND",
    "SPEND_OVER_BOSS",
    "TICKET_INCOME",
    "TOURISM",
    "VISITORS",
    "ZONES",
    "ZONE_CREATE",
    "ZONE_NAME",
]

# Budget, Spending, Breaking Even.

SPEND = RuleClause(
    "Spending",
    "When an Imagineer spends an amount of currency, they must either reduce their Budget by "
    "that amount, or increase their Debt (ie. move its value away from zero) by that amount.",
)
SPEND_OVER_BOSS = RuleClause(
    "Spending",
    "If an Imagineer's Debt exceeds that of the Boss's (i.e. is further away from zero), they "
    "may only spend currency by reducing their Budget.",
)
REPAY = RuleClause(
    "Spending",
    "An Imagineer may reduce their Budget by X to reduce their Debt by X (ie. move its value "
    "towards zero), at any time.",
)
INTEREST = RuleClause(
    "Spending",
    "As a daily communal action which may only be performed on a Sunday, any Imagineer may "
    "multiply every Imagineer's Debt by 1.1 (rounding towards zero).",
)
DOV_DEBT = RuleClause(
    "Spending", "If an Imagineer's Debt is non-zero, that Imagineer may not declare victory."
)
BREAKING_EVEN = RuleClause(
    "Breaking Even",
    "If an Imagineer would move their Debt toward 0 by a value greater than the current "
    "absolute value of their Debt, instead, their Debt is set to 0 and their Budget is "
    "increased by the amount which the movement exceeded that absolute value.",
)
BREAKING_EVEN_BOSS = RuleClause(
    "Breaking Even",
    "If an Imagineer would move the Boss's Debt toward 0 by a value greater than the current "
    "absolute value of the Boss's Debt, instead, the Boss's Debt is set to 0.",
)

# Zones.

ZONE_CREATE = RuleClause(
    "Zones",
    "If an Imagineer Operates no Zones, they may create a Zone with a name of \u201cThe X "
    "Zone\u201d [...] and themselves as its Operator, by updating the Nomicland wiki page to "
    "this effect.",
)
ZONE_NAME = RuleClause(
    "Zones",
    "where \u201cX\u201d is any word that appears between the words \u201cThe\u201d and "
    "\u201cDynasty\u201d in the description of a single dynasty at this version of the wiki "
    "front page, and where the name does not match that of any existing Zone",
)

# Visitors and Business Days.

CROWDED = RuleClause(
    "Visitors",
    "If a Business Day has more Visitors queued than twice the number of Imagineers, then the "
    "Day is Crowded; otherwise it is Uncrowded.",
)
NEW_BUSINESS_DAY = RuleClause(
    "Visitors",
    "At any time, the Boss may end one Business Day (if any exist) and begin a new Business "
    "Day by adding a new labeled list item to the queue.",
)
PROCESS_ORDER = RuleClause(
    "Visitors",
    "At any time, an Imagineer may process a Business Day, if they have not already processed "
    "that Business Day and have processed all previous Business Days.",
)
RECONCILIATION = RuleClause(
    "Visitors",
    "Reconciliation: if the processing Imagineer's Budget is greater than 0, move the Boss's "
    "Debt toward 0 by that amount, then set the processing Imagineer's Budget to 0.",
)
TOURISM = RuleClause(
    "Visitors",
    "Tourism: Move the Boss's Debt toward 0 by (10 times the number of Visitors for that "
    "Business Day), plus any Tourism generated in the Imagineer's Zone that Business Day.",
)
TICKET_INCOME = RuleClause(
    "Visitors",
    "Ticket Income: Move the processing Imagineer's Debt toward 0 by (20 times the number of "
    "Visitors for that Business Day), plus any Income generated in the Imagineer's Zone that "
    "Business Day, minus the total Wages of Buildings in the Imagineer's Zone that Business "
    "Day. (If the total being moved would be negative, the Debt is moved negatively away from "
    "zero by that amount instead.)",
)
MISCELLANEOUS = RuleClause(
    "Visitors",
    "Miscellaneous: Apply any Building Effects of Buildings in the Imagineer's Zone which have "
    "not already been applied during these steps.",
)
FILE_RECORDS = RuleClause(
    "Visitors",
    "File Records: Update the processing Imagineer's LBD in the GNDT to the number of the "
    "Business Day thus processed.",
)
REQUIRES = RuleClause(
    "Visitors",
    "If the Effect of a Building \u201crequires\u201d certain Visitors, then its effect only "
    "occurs if the Business Day being processed includes that set of Visitors.",
)

# Construction.

BUILDING_COST = RuleClause(
    "Construction",
    "An Imagineer may construct a Building in a Zone which they operate, by spending an amount "
    "of currency equal to (C + 500 * S + 1000 * X) where C is the cost of the Building they "
    "wish to build, S is sum of the size of all other Buildings currently in that zone, and and "
    "X is the number of other Buildings which that Imagineer has constructed since they last "
    "processed a Business Day.",
)
DAILY_LIMIT = RuleClause(
    "Construction", "An Imagineer may not construct more than 10 Buildings per day."
)
SIZE_CAP = RuleClause(
    "Construction",
    "If constructing a Building would cause the total Size of all Buildings in that Zone to be "
    "greater than four times that of the next-highest-total-size Zone, and would cause the "
    "total Size of all Buildings in that Zone to be greater than 12, that Building may not be "
    "constructed.",
)
CONSTRUCT_INSTANCE = RuleClause(
    "Construction",
    "When an Imagineer constructs a Building, they add an instance of it to the zone's section "
    "on the Nomicland wiki page.",
)
EFFECT_APPLIES = RuleClause(
    "Construction",
    "An Effect applies only to an Imagineer who has at least one instance of that Building in "
    "a Zone they operate.",
)
BUDGET_VERSION = RuleClause(
    "Construction",
    "When constructing a Building, an Imagineer may choose to instead construct a Budget "
    "version of it by treating either C, S or X as zero in the costing equation. [...] All "
    "numbers in the Effects of Budget Buildings are considered to be halved, rounded down, and "
    "any instances of the word \u201chalf\u201d are replaced with \u201cquarter\u201d in those "
    "Effects.",
)

# Licensing.

LICENSE_FEE = RuleClause(
    "Licensing",
    "For each Child or Senior market segment an IP License includes, add 1000 currency to its "
    "Fee. For each Teen or Adult market segment an IP License includes, add 2000 currency to "
    "its Fee.",
)
LICENSE_EXERCISE = RuleClause(
    "Licensing",
    "an Imagineer may exercise an IP License by paying 1 + X SMILES, where X is the number of "
    "other times that they have performed this action since they last processed a Business "
    "Day, and adding Visitors matching the market segments from that IP License to any "
    "Uncrowded Business Day.",
)
LICENSE_REMOVE = RuleClause(
    "Licensing",
    "If a Zone has an existing IP License, at any time, the Imagineer operating that Zone may "
    "pay its Fee again to remove it.",
)
LICENSE_BARRED = RuleClause(
    "Licensing",
    "After removing an IP License, the Imagineer may not create a new IP License until the "
    "Boss has started a new Business Day after the Imagineer removed that IP License.",
)

# Project Completion, and the core rules and Appendix the economy leans on.

PROJECT_COMPLETION = RuleClause(
    "Project Completion",
    "If the Boss's Debt is 0, the Imagineer with the most Smiles has achieved victory.",
)
IDLE = RuleClause(
    "Idle Imagineers",
    "For the purposes of all Gamestate and the Ruleset, [...] Idle Imagineers are not counted "
    "as Imagineers.",
)
NEGATIVE_VALUES = RuleClause(
    "Clarifications",
    "An Imagineer who has a choice in whether to take an action defined by a dynastic rule may "
    "not take that action if [...] the action would change one or more of those values to an "
    "illegal value.",
)
HIATUS = RuleClause(
    "Victory and Ascension",
    "During this time, the only game actions that may be taken are those covered by Rules "
    "\u201cImagineers\u201d, \u201cVotable Matters\u201d, \u201cCalls for Judgement\u201d, "
    "\u201cGamestate Tracking\u201d and \u201cVictory and Ascension\u201d.",
)
SEASONAL_DOWNTIME = RuleClause(
    "Seasonal Downtime",
    "During this time no game actions may be taken except those described in the rules "
    "entitled \u201cVotable Matters,\u201d \u201cGamestate Tracking\u201d and \u201cCall for "
    "Judgement\u201d.",
)
JOINING = RuleClause(
    "Imagineers",
    "An Admin shall add them to the roster in the sidebar and the GNDT, at which moment they "
    "become an Imagineer.",
)
