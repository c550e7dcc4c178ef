"""``nomicbot import mbox``: an e-mail nomic's mailbox, read into a ``nomic-archive/2`` file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import click

from gamestate.profiles import Archive, archive_to_dict
from wikibot.cli.common import config_option, load, reported
from wikibot.config import Config
from wikibot.importers import GAMES, import_mbox, load_addresses, merge_addresses

__all__ = [
    "EXIT_FAILED",
    "EXIT_REPORTED",
    "ImportFailed",
    "failing",
    "import_group",
    "mbox",
    "register",
]

EXIT_REPORTED = 1
"""Some messages could not be placed: they are reported, the archive is still written."""
EXIT_FAILED = 2
"""Nothing was written: a bad option, or an unreadable mailbox, address or config file."""


class ImportFailed(click.ClickException):
    """One line on standard error, exit 2 (1 means "written, with messages reported")."""

    exit_code = EXIT_FAILED


@contextmanager
def failing() -> Iterator[None]:
    """Library errors (and an unusable config) as an :class:`ImportFailed`."""
    try:
        with reported():
            yield
    except click.ClickException as exc:
        raise ImportFailed(exc.message) from None


def write_imported(archive: Archive, output: str, config: Config, profile: str) -> None:
    """Writes an imported archive to ``output`` ("-": stdout), saying first when the
    config's ``[game]`` settings were for another profile and so not used."""
    if config.game.settings and config.game.profile != profile:
        click.echo(
            f"nomicbot: [game] settings are for profile {config.game.profile}, not {profile}: "
            "not used",
            err=True,
        )
    text = json.dumps(archive_to_dict(archive), indent=2, ensure_ascii=False) + "\n"
    try:
        with click.open_file(output, "w", encoding="utf-8", atomic=output != "-") as out:
            out.write(text)
    except OSError as exc:
        raise ImportFailed(f"{output}: {exc.strerror or exc}") from None


@click.group(name="import")
def import_group() -> None:
    """Read other records of a game into a nomic-archive/2 file."""


@import_group.command("mbox")
@click.argument("mailbox", type=click.Path(dir_okay=False), metavar="FILE")
@click.option(
    "--profile",
    required=True,
    type=click.Choice(sorted(GAMES)),
    help="The game the mail is from.",
)
@click.option(
    "--addresses",
    "addresses_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="A .toml or .json file mapping e-mail address -> player name; for an address "
    "it shares with [game.addresses] in the config, this file wins.",
)
@click.option(
    "--admin",
    default=None,
    metavar="NAME",
    help="The Admin's name, as the address map gives it (default: the seed's Admin: "
    + ", ".join(f"{g.profile} {g.admin!r}" for g in GAMES.values())
    + ").",
)
@click.option(
    "--output",
    "-o",
    default="-",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Where to write the archive (default: standard output).",
)
@config_option
def mbox(
    mailbox: str,
    profile: str,
    addresses_path: str | None,
    admin: str | None,
    output: str,
    config_path: str | None,
) -> None:
    """Read an mbox FILE of e-mailed proposals, votes and judgements into an archive.

    Each message's sender is its From address in the address map
    ([game.addresses], and --addresses FILE), its time the Date header in UTC.
    A proposal is a mail with the Subject "Proposal 3: title" (proposal p3).
    BoredNomic votes are body lines "P3: Yay", "Proposal 3 - nay", "#3 Abstain"
    (Yay, Nay, Abstain in any case), optionally "spend 1 VotesInReserve" on the
    line; the Admin's "Veto: P3" lines are vetoes. Nomopoly has no votes: the
    Admin's lines "Judgement: P3 accepted" (rejected, accepted in part) judge.
    Quoted lines (">") and signatures ("-- ") are not read.

    What cannot be placed is reported on standard error, one line per message
    (its place, Message-ID, and why), never guessed: an unknown sender, a Date
    missing or with no zone, no vote word, two conflicting words, a vote for an
    unknown proposal. The archive still holds everything that could be placed.
    The roster is every mapped player, then the Admin (not a player); the
    settings are [game]'s when the config names the same profile.

    Exit status: 0 every message placed; 1 some reported (the archive is
    written); 2 nothing written (bad option or unreadable file).

    Example:

    \b
        nomicbot import mbox week.mbox --profile borednomic \\
            --addresses players.toml --output week.json
    """
    with failing():
        config = load(config_path)
        addresses = dict(config.game.addresses)
        if addresses_path is not None:
            addresses = merge_addresses(addresses, load_addresses(addresses_path))
        settings = dict(config.game.settings) if config.game.profile == profile else {}
        result = import_mbox(
            mailbox, profile=profile, addresses=addresses, admin=admin, settings=settings
        )
    write_imported(result.archive, output, config, profile)
    for problem in result.problems:
        click.echo(problem.line(), err=True)
    archive = result.archive
    votes = sum(len(m.votes) for m in archive.matters)
    judged = sum(m.judgement is not None for m in archive.matters)
    click.echo(
        f"nomicbot: {result.messages} messages: {len(archive.matters)} proposals, {votes} votes, "
        f"{judged} judgements, {len(archive.events)} vetoes placed; "
        f"{len(result.problems)} messages reported",
        err=True,
    )
    if result.problems:
        click.get_current_context().exit(EXIT_REPORTED)


def register(cli: click.Group) -> None:
    """Adds ``import`` (with ``import mbox`` and ``import discord``) to the ``nomicbot`` group."""
    from wikibot.cli.importer_discord import discord  # it imports this module's exit codes

    import_group.add_command(discord)
    cli.add_command(import_group)
