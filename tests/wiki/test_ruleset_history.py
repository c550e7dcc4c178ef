"""The Ruleset page's history read into the mirror on the real sandbox MediaWiki
(wikibot.wiki.ruleset_history, wikibot.mirror.rulesets): every revision once, in batches,
and one request when nothing is new. Requests are counted twice: by the reader, and at
the client's one API seam, so a request the reader did not count would show."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.plugins.wiki import HumanEditor
from tests.wiki.test_audit_revisions import hide_revision
from wikibot.errors import WikiError
from wikibot.mirror.api import Mirror
from wikibot.mirror.rulesets import HIDDEN, last_ruleset_revision, latest_ruleset
from wikibot.sandbox.mediawiki import RunningWiki, create_account
from wikibot.wiki.client import WikiClient
from wikibot.wiki.dump import DumpRevision, import_history
from wikibot.wiki.revisions import RevisionReader
from wikibot.wiki.ruleset_history import sync_ruleset

START = datetime(2016, 5, 1, 9, 0, tzinfo=UTC)
SEEN = datetime(2016, 6, 1, tzinfo=UTC)
EDITORS = ("Kevan", "Josh")


@pytest.fixture(scope="module")
def editors(sandbox_wiki: RunningWiki) -> tuple[str, ...]:
    """Local accounts, so imported revisions are theirs."""
    for name in EDITORS:
        create_account(sandbox_wiki.data_dir, name, secrets.token_urlsafe(18))
    return EDITORS


@pytest.fixture
def mirror(tmp_path: Path) -> Any:
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as opened:
        yield opened


def counting(client: WikiClient) -> list[dict[str, Any]]:
    """Every API call the client makes from now on, with its parameters."""
    calls: list[dict[str, Any]] = []
    api = client.site.api

    def counted(action: str, http_method: str = "POST", **params: Any) -> Any:
        calls.append({"action": action, **params})
        return api(action, http_method, **params)

    client.site.api = counted
    return calls


def rulesets(texts: list[str], title: str, at: datetime = START) -> list[DumpRevision]:
    """A Ruleset revision per text, a day apart from ``at``, by turns of editor."""
    return [
        DumpRevision(title, text, EDITORS[i % 2], at + timedelta(days=i), f"amend {i}")
        for i, text in enumerate(texts)
    ]


def test_an_edit_between_two_syncs_is_stored_alone_and_then_nothing_costs_one_request(
    mirror: Mirror,
    bot: WikiClient,
    human: HumanEditor,
    sandbox_wiki: RunningWiki,
    page_title: str,
) -> None:
    title = f"{page_title}/Ruleset"
    human.edit(title, "== Rule One ==\nAll Imagineers shall obey it.\n", "the first Ruleset")
    calls = counting(bot)
    first = sync_ruleset(mirror, bot, title, clock=lambda: SEEN)
    # A first read needs no look: the history itself, newest first, one batch.
    assert (first.new, first.requests, len(calls)) == (1, 1, 1)
    assert first.summary() == "Ruleset: 1 new revision(s) (1 request)"

    revid = human.edit(title, "== Rule One ==\nAll Players shall obey it.\n", "rename")
    calls.clear()
    second = sync_ruleset(mirror, bot, title, clock=lambda: SEEN)
    # The look, then the history down to the last revision stored.
    assert (second.new, second.requests, len(calls)) == (1, 2, 2)
    assert second.latest == revid
    assert "content" not in calls[0]["rvprop"]  # the look leaves the text out

    calls.clear()
    third = sync_ruleset(mirror, bot, title, clock=lambda: SEEN)
    assert (third.new, third.requests, len(calls)) == (0, 1, 1)
    assert third.summary() == "Ruleset: no change (1 request)"

    game = mirror.to_game()
    assert [r.text for r in game.rulesets] == [
        "== Rule One ==\nAll Imagineers shall obey it.",
        "== Rule One ==\nAll Players shall obey it.",
    ]
    assert [r.summary for r in game.rulesets] == ["the first Ruleset", "rename"]
    assert {r.by for r in game.rulesets} == {sandbox_wiki.credentials.admin_user}
    assert game.rulesets[1].revision == revid
    assert game.rulesets[0].at <= game.rulesets[1].at
    assert mirror.row_counts()["ruleset_revisions"] == 2
    latest = latest_ruleset(mirror, title)
    assert latest is not None and latest.revision == revid


def test_a_long_history_is_read_in_batches_and_then_only_what_follows(
    mirror: Mirror,
    bot: WikiClient,
    sandbox_wiki: RunningWiki,
    editors: tuple[str, ...],
    page_title: str,
) -> None:
    title = f"{page_title}/Ruleset"
    import_history(sandbox_wiki.data_dir, rulesets([f"Ruleset {i}" for i in range(120)], title))
    reader = RevisionReader(bot, batch=50)
    first = sync_ruleset(mirror, reader, title, clock=lambda: SEEN)
    assert (first.new, first.requests) == (120, 3)  # 50 + 50 + 20
    later = START + timedelta(days=200)
    import_history(
        sandbox_wiki.data_dir, rulesets([f"Amended {i}" for i in range(60)], title, later)
    )
    second = sync_ruleset(mirror, reader, title, clock=lambda: SEEN)
    # The look, then 61 revisions (the last one stored included) in two batches.
    assert (second.new, second.requests) == (60, 3)
    found = mirror.to_game().rulesets
    assert [r.text for r in found] == [f"Ruleset {i}" for i in range(120)] + [
        f"Amended {i}" for i in range(60)
    ]
    assert [r.by for r in found[:3]] == ["Kevan", "Josh", "Kevan"]
    assert [r.summary for r in found[:2]] == ["amend 0", "amend 1"]
    assert [r.at for r in found] == sorted(r.at for r in found)
    assert found[0].at == START and found[120].at == later
    ids = [r.revision for r in found]
    assert len(set(ids)) == 180
    stored = last_ruleset_revision(mirror, title)
    assert stored is not None and stored.revid == max(i for i in ids if i is not None)
    assert sync_ruleset(mirror, reader, title).requests == 1


def test_a_missing_page_costs_one_request_and_stores_nothing(
    mirror: Mirror, bot: WikiClient, page_title: str
) -> None:
    result = sync_ruleset(mirror, bot, f"{page_title}/Nothing")
    assert (result.new, result.requests, result.latest) == (0, 1, None)
    assert result.summary() == f'Ruleset: no page "{page_title}/Nothing" on the wiki (1 request)'
    assert mirror.to_game().rulesets == ()


def test_a_bad_title_is_one_line_naming_the_setting(mirror: Mirror, bot: WikiClient) -> None:
    with pytest.raises(WikiError, match=r"\[wiki\] ruleset_page 'Rules\|et'"):
        sync_ruleset(mirror, bot, "Rules|et")


def test_a_hidden_revision_is_kept_with_its_reason_never_with_another_text(
    mirror: Mirror,
    bot: WikiClient,
    human: HumanEditor,
    sandbox_wiki: RunningWiki,
    page_title: str,
) -> None:
    title = f"{page_title}/Ruleset"
    human.edit(title, "Ruleset one\n")
    hidden = human.edit(title, "Ruleset two\n")
    human.edit(title, "Ruleset three\n")
    hide_revision(sandbox_wiki, title, hidden)
    sync_ruleset(mirror, bot, title)
    found = mirror.to_game().rulesets
    assert [r.text for r in found] == ["Ruleset one", "", "Ruleset three"]
    assert found[1].revision == hidden
    assert found[1].extra == {HIDDEN: "its content is hidden (revision deletion)"}
    assert found[0].extra == {} and found[2].extra == {}


def test_a_renamed_setting_takes_the_rows_over_and_reads_on_incrementally(
    mirror: Mirror, bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    """The same page under another spelling of its title (underscores): its revisions are
    stored once, and the next read under that spelling costs one request."""
    title = f"{page_title}/Ruleset"
    human.edit(title, "Ruleset one\n")
    assert sync_ruleset(mirror, bot, title).new == 1
    other = title.replace(" ", "_")
    assert other != title
    again = sync_ruleset(mirror, bot, other)
    assert again.new == 0 and mirror.row_counts()["ruleset_revisions"] == 1
    assert last_ruleset_revision(mirror, other) is not None
    assert sync_ruleset(mirror, bot, other).requests == 1
