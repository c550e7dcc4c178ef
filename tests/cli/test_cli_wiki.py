"""The wiki commands: ``publish``, ``wiki check`` and ``sandbox wiki``."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tests.plugins.wiki import HumanEditor
from tests.wiki.test_drift import CLEAN_GNDT, CLEAN_PARK, GNDT, PARK
from tests.wiki.test_votes_page import VOTED
from wikibot.cli import cli
from wikibot.sandbox.mediawiki import RunningWiki, write_config
from wikibot.wiki.client import WikiClient

pytestmark = pytest.mark.integration

NOW = "2016-05-23T20:00:00Z"


@pytest.fixture
def config_file(sandbox_wiki: RunningWiki, tmp_path: Path, page_title: str) -> Path:
    """A nomicbot.toml for the sandbox wiki whose pages are this test's own."""
    path = tmp_path / "nomicbot.toml"
    path.write_text(
        "[blog]\n"
        'url = "https://blognomic.test/"\n'
        "[game]\n"
        'contact = "mailto:ops@nomic.test"\n'
        "[wiki]\n"
        f'url = "{sandbox_wiki.url}"\n'
        'user = "NomicBot@nomicbot"\n'
        f'password_file = "{sandbox_wiki.credentials.bot_password_file}"\n'
        f'votes_page = "{page_title}/Votes"\n'
        f'nomicland_page = "{page_title}/Nomicland"\n'
        f'gamestate_page = "{page_title}/Gamestate"\n'
        'ruleset_page = "Ruleset"\n',
        encoding="utf-8",
    )
    return path


@pytest.fixture
def archive_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(VOTED), encoding="utf-8")
    return path


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_publish_is_a_dry_run_by_default(
    config_file: Path, archive_file: Path, bot: WikiClient, page_title: str
) -> None:
    code, out = _run(
        "publish", "--config", str(config_file), "--archive", str(archive_file), "--now", NOW
    )
    assert code == 0, out
    assert f"+++ {page_title}/Votes (nomicbot)" in out
    assert " || Josh || 2: Josh, Kevan || 1: Bob || 0 || 3 || '''wait'''" in out
    assert out.rstrip().endswith("dry run, nothing written (use --apply to save).")
    assert bot.history(f"{page_title}/Votes") == ()


def test_publish_apply_twice_makes_exactly_one_edit(
    config_file: Path, archive_file: Path, bot: WikiClient, human: HumanEditor, page_title: str
) -> None:
    title = f"{page_title}/Votes"
    human.edit(title, "Intro kept by humans.")
    base = ["publish", "--apply", "--config", str(config_file), "--archive", str(archive_file)]
    code, out = _run(*base, "--now", NOW)
    assert code == 0 and out.startswith(f"{title}: saved revision "), out
    code, out = _run(*base, "--now", "2016-05-23T21:30:00Z")
    assert (code, out) == (0, f"{title}: no change (the published tally is current).\n")
    assert [r.user for r in bot.history(title)] == ["NomicBot", "Admin"]
    assert bot.read(title).text.startswith("Intro kept by humans.\n\n<!-- nomicbot:votes begin")


