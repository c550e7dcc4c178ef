"""The core rules read from a Ruleset's text (issue: the Ruleset in force).

Each case edits one sentence of Ruleset 139 and checks the value read, or that
the rule is unread. Test ids quote the sentence read.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from rules_text.core import Age, Feed, Quorum, Rounding, read_core_rules, ruleset_139_core
from rules_text.core.numbers import read_fraction, read_hours, read_number
from rules_text.seed import ruleset_139_wikitext

QUORUM_139 = (
    "Quorum of a subset of Imagineers is half the number of Imagineers in that subset, "
    "rounded down, plus one."
)
PROPOSAL_12H = (
    "It has a number of FOR Votes that exceed or equal Quorum, has been open for voting for at "
    "least 12 hours, and has not been Vetoed or Self-Killed."
)
PROPOSAL_48H = (
    "It has been open for voting for at least 48 hours, it has more than 1 valid Vote cast on it"
)
PROPOSAL_FAIL_48H = "It has been open for voting for at least 48 hours and cannot be Enacted."
STALE = "If a proposal somehow ends up being pending for more than 7 days"
CFJ_48H = "or if it has been open for voting for more than 48 hours."
DOV_12H = (
    "It has been open for voting for at least 12 hours, has a number of FOR Votes that exceed "
    "or equal Quorum, and either the Boss"
)
DOV_24H = (
    "It has been open for voting for at least 24 hours, has a number of FOR Votes that exceed "
    "or equal Quorum, and has a number of AGAINST Votes lesser than half of Quorum"
)
LIMITS = "(unless the Imagineer already has 2 Proposals pending, or has already made 3 Proposals"
LOCKOUT = "cannot make another DoV until after 120 hours (5 days) have passed"
DOWNTIME = (
    "Blognomic goes into hiatus every year on December 24th, and remains in hiatus until "
    "December 27th."
)


def edited(old: str, new: str) -> str:
    text = ruleset_139_wikitext()
    assert old in text, old
    return text.replace(old, new)


def test_ruleset_139_reads_whole() -> None:
    """Every sentence of every core rule nomicbot reads is a phrasing it knows."""
    reading = ruleset_139_core()
    assert reading.unread == ()
    assert reading.warnings == ()


def test_ruleset_139_values_are_the_ones_pinned_before_the_text_was_read() -> None:
    """The values the engine used as constants before it read the text (evaluate.py's
    H12/H24/H48/D7, legality's 2 pending, 3 a day and DOV_LOCKOUT, roster.quorum's n // 2 + 1,
    calendar's 24 to 27 December)."""
    core = ruleset_139_core().rules
    assert [core.quorum.of(n) for n in range(10)] == [n // 2 + 1 for n in range(10)]  # type: ignore[union-attr]
    p = core.proposals
    assert (p.enact_quorum, p.enact_majority, p.fail_timeout) == (Age(12), Age(48), Age(48))
    assert p.stale == Age(168, strict=True) and p.majority_min_votes == 1 and p.oldest_only
    assert p.fail_vetoed and p.fail_unreachable
    assert core.cfj.open_for == Age(48, strict=True) and core.cfj.quorum_for
    d = core.dov
    assert (d.enact_boss_or_unopposed, d.enact_few_against, d.enact_majority) == (
        Age(12),
        Age(24),
        Age(48),
    )
    assert (d.fail_unreachable, d.fail_timeout, d.lockout_hours) == (Age(12), Age(48), 120)
    assert d.few_against == Fraction(1, 2) and d.others_fail
    assert (core.limits.pending, core.limits.per_day) == (2, 3)
    assert core.downtime is not None
    assert (core.downtime.start, core.downtime.end) == ((12, 24), (12, 27))
    v = core.voting
    assert v.deferential and v.veto and v.self_kill and v.author_implicit_for
    assert v.deferential_follows_boss
    assert core.hiatus.on_dov and "Calls for Judgement" in core.hiatus.allowed
    assert core.keyword == "Imagineer" and core.boss == "Boss"


# Each slot, in digits and in words.
SLOTS = [
    (PROPOSAL_12H, "at least 12 hours", "at least twelve hours", "proposals.enact_quorum", Age(12)),
    (PROPOSAL_12H, "at least 12 hours", "at least 24 hours", "proposals.enact_quorum", Age(24)),
    (
        PROPOSAL_12H,
        "at least 12 hours",
        "more than 12 hours",
        "proposals.enact_quorum",
        Age(12, True),
    ),
    (PROPOSAL_12H, "at least 12 hours", "at least one day", "proposals.enact_quorum", Age(24)),
    (
        PROPOSAL_48H,
        "at least 48 hours",
        "at least forty-eight hours",
        "proposals.enact_majority",
        Age(48),
    ),
    (
        PROPOSAL_48H,
        "more than 1 valid Vote",
        "more than two valid Votes",
        "proposals.majority_min_votes",
        2,
    ),
    (PROPOSAL_FAIL_48H, "48 hours", "72 hours", "proposals.fail_timeout", Age(72)),
    (STALE, "more than 7 days", "more than seven days", "proposals.stale", Age(168, True)),
    (STALE, "more than 7 days", "more than 14 days", "proposals.stale", Age(336, True)),
    (CFJ_48H, "more than 48 hours", "more than 24 hours", "cfj.open_for", Age(24, True)),
    (CFJ_48H, "more than 48 hours", "at least forty-eight hours", "cfj.open_for", Age(48)),
    (DOV_12H, "at least 12 hours", "at least six hours", "dov.enact_boss_or_unopposed", Age(6)),
    (DOV_24H, "at least 24 hours", "at least twenty-four hours", "dov.enact_few_against", Age(24)),
    (
        DOV_24H,
        "lesser than half of Quorum",
        "lesser than a third of Quorum",
        "dov.few_against",
        Fraction(1, 3),
    ),
    (LIMITS, "has 2 Proposals", "has three Proposals", "limits.pending", 3),
    (LIMITS, "made 3 Proposals", "made five Proposals", "limits.per_day", 5),
    (LOCKOUT, "120 hours (5 days)", "one hundred and twenty hours", "dov.lockout_hours", 120),
    (LOCKOUT, "120 hours (5 days)", "48 hours (2 days)", "dov.lockout_hours", 48),
    (DOWNTIME, "December 27th", "January 2nd", "downtime.end", (1, 2)),
    (DOWNTIME, "December 24th", "the 20th of December", "downtime.start", (12, 20)),
]


@pytest.mark.parametrize(
    ("sentence", "old", "new", "path", "expected"),
    SLOTS,
    ids=[f"{s[:50]}… {old!r}->{new!r}" for s, old, new, _, _ in SLOTS],
)
def test_each_slot_is_read_in_digits_and_words(
    sentence: str, old: str, new: str, path: str, expected: object
) -> None:
    text = ruleset_139_wikitext()
    start = text.index(sentence)
    edited_sentence = sentence.replace(old, new, 1) if old in sentence else None
    if edited_sentence is None:  # the slot follows the quoted start of the sentence
        tail = text[start:]
        cut = tail.index(old)
        text = text[: start + cut] + new + text[start + cut + len(old) :]
    else:
        text = text[:start] + edited_sentence + text[start + len(sentence) :]
    reading = read_core_rules(text)
    assert reading.unread == (), reading.unread
    value: object = reading.rules
    for part in path.split("."):
        value = getattr(value, part)
    assert value == expected


QUORUMS = [
    (
        "half",
        "rounded down, plus one",
        [1, 1, 2, 2, 3, 3, 4],
        Quorum(Fraction(1, 2), Rounding.DOWN, 1),
    ),
    ("half", "rounded up", [0, 1, 1, 2, 2, 3, 3], Quorum(Fraction(1, 2), Rounding.UP, 0)),
    (
        "a third",
        "rounded up, plus one",
        [1, 2, 2, 2, 3, 3, 3],
        Quorum(Fraction(1, 3), Rounding.UP, 1),
    ),
    ("two thirds", "rounded down", [0, 0, 1, 2, 2, 3, 4], Quorum(Fraction(2, 3), Rounding.DOWN, 0)),
    (
        "two thirds",
        "rounded to the nearest whole number",
        [0, 1, 1, 2, 3, 3, 4],
        Quorum(Fraction(2, 3), Rounding.NEAREST, 0),
    ),
    (
        "half",
        "rounded down, plus two",
        [2, 2, 3, 3, 4, 4, 5],
        Quorum(Fraction(1, 2), Rounding.DOWN, 2),
    ),
]


@pytest.mark.parametrize(
    ("fraction", "rounding", "of", "expected"),
    QUORUMS,
    ids=[f"Quorum ... is {f} the number ..., {r}" for f, r, _, _ in QUORUMS],
)
def test_quorum_fractions_and_roundings(
    fraction: str, rounding: str, of: list[int], expected: Quorum
) -> None:
    text = edited(
        QUORUM_139,
        f"Quorum of a subset of Imagineers is {fraction} the number of Imagineers in that "
        f"subset, {rounding}.",
    )
    reading = read_core_rules(text)
    assert reading.unread == ()
    assert reading.rules.quorum == expected
    assert [expected.of(n) for n in range(7)] == of


def test_the_keyword_renamed_everywhere_reads_the_same() -> None:
    """ "This is the Ruleset for BlogNomic; all Imagineers shall obey it." with Students."""
    text = ruleset_139_wikitext().replace("Imagineer", "Student").replace("Boss", "Dean")
    reading = read_core_rules(text)
    assert reading.unread == ()
    assert (reading.rules.keyword, reading.rules.boss) == ("Student", "Dean")
    assert reading.rules.proposals == ruleset_139_core().rules.proposals
    assert reading.rules.hiatus.allowed[0] == "Students"


def _without_rule(name: str) -> str:
    return re.sub(rf"== {re.escape(name)} ==\n.*?(?=\n=)", "", ruleset_139_wikitext(), flags=re.S)


def test_repealed_seasonal_downtime_is_no_downtime() -> None:
    reading = read_core_rules(_without_rule("Seasonal Downtime"))
    assert reading.unread == () and reading.rules.downtime is None


def test_repealed_proposal_limits_are_no_limits() -> None:
    """ "Any Imagineer may submit a Proposal ... that describes those changes." with no
    "(unless ...)"."""
    reading = read_core_rules(
        edited(
            " (unless the Imagineer already has 2 Proposals pending, or has already made 3 "
            "Proposals that day)",
            "",
        )
    )
    assert reading.unread == ()
    assert (reading.rules.limits.pending, reading.rules.limits.per_day) == (None, None)


def test_repealed_veto_sentence_is_no_veto() -> None:
    reading = read_core_rules(
        edited(
            "The Boss may use VETO as a voting icon to cast a Vote on a proposal; when the Boss "
            "casts a vote of VETO on a Proposal, this renders the Proposal Vetoed, even if the "
            "Boss later changes their Vote.",
            "",
        )
    )
    assert reading.unread == ()
    assert not reading.rules.voting.veto and reading.rules.voting.self_kill


def test_repealed_deferential_icon_is_no_deferential() -> None:
    """ "... using a voting icon of FOR or AGAINST." and no IMP icon."""
    text = edited(
        "a voting icon of FOR, AGAINST, or DEFERENTIAL.", "a voting icon of FOR or AGAINST."
    )
    reading = read_core_rules(text)
    assert reading.unread == ()
    assert not reading.rules.voting.deferential


def test_repealed_special_proposal_voting_is_no_veto_no_self_kill() -> None:
    reading = read_core_rules(_without_rule("Special Proposal Voting"))
    assert reading.unread == ()
    v = reading.rules.voting
    assert not (v.veto or v.self_kill or v.deferential_follows_boss)


UNREAD = [
    ("Calls for Judgement", "This Rule may not be overruled by Dynastic Rules.", Feed.CFJS),
    ("Resolution of Proposals", "and can be failed by any Admin.", Feed.PROPOSALS),
    (
        "Votable Matters",
        "When a Votable Matter is first put forward, it is considered Pending.",
        Feed.ALL,
    ),
    (
        "Victory and Ascension",
        "When a DoV fails and there are no pending DoVs, Hiatus ends.",
        Feed.DOVS,
    ),
    ("Seasonal Downtime", "remains in hiatus until December 27th.", Feed.ALL),
    ("Special Proposal Voting", "indication of confidence in the Boss.", Feed.PROPOSALS),
    ("Proposals", "Proposals that day).", Feed.PROPOSALS),
]


@pytest.mark.parametrize(
    ("rule", "after", "feed"),
    UNREAD,
    ids=[f"{r}: a sentence added after {a!r}" for r, a, _ in UNREAD],
)
def test_a_sentence_added_makes_its_rule_unread(rule: str, after: str, feed: str) -> None:
    added = " A matter may not be resolved on a Tuesday."
    reading = read_core_rules(edited(after, after + added))
    assert [u.rule for u in reading.unread] == [rule]
    unread = reading.unread[0]
    assert unread.text == added.strip() and unread.nearest
    assert feed in unread.feeds
    # Verdicts fed by other rules stand: an unread CfJ rule leaves Proposals read.
    others = {Feed.PROPOSALS, Feed.CFJS, Feed.DOVS} - {feed}
    if feed != Feed.ALL:
        assert all(reading.unread_for(other) is None for other in others)


def test_an_unknown_number_word_leaves_the_rule_unread() -> None:
    reading = read_core_rules(
        edited("at least 12 hours, and has not", "at least umpteen hours, and has not")
    )
    assert [u.rule for u in reading.unread] == ["Resolution of Proposals"]


def test_a_missing_rule_that_cannot_be_repealed_is_unread() -> None:
    reading = read_core_rules(_without_rule("Calls for Judgement"))
    assert [u.rule for u in reading.unread] == ["Calls for Judgement"]
    assert "no rule" in reading.unread[0].reason


def test_an_unread_quorum_feeds_every_verdict() -> None:
    reading = read_core_rules(edited(QUORUM_139, "Quorum is whatever the Boss says it is."))
    assert [u.rule for u in reading.unread] == ["Quorum"]
    assert reading.unread_for(Feed.CFJS) is not None and reading.rules.quorum is None


DYNASTIC = [
    ("Each Imagineer may spend 5 Budget to add one FOR vote to any Proposal.", ("vote",)),
    ("The Mayor's Votes count twice towards Quorum.", ("Votes", "Quorum")),
    ("A Proposal with a VETO may be enacted anyway by the Mayor.", ("VETO", "enacted")),
    ("An Imagineer may Self-Kill a Proposal by paying 10.", ("Self-Kill",)),
]


@pytest.mark.parametrize(("sentence", "words"), DYNASTIC, ids=[s for s, _ in DYNASTIC])
def test_a_dynastic_rule_with_the_words_of_voting_is_named(
    sentence: str, words: tuple[str, ...]
) -> None:
    text = edited(
        "== Project Completion ==\n", f"== Election ==\n{sentence}\n\n== Project Completion ==\n"
    )
    reading = read_core_rules(text)
    assert [w.rule for w in reading.warnings] == ["Election"]
    found = " ".join(reading.warnings[0].words).casefold()
    assert all(word.split()[0].casefold() in found for word in words)
    assert reading.unread == ()


def test_a_dynastic_rule_without_them_is_not_named() -> None:
    text = edited(
        "== Project Completion ==\n",
        "== Gardens ==\nEach Zone has a Garden.\n\n== Project Completion ==\n",
    )
    assert read_core_rules(text).warnings == ()


NUMBERS = [
    ("12", 12),
    ("twelve", 12),
    ("forty-eight", 48),
    ("one hundred and twenty", 120),
    ("a hundred", 100),
    ("100000", 100000),
    ("1000000", None),
    ("umpteen", None),
    ("9" * 5000, None),
]


@pytest.mark.parametrize(("words", "value"), NUMBERS, ids=[w[:20] for w, _ in NUMBERS])
def test_numbers_in_digits_and_words(words: str, value: int | None) -> None:
    assert read_number(words) == value


def test_fractions_and_durations() -> None:
    assert read_fraction("two thirds") == Fraction(2, 3)
    assert read_fraction("a third") == Fraction(1, 3)
    assert read_fraction("50%") == Fraction(1, 2)
    assert read_fraction("most") is None
    assert read_hours("seven days") == 168 and read_hours("48 hours") == 48
    assert read_hours("a fortnight") is None
