"""The wiki client against a real MediaWiki: login, reads, section edits, conflicts, errors."""

from __future__ import annotations

import logging
import traceback
import urllib.parse
from collections.abc import Callable
from dataclasses import replace

import pytest
import requests

from rules_text import ruleset_139_wikitext
from tests.plugins.wiki import HumanEditor, make_bot_account, serve_under
from wikibot.config import Config, WikiConfig
from wikibot.errors import WikiError
from wikibot.sandbox.mediawiki import RunningWiki
from wikibot.wiki.client import (
    EditCause,
    WikiClient,
    build_site,
    connect,
    script_path,
)
from wikibot.wiki.wikitext import changed_section

pytestmark = pytest.mark.integration

THREE_SECTIONS = """Intro by a human.

== Alpha ==
alpha text

== Beta ==
beta text <!-- a note -->

== Gamma ==
gamma text"""


def test_login_is_the_bot_account(bot: WikiClient) -> None:
    assert bot.user == "NomicBot"
    assert "bot" in bot.site.rights
    assert "NomicBot" in repr(bot)


def test_user_agent_names_the_bot_and_its_operator(sandbox_wiki: RunningWiki) -> None:
    config = Config(wiki=sandbox_wiki.wiki_config())
    client = connect(config)
    agent = client.site.connection.headers["User-Agent"]
    # No [game] player: the wiki account names the operator.
    assert agent.startswith("nomicbot/") and "operator: NomicBot" in agent


def test_read_a_missing_page(bot: WikiClient, page_title: str) -> None:
    page = bot.read(page_title)
    assert (page.exists, page.text, page.revid, page.timestamp) == (False, "", None, None)
    assert page.starttimestamp.endswith("Z")


def test_create_then_read_with_timestamps(bot: WikiClient, page_title: str) -> None:
    cause = EditCause("seed a test page", "http://blog.test/archive/fix", "17")
    result = bot.edit(page_title, lambda _: "Hello", cause=cause)
    assert result.saved and result.revid
    page = bot.read(page_title)
    assert page.exists and page.text == "Hello" and page.revid == result.revid
    assert page.timestamp is not None
    history = bot.history(page_title)
    assert [r.user for r in history] == ["NomicBot"]
    assert (
        history[0].comment
        == "nomicbot: seed a test page (http://blog.test/archive/fix; ledger #17)"
    )


