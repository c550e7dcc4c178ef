"""Reactions as they stand at an instant, and the votes they make (rules 3.1, 3.2).

Discord keeps a set of reactions per message: each ``add``/``remove`` event changes
it, and the rules read it "at the time when the voting period ends".

Readings (README):

* Times are whole seconds, so a reaction stamped with the very second a period ends
  happened at or after its end: it does not count (nor does a removal then undo
  one). Only events strictly before the end shape the reactions that count.
* A reaction counts if its author is a player (on the roster, ``player`` true,
  joined and not yet left) when the period ends, whenever it was added; anyone
  else's is ignored, with a warning.
* A player with both reactions on a proposal is unclear, which is against; on a
  confidence poll, unclear is to affirm. On a Judge candidacy the seed counts
  reactions, not votes, so such a player adds one to each count.
* Adding a reaction twice changes nothing; removing one that is not there neither.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from gamestate.profiles.core import VoteEvent

__all__ = ["Count", "PollCount", "count_poll", "count_votes", "standing"]


def standing(
    votes: Iterable[VoteEvent], before: datetime, *, through: bool = False
) -> dict[str, set[str]]:
    """Each voter's reactions (emoji names) as they stand just before ``before``:
    every ``add``/``remove`` strictly earlier (``through``: or at it), in time order
    (the archive's order breaks ties)."""
    held: dict[str, set[str]] = {}
    for vote in votes:
        if vote.at > before or (vote.at == before and not through):
            break
        if vote.op == "add":
            held.setdefault(vote.voter, set()).add(vote.value)
        elif vote.op == "remove":
            held.get(vote.voter, set()).discard(vote.value)
    return {voter: emoji for voter, emoji in held.items() if emoji}


@dataclass
class Count:
    """A proposal's or a candidacy's reactions from players, as they stood."""

    favour: list[str] = field(default_factory=list)
    """Players whose only reaction of the two is the favour emoji."""
    against: list[str] = field(default_factory=list)
    """Players whose only reaction of the two is the against emoji."""
    both: list[str] = field(default_factory=list)
    """Players with both: unclear."""
    ignored: list[str] = field(default_factory=list)
    """People reacting who were not players then."""

    @property
    def votes_for(self) -> int:
        """Votes in favour (rule 3.1: unclear votes are against)."""
        return len(self.favour)

    @property
    def votes_against(self) -> int:
        return len(self.against) + len(self.both)

    @property
    def favour_reactions(self) -> int:
        """Favour reactions (a Judge candidacy counts reactions, not votes)."""
        return len(self.favour) + len(self.both)

    @property
    def against_reactions(self) -> int:
        return len(self.against) + len(self.both)


def count_votes(
    votes: Iterable[VoteEvent],
    before: datetime,
    reactions: Mapping[str, str],
    is_player: Callable[[str], bool],
    *,
    through: bool = False,
) -> Count:
    """The favour/against reactions standing just before ``before``; ``reactions`` is
    the setting ``{"favour": EMOJI, "against": EMOJI}``; ``is_player`` says who was a
    player when they are read."""
    favour, against = reactions["favour"], reactions["against"]
    count = Count()
    for voter, emoji in sorted(standing(votes, before, through=through).items()):
        has = (favour in emoji, against in emoji)
        if not any(has):
            continue  # another emoji: neither vote (check() refuses unknown ones)
        if not is_player(voter):
            count.ignored.append(voter)
        elif all(has):
            count.both.append(voter)
        elif has[0]:
            count.favour.append(voter)
        else:
            count.against.append(voter)
    return count


@dataclass
class PollCount:
    """A confidence poll's votes from players, as they stood when it closed."""

    overturn: list[str] = field(default_factory=list)
    affirm: list[str] = field(default_factory=list)
    """Including the unclear, who affirm (rule 3.2)."""
    unclear: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


def count_poll(
    votes: Iterable[VoteEvent],
    before: datetime,
    poll: Mapping[str, str],
    is_player: Callable[[str], bool],
    *,
    through: bool = False,
) -> PollCount:
    """The poll's reactions standing just before ``before``; ``poll`` is the setting
    ``{EMOJI: "overturn"|"affirm"}``."""
    count = PollCount()
    for voter, emoji in sorted(standing(votes, before, through=through).items()):
        choices = {poll[e] for e in emoji if e in poll}
        if not choices:
            continue
        if not is_player(voter):
            count.ignored.append(voter)
        elif choices == {"overturn"}:
            count.overturn.append(voter)
        else:
            count.affirm.append(voter)
            if len(choices) > 1:
                count.unclear.append(voter)
    return count
