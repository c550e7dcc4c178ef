"""``nomicbot pages``: a profile game's pages on the wiki, the way its Admin published them."""

from __future__ import annotations

from datetime import datetime

import click

from gamestate.profiles import ProfileError
from wikibot.cli.common import config_option, load, now_option, parse_now, reported
from wikibot.errors import ArchiveError
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.mirror.locks import game_lock_at
from wikibot.profile_archive import load_profile_archive
from wikibot.wiki.client import connect
from wikibot.wiki.pages.profile_pages import Page
from wikibot.wiki.pages.profile_pages import game_pages as build_pages
from wikibot.wiki.pages.profile_publish import PAGES, publish_pages

__all__ = ["pages", "register"]


def game_pages(config_path: str | None, archive_path: str, now: datetime) -> tuple[str, list[Page]]:
    """The game's profile and its pages as of ``now`` (titles from ``[game] pages``), what
    fell due in the week before it listed (:func:`~.profile_pages.game_pages`, as ``demo``
    and ``watch`` build them)."""
    config = load(config_path)
    loaded = load_profile_archive(
        archive_path, profile=config.game.profile, settings=config.game.settings
    )
    spec = loaded.profile
    if spec.name == "blognomic-139":
        raise click.UsageError("BlogNomic's pages are the Votes page: use `nomicbot publish`")
    configured = config.game.settings.get("pages", {})
    if not isinstance(configured, dict):
        raise click.UsageError("[game] pages must be a table: page kind = title")
    try:
        _, built = build_pages(spec, loaded.archive, now, configured=configured)
    except ProfileError as exc:
        raise ArchiveError(str(exc)) from None
    return spec.name, built


@click.command("pages")
@click.option("--archive", "archive_path", required=True, help="The nomic-archive/2 game.")
@click.option("--apply", "apply_", is_flag=True, help="Save the pages (default: print diffs).")
@now_option
@config_option
def pages(archive_path: str, apply_: bool, now_text: str | None, config_path: str | None) -> None:
    """Publish a profile game's pages on the wiki (BoredNomic's status, proposals, board
    and what fell due; Nomopoly's player info, board and proposals by week; Infinite
    Nomic's proposals and Judge; Nomopoly IV's players and scheduled events).

    The pages of what fell due list the week before --now (the turns and the scheduled
    events, the newest 50 of each; `status --since` lists them all).

    A dry run by default: prints each page's diff. With --apply it edits only the pages
    whose part changed, one edit each, recording a ledger row per edit in the mirror;
    text outside the bot's markers is kept. Titles come from [game] pages (kind = title),
    else "<Game>/<Page>".

    Example:

    \b
        nomicbot pages --archive example:borednomic --now 2004-03-17T18:00:00Z
        nomicbot pages --archive game.json --apply
    """
    now = parse_now(now_text)
    with reported():
        profile, built = game_pages(config_path, archive_path, now)
        config = load(config_path)
        client = connect(config, dry_run=not apply_)
        if not apply_:
            results = publish_pages(client, built, profile=profile, at=now, actor="", ledger=None)
        else:
            who = config.game.player or "nomicbot"
            with (
                game_lock_at(config.mirror.database, who=who, doing="pages --apply"),
                Mirror.open(config.mirror.database) as mirror,
            ):
                results = publish_pages(
                    client,
                    built,
                    profile=profile,
                    at=now,
                    actor=who,
                    ledger=Ledger(mirror, domain=PAGES),
                )
    for r in results:
        if not r.changed:
            click.echo(f"{r.title}: no change.")
        elif r.dry_run:
            click.echo(r.diff, nl=False)
            click.echo(f"{r.title}: dry run, nothing written (use --apply to save).")
        else:
            click.echo(f"{r.title}: saved revision {r.revid} (ledger #{r.op_id}).")


def register(cli: click.Group) -> None:
    """Adds ``pages`` to the CLI."""
    cli.add_command(pages)
