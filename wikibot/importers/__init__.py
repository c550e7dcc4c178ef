"""Importers: other records of a game, read into a ``nomic-archive/2`` archive.

- :mod:`wikibot.importers.mail`: one e-mail as read from an mbox file.
- :mod:`wikibot.importers.mbox`: an e-mail nomic's mailbox (BoredNomic, Nomopoly),
  its conventions, and what it reports instead of guessing.

These read files (not pure); the parsing functions take text and are tested alone.
"""

from __future__ import annotations

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
    "GAMES",
    "ImporterError",
    "Mail",
    "MailGame",
    "MboxImport",
    "Problem",
    "Unplaceable",
    "VoteLine",
    "import_mails",
    "import_mbox",
    "load_addresses",
    "mail_from_bytes",
    "merge_addresses",
    "parse_date",
    "read_judgement_lines",
    "read_mbox",
    "read_veto_lines",
    "read_vote_lines",
]