def test_publish_with_a_bad_password_is_one_line(
    config_file: Path, archive_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong = "not-the-bot-password-0123456789abcdef"
    monkeypatch.setenv("NOMICBOT_WIKI_PASSWORD", wrong)
    result = CliRunner().invoke(
        cli, ["publish", "--config", str(config_file), "--archive", str(archive_file)]
    )
    assert result.exit_code == 1
    assert result.output.startswith("Error: wiki login as NomicBot@nomicbot failed: Failed: ")
    assert result.output.count("\n") == 1 and wrong not in result.output


def test_publish_with_an_empty_password_file_says_so(
    config_file: Path, archive_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NOMICBOT_WIKI_PASSWORD", raising=False)
    empty = tmp_path / "empty-password"
    empty.touch(mode=0o600)
    text = config_file.read_text(encoding="utf-8")
    config_file.write_text(
        re.sub(r'(?m)^password_file = ".*"$', f'password_file = "{empty}"', text), "utf-8"
    )
    result = CliRunner().invoke(
        cli, ["publish", "--config", str(config_file), "--archive", str(archive_file)]
    )
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: wiki password_file {empty} is empty: ")
    assert result.output.count("\n") == 1 and "bot right" not in result.output


def test_wiki_check_reports_problems(
    config_file: Path, human: HumanEditor, page_title: str
) -> None:
    human.edit(f"{page_title}/Nomicland", PARK)
    human.edit(f"{page_title}/Gamestate", GNDT)
    code, out = _run("wiki", "check", "--config", str(config_file))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f'{page_title}/Gamestate line 6: Josh\'s Debt is 25 (rule "Budget"')
    assert any(line.startswith(f"{page_title}/Nomicland line 5: ") for line in lines)
    assert "Ledger: the mirror's ledger holds no gamestate actions" in out
    assert lines[-1] == "4 problem(s) found."


def test_wiki_check_clean(config_file: Path, human: HumanEditor, page_title: str) -> None:
    human.edit(f"{page_title}/Nomicland", CLEAN_PARK)
    human.edit(f"{page_title}/Gamestate", CLEAN_GNDT)
    code, out = _run("wiki", "check", "--config", str(config_file))
    assert code == 0, out
    assert out.splitlines()[-1] == "OK: no problems found."


def test_wiki_check_reports_a_number_too_long_to_read(
    config_file: Path, human: HumanEditor, page_title: str
) -> None:
    human.edit(f"{page_title}/Nomicland", CLEAN_PARK)
    huge = "1" * 5000  # past Python's int-digits limit: once a raw ValueError
    human.edit(
        f"{page_title}/Gamestate", CLEAN_GNDT.replace("| Josh || 0 ||", f"| Josh || {huge} ||")
    )
    code, out = _run("wiki", "check", "--config", str(config_file))
    assert code == 1, out
    lines = out.splitlines()
    ones = "1" * 19
    assert lines[0].startswith(
        f"{page_title}/Gamestate line 6: Josh's Budget '{ones}\u2026{ones}' has 5000 digits, "
        'too many to be read (rule "Budget": '
    )
    assert lines[-1] == "1 problem(s) found."


def test_sandbox_wiki_install_only(tmp_path: Path) -> None:
    code, out = _run("sandbox", "wiki", "--data", str(tmp_path / "w"), "--install-only")
    assert code == 0, out
    assert out.splitlines()[0] == f"Installed in {tmp_path / 'w'}"
    assert (tmp_path / "w" / "nomicbot.toml").exists()
    # Installing again re-uses it.
    marker = tmp_path / "w" / ".nomicbot-installed"
    before = marker.stat().st_mtime_ns
    assert _run("sandbox", "wiki", "--data", str(tmp_path / "w"), "--install-only")[0] == 0
    assert marker.stat().st_mtime_ns == before


def test_sandbox_wiki_serves_until_stopped(sandbox_wiki: RunningWiki) -> None:
    command = [
        sys.executable, "-c", "from wikibot.cli import cli; cli()",
        "sandbox", "wiki", "--data", str(sandbox_wiki.data_dir), "--port", "0",
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith("Sandbox wiki at http://127.0.0.1:"), first
        url = first.split()[3]
        with urllib.request.urlopen(url + "api.php?action=query&format=json", timeout=10) as r:
            assert r.status == 200
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
        write_config(sandbox_wiki.config_path, sandbox_wiki.url, sandbox_wiki.credentials)
    assert process.returncode == 0, err
    assert out.rstrip().endswith("Stopping.")


@pytest.mark.parametrize("path", [["sandbox", "wiki"], ["publish"], ["wiki", "check"]])
def test_every_wiki_command_has_help_with_an_example(path: list[str]) -> None:
    code, out = _run(*path, "--help")
    assert code == 0 and "Example:" in out
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        command = command.commands[name]
    assert command.help and len(command.help.split()) > 20
