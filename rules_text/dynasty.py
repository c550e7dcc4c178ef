"""The dynasty a Ruleset is in: its dynastic rules by name, its player keyword, and the
words of the rules that hold in every dynasty, quoted.

A BlogNomic dynasty lasts a few weeks; each brings its own dynastic rules
(Section Two of the Ruleset) and renames the player ("all Imagineers shall obey
it"). nomicbot has a package for one dynasty, Nomicland (Ruleset 139's dynastic
rules); :func:`read_dynasty` tells whether a Ruleset's text is still that one
(its rules :data:`NOMICLAND_RULES` are all there) or another, whose gamestate
is audited by the rules every dynasty shares:

* "Gamestate Tracking": "Any Imagineer may update any Imagineer's data ...";
* the Idle rule ("Idle Imagineers are not counted as Imagineers");
* "Victory and Ascension": the Hiatus a Declaration of Victory begins;
* "Seasonal Downtime".

Pure: text in, names and sentences out.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from rules_text.core import read_core_rules
from rules_text.terms import plural
from rules_text.tree import Rule, Ruleset, parse_ruleset

__all__ = [
    "NOMICLAND",
    "NOMICLAND_RULES",
    "DynastyRules",
    "Quote",
    "read_dynasty",
]

NOMICLAND = "Nomicland"
"""The dynasty of Ruleset 139, the one nomicbot's economy commands keep."""
NOMICLAND_RULES = ("Budget", "Spending", "Zones", "Visitors", "Construction", "Planning")
"""The dynastic rules whose presence says Nomicland is in force."""

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z“\"])")


@dataclass(frozen=True)
class Quote:
    """A rule's words, as the audit quotes them."""

    rule: str
    """The rule's name in the Ruleset ("Gamestate Tracking", "Idle Seekers")."""
    words: str
    """The sentence quoted (plain text); '' when the Ruleset has no such rule."""


@dataclass(frozen=True)
class DynastyRules:
    """The dynasty a Ruleset's text is in."""

    keyword: str
    """The player keyword, singular ("Imagineer", "Seeker")."""
    rules: tuple[str, ...]
    """The dynastic rules (Section Two's top-level rules), in page order."""
    subrules: tuple[str, ...]
    """Every dynastic rule and subrule, in page order."""
    gamestate_tracking: Quote
    """Who may update the gamestate ("Any Imagineer may update any Imagineer's data")."""
    idle: Quote
    """The Idle rule ("Idle Imagineers are not counted as Imagineers")."""
    hiatus: Quote
    """Rule "Victory and Ascension": what may be done in Hiatus ("During this time, the
    only game actions that may be taken are ...")."""
    downtime: Quote
    """Rule "Seasonal Downtime"'s sentence."""
    enactment: Quote
    """How a Proposal is enacted ("by updating the Ruleset and/or Gamestate to include the
    specified effects")."""
    correction: Quote
    """Who may correct the gamestate ("any Imagineer may correct the GNDT")."""

    @property
    def is_nomicland(self) -> bool:
        """Are Nomicland's rules (:data:`NOMICLAND_RULES`) all in force?"""
        have = {name.casefold() for name in self.subrules}
        return all(name.casefold() in have for name in NOMICLAND_RULES)

    @property
    def players(self) -> str:
        """The keyword's plural ("Imagineers"), as the bot writes it."""
        return plural(self.keyword)

    @property
    def name(self) -> str:
        """``Nomicland``, or the dynasty named by its keyword (``the Seekers' dynasty``)."""
        return NOMICLAND if self.is_nomicland else f"the {self.players}' dynasty"

    def line(self) -> str:
        """One line for ``status`` and the Votes page."""
        rules = ", ".join(self.rules) if self.rules else "none"
        return f"Dynasty: {self.name}; keyword {self.keyword}; dynastic rules: {rules}"

    def refusal(self, command: str) -> str:
        """Why a Nomicland command does nothing now (one line)."""
        missing = [n for n in NOMICLAND_RULES if n.casefold() not in _folded(self.subrules)]
        rules = ", ".join(f'"{r}"' for r in self.rules) if self.rules else "no dynastic rules"
        return (
            f"{command}: Nomicland's rules are not in force (the Ruleset has no rule "
            f"{', '.join(repr(m) for m in missing)}): the dynasty of the "
            f"{self.players} has {rules}"
        )


def _folded(names: tuple[str, ...]) -> set[str]:
    return {n.casefold() for n in names}


def _sentences(rule: Rule | None) -> list[str]:
    if rule is None:
        return []
    text = " ".join(rule.plain_text().split())
    return [s.strip() for s in _SENTENCE.split(text) if s.strip()]


def _quote(ruleset: Ruleset, name: str, *words: str) -> Quote:
    """The first sentence of rule ``name`` holding every one of ``words`` (case ignored)."""
    rule = ruleset.get(name)
    found = _sentences(rule)
    for sentence in found:
        folded = sentence.casefold()
        if all(w.casefold() in folded for w in words):
            head, colon, _ = sentence.partition(": ")
            if colon and all(w.casefold() in head.casefold() for w in words):
                sentence = head + ":"  # the lead of a list: its items are other clauses
            return Quote(rule.name if rule else name, sentence)
    return Quote(rule.name if rule else name, found[0] if found else "")


def _idle_rule(ruleset: Ruleset, players: str) -> Rule | None:
    named = ruleset.get(f"Idle {players}")
    if named is not None:
        return named
    return next((r for r in ruleset.rules() if r.name.casefold().startswith("idle")), None)


@functools.lru_cache(maxsize=64)
def read_dynasty(text: str) -> DynastyRules:
    """The dynasty of a Ruleset page's wiki source (cached by text). Never raises: a text
    with no dynastic section has no dynastic rules."""
    ruleset = parse_ruleset(text)
    keyword = read_core_rules(text).rules.keyword or "Imagineer"
    players = plural(keyword)
    top = ruleset.dynastic_rules()
    idle = _idle_rule(ruleset, players)
    idle_name = idle.name if idle is not None else f"Idle {players}"
    idle_quote = next(
        (s for s in _sentences(idle) if "not counted" in s.casefold()),
        next(iter(_sentences(idle)), ""),
    )
    return DynastyRules(
        keyword=keyword,
        rules=tuple(r.name for r in top),
        subrules=tuple(r.name for t in top for r in t.walk()),
        gamestate_tracking=_quote(ruleset, "Gamestate Tracking", "may update"),
        idle=Quote(idle_name, idle_quote),
        hiatus=_quote(ruleset, "Victory and Ascension", "only game actions"),
        downtime=_quote(ruleset, "Seasonal Downtime", "hiatus"),
        enactment=_quote(ruleset, "Resolution of Proposals", "specified effects"),
        correction=_quote(ruleset, "Gamestate Tracking", "may correct"),
    )
