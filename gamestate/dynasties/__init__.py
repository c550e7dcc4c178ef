"""Each dynasty's own rules, one package per dynasty (Nomicland first), and the seam
(:mod:`gamestate.dynasties.base`) through which the core rules use them."""

from __future__ import annotations

from gamestate.dynasties.base import Dynasty, DynastyEvent, DynastyVictory, NoDynasty

__all__ = ["Dynasty", "DynastyEvent", "DynastyVictory", "NoDynasty"]
