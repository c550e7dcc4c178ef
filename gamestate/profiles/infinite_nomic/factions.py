"""Rule 2.1's factions and rule 8's victory: merge requests and their votes, leaving a
faction, influence, and the first faction to win the cycle.

Readings (docs/profiles.md):

* A merge request is an ``action`` ``merge_request`` (``request``: its id, ``faction``:
  the other faction, ``name``: the new faction's name) by a member of one of the two
  factions; its votes are ``merge_vote`` actions (``request``, ``vote``: ``for`` or
  ``against``), each voter's latest vote counting while they are a member of either
  faction. The seed gives no voting period: the request is accepted the instant its
  affirmative votes outnumber its votes against ("a greater number of affirmative votes
  than against votes"), and lapses when either faction is gone.
* A player who ceases to be a player leaves their faction as rule 2.1.2 says (a faction
  left with no members is deleted and its flags destroyed); one who joins, or rejoins,
  is in a faction with their own name, on the origin.
* Leaving a faction is refused while another faction bears the leaver's name.
* A faction's influence is an exact fraction; "at least twice" compares exactly. With
  no other influential faction, occupying 10 hexes is enough.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from fractions import Fraction
from typing import Any

from gamestate.profiles.archive import format_time
from gamestate.profiles.core import Event
from gamestate.profiles.infinite_nomic import world_clauses as words
from gamestate.profiles.infinite_nomic.draws import cut
from gamestate.profiles.infinite_nomic.world import FLAG, World
from gamestate.profiles.infinite_nomic.world_books import Play, Request, judged

__all__ = [
    "VICTORY_HEXES",
    "check_victory",
    "dissolve",
    "influence",
    "leave_faction",
    "merge_request",
    "merge_vote",
    "standings",
]

VICTORY_HEXES = 10
_VOTES = {"for": True, "against": False, True: True, False: False}


def influence(world: World, faction: str) -> Fraction:
    """Hexes occupied divided by members (rule 2.1.2); 0 for a faction with no members."""
    members = len(world.members(faction))
    return Fraction(len(world.occupied(faction)), members) if members else Fraction(0)


def _number(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else round(float(value), 4)


def standings(world: World) -> dict[str, dict[str, Any]]:
    """Each faction: members, hexes occupied, influence, whether influential."""
    out = {}
    for f in world.faction_names():
        value = influence(world, f)
        out[f] = {
            "members": list(world.members(f)),
            "hexes": len(world.occupied(f)),
            "influence": _number(value),
            "influential": value > 0,
        }
    return out


def dissolve(world: World, faction: str) -> list[str]:
    """A faction with no members is deleted and its flags destroyed; what was destroyed."""
    if world.members(faction):
        return []
    gone = []
    for c in world.occupied(faction):
        world.remove_feature(c, FLAG)
        gone.append(c)
    if not gone:
        return []  # deleted with nothing to destroy: nothing worth a warning
    return [f"the faction {faction} is deleted and its {len(gone)} flag(s) destroyed"]


def check_victory(play: Play, at: datetime) -> None:
    """Rule 8: the first faction to occupy at least 10 hexes and have at least twice the
    influence of any other influential faction wins; the cycle then ends. (Counted in one
    pass over the hexes: it runs after every event.)"""
    if play.winner is not None:
        return
    world = play.world
    flags = Counter(h.flag_owner for h in world.hexes.values() if h.flag_owner is not None)
    if not flags or max(flags.values()) < VICTORY_HEXES:
        return
    members = Counter(world.factions.values())
    power = {f: Fraction(flags.get(f, 0), n) for f, n in members.items()}
    for f in sorted(members):
        if flags.get(f, 0) < VICTORY_HEXES:
            continue
        if all(power[f] >= 2 * v for g, v in power.items() if g != f and v > 0):
            play.winner = {
                "faction": f,
                "at": format_time(at),
                "hexes": flags[f],
                "influence": _number(power[f]),
                "clause": words.VICTORY,
            }
            return


def merge_request(play: Play, e: Event, player: str) -> dict[str, Any]:
    """Rule 2.1.1: a request to merge the player's faction with another, naming the new one."""
    world, at = play.world, e.at
    rid, other, name = e.get("request"), e.get("faction"), e.get("name")
    mine = world.faction_of(player) or player

    def refuse(why: str, clause: str = words.MERGE) -> dict[str, Any]:
        return judged(at, player, "merge_request", False, f"merge request: {why}", clause)

    if not isinstance(rid, str) or not rid.strip():
        return refuse(f"expected a request id, got {cut(rid)}")
    if rid in play.requests:
        return refuse(f"a request {cut(rid)} was already made")
    if not isinstance(name, str) or not name.strip():
        return refuse(f"no name for the new faction (got {cut(name)})", words.MERGE_NAME)
    if other not in world.faction_names():
        return refuse(f"no faction {cut(other)}")
    if other == mine:
        return refuse(f"{player} is already in {cut(other)}")
    if name in world.faction_names() and name not in (mine, other):
        return refuse(f"another faction is named {cut(name)}", words.MERGE_NAME)
    play.requests[rid] = Request(rid, (mine, str(other)), name, at)
    return judged(
        at,
        player,
        "merge_request",
        True,
        f"merge request {cut(rid)}: {mine} and {other} as {cut(name)}",
        words.MERGE_NAME,
        f"open to the votes of the members of {mine} and {other}",
    )


