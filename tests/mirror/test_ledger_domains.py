"""Each reader of the ledger reads its own domain: the economy's replay and its
crash recovery never meet a resolution's rows, and ``resolve`` never meets the
economy's (schema 7's ``domain``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from wikibot.mirror import Mirror
from wikibot.mirror.ledger import RESOLVE, Ledger, LedgerEntry

AT = datetime(2016, 5, 23, 12, tzinfo=UTC)


def _entry(op_id: str, action: str, **values: Any) -> LedgerEntry:
    return LedgerEntry(op_id=op_id, at=AT, actor="Kevan", action=action, cause="test", **values)


def test_an_economy_replay_skips_resolutions_and_the_other_way_round(tmp_path: Path) -> None:
    with Mirror.open(str(tmp_path / "m.sqlite")) as mirror:
        economy = Ledger(mirror)
        resolutions = Ledger(mirror, domain=RESOLVE)
        economy.start(_entry("e1", "build", after={"state": {}, "books": {"built": 1}}))
        economy.finish("e1", {"Nomicland": 7})
        resolutions.start(_entry("resolve/p1", "resolve", after={"state": "awaiting_blog"}))
        resolutions.finish("resolve/p1", after={"state": "awaiting_blog"})
        resolutions.start(_entry("resolve/p1/votes", "votes", parent="resolve/p1"))
        economy.start(_entry("e2", "day new"))

        latest = economy.latest()
        assert latest is not None and latest.op_id == "e1"
        assert latest.after == {"state": {}, "books": {"built": 1}}
        assert [e.op_id for e in economy.actions()] == ["e1"]
        assert [e.op_id for e in economy.pending()] == ["e2"]
        assert [e.op_id for e in resolutions.actions()] == ["resolve/p1"]
        assert [e.op_id for e in resolutions.pending()] == ["resolve/p1/votes"]
        assert resolutions.pending(roots=True) == []


def test_start_once_returns_the_first_record_and_finish_twice_changes_nothing(
    tmp_path: Path,
) -> None:
    with Mirror.open(str(tmp_path / "m.sqlite")) as mirror:
        ledger = Ledger(mirror, domain=RESOLVE)
        first = ledger.start(_entry("resolve/p1", "resolve", arguments={"n": 1}), once=True)
        again = ledger.start(_entry("resolve/p1", "resolve", arguments={"n": 2}), once=True)
        assert again.arguments == first.arguments == {"n": 1}
        done = ledger.finish("resolve/p1", {"Votes": 3}, after={"state": "awaiting_blog"})
        assert done.is_applied and done.revisions == {"Votes": 3}
        assert ledger.finish("resolve/p1", {"Votes": 9}, after={}) == done
