"""``nomicbot sync`` and ``nomicbot export`` against the sandbox blog and a SQLite file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamestate.profiles.blognomic_139.models import Game
from tests.mirror.test_mirror_rosters import one_snapshot
from tests.plugins.blog import build_game
from wikibot.archive import game_from_dict, game_to_dict
from wikibot.cli import cli
from wikibot.mirror import sync_runs
from wikibot.mirror.api import Mirror
from wikibot.sandbox.blog import SandboxBlog

pytestmark = pytest.mark.integration


def write_config(tmp_path: Path, blog: SandboxBlog, *, start: str = "2016-01-01") -> Path:
    path = tmp_path / "nomicbot.toml"
    path.write_text(
        f'[blog]\nurl = "{blog.url}"\nmarkup = "classic"\nmin_interval = 0\nstart = "{start}"\n'
        '[mirror]\ndatabase = "mirror.sqlite"\n'
        '[game]\nplayer = "Tester"\n',
        encoding="utf-8",
    )
    return path


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def archive(game: Game) -> dict[str, Any]:
    data = game_to_dict(game)
    data["posts"].sort(key=lambda p: p["id"])
    return data


@pytest.mark.parametrize("command", ["sync", "export"])
def test_every_command_has_help_with_an_example(command: str) -> None:
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "Example:" in result.output and "--config" in result.output


def test_sync_then_export_gives_back_the_blog(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    game = build_game(15)
    blog = sandbox_blog(game)
    config = str(write_config(tmp_path, blog))
    first = invoke("sync", "--config", config)
    assert first.exit_code == 0, first.output
    assert first.stdout.startswith("Sync run 1 (full): ok.")
    assert "15 new posts" in first.stdout
    assert "Reading the blog back" in first.stderr  # the progress bar, on stderr
    second = invoke("sync", "--config", config)
    assert second.stdout.startswith("Sync run 2 (incremental): ok. 1 request (1 not modified)")
    out = tmp_path / "out.json"
    assert invoke("export", "--config", config, "--output", str(out)).exit_code == 0
    # The blog's archive, plus the roster the syncs saw (one snapshot: it did not change).
    exported = archive(game_from_dict(json.loads(out.read_text(encoding="utf-8"))))
    assert one_snapshot(exported) == archive(game)
    to_stdout = invoke("export", "--config", config)
    assert archive(game_from_dict(json.loads(to_stdout.stdout))) == exported


def test_sync_from_a_monthly_archive(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    game = build_game(15)  # 1 March to 4 April 2016
    blog = sandbox_blog(game)
    config = str(write_config(tmp_path, blog))
    result = invoke("sync", "--config", config, "--archive-url", "2016/03/")
    assert result.exit_code == 0, result.output
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror:
        months = {p.posted_at.month for p in mirror.to_game().posts}
        assert months == {3}
        assert sync_runs(mirror)[0].kind == "full"


def test_a_bad_since_date_is_one_line(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    config = str(write_config(tmp_path, sandbox_blog(build_game(3))))
    result = invoke("sync", "--config", config, "--since", "May 2016")
    assert result.exit_code == 1
    assert result.output == "Error: --since: expected a date as YYYY-MM-DD, got 'May 2016'\n"


def test_a_bad_start_in_the_config_is_one_line(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    config = str(write_config(tmp_path, sandbox_blog(build_game(3)), start="2016-02-30"))
    result = invoke("sync", "--config", config)
    assert result.exit_code == 1
    # Refused as the config is read, naming the file and the key.
    assert result.output == (
        f"Error: {config}: [blog] start must be a date that exists, written YYYY-MM-DD, "
        "got '2016-02-30'\n"
    )


def test_export_without_a_mirror_says_to_sync_first(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    config = str(write_config(tmp_path, sandbox_blog(build_game(3))))
    out = tmp_path / "out.json"
    result = invoke("export", "--config", config, "--output", str(out))
    assert result.exit_code == 1
    assert "does not exist; run `nomicbot sync` first" in result.output
    assert "Traceback" not in result.output
    assert not out.exists() and not (tmp_path / "mirror.sqlite").exists()


@pytest.mark.parametrize("command", [["sync"], ["watch", "--once"]])
def test_without_a_config_file_nothing_is_read_and_no_mirror_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    """No nomicbot.toml here and none named: the blog's address would be the sandbox's
    default, which nobody chose. One line, before any request or file."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NOMICBOT_CONFIG", raising=False)
    result = CliRunner().invoke(cli, command)
    assert result.exit_code == 1, result.output
    assert result.output.startswith("Error: no config file: no nomicbot.toml here")
    assert result.output.count("\n") == 1 and "contact" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_sync_verify_finds_an_edit_the_comment_count_does_not_show(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    game = build_game(15)
    blog = sandbox_blog(game)
    config = str(write_config(tmp_path, blog))
    assert invoke("sync", "--config", config).exit_code == 0
    post = next(p for p in game.posts if len(p.comments) == 3)
    # The blog shows the post's comments edited (same count): a plain sync does not look.
    blog.add_fault(
        "rewrite", path=f"/archive/{post.id}", pattern="Looks fine", replacement="Looks bad"
    )
    plain = invoke("sync", "--config", config)
    assert plain.stdout.startswith("Sync run 2 (incremental): ok. 1 request (1 not modified)")
    with_comments = sum(1 for p in game.posts if p.comments)
    verified = invoke("sync", "--config", config, "--verify")
    assert verified.exit_code == 0, verified.output
    assert verified.stdout.startswith(
        f"Sync run 3 (incremental): ok. {1 + with_comments} requests "
        f"({with_comments} not modified), 1 page read, 1 of them posts."
    )
    assert "3 audit findings" in verified.stdout
    with Mirror.open(str(tmp_path / "mirror.sqlite")) as mirror:
        findings = mirror.findings()
    assert {(f.kind, f.post_id) for f in findings} == {("edited", post.id)}
    assert all("Looks bad" in (f.new_html or "") for f in findings)
