"""Rule 7 (Items), 6.3 (Fish) and 6.4 (Forage) as the world's loop asks them
(:class:`~.world.ItemRules`): each player's inventory and quality score S, the costs a
construction spends, and each item action judged with its clause and its effect.

Inputs (docs/profiles.md): ``action`` events ``fish`` (``lake``: the lake hex fished
into, ``rod``), ``forage``, ``craft`` (``item``), ``use`` (``item``), ``trade``
(``with``, ``gives``, ``gets``: item -> count), ``destroy feature`` (``hex``,
``feature``: the Torch), ``name quality`` (``quality``, ``name``); ``draw`` events
``fish`` and ``forage`` (``player``, ``result``); ``grant`` and ``revoke`` events
(``player``, ``items``: what a proposal or ruling creates or destroys); the roster's
``state.items``. A refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from gamestate.profiles.archive import format_time
from gamestate.profiles.core import Archive, Event
from gamestate.profiles.core import shown as _cut
from gamestate.profiles.infinite_nomic import item_clauses as said
from gamestate.profiles.infinite_nomic.books import Books
from gamestate.profiles.infinite_nomic.crafting import RECIPE_TEXT, RECIPES
from gamestate.profiles.infinite_nomic.item_acts import Acts, effect_text
from gamestate.profiles.infinite_nomic.item_checks import (
    ITEM_ACTIONS,
    ITEM_DRAWS,
    ITEM_EVENTS,
    read_qualities,
)
from gamestate.profiles.infinite_nomic.items import (
    QUALITY_NAMES,
    Inventory,
    count_text,
)
from gamestate.profiles.infinite_nomic.world import Turn

__all__ = ["ITEM_ACTIONS", "ITEM_EVENTS", "Items"]

AP_COST = {"fish": 1, "forage": 1}
"""6.3 and 6.4: "AP Cost: 1"; the other item actions are not rule 6's actions."""
SEVEN_DAYS = timedelta(days=7)


