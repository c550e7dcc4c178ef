"""A post's status as the page shows it, refined by the resolving Admin's note.

The live site's title classes carry only ``Enacted``, ``Failed``, ``Vetoed``,
``Illegal`` and ``open``: a Self-Killed Proposal is shown ``Failed`` and its
Admin's note says why ("Self-killed. Failed by Kevan"), and some Admins marked
a vetoed Proposal ``Failed`` with a note saying "Vetoed". The Ruleset tells
them apart (rule "Votable Matters": the Admin reports "the final tally of
Votes (or the fact that it was self-killed or vetoed)"), so the scraper reads
them back from the note.

This is a small private recogniser of those two facts only; the full reading
of Admins' notes (tallies, withdrawals...) is ``gamestate.admin_notes``'s job.
"""

from __future__ import annotations

import re

from gamestate.models import PostStatus

__all__ = ["status_from_page"]

_SELF_KILLED = re.compile(r"\bself[-\s]?(?:kill(?:ed|s)?|fail(?:ed|s)?)\b", re.IGNORECASE)
_VETOED = re.compile(r"\bveto(?:ed|es)?\b", re.IGNORECASE)
_NOT = re.compile(r"\b(?:not|no|without|un)\s*$", re.IGNORECASE)


def _says(pattern: re.Pattern[str], note: str) -> bool:
    """The note states the fact (and does not deny it: "not vetoed")."""
    return any(not _NOT.search(note[: m.start()]) for m in pattern.finditer(note))


def status_from_page(shown: PostStatus, note: str | None) -> PostStatus:
    """The status, from the title's class word and the Admin's note.

    Only a ``Failed`` post is refined: Self-Killed if the note says self-killed
    (or self-failed), else Vetoed if it says vetoed. Every other status is as shown.
    """
    if shown is not PostStatus.FAILED or not note:
        return shown
    if _says(_SELF_KILLED, note):
        return PostStatus.SELF_KILLED
    if _says(_VETOED, note):
        return PostStatus.VETOED
    return shown
