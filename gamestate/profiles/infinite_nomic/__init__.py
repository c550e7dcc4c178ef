"""Infinite Nomic Aeternus (seed 001): the profile ``infinite-nomic``.

Modules: :mod:`.clauses` (the seed's words), :mod:`.phases` (weeks and phases in UTC),
:mod:`.reputation` (players and reputable players), :mod:`.reactions` (reactions as
they stand, and the votes they make), :mod:`.checks` (settings and what an archive
must hold), :mod:`.books` (one evaluation's shared state), :mod:`.proposals`,
:mod:`.judgement` (Judge elections, votes of confidence), :mod:`.profile` (the report).
"""

from __future__ import annotations

from gamestate.profiles.infinite_nomic.profile import InfiniteNomic

__all__ = ["PROFILE", "InfiniteNomic"]

PROFILE = InfiniteNomic()
"""The Infinite Nomic profile."""
