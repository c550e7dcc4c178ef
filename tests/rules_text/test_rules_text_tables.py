"""Any dynasty's gamestate tables read by their header row, and the dynasty of a Ruleset."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_text import ruleset_139_wikitext
from rules_text.dynasty import read_dynasty
from rules_text.tables import number, read_tables
from rules_text.value_effects import value_effects
from tests.any_dynasty import (
    DEFUSERS,
    SEEKERS,
    SETTLERS,
    defusers_table,
    seekers_table,
    settlers_table,
)


def test_ruleset_139_is_nomicland_and_an_ascension_that_repeals_it_is_not() -> None:
    seed = read_dynasty(ruleset_139_wikitext())
    assert seed.is_nomicland and seed.keyword == "Imagineer"
    assert seed.line().startswith("Dynasty: Nomicland; keyword Imagineer; dynastic rules: Budget")
    seekers = read_dynasty(SEEKERS)
    assert not seekers.is_nomicland
    assert seekers.line() == (
        "Dynasty: the Seekers' dynasty; keyword Seeker; dynastic rules: Development Interval, Score"
    )
    assert seekers.gamestate_tracking.words == (
        "Any Seeker may update any Seeker's data via the GNDT, whenever the Ruleset permits it."
    )
    assert seekers.idle.rule == "Idle Seekers" and "not counted as Seekers" in seekers.idle.words
    assert '"Development Interval", "Score"' in seekers.refusal("build")
    assert [read_dynasty(t).keyword for t in (SETTLERS, DEFUSERS)] == ["Settler", "Defuser"]


def test_junk_ruleset_has_no_dynastic_rules_and_never_raises() -> None:
    junk = read_dynasty("{{{{ == = [[ nothing")
    assert junk.rules == () and not junk.is_nomicland


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("12", 12),
        ("-3", -3),
        ("−3", -3),
        ("1,000", 1000),
        ("2.5", 2.5),
        ("+4", 4),
        ("ten", None),
        ("1,00", None),
        ("", None),
    ],
)
def test_a_cell_is_a_number_where_it_is_one(text: str, value: object) -> None:
    assert number(text) == value


def test_plain_table_with_links_and_templates_rendered() -> None:
    text = seekers_table([("Ann", 3, 10, "Active"), ("Ben", 2, 7, "Away")])
    tables = read_tables(text, templates={"Active": "active", "Away": "{{{1|away}}}"})
    (table,) = tables.tables
    assert table.columns == ("Seeker", "Development Interval", "Score", "Status")
    assert table.rows["Ann"]["Status"] == "active" and table.rows["Ben"]["Status"] == "away"
    assert table.value("Ann", "Score") == 10 and table.value("Ann", "Status") == "active"
    assert tables.warnings == ()


def test_a_template_not_known_is_kept_as_its_source_and_named() -> None:
    tables = read_tables(seekers_table([("Ann", 3, 10, "Mystery")]))
    assert tables.tables[0].rows["Ann"]["Status"] == "{{Mystery}}"
    assert [str(w) for w in tables.warnings] == [
        "table 'table 1': template {{Mystery}} not known: its cells read as its source"
    ]


def test_row_and_column_spans_fill_every_cell_they_cover() -> None:
    text = settlers_table(
        [("Ann", "1", "2", "North"), ("Ben", "3", "4", "North"), ("Cy", "5", "6", "South")]
    )
    (table,) = read_tables(text).tables
    assert table.name == "Settlers"
    assert table.columns == ("Settler", "Stockpile / Wood", "Stockpile / Stone", "Faction")
    assert table.rows["Ben"] == {
        "Settler": "Ben",
        "Stockpile / Wood": "3",
        "Stockpile / Stone": "4",
        "Faction": "North",
    }
    assert table.rows["Cy"]["Faction"] == "South"


def test_a_configured_key_column_and_a_junk_table_named() -> None:
    tables = read_tables(defusers_table([("Ann", "Wires", "none")]), key="Defuser")
    assert list(tables.tables[0].rows) == ["Ann"] and tables.tables[0].key == "Defuser"
    assert [str(w) for w in tables.warnings] == [
        "table 'table 2': no header row (a first row of ! cells): not read"
    ]
    missing = read_tables(defusers_table([("Ann", "Wires", "none")]), key="Nobody")
    assert "no column 'Nobody' to key its rows by" in str(missing.warnings[0])


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{|\n! A\n", "1 table(s) opened with {| and never closed with |}: not read"),
        ("{|\n! A !! B\n|}", "a header and no rows"),
        ("{|\n! A !! B\n|-\n| x || 1\n|-\n| x || 2\n|}", "row 'x' twice: the later not read"),
        ("{|\n! A !! B\n|-\n| || 1\n|}", "row 2 has no A: not read"),
        ("{|\n! A\n|-\n| x || 1 || 2\n|}", "row 'x' has 3 cells for 1 columns"),
    ],
    ids=["never closed", "no rows", "a key twice", "no key", "too many cells"],
)
def test_junk_tables_give_named_warnings(text: str, said: str) -> None:
    assert any(said in str(w) for w in read_tables(text).warnings)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="{}|!-+= \nab1'[]<>:", max_size=200))
def test_junk_wikitext_never_raises(text: str) -> None:
    found = read_tables(text, key="a")
    assert all(isinstance(str(w), str) for w in found.warnings)


def test_enacted_values_in_any_dynasty_s_columns() -> None:
    html = (
        "<p>Set Ann's Score to 5.</p><p>Add 2 to Ben's Score.</p>"
        "<p>Subtract 1 from Cy's Development Interval.</p>"
    )
    found = value_effects(html, player="Seeker", columns=["Score", "Development Interval"])
    assert found is not None
    assert found.sets == {("Ann", "Score"): "5"}
    assert found.by == {("Ben", "Score"): 2, ("Cy", "Development Interval"): -1}
    assert value_effects("<p>Create a rule.</p>", player="Seeker", columns=["Score"]) is None


@pytest.mark.parametrize(
    "text",
    [
        seekers_table([("Ann", 3, 10, "Active"), ("Ben", 2, 7, "Away")]),
        settlers_table([("Ann", "1", "2", "N"), ("Ben", "3", "4", "N"), ("Cy", "5", "6", "S")]),
        defusers_table([("Ann", "Wires", "none")]),
        "== A ==\n{|\n|+ The [[X|caption]]\n! K !! V\n|-\n| a || {{T|1}}\n|}\n{|\n! K\n",
    ],
    ids=["seekers", "settlers", "defusers", "caption"],
)
def test_the_line_scan_reads_as_the_parser_does(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    templates = {"Active": "active", "T": "t{{{1}}}"}
    fast = read_tables(text, templates=templates)
    monkeypatch.setattr("rules_text.tables._scan", lambda wikitext: None)
    assert read_tables(text, templates=templates) == fast
