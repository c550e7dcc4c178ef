"""Errors of the importers.

Hierarchy::

    NomicbotError (ValueError)          wikibot.errors
    └── ImporterError                   a mailbox or address file cannot be read at all

A message that cannot be placed is not an error: it is reported
(:class:`wikibot.importers.mbox.Problem`) and the import goes on.
"""

from __future__ import annotations

from wikibot.errors import NomicbotError

__all__ = ["ImporterError"]


class ImporterError(NomicbotError):
    """An input file cannot be read at all; the message names the file and the cause."""
