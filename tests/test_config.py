"""nomicbot.toml: sections, clear errors, and secrets only from env or a 0600 file."""

from __future__ import annotations

import os
from importlib import metadata
from pathlib import Path

import pytest

from wikibot.config import PASSWORD_ENV, load_config, package_version
from wikibot.errors import ConfigError


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
