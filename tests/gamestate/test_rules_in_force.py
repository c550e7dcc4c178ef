"""Verdicts judged by the Ruleset in force at the instant judged (ARCHITECTURE.md 1c).

A game carries Ruleset revisions; each test edits one sentence of Ruleset 139 at an
instant T1 and judges the same matter just before and just after T1.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

import pytest

from gamestate import Game, RulesetRevision, Verdict
from rules_text.seed import ruleset_139_wikitext
from tests.builders import T0, at, cfj, game, hms, matter, proposal, status

T1 = at(20)
"""When the Ruleset changes: 20 hours after T0."""


def revision(text: str, when: datetime = T1, rev: int = 7, by: str = "Bob") -> RulesetRevision:
    return RulesetRevision(at=when, text=text, revision=rev, by=by, summary="amend")


def edited(old: str, new: str) -> str:
    text = ruleset_139_wikitext()
    assert old in text, old
    return text.replace(old, new)


def with_rules(g: Game, *revisions: RulesetRevision, **fields: Any) -> Game:
    return replace(g, rulesets=tuple(revisions), **fields)


TWENTY_FOUR = edited(
    "has been open for voting for at least 12 hours, and has not been Vetoed",
    "has been open for voting for at least twenty-four hours, and has not been Vetoed",
)


def test_a_change_at_t1_judges_by_the_old_text_before_and_the_new_after() -> None:
    """ "... has been open for voting for at least 12 hours ..." becomes twenty-four hours at
    T1 (20h): a Proposal with a Quorum FOR, 19h59m59s old just before T1, may be enacted
    by the old text, and must wait for 24h by the new."""
    g = with_rules(
        game(proposal("p", votes=[("Kevan", "for"), ("Bob", "for")]), players=5),
        revision(TWENTY_FOUR),
    )
    before = matter(g, "p", T1 - hms(seconds=1))
    after = matter(g, "p", T1)
    assert before.decision.verdict is Verdict.ENACT
    assert "(at least 12h)" in before.decision.why
    assert after.decision.verdict is Verdict.WAIT
    assert after.decision.why.endswith("(needs 24h)")
    assert after.decidable_at == at(24)
    assert matter(g, "p", at(24)).decision.verdict is Verdict.ENACT


def test_status_names_the_ruleset_in_force() -> None:
    g = with_rules(game(proposal("p")), revision(TWENTY_FOUR))
    assert status(g, T1 - hms(seconds=1)).rules.revision is None  # type: ignore[union-attr]
    rules = status(g, T1).rules
    assert rules is not None and rules.revision is not None and rules.revision.revision == 7
    assert rules.summary(3)["source"] == "archive"
    assert rules.summary(3)["at"] == "2016-05-02T20:00:00Z"


CFJ_TUESDAY = edited(
    "This Rule may not be overruled by Dynastic Rules.",
    "This Rule may not be overruled by Dynastic Rules. No CfJ may be resolved on a Tuesday.",
)


def test_an_unread_cfj_rule_makes_cfjs_unknown_and_leaves_proposals_as_they_were() -> None:
    """A sentence added to "Calls for Judgement": every CfJ verdict is unknown, naming the
    rule and the revision (who and when); every Proposal's verdict stands."""
    plain = game(
        proposal("p", votes=[("Kevan", "for"), ("Bob", "for")]),
        cfj("c", when=at(1), votes=[("Kevan", "for"), ("Bob", "for"), ("Carol", "for")]),
    )
    g = with_rules(plain, revision(CFJ_TUESDAY))
    now = at(30)
    c = matter(g, "c", now)
    assert c.decision.verdict is Verdict.UNKNOWN
    assert c.decision.why.startswith('rule "Calls for Judgement" is unread since revision 7')
    assert "revision 7 by Bob at 2016-05-02T20:00:00Z" in c.decision.why
    assert "No CfJ may be resolved on a Tuesday." in c.decision.why
    assert c.decidable_at is None
    assert matter(g, "p", now).decision == matter(plain, "p", now).decision
    # Before the change, the CfJ was judged.
    assert matter(g, "c", T1 - hms(seconds=1)).decision.verdict is Verdict.ENACT


def test_the_revision_that_changed_an_unread_rule_is_the_first_of_its_run() -> None:
    """Two later revisions that leave the unread sentence as it was still name the first."""
    g = with_rules(
        game(cfj("c")),
        revision(CFJ_TUESDAY, when=at(10), rev=5, by="Alice"),
        revision(CFJ_TUESDAY + "\n", when=at(11), rev=6, by="Carol"),
    )
    why = matter(g, "c", at(12)).decision.why
    assert "since revision 5 by Alice" in why


def test_an_acknowledged_unread_rule_is_judged_by_what_was_read() -> None:
    g = with_rules(
        game(cfj("c", votes=[("Kevan", "for"), ("Bob", "for"), ("Carol", "for")])),
        revision(CFJ_TUESDAY),
        acknowledged=frozenset({("Calls for Judgement", 7, T1)}),
    )
    m = matter(g, "c", at(30))
    assert m.decision.verdict is Verdict.ENACT
    rules = status(g, at(30)).rules
    assert rules is not None and rules.pending == () and len(rules.acknowledged) == 1
    assert any(line.startswith("acknowledged:") for line in rules.lines())