def merge_vote(play: Play, e: Event, player: str) -> dict[str, Any]:
    """Rule 2.1.1: a vote on a merge request; accepted once for outnumbers against."""
    world, at = play.world, e.at
    rid, vote = e.get("request"), e.get("vote")

    def refuse(why: str, clause: str = words.MERGE_VOTERS) -> dict[str, Any]:
        return judged(at, player, "merge_vote", False, f"merge vote: {why}", clause)

    request = play.requests.get(rid) if isinstance(rid, str) else None
    if request is None:
        return refuse(f"no merge request {cut(rid)}", words.MERGE)
    if not isinstance(vote, str | bool) or vote not in _VOTES:
        return refuse(f"expected 'for' or 'against', got {cut(vote)}", words.MERGE_ACCEPTED)
    if request.decided is not None:
        return refuse(f"the request is {request.decided}", words.MERGE)
    a, b = request.factions
    if a not in world.faction_names() or b not in world.faction_names():
        request.decided = "lapsed: a faction is gone"
        return refuse("the request lapsed: one of its factions is gone", words.MERGE)
    if world.faction_of(player) not in (a, b):
        return refuse(f"{player} is in neither {a} nor {b}")
    request.votes[player] = _VOTES[vote]
    voters = {p: v for p, v in request.votes.items() if world.faction_of(p) in (a, b)}
    yes, no = sum(voters.values()), sum(not v for v in voters.values())
    tally = f"{yes} for, {no} against"
    clause, note = words.MERGE_ACCEPTED, f"{tally}: not accepted yet"
    if yes > no:
        request.decided = "accepted"
        for p in world.members(a) + world.members(b):
            world.factions[p] = request.name
        for h in world.hexes.values():
            if h.flag_owner in (a, b):
                h.flag_owner = request.name
        clause = words.MERGE_FLAGS
        note = f"{tally}: accepted; {a} and {b} merge as {request.name}, which owns their flags"
    return judged(at, player, "merge_vote", True, f"votes {vote} on {cut(rid)}", clause, note)


def leave_faction(play: Play, e: Event, player: str) -> dict[str, Any]:
    """Rule 2.1.2: leave a faction, creating one with the player's own name."""
    world, at = play.world, e.at
    old = world.faction_of(player) or player
    others = [p for p in world.members(old) if p != player]
    if any(p != player for p in world.members(player)):
        return judged(
            at,
            player,
            "leave_faction",
            False,
            f"leave {old}: a faction named {player} exists with other members",
            words.LEAVE_FACTION,
        )
    world.factions[player] = player
    said = [f"{player} leaves {old} and is in a new faction {player}"]
    if old != player:
        said += dissolve(world, old)
    elif not others:
        said.append(f"the old faction {old} had no other members: its flags are destroyed")
        for c in world.occupied(old):
            world.remove_feature(c, FLAG)
    return judged(
        at, player, "leave_faction", True, f"leave {old}", words.LEAVE_FACTION, "; ".join(said)
    )
