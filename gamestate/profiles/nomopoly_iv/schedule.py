"""When Nomopoly IV's scheduled events fall due: the clocks of the seed's rules.

- "Every day at noon and midnight Central time" (Jumps; Scientists' income at noon,
  counter-research at midnight): 12:00:00 and 00:00:00 in the ``timezone`` setting
  (America/Chicago), daylight saving as the zone has it, so the instants are 11 or 13
  hours apart on the days the clocks change.
- "Every Sunday at noon GMT" (the Experience Fairy) and "Every Saturday at midnight GMT"
  (the Shop of Terror), in UTC. Which midnight is "Saturday at midnight" is the
  ``saturday_midnight`` setting: ``"00:00 Saturday"`` (the night Friday turns into
  Saturday, the site's day-of-week and hour both reading Saturday 0) or ``"00:00 Sunday"``
  (the end of Saturday).
- "Every hour on the hour": HH:00:00 UTC (every zone the game names is a whole hour off).

Every function returns the first instant *strictly after* ``after``: an event due at
the instant the books stand at has already been applied.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from gamestate.profiles.clock import next_local
from gamestate.profiles.nomopoly_iv import clauses

__all__ = [
    "GMT",
    "MIDNIGHT",
    "NOON",
    "SATURDAY_READINGS",
    "next_central",
    "next_hour",
    "next_shop_move",
    "next_sunday_noon",
]

GMT = ZoneInfo("UTC")
NOON = time.fromisoformat("12:00:00")
MIDNIGHT = time.fromisoformat("00:00:00")
SATURDAY_READINGS = ("00:00 Saturday", "00:00 Sunday")
"""The two readings of "Saturday at midnight"."""

_SATURDAY, _SUNDAY = 5, 6


def next_central(after: datetime, tz: ZoneInfo) -> tuple[datetime, bool]:
    """The next noon or midnight in ``tz`` after ``after``, and whether it is noon."""
    noon = next_local(after, tz, None, NOON)
    midnight = next_local(after, tz, None, MIDNIGHT)
    return (noon, True) if noon < midnight else (midnight, False)


def next_sunday_noon(after: datetime) -> datetime:
    """The Experience Fairy's next appearance: Sunday 12:00:00 GMT."""
    return next_local(after, GMT, _SUNDAY, NOON).astimezone(UTC)


def next_shop_move(after: datetime, reading: str) -> datetime:
    """The Shop of Terror's next move: Saturday midnight GMT as ``reading`` takes it."""
    weekday = _SATURDAY if reading == SATURDAY_READINGS[0] else _SUNDAY
    return next_local(after, GMT, weekday, MIDNIGHT).astimezone(UTC)


def next_hour(after: datetime) -> datetime:
    """The next hour on the hour."""
    return after.astimezone(UTC).replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)


_DUE_CLAUSES = (
    ("safecracked", clauses.SAFECRACKING),
    ("was removed first", clauses.SAFECRACKING_GONE),
    ("cool down ended at random", clauses.HOURLY_COOL_DOWN_END),
    ("a random unit's cool down", clauses.HOURLY_COOL_DOWN_END),
    ("stops cooling down", clauses.COOL_DOWN),
    ("fined $100 at 10 Jumps", clauses.JUMPS_FINE),
    ("Jumps increased by one", clauses.JUMPS_TICK),
    ("for each Scientist Researching", clauses.RESEARCH_INCOME),
    ("Counter-Researching", clauses.COUNTER_RESEARCH),
    ("Experience Fairy appears", clauses.FAIRY_APPEARS),
    ("Experience Fairy returns", clauses.FAIRY_LEAVES),
    ("opened by the Dark Lord", clauses.BOX_120_HOURS),
    ("a new ? Box placed", clauses.BOX_REFILL),
    ("Shop of Terror changes location", clauses.SHOP_MOVES),
    ("the week for a new fort", clauses.FORT_WINDOW),
    ("hit by a pie", clauses.PIES),
    ("the Rber Ducky moves", clauses.DUCKY_MOVES),
    ("the board extended to 90 squares", clauses.NEW_SQUARES),
    ("the board grown to 60 squares", clauses.NEW_SQUARES_60),
)


def clause_of(event: str) -> str:
    """The seed's words behind a due event's name (``each player's Jumps increased by
    one ...``), for ``status``: the first whose words the name contains."""
    return next((clause for words, clause in _DUE_CLAUSES if words in event), "")


def action_clause(name: str) -> str:
    """The seed's words for an action or command that its verdict does not quote."""
    return {
        "jump": clauses.JUMP,
        "decrease Jumps": clauses.DECREASE_JUMPS,
        "Receive Teaching": clauses.TEACHING,
        "Receive Training": clauses.TEACHING,
        "take the item": clauses.TAKE_THE_ITEM,
        "gain a new fort": clauses.FORT_WINDOW,
        "use Mushroom": clauses.MUSHROOM,
        "use Coin": clauses.COIN,
        "use Magic Mining Pick": clauses.SUPER_MINING,
        "use Red Shell": clauses.RED_SHELL,
        "use Green Shell": clauses.GREEN_SHELL,
        "use Lightning Bolt": clauses.LIGHTNING_BOLT,
        "use Force Field": clauses.FORCE_FIELD,
        "use Star Egg": clauses.STAR_EGG,
        "use Feather": clauses.FEATHER,
        "use Ghost": clauses.GHOST,
        "Research Breakthrough": clauses.RESEARCH_BREAKTHROUGH,
        "Counter Research": clauses.COUNTER_RESEARCH_COMMAND,
        "Move": clauses.MOVE,
        "Safecracking": clauses.SAFECRACKING,
        "Echo": clauses.ECHO,
        "Refine Goods": clauses.REFINE_GOODS,
        "Mine": clauses.MINE,
        "Fertile Season": clauses.FERTILE_SEASON,
        "Build Refinery": clauses.ONE_REFINERY,
        "Build Duck Pond": clauses.DUCK_POND,
        "Submit a Buy Request": clauses.BUY_REQUEST,
        "Retract a buy request": clauses.RETRACT_BUY,
        "Fulfill a buy request": clauses.FULFILL_BUY,
        "Submit a Sell Request": clauses.SELL_REQUEST,
        "Retract a sell request": clauses.RETRACT_SELL,
        "Fulfill a sell request": clauses.FULFILL_SELL,
    }.get(name, clauses.COOL_DOWN)
