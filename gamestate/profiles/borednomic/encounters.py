"""Where BoredNomic's players meet: The Arena (rule 17), The Inquisition and the
Inquisitor's Robe (rule 20), and trades (rule 18), from the Admin's records.

* A combat is one ``draw`` (``what: "combat"``, ``player``: who landed on The Arena
  and chose to fight, ``opponent``, ``result: {NAME: [dice...]}``): two d6 and one
  d6 per level each (none for a level below 1), and the Golden Gladius's d4 last.
  The highest total wins; equal totals beat no one (no one has "the highest
  result"). The loser takes the difference as damage (17.9, then 12.4); the
  winner 20 experience (17.4) and may take one item from the loser (``action``
  ``take item`` with ``from`` and ``item``) until their next turn. The Gladius's
  owner earns $50 at every combat (17.7); it goes to the first player to have
  beaten more than half of the players present (17.6).
* The Inquisition: landing on it (without the Robe) asks a question; its category
  is a ``draw`` (``what: "category"``, 1 to 6); the Admin's judgement is an
  ``answer`` event (``player``, ``correct``). The player may not take a turn
  before answering (20.3). A right answer pays $100 and 20 experience (20.4); the
  tenth right answer first wins the Robe (20.5).
* The Robe's wearer quizzes a player on their square: an ``answer`` with ``by``
  naming the wearer (20.6).
* A trade is an ``trade`` event per e-mail (``id``, ``player``: the sender,
  ``details``: a list of ``{"from", "to"}`` with ``money``, ``square`` or ``item``
  and ``count``). It is completed when every player named has sent the same
  details (18.2); different details trade nothing.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING, Any

from gamestate.profiles.borednomic import changes, clauses
from gamestate.profiles.borednomic.board import ARENA, INQUISITION
from gamestate.profiles.borednomic.standing import EGG, GLADIUS, HEN, ROBE, TICKET, Standing
from gamestate.profiles.core import Event

if TYPE_CHECKING:
    from gamestate.profiles.borednomic.economy import Economy, Entry

__all__ = ["answer", "category", "combat", "take_item", "trade"]

_CATEGORIES = ("History", "Geography", "Music", "Movies", "Words", "Admin's Choice")


def _refused(clause: str, reason: str) -> Exception:
    from gamestate.profiles.borednomic.economy import Refused

    return Refused(clause, reason)


def _dice_count(standing: Standing) -> int:
    return 2 + max(0, standing.level)


def _asked(e: Event) -> str:
    question = e.get("question")
    return "" if question is None else f" ({changes.cut(question)})"


def combat(eco: Economy, e: Event, entry: Entry) -> None:
    """17.2 to 17.9: one combat from The Arena, its dice recorded."""
    player, opponent = e.get("player"), e.get("opponent")
    result: dict[str, list[int]] = e.get("result")
    entry.clause = clauses.COMBAT_DICE
    if eco.landed.get(player) != ARENA:
        raise _refused(clauses.COMBAT, f"{player} has not just landed on The Arena")
    if opponent not in eco.players or opponent == player:
        raise _refused(clauses.COMBAT, f"{changes.cut(opponent)} is not one of the other players")
    if eco.standings[player].is_bankrupt():
        raise _refused(clauses.BANKRUPT_MAY_NOT, f"{player} is bankrupt")
    totals: dict[str, int] = {}
    for who in (player, opponent):
        standing = eco.standings[who]
        dice = result.get(who)
        d6 = _dice_count(standing)
        d4 = 1 if GLADIUS in standing.items else 0
        if not isinstance(dice, list) or len(dice) != d6 + d4:
            raise eco.archive.error(
                f"event {e.index} (draw combat)",
                f"{who} rolls {d6} six-sided dice"
                + (" and the Gladius's 4-sided die" if d4 else "")
                + f" at level {standing.level}, got {changes.cut(json.dumps(dice))}",
            )
        if not all(1 <= d <= 6 for d in dice[:d6]) or not all(1 <= d <= 4 for d in dice[d6:]):
            raise eco.archive.error(
                f"event {e.index} (draw combat)",
                f"{who}'s dice out of range: {changes.cut(json.dumps(dice))}",
            )
        totals[who] = sum(dice)
    eco.landed.pop(player, None)
    a, b = totals[player], totals[opponent]
    entry.dice = []
    entry.reason = f"combat: {player} {result[player]} = {a}, {opponent} {result[opponent]} = {b}"
    for holder, s in eco.standings.items():
        if GLADIUS in s.items:
            pay = eco.prices["Gladius"]
            eco.pay(
                entry,
                holder,
                pay,
                clauses.GLADIUS,
                "a combat in the arena" + eco.prices.said("Gladius"),
            )
    if a == b:
        entry.notes.append("equal totals: no one wins")
        return
    winner, loser = (player, opponent) if a > b else (opponent, player)
    damage = abs(a - b)
    lost = eco.standings[loser]
    before = lost.level
    reset = lost.lose_hit_points(damage)
    after = (
        f"level {lost.level}"
        if lost.level == before - 2
        else f"level {before} - 2 = {before - 2}, then 12.3's level-ups: level {lost.level}"
    )
    entry.notes.append(
        f"{winner} wins; {loser} loses {damage} hit points"
        + (f" (0 or less: 100 again, {after})" if reset else "")
    )
    eco.experience(entry, winner, 20, clauses.COMBAT_WIN, "an opponent beaten")
    won = eco.standings[winner]
    if loser not in won.beaten:
        won.beaten.append(loser)
    eco.spoils.setdefault(winner, set()).add(loser)
    present = [n for n, m in eco.players.items() if m.present_at(e.at)]
    if (
        len(won.beaten) * 2 > len(present)
        and not any(GLADIUS in s.items for s in eco.standings.values())
        and not eco.gladius_won
    ):
        won.items.append(GLADIUS)
        eco.gladius_won = True
        entry.notes.append(f"{winner} has beaten more than half the players: the Golden Gladius")


def take_item(eco: Economy, e: Event, entry: Entry) -> None:
    """17.4: a single item of the winner's choice from each loser."""
    player, loser, item = e.get("player"), e.get("from"), e.get("item")
    entry.clause = clauses.COMBAT_WIN
    if loser not in eco.spoils.get(player, set()):
        raise _refused(
            clauses.COMBAT_WIN, f"{player} has no item to take from {changes.cut(loser)}"
        )
    _move_item(eco, loser, player, item, 1, e.at)
    eco.spoils[player].discard(loser)
    entry.reason = f"takes a {item} from {loser}"


