"""The ``nomicbot`` command line.

Every command is a thin wrapper: it wires objects, calls the library, and turns
library errors (:class:`wikibot.errors.NomicbotError`) into one-line
``click.ClickException`` messages.
"""

from __future__ import annotations

import click

from wikibot.cli import blog as cli_blog
from wikibot.cli import demo as cli_demo
from wikibot.cli import mirror as cli_mirror
from wikibot.cli import status as cli_status
from wikibot.cli import wiki as cli_wiki


@click.group()
@click.version_option(package_name="nomicbot")
def cli() -> None:
    """nomicbot: the bookkeeping bot for BlogNomic-style nomic games.

    It reads votes from the blog, decides what the Ruleset says about each
    Votable Matter, and keeps the wiki's gamestate pages and an audit mirror.
    """


@cli.group(name="sandbox")
def sandbox_group() -> None:
    """Local stand-ins for the real site: a blog and a real MediaWiki."""


@cli.group(name="wiki")
def wiki_group() -> None:
    """Read and check the wiki's gamestate pages."""


__all__ = ["cli", "sandbox_group", "wiki_group"]

cli_status.register(cli)
cli_blog.register(cli, sandbox_group)
cli_mirror.register(cli)
cli_wiki.register(cli, sandbox_group, wiki_group)
cli.add_command(cli_demo.demo)
