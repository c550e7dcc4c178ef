"""Rule "Random Generators" and appendix "Dice": the GNDT's commands, drawn from an
explicit seed so that a replay draws the same values.
"""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamestate.profiles.blognomic_139.random_generators import (
    COLOURS,
    FRUITS,
    VEGGIES,
    RollError,
    Seed,
    draw_indices,
    roll,
)
from tests.builders import at

SEED = Seed("Kevan", at(1), "roll:test")


@pytest.mark.parametrize(
    ("command", "options"),
    [
        pytest.param(
            "FRUIT",
            FRUITS,
            id='"The FRUIT command will return a random result from the following options: '
            'Lemon, Orange, Kiwi, Grape, Cherry, Tangelo."',
        ),
        pytest.param("COLOUR", COLOURS, id='"The COLOUR (or COLOR) command" - COLOUR'),
        pytest.param("COLOR", COLOURS, id='"The COLOUR (or COLOR) command" - COLOR'),
        pytest.param(
            "VEGGIE", VEGGIES, id='"The VEGGIE command" - Potato, Carrot, Triffid, Pumpkin'
        ),
    ],
)
def test_word_commands(command: str, options: tuple[str, ...]) -> None:
    seen = {roll(command, Seed("Kevan", at(h), "roll")).values[0] for h in range(200)}
    assert seen == set(options)  # every option, and nothing else
    assert roll(command.lower(), SEED) == roll(command, SEED)


def test_the_lists_are_the_rule_s() -> None:
    assert len(COLOURS) == 10 and COLOURS[-1] == "Black" and "Turquoise" in COLOURS
    assert FRUITS == ("Lemon", "Orange", "Kiwi", "Grape", "Cherry", "Tangelo")
    assert VEGGIES == ("Potato", "Carrot", "Triffid", "Pumpkin")


@pytest.mark.parametrize(
    ("command", "count", "low", "high"),
    [
        pytest.param("DICE6", 1, 1, 6, id='"a random number between 1 and N" - DICE6'),
        pytest.param("DICE1", 1, 1, 1, id='"between 1 and N" - DICE1 is always 1'),
        pytest.param("3DICE20", 3, 1, 20, id='Dice: "YDICEX refer to Y X-sided dice" - 3DICE20'),
        pytest.param("0DICE6", 0, 0, 0, id='Dice: "Y X-sided dice" - zero dice roll nothing'),
        pytest.param(
            "DICE0",
            1,
            0,
            0,
            id='"a roll of DiceX when X is zero or lower always yields a value of 0" - DICE0',
        ),
        pytest.param("2DICE-3", 2, 0, 0, id='"when X is zero or lower" - 2DICE-3'),
    ],
)
def test_dice(command: str, count: int, low: int, high: int) -> None:
    for h in range(30):
        result = roll(command, Seed("Kevan", at(h), "roll"))
        assert len(result.values) == count
        assert all(isinstance(v, int) and low <= v <= high for v in result.values)
        assert result.clause


@pytest.mark.parametrize("command", ["", "DICE", "DICEX", "PLUM", "DICE6 DICE6", "1000001DICE6"])
def test_unknown_commands_are_refused(command: str) -> None:
    with pytest.raises(RollError):
        roll(command, SEED)


def test_a_replay_draws_the_same_values() -> None:
    again = Seed("Kevan", at(1), "roll:test")
    assert roll("5DICE100", SEED) == roll("5DICE100", again)
    # Another actor, time or cause is another seed.
    others = {Seed("Bob", at(1), "roll:test"), Seed("Kevan", at(2), "roll:test")}
    others.add(Seed("Kevan", at(1), "roll:other"))
    assert len({s.digest for s in others} | {SEED.digest}) == 4


def test_the_draw_is_auditable_by_hand() -> None:
    """Anyone can re-derive a draw: SHA-256 of actor, time and cause, then SHA-256 of that
    and a counter, read 8 bytes at a time (rejecting the top sliver for uniformity)."""
    digest = hashlib.sha256(b"Kevan\x1f2016-05-02T01:00:00+00:00\x1froll:test").digest()
    assert SEED.digest == digest.hex()
    block = hashlib.sha256(digest + (0).to_bytes(8, "big")).digest()
    first = int.from_bytes(block[:8], "big")
    assert first < (1 << 64) - (1 << 64) % 6  # not rejected (true for this seed)
    assert roll("DICE6", SEED).values == (first % 6 + 1,)


def test_draws_are_uniform_enough() -> None:
    counts = Counter(draw_indices(SEED, 4, 8000))
    assert set(counts) == {0, 1, 2, 3}
    assert all(1800 < n < 2200 for n in counts.values())  # deterministic for this seed


@given(st.text(max_size=20), st.integers(min_value=1, max_value=10**6))
def test_any_seed_and_range_draws_in_range(cause: str, n: int) -> None:
    (value,) = draw_indices(Seed("Kevan", at(1), cause), n, 1)
    assert 0 <= value < n


GUARD = "a guard, not a rule: at most 1000 dice of at most 10^9 sides"


@pytest.mark.parametrize(
    ("command", "message"),
    [
        pytest.param(
            "9" * 5000 + "DICE6",
            "9999999999999999999999999999999999999...: at most 1000 dice of at most "
            "1000000000 sides",
            id=f"{GUARD} - five thousand digits of dice, more than int() reads",
        ),
        pytest.param(
            "DICE" + "9" * 5000,
            "DICE999999999999999999999999999999999...: at most 1000 dice of at most "
            "1000000000 sides",
            id=f"{GUARD} - five thousand digits of sides",
        ),
        pytest.param(
            "DICE1000000001",
            "DICE1000000001: at most 1000 dice of at most 1000000000 sides",
            id=f"{GUARD} - one side too many",
        ),
        pytest.param(
            "x" * 5000,
            "unknown command 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...': the GNDT has DICEN, "
            "YDICEN, FRUIT, COLOUR, COLOR and VEGGIE",
            id="an unknown command of five thousand letters is quoted short",
        ),
    ],
)
def test_a_huge_count_or_side_is_a_one_line_error(command: str, message: str) -> None:
    with pytest.raises(RollError) as refused:
        roll(command, SEED)
    assert str(refused.value) == message


def test_leading_zeros_and_huge_negative_sides_are_read_without_converting_them() -> None:
    assert roll("0003DICE6", SEED).values == roll("3DICE6", SEED).values
    huge = roll("2DICE-" + "9" * 5000, SEED)
    assert huge.values == (0, 0)
    assert huge.clause.endswith("(X = -999999999999999999999999999999999999...)")
