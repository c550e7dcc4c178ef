"""``nomicbot watch``: sync, republish the Votes page and announce events, unattended."""

from __future__ import annotations

import logging
import re
import sys

import click

from wikibot.blog.scraper import BlogScraper
from wikibot.cli.common import config_option, load, reported
from wikibot.cli.watch_profile import ProfileOptions, run_profile_watch, watch_until_stopped
from wikibot.importers import GAMES
from wikibot.mirror.api import Mirror
from wikibot.watch.loop import StopRequest, Watcher

__all__ = ["parse_interval", "register", "watch"]

_INTERVAL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*$")
_UNITS = {"": 1.0, "s": 1.0, "m": 60.0, "h": 3600.0}
WATCH_RETRIES = 2
"""Retries of one blog request within a cycle; the cycle's own backoff does the rest."""


def parse_interval(text: str) -> float:
    """``10m``, ``30s``, ``1h`` or plain seconds, as seconds (at least 1)."""
    found = _INTERVAL.match(text)
    if found is None or float(found.group(1)) * _UNITS[found.group(2)] < 1:
        raise click.BadParameter(f"expected e.g. 30s, 10m or 1h (at least 1s), got {text!r}")
    return float(found.group(1)) * _UNITS[found.group(2)]


@click.command()
@config_option
@click.option(
    "--interval",
    default=None,
    metavar="DURATION",
    help="Time between cycles: 30s, 10m, 1h (default: [watch] interval, 10m); failed "
    "cycles back off up to 16 times this.",
)
@click.option(
    "--once", is_flag=True, help="Run one cycle and exit (for cron); exit 1 if it failed."
)
@click.option(
    "--archive",
    "archive_path",
    default=None,
    metavar="FILE",
    help="A profile game: its nomic-archive/2 file (or example:NAME), read on each cycle.",
)
@click.option(
    "--mbox",
    "mbox_path",
    default=None,
    metavar="FILE",
    help="A profile game: its mailbox, imported on each cycle as `import mbox` does.",
)
@click.option(
    "--profile",
    default=None,
    type=click.Choice(sorted(GAMES)),
    help="With --mbox: the game the mail is from.",
)
@click.option(
    "--addresses",
    "addresses_path",
    default=None,
    metavar="FILE",
    help="With --mbox: e-mail address -> player (.toml or .json), over [game.addresses].",
)
@click.option("--admin", default=None, metavar="NAME", help="With --mbox: the Admin's name.")
@click.option(
    "--apply",
    "apply_",
    is_flag=True,
    help="A profile game: save the pages and record the announcements (default: a dry run).",
)
@click.option(
    "--now",
    "now_text",
    default=None,
    metavar="ISO",
    help="A profile game: evaluate every cycle as of this UTC instant (replaying a game).",
)
def watch(
    config_path: str | None,
    interval: str | None,
    once: bool,
    archive_path: str | None,
    mbox_path: str | None,
    profile: str | None,
    addresses_path: str | None,
    admin: str | None,
    apply_: bool,
    now_text: str | None,
) -> None:
    """Keep the game's pages current and announce what can be done, unattended.

    Each cycle syncs the blog into the mirror (one request when nothing
    changed), republishes the wiki's Votes page when the tally changed, and
    announces each new event once, across restarts: a Votable Matter became
    decidable, a DoV put the game into Hiatus, Seasonal Downtime began or
    ended, someone achieved victory by Project Completion, a Demand Post may be
    closed. Announcements go to stdout and, when [watch] webhook (in a 0600 config),
    webhook_file or
    $NOMICBOT_WATCH_WEBHOOK names one, to a Discord- or Slack-compatible
    webhook. It resolves nothing unless [watch] auto_resolve_as names the Admin
    who allows it. A failed cycle is logged on stderr and
    retried with backoff. SIGINT or SIGTERM stops it after the current step.
    Only one watcher may run on a mirror at a time.

    A profile game (BoredNomic, Nomopoly, Nomopoly IV, Infinite Nomic) is
    watched from its archive file (--archive) or its mailbox (--mbox, imported
    on each cycle): each cycle republishes its pages (`nomicbot pages`) whose
    part changed and announces each matter decided, each event that fell due
    and each action recorded, once. A dry run unless --apply. A source that
    cannot be read is one warning line, and the cycle is skipped.

    Example:

    \b
        nomicbot watch --config nomicbot.toml --interval 10m
        nomicbot watch --config nomicbot.toml --once    # from cron
        nomicbot watch --archive game.json --apply
        nomicbot watch --mbox game.mbox --profile nomopoly --addresses players.toml --apply
    """
    config = load(config_path)
    interval = interval or config.watch.interval
    seconds = parse_interval(interval)
    logging.basicConfig(
        stream=sys.stderr,
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        datefmt="%Y-%m-%dT%H:%M:%S%z",
    )
    options = ProfileOptions(
        archive=archive_path,
        mbox=mbox_path,
        profile=profile,
        addresses=addresses_path,
        admin=admin,
        apply=apply_,
        now=now_text,
    )
    if options.given():
        with reported():
            ok = run_profile_watch(config, options, interval=interval, seconds=seconds, once=once)
        if once and not ok:
            raise click.exceptions.Exit(1)
        return
    stop = StopRequest()

    with reported():
        config.require_file()
        config.require_operator()
        webhook = config.watch.webhook_url()
        try:
            scraper = BlogScraper(
                config.blog.url,
                markup=config.blog.markup,
                user_agent=config.user_agent,
                min_interval=config.blog.min_interval,
                max_retries=WATCH_RETRIES,
                auth=config.blog.http_auth,
            )
        except ValueError as exc:
            raise click.ClickException(f"[blog]: {exc}") from None
        with Mirror.open(config.mirror.database) as mirror, scraper:

            def run() -> bool:
                if config.watch.auto_resolve_as:
                    click.echo(
                        f"[watch] auto_resolve_as = {config.watch.auto_resolve_as!r}: each "
                        "decidable matter is resolved as `resolve --apply` would, in that "
                        "Admin's name (text changes are left to `resolve --with-text`).",
                        err=True,
                    )
                target = "stdout and the webhook" if webhook else "stdout"
                click.echo(
                    f"Watching {config.blog.url} every {interval}; announcing on {target}.",
                    err=True,
                )
                watcher = Watcher(
                    config,
                    mirror,
                    scraper,
                    webhook_url=webhook,
                    stop=stop,
                    out=lambda line: click.echo(line),
                )
                return watcher.run(interval=seconds, once=once)

            ok = watch_until_stopped(mirror, stop, once=once, run=run)
    if once and not ok:
        raise click.exceptions.Exit(1)


def register(cli: click.Group) -> None:
    """Adds ``watch`` to the CLI."""
    cli.add_command(watch)
