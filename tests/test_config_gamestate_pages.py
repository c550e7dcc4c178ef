"""``[wiki] gamestate_pages`` and ``gamestate_key``: the pages of any dynasty's gamestate,
checked like the other page titles."""

from __future__ import annotations

from pathlib import Path

import pytest

from wikibot.config import Config, load_config
from wikibot.errors import ConfigError


def _load(tmp_path: Path, text: str) -> Config:
    path = tmp_path / "nomicbot.toml"
    path.write_text(text, encoding="utf-8")
    return load_config(path)


def test_pages_and_key_read(tmp_path: Path) -> None:
    config = _load(
        tmp_path,
        '[wiki]\ngamestate_pages = ["Seekers", "Seekers/Items"]\ngamestate_key = "Seeker"\n',
    )
    assert config.wiki.gamestate_pages == ("Seekers", "Seekers/Items")
    assert config.wiki.gamestate_key == "Seeker"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            'gamestate_pages = "Seekers"',
            "[wiki] gamestate_pages must be a list of strings, got 'Seekers'",
        ),
        (
            'gamestate_pages = ["Seek|ers"]',
            "[wiki] gamestate_pages 'Seek|ers': must be a wiki page title",
        ),
        (
            'gamestate_pages = [""]',
            "[wiki] gamestate_pages '': must be a wiki page title, not empty",
        ),
        (
            "gamestate_pages = [3]",
            "[wiki] gamestate_pages must be a list of wiki page titles, got 3",
        ),
        ('gamestate_pages = ["A", "A"]', "[wiki] gamestate_pages names 'A' twice"),
        ('gamestate_key = "a\\nb"', "[wiki] gamestate_key must be a column name with no control"),
    ],
)
def test_bad_values_refused_in_one_line(tmp_path: Path, text: str, said: str) -> None:
    with pytest.raises(ConfigError) as caught:
        _load(tmp_path, f"[wiki]\n{text}\n")
    assert said in str(caught.value) and "\n" not in str(caught.value)
