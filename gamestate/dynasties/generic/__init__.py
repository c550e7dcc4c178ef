"""Any dynasty: the gamestate of a dynasty nomicbot has no package for, kept and audited.

What holds in every dynasty (who may edit the gamestate, Idle players, Hiatus,
Seasonal Downtime, enacted values) is checked on any wikitable
(:mod:`gamestate.dynasties.generic.audit`); which dynasty is in force at an
instant comes from the Ruleset in force (:func:`dynasty_at`).
"""

from __future__ import annotations

from gamestate.dynasties.generic.in_force import (
    DynastyInForce,
    NotInForce,
    dynasty_at,
    dynasty_of,
    require_nomicland,
)

__all__ = ["DynastyInForce", "NotInForce", "dynasty_at", "dynasty_of", "require_nomicland"]
