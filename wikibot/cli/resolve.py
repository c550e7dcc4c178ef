"""``nomicbot resolve``: an Admin's whole resolution, exactly once."""

from __future__ import annotations

import shlex
import sys
from contextlib import ExitStack
from datetime import UTC, datetime

import click

from gamestate.dynasties import Dynasty
from wikibot.cli.common import config_option, load, now_option, parse_now, reported
from wikibot.config import Config
from wikibot.mirror.api import Mirror
from wikibot.wiki.dynasty import dynasty_from_mirror

__all__ = ["register", "resolve"]


@click.command()
@click.argument("matter", required=False)
@click.option("--apply", "apply_", is_flag=True, help="Write: record, republish, archive.")
@now_option
@click.option(
    "--as",
    "as_admin",
    default=None,
    metavar="ADMIN",
    help="The resolving Admin (default: [game] player).",
)
@click.option(
    "--with-text",
    is_flag=True,
    help="Also apply an enacted text in a common mechanical form.",
)
@config_option
def resolve(
    matter: str | None,
    apply_: bool,
    now_text: str | None,
    as_admin: str | None,
    with_text: bool,
    config_path: str | None,
) -> None:
    """Resolve what may be resolved now: the verdict, clause, tally and note.

    Without MATTER: the oldest pending Proposal if decidable, then every
    decidable Call for Judgement and Declaration of Victory. With MATTER (a
    post id): that one, or a refusal naming the rule.

    A dry run by default. With --apply it records each resolution in the
    mirror (awaiting the blog: set the printed status word and note in the
    blog's control panel; the next sync confirms it), republishes the Votes
    page and carries out an Ascension Address, each write exactly once.

    Example:

    \b
        nomicbot resolve --as Kevan --now 2016-05-24T00:00:00Z
        nomicbot resolve fix_the_queue --apply --as Kevan
    """
    from wikibot.resolve import Resolver, resolve_lock
    from wikibot.wiki.client import connect

    now = parse_now(now_text)
    config = load(config_path)
    admin = as_admin or config.game.player
    if not admin:
        raise click.ClickException("no Admin: pass --as ADMIN or set [game] player")
    with reported():
        mirror = Mirror.open(config.mirror.database, create=False)
        try:
            wiki = connect(config, dry_run=not apply_) if config.wiki.url else None
            with ExitStack() as held:
                if apply_:
                    # Before the game and the dynasty's economy are read, and before
                    # anything is printed: a second Admin waits here, or is refused.
                    held.enter_context(resolve_lock(mirror, admin=admin, notify=_to_stderr))
                resolver = Resolver(
                    mirror,
                    admin=admin,
                    now=now,
                    wiki=wiki,
                    pages=config.wiki,
                    blog_url=config.blog.url,
                    cause=shlex.join(["nomicbot", *sys.argv[1:]]),
                    clock=lambda: datetime.now(UTC),
                    echo=click.echo,
                    apply=apply_,
                    with_text=with_text,
                    dynasty=_dynasty(mirror, config),
                    locked=apply_,
                )
                resolver.run(matter)
        finally:
            mirror.close()


def _to_stderr(line: str) -> None:
    click.echo(line, err=True)


def _dynasty(mirror: Mirror, config: Config) -> Dynasty:
    """The dynasty in play, with the economy as the mirror's ledger knows it."""
    game = mirror.to_game()
    idle = frozenset(p.name for p in game.players if p.idle)
    return dynasty_from_mirror(mirror, config, boss=game.boss, idle=idle)


def register(cli: click.Group) -> None:
    """Adds ``resolve`` to the CLI."""
    cli.add_command(resolve)