def _holds(standing: Standing, item: str) -> int:
    if item == HEN:
        return len(standing.hens)
    if item == EGG:
        return standing.eggs
    if item == TICKET:
        return standing.tickets
    return standing.items.count(item)


def _move_item(eco: Economy, giver: str, taker: str, item: str, count: int, at: datetime) -> None:
    a, b = eco.standings[giver], eco.standings[taker]
    if _holds(a, item) < count:
        raise _refused(clauses.TRADE, f"{giver} holds {_holds(a, item)} {item}")
    if item == HEN:
        if len(b.hens) + count > 4:
            raise _refused(clauses.HEN_MAX, f"{taker} would own more than 4 hens")
        del a.hens[:count]
        # A hen changing hands lays from its new owner's next turn (14.4 read for them).
        b.hens.extend([at] * count)
    elif item == EGG:
        a.eggs -= count
        b.eggs += count
    elif item == TICKET:
        a.tickets -= count
        b.tickets += count
    else:
        for _ in range(count):
            a.items.remove(item)
            b.items.append(item)


def category(eco: Economy, e: Event, entry: Entry) -> None:
    """20.2: the Inquisition's die picks the question's category."""
    player, die = e.get("player"), e.get("result")
    entry.clause = clauses.CATEGORY
    if player not in eco.question:
        raise _refused(clauses.CATEGORY, f"{player} is not being questioned in The Inquisition")
    eco.question[player] = die
    entry.reason = f"rolls {die}: {_CATEGORIES[die - 1]}"


