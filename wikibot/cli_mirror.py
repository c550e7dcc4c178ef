"""Commands for the mirror: ``sync``, ``export``."""

from __future__ import annotations

import click


def register(cli: click.Group) -> None:
    """Adds this module's commands to the CLI."""
