"""Commands for the wiki side: ``sandbox wiki``, ``publish``, ``wiki check``."""

from __future__ import annotations

import click


def register(cli: click.Group, sandbox: click.Group, wiki: click.Group) -> None:
    """Adds this module's commands to the CLI."""
