"""The core rules of a BlogNomic Ruleset, read from its text (ARCHITECTURE.md 1c).

``read_core_rules(wikitext)`` gives a :class:`CoreReading`: the :class:`CoreRules`
every verdict uses (Quorum, the enact and fail conditions with their hours and
counts, the oldest-pending and seven-day rules, the proposal limits, the DoV
waits, the voting icons, Hiatus, Seasonal Downtime), the rules it could not
read, and the dynastic rules that use the words of voting. Pure: text in,
values out.
"""

from __future__ import annotations

import functools

from rules_text import seed
from rules_text.core.phrasings import RULES, Feed, RuleSpec
from rules_text.core.read import CoreReading, DynasticWarning, Unread, read_core_rules
from rules_text.core.values import (
    Age,
    CfjRules,
    CoreRules,
    DovRules,
    Downtime,
    Hiatus,
    Limits,
    ProposalRules,
    Quorum,
    Rounding,
    VotingRules,
)

__all__ = [
    "RULES",
    "Age",
    "CfjRules",
    "CoreReading",
    "CoreRules",
    "DovRules",
    "Downtime",
    "DynasticWarning",
    "Feed",
    "Hiatus",
    "Limits",
    "ProposalRules",
    "Quorum",
    "Rounding",
    "RuleSpec",
    "Unread",
    "VotingRules",
    "read_core_rules",
    "ruleset_139_core",
]


@functools.cache
def ruleset_139_core() -> CoreReading:
    """Ruleset 139's core rules, read from its text: what is assumed with no Ruleset."""
    return read_core_rules(seed.ruleset_139_wikitext())
