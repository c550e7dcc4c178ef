"""Importers: other records of a game, read into a ``nomic-archive/2`` archive.

- :mod:`wikibot.importers.mail`: one e-mail as read from an mbox file.
- :mod:`wikibot.importers.mbox`: an e-mail nomic's mailbox (BoredNomic, Nomopoly),
  its conventions, and what it reports instead of guessing.
- :mod:`wikibot.importers.discord`: a Discord channel export of Infinite Nomic, placed
  (and what it reports instead of guessing), read by
  :mod:`wikibot.importers.discord_export` (the export, its times, classes and polls),
  :mod:`wikibot.importers.discord_settings` (the players map, the emoji settings) and
  :mod:`wikibot.importers.discord_reactions` (the reaction log; reactions into votes).

Both importers have a ``Problem``; the Discord one is exported here as ``DiscordProblem``.

These read files (not pure); the parsing functions take text and are tested alone.
"""

from __future__ import annotations

from wikibot.importers.discord import CHANNEL_KINDS, DiscordImport, import_discord, import_export
from wikibot.importers.discord_export import (
    Emoji,
    Export,
    Message,
    Reaction,
    User,
    is_poll,
    parse_discord_time,
    proposal_class,
    read_export,
)
from wikibot.importers.discord_export import Problem as DiscordProblem
from wikibot.importers.discord_reactions import LogEvent, read_reaction_log
from wikibot.importers.discord_settings import emoji_settings, load_players, read_players
from wikibot.importers.errors import ImporterError
from wikibot.importers.mail import Mail, Unplaceable, mail_from_bytes, parse_date, read_mbox
from wikibot.importers.mbox import (
    GAMES,
    MailGame,
    MboxImport,
    Problem,
    VoteLine,
    import_mails,
    import_mbox,
    load_addresses,
    merge_addresses,
    read_judgement_lines,
    read_veto_lines,
    read_vote_lines,
)

__all__ = [
    "CHANNEL_KINDS",
    "GAMES",
    "DiscordImport",
    "DiscordProblem",
    "Emoji",
    "Export",
    "ImporterError",
    "LogEvent",
    "Mail",
    "MailGame",
    "MboxImport",
    "Message",
    "Problem",
    "Reaction",
    "Unplaceable",
    "User",
    "VoteLine",
    "emoji_settings",
    "import_discord",
    "import_export",
    "import_mails",
    "import_mbox",
    "is_poll",
    "load_addresses",
    "load_players",
    "mail_from_bytes",
    "merge_addresses",
    "parse_date",
    "parse_discord_time",
    "proposal_class",
    "read_export",
    "read_judgement_lines",
    "read_mbox",
    "read_players",
    "read_reaction_log",
    "read_veto_lines",
    "read_vote_lines",
]
