"""nomicbot.toml: sections, clear errors, and secrets only from env or a 0600 file."""

from __future__ import annotations

import os
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from wikibot.blog import markup as blog_markup
from wikibot.cli import cli
from wikibot.config import PASSWORD_ENV, load_config, package_version
from wikibot.config_checks import MARKUPS
from wikibot.errors import ConfigError

NOW = "2016-05-17T12:00:00Z"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "nomicbot.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_sections_are_read_and_paths_resolved(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        """
[blog]
url = "http://127.0.0.1:9/"
markup = "wp2020"
min_interval = 0.5
[wiki]
url = "http://127.0.0.1:10/"
user = "NomicBot@nomicbot"
password_file = "bot-password"
edit_interval = 2.5
[mirror]
database = "mirror.sqlite"
[game]
player = "Kevan"
terms = { player = "Vizier", boss = "Sultan" }
""",
    )
    config = load_config(path)
    assert config.blog.markup == "wp2020" and config.blog.min_interval == 0.5
    assert config.wiki.password_file == str(tmp_path / "bot-password")
    assert config.wiki.edit_interval == 2.5
    assert config.mirror.database == str(tmp_path / "mirror.sqlite")
    assert config.game.terms.player == "Vizier" and config.game.terms.boss == "Sultan"
    assert "Kevan" in config.user_agent and "nomicbot" in config.user_agent


def test_postgres_url_is_left_alone(tmp_path: Path) -> None:
    path = _write(tmp_path, '[mirror]\ndatabase = "postgresql://u@127.0.0.1/nomic"\n')
    assert load_config(path).mirror.database == "postgresql://u@127.0.0.1/nomic"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[blog\n", "not valid TOML"),
        ("[blgo]\n", "unknown section"),
        ("[blog]\nurll = 1\n", r"unknown key\(s\) in \[blog\]: urll"),
        ("blog = 3\n", r"\[blog\] must be a table"),
        ("[blog]\nurl = 5\n", r"\[blog\] url must be a string, got 5"),
        ('[blog]\nmin_interval = "fast"\n', r"\[blog\] min_interval must be a number"),
        ("[blog]\nmin_interval = true\n", r"\[blog\] min_interval must be a number"),
        ("[mirror]\ndatabase = 5\n", r"\[mirror\] database must be a string"),
        ('[game]\nterms = { colour = "x" }\n', r"unknown key\(s\) in \[terms\]: colour"),
        ("game = 1\n", r"\[game\] must be a table"),
    ],
)
def test_bad_config_is_a_clear_error(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_config(_write(tmp_path, text))


def test_a_config_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "nomicbot.toml"
    path.write_bytes(b'[game]\nplayer = "K\xe9van"\n')
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(path)


def test_wiki_path_is_a_config_key(tmp_path: Path) -> None:
    assert load_config(_write(tmp_path, '[wiki]\npath = "/w/"\n')).wiki.path == "/w/"


def test_the_user_agent_names_the_operator(tmp_path: Path) -> None:
    """Requests must say whom a site's admins can ask: no operator, no requests."""
    with pytest.raises(ConfigError, match=r"set \[game\] player"):
        load_config(_write(tmp_path, "[blog]\n")).require_operator()
    wiki_only = load_config(_write(tmp_path, '[wiki]\nuser = "NomicBot@nomicbot"\n'))
    wiki_only.require_operator()
    assert "operator: NomicBot" in wiki_only.user_agent
    custom = load_config(_write(tmp_path, '[blog]\nuser_agent = "bot (ops: Kevan)"\n'))
    assert custom.user_agent == "bot (ops: Kevan)"


def test_named_config_must_exist(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "missing.toml")


def test_password_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PASSWORD_ENV, "s3cret-env")
    config = load_config(_write(tmp_path, '[wiki]\nuser = "Bot@app"\n'))
    assert config.wiki.password() == "s3cret-env"


