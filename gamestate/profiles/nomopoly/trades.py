"""Trades (rule "Trades"): one e-mail per player in the trade, and the admin's judgement
that a trade's time ran out.

``trade`` {id, details: [{"from", "to", "money"|"square"|"real_estate_guides"}]}: one
e-mail each; done when every player named has sent the same details, else nothing.

"within a reasonable timespan" sets no number: what is reasonable is the admin's
judgement ("The decision of the admin is final."), recorded as a ``trade_lapsed`` event
{id, by: the admin}. It is taken at step 4 of the admin's day with the players'
actions, in the order sent: the e-mails received so far are dropped, the trade never
goes through, and a later e-mail for it is refused. Lapsing a trade with no e-mail
waiting (none sent, or it already went through or failed) is refused and changes
nothing.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from gamestate.profiles.archive import format_time
from gamestate.profiles.core import Event
from gamestate.profiles.nomopoly import clauses
from gamestate.profiles.nomopoly.wretch import refusal

if TYPE_CHECKING:
    from gamestate.profiles.nomopoly.ledger import Ledger, Verdict

__all__ = ["lapse", "trade"]

LAPSED = clauses.TRADE + " " + clauses.ADMIN_FINAL


def _verdict(allowed: bool, reason: str, clause: str) -> Verdict:
    from gamestate.profiles.nomopoly.ledger import Verdict

    return Verdict(allowed, reason, clause)


def lapse(ledger: Ledger, e: Event) -> Verdict:
    """The admin judges that trade ``id`` was not e-mailed within a reasonable timespan."""
    trade_id = e.get("id")
    world = ledger.world
    if trade_id in world.lapsed:
        return _verdict(False, f"trade {trade_id} lapsed already", LAPSED)
    mails = world.trades.pop(trade_id, None)
    if not mails:
        return _verdict(False, f"no e-mail of trade {trade_id} is waiting", LAPSED)
    world.lapsed[trade_id] = format_time(e.at)
    sent = ", ".join(sorted(mails))
    return _verdict(
        True,
        f"trade {trade_id} lapsed (e-mails from {sent}; not all within a reasonable "
        "timespan): nothing traded",
        LAPSED,
    )


def trade(ledger: Ledger, name: str, e: Event) -> Verdict:
    """One player's e-mail of a trade; the trade itself when it is the last."""
    trade_id, details = e.get("id"), e.get("details")
    parties = sorted({p for d in details for p in (d["from"], d["to"])})
    if name not in parties:
        return _verdict(False, f"{name} is not in trade {trade_id}", clauses.TRADE)
    if trade_id in ledger.world.lapsed:
        return _verdict(
            False,
            f"trade {trade_id} lapsed at {ledger.world.lapsed[trade_id]}: nothing is traded",
            LAPSED,
        )
    mails = ledger.world.trades.setdefault(trade_id, {})
    mails[name] = json.dumps(details, sort_keys=True)
    waiting = [p for p in parties if p not in mails]
    if waiting:
        return _verdict(True, f"trade {trade_id}: waits for {', '.join(waiting)}", clauses.TRADE)
    del ledger.world.trades[trade_id]
    if len(set(mails.values())) > 1:
        return _verdict(
            False, f"trade {trade_id}: the e-mails do not agree; nothing traded", clauses.TRADE
        )
    problem = _unmet(ledger, trade_id, details, e)
    if problem is not None:
        return problem
    parts = [_give(ledger, d) for d in details]
    clause = clauses.TRADE_UPGRADES if any("square" in d for d in details) else clauses.TRADE
    return _verdict(True, f"trade {trade_id}: " + "; ".join(parts), clause)


def _unmet(ledger: Ledger, trade_id: str, details: list[Any], e: Event) -> Verdict | None:
    """Why the agreed trade cannot go forth (a giver short of what they give), if so."""
    given: dict[str, int] = {}
    for d in details:
        giver = ledger.players.get(d["from"])
        taker = ledger.players.get(d["to"])
        if giver is None or taker is None:
            return _verdict(
                False, f"trade {trade_id}: {d['from']} or {d['to']} is not a player", clauses.TRADE
            )
        if "square" in d and d["square"] not in giver.owns:
            return _verdict(False, f"{d['from']} does not own square {d['square']}", clauses.TRADE)
        for key, held in (("money", giver.money), ("real_estate_guides", giver.guides)):
            if key in d and d[key] > held:
                return _verdict(False, f"{d['from']} has {held} {key}", clauses.TRADE)
        if "money" in d:
            given[d["from"]] = given.get(d["from"], 0) + d["money"]
    for giver_name, money in given.items():
        # The trade is spent on the day of its last e-mail.
        barred = refusal(ledger.players[giver_name], giver_name, e.at.date(), money)
        if barred is not None:
            return barred
    return None


def _give(ledger: Ledger, d: dict[str, Any]) -> str:
    giver, taker = ledger.players[d["from"]], ledger.players[d["to"]]
    if "square" in d:
        giver.owns.remove(d["square"])
        taker.owns.append(d["square"])
        what = f"square {d['square']} with its upgrades"
    elif "money" in d:
        giver.money -= d["money"]
        taker.money += d["money"]
        what = f"${d['money']}"
    else:
        giver.guides -= d["real_estate_guides"]
        taker.guides += d["real_estate_guides"]
        what = f"{d['real_estate_guides']} Real Estate Guide(s)"
    return f"{d['from']} gives {d['to']} {what}"
