"""The ``nomicbot`` command line.

Every command is a thin wrapper: it wires objects, calls the library, and turns
library errors (:class:`wikibot.errors.NomicbotError`) into one-line
``click.ClickException`` messages.
"""

from __future__ import annotations

import logging

import click

from wikibot.cli import blog as cli_blog
from wikibot.cli import demand as cli_demand
from wikibot.cli import demo as cli_demo
from wikibot.cli import economy as cli_economy
from wikibot.cli import history as cli_history
from wikibot.cli import importer as cli_importer
from wikibot.cli import mirror as cli_mirror
from wikibot.cli import note as cli_note
from wikibot.cli import profile_pages as cli_profile_pages
from wikibot.cli import profiles as cli_profiles
from wikibot.cli import resolve as cli_resolve
from wikibot.cli import rules as cli_rules
from wikibot.cli import status as cli_status
from wikibot.cli import watch as cli_watch
from wikibot.cli import wiki as cli_wiki
from wikibot.secrecy import redact as _redact

_LOGGERS = ("wikibot", "gamestate", "rules_text", "mwclient")
"""Whose log records the command line shows (mwclient reports maxlag pauses)."""


class _EchoHandler(logging.Handler):
    """Writes log records to the standard error of the running command, one line each,
    with the login of any URL in them masked (a library may log a URL as it got it)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            click.echo(_redact(" ".join(self.format(record).split())), err=True)
        except Exception:  # a log line must never break a command
            self.handleError(record)


def _setup_logging(verbose: int, quiet: bool) -> None:
    """Warnings by default; -v info (waits, retries, edit conflicts), -vv debug; -q errors.

    For the running command only: the handler and levels are put back when it ends.
    """
    level = (
        logging.ERROR
        if quiet
        else {0: logging.WARNING, 1: logging.INFO}.get(verbose, logging.DEBUG)
    )
    handler = _EchoHandler(level)
    handler.setFormatter(logging.Formatter("nomicbot: %(levelname)s: %(message)s"))
    loggers = [logging.getLogger(name) for name in _LOGGERS]
    before = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(level)

    def restore() -> None:
        for logger, old in zip(loggers, before, strict=True):
            logger.removeHandler(handler)
            logger.setLevel(old)

    click.get_current_context().call_on_close(restore)


@click.group()
@click.version_option(package_name="nomicbot")
@click.option(
    "-v",
    "--verbose",
    count=True,
    help="Say more: -v logs waits, retries, Retry-After, maxlag pauses and edit "
    "conflicts; -vv everything.",
)
@click.option("-q", "--quiet", is_flag=True, help="Log errors only (no warnings).")
def cli(verbose: int, quiet: bool) -> None:
    """nomicbot: the bookkeeping bot for BlogNomic-style nomic games.

    It reads votes from the blog, decides what the Ruleset says about each
    Votable Matter, and keeps the wiki's gamestate pages and an audit mirror.

    Example:

    \b
        nomicbot -v publish --apply
    """
    if verbose and quiet:
        raise click.UsageError("-v/--verbose and -q/--quiet cannot be used together")
    _setup_logging(verbose, quiet)


@cli.group(name="sandbox")
def sandbox_group() -> None:
    """Local stand-ins for the real site: a blog and a real MediaWiki."""


@cli.group(name="wiki")
def wiki_group() -> None:
    """Read and check the wiki's gamestate pages."""


__all__ = ["cli", "sandbox_group", "wiki_group"]

cli_status.register(cli)
cli_history.register(cli)
cli_importer.register(cli)
cli_blog.register(cli, sandbox_group)
cli_mirror.register(cli)
cli_note.register(cli)
cli_profiles.register(cli)
cli_profile_pages.register(cli)
cli_resolve.register(cli)
cli_rules.register(cli)
cli_wiki.register(cli, sandbox_group, wiki_group)
cli_watch.register(cli)
cli_economy.register(cli)
cli_demand.register(cli)
cli.add_command(cli_demo.demo)
