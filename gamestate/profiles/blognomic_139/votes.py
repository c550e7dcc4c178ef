"""Votes and voting icons (rule "Votable Matters", appendix "Voting Icons")."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Vote"]


class Vote(StrEnum):
    """A voting icon's meaning."""

    FOR = "FOR"
    """Appendix "Voting Icons": the check box, for.gif."""
    AGAINST = "AGAINST"
    """Appendix "Voting Icons": the X, against.gif."""
    DEFERENTIAL = "DEFERENTIAL"
    """Appendix "Voting Icons": the IMP, imperial.gif."""
    VETO = "VETO"
    """Appendix "Voting Icons": the Imperial Seal, seal.gif (the Boss's VETO)."""
