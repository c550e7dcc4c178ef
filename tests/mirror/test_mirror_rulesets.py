"""The wiki Ruleset's revisions in the mirror (wikibot.mirror.rulesets), alike on a SQLite
file and on a real PostgreSQL server: stored once each, read back oldest first into
``Game.rulesets``, a hidden text kept as unknown, never as another revision's."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from wikibot.mirror.api import Mirror
from wikibot.mirror.rulesets import (
    HIDDEN,
    StoredRevision,
    last_ruleset_revision,
    latest_ruleset,
    store_ruleset_revisions,
)
from wikibot.wiki.revisions import WikiRevision

pytestmark = pytest.mark.integration

T0 = datetime(2016, 5, 1, 9, 0, tzinfo=UTC)
SEEN = datetime(2016, 6, 1, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def mirror(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Mirror]:
    if request.param == "sqlite":
        database = str(tmp_path / "mirror.sqlite")
    else:
        database = request.getfixturevalue("postgres_url")
    with Mirror.open(database) as opened:
        yield opened


def revision(
    revid: int,
    hours: float,
    text: str | None = "Ruleset",
    *,
    editor: str = "Kevan",
    summary: str = "",
    hidden: str | None = None,
    title: str = "Ruleset",
) -> WikiRevision:
    return WikiRevision(
        title=title,
        revid=revid,
        parent=None,
        editor=editor,
        at=T0 + timedelta(hours=hours),
        summary=summary,
        text=text,
        bot=False,
        hidden=hidden,
    )


def test_revisions_come_back_oldest_first_with_every_field(mirror: Mirror) -> None:
    long_text = "== Core Rules ==\n" + "Ümlauts, “quotes” and a dash — " * 3300  # ~100 KB
    stored = [
        revision(12, 2, "second", editor="Josh", summary="amend the Quorum"),
        revision(10, 0, long_text, summary="Ruleset 139"),
        revision(11, 2, "same second, lower id", editor=""),
    ]
    assert store_ruleset_revisions(mirror, "Ruleset", stored, seen_at=SEEN) == 3
    found = mirror.to_game().rulesets
    assert [r.revision for r in found] == [10, 11, 12]  # by time, then id
    assert found[0].text == long_text and found[0].at == T0 and found[0].by == "Kevan"
    assert found[0].summary == "Ruleset 139"
    assert (found[1].by, found[1].summary) == (None, None)  # hidden name, no summary
    assert (found[2].text, found[2].by, found[2].summary) == ("second", "Josh", "amend the Quorum")
    assert all(r.extra == {} for r in found)


def test_storing_a_revision_twice_adds_nothing(mirror: Mirror) -> None:
    first = [revision(10, 0), revision(11, 1)]
    assert store_ruleset_revisions(mirror, "Ruleset", first, seen_at=SEEN) == 2
    again = [revision(11, 1), revision(12, 2, "new")]
    assert store_ruleset_revisions(mirror, "Ruleset", again, seen_at=SEEN) == 1
    assert store_ruleset_revisions(mirror, "Ruleset", [], seen_at=SEEN) == 0
    assert mirror.row_counts()["ruleset_revisions"] == 3
    assert last_ruleset_revision(mirror, "Ruleset") == StoredRevision(12, T0 + timedelta(hours=2))


def test_the_last_revision_is_per_configured_title_and_a_renamed_setting_takes_the_rows(
    mirror: Mirror,
) -> None:
    store_ruleset_revisions(mirror, "Ruleset", [revision(10, 0), revision(11, 1)], seen_at=SEEN)
    assert last_ruleset_revision(mirror, "Core Rules") is None
    assert latest_ruleset(mirror, "Core Rules") is None
    # The page moved (or the setting spelled anew): read again under the new title.
    moved = [revision(10, 0), revision(11, 1), revision(13, 3, "moved")]
    assert store_ruleset_revisions(mirror, "Core Rules", moved, seen_at=SEEN) == 1
    assert last_ruleset_revision(mirror, "Ruleset") is None
    assert last_ruleset_revision(mirror, "Core Rules") == StoredRevision(
        13, T0 + timedelta(hours=3)
    )
    latest = latest_ruleset(mirror, "Core Rules")
    assert latest is not None and (latest.revision, latest.text) == (13, "moved")
    assert [r.revision for r in mirror.to_game().rulesets] == [10, 11, 13]


def test_a_hidden_text_is_empty_with_its_reason(mirror: Mirror) -> None:
    why = "its content is hidden (revision deletion)"
    stored = [revision(10, 0, "one"), revision(11, 1, None, hidden=why), revision(12, 2, "three")]
    store_ruleset_revisions(mirror, "Ruleset", stored, seen_at=SEEN)
    found = mirror.to_game().rulesets
    assert [r.text for r in found] == ["one", "", "three"]
    assert found[1].extra == {HIDDEN: why}


def test_many_revisions_are_stored_in_one_call(mirror: Mirror) -> None:
    many = [revision(1000 + i, i, f"Ruleset {i}") for i in range(250)]
    assert store_ruleset_revisions(mirror, "Ruleset", many, seen_at=SEEN) == 250
    found = mirror.to_game().rulesets
    assert [r.text for r in found] == [f"Ruleset {i}" for i in range(250)]
