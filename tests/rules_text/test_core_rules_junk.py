"""The core rules reader fed junk and edited Ruleset texts (hypothesis).

Whatever the text, reading it never raises, and a verdict is never judged by a rule it
could not read: every rule either reads (its values come from its sentences) or is
unread, and an engine fed the text gives a verdict or ``unknown`` for every matter.
"""

from __future__ import annotations

import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate import Game, RulesetRevision, Verdict
from rules_text.core import Feed, read_core_rules, ruleset_139_core
from rules_text.seed import ruleset_139_wikitext
from tests.builders import T0, at, cfj, dov, game, matter, proposal

SEED = ruleset_139_wikitext()
_SENTENCE = re.compile(r"(?<=[.:])\s+(?=[A-Z])")
PARAGRAPHS = SEED.split("\n")


def _edit(lines: list[str], ops: list[tuple[int, int, int]]) -> str:
    out = list(lines)
    for kind, i, j in ops:
        if not out:
            break
        i %= len(out)
        j %= len(out)
        if kind == 0:  # drop a line
            out.pop(i)
        elif kind == 1:  # duplicate a line
            out.insert(j, out[i])
        elif kind == 2:  # swap two lines
            out[i], out[j] = out[j], out[i]
        elif kind == 3:  # remove the numbers of a line
            out[i] = re.sub(r"\d+", "", out[i])
        else:  # shuffle the sentences of a line
            parts = _SENTENCE.split(out[i])
            out[i] = " ".join(parts[j % len(parts) :] + parts[: j % len(parts)])
    return "\n".join(out)


EDITS = st.lists(
    st.tuples(st.integers(0, 4), st.integers(0, 10_000), st.integers(0, 10_000)),
    min_size=1,
    max_size=6,
)


def _game(text: str) -> Game:
    g = game(
        proposal("p", votes=[("Kevan", "for"), ("Bob", "for")]),
        cfj("c", when=at(1), votes=[("Kevan", "for"), ("Bob", "against")]),
        dov("d", author="Carol", when=at(2), votes=[("Kevan", "for")]),
    )
    return replace(g, rulesets=(RulesetRevision(at=T0, text=text, revision=1, by="Eve"),))


@settings(max_examples=60)
@given(EDITS)
def test_edited_ruleset_gives_verdicts_or_unknown_never_a_traceback(
    ops: list[tuple[int, int, int]],
) -> None:
    text = _edit(PARAGRAPHS, ops)
    reading = read_core_rules(text)
    g = _game(text)
    for mid in ("p", "c", "d"):
        m = matter(g, mid, at(60))
        assert isinstance(m.decision.verdict, Verdict)
        feed = {"p": Feed.PROPOSALS, "c": Feed.CFJS, "d": Feed.DOVS}[mid]
        unread = reading.unread_for(feed)
        if unread is not None:
            # Never a verdict from a rule it could not read.
            assert m.decision.verdict is Verdict.UNKNOWN, (unread, m.decision)


@settings(max_examples=60)
@given(st.text(max_size=3000))
def test_junk_text_never_raises(text: str) -> None:
    reading = read_core_rules(text)
    assert reading.rules is not None
    # A text that is no Ruleset has no core rules to read: Quorum is unread.
    if "Quorum of a subset" not in text:
        assert reading.unread_for(Feed.CFJS) is not None


def test_the_seed_itself_is_not_touched_by_the_edits() -> None:
    assert read_core_rules(SEED) == ruleset_139_core()