def answer(eco: Economy, e: Event, entry: Entry) -> None:
    """20.3 to 20.6: the Admin's judgement of an answer."""
    player, correct, by = e.get("player"), e.get("correct"), e.get("by")
    standing = eco.standings[player]
    word = "right" if correct else "wrong"
    if by is not None:
        inquisitor = eco.standings.get(by)
        entry.clause = clauses.ROBE_ANSWERS
        if inquisitor is None or ROBE not in inquisitor.items:
            raise _refused(
                clauses.ROBE_QUIZ, f"{changes.cut(by)} does not wear the Inquisitor's Robe"
            )
        if inquisitor.square != standing.square or by == player:
            raise _refused(clauses.ROBE_QUIZ, f"{by} and {player} do not share a square")
        changes.check_question(eco, e, by)
        changes.note_question(eco, e, by)
        entry.reason = f"{player} answers {by}'s question{_asked(e)} {word}"
        if correct:
            eco.experience(entry, player, 20, clauses.ROBE_ANSWERS, "a right answer")
        else:
            eco.experience(entry, by, 20, clauses.ROBE_ANSWERS, "a wrong answer")
            fine = eco.prices["Robe"]
            eco.pay(
                entry,
                player,
                -fine,
                clauses.ROBE_ANSWERS,
                f"a wrong answer to {by}{eco.prices.said('Robe')}",
            )
            eco.pay(entry, by, fine, clauses.ROBE_ANSWERS, f"{player}'s wrong answer")
        return
    entry.clause = clauses.CORRECT
    if player not in eco.question:
        raise _refused(clauses.CATEGORY, f"{player} is not being questioned in The Inquisition")
    changes.check_question(eco, e, "The Inquisition")
    changes.note_question(eco, e, "The Inquisition")
    del eco.question[player]
    entry.reason = f"answers the Inquisition's question{_asked(e)} {word}"
    if not correct:
        return
    why = "a right answer" + eco.prices.said("right answer")
    eco.pay(entry, player, eco.prices["right answer"], clauses.CORRECT, why)
    eco.experience(entry, player, 20, clauses.CORRECT, "a right answer")
    standing.correct_answers += 1
    if (
        standing.correct_answers >= 10
        and not any(ROBE in s.items for s in eco.standings.values())
        and not eco.robe_won
    ):
        standing.items.append(ROBE)
        eco.robe_won = True
        entry.notes.append(f"{player}'s tenth right answer: the Inquisitor's Robe")


def trade(eco: Economy, e: Event, entry: Entry) -> bool:
    """18.2: one e-mail of a trade; True when the entry is to be listed (the trade is
    completed, or refused)."""
    trade_id, sender, details = e.get("id"), e.get("player"), e.get("details")
    entry.clause = clauses.TRADE
    parties = sorted({p for d in details for p in (d["from"], d["to"])})
    if sender not in parties:
        raise _refused(clauses.TRADE, f"{sender} is not in trade {changes.cut(trade_id)}")
    for p in parties:
        if p not in eco.players:
            raise _refused(
                clauses.TRADE, f"{changes.cut(p)} in trade {changes.cut(trade_id)} is not a player"
            )
    mails = eco.trades.setdefault(trade_id, {})
    mails[sender] = (details, e)
    if set(mails) != set(parties):
        return False
    del eco.trades[trade_id]
    texts = {json.dumps(d, sort_keys=True) for d, _ in mails.values()}
    if len(texts) > 1:
        raise _refused(
            clauses.TRADE,
            f"trade {changes.cut(trade_id)}: the e-mails do not state the same details",
        )
    _settle(eco, changes.cut(trade_id), details, entry)
    return True


def _settle(eco: Economy, trade_id: str, details: list[dict[str, Any]], entry: Entry) -> None:
    """Every part checked before anything moves, so a refused trade changes nothing."""
    money = {p: eco.standings[p].money for d in details for p in (d["from"], d["to"])}
    for d in details:
        giver = d["from"]
        if "money" in d:
            money[giver] -= d["money"]
            money[d["to"]] += d["money"]
        elif "square" in d:
            square = eco.board.square(d["square"])
            if square is None or square.owner != giver:
                raise _refused(clauses.TRADE, f"{giver} does not own square {d['square']}")
            if d["square"] == INQUISITION:
                raise _refused(clauses.INQUISITION, "The Inquisition can not be owned")
        else:
            held = _holds(eco.standings[giver], d["item"])
            if held < d.get("count", 1):
                raise _refused(clauses.TRADE, f"{giver} holds {held} {d['item']}")
    for who, after in money.items():
        before = eco.standings[who].money
        if after < before and before < 1:
            raise _refused(clauses.BANKRUPT_NO_LOSS, f"{who} is bankrupt")
        if after < before and after < 1:
            raise _refused(
                clauses.NO_VOLUNTARY_BANKRUPTCY, f"{who} would have ${after} after the trade"
            )
    parts = []
    for d in details:
        giver, taker = d["from"], d["to"]
        if "money" in d:
            eco.pay(entry, giver, -d["money"], clauses.TRADE, f"trade {trade_id}")
            eco.pay(entry, taker, d["money"], clauses.TRADE, f"trade {trade_id}")
            parts.append(f"{giver} gives {taker} ${d['money']:,}")
        elif "square" in d:
            square = eco.board.square(d["square"])
            assert square is not None
            square.owner = taker
            parts.append(f"{giver} gives {taker} square {d['square']}")
        else:
            _move_item(eco, giver, taker, d["item"], d.get("count", 1), entry.at)
            parts.append(f"{giver} gives {taker} {d.get('count', 1)} {d['item']}")
    entry.reason = f"trade {trade_id}: " + "; ".join(parts)
