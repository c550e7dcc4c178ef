"""Who counts as a player, and Quorum.

Rule "Idle Imagineers": Idle players are not counted as players for the
purposes of all Gamestate and the Ruleset (bar a few core rules), so they have
no Vote and do not count towards Quorum.
Appendix "Quorum": "Quorum of a subset of Imagineers is half the number of
Imagineers in that subset, rounded down, plus one."
"""

from __future__ import annotations

from dataclasses import dataclass

from gamestate.profiles.blognomic_139.models import Game

__all__ = ["Roster", "quorum"]


def quorum(n: int) -> int:
    """Appendix "Quorum": half the number in the subset, rounded down, plus one."""
    if n < 0:
        raise ValueError(f"a subset cannot have {n} players")
    return n // 2 + 1


@dataclass(frozen=True)
class Roster:
    """The active players of a game, as the rules count them."""

    active: frozenset[str]
    """Non-Idle players: the only ones with Votes."""
    boss: str | None
    """The Boss, if any (a Metadynasty has none)."""
    idle: frozenset[str] = frozenset()
    """Idle players: on the roster, but not counted as players."""

    @classmethod
    def from_game(cls, game: Game) -> Roster:
        """The roster of a Game: Idle players kept apart."""
        return cls(
            frozenset(p.name for p in game.players if not p.idle),
            game.boss,
            frozenset(p.name for p in game.players if p.idle),
        )

    def on_roster(self, name: str) -> bool:
        """Is ``name`` on the roster at all (Idle or not)."""
        return name in self.active or name in self.idle

    @property
    def size(self) -> int:
        """How many players count."""
        return len(self.active)

    @property
    def quorum(self) -> int:
        """Quorum of all players."""
        return quorum(self.size)

    def is_player(self, name: str) -> bool:
        """Is ``name`` a (non-Idle) player."""
        return name in self.active

    @property
    def active_boss(self) -> str | None:
        """The Boss, if the Boss is an active player (an Idle Boss has no Vote)."""
        return self.boss if self.boss is not None and self.boss in self.active else None