def test_an_acknowledgement_of_another_revision_does_not_count() -> None:
    g = with_rules(
        game(cfj("c")),
        revision(CFJ_TUESDAY),
        acknowledged=frozenset({("Calls for Judgement", 6, T1)}),
    )
    assert matter(g, "c", at(30)).decision.verdict is Verdict.UNKNOWN


def test_repealed_veto_means_the_boss_veto_is_no_veto() -> None:
    """ "The Boss may use VETO as a voting icon ..." repealed at T1: a VETO cast after it does
    not make the Proposal Vetoed."""
    text = edited(
        "The Boss may use VETO as a voting icon to cast a Vote on a proposal; when the Boss "
        "casts a vote of VETO on a Proposal, this renders the Proposal Vetoed, even if the "
        "Boss later changes their Vote.",
        "",
    )
    p = proposal("p", votes=[("Kevan", "veto")])
    assert matter(game(p), "p", at(1)).tally.vetoed
    g = with_rules(game(p), revision(text, when=T0))
    assert not matter(g, "p", at(1)).tally.vetoed


def test_repealed_seasonal_downtime_no_longer_blocks() -> None:
    christmas = datetime(2016, 12, 24, 0, 0, 0, tzinfo=T0.tzinfo)
    p = proposal("p", when=christmas - hms(13), votes=[("Kevan", "for"), ("Bob", "for")])
    assert matter(game(p), "p", christmas + hms(1)).decision.verdict is Verdict.BLOCKED
    import re

    text = re.sub(r"== Seasonal Downtime ==\n.*?(?=\n=)", "", ruleset_139_wikitext(), flags=re.S)
    g = with_rules(game(p), revision(text, when=T0))
    assert matter(g, "p", christmas + hms(1)).decision.verdict is Verdict.ENACT


def test_the_quorum_of_the_text_counts() -> None:
    """ "Quorum ... is two thirds the number of Imagineers in that subset, rounded up." With 6
    players Quorum is 4, not 139's 4; with 5 it is 4, not 3."""
    text = edited(
        "half the number of Imagineers in that subset, rounded down, plus one",
        "two thirds the number of Imagineers in that subset, rounded up",
    )
    p = proposal("p", votes=[("Kevan", "for"), ("Bob", "for")])
    assert matter(game(p, players=5), "p", at(13)).decision.verdict is Verdict.ENACT
    g = with_rules(game(p, players=5), revision(text, when=T0))
    m = matter(g, "p", at(13))
    assert m.quorum == 4 and m.decision.verdict is Verdict.WAIT


def test_the_renamed_keyword_is_the_texts() -> None:
    text = ruleset_139_wikitext().replace("Imagineer", "Student")
    g = with_rules(game(proposal("p")), revision(text, when=T0))
    s = status(g, at(1))
    assert s.terms.player == "Student"
    assert s.rules is not None and s.rules.summary(s.quorum)["keyword"] == "Student"


def test_proposal_limits_are_judged_by_the_ruleset_when_posted() -> None:
    """ "(unless the Imagineer already has 2 Proposals pending ...)" becomes 1 at T1: a second
    pending Proposal posted before T1 is legal, one posted after it is Illegal."""
    text = edited("already has 2 Proposals pending", "already has 1 Proposals pending")
    posts = [
        proposal("a", when=at(1)),
        proposal("b", when=at(2)),
        proposal("c", author="Bob", when=at(21)),
        proposal("d", author="Bob", when=at(22)),
    ]
    g = with_rules(game(*posts), revision(text))
    s = status(g, at(23))
    illegal = {m.post.id: m.illegal_reason for m in s.matters if m.illegal}
    assert list(illegal) == ["d"]
    assert "already had 1 Proposals pending (c)" in (illegal["d"] or "")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "at least 12 hours, and has not been Vetoed",
            "at least 10 hours, and has not been Vetoed",
        ),
        ("more than 7 days", "more than 3 days"),
    ],
    ids=["enact at least 10 hours", "pending for more than 3 days"],
)
def test_ruleset_entries_after_now_are_ignored(old: str, new: str) -> None:
    g = with_rules(game(proposal("p")), revision(edited(old, new), when=at(100)))
    assert status(g, at(50)).rules.revision is None  # type: ignore[union-attr]


def test_history_judges_each_matter_by_the_ruleset_of_its_own_day() -> None:
    """A Proposal enacted at 13h before T1 (the 12-hour clause in force) is judged enactable
    then, though the rule became twenty-four hours at T1: an old matter is not judged by a
    rule enacted after it was resolved. One enacted at 13h after T1 was not enactable."""
    from gamestate import PostStatus
    from gamestate.profiles.blognomic_139.audit import audit_resolutions

    votes = [("Kevan", "for"), ("Bob", "for")]
    early = proposal("early", votes=votes, status=PostStatus.ENACTED, resolved_at=at(13))
    late = proposal("late", when=at(21), votes=votes, status=PostStatus.ENACTED, resolved_at=at(34))
    g = with_rules(game(early, late), revision(TWENTY_FOUR))
    audits = {a.post.id: a for a in audit_resolutions(g)}
    assert audits["early"].bot is not None
    assert audits["early"].bot.decision.verdict is Verdict.ENACT
    assert "(at least 12h)" in audits["early"].bot.decision.why
    assert audits["late"].bot is not None
    assert audits["late"].bot.decision.verdict is Verdict.WAIT
    assert "(needs 24h)" in audits["late"].bot.decision.why
