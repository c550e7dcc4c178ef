"""A year of BlogNomic's real history through the loop: served in both markups,
synced into a mirror, exported, and every field equal, titles byte for byte.

The archive is built from ``shared/data/blognomic_proposal_history.csv`` by
``bench/synthetic.py`` (comments synthesised to the real counts); the whole
twenty years run in ``bench/bench_sync.py``.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from types import ModuleType

import pytest

from tests.plugins.blog import RecordingScraper
from wikibot.mirror.api import Mirror
from wikibot.mirror.sync import sync
from wikibot.sandbox.blog import SandboxBlog

Start = Callable[..., SandboxBlog]
Make = Callable[..., RecordingScraper]
ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / ".." / "shared" / "data"
YEAR = "2008"
"""886 real Proposals; 13 of their titles hold double or non-breaking spaces."""


def _synthetic() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "bench_synthetic", ROOT / "bench" / "synthetic.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("markup", ["classic", "wp2020"])
def test_a_real_year_round_trips_exactly(
    sandbox_blog: Start, scraper: Make, tmp_path: Path, markup: str
) -> None:
    synthetic = _synthetic()
    rows = [r for r in synthetic.load_history(DATA) if r["postedDate"].split()[2] == YEAR]
    game = synthetic.synthetic_game(DATA, scale=YEAR)
    assert len(game.posts) == len(rows) == 886
    assert sum(1 for r in rows if "  " in r["title"] or "\u00a0" in r["title"]) == 13
    blog = sandbox_blog(game, markup)
    mirror = Mirror.open(str(tmp_path / "mirror.sqlite"))
    try:
        report = sync(mirror, scraper(blog), since=date(int(YEAR), 1, 1))
        assert report.outcome == "ok", report.warnings
        exported = {p.id: p for p in mirror.to_game().posts}
    finally:
        mirror.close()
    assert len(exported) == len(game.posts)
    for row, served in zip(rows, game.posts, strict=True):
        got = exported[served.id]
        assert got.title.encode() == row["title"].encode()  # byte for byte
        assert got.author == row["proposer"]
        assert (got.posted_at, got.resolved_at) == (served.posted_at, served.resolved_at)
        assert (got.status, got.admin_note) == (served.status, served.admin_note)
        assert got.body_html == served.body_html and got.category == served.category
        assert len(got.comments) == int(row["comments"] or 0)
        assert got.comments == served.comments
