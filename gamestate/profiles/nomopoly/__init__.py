"""Nomopoly (seed 004): the profile ``nomopoly``.

Modules: :mod:`.clauses` (the seed's words), :mod:`.board` (the Shape of the Board,
moving, Payday, victory), :mod:`.dice` (the dice a turn throws and what a throw
moves), :mod:`.ledger` (the books: money, guides, properties, Ye Olde Poorbox),
:mod:`.day` (the admin's day), :mod:`.checks` (what an archive must hold),
:mod:`.world` and :mod:`.world_checks` (Warp Gates, the bank, faiths, Heaven, the
Inferno), :mod:`.trades` (trades and the admin's ``trade_lapsed``), :mod:`.wretch` (the
poor wretch's bar), :mod:`.quote` (junk quoted cut short), :mod:`.inputs` (what
``profiles --json``/``--schema`` print), :mod:`.profile` (verdicts and the report).
"""

from __future__ import annotations

from gamestate.profiles.nomopoly.profile import NomopolyProfile

__all__ = ["PROFILE", "NomopolyProfile"]

PROFILE = NomopolyProfile()
"""The Nomopoly profile."""
