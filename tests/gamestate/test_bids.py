"""Bids on Demand Posts: rule "Planning", "any such comment which includes the string
“I bid X”, where X is a non-negative multiple of 25, is considered to be a bid of amount X"."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate.profiles.blognomic_139.bids import (
    BID_STEP,
    MAX_BID_DIGITS,
    bid_mentions,
    bids_in_text,
)

RULE = "Planning: “I bid X”, where X is a non-negative multiple of 25"


@pytest.mark.parametrize(
    ("text", "bids"),
    [
        ("I bid 250", [250]),
        ("I bid 0", [0]),
        ("Cheap! I bid 25.", [25]),
        ("I bid 1,000 for the Lagoon", [1000]),
        ("I bid 100, and I bid 75", [100, 75]),
        ("i BID   150", [150]),
        ("I\u00a0bid\u00a0200", [200]),
        ("<p>I bid 300</p>", [300]),
        ("I bid 110", []),
        ("I bid 10", []),
        ("I bid -25", []),
        ("I bid 25.5", []),
        ("I bid 100k", []),
        ("I bid two hundred", []),
        ("HI bid 25", []),
        ("I'd bid 25", []),
        ("I will bid 25", []),
        ("", []),
    ],
    ids=[
        f"{RULE}: 250 is a bid",
        f"{RULE}: 0 is non-negative, so a bid",
        f"{RULE}: a full stop after X is fine",
        f"{RULE}: thousands commas",
        f"{RULE}: each string in a comment is reported",
        f"{RULE}: as players type it, any case and spacing",
        f"{RULE}: non-breaking spaces",
        f"{RULE}: read from text inside HTML",
        f"{RULE}: 110 is not a multiple of 25",
        f"{RULE}: 10 is not a multiple of 25",
        f"{RULE}: -25 is negative",
        f"{RULE}: 25.5 is not a whole number",
        f"{RULE}: 100k is not X",
        f"{RULE}: X must be written in digits",
        f"{RULE}: the string must start at a word",
        f"{RULE}: I'd bid is not the string",
        f"{RULE}: I will bid is not the string",
        f"{RULE}: no text, no bid",
    ],
)
def test_bids_in_text(text: str, bids: list[int]) -> None:
    assert bids_in_text(text) == bids


@pytest.mark.parametrize(
    ("text", "amount", "is_bid", "reason"),
    [
        ("I bid 110", 110, False, "X = 110 is not a multiple of 25"),
        ("I bid -50", -50, False, "X = -50 is negative; a bid must be non-negative"),
        ("I bid 2.5", None, False, "X is not a whole number written in digits"),
        ("I bid 125", 125, True, "X = 125 is a non-negative multiple of 25"),
    ],
    ids=[
        f"{RULE}: a non-multiple is reported as not a bid",
        f"{RULE}: a negative amount is reported as not a bid",
        f"{RULE}: a decimal is reported as not a bid",
        f"{RULE}: a bid says why it is one",
    ],
)
def test_mentions_say_why(text: str, amount: int | None, is_bid: bool, reason: str) -> None:
    (mention,) = bid_mentions(text)
    assert (mention.text, mention.amount, mention.is_bid, mention.reason) == (
        text,
        amount,
        is_bid,
        reason,
    )


@given(st.integers(min_value=0, max_value=10**MAX_BID_DIGITS - 1))
def test_every_amount_is_a_bid_exactly_when_a_multiple_of_25(amount: int) -> None:
    expected = [amount] if amount % BID_STEP == 0 else []
    assert bids_in_text(f"Fine. I bid {amount} for it.") == expected


@given(st.text())
def test_any_text_gives_only_valid_bids(text: str) -> None:
    bids = bids_in_text(text)
    assert all(b >= 0 and b % BID_STEP == 0 for b in bids)
    assert len(bids) <= len(bid_mentions(text))


ABSURD = "absurd X (a guard, not a rule): no Budget holds it"


@pytest.mark.parametrize(
    ("text", "written", "reason"),
    [
        (
            "I bid " + "7" * 5000,
            "I bid 77777777777777...",
            "X = 77777777777777777777... has 5,000 digits, more than any Budget could hold "
            "(at most 9 digits)",
        ),
        (
            "I bid 1000000000",
            "I bid 1000000000",
            "X = 1000000000 has 10 digits, more than any Budget could hold (at most 9 digits)",
        ),
        (
            "I bid 1,000,000,000,000",
            "I bid 1,000,000,000,...",
            "X = 1000000000000 has 13 digits, more than any Budget could hold (at most 9 digits)",
        ),
        (
            "I bid -" + "5" * 4301,
            "I bid -5555555555555...",
            "X = -55555555555555555555... has 4,301 digits, more than any Budget could hold "
            "(at most 9 digits)",
        ),
        (
            "I bid " + "9" * 100_000 + ".5",
            "I bid 99999999999999...",
            "X is not a whole number written in digits",
        ),
    ],
    ids=[
        f"{ABSURD}: five thousand digits, more than int() reads, is an ignored bid",
        f"{ABSURD}: ten digits",
        f"{ABSURD}: thirteen digits with thousands commas",
        f"{ABSURD}: a negative one is absurd before it is negative",
        f"{ABSURD}: a hundred thousand digits and a decimal part",
    ],
)
def test_an_absurd_x_is_a_mention_that_is_not_a_bid(text: str, written: str, reason: str) -> None:
    (mention,) = bid_mentions(text)
    assert (mention.text, mention.amount, mention.is_bid, mention.reason) == (
        written,
        None,
        False,
        reason,
    )
    assert bids_in_text(text) == []


def test_leading_zeros_do_not_make_a_bid_absurd() -> None:
    assert bids_in_text("I bid " + "0" * 5000 + "125") == [125]
    assert bids_in_text("I bid 999999975") == [999_999_975]


@given(st.integers(min_value=MAX_BID_DIGITS + 1, max_value=20_000))
def test_any_number_too_long_for_a_budget_is_ignored_without_reading_it(digits: int) -> None:
    (mention,) = bid_mentions(f"I bid 2{'5' * (digits - 1)}.")
    assert mention.amount is None and not mention.is_bid
    assert f"has {digits:,} digits" in mention.reason
