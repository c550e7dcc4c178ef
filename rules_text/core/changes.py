"""What a new Ruleset revision changes in what nomicbot reads: for ``watch`` to announce.

:func:`reading_changes` compares two readings value by value and names, for each
change, the rule, the old value and the new one, or that the rule is no longer
read (or read again). A revision that changes no value nomicbot reads (a typo in
a dynastic rule) gives no change.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from rules_text.core.read import CoreReading
from rules_text.core.values import Age, CoreRules, Quorum

__all__ = ["reading_changes", "rule_values"]

_RULE_OF = {
    "keyword": "Ruleset and Gamestate",
    "boss": "Dynasties",
    "quorum": "Quorum",
    "voting": "Votable Matters",
    "proposals": "Resolution of Proposals",
    "limits": "Proposals",
    "cfj": "Calls for Judgement",
    "dov": "Victory and Ascension",
    "hiatus": "Victory and Ascension",
    "downtime": "Seasonal Downtime",
}


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, Age):
        return value.words()
    if isinstance(value, Quorum):
        return value.describe()
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ", ".join(_shown(v) for v in value) or "none"
    return str(value)


def rule_values(rules: CoreRules) -> dict[str, tuple[str, str]]:
    """``proposals.enact_quorum`` -> (the rule, the value as words), for every value."""
    out: dict[str, tuple[str, str]] = {}
    for part in dataclasses.fields(rules):
        value = getattr(rules, part.name)
        rule = _RULE_OF.get(part.name, part.name)
        if dataclasses.is_dataclass(value) and not isinstance(value, (Age, Quorum)):
            for inner in dataclasses.fields(value):
                out[f"{part.name}.{inner.name}"] = (rule, _shown(getattr(value, inner.name)))
        else:
            out[part.name] = (rule, _shown(value))
    return out


def reading_changes(old: CoreReading, new: CoreReading) -> list[str]:
    """Each change from ``old`` to ``new``, one line each, rules in Ruleset order."""
    lines: list[str] = []
    before, after = rule_values(old.rules), rule_values(new.rules)
    unread_now = {u.rule for u in new.unread}
    unread_then = {u.rule for u in old.unread}
    for key, (rule, value) in after.items():
        was = before.get(key, (rule, "none"))[1]
        if was != value and rule not in unread_now:
            lines.append(f'rule "{rule}": {key} {was} -> {value}')
    for rule in sorted(unread_now - unread_then):
        lines.append(f'rule "{rule}" is no longer read')
    for rule in sorted(unread_then - unread_now):
        lines.append(f'rule "{rule}" is read again')
    return lines
