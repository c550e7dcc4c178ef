"""Bot etiquette: {{bots}}/{{nobots}}, the run page, the User-Agent, against the real MediaWiki."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamestate.dynasties.nomicland import Building
from tests.plugins.blog import build_game
from tests.plugins.wiki import HumanEditor
from tests.wiki.test_votes_page import VOTED, status
from tests.wiki.test_wikitext import QUOTED_BRACES
from wikibot.blog.polite import PoliteSession
from wikibot.cli import cli
from wikibot.config import Config, GameConfig, WikiConfig, package_version
from wikibot.errors import WikiError
from wikibot.sandbox.blog import SandboxBlog
from wikibot.sandbox.mediawiki import RUN_PAGE, RunningWiki
from wikibot.wiki.client import EditCause, WikiClient, connect
from wikibot.wiki.etiquette import bots_refusal, is_run
from wikibot.wiki.pages.nomicland import NomiclandPage
from wikibot.wiki.pages.votes import publish_votes

NOW = "2016-05-23T20:00:00Z"
CONTACT = "mailto:ops@nomic.test"


# The rules, as pywikibot's botMayEdit reads them.


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("{{nobots}}", "{{nobots}} on the page keeps all bots off the page"),
        ("{{nobots|NomicBot}}", "keeps this bot off"),
        ("{{nobots|all}}", "keeps this bot off"),
        ("{{nobots|OtherBot}}", None),
        ("{{nobots|deny=OtherBot}}", "does not take"),
        ("{{bots}}", None),
        ("{{bots|deny=NomicBot}}", "{{bots|deny=NomicBot}} on the page denies this bot"),
        ("{{bots|deny=OtherBot, nomic_bot ,NomicBot}}", "denies this bot"),
        ("{{bots|deny=all}}", "denies this bot"),
        ("{{bots|deny=none}}", None),
        ("{{bots|deny=OtherBot}}", None),
        ("{{bots|allow=NomicBot}}", None),
        ("{{bots|allow=OtherBot,nomicBot}}", None),
        ("{{bots|allow=all}}", None),
        ("{{bots|allow=OtherBot}}", "allows only other bots"),
        ("{{bots|allow=none}}", "allows no bot"),
        ("{{Bots|allow=OtherBot}}", "allows only other bots"),
        ("{{Template:Nobots}}", "keeps all bots off"),
        ("{{bots|allow=NomicBot}} {{nobots}}", "keeps all bots off"),
        ("<nowiki>{{nobots}}</nowiki> <!-- {{nobots}} -->", None),
        ("{{Notice|{{nobots}}}}", "keeps all bots off"),
        ("{{bots|NomicBot}}", None),
    ],
    ids=[
        "{{nobots}}: no bot",
        "{{nobots|NomicBot}}",
        "{{nobots|all}}",
        "{{nobots|OtherBot}} names another bot",
        "{{nobots|deny=...}} is not a valid use: refused",
        "{{bots}}: no restriction",
        "{{bots|deny=NomicBot}}",
        "deny list, names as MediaWiki compares them",
        "deny=all",
        "deny=none",
        "deny names another bot",
        "{{bots|allow=NomicBot}}",
        "allow list naming this bot",
        "allow=all",
        "allow names only another bot",
        "allow=none",
        "first letter of the template name is not case-sensitive",
        "Template: prefix",
        "every template counts: the first refusal wins",
        "quoted in nowiki or a comment: not a template",
        "a template inside another counts",
        "{{bots|X}} means nothing",
    ],
)
def test_bots_templates(text: str, refused: str | None) -> None:
    found = bots_refusal(text, bot="NomicBot")
    if refused is None:
        assert found is None
    else:
        assert found is not None and refused in str(found)


@pytest.mark.parametrize(
    ("text", "running"),
    [
        ("run", True),
        ("Run\n", True),
        ("  RUN  <!-- any Admin may write stop here -->\n", True),
        ("stop", False),
        ("", False),
        ("run, please", False),
        ("<!-- run -->", False),
    ],
)
def test_run_page_says_run(text: str, running: bool) -> None:
    assert is_run(text) is running


# Against the real MediaWiki.


def _seed(human: HumanEditor, title: str, text: str) -> int:
    return human.edit(title, text, summary="seed")


@pytest.mark.integration
@pytest.mark.parametrize(
    "template", ["{{nobots}}", "{{bots|deny=NomicBot}}", "{{bots|allow=OtherBot}}"]
)
def test_a_page_that_keeps_bots_off_is_refused_and_unchanged(
    bot: WikiClient, human: HumanEditor, page_title: str, template: str
) -> None:
    text = f"{template}\nHuman text."
    revid = _seed(human, page_title, text)
    for client in (bot, replace_dry_run(bot)):
        with pytest.raises(WikiError) as caught:
            client.edit(page_title, lambda t: t + "\nbot text", cause=EditCause("test"))
        message = str(caught.value)
        assert template in message and "changed nothing" in message
    assert human.read(page_title) == text
    assert [r.revid for r in bot.history(page_title)] == [revid]


@pytest.mark.integration
@pytest.mark.parametrize("template", ["{{nobots}}", "{{bots|deny=NomicBot}}"])
def test_a_bots_template_reached_through_a_transcluded_template_is_honoured(
    bot: WikiClient, human: HumanEditor, page_title: str, template: str
) -> None:
    """The page's text shows only {{Keep out}}; the API's list of the page's templates
    shows the {{nobots}} or {{bots}} inside it."""
    keep_out = f"Template:{page_title.replace('/', ' ')} keep out"
    _seed(human, keep_out, f"<div>A human's page.</div>{template}")
    text = f"{{{{{keep_out.removeprefix('Template:')}}}}}\nHuman text."
    revid = _seed(human, page_title, text)
    for client in (bot, replace_dry_run(bot)):
        with pytest.raises(WikiError) as caught:
            client.edit(page_title, lambda t: t + "\nbot text", cause=EditCause("test"))
        message = str(caught.value)
        assert "transcluded" in message and "changed nothing" in message, message
    assert human.read(page_title) == text
    assert [r.revid for r in bot.history(page_title)] == [revid]


@pytest.mark.integration
def test_a_transcluded_template_without_bots_templates_lets_the_bot_edit(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    notice = f"Template:{page_title.replace('/', ' ')} notice"
    _seed(human, notice, "<div>Just a notice.</div>")
    _seed(human, page_title, f"{{{{{notice.removeprefix('Template:')}}}}}\nHuman text.")
    assert bot.edit(page_title, lambda t: t + "\nbot text", cause=EditCause("test")).saved


def replace_dry_run(client: WikiClient) -> WikiClient:
    """The same logged-in session, as a dry run."""
    return WikiClient(client.site, dry_run=True, min_interval=0, run_page=client.run_page)


@pytest.mark.integration
def test_bots_allow_naming_the_bot_lets_it_edit(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    _seed(human, page_title, "{{bots|allow=NomicBot}}\nHuman text.")
    result = bot.edit(page_title, lambda t: t + "\nbot text", cause=EditCause("test"))
    assert result.saved
    assert human.read(page_title) == "{{bots|allow=NomicBot}}\nHuman text.\nbot text"


@pytest.mark.integration
def test_the_sandbox_seeds_the_run_page_saying_run(bot: WikiClient) -> None:
    assert bot.run_page == RUN_PAGE == "User:NomicBot/Run"
    page = bot.read(RUN_PAGE)
    assert page.exists and is_run(page.text)


@pytest.mark.integration
def test_a_run_page_not_saying_run_stops_every_edit(
    sandbox_wiki: RunningWiki, human: HumanEditor, page_title: str
) -> None:
    run_page = f"{page_title}/Run"
    config = Config(wiki=replace(sandbox_wiki.wiki_config(), run_page=run_page))
    client = connect(config, min_interval=0)
    assert client.run_page == run_page
    # A missing run page counts as "run".
    assert client.edit(page_title, lambda _: "first", cause=EditCause("test")).saved
    human.edit(run_page, "stop <!-- Admin: the bot misbehaves -->")
    for each in (client, replace_dry_run(client)):
        with pytest.raises(WikiError, match=f'the run page "{run_page}" says .*stop.*not "run"'):
            each.edit(page_title, lambda _: "second", cause=EditCause("test"))
    assert human.read(page_title) == "first"
    human.edit(run_page, "run")
    assert client.edit(page_title, lambda _: "second", cause=EditCause("test")).saved


@pytest.mark.integration
def test_a_stopped_run_page_stops_publish(
    sandbox_wiki: RunningWiki, human: HumanEditor, page_title: str, tmp_path: Path
) -> None:
    archive = tmp_path / "game.json"
    archive.write_text(json.dumps(VOTED), encoding="utf-8")
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        "[game]\n"
        f'contact = "{CONTACT}"\n'
        "[wiki]\n"
        f'url = "{sandbox_wiki.url}"\n'
        'user = "NomicBot@nomicbot"\n'
        f'password_file = "{sandbox_wiki.credentials.bot_password_file}"\n'
        f'votes_page = "{page_title}/Votes"\n'
        f'run_page = "{page_title}/Run"\n',
        encoding="utf-8",
    )
    human.edit(f"{page_title}/Run", "stop")
    args = ["publish", "--apply", "--config", str(config), "--archive", str(archive)]
    result = CliRunner().invoke(cli, [*args, "--now", NOW])
    assert result.exit_code == 1
    assert "edits stopped" in result.output and f"{page_title}/Run" in result.output
    assert human.read(f"{page_title}/Votes") == ""
    human.edit(f"{page_title}/Run", "run")
    result = CliRunner().invoke(cli, [*args, "--now", NOW])
    assert result.exit_code == 0, result.output
    assert "saved revision" in result.output


# Human text around the bot's parts, edited on the real wiki.

HUMAN_AROUND = (
    f"Intro {QUOTED_BRACES} kept.\n"
    "<!-- a human's comment\n== Not a Zone ==\n-->\n"
    '{| class="wikitable"\n! Key !! Value\n|-\n| a || {{t|<nowiki>||</nowiki>}} <!-- c -->\n|}\n'
)


@pytest.mark.integration
def test_human_text_around_the_votes_tally_survives_byte_for_byte(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    after = f"\n== After ==\n{QUOTED_BRACES}\n<!-- end note -->\n{{|\n| x\n|}}"
    human.edit(page_title, HUMAN_AROUND + after)
    first = publish_votes(
        bot, status(VOTED, NOW), title=page_title, blog_url="https://blognomic.test/"
    )
    assert first.saved
    text = human.read(page_title)
    tally = "\n\n<!-- nomicbot:votes begin"
    assert text.startswith(HUMAN_AROUND + after + tally)
    assert text.endswith("<!-- nomicbot:votes end -->")
    human.edit(page_title, text + "\n" + after)  # a human writes below the tally too
    later = status({**VOTED, "players": VOTED["players"][:3]}, "2016-05-24T00:00:00Z")
    second = publish_votes(bot, later, title=page_title, blog_url="https://blognomic.test/")
    assert second.saved
    final = human.read(page_title)
    assert final.startswith(HUMAN_AROUND + after + tally)
    assert final.endswith("<!-- nomicbot:votes end -->\n" + after)
    assert final != text + "\n" + after  # the tally itself changed


@pytest.mark.integration
def test_human_text_around_a_zone_survives_byte_for_byte(
    bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    zone = "== The Kevan Zone ==\n* Operator: Kevan\n* Buildings: Playpit\n"
    text = HUMAN_AROUND + zone + HUMAN_AROUND + "== Visitors ==\n# AtS\n" + HUMAN_AROUND
    human.edit(page_title, text)

    def construct(current: str) -> str:
        page = NomiclandPage.from_wikitext(current, title=page_title)
        kevan = page.zone("The Kevan Zone")
        assert kevan is not None
        return page.replace_zone(replace(kevan, buildings=(*kevan.buildings, Building("Lagoon"))))

    assert bot.edit(page_title, construct, cause=EditCause("construct a Lagoon")).saved
    expected = text.replace("* Buildings: Playpit\n", "* Buildings: Playpit, Lagoon\n")
    assert human.read(page_title) == expected.rstrip()


# The User-Agent.


@pytest.mark.integration
def test_the_wiki_sees_the_version_and_contact_in_the_user_agent(
    sandbox_wiki: RunningWiki,
) -> None:
    config = Config(wiki=sandbox_wiki.wiki_config(), game=GameConfig(contact=CONTACT))
    client = connect(config)
    client.read("Ruleset")
    seen = (sandbox_wiki.data_dir / "user-agents.log").read_text(encoding="utf-8")
    mine = [ua for ua in seen.splitlines() if CONTACT in ua]
    assert mine, seen[-500:]
    assert all(ua.startswith(f"nomicbot/{package_version()} (+{CONTACT}; ") for ua in mine)
    assert package_version() != "unknown"


def test_the_blog_sees_the_version_and_contact_in_the_user_agent(
    sandbox_blog: Callable[..., SandboxBlog],
) -> None:
    blog = sandbox_blog(build_game(1), "classic")
    config = Config(game=GameConfig(player="Kevan", contact=CONTACT))
    with PoliteSession(user_agent=config.user_agent, min_interval=0) as session:
        session.get(blog.url)
    (agent,) = blog.user_agents()
    assert agent == (
        f"nomicbot/{package_version()} (+{CONTACT}; BlogNomic bookkeeping bot; operator: Kevan)"
    )


def test_without_a_contact_the_user_agent_names_the_home_page() -> None:
    agent = Config(wiki=WikiConfig(user="NomicBot@x")).user_agent
    assert agent.startswith(f"nomicbot/{package_version()} (+https://")
    assert agent.endswith("; operator: NomicBot)")


# Logging on the command line.


@pytest.mark.integration
@pytest.mark.parametrize(
    ("flags", "warned"), [((), True), (("-v",), True), (("-q",), False)], ids=str
)
def test_verbosity_flags_and_the_missing_contact_warning(
    sandbox_wiki: RunningWiki, tmp_path: Path, page_title: str, flags: tuple[str, ...], warned: bool
) -> None:
    archive = tmp_path / "game.json"
    archive.write_text(json.dumps(VOTED), encoding="utf-8")
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        "[wiki]\n"
        f'url = "{sandbox_wiki.url}"\n'
        'user = "NomicBot@nomicbot"\n'
        f'password_file = "{sandbox_wiki.credentials.bot_password_file}"\n'
        f'votes_page = "{page_title}"\n',
        encoding="utf-8",
    )
    args = [*flags, "publish", "--apply", "--config", str(config), "--archive", str(archive)]
    result = CliRunner().invoke(cli, [*args, "--now", NOW])
    assert result.exit_code == 0, result.output
    warning = "nomicbot: WARNING: no [game] contact in nomicbot.toml"
    assert result.output.count(warning) == (1 if warned else 0)
    password = sandbox_wiki.credentials.bot_password()
    assert password not in result.output


HOW_TO_SET = 'contact = "mailto:you@example.org"'


@pytest.mark.integration
def test_without_a_contact_a_dry_run_warns_once_and_says_how_to_set_it(
    sandbox_wiki: RunningWiki, tmp_path: Path, page_title: str
) -> None:
    archive = tmp_path / "game.json"
    archive.write_text(json.dumps(VOTED), encoding="utf-8")
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        f'[wiki]\nurl = "{sandbox_wiki.url}"\nvotes_page = "{page_title}"\n'
        'user = "NomicBot@nomicbot"\n'
        f'password_file = "{sandbox_wiki.credentials.bot_password_file}"\n',
        encoding="utf-8",
    )
    args = ["publish", "--config", str(config), "--archive", str(archive), "--now", NOW]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert result.stderr.count("no [game] contact") == 1, result.stderr
    assert HOW_TO_SET in result.stderr and "[game]" in result.stderr


def test_without_a_contact_sync_warns_once_at_start(
    sandbox_blog: Callable[..., SandboxBlog], tmp_path: Path
) -> None:
    blog = sandbox_blog(build_game(3), "classic")
    config = tmp_path / "nomicbot.toml"
    lines = [
        f'[blog]\nurl = "{blog.url}"\nmarkup = "classic"\nmin_interval = 0\n',
        'start = "2016-01-01"\n[mirror]\ndatabase = "mirror.sqlite"\n[game]\nplayer = "Kevan"\n',
    ]
    config.write_text("".join(lines), encoding="utf-8")
    result = CliRunner().invoke(cli, ["sync", "--config", str(config)])
    assert result.exit_code == 0, result.output
    assert result.stderr.count("no [game] contact") == 1, result.stderr
    assert result.stderr.index("no [game] contact") < result.stderr.index("Reading the blog")
    assert HOW_TO_SET in result.stderr
    config.write_text("".join(lines) + f'contact = "{CONTACT}"\n', encoding="utf-8")
    again = CliRunner().invoke(cli, ["sync", "--config", str(config)])
    assert again.exit_code == 0, again.output
    assert "contact" not in again.stderr


def test_verbose_and_quiet_together_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["-v", "-q", "wiki", "--help"])
    assert result.exit_code == 2 and "cannot be used together" in result.output
