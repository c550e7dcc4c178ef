"""``nomicbot status``: what an Admin may do with each pending matter, and why."""

from __future__ import annotations

import json
from datetime import datetime

import click

from gamestate import evaluate
from gamestate.dynasties import Dynasty
from gamestate.profiles import DEFAULT_PROFILE, ProfileError
from gamestate.profiles import FORMAT as ARCHIVE_2
from gamestate.profiles.blognomic_139 import BlogNomic139
from gamestate.profiles.blognomic_139.models import Game
from gamestate.profiles.blognomic_139.reigns import Reigns
from wikibot.archive import FORMAT, read_archive_file
from wikibot.cli.common import config_option, load, now_option, parse_now, reported
from wikibot.cli.profile_render import dumps_report, render_profile_table, report_to_json
from wikibot.cli.status_render import render_table, status_to_json
from wikibot.config import Config
from wikibot.errors import ArchiveError
from wikibot.gcpause import paused_gc
from wikibot.profile_archive import archive_format, load_profile_archive, read_json

__all__ = ["load_dynasty", "load_game", "register"]


def load_game(config: Config, archive_path: str | None) -> Game:
    """The game from an archive file, or else from the mirror the config names."""
    if archive_path is not None:
        return read_archive_file(archive_path)
    from wikibot.mirror.api import Mirror
    from wikibot.mirror.resolutions import MISMATCH, load_resolutions
    from wikibot.resolve.run import game_with_resolutions

    # Resolutions recorded by `resolve --apply` count before the blog shows them;
    # those the blog shows otherwise are reported.
    with Mirror.open(config.mirror.database, create=False) as mirror:
        for r in load_resolutions(mirror).values():
            if r.state == MISMATCH:
                click.echo(
                    f"warning: resolution mismatch: {r.post_id} resolved by {r.admin} as "
                    f'{r.status_word} ("{r.note}"), the blog shows {r.blog_status} '
                    f'("{r.blog_note or ""}")',
                    err=True,
                )
        return game_with_resolutions(mirror)


def load_dynasty(config: Config, archive_path: str | None, game: Game) -> Dynasty:
    """The dynasty in play, its economy from the mirror's ledger (none with an archive:
    its rules that need the economy are then noted as not checked)."""
    from wikibot.wiki.dynasty import dynasty_from_mirror, dynasty_without_mirror

    if archive_path is not None:
        return dynasty_without_mirror()
    from wikibot.mirror.api import Mirror

    idle = frozenset(p.name for p in game.players if p.idle)
    with Mirror.open(config.mirror.database, create=False) as mirror:
        return dynasty_from_mirror(mirror, config, boss=game.boss, idle=idle)


@click.command()
@click.option(
    "--archive",
    "archive_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Evaluate this archive file (nomic-archive/1 or /2, or example:NAME) instead of "
    "the mirror.",
)
@now_option
@click.option(
    "--since",
    "since_text",
    default=None,
    metavar="ISO",
    help="With a nomic-archive/2 archive: list the scheduled events that fell due after "
    "this instant (and up to --now).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the JSON contract instead.")
