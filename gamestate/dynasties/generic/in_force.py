"""The dynasty in force at an instant, from the Ruleset in force (ARCHITECTURE.md 1c).

The Ruleset in force at T is the game's last Ruleset revision saved at or
before T; with none, Ruleset 139 is assumed, and Ruleset 139 is Nomicland.
Nomicland's commands act only while its rules are in force
(:func:`require_nomicland`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gamestate.profiles.blognomic_139.models import Game, RulesetRevision
from rules_text.dynasty import DynastyRules, read_dynasty
from rules_text.seed import ruleset_139_wikitext

__all__ = ["DynastyInForce", "NotInForce", "dynasty_at", "dynasty_of", "require_nomicland"]


class NotInForce(ValueError):
    """A Nomicland command while Nomicland's rules are not in force (one line)."""


@dataclass(frozen=True)
class DynastyInForce:
    """The dynasty at one instant, with the Ruleset revision that says so."""

    rules: DynastyRules
    """Its dynastic rules, keyword and the shared rules' words."""
    revision: RulesetRevision | None
    """The Ruleset revision in force (None: Ruleset 139 assumed)."""

    @property
    def is_nomicland(self) -> bool:
        """Are Nomicland's rules in force?"""
        return self.rules.is_nomicland

    def line(self) -> str:
        """``Dynasty: ...; keyword ...; dynastic rules: ...`` (one line)."""
        return self.rules.line()


def dynasty_of(revision: RulesetRevision | None) -> DynastyRules:
    """The dynasty of a Ruleset revision (None: Ruleset 139, Nomicland)."""
    return read_dynasty(revision.text if revision is not None else ruleset_139_wikitext())


def dynasty_at(game: Game, moment: datetime) -> DynastyInForce:
    """The dynasty of the Ruleset in force at ``moment``."""
    revision = None
    for r in sorted(game.rulesets, key=lambda r: r.at):
        if r.at > moment:
            break
        if r.text.strip() or not r.extra.get("hidden"):
            revision = r  # a revision whose text the wiki hides says nothing of the dynasty
    text = revision.text if revision is not None else ruleset_139_wikitext()
    return DynastyInForce(read_dynasty(text), revision)


def require_nomicland(game: Game, moment: datetime, command: str) -> DynastyInForce:
    """The dynasty in force, when it is Nomicland; else :class:`NotInForce` naming the
    dynasty's rules."""
    found = dynasty_at(game, moment)
    if not found.is_nomicland:
        raise NotInForce(found.rules.refusal(command))
    return found