def test_password_file_must_be_0600(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    secret = tmp_path / "bot-password"
    secret.write_text("s3cret-file\n")
    os.chmod(secret, 0o644)
    config = load_config(_write(tmp_path, '[wiki]\npassword_file = "bot-password"\n'))
    with pytest.raises(ConfigError, match="chmod 600") as info:
        config.wiki.password()
    assert "s3cret" not in str(info.value)
    os.chmod(secret, 0o600)
    assert config.wiki.password() == "s3cret-file"


def test_no_password_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    with pytest.raises(ConfigError, match=PASSWORD_ENV):
        load_config(_write(tmp_path, "[wiki]\n")).wiki.password()


@pytest.mark.parametrize("content", ["", "\n", "  \t\n"])
def test_an_empty_password_file_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str
) -> None:
    """Once the wiki login went ahead with '' and failed with "has no bot right"."""
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    secret = tmp_path / "bot-password"
    secret.write_text(content)
    os.chmod(secret, 0o600)
    config = load_config(_write(tmp_path, '[wiki]\npassword_file = "bot-password"\n'))
    with pytest.raises(ConfigError, match=f"^wiki password_file {secret} is empty: "):
        config.wiki.password()


@pytest.mark.parametrize("value", ["", " \n"])
def test_an_empty_password_variable_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv(PASSWORD_ENV, value)
    secret = tmp_path / "bot-password"
    secret.write_text("s3cret-file\n")
    os.chmod(secret, 0o600)
    config = load_config(_write(tmp_path, '[wiki]\npassword_file = "bot-password"\n'))
    with pytest.raises(ConfigError, match=f"^{PASSWORD_ENV} is empty: "):
        config.wiki.password()


