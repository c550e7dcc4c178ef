"""The pieces the phrasings are made of: what a sentence sets (:class:`Draft`), a phrasing,
a rule nomicbot reads (:class:`RuleSpec`), the verdicts it feeds (:class:`Feed`), and the
slot readers the phrasings share (a clock, a flag, a list of rule names).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules_text.core.numbers import read_hours
from rules_text.core.templates import COMPARISONS, read_rules
from rules_text.core.values import Age, Quorum

__all__ = [
    "Apply",
    "Draft",
    "Feed",
    "Phrasing",
    "RuleSpec",
    "age_of",
    "all_of",
    "flag",
    "rule_names",
    "set_age",
]


@dataclass
class Draft:
    """What the sentences read so far have set (mutable while one Ruleset is read)."""

    quorum: Quorum | None = None
    voting: dict[str, Any] = field(default_factory=dict)
    proposals: dict[str, Any] = field(default_factory=dict)
    limits: dict[str, Any] = field(default_factory=dict)
    cfj: dict[str, Any] = field(default_factory=dict)
    dov: dict[str, Any] = field(default_factory=dict)
    hiatus: dict[str, Any] = field(default_factory=dict)
    downtime: dict[str, Any] = field(default_factory=dict)
    popular: dict[str, Any] = field(default_factory=dict)
    """Rule "Votable Matters" worded with "Popular" and "Unpopular" (read, not yet used)."""
    player_plural: str = "Imagineers"
    """The player keyword's plural, to write rule names back from their tokens."""

    def merge(self, other: Draft) -> None:
        """Adds what ``other`` (one rule read alone) has set."""
        if other.quorum is not None:
            self.quorum = other.quorum
        for name in (
            "voting",
            "proposals",
            "limits",
            "cfj",
            "dov",
            "hiatus",
            "downtime",
            "popular",
        ):
            getattr(self, name).update(getattr(other, name))


Apply = Callable[[re.Match[str], Draft], str | None]
"""Sets what a matched sentence says; returns why a slot could not be read, or None."""


@dataclass(frozen=True)
class Phrasing:
    """One way a sentence of a rule has been written."""

    template: str
    """The sentence, normalised, with slots (:mod:`rules_text.core.templates`)."""
    apply: Apply | None = None
    """What it sets; None for text that decides nothing a verdict uses."""
    within: str | None = None
    """The context it must be read in (a list under a lead sentence)."""
    opens: str | None = None
    """The context it opens for the sentences after it."""


class Feed:
    """Which verdicts a rule feeds (docs/ruleset-in-force.md has the table)."""

    ALL = "every verdict"
    PROPOSALS = "Proposals"
    CFJS = "Calls for Judgement"
    DOVS = "Declarations of Victory"
    HIATUS = "every verdict during Hiatus"
    WORDS = "no verdict (the words the bot writes)"


@dataclass(frozen=True)
class RuleSpec:
    """A core rule (or Appendix keyword) that nomicbot reads."""

    name: str
    """Its name in Ruleset 139."""
    aliases: tuple[str, ...]
    """Other names it has had, with PLAYER for the player keyword."""
    feeds: tuple[str, ...]
    """The verdicts that depend on it (:class:`Feed`)."""
    phrasings: tuple[Phrasing, ...]
    """The sentences it may hold."""
    repealable: bool = False
    """Absent means repealed (no Downtime, no limit), not unread."""
    keyword: str | None = None
    """For an Appendix keyword: the term it defines ("Quorum")."""
    on_repeal: Callable[[Draft], None] | None = None
    """What a repeal leaves (nothing, by default)."""


# Slot readers.


def age_of(match: re.Match[str], slot: str) -> Age | None:
    hours = read_hours(match[f"{slot}"])
    if hours is None:
        return None
    return Age(hours, strict=COMPARISONS[match[f"{slot}_cmp"].casefold()])


def set_age(part: str, key: str, slot: str = "d") -> Apply:
    def apply(match: re.Match[str], draft: Draft) -> str | None:
        age = age_of(match, slot)
        if age is None:
            return f"cannot read the duration {match[slot]!r}"
        getattr(draft, part)[key] = age
        return None

    return apply


def flag(part: str, key: str, value: Any = True) -> Apply:
    def apply(match: re.Match[str], draft: Draft) -> str | None:
        getattr(draft, part)[key] = value
        return None

    return apply


def all_of(*steps: Apply) -> Apply:
    def apply(match: re.Match[str], draft: Draft) -> str | None:
        for step in steps:
            if (problem := step(match, draft)) is not None:
                return problem
        return None

    return apply


def rule_names(match: re.Match[str], draft: Draft, slot: str) -> tuple[str, ...]:
    return tuple(name.replace("PLAYERS", draft.player_plural) for name in read_rules(match[slot]))
