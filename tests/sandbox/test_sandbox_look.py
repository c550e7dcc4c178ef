"""The sandbox wiki looks like the game's wiki: its own logo, and a front page of dynasties."""

from __future__ import annotations

import html
import re
import urllib.request

from gamestate.dynasties.nomicland import zone_words
from wikibot.sandbox.mediawiki import LOGO_SVG, RunningWiki, logo_setting


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as answer:  # noqa: S310 - loopback only
        return str(answer.read().decode("utf-8"))


def test_the_logo_is_the_sandboxs_own_not_the_placeholder(sandbox_wiki: RunningWiki) -> None:
    page = _get(f"{sandbox_wiki.url}index.php?title=Main_Page")
    styles = [
        html.unescape(href)
        for href in re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
        if "load.php" in href
    ]
    css = "".join(_get(f"{sandbox_wiki.url}{href.lstrip('/')}") for href in styles)
    assert "change-your-logo" not in css
    assert "data:image/svg+xml;base64," in css
    assert "<svg" in LOGO_SVG and "$wgLogos" in logo_setting()


def test_the_front_page_names_dynasties_for_zones(sandbox_wiki: RunningWiki) -> None:
    text = _get(f"{sandbox_wiki.url}index.php?title=Main_Page&action=raw")
    assert {"Mouse", "First", "Coaster", "Lagoon"} <= zone_words(text)
