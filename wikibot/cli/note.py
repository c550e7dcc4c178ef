"""``nomicbot note parse``: an Admin's resolution note, read back into data."""

from __future__ import annotations

import json

import click

from gamestate.profiles.blognomic_139.admin_notes import AdminNote, parse_admin_note

__all__ = ["note", "note_to_json", "register"]


def note_to_json(text: str, parsed: AdminNote) -> dict[str, object]:
    """The JSON contract: ``{"text", "outcome", "admin", "for", "against", "quorum"}``."""
    return {
        "text": text,
        "outcome": None if parsed.outcome is None else parsed.outcome.value,
        "admin": parsed.admin,
        "for": parsed.for_,
        "against": parsed.against,
        "quorum": parsed.quorum,
    }


@click.group()
def note() -> None:
    """Admins' resolution notes ("Enacted by Kevan (5-1, Quorum 4)")."""


@note.command("parse")
@click.argument("texts", nargs=-1, required=True, metavar="TEXT...")
def parse(texts: tuple[str, ...]) -> None:
    """Read each note: its outcome, Admin, tally and Quorum, one JSON object a line.

    Each field is null when the note does not say it; a note in an unknown form
    gives nulls, never a guess. Outcomes: enacted, failed, vetoed, self-killed,
    illegal, withdrawn.

    Example:

    \b
        nomicbot note parse "Timed out 7 votes to 7. Failed by Kevan." "Vetoed -Darth"
    """
    for text in texts:
        click.echo(json.dumps(note_to_json(text, parse_admin_note(text)), ensure_ascii=False))


def register(cli: click.Group) -> None:
    """Adds ``note`` to the ``nomicbot`` group."""
    cli.add_command(note)
