"""Errors of ``nomicbot resolve``.

Hierarchy::

    NomicbotError (ValueError)
    └── ResolveError       a resolution cannot go ahead
        ├── Refused        a rule forbids it now (the message quotes the rule)
        └── LockHeld       another run holds the resolve lock (names the holder)
"""

from __future__ import annotations

from wikibot.errors import NomicbotError

__all__ = ["LockHeld", "Refused", "ResolveError"]


class ResolveError(NomicbotError):
    """A resolution cannot go ahead."""


class Refused(ResolveError):
    """A rule forbids the resolution now; the message names the rule."""


class LockHeld(ResolveError):
    """Another ``resolve --apply`` holds the lock; the message says who and since when."""