def test_an_unreadable_password_file_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    secret = tmp_path / "bot-password"
    secret.mkdir(mode=0o700)
    config = load_config(_write(tmp_path, '[wiki]\npassword_file = "bot-password"\n'))
    with pytest.raises(ConfigError, match=f"^wiki password_file {secret}: Is a directory"):
        config.wiki.password()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[game]\ncontact = 5\n", r"\[game\] contact must be a string, got 5"),
        ('[game]\ncontact = "call me"\n', "neither an http"),
        ('[game]\ncontact = "ftp://x.test/"\n', "neither an http"),
        ("[wiki]\nrun_page = true\n", r"\[wiki\] run_page must be a string, got True"),
    ],
    ids=["contact not a string", "contact not a URL or address", "ftp", "run_page not a string"],
)
def test_bad_etiquette_settings_are_clear_errors(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_config(_write(tmp_path, text))


@pytest.mark.parametrize(
    "contact", ["https://wiki.test/User:Kevan", "kevan@example.org", "mailto:kevan@example.org"]
)
def test_the_contact_goes_in_the_user_agent(tmp_path: Path, contact: str) -> None:
    config = load_config(_write(tmp_path, f'[game]\nplayer = "Kevan"\ncontact = "{contact}"\n'))
    assert config.game.contact == contact and config.has_contact
    assert config.user_agent == (
        f"nomicbot/{package_version()} (+{contact}; BlogNomic bookkeeping bot; operator: Kevan)"
    )


def test_the_run_page_defaults_to_the_bots_user_subpage(tmp_path: Path) -> None:
    config = load_config(_write(tmp_path, '[wiki]\nuser = "NomicBot@nomicbot"\n'))
    assert config.wiki.run_page == "" and config.wiki.run_page_title == "User:NomicBot/Run"
    assert not config.has_contact
    custom = load_config(_write(tmp_path, '[wiki]\nuser = "B@x"\nrun_page = "Project:Stop"\n'))
    assert custom.wiki.run_page_title == "Project:Stop"


def test_the_version_comes_from_the_installed_metadata() -> None:
    assert package_version() == metadata.version("nomicbot")


def test_watch_interval_and_webhook_in_a_private_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NOMICBOT_WATCH_WEBHOOK", raising=False)
    secret = "https://hooks.example.org/services/T0/B0/s3cr3t"
    path = _write(tmp_path, f'[watch]\ninterval = "30s"\nwebhook = "{secret}"\n')
    path.chmod(0o600)
    config = load_config(str(path))
    assert config.watch.interval == "30s"
    assert config.watch.webhook_url() == secret


def test_a_webhook_in_a_config_others_can_read_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = "https://hooks.example.org/services/T0/B0/s3cr3t"
    path = _write(tmp_path, f'[watch]\nwebhook = "{secret}"\n')
    path.chmod(0o644)
    with pytest.raises(ConfigError, match=r"\[watch\] webhook is a secret.*chmod 600") as caught:
        load_config(str(path))
    assert secret not in str(caught.value)


# Every setting checked as the file is read, through the real command line (issue 25,
# item 5): each of these once started a command (a traceback in `sync`, a blog address
# nobody wrote retried for 30 s, a mirror in memory, a page in another user's space).

JUNK = [
    # [blog]
    ('[blog]\nurl = "http://[::1"\n', "[blog] url must be an http:// or https:// URL"),
    ('[blog]\nurl = "not a url"\n', "[blog] url must be an http:// or https:// URL"),
    ('[blog]\nurl = ""\n', "[blog] url must be an http:// or https:// URL"),
    ('[blog]\nurl = "ftp://blog.test/"\n', "[blog] url must be an http:// or https:// URL"),
    ('[blog]\nurl = "http://"\n', "[blog] url must be an http:// or https:// URL"),
    ('[blog]\nurl = "https://blog.test:99999/"\n', "[blog] url must be an http://"),
    ('[blog]\nurl = "javascript:alert(1)"\n', "[blog] url must be an http://"),
    ('[blog]\nurl = " https://blog.test/"\n', "[blog] url must be an http://"),
    ("[blog]\nmin_interval = nan\n", "[blog] min_interval must be a finite number of seconds"),
    ("[blog]\nmin_interval = -1\n", "[blog] min_interval must be a finite number of seconds"),
    ("[blog]\nmin_interval = inf\n", "[blog] min_interval must be a finite number of seconds"),
    ("[blog]\nmin_interval = 1e9\n", "[blog] min_interval must be a finite number of seconds"),
    ('[blog]\nmarkup = "fancy"\n', "[blog] markup must be one of 'auto', 'classic', 'wp2020'"),
    ('[blog]\nuser_agent = "bot\\r\\nX-Evil: 1"\n', "[blog] user_agent must be a User-Agent"),
    ('[blog]\nuser_agent = "  "\n', "[blog] user_agent must name the bot"),
    ('[blog]\nstart = "2016-02-30"\n', "[blog] start must be a date that exists"),
    ('[blog]\nstart = "May 2016"\n', "[blog] start must be a date written YYYY-MM-DD"),
    ('[blog]\nstart = "20160501"\n', "[blog] start must be a date written YYYY-MM-DD"),
    # [wiki]
    ('[wiki]\nurl = "not a url"\n', "[wiki] url must be an http:// or https:// URL"),
    ('[wiki]\nurl = "ftp://wiki.test/"\n', "[wiki] url must be an http:// or https:// URL"),
    ("[wiki]\nedit_interval = inf\n", "[wiki] edit_interval must be a finite number"),
    ("[wiki]\nedit_interval = nan\n", "[wiki] edit_interval must be a finite number"),
    ("[wiki]\nedit_interval = -3\n", "[wiki] edit_interval must be a finite number"),
    (
        '[wiki]\nuser = "NomicBot@nomicbot"\nvotes_page = "User:Someone/Votes"\n',
        "[wiki] votes_page 'User:Someone/Votes' is in the user space of Someone",
    ),
    (
        '[wiki]\nuser = "NomicBot@nomicbot"\naudit_page = "User talk:someone_else/Audit"\n',
        "[wiki] audit_page 'User talk:someone_else/Audit' is in the user space of Someone else",
    ),
    (
        '[wiki]\nvotes_page = "User:Someone/Votes"\n',
        "[wiki] votes_page ... in the user space of Someone (no [wiki] user)",
    ),
    ('[wiki]\nvotes_page = "Votes|Other"\n', "[wiki] votes_page must be a wiki page title"),
    ('[wiki]\nvotes_page = "Votes#top"\n', "[wiki] votes_page must be a wiki page title"),
    ('[wiki]\nvotes_page = ""\n', "[wiki] votes_page must be a wiki page title, not empty"),
    (f'[wiki]\nvotes_page = "{"V" * 300}"\n', "[wiki] votes_page must be a wiki page title of"),
    ('[wiki]\nruleset_page = "Rule\\nset"\n', "[wiki] ruleset_page must be a wiki page title"),
    ('[wiki]\nnomicland_page = " "\n', "[wiki] nomicland_page must be a wiki page title"),
    ('[wiki]\ngamestate_page = "{{GNDT}}"\n', "[wiki] gamestate_page must be a wiki page title"),
    ('[wiki]\nrun_page = "Run|x"\n', "[wiki] run_page must be a wiki page title"),
    ('[wiki]\nuser = "NomicBot"\n', "[wiki] user must be a bot-password login, Name@appid"),
    ('[wiki]\nuser = "@nomicbot"\n', "[wiki] user must be a bot-password login, Name@appid"),
    ('[wiki]\nuser = "NomicBot@"\n', "[wiki] user must be a bot-password login, Name@appid"),
    ('[wiki]\npath = "w/"\n', "[wiki] path must be the wiki's script path, starting with /"),
    ('[wiki]\npath = "/w/?x=1"\n', "[wiki] path must be the wiki's script path"),
    ('[wiki]\npassword_file = ""\n', "[wiki] password_file must be the path of a 0600 file"),
    # [mirror]
    ('[mirror]\ndatabase = ":memory:"\n', "[mirror] database must be a SQLite file path"),
    ('[mirror]\ndatabase = ""\n', "[mirror] database must be a SQLite file path"),
    (
        '[mirror]\ndatabase = "file::memory:?cache=shared"\n',
        "[mirror] database ... would keep nothing",
    ),
    ('[mirror]\ndatabase = "sqlite:///m.sqlite"\n', "[mirror] database ... got a sqlite:// URL"),
    (
        '[mirror]\ndatabase = "mysql://u@db.test/nomic"\n',
        "[mirror] database ... got a mysql:// URL",
    ),
    (
        '[mirror]\ndatabase = "postgresql://db.test:port/nomic"\n',
        "[mirror] database ... got a malformed URL",
    ),
    ('[mirror]\ndatabase = "mirrors/"\n', "[mirror] database ... names a directory"),
    # [game]
    ('[game]\ncontact = "https://ann:pw@wiki.test/User:Ann"\n', "[game] contact must be a URL"),
    ('[game]\nplayer = "Ann\\nX-Evil: 1"\n', "[game] player must be a player name with no"),
    ('[game]\nterms = { player = "" }\n', "[terms] player must be a word, not empty"),
    ('[game]\nprofile = "borednomic"\ntimezone = "Mars/Base"\n', "[game] timezone: 'Mars/Base'"),
    (
        '[game]\nprofile = "borednomic"\nrepeated_votes = "middle"\n',
        "[game] repeated_votes: 'middle' is not one of 'last', 'first' (profile borednomic)",
    ),
    (
        '[game]\nprofile = "infinite-nomic"\ncycle_began = "soon"\n',
        "[game] cycle_began: 'soon' is not an ISO-8601 time",
    ),
    ('[game]\nprofile = "nomopoly-iv"\ncool_downs_first = "x"\n', "[game] cool_downs_first"),
    # [watch]
    ('[watch]\ninterval = "0s"\n', "[watch] interval must be a duration from 1s to 24h"),
    ('[watch]\ninterval = "forever"\n', "[watch] interval must be a duration from 1s to 24h"),
    ('[watch]\ninterval = "48h"\n', "[watch] interval must be a duration from 1s to 24h"),
    ('[watch]\nwebhook = "hooks.test/secret-token"\n', "[watch] webhook must be an http://"),
    ('[watch]\nwebhook_file = " "\n', "[watch] webhook_file must be the path of a 0600 file"),
    ('[watch]\nauto_resolve_as = "Ann\\tBob"\n', "[watch] auto_resolve_as must be an Admin's"),
]


def _with_blog(text: str) -> str:
    """``text`` with a [blog] url (a port nothing listens on), unless it writes its own."""
    if "[blog]" not in text:
        return '[blog]\nurl = "http://127.0.0.1:9/"\n' + text
    if "\nurl =" in text:
        return text
    return text.replace("[blog]\n", '[blog]\nurl = "http://127.0.0.1:9/"\n')


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize(("text", "message"), JUNK, ids=[t for t, _ in JUNK])
@pytest.mark.parametrize("command", ["sync", "status", "watch --once"])
def test_every_setting_is_checked_before_anything_runs(
    tmp_path: Path, text: str, message: str, command: str
) -> None:
    """One line naming the file, the key and what is allowed; nothing else happens."""
    path = _write(tmp_path, _with_blog(text))
    path.chmod(0o600)  # a [watch] webhook may only be in a private file
    result = _invoke(*command.split(), "--config", str(path))
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    first, *more = message.split(" ... ")
    assert result.stderr.startswith(f"Error: {path}: {first}"), result.stderr
    assert all(part in result.stderr for part in more), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.output and "secret-token" not in result.output
    assert not (tmp_path / "nomicbot.sqlite").exists()  # no mirror was opened


@pytest.mark.parametrize(
    "text",
    ["", "# nothing set\n", '[game]\nplayer = "Kevan"\n', '[blog]\nmarkup = "classic"\n'],
    ids=["empty file", "only a comment", "no [blog]", "[blog] without url"],
)
@pytest.mark.parametrize("command", ["sync", "watch --once"])
def test_reading_the_blog_needs_its_url_in_the_file(
    tmp_path: Path, text: str, command: str
) -> None:
    """Once these read the sandbox's default address, retrying it for 30 seconds."""
    path = _write(tmp_path, text)
    result = _invoke(*command.split(), "--config", str(path))
    assert result.exit_code == 1, result.output
    assert result.output == (
        f"Error: {path}: no [blog] url: this command reads the blog, so the file must say "
        'where it is (e.g. [blog] url = "https://blognomic.com/")\n'
    )
    assert not (tmp_path / "nomicbot.sqlite").exists()


@pytest.mark.parametrize("text", ["", '[game]\nplayer = "Kevan"\n'], ids=["empty", "no [blog]"])
def test_commands_that_do_not_read_the_blog_keep_working_without_it(
    tmp_path: Path, text: str
) -> None:
    path = _write(tmp_path, text)
    result = _invoke(
        "status", "--config", str(path), "--archive", "example:nomicland", "--now", NOW
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"As of {NOW}: 8 Imagineers, Quorum 5, Boss: Kevan")
    assert load_config(path).given == frozenset({"game.player"} if text else set())


@pytest.mark.parametrize(
    "text",
    [
        '[wiki]\nuser = "NomicBot@nomicbot"\nvotes_page = "User:NomicBot/Votes"\n',
        '[wiki]\nuser = "NomicBot@nomicbot"\nvotes_page = "user talk: nomicBot/Votes"\n',
        '[wiki]\nvotes_page = "Usergroup:Someone/Votes"\n',
        '[wiki]\nrun_page = "User:Kevan/Stop the bot"\n',
        '[mirror]\ndatabase = "postgresql://ann:pw@127.0.0.1:5432/nomic?sslmode=disable"\n',
        '[mirror]\ndatabase = "postgres://127.0.0.1/nomic"\n',
        "[blog]\nmin_interval = 0\n[wiki]\nedit_interval = 3600\n",
        '[blog]\nstart = "2016-02-29"\nurl = "HTTPS://Blog.Test:8443/nomic/"\n',
        '[watch]\ninterval = "24h"\nauto_resolve_as = "Kevan"\n',
        '[game]\nprofile = "nomopoly-iv"\ntimezone = "Europe/London"\ncool_downs_first = false\n',
    ],
)
def test_settings_that_are_allowed(tmp_path: Path, text: str) -> None:
    load_config(_write(tmp_path, text))


def test_a_login_in_a_url_is_taken_out_of_it(tmp_path: Path) -> None:
    """The URL the bot shows, links to, logs and stores never holds the login."""
    path = _write(
        tmp_path,
        '[blog]\nurl = "http://ann:p%40ss-Blog1@blog.test/"\n'
        '[wiki]\nurl = "https://bob:Wiki-pw2@wiki.test/w/"\n',
    )
    config = load_config(path)
    assert config.blog.url == "http://blog.test/" and config.wiki.url == "https://wiki.test/w/"
    assert config.blog.http_auth == ("ann", "p@ss-Blog1")
    assert config.wiki.http_auth == ("bob", "Wiki-pw2")
    shown = repr(config) + str(config)
    assert not any(s in shown for s in ("p%40ss", "p@ss", "Blog1", "Wiki-pw2", "bob:"))
    assert "operator: unknown" in config.user_agent and "ann" not in config.user_agent


@pytest.mark.parametrize(
    "url",
    [
        "http://ann:s3cret-pw@[::1",
        "http://ann:s3cret-pw@blog.test:port/",
        "http://ann:s3cret/pw@blog.test/",
        "ann:s3cret-pw@blog.test",
        "ftp://ann:s3cret-pw@blog.test/",
    ],
)
def test_a_refused_url_is_shown_without_its_login(tmp_path: Path, url: str) -> None:
    path = _write(tmp_path, f'[blog]\nurl = "{url}"\n')
    with pytest.raises(ConfigError, match=r"\[blog\] url must be") as info:
        load_config(path)
    assert "s3cret" not in str(info.value)


def test_the_markups_are_the_scrapers() -> None:
    assert set(MARKUPS) == set(blog_markup.MARKUPS)