def test_section_edit_sends_only_that_section(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    human.edit(page_title, THREE_SECTIONS)
    result = bot.edit(
        page_title, lambda t: t.replace("beta text", "beta text, by the bot"), cause=EditCause("x")
    )
    assert result.saved and result.section == 2
    assert human.read(page_title) == THREE_SECTIONS.replace("beta text", "beta text, by the bot")


def test_section_edit_on_the_real_ruleset(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    human.edit(page_title, ruleset_139_wikitext())
    stored = human.read(page_title)

    def change(text: str) -> str:
        return text.replace("+4 SMILE and +200 Income (requires", "+5 SMILE (requires")

    result = bot.edit(page_title, change, cause=EditCause("x"))
    # The wiki's own numbering of "=== Lagoon ===" agreed with nomicbot's: section 30.
    assert result.saved and result.section == 30
    assert human.read(page_title) == change(stored)


def test_odd_spacing_falls_back_to_a_whole_page_edit(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    # No blank line before "== Beta ==": a section edit would insert one.
    text = THREE_SECTIONS.replace("alpha text\n\n== Beta", "alpha text\n== Beta")
    human.edit(page_title, text)
    result = bot.edit(page_title, lambda t: t.replace("alpha text", "ALPHA"), cause=EditCause("x"))
    assert result.saved and result.section is None
    assert human.read(page_title) == text.replace("alpha text", "ALPHA")


def test_edit_conflict_keeps_the_human_edit(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    human.edit(page_title, THREE_SECTIONS)
    calls: list[str] = []

    def change(text: str) -> str:
        calls.append(text)
        if len(calls) == 1:  # a human saves the same line between the bot's read and write
            human.change(page_title, lambda t: t.replace("beta text", "beta text (human)"))
        return text.replace("beta text", "beta text [bot]")

    result = bot.edit(page_title, change, cause=EditCause("conflict test"))
    assert result.saved and result.conflicts == 1 and len(calls) == 2
    final = human.read(page_title)
    assert "beta text (human) [bot]" not in final  # the change is re-applied to the new text
    assert "beta text [bot] (human)" in final
    users = [r.user for r in bot.history(page_title)]
    assert users == ["NomicBot", "Admin", "Admin"]


def test_human_edit_elsewhere_is_merged_by_the_wiki(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    human.edit(page_title, THREE_SECTIONS)

    def change(text: str) -> str:
        if "ALPHA" not in human.read(page_title):
            human.change(page_title, lambda t: t.replace("alpha text", "ALPHA"))
        return text.replace("gamma text", "GAMMA")

    result = bot.edit(page_title, change, cause=EditCause("merge test"))
    assert result.saved and result.section == 3
    final = human.read(page_title)
    assert "ALPHA" in final and "GAMMA" in final


def test_dry_run_writes_nothing(
    sandbox_wiki: RunningWiki, human: HumanEditor, page_title: str, wiki_config: Config
) -> None:
    human.edit(page_title, THREE_SECTIONS)
    dry = connect(wiki_config, dry_run=True, min_interval=0)
    result = dry.edit(page_title, lambda t: t.replace("gamma", "GAMMA"), cause=EditCause("x"))
    assert result.changed and result.dry_run and not result.saved and result.revid is None
    assert "-gamma text\n+GAMMA text\n" in result.diff
    assert result.diff.startswith(f"--- {page_title} (wiki)\n+++ {page_title} (nomicbot)\n")
    assert human.read(page_title) == THREE_SECTIONS
    assert len(dry.history(page_title)) == 1


def test_repeating_an_edit_is_nochange(bot: WikiClient, page_title: str) -> None:
    def change(text: str) -> str:
        return "Line one\n\nLine two\n"

    first = bot.edit(page_title, change, cause=EditCause("x"))
    second = bot.edit(page_title, change, cause=EditCause("x"))
    assert first.saved and not second.changed and not second.saved and second.diff == ""
    assert len(bot.history(page_title)) == 1


def test_wiki_side_nochange_is_not_an_error(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    human.edit(page_title, "Caf\u00e9")
    # Different code points, the same text once MediaWiki normalises it (NFC).
    result = bot.edit(page_title, lambda t: "Cafe\u0301", cause=EditCause("x"))
    assert (result.changed, result.saved, result.revid) == (False, False, None)
    assert len(bot.history(page_title)) == 1


def test_edits_carry_assert_bot_maxlag_and_base_revision(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    human.edit(page_title, "one")
    base = bot.read(page_title)
    sent: list[dict[str, list[str]]] = []

    def record(response: requests.Response, *args: object, **kwargs: object) -> None:
        body = response.request.body or ""
        query = urllib.parse.urlsplit(response.request.url or "").query
        text = body.decode() if isinstance(body, bytes) else body
        sent.append(urllib.parse.parse_qs(text + "&" + query))

    bot.site.connection.hooks["response"].append(record)
    bot.edit(page_title, lambda t: t + " two", cause=EditCause("x"))
    assert all(request.get("maxlag") == ["5"] for request in sent)
    (edit,) = [r for r in sent if r.get("action") == ["edit"]]
    assert edit["assert"] == ["bot"] and edit["bot"] == ["1"] and edit["nocreate"] == ["1"]
    assert edit["baserevid"] == [str(base.revid)] and edit["basetimestamp"] == [base.timestamp]
    assert "starttimestamp" in edit


def test_an_expired_edit_token_is_renewed(bot: WikiClient, page_title: str) -> None:
    bot.edit(page_title, lambda _: "one", cause=EditCause("x"))
    bot._csrf = "0123456789abcdef+\\"  # as if the session had expired since
    answers: list[str] = []
    bot.site.connection.hooks["response"].append(
        lambda response, *a, **k: answers.append(response.text)
    )
    assert bot.edit(page_title, lambda t: t + " two", cause=EditCause("x")).saved
    assert bot.read(page_title).text == "one two"
    assert sum('"code":"badtoken"' in answer for answer in answers) == 1


def test_throttle_spaces_edits(bot_factory: Callable[..., WikiClient], wiki_config: Config) -> None:
    slept: list[float] = []
    client = bot_factory(
        wiki_config.wiki.user, wiki_config.wiki.password(), min_interval=30.0, sleep=slept.append
    )
    client.edit("Test/throttle", lambda _: "one", cause=EditCause("x"))
    assert slept == []
    client.edit("Test/throttle", lambda _: "two", cause=EditCause("x"))
    assert len(slept) == 1 and 29.0 < slept[0] <= 30.0


def test_protected_page_is_one_line_error(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    human.edit(page_title, "Locked")
    human.protect(page_title)
    with pytest.raises(WikiError) as caught:
        bot.edit(page_title, lambda t: t + " more", cause=EditCause("x"))
    message = str(caught.value)
    assert message.startswith(f'wiki page "{page_title}": the page is protected (protectedpage')
    assert "\n" not in message


def test_blocked_account(
    sandbox_wiki: RunningWiki,
    human: HumanEditor,
    bot_factory: Callable[..., WikiClient],
    page_title: str,
) -> None:
    user, password = make_bot_account(sandbox_wiki, "BlockedBot")
    client = bot_factory(user, password)
    human.block("BlockedBot")
    with pytest.raises(WikiError, match=r"the bot account is blocked \(blocked: "):
        client.edit(page_title, lambda _: "text", cause=EditCause("x"))


def test_rate_limited_account(
    sandbox_wiki: RunningWiki, bot_factory: Callable[..., WikiClient], page_title: str
) -> None:
    user, password = make_bot_account(sandbox_wiki, "ThrottledBot")
    client = bot_factory(user, password)
    with pytest.raises(WikiError, match=r"rate limited by the wiki.*\(ratelimited: "):
        client.edit(page_title, lambda _: "text", cause=EditCause("x"))


def test_account_without_bot_right_is_refused(
    sandbox_wiki: RunningWiki, bot_factory: Callable[..., WikiClient]
) -> None:
    user, password = make_bot_account(sandbox_wiki, "PlainUser", bot=False)
    with pytest.raises(WikiError, match="wiki user PlainUser@test has no bot right"):
        bot_factory(user, password)


def test_bad_password_never_shows_the_password(
    sandbox_wiki: RunningWiki, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    wrong = "Wrong-password-abcdefghij0123456789"
    site = build_site(sandbox_wiki.wiki_config(), user_agent="nomicbot tests")
    client = WikiClient(site)
    with pytest.raises(WikiError) as caught:
        client.login("NomicBot@nomicbot", wrong)
    assert str(caught.value).startswith("wiki login as NomicBot@nomicbot failed: Failed: ")
    shown = "".join(traceback.format_exception(caught.value)) + repr(caught.value)
    assert wrong not in shown and wrong not in caplog.text
    assert wrong not in repr(vars(client.site))


def test_password_appears_nowhere_in_a_session(
    wiki_config: Config, page_title: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    password = wiki_config.wiki.password()
    client = connect(wiki_config, min_interval=0)
    client.edit(page_title, lambda _: "text", cause=EditCause("x"))
    client.read(page_title)
    assert len(password) >= 32
    assert caplog.records, "the session logs at DEBUG, so the check is not vacuous"
    assert password not in caplog.text
    assert password not in repr(client) and password not in repr(vars(client.site))
    assert all(password not in r.comment for r in client.history(page_title))


def test_bot_password_user_must_name_an_app(wiki_config: Config) -> None:
    client = WikiClient(build_site(wiki_config.wiki, user_agent="t"))
    with pytest.raises(WikiError, match="not a bot-password user"):
        client.login("NomicBot", "x")


def test_unreachable_wiki_is_one_line_error() -> None:
    with pytest.raises(WikiError, match=r"^cannot reach the wiki at http://127.0.0.1:9/"):
        build_site(WikiConfig(url="http://127.0.0.1:9/"), user_agent="t")


def test_wrong_script_path_is_one_line_error(sandbox_wiki: RunningWiki) -> None:
    wrong = WikiConfig(url=sandbox_wiki.url, path="/w/")
    with pytest.raises(WikiError, match=r"HTTP 404 from http://127.0.0.1:\d+/w/api.php$"):
        build_site(wrong, user_agent="t")


def test_the_url_path_is_the_script_path(sandbox_wiki: RunningWiki) -> None:
    # A wiki served under /w/, as most public ones are: `url = ".../w/"` and no `path`
    # once read api.php at the site root, where this server answers 404.
    with serve_under(sandbox_wiki, "w") as url:
        assert url.endswith("/w/")
        config = Config(wiki=replace(sandbox_wiki.wiki_config(), url=url))
        assert config.wiki.path == "/"
        client = connect(config, min_interval=0)
        assert client.site.path == "/w/" and client.site.host == urllib.parse.urlsplit(url).netloc
        assert client.read("Ruleset").text == ruleset_139_wikitext().rstrip()
        # An explicit [wiki] path still wins over the URL's.
        with pytest.raises(WikiError, match=r"HTTP 404 from http://127.0.0.1:\d+/api.php$"):
            build_site(replace(config.wiki, path="/."), user_agent="t")


@pytest.mark.parametrize(
    ("url", "path", "expected"),
    [
        ("https://wiki.blognomic.com/", "/", "/"),
        ("https://wiki.blognomic.com", "/", "/"),
        ("http://127.0.0.1:8081/w/", "/", "/w/"),
        ("http://127.0.0.1:8081/w", "", "/w/"),
        ("http://127.0.0.1:8081/w/api.php", "/", "/w/"),
        ("http://127.0.0.1:8081/mediawiki/index.php?title=Main", "/", "/mediawiki/"),
        ("http://127.0.0.1:8081/w/", "/wiki-scripts", "/wiki-scripts/"),
    ],
)
def test_script_path(url: str, path: str, expected: str) -> None:
    assert script_path(WikiConfig(url=url, path=path)) == expected


@pytest.mark.parametrize(
    ("title", "shown"),
    [
        ("Votes|bad", "|"),
        ("Votes#Tally", "#"),
        ("<b>Votes</b>", "< >"),
        ("[[Votes]]", "[ ]"),
        ("{{Votes}}", "{ }"),
        ("Votes\nbad", "'\\n'"),
        ("Votes\x7f", "'\\x7f'"),
    ],
)
def test_a_title_the_wiki_forbids_is_refused_before_any_request(
    bot: WikiClient, page_title: str, title: str, shown: str
) -> None:
    sent: list[str] = []
    bot.site.connection.hooks["response"].append(lambda r, *a, **k: sent.append(r.url))
    bad = f"{page_title}/{title}"
    for call in (
        lambda: bot.read(bad),
        lambda: bot.history(bad),
        lambda: bot.edit(bad, lambda _: "text", cause=EditCause("x")),
    ):
        with pytest.raises(WikiError) as caught:
            call()
        message = str(caught.value)
        assert message.startswith(f"wiki page title {bad!r}: MediaWiki does not allow {shown} ")
        assert "\n" not in message
    assert sent == []
    # "Votes|bad" once edited the page "Bad": nothing was created anywhere.
    assert not bot.read(page_title).exists and not bot.read("Bad").exists


def test_a_configured_title_the_wiki_forbids_is_a_config_error() -> None:
    # An unreachable wiki: a request would fail with "cannot reach the wiki" instead.
    config = Config(wiki=WikiConfig(url="http://127.0.0.1:9/", votes_page="Votes|bad"))
    with pytest.raises(WikiError) as caught:
        connect(config, login=False)
    assert str(caught.value) == (
        "[wiki] votes_page 'Votes|bad': MediaWiki does not allow | in page titles "
        "(none of #<>[]{}| or control characters)"
    )
    with pytest.raises(WikiError, match=r"^\[wiki\] ruleset_page ' ': a page title cannot be"):
        connect(Config(wiki=WikiConfig(url="http://127.0.0.1:9/", ruleset_page=" ")))


def test_not_an_http_url() -> None:
    with pytest.raises(WikiError, match="is not an http"):
        build_site(WikiConfig(url="ftp://example/"), user_agent="t")


# Pure parts.


def test_summary_cites_the_cause() -> None:
    assert EditCause("enact").summary() == "nomicbot: enact"
    assert (
        EditCause("enact", "https://blog/archive/x", "9").summary()
        == "nomicbot: enact (https://blog/archive/x; ledger #9)"
    )
    long = EditCause("x" * 600).summary()
    assert len(long) <= 490 and long.endswith("…")
    assert EditCause("two\nlines").summary() == "nomicbot: two lines"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        pytest.param("a\n\n== B ==\nb", "A\n\n== B ==\nb", (0, "a", "A"), id="lead section"),
        pytest.param(
            "== A ==\na\n\n== B ==\nb",
            "== A ==\na\n\n== B ==\nB",
            (2, "== B ==\nb", "== B ==\nB"),
            id="last section",
        ),
        pytest.param(
            "== A ==\na\n=== A1 ===\nx\n\n== B ==\nb",
            "== A ==\na\n=== A1 ===\nX\n\n== B ==\nb",
            (2, "=== A1 ===\nx", "=== A1 ===\nX"),
            id="the deepest subsection",
        ),
        pytest.param("== A ==\na\n== B ==\nb", "== A ==\nA\n== B ==\nb", None, id="no blank line"),
        pytest.param("== A ==\na", "== A ==\na\n\n== B ==\nb", None, id="a new heading"),
        pytest.param(
            "== A ==\na\n\n== B ==\nb",
            "== A ==\nA\n\n== B ==\nb\n",
            (1, "== A ==\na", "== A ==\nA"),
            id="a final newline is what MediaWiki strips anyway",
        ),
        pytest.param(
            "<!--\n== X ==\n-->\n== A ==\na",
            "<!--\n== X ==\n-->\n== A ==\nA",
            (1, "== A ==\na", "== A ==\nA"),
            id="a heading in a comment does not count",
        ),
    ],
)
def test_changed_section(old: str, new: str, expected: tuple[int, str, str] | None) -> None:
    assert changed_section(old, new) == expected
