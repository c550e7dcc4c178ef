# ruff: noqa: E501  (captured sentences are quoted whole, one a line)
"""Phrasings of the core rules from other years, quoted from public captures
(docs/ruleset-captures.md names each capture; the files are in tests/rules_text/captures/).

Each case puts a captured sentence in place of Ruleset 139's, and checks that nomicbot reads
it, with the value it says. Test ids quote the captured words and name the capture.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rules_text.core import Age, CoreReading, Quorum, Rounding, read_core_rules
from rules_text.seed import ruleset_139_wikitext

CAPTURES = Path(__file__).parent / "captures"


def captured(name: str, words: str) -> str:
    """``words`` as the capture ``name`` holds them (the test fails if it does not)."""
    text = (CAPTURES / f"{name}.txt").read_text(encoding="utf-8")
    assert " ".join(words.split()) in " ".join(text.split()), (name, words)
    return words


def replaced(old: str, new: str, text: str | None = None) -> CoreReading:
    text = text if text is not None else ruleset_139_wikitext()
    assert old in text, old
    return read_core_rules(text.replace(old, new, 1))  # the first: Proposals before DoVs


ENACT_12H = (
    "It has a number of FOR Votes that exceed or equal Quorum, has been open for voting for at "
    "least 12 hours, and has not been Vetoed or Self-Killed."
)
ENACT_48H = (
    "It has been open for voting for at least 48 hours, it has more than 1 valid Vote cast on "
    "it, more valid Votes cast on it are FOR than are AGAINST, and it has not been Vetoed or "
    "Self-Killed."
)
FAIL_UNREACHABLE = "The number of Imagineers who are not voting AGAINST it is less than Quorum."
FAIL_48H = "It has been open for voting for at least 48 hours and cannot be Enacted."


def test_must_obey_ruleset_30() -> None:
    """Ruleset 30: "This is the Ruleset for BlogNomic; all Deities must obey it.\""""
    sentence = captured(
        "wiki-ruleset-030", "This is the Ruleset for BlogNomic; all Deities must obey it."
    )
    text = ruleset_139_wikitext().replace("Imagineers", "Deities").replace("Imagineer", "Deity")
    reading = replaced(
        "This is the '''Ruleset''' for BlogNomic; all Deities shall obey it.",
        sentence,
        text,
    )
    assert reading.unread == ()
    assert reading.rules.keyword == "Deity"


def test_quorum_rounding_up_2005() -> None:
    """2005 (proposed): "Quorum is equal to one half of the number of Crewmembers, rounding up.\""""
    sentence = (
        captured(
            "blog-2005-queue-de-queueing",
            "Quorum is equal to one half of the number of Crewmembers, rounding up.",
        )
        if (CAPTURES / "blog-2005-queue-de-queueing.txt").exists()
        else None
    )
    if sentence is None:
        name = next(
            p.stem for p in CAPTURES.glob("*.txt") if "rounding up" in p.read_text(encoding="utf-8")
        )
        sentence = captured(
            name, "Quorum is equal to one half of the number of Crewmembers, rounding up."
        )
    text = ruleset_139_wikitext().replace("Imagineer", "Crewmember")
    reading = replaced(
        "Quorum of a subset of Crewmembers is half the number of Crewmembers in that subset, rounded down, plus one.",
        sentence,
        text,
    )
    assert reading.rules.quorum == Quorum(Fraction(1, 2), Rounding.UP, 0)
    assert [u.rule for u in reading.unread] == []


ENACTED_2006 = [
    (
        ENACT_12H,
        "It has a number of FOR votes that exceed or equal Quorum, has been open for voting for at least 12 hours, and has not been vetoed.",
        "enact_quorum",
        Age(12),
    ),
    (
        ENACT_48H,
        "It has been open for voting for at least 48 hours, more than half of its votes are FOR, and it has not been vetoed.",
        "enact_majority",
        Age(48),
    ),
    (
        FAIL_UNREACHABLE,
        "It has enough AGAINST votes that it could not be Enacted without one of those votes being changed.",
        "fail_unreachable",
        True,
    ),
    (
        FAIL_48H,
        "It has been open for voting for at least 48 hours and half or fewer of its votes are FOR.",
        "fail_timeout",
        Age(48),
    ),
    (
        FAIL_UNREACHABLE,
        "It could not be Enacted without either one of the Votes AGAINST it being changed, or the set of Players being changed, or by awaiting the passage of time.",
        "fail_unreachable",
        True,
    ),
]


@pytest.mark.parametrize(
    ("old", "new", "field", "value"), ENACTED_2006, ids=[n[:70] for _, n, _, _ in ENACTED_2006]
)
def test_resolution_of_proposals_of_2006_and_2011(
    old: str, new: str, field: str, value: object
) -> None:
    name = next(
        (
            p.stem
            for p in CAPTURES.glob("*.txt")
            if " ".join(new.split()) in " ".join(p.read_text(encoding="utf-8").split())
        ),
        None,
    )
    assert name is not None, f"no capture holds {new!r}"
    reading = replaced(old, new)
    assert reading.unread == (), reading.unread
    assert getattr(reading.rules.proposals, field) == value


def test_the_enact_lead_without_its_parenthesis_2021() -> None:
    reading = replaced(
        " (by updating the Ruleset and/or Gamestate to include the specified effects of that Proposal, and then setting that Proposal's status to Enacted)",
        "",
    )
    assert reading.unread == () and reading.rules.proposals.oldest_only


def test_dov_fewer_than_half_2010() -> None:
    """May 2010 (enacted): "... has a number of against votes fewer than half of Quorum, rounded down.\""""
    reading = replaced(
        "AGAINST Votes lesser than half of Quorum", "against votes fewer than half of Quorum"
    )
    assert reading.unread == () and reading.rules.dov.enact_few_against == Age(24)


def test_but_it_can_be_overruled_2021() -> None:
    reading = replaced(
        "but can be overruled in other matters.", "but it can be overruled in other matters."
    )
    assert reading.unread == ()


def test_explicit_self_kill_2011() -> None:
    sentence = captured(
        "blog-2011-ok-this-time-for-real-part-3",
        "When a player casts an explicit vote AGAINST their own Proposal, this renders the Proposal Self-Killed, even if the author later changes their Vote.",
    )
    reading = replaced(
        "When an Imagineer casts a vote AGAINST their own Proposal (which is not in the form of a DEFERENTIAL vote), this renders the Proposal Self-Killed, even if the author later changes their Vote.",
        sentence,
    )
    assert reading.unread == () and reading.rules.voting.self_kill


def test_popular_and_unpopular_votes_read_and_resolution_stays_unread() -> None:
    """User:Redtara/Vote of confidence: the subrule "Votes" with "Popular" and "Unpopular" and
    the Core exception. It reads; Ruleset 139's "Resolution of Proposals" still reads too, but
    a Ruleset that resolves by "Popular" (not captured) would not."""
    draft = (CAPTURES / "wiki-user-redtara-vote-of-confidence.txt").read_text(encoding="utf-8")
    start = draft.index("Each Citizen may cast one Vote")
    end = draft.index('From the rule "Special Proposal Voting"')
    body = draft[start:end].replace("  • ", "* ").replace("Citizen", "Imagineer")
    body = body.replace(" Exception: Proposals", "\n* Exception: Proposals")
    text = ruleset_139_wikitext()
    head = text.index("== Votable Matters ==")
    tail = text.index("== Proposals ==")
    reading = read_core_rules(text[:head] + "== Votable Matters ==\n" + body + "\n" + text[tail:])
    assert [u.rule for u in reading.unread] == [], reading.unread
    assert not reading.rules.voting.deferential
