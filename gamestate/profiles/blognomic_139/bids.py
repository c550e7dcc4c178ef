"""Bids on Demand Posts (rule "Planning").

The rule reads: "Imagineers may bid to construct that Building in comments to
that post: any such comment which includes the string “I bid X”, where X is a
non-negative multiple of 25, is considered to be a bid of amount X on it."

This module only finds the "I bid X" strings in a comment's text; which bid
wins (lowest, earliest on a tie, at least 100 under the bidder's earlier bids,
at most a third of the Boss's Budget) is decided elsewhere, from these amounts.

Reading choices, each one a player could argue about:

* "I bid" is matched whatever its case ("i bid 100" counts) and with any run of
  spaces between the words, because that is how players type it;
* "I" must start a word ("HI bid 25" is not a bid);
* X is a whole number written in digits, optionally with thousands commas
  ("1,000"); "I bid 25.5", "I bid -25", "I bid 100k" and "I bid two hundred"
  are not bids;
* a number that is not a multiple of 25 ("I bid 110") is reported as a mention
  that is not a bid, so a tool can tell the player why it was ignored;
* an absurd X, of more than :data:`MAX_BID_DIGITS` digits (leading zeros aside),
  is reported the same way, and is never read as a number: a comment reading
  "I bid" and five thousand digits is an ignored bid, not a failure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

__all__ = [
    "BID_STEP",
    "MAX_BID_DIGITS",
    "BidMention",
    "bid_mentions",
    "bids_in_text",
    "comment_text",
]

BID_STEP = 25
"""Rule "Planning": X must be a non-negative multiple of 25."""
MAX_BID_DIGITS = 9
"""The most digits X may have (a guard, not a rule). 999,999,999 units of Budget are
a fictional trillion (rule "Budget": "Each unit of Budget or Debt represents a
fictional thousand units of currency"), more than any Budget could hold, and the
mirror's bid column holds no more than 2,147,483,647. A longer X is an absurd bid,
ignored with its reason."""
_SHOWN = 20
"""How many characters of an absurd mention are quoted before "..."."""

# The amount must end the number: not followed by more digits, a decimal part,
# or letters ("100k"); a sentence's full stop or comma after it is fine.
_BID_RE = re.compile(
    r"(?<![0-9A-Za-z_])I\s+bid\s+(?P<sign>[-+\u2212]?)"
    r"(?P<amount>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)"
    r"(?P<tail>[.,][0-9]|[0-9A-Za-z_])?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class BidMention:
    """One "I bid X" string found in a comment."""

    text: str
    """The words as written, e.g. "I bid 250" (an absurd X cut short, e.g. "I bid 999...")."""
    amount: int | None
    """X as a whole number, or None when it is not one ("I bid 25.5") or is absurd."""
    is_bid: bool
    """Rule "Planning": X is a non-negative multiple of 25."""
    reason: str
    """Why it is or is not a bid, quoting the rule."""
    absurd: bool = False
    """X has more than :data:`MAX_BID_DIGITS` digits: not read as a number at all."""


def _cut(text: str) -> str:
    """``text``, or its first :data:`_SHOWN` characters and "..." when longer."""
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "..."


def bid_mentions(text: str) -> list[BidMention]:
    """Every "I bid X" string in ``text``, bids and non-bids, in reading order."""
    mentions = []
    for match in _BID_RE.finditer(text):
        written = match.group(0)
        if match["tail"]:
            mentions.append(
                BidMention(
                    text=_cut(written),
                    amount=None,
                    is_bid=False,
                    reason="X is not a whole number written in digits",
                )
            )
            continue
        digits = match["amount"].replace(",", "").lstrip("0") or "0"
        if len(digits) > MAX_BID_DIGITS:
            # Counted, never converted: int() refuses over 4,300 digits, and no Budget holds 10.
            shown = _cut(digits)
            mentions.append(
                BidMention(
                    text=_cut(written),
                    amount=None,
                    is_bid=False,
                    reason=(
                        f"X = {match['sign']}{shown} has {len(digits):,} digits, more than any "
                        f"Budget could hold (at most {MAX_BID_DIGITS} digits)"
                    ),
                    absurd=True,
                )
            )
            continue
        amount = int(digits)
        if match["sign"] in ("-", "\u2212") and amount != 0:
            mentions.append(
                BidMention(
                    text=written,
                    amount=-amount,
                    is_bid=False,
                    reason=f"X = -{amount} is negative; a bid must be non-negative",
                )
            )
        elif amount % BID_STEP:
            mentions.append(
                BidMention(
                    text=written,
                    amount=amount,
                    is_bid=False,
                    reason=f"X = {amount} is not a multiple of {BID_STEP}",
                )
            )
        else:
            mentions.append(
                BidMention(
                    text=written,
                    amount=amount,
                    is_bid=True,
                    reason=f"X = {amount} is a non-negative multiple of {BID_STEP}",
                )
            )
    return mentions


def bids_in_text(text: str) -> list[int]:
    """The amounts of the valid bids in ``text`` ("I bid 250" gives ``[250]``).

    Non-multiples of 25 and other non-bids are left out; see
    :func:`bid_mentions` for the reason each one was refused.
    """
    return [m.amount for m in bid_mentions(text) if m.is_bid and m.amount is not None]


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def comment_text(body_html: str) -> str:
    """A comment as a reader sees it, tags dropped: "I bid <b>250</b>" reads "I bid 250"."""
    parser = _Text()
    parser.feed(body_html)
    parser.close()
    return "".join(parser.parts)
