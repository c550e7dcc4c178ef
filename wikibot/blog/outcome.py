"""A post's status as the page shows it, refined by the resolving Admin's note.

The live site's title classes carry only ``Enacted``, ``Failed``, ``Vetoed``,
``Illegal`` and ``open``: a Self-Killed Proposal is shown ``Failed`` and its
Admin's note says why ("Self-killed. Failed by Kevan"), and some Admins marked
a vetoed Proposal ``Failed`` with a note saying "Vetoed". The Ruleset tells
them apart (rule "Votable Matters": the Admin reports "the final tally of
Votes (or the fact that it was self-killed or vetoed)"), so the scraper reads
them back from the note.

The note is read by :func:`gamestate.profiles.blognomic_139.admin_notes.parse_admin_note`, the one
reader of Admins' notes.
"""

from __future__ import annotations

from bs4 import Tag
from bs4.element import Comment as BsComment
from bs4.element import NavigableString

from gamestate.profiles.blognomic_139.admin_notes import Outcome, parse_admin_note
from gamestate.profiles.blognomic_139.models import PostStatus

__all__ = ["is_adminned_line", "paragraph_lines", "status_from_page"]

_REFINED = {Outcome.SELF_KILLED: PostStatus.SELF_KILLED, Outcome.VETOED: PostStatus.VETOED}


def status_from_page(shown: PostStatus, note: str | None) -> PostStatus:
    """The status, from the title's class word and the Admin's note.

    Only a ``Failed`` post is refined: Self-Killed if the note says self-killed
    (or self-failed), Vetoed if it says vetoed. Every other status is as shown.
    """
    if shown is not PostStatus.FAILED or not note:
        return shown
    outcome = parse_admin_note(note).outcome
    return _REFINED.get(outcome, shown) if outcome is not None else shown


def paragraph_lines(p: Tag) -> list[str]:
    """A paragraph's text, one string per line its ``<br>`` tags make."""
    lines = [""]
    for node in p.descendants:
        if isinstance(node, Tag):
            if node.name == "br":
                lines.append("")
        elif isinstance(node, NavigableString) and not isinstance(node, BsComment):
            lines[-1] += str(node)
    return lines


def is_adminned_line(line: str) -> bool:
    """Is this line of the Admin field the resolution's time ("Adminned at ...")?"""
    return " ".join(line.split()).startswith("Adminned at")
