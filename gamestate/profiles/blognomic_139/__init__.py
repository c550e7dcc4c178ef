"""BlogNomic Ruleset 139 as a rule profile (``blognomic-139``, the default): the engine
BlogNomic has always run on, reading ``nomic-archive/2`` (see :mod:`.profile`)."""

from __future__ import annotations

from gamestate.profiles.blognomic_139.convert import archive_from_game, game_from_archive
from gamestate.profiles.blognomic_139.profile import CLAUSE_WORDS, PROFILE, BlogNomic139

__all__ = ["CLAUSE_WORDS", "PROFILE", "BlogNomic139", "archive_from_game", "game_from_archive"]
