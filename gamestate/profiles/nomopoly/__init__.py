"""Nomopoly (seed 004): the profile ``nomopoly``.

Modules: :mod:`.clauses` (the seed's words), :mod:`.board` (the Shape of the Board,
moving, Payday, victory), :mod:`.dice` (the dice a turn throws and what a throw
moves), :mod:`.ledger` (the books: money, guides, properties, Ye Olde Poorbox),
:mod:`.day` (the admin's day), :mod:`.checks` (what an archive must hold),
:mod:`.profile` (verdicts and the report).
"""

from __future__ import annotations

from gamestate.profiles.nomopoly.profile import NomopolyProfile

__all__ = ["PROFILE", "NomopolyProfile"]

PROFILE = NomopolyProfile()
"""The Nomopoly profile."""
