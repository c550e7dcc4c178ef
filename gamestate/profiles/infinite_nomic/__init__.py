"""Infinite Nomic Aeternus (seed 001): the profile ``infinite-nomic``.

Modules: :mod:`.clauses` (the seed's words), :mod:`.phases` (weeks and phases in UTC),
:mod:`.reputation` (players and reputable players), :mod:`.reactions` (reactions as
they stand, and the votes they make), :mod:`.checks` (settings and what an archive
must hold), :mod:`.books` (one evaluation's shared state), :mod:`.proposals`,
:mod:`.judgement` (Judge elections, votes of confidence), :mod:`.profile` (the report).

The world (rules 2.1, 5, 6, 8): :mod:`.world` (the grid, hexes, masses, positions,
factions), :mod:`.world_clauses` (the seed's words), :mod:`.draws` (recorded random
results), :mod:`.generation` (5.3), :mod:`.movement` (Scout, Traverse, the biomes,
construction, the stagways), :mod:`.factions` (merges, leaving, influence, victory),
:mod:`.world_books` and :mod:`.world_play` (the events in time order, AP),
:mod:`.world_checks` and :mod:`.world_inputs` (junk refused; the schema's words).
"""

from __future__ import annotations

from gamestate.profiles.infinite_nomic.profile import InfiniteNomic

__all__ = ["PROFILE", "InfiniteNomic"]

PROFILE = InfiniteNomic()
"""The Infinite Nomic profile."""
