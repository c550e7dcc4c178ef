"""Reading an Ascension Address: the renames and the kept rules; the archive's number."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamestate import Terms
from tests.builders import address
from wikibot.resolve import AddressChanges, archive_number, read_address


@pytest.mark.parametrize(
    ("html", "renames", "keep"),
    [
        pytest.param(
            "<p>Imagineer -&gt; Groundskeeper</p><p>Boss -&gt; Mayor</p><p>Keep: Budget, Zones</p>",
            {"Imagineer": "Groundskeeper", "Boss": "Mayor"},
            ("Budget", "Zones"),
            id='"the terms Imagineer and Boss will be replaced", "dynastic rules to keep"',
        ),
        pytest.param(
            "<p>Imagineer becomes Gnome. We keep the rules “Budget” and “Smiles”.</p>",
            {"Imagineer": "Gnome"},
            (),
            id="a keep sentence inside prose is not an instruction line",
        ),
        pytest.param(
            "<p>Boss is replaced with King</p>\n<p>Rules kept: Budget and Smiles.</p>",
            {"Boss": "King"},
            ("Budget", "Smiles"),
            id='"Rules kept:" with "and"',
        ),
        pytest.param(
            "<p>Player -&gt; Gnome</p>",
            {},
            (),
            id="only the current terms are renamed",
        ),
    ],
)
def test_read_address(html: str, renames: dict[str, str], keep: tuple[str, ...]) -> None:
    post = replace(address(), body_html=html)
    assert read_address(post, Terms()) == AddressChanges(renames, keep)


@pytest.mark.parametrize(
    ("titles", "number"),
    [
        pytest.param([], 1, id="no archive yet: Ruleset 1"),
        pytest.param(["Ruleset 138", "Ruleset 2", "Ruleset"], 139, id="after Ruleset 138"),
        pytest.param(["Ruleset 138a", "Rulesets 400"], 1, id="other titles do not count"),
    ],
)
def test_archive_number(titles: list[str], number: int) -> None:
    assert archive_number("Ruleset", titles) == number