@click.option(
    "--admin",
    default=None,
    metavar="NAME",
    help="Show the note NAME would append on resolving (default: [game] player).",
)
@config_option
def status(
    archive_path: str | None,
    now_text: str | None,
    as_json: bool,
    config_path: str | None,
    admin: str | None = None,
    since_text: str | None = None,
) -> None:
    """Show every pending Votable Matter with its verdict and the reason.

    The verdict is what an Admin may do now: enact, fail, wait (votes or clocks
    do not allow it yet) or blocked (not the oldest pending Proposal, Hiatus,
    Seasonal Downtime).

    Example:

    \b
        nomicbot status --archive example:nomicland \\
            --now 2016-05-17T12:00:00Z --admin Kevan
        nomicbot status --archive example:borednomic --now 2004-03-07T06:00:00Z \\
            --since 2004-03-01T00:00:00Z

    A nomic-archive/2 archive is judged by its profile (its `profile` field, else
    [game] profile): each matter's outcome in the game's words, the clause, the
    numbers and the next change (--json: ARCHITECTURE.md section 2b).
    """
    now = parse_now(now_text)
    # An archive needs no config; a config named on the command line is still read.
    config = load(config_path) if archive_path is None or config_path else Config()
    fmt = archive_format(archive_path) if archive_path is not None else ""
    if archive_path is not None and fmt == ARCHIVE_2:
        _profile_status(config, archive_path, now, since_text, as_json)
        return
    if fmt.startswith("nomic-archive/") and fmt != FORMAT:
        raise click.ClickException(
            f"{archive_path}: format {fmt!r}: status reads {FORMAT!r} (a BlogNomic blog) "
            f"and {ARCHIVE_2!r} (a game of any rule profile)"
        )
    if since_text is not None:
        if archive_path is not None and fmt != FORMAT:
            # What the file is not comes first: missing, not UTF-8, not JSON.
            with reported():
                read_json(archive_path)
        raise click.UsageError("--since needs a nomic-archive/2 archive (--archive FILE)")
    if archive_path is None and config.game.profile != DEFAULT_PROFILE:
        raise click.ClickException(
            f"[game] profile is {config.game.profile}: the mirror holds a BlogNomic blog; "
            "give that game's archive with --archive FILE"
        )
    with reported():
        game = load_game(config, archive_path)
        result = evaluate(game, now, dynasty=load_dynasty(config, archive_path, game))
    if as_json:
        click.echo(json.dumps(status_to_json(result), indent=2, ensure_ascii=False))
        return
    resolver = admin or config.game.player or None
    if resolver is not None and not _is_active_admin(game, resolver, now):
        if admin:
            # Appendix "Resolve": "the act, as an Admin, of enacting or failing".
            raise click.ClickException(f"--admin {admin}: not an active Admin on the roster")
        resolver = None  # the operator is a player, not an Admin: no notes to show
    click.echo(render_table(result, admin=resolver), nl=False)


def _profile_status(
    config: Config, archive_path: str, now: datetime, since_text: str | None, as_json: bool
) -> None:
    """``status`` of a ``nomic-archive/2`` archive, by its profile."""
    since = None
    if since_text is not None:
        since = parse_now(since_text)
        if since > now:
            raise click.UsageError(f"--since {since_text} is after --now")
    with reported(), paused_gc():
        loaded = load_profile_archive(
            archive_path, profile=config.game.profile, settings=config.game.settings
        )
        spec = loaded.profile
        if isinstance(spec, BlogNomic139):
            # As for a /1 archive: the dynasty with no ledger (its economy rules noted).
            from wikibot.wiki.dynasty import dynasty_without_mirror

            spec = spec.with_dynasty(dynasty_without_mirror())
        try:
            report = spec.evaluate(loaded.archive, now, since)
        except ProfileError as exc:
            raise ArchiveError(str(exc)) from None
    # The check's warnings and the rules' own, each said once.
    report.warnings = list(dict.fromkeys([*loaded.warnings, *report.warnings]))
    if as_json:
        click.echo(dumps_report(report_to_json(report, spec.number_keys)))
        for warning in report.warnings:
            click.echo(f"warning: {warning}", err=True)
        return
    click.echo(render_profile_table(report, loaded.archive, spec.title), nl=False)


def _is_active_admin(game: Game, name: str, now: datetime) -> bool:
    """Is ``name`` an Admin, not Idle, on the roster in force at ``now``?"""
    snap = Reigns.from_game(game).snapshot_at(now)
    players = snap.players if snap is not None else game.players
    player = next((p for p in players if p.name == name), None)
    return player is not None and player.admin and not player.idle


def register(cli: click.Group) -> None:
    """Adds ``status`` to the CLI."""
    cli.add_command(status)
