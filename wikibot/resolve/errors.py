"""Errors of ``nomicbot resolve``.

Hierarchy::

    NomicbotError (ValueError)
    └── ResolveError       a resolution cannot go ahead
        ├── Refused        a rule forbids it now (the message quotes the rule)
        └── LockHeld       another command holds the game lock (names the holder)
"""

from __future__ import annotations

from wikibot.errors import NomicbotError

__all__ = ["LockHeld", "Refused", "ResolveError"]


class ResolveError(NomicbotError):
    """A resolution cannot go ahead."""


class Refused(ResolveError):
    """A rule forbids the resolution now; the message names the rule."""


class LockHeld(ResolveError):
    """Another command that writes game state (``resolve --apply``, ``build --apply``...)
    holds the game lock; the message says which, who and since when."""
