"""The world's events played in time order: who is a player (on the origin, in a
faction of their own), the Action Points set at each phase's start, each ``action``
judged with its clause and effect, and rule 8's winner the instant it is reached.

Actions (``action`` events, ``player`` and ``action``): ``scout`` (``hexes``: two
``[x, y, z]``), ``traverse`` (``hex``, or ``direction``: North, Ashe, Mouth, South, Zest,
Weast), ``construct`` (``feature``, ``hex``: the player's own hex when omitted),
``stagways`` (``hex``), ``merge_request`` (``request``, ``faction``, ``name``),
``merge_vote`` (``request``, ``vote``), ``leave_faction``; the item rules judge theirs
(:class:`~.world.ItemRules`). An archive with no ``action`` or ``draw`` event has no
world to report, and reports as it did before the world was modelled.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from gamestate.profiles.core import Archive, Event
from gamestate.profiles.infinite_nomic import clauses
from gamestate.profiles.infinite_nomic import world_clauses as words
from gamestate.profiles.infinite_nomic.books import Books
from gamestate.profiles.infinite_nomic.draws import Draws, coord, cut
from gamestate.profiles.infinite_nomic.factions import (
    check_victory,
    dissolve,
    leave_faction,
    merge_request,
    merge_vote,
    standings,
)
from gamestate.profiles.infinite_nomic.movement import construct, scout, stagways, traverse
from gamestate.profiles.infinite_nomic.world import (
    DIRECTIONS,
    ORIGIN,
    ItemRules,
    Turn,
    show,
    sorted_coords,
    step,
)
from gamestate.profiles.infinite_nomic.world_books import Play, judged
from gamestate.profiles.infinite_nomic.world_checks import ACTION_ALIASES, WORLD_ACTIONS
from gamestate.profiles.infinite_nomic.world_start import read_start, starts_a_world

__all__ = [
    "ACTION_ALIASES",
    "AP_COSTS",
    "WORLD_ACTIONS",
    "play_world",
    "uses_world",
    "world_state",
]

AP_COSTS = {"scout": 1, "traverse": 1, "fish": 1, "forage": 1}
"""Rule 6's actions and their "AP Cost: 1" (a Traverse from a Perilous Pass costs 2)."""
RESTING = frozenset({"scout", "traverse", "fish", "forage", "construct", "stagways", "use"})
"""What a player who travelled the stagways cannot do for the rest of the phase."""


def uses_world(archive: Archive) -> bool:
    """Whether the archive records anything of the world (else it reports as before)."""
    return any(e.type in ("action", "draw") for e in archive.events)


def _sync(play: Play, books: Books, at: datetime) -> None:
    """Bring the world's players up to ``at``: newcomers on the origin in a faction of
    their own, departures out of theirs; then AP set anew if a phase began."""
    world = play.world
    is_player = books.players_at(at)
    for name in sorted(books.reputation.membership.spans):
        here = name in world.positions
        if is_player(name) and not here:
            place, faction = play.starting.pop(name, (ORIGIN, None))
            world.positions[name] = place
            world.factions[name] = faction or name
            play.ap[name] = play.full_ap(name)
        elif here and not is_player(name):
            del world.positions[name]
            old = world.factions.pop(name)
            play.ap.pop(name, None)
            play.notes += [f"{name} ceased to be a player: {t}" for t in dissolve(world, old)]
    play.replenish(at)


def _target(archive: Archive, e: Event, play: Play, player: str) -> Any:
    """The ``hex`` an action names (or ``direction`` from the player's hex)."""
    where = f"event {e.index} (action {cut(e.get('action'))})"
    if e.get("hex") is None and e.get("direction") is not None:
        direction = e.get("direction")
        if not isinstance(direction, str) or direction not in DIRECTIONS:
            raise archive.error(
                f"{where}.direction",
                f"unknown direction {cut(direction)}; rule 5.2's are " + ", ".join(DIRECTIONS),
            )
        return step(play.world.positions[player], DIRECTIONS[direction])
    if e.get("hex") is None and e.get("action") == "construct":
        return play.world.positions[player]
    return coord(archive, f"{where}.hex", e.get("hex"))


