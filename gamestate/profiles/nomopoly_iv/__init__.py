"""Nomopoly IV (seed 002) as a rule profile, ``nomopoly-iv``: no voting rule, proposals
judged for legality, scheduled events applied in due order (see :mod:`.profile`)."""

from __future__ import annotations

from gamestate.profiles.nomopoly_iv.profile import PROFILE, NomopolyIV

__all__ = ["PROFILE", "NomopolyIV"]
