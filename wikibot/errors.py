"""Errors nomicbot reports to its user.

Hierarchy::

    NomicbotError (ValueError)
    ├── ConfigError        the nomicbot.toml or environment is unusable
    ├── ArchiveError       a nomic-archive/1 file is malformed (names field and post)
    ├── ScrapeError        the blog could not be read (after retries)
    ├── MirrorError        the mirror database refused an operation
    │   └── LockError      another process holds a named lock on the mirror
    ├── WikiError          a wiki call failed (names the page and the cause)
    └── WebhookError       an announcement could not be posted (never shows the URL)

The CLI turns each into one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations


class NomicbotError(ValueError):
    """Base of every expected failure."""


class ConfigError(NomicbotError):
    """The configuration file or environment is unusable."""


class ArchiveError(NomicbotError):
    """An archive file is malformed."""


class ScrapeError(NomicbotError):
    """The blog could not be read."""


class MirrorError(NomicbotError):
    """The mirror database refused an operation."""


class LockError(MirrorError):
    """Another process holds a named lock on the mirror; the message says who."""


class WebhookError(NomicbotError):
    """A webhook POST failed; the message names the cause, never the (secret) URL."""


class WikiError(NomicbotError):
    """A wiki call failed; the message names the page and the cause."""