class Items(Acts):
    """Every player's inventory as the events arrive, in time order."""

    actions = ITEM_ACTIONS
    costs = AP_COST

    def __init__(self, archive: Archive, books: Books) -> None:
        super().__init__()
        self.books = books
        for m in archive.roster:
            held = m.state.get("items")
            if m.player and isinstance(held, Mapping):
                self.held[m.name] = Inventory.of({str(k): int(v) for k, v in held.items()})
        self.pending_events = [e for e in archive.events if e.type in ITEM_EVENTS]
        self.named = {q: n for q, n in read_qualities(archive).items() if QUALITY_NAMES.get(q) != n}
        self.leaves = sorted(
            (end, name)
            for name, spans in books.reputation.membership.spans.items()
            for _, end in spans
            if end is not None
        )
        """Each instant a player ceased being one, in time order."""
        self.draw_events = [
            e for e in archive.events if e.type == "draw" and e.get("what") in ITEM_DRAWS
        ]
        self.used = bool(self.held or self.pending_events or self.named) or any(
            e.type == "action" and e.get("action") in ITEM_ACTIONS for e in archive.events
        )
        """Whether the game has any item at all (else ``state`` reports as before)."""

    # ItemRules.

    def quality_score(self, player: str) -> int:
        return self._inv(player).quality_score()

    def inventory(self, player: str) -> Mapping[str, int]:
        return self._inv(player).as_dict()

    def spend(self, player: str, cost: Mapping[str, int], at: datetime) -> str | None:
        """Construction's "requiring the relevant resource cost to be spent" (5.3.4)."""
        self.catch_up(at)
        inv = self._inv(player)
        missing = inv.missing(cost)
        if missing:
            return f"{player} lacks {count_text(missing)} of {count_text(cost)}"
        inv.lose(cost)
        return None

    def act(self, turn: Turn) -> dict[str, Any]:
        e = turn.event
        self.used = True
        self.catch_up(e.at)
        name = str(e.get("action"))
        who = str(e.get("player"))
        if not self.books.players_at(e.at)(who):
            return self.no(f"{who} is not a player then", said.INVENTORY)
        handler = {
            "fish": self.fish,
            "forage": self.forage,
            "craft": self.craft,
            "use": self.use,
            "trade": self.trade,
            "destroy feature": self.torch,
            "name quality": self.name_quality,
        }.get(name)
        if handler is None:
            return self.no(f"{name!r} is no item action", said.INVENTORY)
        return handler(turn, who)

    def state_of(self, player: str) -> dict[str, Any]:
        if not self.used:
            return {}
        inv = self._inv(player)
        return {"items": inv.as_dict(), "quality_score": inv.quality_score()}

    # The rest of the game's items.

    def catch_up(self, at: datetime) -> None:
        """Apply, in time order up to ``at``, the ``grant``/``revoke`` events and each
        departure: what a player held when they ceased being one is destroyed (7: "if
        it would be owned by a non-player, it is instead destroyed")."""
        while True:
            grant = self.pending_events[0].at if self.pending_events else None
            leave = self.leaves[0][0] if self.leaves else None
            if leave is not None and leave <= at and (grant is None or leave <= grant):
                self._destroy(*self.leaves.pop(0))
            elif grant is not None and grant <= at:
                self._grant_or_revoke(self.pending_events.pop(0))
            else:
                return

    def game_state(self) -> dict[str, Any]:
        """The named qualities (7.3.2.1) and any that must still be named."""
        if not self.used:
            return {}
        named = {**{q: n for q, n in QUALITY_NAMES.items()}, **self.named}
        top = max((q for q in self.caught.values()), default=0)
        return {
            "qualities": {str(q): named[q] for q in sorted(named)},
            "unnamed_qualities": [q for q in range(1, top) if q not in named],
        }

    def _destroy(self, at: datetime, who: str) -> None:
        inv = self.held.get(who)
        if inv is None or not inv.counts or self.books.players_at(at)(who):
            return
        gone = inv.clear()
        self.records.append(
            {
                "at": format_time(at),
                "player": who,
                "action": "items destroyed",
                "allowed": True,
                "reason": f"{who} ceased being a player: {count_text(gone)} destroyed",
                "clause": said.NO_OWNER,
                "effect": effect_text(lost=gone),
            }
        )

    def _grant_or_revoke(self, e: Event) -> None:
        who, items = str(e.get("player")), dict(e.get("items") or {})
        record: dict[str, Any] = {"at": format_time(e.at), "player": who, "action": e.type}
        inv = self._inv(who)
        if e.type == "grant":
            if not self.books.players_at(e.at)(who):
                record.update(self.no(f"{who} is not a player: destroyed", said.NO_OWNER))
            else:
                inv.gain(items)
                record.update(self.yes(f"{count_text(items)} granted", said.GRANT, gained=items))
        else:
            missing = inv.missing(items)
            if missing:
                why = f"{who} holds no {count_text(missing)}"
                record.update(self.no(why, said.REVOKE))
            else:
                inv.lose(items)
                record.update(self.yes(f"{count_text(items)} revoked", said.REVOKE, lost=items))
        self.records.append(record)

    # Crafting, using, trading.

    def craft(self, turn: Turn, who: str) -> dict[str, Any]:
        item = turn.event.get("item")
        if not isinstance(item, str) or item not in RECIPES:
            return self.no(f"{_cut(item)} has no recipe", said.CRAFTING)
        cost, clause = RECIPES[item], RECIPE_TEXT[item]
        inv = self._inv(who)
        missing = inv.missing(cost)
        if missing:
            return self.no(
                f"{item} needs {count_text(cost)}; short of {count_text(missing)}", clause
            )
        inv.lose(cost)
        inv.gain({item: 1})
        return self.yes(
            f"crafts {item} from {count_text(cost)}", clause, lost=cost, gained={item: 1}
        )

    def trade(self, turn: Turn, who: str) -> dict[str, Any]:
        """7.1.1: the trade takes place at the second consent, within 7 days of the first
        (the seventh day's last second included), when both are reputable then and hold
        what they give."""
        e = turn.event
        other = str(e.get("with"))
        gives, gets = _items(e.get("gives")), _items(e.get("gets"))
        terms = f"{who} gives {count_text(gives)} to {other} for {count_text(gets)}"
        if other == who:
            return self.no(f"{terms}: a trade is between two players", said.TRADE)
        match = None
        for i, (first, by, to, g1, g2) in enumerate(self.consents):
            if by == other and to == who and g1 == gets and g2 == gives:
                if e.at - first <= SEVEN_DAYS:
                    match = i
                    break
        if match is None:
            self.consents.append((e.at, who, other, gives, gets))
            return self.yes(f"consents: {terms}; waits for {other}'s consent", said.TRADE)
        first = self.consents[match][0]
        # A trade that cannot take place leaves the first consent standing.
        for name in (who, other):
            if not self.books.is_reputable(name, e.at):
                return self.no(f"{terms}: {name} is not reputable", said.TRADE_REPUTABLE)
        for name, items in ((who, gives), (other, gets)):
            missing = self._inv(name).missing(items)
            if missing:
                return self.no(f"{terms}: {name} lacks {count_text(missing)}", said.TRADE)
        del self.consents[match]
        self._inv(who).lose(gives)
        self._inv(other).lose(gets)
        self._inv(who).gain(gets)
        self._inv(other).gain(gives)
        when = f"{format_time(first)}, {_days(e.at - first)} before"
        out = self.yes(f"{terms}: both consented (first at {when})", said.TRADE)
        out["effect"] = (
            f"{who}: {effect_text(lost=gives, gained=gets) or 'nothing'}; "
            f"{other}: {effect_text(lost=gets, gained=gives) or 'nothing'}"
        )
        return out


def _items(value: Any) -> dict[str, int]:
    if not isinstance(value, Mapping):
        return {}
    return {str(k): int(v) for k, v in sorted(value.items()) if isinstance(v, int) and v > 0}


def _days(gap: timedelta) -> str:
    return f"{gap.days} days {gap.seconds // 3600:02d}:{gap.seconds // 60 % 60:02d}"
