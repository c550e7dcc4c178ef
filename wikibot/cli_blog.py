"""Commands for the blog side: ``sandbox blog``, ``sync``, ``export``."""

from __future__ import annotations

import click


def register(cli: click.Group, sandbox: click.Group) -> None:
    """Adds this module's commands to the CLI."""
