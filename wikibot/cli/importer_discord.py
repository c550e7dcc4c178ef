"""``nomicbot import discord``: a Discord channel export (DiscordChatExporter JSON), read
into a ``nomic-archive/2`` file of Infinite Nomic. Registered on the ``import`` group
by :func:`wikibot.cli.importer.register`."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import click

from gamestate.profiles import ProfileError, get_profile, parse_time
from wikibot.cli.common import config_option, load
from wikibot.cli.importer import EXIT_REPORTED, ImportFailed, failing, write_imported
from wikibot.importers import (
    CHANNEL_KINDS,
    DiscordImport,
    emoji_settings,
    import_discord,
    load_players,
)

__all__ = ["DISCORD_PROFILES", "discord"]

DISCORD_PROFILES = ("infinite-nomic",)
"""The games played on Discord that ``import discord`` knows."""


def _profile_defaults(profile: str) -> dict[str, Any]:
    """The profile's own defaults for its settings, once the profile exists."""
    try:
        spec = get_profile(profile)
    except ProfileError:
        return {}
    return {s.name: s.default for s in spec.settings}


def _as_of(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        return parse_time(text, "--reactions-as-of").replace(microsecond=0)
    except ProfileError as exc:
        raise ImportFailed(str(exc)) from None


def _summary(result: DiscordImport) -> str:
    archive = result.archive
    kinds = sorted({m.kind for m in archive.matters})
    votes = sum(len(m.votes) for m in archive.matters)
    deleted = sum(m.deleted_at is not None for m in archive.matters)
    return (
        f"nomicbot: {result.messages} messages: {len(archive.matters)} matters placed"
        + (f" ({', '.join(kinds)})" if kinds else "")
        + f", {votes} reaction events, {deleted} deleted; {result.skipped} skipped as no "
        f"matter; {len(result.problems)} items reported"
    )


@click.command("discord")
@click.argument("export", type=click.Path(dir_okay=False), metavar="FILE")
@click.option(
    "--profile",
    required=True,
    type=click.Choice(DISCORD_PROFILES),
    help="The game the channel is from.",
)
@click.option(
    "--channel-kind",
    type=click.Choice(sorted(CHANNEL_KINDS)),
    default=None,
    help="The channel's role, when its name does not say it.",
)
@click.option(
    "--reactions",
    "reactions_path",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="LOG",
    help="A reaction log (JSON list of add/remove/delete/edit events with times): the "
    "votes and deletions come from it.",
)
@click.option(
    "--reactions-as-of",
    "as_of_text",
    default=None,
    metavar="ISO",
    help="Without a log: take each reaction in the export as added at this instant "
    "(when you saw them standing).",
)
@click.option(
    "--players",
    "players_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="A .toml or .json file mapping Discord user id or username -> player name.",
)
@click.option("--favour", default=None, metavar="EMOJI", help="The emoji of a vote in favour.")
@click.option("--against", default=None, metavar="EMOJI", help="The emoji of a vote against.")
@click.option(
    "--overturn", default=None, metavar="EMOJI", help="A confidence poll's emoji to overturn."
)
@click.option(
    "--affirm", default=None, metavar="EMOJI", help="A confidence poll's emoji to affirm."
)
@click.option(
    "--output",
    "-o",
    default="-",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Where to write the archive (default: standard output).",
)
@config_option
def discord(
    export: str,
    profile: str,
    channel_kind: str | None,
    reactions_path: str | None,
    as_of_text: str | None,
    players_path: str | None,
    favour: str | None,
    against: str | None,
    overturn: str | None,
    affirm: str | None,
    output: str,
    config_path: str | None,
) -> None:
    """Read a Discord channel export FILE (DiscordChatExporter JSON) into an archive.

    The channel's name gives its role (#proposals, #judge-elections,
    #request-for-justice), else --channel-kind. Each player's message in #proposals
    is a proposal (urgent when it begins with the word Urgent, as "[urgent]" or
    "**Urgent:**"; standard otherwise), in #judge-elections a judge candidacy; in
    #request-for-justice a message beginning "Poll" or "Vote of confidence" that
    replies to the ruling is a confidence vote on it. Times are UTC, to the second.

    An export holds reactions as they are NOW, without times. With --reactions LOG
    the votes (add/remove with their times) and deletions come from the log, and the
    export only checks it; with --reactions-as-of ISO each reaction in the export is
    an add at that instant; with neither, reactions are reported, never guessed.

    A person is named by --players (user id, then username), else by their username.
    The emoji come from --favour/--against and --overturn/--affirm, over [game]
    reactions and poll; they are written into the archive's settings.

    What cannot be placed is reported on standard error, one line per item (the
    message id and why). Exit status: 0 everything placed; 1 some items reported
    (the archive is written); 2 nothing written (bad option or unreadable file).

    Example:

    \b
        nomicbot import discord proposals.json --profile infinite-nomic \\
            --reactions reactions.json --players players.toml \\
            --favour 👍 --against 👎 --output archive.json
    """
    with failing():
        config = load(config_path)
        given = dict(config.game.settings) if config.game.profile == profile else {}
        settings = emoji_settings(
            favour=favour,
            against=against,
            overturn=overturn,
            affirm=affirm,
            given=given,
            defaults=_profile_defaults(profile),
        )
        players = None if players_path is None else load_players(players_path)
        result = import_discord(
            export,
            profile=profile,
            settings=settings,
            players=players,
            reactions_path=reactions_path,
            as_of=_as_of(as_of_text),
            channel_kind=channel_kind,
        )
    write_imported(result.archive, output, config, profile)
    for note in result.notes:
        click.echo(f"nomicbot: note: {note}", err=True)
    for problem in result.problems:
        click.echo(problem.line(), err=True)
    click.echo(_summary(result), err=True)
    if result.problems:
        click.get_current_context().exit(EXIT_REPORTED)
