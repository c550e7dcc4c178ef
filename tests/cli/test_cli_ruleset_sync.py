"""``nomicbot sync`` reads the wiki Ruleset page's history into the mirror (the sandbox
blog, the real sandbox MediaWiki, a SQLite mirror), and ``export`` writes it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.plugins.blog import build_game
from tests.plugins.wiki import HumanEditor
from wikibot.cli import cli
from wikibot.config import Config
from wikibot.mirror.api import load_game_from_mirror
from wikibot.sandbox.blog import SandboxBlog
from wikibot.sandbox.mediawiki import RunningWiki

pytestmark = pytest.mark.integration


def write_config(tmp_path: Path, blog: SandboxBlog, wiki: Config, *, ruleset: str) -> Path:
    path = tmp_path / "nomicbot.toml"
    path.write_text(
        f"""[blog]
url = "{blog.url}"
markup = "classic"
min_interval = 0
start = "2016-01-01"

[wiki]
url = "{wiki.wiki.url}"
path = "{wiki.wiki.path}"
user = "{wiki.wiki.user}"
password_file = "{wiki.wiki.password_file}"
ruleset_page = "{ruleset}"
edit_interval = 0

[mirror]
database = "{tmp_path / "mirror.sqlite"}"

[game]
player = "Tester"
contact = "https://example.org/nomicbot-tests"
""",
        encoding="utf-8",
    )
    return path


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_sync_reads_each_ruleset_edit_once_and_then_one_request(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    sandbox_wiki: RunningWiki,
    page_title: str,
    clean_env: None,
) -> None:
    ruleset = f"{page_title}/Ruleset"
    first_id = human.edit(ruleset, "All Imagineers shall obey it.", "the Ruleset")
    config = str(write_config(tmp_path, sandbox_blog(build_game(3)), wiki_config, ruleset=ruleset))

    first = invoke("sync", "--config", config)
    assert first.exit_code == 0, first.output
    assert first.stdout.startswith("Sync run 1 (full): ok.")
    assert "Ruleset: 1 new revision(s) (1 request)\n" in first.stdout

    second_id = human.edit(ruleset, "All Players shall obey it.", "the keyword renamed")
    second = invoke("sync", "--config", config)
    assert second.exit_code == 0, second.output
    assert "Ruleset: 1 new revision(s) (2 requests)\n" in second.stdout

    third = invoke("sync", "--config", config)
    assert third.exit_code == 0, third.output
    assert "Ruleset: no change (1 request)\n" in third.stdout

    game = load_game_from_mirror(str(tmp_path / "mirror.sqlite"))
    assert [(r.revision, r.text, r.summary) for r in game.rulesets] == [
        (first_id, "All Imagineers shall obey it.", "the Ruleset"),
        (second_id, "All Players shall obey it.", "the keyword renamed"),
    ]
    admin = sandbox_wiki.credentials.admin_user
    assert {r.by for r in game.rulesets} == {admin}


def test_a_wiki_that_cannot_be_reached_is_one_warning_and_the_blog_sync_completes(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    clean_env: None,
) -> None:
    blog = sandbox_blog(build_game(3))
    path = write_config(tmp_path, blog, wiki_config, ruleset="Ruleset")
    # The blog's own address as the wiki's: it has no api.php.
    text = path.read_text(encoding="utf-8").replace(
        f'url = "{wiki_config.wiki.url}"', f'url = "{blog.url}"'
    )
    path.write_text(text, encoding="utf-8")
    result = invoke("sync", "--config", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Sync run 1 (full): ok.")
    assert "Ruleset" not in result.stdout
    warnings = [line for line in result.stderr.splitlines() if "Ruleset" in line]
    assert len(warnings) == 1 and warnings[0].startswith("warning: Ruleset not read: ")
    assert "cannot reach the wiki" in warnings[0]
    assert "Traceback" not in result.output
    assert load_game_from_mirror(str(tmp_path / "mirror.sqlite")).rulesets == ()


@pytest.mark.parametrize("format_", ["1", "2"])
def test_export_writes_the_rulesets_the_sync_read(
    tmp_path: Path,
    sandbox_blog: Callable[..., SandboxBlog],
    wiki_config: Config,
    human: HumanEditor,
    sandbox_wiki: RunningWiki,
    page_title: str,
    clean_env: None,
    format_: str,
) -> None:
    ruleset = f"{page_title}/Ruleset"
    first_id = human.edit(ruleset, "All Imagineers shall obey it.", "the Ruleset")
    second_id = human.edit(ruleset, "All Players shall obey it.", "the keyword renamed")
    config = str(write_config(tmp_path, sandbox_blog(build_game(3)), wiki_config, ruleset=ruleset))
    assert invoke("sync", "--config", config).exit_code == 0
    game = load_game_from_mirror(str(tmp_path / "mirror.sqlite"))

    exported = invoke("export", "--config", config, "--format", format_)
    assert exported.exit_code == 0, exported.output
    entries = json.loads(exported.stdout)["rulesets"]
    admin = sandbox_wiki.credentials.admin_user
    assert entries == [
        {
            "at": r.at.isoformat().replace("+00:00", "Z"),
            "text": text,
            "revision": revid,
            "by": admin,
            "summary": summary,
        }
        for r, (revid, text, summary) in zip(
            game.rulesets,
            [
                (first_id, "All Imagineers shall obey it.", "the Ruleset"),
                (second_id, "All Players shall obey it.", "the keyword renamed"),
            ],
            strict=True,
        )
    ]
