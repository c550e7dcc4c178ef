"""What a dynasty offers the core rules: the seam between the Ruleset's core and a theme.

The core (:func:`gamestate.profiles.blognomic_139.evaluate`) knows nothing of Budgets or Smiles. A
dynasty package (``gamestate/dynasties/<name>/``) gives it a :class:`Dynasty`:

- ``post_checks()``: extra posting rules for official posts (each a
  :data:`gamestate.profiles.blognomic_139.legality.PostCheck`), run before DoVs are judged, so an
  Illegal DoV causes no Hiatus;
- ``victory(now)``: whether a dynastic rule says someone has achieved victory;
- ``events(game, now)``: what the unattended loop should announce, each under a
  stable key;
- ``notes(game, now)``: what the dynasty could not check, for a human.

Everything is pure: the dynasty is built from data (the caller reads the
mirror), and ``now`` is a parameter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from gamestate.profiles.blognomic_139.legality import PostCheck
from gamestate.profiles.blognomic_139.models import Game

__all__ = ["Dynasty", "DynastyEvent", "DynastyVictory", "NoDynasty"]


@dataclass(frozen=True)
class DynastyVictory:
    """A dynastic rule's victory: who, under which rule, and the numbers."""

    winner: str
    """The player who has achieved victory."""
    rule: str
    """The rule's name, e.g. "Project Completion"."""
    reason: str
    """The clause with the numbers."""

    def __str__(self) -> str:
        return f'{self.winner} has achieved victory (rule "{self.rule}": {self.reason})'


@dataclass(frozen=True)
class DynastyEvent:
    """One event for the unattended loop to announce once."""

    key: str
    """Stable across cycles and restarts, e.g. ``project-completion:Kevan``."""
    text: str
    """One line for people, with the clause and the numbers."""


class Dynasty(Protocol):
    """What a dynasty offers the core rules; see the module docstring."""

    @property
    def name(self) -> str:
        """The dynasty's theme, e.g. "Nomicland"."""
        ...

    def post_checks(self) -> Sequence[PostCheck]:
        """Extra posting rules for official posts."""
        ...

    def victory(self, now: datetime) -> DynastyVictory | None:
        """Who has achieved victory under a dynastic rule at ``now``, if anyone."""
        ...

    def events(self, game: Game, now: datetime) -> Sequence[DynastyEvent]:
        """The dynasty's events at ``now``."""
        ...

    def notes(self, game: Game, now: datetime) -> Sequence[str]:
        """What the dynasty could not check at ``now`` and a human should."""
        ...


@dataclass(frozen=True)
class NoDynasty:
    """A dynasty with no rules of its own (the core alone)."""

    name: str = "none"

    def post_checks(self) -> Sequence[PostCheck]:
        """None."""
        return ()

    def victory(self, now: datetime) -> DynastyVictory | None:
        """Never."""
        return None

    def events(self, game: Game, now: datetime) -> Sequence[DynastyEvent]:
        """None."""
        return ()

    def notes(self, game: Game, now: datetime) -> Sequence[str]:
        """None."""
        return ()
