"""Reading the gamestate pages' history on the real sandbox MediaWiki (wikibot.wiki.revisions).

Revisions are imported with their authors and past timestamps (``importDump.php``),
then read back after a cursor or a ``--since`` point, counting the API requests.
"""

from __future__ import annotations

import math
import secrets
from datetime import UTC, datetime, timedelta

import mwclient
import pytest

from tests.plugins.wiki import HumanEditor
from wikibot.errors import WikiError
from wikibot.sandbox.mediawiki import RunningWiki, create_account
from wikibot.wiki.client import EditCause, WikiClient
from wikibot.wiki.dump import DumpRevision, export_xml, import_history
from wikibot.wiki.revisions import Cursor, RevisionReader, Since, read_revisions, same_user

PLAYERS = ("Josh", "Clucky", "Ais")
START = datetime(2016, 5, 16, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def players(sandbox_wiki: RunningWiki) -> tuple[str, ...]:
    """Local accounts for the players, so imported edits are theirs."""
    for name in PLAYERS:
        create_account(sandbox_wiki.data_dir, name, secrets.token_urlsafe(18))
    return PLAYERS


@pytest.fixture
def titles(page_title: str) -> tuple[str, str]:
    return f"{page_title}/Nomicland", f"{page_title}/Gamestate"


def hide_revision(wiki: RunningWiki, title: str, revid: int) -> None:
    """Hides a revision's content as an oversighter would (revision deletion)."""
    password = secrets.token_urlsafe(18)
    create_account(wiki.data_dir, "Oversighter", password, groups=["suppress"])
    site = mwclient.Site(f"127.0.0.1:{wiki.port}", path="/", scheme="http")
    site.clientlogin(username="Oversighter", password=password)
    site.post(
        "revisiondelete",
        type="revision",
        target=title,
        ids=str(revid),
        hide="content",
        reason="test",
        token=site.get_token("csrf"),
    )


def history(titles: tuple[str, str], count: int) -> list[DumpRevision]:
    """``count`` revisions, alternating pages, an hour apart, each text naming its number."""
    return [
        DumpRevision(
            titles[i % 2],
            f"revision {i} of {titles[i % 2]}\n",
            PLAYERS[i % 3] if i % 7 else "192.0.2.7",
            START + timedelta(hours=i),
            f"edit number {i}",
            minor=i % 5 == 0,
        )
        for i in range(count)
    ]


def test_export_escapes_and_keeps_order() -> None:
    xml = export_xml(
        [
            DumpRevision("A & B", "<b>x</b>", "Josh", START, "1 < 2"),
            DumpRevision("A & B", "", "192.0.2.1", START),
        ]
    )
    assert "<title>A &amp; B</title>" in xml
    assert "&lt;b&gt;x&lt;/b&gt;" in xml
    assert "<ip>192.0.2.1</ip>" in xml and "<username>Josh</username>" in xml
    assert xml.count("<page>") == 1 and xml.count("<revision>") == 2


def test_since_parse() -> None:
    assert Since.parse("123") == Since(revid=123)
    assert Since.parse("2016-05-16T09:00:00Z") == Since(at=START)
    assert Since.parse("2016-05-16T09:00:00") == Since(at=START)
    with pytest.raises(WikiError, match="neither a revision id"):
        Since.parse("yesterday")


def test_same_user() -> None:
    assert same_user("NomicBot", "nomicBot")
    assert same_user("Nomic_Bot", "Nomic Bot")
    assert not same_user("", "")
    assert not same_user("NomicBot", "Nomicbot")


def test_every_revision_in_order_with_editor_time_summary_parent(
    sandbox_wiki: RunningWiki, bot: WikiClient, players: tuple[str, ...], titles: tuple[str, str]
) -> None:
    revisions = history(titles, 130)
    import_history(sandbox_wiki.data_dir, revisions)
    reader = RevisionReader(bot, batch=50)
    found = read_revisions(reader, titles, after=Cursor())
    assert [r.text for r in found.revisions] == [r.text for r in revisions]
    assert [r.at for r in found.revisions] == [r.at for r in revisions]
    assert [r.summary for r in found.revisions] == [r.summary for r in revisions]
    assert [r.editor for r in found.revisions] == [r.editor for r in revisions]
    assert [r.minor for r in found.revisions] == [r.minor for r in revisions]
    assert not any(r.bot for r in found.revisions)
    by_page: dict[str, list[int]] = {}
    for r in found.revisions:
        chain = by_page.setdefault(r.title, [])
        assert r.parent == (chain[-1] if chain else None)
        chain.append(r.revid)
    # 65 revisions a page in batches of 50: the look and two batches each.
    assert found.requests == 1 + 2 + 2 <= math.ceil(130 / 50) + 3
    assert all(b.revid is None and b.text == "" for b in found.bases.values())

    # From a cursor in the middle of each page's history.
    cursor = Cursor({t: by_page[t][59] for t in titles})
    rest = read_revisions(RevisionReader(bot, batch=50), titles, after=cursor)
    assert [r.text for r in rest.revisions] == [r.text for r in revisions[120:]]
    assert {t: b.revid for t, b in rest.bases.items()} == cursor.last
    assert rest.bases[titles[0]].text == f"revision 118 of {titles[0]}\n"
    assert rest.requests == 3

    # Nothing new: one request.
    latest = Cursor({t: by_page[t][-1] for t in titles})
    none = read_revisions(RevisionReader(bot), titles, after=latest)
    assert none.revisions == () and none.requests == 1
    assert none.bases[titles[1]].text == f"revision 129 of {titles[1]}\n"

    # --since an instant: strictly after it; the bases as they stood then.
    since = read_revisions(
        RevisionReader(bot, batch=50),
        titles,
        after=Since(at=START + timedelta(hours=99, minutes=30)),
    )
    assert [r.text for r in since.revisions] == [r.text for r in revisions[100:]]
    assert since.bases[titles[1]].text == f"revision 99 of {titles[1]}\n"
    assert since.bases[titles[0]].text == f"revision 98 of {titles[0]}\n"
    assert since.requests <= math.ceil(30 / 50) + 4

    # --since a revision id.
    point = by_page[titles[0]][50]  # revision 100
    after = read_revisions(RevisionReader(bot, batch=50), titles, after=Since(revid=point))
    assert [r.text for r in after.revisions] == [r.text for r in revisions[101:]]
    assert after.bases[titles[0]].revid == point
    assert after.requests <= math.ceil(29 / 50) + 5


def test_bot_revisions_and_hidden_content(
    sandbox_wiki: RunningWiki,
    bot: WikiClient,
    human: HumanEditor,
    players: tuple[str, ...],
    titles: tuple[str, str],
) -> None:
    first = human.edit(titles[0], "by a human\n")
    bot.edit(titles[0], lambda t: t + "by the bot\n", cause=EditCause("test"))
    hidden = human.edit(titles[0], "secret\n")
    human.edit(titles[1], "table\n")
    human.edit(titles[0], "after\n")
    hide_revision(sandbox_wiki, titles[0], hidden)  # not the latest: the wiki refuses that
    found = read_revisions(RevisionReader(bot), titles, after=Cursor({titles[0]: first}))
    page = [r for r in found.revisions if r.title == titles[0]]
    assert [r.bot for r in page] == [True, False, False]
    assert page[1].text is None and page[1].hidden and "hidden" in page[1].hidden
    assert [r.revid for r in found.unreadable] == [hidden]
    assert found.bases[titles[0]].text == "by a human"  # the wiki trims the end


def test_front_page_as_of(
    sandbox_wiki: RunningWiki, bot: WikiClient, players: tuple[str, ...], titles: tuple[str, str]
) -> None:
    front = titles[0] + " front"
    import_history(
        sandbox_wiki.data_dir,
        [
            DumpRevision(front, "The Mouse Dynasty\n", "Josh", START),
            DumpRevision(front, "The Lagoon Dynasty\n", "Josh", START + timedelta(days=2)),
        ],
    )
    reader = RevisionReader(bot)
    assert reader.front_page_at(front, START + timedelta(days=1)) == "The Mouse Dynasty\n"
    assert reader.front_page_at(front, START + timedelta(days=1)) == "The Mouse Dynasty\n"
    assert reader.front_page_at(front, START - timedelta(days=1)) is None
    assert reader.requests == 2
