"""``nomicbot history``: the Admins' resolutions beside the bot's verdict at each moment."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import click

from gamestate.profiles.blognomic_139.audit import audit_resolutions
from wikibot.archive import parse_time
from wikibot.cli.common import config_option, load, reported
from wikibot.cli.history_render import history_to_json, reach_note, render_history
from wikibot.cli.status import load_game
from wikibot.config import Config
from wikibot.errors import NomicbotError
from wikibot.mirror.sync_reach import WalkShortfall, mirror_reach

__all__ = ["parse_since", "register"]


def parse_since(text: str) -> datetime:
    """``--since``: a date (``2016-05-01``, midnight UTC) or an ISO-8601 UTC instant."""
    try:
        return datetime.combine(date.fromisoformat(text.strip()), datetime.min.time(), UTC)
    except ValueError:
        pass
    try:
        return parse_time(text, "--since")
    except NomicbotError as exc:
        raise click.BadParameter(f"{exc} (or a date like 2016-05-01)") from None


@click.command()
@click.option(
    "--archive",
    "archive_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Audit this nomic-archive/1 file (or example:nomicland) instead of the mirror.",
)
@click.option(
    "--since",
    "since_text",
    default=None,
    metavar="DATE",
    help="Only matters resolved on or after DATE (2016-05-01, or an ISO-8601 UTC instant).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
@config_option
def history(
    archive_path: str | None, since_text: str | None, as_json: bool, config_path: str | None
) -> None:
    """Audit every resolved Votable Matter against the bot's own verdict at its moment.

    For each Proposal, CfJ and DoV the blog shows resolved, the Admin's status and
    note (outcome, Admin, FOR-AGAINST, Quorum) beside the bot's verdict and tally at
    the instant it was resolved, with the roster of that day where the mirror has it;
    then each disagreement with the clause that explains it, and a summary line.
    If the mirror's sync read back less far than it was asked to (the blog's
    listings ran out, or a page could not be read), a warning says from when on
    it saw matters, and why.

    Example:

    \b
        nomicbot history --archive example:nomicland --since 2016-05-01

    The example's resolved Proposals keep their real Admins' notes but have made-up
    comments ("Seems fine."), fewer than the notes count: most of its rows disagree, and
    the history of a real mirror is what measures the Admins.
    """
    since = parse_since(since_text) if since_text is not None else None
    config = load(config_path) if archive_path is None or config_path else Config()
    with reported():
        game = load_game(config, archive_path)
        reach = _mirror_reach(config) if archive_path is None else None
        audits = audit_resolutions(game, since=since)
    if reach is not None:
        click.echo(f"warning: {reach_note(reach)}", err=True)
    if as_json:
        data = history_to_json(audits, since=since, reach=reach)
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(render_history(audits), nl=False)


def _mirror_reach(config: Config) -> WalkShortfall | None:
    """How far back the mirror's sync fell short of reading, if it did."""
    from wikibot.mirror.api import Mirror

    with Mirror.open(config.mirror.database, create=False) as mirror:
        return mirror_reach(mirror)


def register(cli: click.Group) -> None:
    """Adds ``history`` to the CLI."""
    cli.add_command(history)
