"""Commands for the mirror: ``sync`` (blog into the mirror) and ``export`` (mirror to archive)."""

from __future__ import annotations

import sys
from typing import IO, Any

import click

from gamestate.profiles.blognomic_139 import archive_from_game
from wikibot.archive import write_archive
from wikibot.blog.scraper import BlogScraper
from wikibot.cli.common import config_option, load, reported
from wikibot.errors import NomicbotError
from wikibot.mirror.api import Mirror, load_game_from_mirror
from wikibot.mirror.sync import SyncReport, parse_since, sync
from wikibot.mirror.sync_reach import WalkShortfall
from wikibot.profile_archive import write_profile_archive
from wikibot.wiki.ruleset_history import sync_configured_ruleset

__all__ = ["export_command", "register", "sync_command"]


class _ProgressBar:
    """A progress bar on stderr, drawn once a full walk says how far it must go."""

    def __init__(self) -> None:
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = click.progressbar(
                length=total, label="Reading the blog back", file=sys.stderr, show_pos=True
            )
            self.bar.__enter__()
        self.bar.update(done - self.bar.pos)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def _n(count: int, noun: str) -> str:
    """``1 request``, ``2 requests``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _summary(report: SyncReport) -> str:
    s = report.stored
    kind = report.kind + (f", resuming run {report.resumes}" if report.resumes else "")
    return (
        f"Sync run {report.run_id} ({kind}): {report.outcome}. "
        f"{_n(report.requests_made, 'request')} ({report.not_modified} not modified), "
        f"{_n(report.pages_fetched, 'page')} read, {report.posts_read} of them posts. "
        f"{_n(s.new_posts, 'new post')}, {s.changed_posts} changed, "
        f"{_n(s.new_comments, 'new comment')}, {_n(s.findings, 'audit finding')}, "
        f"{_n(len(report.warnings), 'warning')}."
    )


@click.command("sync")
@config_option
@click.option(
    "--since",
    metavar="YYYY-MM-DD",
    default=None,
    help="Page back through the listings to this date (a full walk), re-reading every "
    "post with comments on the way to find edited comments (a 304 for each unchanged "
    "post). Default: only what changed since the last sync; a first sync goes back to "
    "[blog] start, or 60 days; a full walk that was killed or failed is resumed.",
)
@click.option(
    "--verify",
    is_flag=True,
    default=False,
    help="After the sync, re-read every post with comments in the mirror, conditionally "
    "(a 304 for each unchanged post), so an edited comment becomes an audit finding "
    "even though its post's comment count did not change.",
)
@click.option(
    "--archive-url",
    metavar="URL",
    default=None,
    help="Start the walk at this listing page, e.g. a monthly archive "
    "https://blognomic.com/2016/05/, instead of the front page.",
)
def sync_command(
    config_path: str | None, since: str | None, verify: bool, archive_url: str | None
) -> None:
    """Bring the mirror up to date with the blog.

    The first sync reads every listing page back to the start date ([blog]
    start; by default at least 60 days and back to the current dynasty's
    Ascension Address), and each post's page that has comments. Later syncs ask
    for the front page only if it changed (one request when nothing did), read
    the posts whose comment count moved, and check pending Votable Matters that
    fell off the front page through their monthly archive (one request a month),
    or through the post's own page when it is its month's only one. A full walk
    (--since) also re-reads, conditionally, each post with comments, as
    --verify does for the whole mirror: an edited comment leaves the comment
    count alone. If the last full walk was killed or failed, the next sync
    resumes it, reading only the posts the mirror lacks. A walk that ends
    before its date (the listing pages run out, or one cannot be read) says
    how far back it read and why. Each run, its
    warnings and the roster are recorded in the mirror (a sidebar that lists
    no players, disagrees with its own count or Quorum, or was cut off is a
    warning, and the last roster stands); a comment edited or removed after it
    was first seen becomes an audit finding (Fair Play), its original text
    kept. With [wiki] configured, the Ruleset page's revisions saved since the
    last sync are read into the mirror too (one request when there are none);
    a wiki that cannot be reached is a warning, and the blog's sync stands.

    Example:

        nomicbot sync --config nomicbot.toml --since 2016-05-01
    """
    config = load(config_path)
    bar = _ProgressBar()
    with reported():
        config.require_file()
        since_date = parse_since(since) if since else None
        start = parse_since(config.blog.start, "[blog] start") if config.blog.start else None
        try:
            scraper = BlogScraper(
                config.blog.url,
                markup=config.blog.markup,
                user_agent=config.user_agent,
                min_interval=config.blog.min_interval,
                auth=config.blog.http_auth,
            )
        except ValueError as exc:
            raise click.ClickException(f"[blog]: {exc}") from None
        with Mirror.open(config.mirror.database) as mirror, scraper:
            try:
                report = sync(
                    mirror,
                    scraper,
                    since=since_date,
                    start=start,
                    start_url=archive_url,
                    verify=verify,
                    terms=config.game.terms,
                    progress=bar,
                )
            finally:
                bar.close()
            try:
                ruleset = sync_configured_ruleset(mirror, config)
            except NomicbotError as exc:  # the blog's sync stands; one line, next time again
                ruleset = None
                click.echo(f"warning: Ruleset not read: {exc}", err=True)
    # How far back the walk read, if short of its date, is said whatever else was warned.
    reach = [w for w in report.warnings if WalkShortfall.from_message(w) is not None]
    others = [w for w in report.warnings if w not in reach]
    for warning in others[:20]:
        click.echo(f"warning: {warning}", err=True)
    if len(others) > 20:
        click.echo(f"... and {len(others) - 20} more warnings in the mirror.", err=True)
    for warning in reach:
        click.echo(f"warning: {warning}", err=True)
    click.echo(_summary(report))
    if ruleset is not None:
        click.echo(ruleset.summary())
    if report.outcome == "incomplete":
        click.echo("Some pages could not be read; the next sync reads them again.", err=True)


@click.command("export")
@config_option
@click.option(
    "--output",
    "-o",
    type=click.File("w", encoding="utf-8", atomic=True),
    default="-",
    show_default="stdout",
    help="Where to write the archive.",
)
@click.option(
    "--format",
    "format_",
    type=click.Choice(["1", "2"]),
    default="1",
    show_default=True,
    help="nomic-archive/1 (BlogNomic's blog record) or nomic-archive/2 (the profiles' "
    "format, profile blognomic-139: each post a matter, its votes listed, its comments kept).",
)
def export_command(config_path: str | None, output: IO[str], format_: str = "1") -> None:
    """Write the mirror as a nomic-archive/1 file (or /2 with --format 2).

    The roster and Boss are the latest seen, and every roster snapshot the
    mirror holds is written as "rosters" (status uses the roster of each day),
    and every revision of the wiki's Ruleset page sync read as "rulesets"
    (status judges by the Ruleset in force); each comment is exported as the
    blog first showed it (Fair Play forbids editing comments; later edits are
    audit findings in the mirror, not the record).

    Example:

        nomicbot export --config nomicbot.toml --output blognomic.json
        nomicbot export --format 2 --output blognomic-v2.json
    """
    config = load(config_path)
    with reported():
        game = load_game_from_mirror(config.mirror.database)
    if format_ == "2":
        write_profile_archive(archive_from_game(game), output)
        return
    write_archive(game, output)


def register(cli: click.Group) -> None:
    """Adds this module's commands to the CLI."""
    cli.add_command(sync_command)
    cli.add_command(export_command)