def _world_action(archive: Archive, play: Play, e: Event, name: str, player: str) -> Any:
    at = e.at
    if name in ("traverse", "stagways", "construct"):
        to = _target(archive, e, play, player)
        if name == "traverse":
            return traverse(play, player, at, to)
        if name == "stagways":
            return stagways(play, player, at, to)
        feature = e.get("feature")
        if not isinstance(feature, str):
            raise archive.error(
                f"event {e.index} (action construct).feature",
                f"expected a feature's name, got {cut(feature)}",
            )
        return construct(play, player, at, feature, to)
    if name == "scout":
        hexes = e.get("hexes")
        if not isinstance(hexes, list) or len(hexes) > 2:
            raise archive.error(
                f"event {e.index} (action scout).hexes",
                f"expected two hexes [[x, y, z], [x, y, z]], got {cut(hexes)}",
            )
        where = f"event {e.index} (action scout).hexes"
        return scout(play, player, at, [coord(archive, where, h) for h in hexes])
    handlers: dict[str, Callable[[Play, Event, str], dict[str, Any]]] = {
        "merge_request": merge_request,
        "merge_vote": merge_vote,
        "leave_faction": leave_faction,
    }
    return handlers[name](play, e, player)


def _item_action(play: Play, e: Event, name: str, player: str) -> dict[str, Any]:
    cost = AP_COSTS.get(name, 0)
    if cost > play.ap.get(player, 0):
        why = f"{name}: costs {cost} AP and {player} has {play.ap.get(player, 0)} left"
        return judged(e.at, player, name, False, why, words.AP)

    def take(what: str, who: str | None = None) -> Event | None:
        found = play.draws.take(what, e.at, who)
        return found[0] if found is not None else None

    verdict = play.items.act(Turn(e, play.world, take))
    out = judged(
        e.at,
        player,
        name,
        bool(verdict.get("allowed")),
        str(verdict.get("reason", "")),
        str(verdict.get("clause", "")),
    )
    out["effect"] = verdict.get("effect") if out["allowed"] else None
    if out["allowed"] and cost:
        play.ap[player] -= cost
        out["reason"] += f"; {cost} AP spent, {play.ap[player]} left"
    return out


def _one(archive: Archive, play: Play, e: Event) -> dict[str, Any]:
    """Judge one ``action`` event."""
    player = str(e.get("player"))
    raw = str(e.get("action"))
    name = ACTION_ALIASES.get(raw, raw)
    if name not in WORLD_ACTIONS and name not in play.items.actions:
        known = sorted(WORLD_ACTIONS | play.items.actions | frozenset(ACTION_ALIASES))
        raise archive.error(
            f"event {e.index} (action)",
            f"unknown action {cut(raw)}; infinite-nomic knows " + ", ".join(known),
        )
    over = play.cycle_over()
    if over is not None:
        return judged(e.at, player, name, False, f"{name}: {over}", words.CYCLE_ENDS)
    if player not in play.world.positions:
        return judged(e.at, player, name, False, f"{player} is not a player then", clauses.JOIN)
    if name in RESTING and play.rested_now(player, e.at):
        why = f"{name}: {player} travelled the stagways this phase"
        return judged(e.at, player, name, False, why, words.STAGWAYS_REST)
    if name in WORLD_ACTIONS:
        out: dict[str, Any] = _world_action(archive, play, e, name, player)
        return out
    return _item_action(play, e, name, player)


def play_world(
    archive: Archive, books: Books, now: datetime, items: ItemRules, always: bool = False
) -> Play | None:
    """Every ``action`` up to ``now`` judged in time order; None for an archive with no
    world (no ``action`` or ``draw`` event) unless ``always`` (it has items)."""
    if not always and not uses_world(archive) and not starts_a_world(archive):
        return None
    start = read_start(archive)
    play = Play(start.world(), Draws.from_archive(archive), items)
    names = set(start.places) | set(start.factions)
    play.starting = {n: (start.places.get(n, ORIGIN), start.factions.get(n)) for n in sorted(names)}
    for e in archive.events:
        if e.at > now:
            break
        _sync(play, books, e.at)
        check_victory(play, e.at)
        if e.type == "action":
            play.actions.append(_one(archive, play, e))
            check_victory(play, e.at)
    _sync(play, books, now)
    check_victory(play, now)
    play.notes += play.draws.unused(now)
    return play


def world_state(play: Play) -> dict[str, Any]:
    """``game_state.world``: the generated hexes, the factions, the winner."""
    world = play.world
    return {
        "hexes": {show(c): world.hexes[c].as_dict() for c in sorted_coords(world.hexes)},
        "factions": standings(world),
        "merge_requests": {
            rid: {
                "factions": list(r.factions),
                "name": r.name,
                "votes": {p: ("for" if v else "against") for p, v in sorted(r.votes.items())},
                "decided": r.decided,
            }
            for rid, r in play.requests.items()
        },
        "winner": play.winner,
    }


def player_state(play: Play, player: str) -> dict[str, Any]:
    """A player's ``state`` fields of the world: their hex, AP left, faction."""
    here = play.world.positions.get(player)
    return {
        "hex": list(here) if here is not None else None,
        "ap": play.ap.get(player, 0) if here is not None else None,
        "faction": play.world.factions.get(player),
    }
