"""Commands for the wiki side: ``sandbox wiki``, ``publish``, ``wiki check``."""

from __future__ import annotations

import signal
import time
from contextlib import ExitStack
from pathlib import Path
from types import FrameType

import click

from wikibot.cli.common import config_option, load, now_option, parse_now, reported
from wikibot.cli.status import load_dynasty, load_game
from wikibot.errors import MirrorError
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.mirror.locks import game_lock_at
from wikibot.sandbox.mediawiki import RUN_PAGE, install_wiki, start_wiki
from wikibot.wiki.client import connect
from wikibot.wiki.drift import check_wiki
from wikibot.wiki.votes_view import votes_view

__all__ = ["register"]


def _stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@click.command("wiki")
@click.option(
    "--data",
    "data_dir",
    default="sandbox-data/wiki",
    show_default=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Data directory: the SQLite database, LocalSettings.php, passwords, nomicbot.toml.",
)
@click.option(
    "--port",
    default=8081,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="TCP port on 127.0.0.1 (0: any free port).",
)
@click.option("--install-only", is_flag=True, help="Install and seed the wiki, then exit.")
def sandbox_wiki(data_dir: Path, port: int, install_only: bool) -> None:
    """Run a real local MediaWiki to try nomicbot on.

    The first start installs Debian's MediaWiki 1.39 with SQLite into the data
    directory, creates the accounts Admin (a sysop) and NomicBot (a bot, with a
    bot password), and seeds the Ruleset, Nomicland, Gamestate and Votes pages
    and the bot's run page User:NomicBot/Run saying "run" (its emergency stop).
    Later starts re-use it. It serves on 127.0.0.1 only, until Ctrl-C.

    Example:

    \b
        nomicbot sandbox wiki --port 8081
        nomicbot wiki check --config sandbox-data/wiki/nomicbot.toml
    """
    with reported():
        if install_only:
            creds = install_wiki(data_dir)
            click.echo(f"Installed in {data_dir.resolve()}")
            click.echo(f"Admin password: {creds.admin_password_file}")
            click.echo(f"Bot login {creds.bot_user}, password: {creds.bot_password_file}")
            return
        wiki = start_wiki(data_dir, port=port)
    previous = signal.signal(signal.SIGTERM, _stop_on_sigterm)
    try:
        click.echo(f"Sandbox wiki at {wiki.url} (data in {wiki.data_dir})")
        click.echo(f"Config: {wiki.config_path}")
        click.echo(f"Admin password: {wiki.credentials.admin_password_file}")
        click.echo(
            f"Bot login {wiki.credentials.bot_user}, password: {wiki.credentials.bot_password_file}"
        )
        click.echo(f"Run page (the bot's emergency stop): {RUN_PAGE}")
        click.echo("Press Ctrl-C to stop.")
        while wiki.is_running():
            time.sleep(0.2)
        raise click.ClickException(
            f"the wiki server stopped by itself; see {wiki.data_dir / 'server.log'}"
        )
    except KeyboardInterrupt:
        click.echo("Stopping.")
    finally:
        wiki.stop()
        signal.signal(signal.SIGTERM, previous)


@click.command()
@click.option("--apply", "apply_", is_flag=True, help="Save the page (default: print the diff).")
@now_option
@click.option(
    "--archive",
    "archive_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Evaluate this nomic-archive/1 file instead of the mirror.",
)
@config_option
def publish(
    apply_: bool, now_text: str | None, archive_path: str | None, config_path: str | None
) -> None:
    """Publish the tally of pending Votable Matters on the wiki's Votes page.

    A dry run by default: prints the diff it would make. With --apply it saves
    the page, but only when the tally changed, so running it on a schedule
    edits the page once per change. Nothing is written while the run page
    ([wiki] run_page) does not say "run", or when {{nobots}} or {{bots|deny=...}}
    on the Votes page keeps the bot off.

    Example:

    \b
        nomicbot publish --archive game.json --now 2016-05-24T00:00:00Z
        nomicbot publish --apply
    """
    now = parse_now(now_text)
    config = load(config_path)
    title = config.wiki.votes_page
    with reported(), ExitStack() as held:
        if apply_ and archive_path is None:
            # The game lock, before the game is read (what `resolve` and `watch` hold too).
            who = config.game.player or None
            held.enter_context(
                game_lock_at(config.mirror.database, who=who, doing="publish --apply", create=False)
            )
        game = load_game(config, archive_path)
        dynasty = load_dynasty(config, archive_path, game)
        client = connect(config, dry_run=not apply_)
        # What `resolve` and `watch` write too; an archive has no ledger: no Demand section.
        with ExitStack() as stack:
            mirror: Mirror | None = None
            if archive_path is None:
                mirror = stack.enter_context(Mirror.open(config.mirror.database, create=False))
            view = votes_view(
                game, now, dynasty=dynasty, pages=config.wiki, client=client, mirror=mirror
            )
        result = view.publish(client, title=title, blog_url=config.blog.url)
    if not result.changed:
        click.echo(f"{result.title}: no change (the published tally is current).")
    elif result.dry_run:
        click.echo(result.diff, nl=False)
        click.echo(f"{result.title}: dry run, nothing written (use --apply to save).")
    else:
        conflicts = f" after {result.conflicts} edit conflict(s)" if result.conflicts else ""
        click.echo(f"{result.title}: saved revision {result.revid}{conflicts}.")


@click.command("check")
@config_option
def check(config_path: str | None) -> None:
    """Check the wiki's gamestate pages against the Ruleset.

    Reads the Ruleset (for the Building names), the Nomicland page and the
    Gamestate table, and replays the mirror's ledger to compare; prints each
    problem with its page, line and the rule's words, and exits with status 1
    when there is any.

    Example:

        nomicbot wiki check --config sandbox-data/wiki/nomicbot.toml
    """
    config = load(config_path)
    with reported():
        client = connect(config, dry_run=True, login=bool(config.wiki.user))
        try:
            mirror: Mirror | None = Mirror.open(config.mirror.database, create=False)
        except MirrorError:
            mirror = None  # no mirror yet: the pages are checked against the Ruleset only
        try:
            report = check_wiki(
                client, config.wiki, ledger=Ledger(mirror) if mirror is not None else None
            )
        finally:
            if mirror is not None:
                mirror.close()
    for line in report.lines():
        click.echo(line)
    if not report.ok:
        raise click.exceptions.Exit(1)


def register(cli: click.Group, sandbox: click.Group, wiki: click.Group) -> None:
    """Adds this module's commands to the CLI."""
    sandbox.add_command(sandbox_wiki)
    cli.add_command(publish)
    wiki.add_command(check)
    from wikibot.cli.wiki_audit import register as register_audit

    register_audit(wiki)
