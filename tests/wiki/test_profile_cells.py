"""A profile game's values in a wiki table's cell: words a player reads, never JSON, and
nothing a value holds can open a table, link, template or tag of its own (issue 27)."""

from __future__ import annotations

from typing import Any

import pytest

from wikibot.wiki.pages.profile_cells import NOWRAP, Lines, cell, marked_cell


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        pytest.param(None, "", id="null: nothing"),
        pytest.param({}, "", id="an empty table: nothing"),
        pytest.param([], "", id="an empty list: nothing"),
        pytest.param(True, "yes", id="a flag on: yes"),
        pytest.param(False, "no", id="a flag off: no"),
        pytest.param(0, "0", id="zero is a value"),
        pytest.param({"Mushroom": 1, "Coin": 2}, "Mushroom ×1<br/>Coin ×2", id="holdings"),
        pytest.param({"Scientist#1": "idle"}, "Scientist#1: idle", id="a state per name"),
        pytest.param(
            {"Fort#1": {"type": "Fort", "square": None, "hp": 3}},
            "Fort#1 (type Fort, hp 3)",
            id="a table of tables: the unknown left out",
        ),
        pytest.param([5, 8], "5, 8", id="a list"),
        pytest.param([[3, 5, 2], [2, 3]], "3, 5, 2; 2, 3", id="throws of dice"),
        pytest.param(Lines(("a", "b")), "a<br/>b", id="lines put for a player"),
    ],
)
def test_values_read_as_words(value: Any, shown: str) -> None:
    assert cell(value) == shown


@pytest.mark.parametrize(
    "junk",
    [
        pytest.param("Ann || 99999", id="a cell's separator"),
        pytest.param("[[Special:Delete]]", id="a link"),
        pytest.param("{{Delete}}", id="a template"),
        pytest.param("<script>x</script>", id="a tag"),
        pytest.param("two\nlines", id="a line break"),
    ],
)
@pytest.mark.parametrize("where", ["plain", "key", "nested", "lines"])
def test_a_players_junk_opens_nothing(junk: str, where: str) -> None:
    value: Any = {
        "plain": junk,
        "key": {junk: 1},
        "nested": {"u": {"type": junk}},
        "lines": Lines((junk,)),
    }[where]
    text = cell(value)
    for opener in ("||", "[[", "{{", "<s", "\n"):
        assert opener not in text


@pytest.mark.parametrize(
    ("value", "kept_whole"),
    [
        pytest.param("2004-03-11T14:00:00Z", True, id="an instant"),
        pytest.param("2000-03-01", True, id="a date"),
        pytest.param("rolls 2 + 3 = 5 at 2004-03-11T14:00:00Z", False, id="words may wrap"),
        pytest.param({"Coin": 2}, True, id="a table's entries, one a line"),
        pytest.param(Lines(("Fort#1 (Fort, 1500/1500 HP)",)), True, id="units' lines"),
        pytest.param(None, False, id="nothing needs no attribute"),
    ],
)
def test_instants_and_lines_are_not_broken(value: Any, kept_whole: bool) -> None:
    assert marked_cell(value).startswith(NOWRAP) is kept_whole
