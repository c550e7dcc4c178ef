"""Rule 8.1 and 8.2: the Admin's judgement that an e-mail is not a proposal, or sends a
proposal back to its author, as a ``send_back`` event (``matter``, ``by``, ``reason``,
``rule``: ``"8.2"``, the default, or ``"8.1"``).

The seed's 8.1 ("A proposal is one of the following:") lists nothing, so what is a
proposal is the Admin's to judge; 8.2 lets the Admin, "time permitting", send an unclear,
paradoxical or incomplete proposal back. Either way the proposal is not voted on: from
the send-back on it is no longer one of its author's proposals that week (so it takes
none of 9.2's two places), its outcome is ``not considered`` (8.2) or ``invalid`` (8.1)
with the Admin's reason, and every vote on it is ignored with a warning. A send-back by
anyone but the Admin, or recorded once voting on the proposal has closed, is a warning
and changes nothing; so is one of a proposal already decided (late, not considered,
invalid).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamestate.profiles.borednomic import clauses
from gamestate.profiles.borednomic.changes import cut
from gamestate.profiles.borednomic.checks import matter_ref
from gamestate.profiles.borednomic.schedule import week_of
from gamestate.profiles.core import Event, Matter, Outcome

if TYPE_CHECKING:
    from gamestate.profiles.borednomic.game import _Game

__all__ = ["RULES", "admin_in_voting", "send_back"]

RULES = {"8.1": ("invalid", clauses.PROPOSAL_IS), "8.2": ("not considered", clauses.SEND_BACK)}
"""A send-back's ``rule`` -> the outcome it gives the proposal and the clause."""


def send_back(game: _Game, e: Event, considered: dict[str, list[Matter]]) -> None:
    """The Admin's send-back of one of this week's proposals, at its instant."""
    record = f"event {e.index} (send_back)"
    word, clause = RULES[str(e.get("rule", "8.2"))]
    matter_id, by = matter_ref(e.get("matter")), e.get("by")
    matter = game.archive.matter(matter_id) if matter_id is not None else None
    if matter is None:
        return  # refused by check()
    if not admin_in_voting(game, e, record, cut(by), matter, ("send-back", clause)):
        return
    kept = considered.get(matter.author, [])
    if matter not in kept:
        earlier = game.outcomes.get(matter.id)
        was = earlier.outcome if earlier is not None else "not before the Admin"
        game.warn(
            record, f"{cut(matter.id)} is already {was}; the send-back changes nothing", clause
        )
        return
    kept.remove(matter)
    reason = e.get("reason")
    said = f": {cut(reason)}" if isinstance(reason, str) and reason.strip() else ""
    if word == "invalid":
        why = f"{by} judged it not a proposal {game.local(e.at)}{said}"
    else:
        why = f"sent back to {matter.author} by {by} {game.local(e.at)}{said}"
    game.outcomes[matter.id] = Outcome(word, clause, why, None, {})
    done = "judged not a proposal" if word == "invalid" else "sent back"
    for i, vote in enumerate(matter.votes):
        if vote.at <= game.now:
            game.warn(
                f"matter {cut(matter.id)} vote {i} by {cut(vote.voter)!r}",
                f"{cut(matter.id)} was {done}; the vote is ignored",
                clause,
            )


def admin_in_voting(
    game: _Game, e: Event, record: str, shown_by: str, matter: Matter, act: tuple[str, str]
) -> bool:
    """Whether the Admin's act ``e`` on ``matter`` (a send-back, 8.2, or a veto, 8.5)
    stands: made by the Admin (``e``'s ``by``, shown as ``shown_by``) while voting on it
    was open. If not, a warning under ``act``'s clause says the act (``act``'s word) is
    ignored."""
    word, clause = act
    if e.get("by") not in game.admins:
        game.warn(record, f"{shown_by} is not the Admin; the {word} is ignored", clause)
        return False
    closes_at = week_of(matter.posted_at, game.rules.tz).closes_at
    if e.at >= closes_at:
        game.warn(
            record,
            f"recorded {game.local(e.at)}, after voting on {cut(matter.id)} closed"
            f" {game.local(closes_at)}; the {word} is ignored",
            clause,
        )
        return False
    return True
