"""The profile commands: ``profiles``, ``status`` of a nomic-archive/2 archive (the JSON
of ARCHITECTURE.md 2b), ``[game] profile``, ``export --format 2``, and junk archives
giving only one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from gamestate.profiles import ProfileError, archive_to_dict, get_profile, profile_names
from gamestate.profiles.blognomic_139 import archive_from_game
from tests.plugins.blog import build_game
from wikibot.archive import format_time, read_archive_file
from wikibot.cli import cli
from wikibot.errors import ArchiveError
from wikibot.examples import example_names, example_path
from wikibot.profile_archive import profile_archive_from_data
from wikibot.sandbox.blog import SandboxBlog

KEYS_2B = {
    "profile",
    "now",
    "since",
    "matters",
    "state",
    "game_state",
    "due",
    "next_due",
    "actions",
    "effect_order",
    "judge",
    "winners",
    "game_end",
    "achieved",
    "rules_after_day",
}
MATTER_KEYS = {"outcome", "clause", "reason", "next_change"}
OUTCOMES = {
    "blognomic-139": {"enact", "fail", "wait", "blocked"},
    "borednomic": {"accepted", "rejected", "vetoed", "open", "late", "not considered", "invalid"},
    "nomopoly": {"awaiting judgement", "replaced", "accepted", "rejected", "accepted in part"},
    "infinite-nomic": {
        "takes effect",
        "does not take effect",
        "open",
        "invalid",
        "popular",
        "not popular",
        "stands",
        "overturned",
    },
    "nomopoly-iv": {"allowed", "not allowed"},
}
NUMBERS = {
    "blognomic-139": {"for", "against", "quorum", "decidable_at", "self_killed"},
    "borednomic": {"yay", "nay", "closes_at"},
    "nomopoly": {"batch_day", "turn_order", "dice", "direction", "by"},
    "infinite-nomic": {
        "for",
        "against",
        "voting_period",
        "effect_at",
        "overturn",
        "affirm",
        "closes_at",
    },
    "nomopoly-iv": set(),
}


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def nomicland_v2(tmp_path: Path) -> Path:
    path = tmp_path / "nomicland-v2.json"
    archive = archive_from_game(read_archive_file("example:nomicland"))
    path.write_text(json.dumps(archive_to_dict(archive)), encoding="utf-8")
    return path


def test_profiles_lists_each_profile_with_its_seed_and_settings() -> None:
    result = invoke("profiles")
    assert result.exit_code == 0, result.output
    for name in profile_names():
        spec = get_profile(name)
        default = " (the default)" if name == "blognomic-139" else ""
        assert f"{name}{default}: {spec.title}, seed {spec.seed}\n" in result.output
        for setting in spec.settings:
            assert f"    {setting.name} = " in result.output
    # Choices as a config file spells them (TOML/JSON), not as Python does.
    assert "cool_downs_first = true (one of true, false)" in result.output
    assert '(one of "last", "first")' in result.output
    lines = [json.loads(line) for line in invoke("profiles", "--json").output.splitlines()]
    assert [p["name"] for p in lines] == profile_names()


def test_status_json_of_a_v2_archive_is_section_2b(tmp_path: Path) -> None:
    result = invoke(
        "status",
        "--archive",
        str(nomicland_v2(tmp_path)),
        "--now",
        "2016-05-17T12:00:00Z",
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # BlogNomic's 2b object also carries the Ruleset in force (ARCHITECTURE.md 2c).
    assert set(data) == KEYS_2B | {"rules"}
    assert data["rules"]["source"] == "seed" and data["rules"]["quorum"] == 5
    assert data["profile"] == "blognomic-139" and data["since"] is None
    crane = data["matters"]["the_crane_of_death"]
    assert MATTER_KEYS | NUMBERS["blognomic-139"] <= set(crane)
    assert (crane["outcome"], crane["for"], crane["against"], crane["quorum"]) == ("enact", 5, 0, 5)
    assert crane["next_change"] == crane["decidable_at"] == "2016-05-23T09:04:01Z"
    assert crane["clause"].startswith("It has a number of FOR Votes that exceed or equal Quorum")


def test_the_v1_status_is_unchanged_by_the_profiles() -> None:
    result = invoke(
        "status", "--archive", "example:nomicland", "--now", "2016-05-17T12:00:00Z", "--json"
    )
    data = json.loads(result.stdout)
    assert set(data) == {
        "now",
        "quorum",
        "players",
        "hiatus",
        "hiatus_reason",
        "matters",
        "victory",
        "rules",  # ARCHITECTURE.md 2c
    }
    assert data["matters"][0]["verdict"] == "enact"


@pytest.mark.parametrize("profile", [p for p in profile_names() if p != "blognomic-139"])
def test_each_example_gives_verdicts_and_clauses(profile: str) -> None:
    assert profile in example_names(), f"no example archive for {profile}"
    raw = json.loads(example_path(profile).read_text(encoding="utf-8"))
    assert raw["profile"] == profile
    now = raw.get("demo", {}).get("now") or "2030-01-01T00:00:00Z"
    result = invoke("status", "--archive", f"example:{profile}", "--now", now, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == KEYS_2B and data["profile"] == profile
    assert data["matters"]
    for mid, matter in data["matters"].items():
        assert MATTER_KEYS <= set(matter), mid
        assert matter["outcome"] in OUTCOMES[profile], (mid, matter["outcome"])
        assert matter["clause"] and matter["reason"], mid
        assert NUMBERS[profile] <= set(matter), (mid, sorted(matter))
    table = invoke("status", "--archive", f"example:{profile}", "--now", now)
    assert table.exit_code == 0 and "clause: “" in table.output


def test_demo_runs_one_profile_without_servers() -> None:
    result = invoke("demo", "--profile", "borednomic")
    assert result.exit_code == 0, result.output
    assert "$ nomicbot status --archive example:borednomic" in result.output
    assert "(profile borednomic)" in result.output


@pytest.mark.parametrize(
    ("archive", "message"),
    [
        (
            {"format": "nomic-archive/2", "profile": "calvinball"},
            "unknown profile 'calvinball'; the profiles are: blognomic-139, borednomic",
        ),
        (
            {
                "format": "nomic-archive/2",
                "profile": "borednomic",
                "matters": [
                    {
                        "id": "p1",
                        "kind": "proposal",
                        "author": "Ann",
                        "posted_at": "2004-03-01 10:00",
                    }
                ],
            },
            "matter p1.posted_at: the time '2004-03-01 10:00' has no zone",
        ),
        (
            {
                "format": "nomic-archive/2",
                "profile": "borednomic",
                "roster": [{"name": "Ann"}, {"name": "Ben"}],
                "matters": [
                    {
                        "id": "p1",
                        "kind": "proposal",
                        "author": "Ann",
                        "posted_at": "2004-03-01T10:00:00Z",
                        "votes": [{"voter": "Ben", "value": "FOR", "at": "2004-03-05T10:00:00Z"}],
                    }
                ],
            },
            "'FOR' is a BlogNomic voting icon, not a vote in BoredNomic",
        ),
        (
            {
                "format": "nomic-archive/2",
                "profile": "nomopoly",
                "matters": [
                    {
                        "id": "p1",
                        "kind": "motion",
                        "author": "Ann",
                        "posted_at": "2004-03-01T10:00:00Z",
                    }
                ],
            },
            "unknown matter kind 'motion'",
        ),
        (
            {
                "format": "nomic-archive/2",
                "profile": "borednomic",
                "events": [{"at": "2004-03-01T10:00:00Z", "type": "earthquake"}],
            },
            "unknown event type 'earthquake'",
        ),
    ],
    ids=[
        "unknown profile",
        "a time with no zone",
        "an icon in a words game",
        "unknown matter kind",
        "unknown event type",
    ],
)
def test_input_a_profile_does_not_know_is_one_line(
    tmp_path: Path, archive: dict[str, Any], message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(archive), encoding="utf-8")
    result = invoke("status", "--archive", str(path), "--now", "2004-03-10T00:00:00Z")
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {path}: "), result.output
    assert message in lines[0]


def test_game_profile_in_the_config_chooses_the_profile(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "nomic-archive/2", "matters": []}), encoding="utf-8")
    config = tmp_path / "nomicbot.toml"
    config.write_text('[game]\nprofile = "nomopoly"\n', encoding="utf-8")
    result = invoke(
        "status",
        "--archive",
        str(path),
        "--config",
        str(config),
        "--json",
        "--now",
        "2000-01-01T00:00:00Z",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["profile"] == "nomopoly"
    config.write_text('[game]\nprofile = "nomic"\n', encoding="utf-8")
    bad = invoke("status", "--archive", str(path), "--config", str(config))
    assert bad.exit_code == 1
    assert bad.output == (
        f"Error: {config}: [game] profile: unknown profile 'nomic'; the profiles are: "
        + ", ".join(profile_names())
        + "\n"
    )


def test_game_settings_in_the_config_reach_the_profile(tmp_path: Path) -> None:
    config = tmp_path / "nomicbot.toml"
    config.write_text('[game]\nprofile = "borednomic"\ntimezone = "Mars/Base"\n', encoding="utf-8")
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "nomic-archive/2", "matters": []}), encoding="utf-8")
    result = invoke("status", "--archive", str(path), "--config", str(config))
    assert result.exit_code == 1 and "'Mars/Base' is not an IANA time zone" in result.output


def _base(profile: str) -> dict[str, Any]:
    if profile == "blognomic-139":
        return archive_to_dict(archive_from_game(read_archive_file("example:nomicland")))
    data: dict[str, Any] = json.loads(example_path(profile).read_text(encoding="utf-8"))
    return data


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.text(max_size=8),
    st.sampled_from(["2004-02-30T00:00:00Z", "1800-01-01T00:00:00Z", "Yay", "FOR", "admin"]),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.none(), max_size=2),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            out.extend(_paths(v, (*prefix, i)))
    return out


@pytest.mark.parametrize("profile", profile_names())
@given(data=st.data())
def test_junk_archives_give_only_one_line_errors(profile: str, data: st.DataObject) -> None:
    from datetime import UTC, datetime

    archive = _base(profile)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(archive)[1:]))
        target = archive
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = data.draw(JUNK)
    try:
        loaded = profile_archive_from_data(archive, "junk.json")
        loaded.profile.evaluate(loaded.archive, datetime(2030, 1, 1, tzinfo=UTC), None)
    except (ArchiveError, ProfileError) as exc:
        assert "\n" not in str(exc) and str(exc).strip()


@pytest.mark.integration
def test_export_format_2_gives_the_verdicts_of_export_format_1(
    tmp_path: Path, sandbox_blog: Callable[..., SandboxBlog]
) -> None:
    game = build_game(30, explicit_votes=True)
    blog = sandbox_blog(game)
    config = tmp_path / "nomicbot.toml"
    config.write_text(
        f'[blog]\nurl = "{blog.url}"\nmarkup = "classic"\nmin_interval = 0\n'
        'start = "2016-01-01"\n[mirror]\ndatabase = "mirror.sqlite"\n',
        encoding="utf-8",
    )
    assert invoke("sync", "--config", str(config)).exit_code == 0
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    assert invoke("export", "--config", str(config), "--output", str(one)).exit_code == 0
    result = invoke("export", "--config", str(config), "--format", "2", "--output", str(two))
    assert result.exit_code == 0, result.output
    assert json.loads(two.read_text(encoding="utf-8"))["format"] == "nomic-archive/2"
    pending = [p.posted_at for p in game.posts if p.is_votable and p.status.value == "Pending"]
    nows = [format_time(t + timedelta(hours=h)) for t in pending for h in (1, 13, 49)]
    seen = 0
    for now in nows:
        v1 = json.loads(invoke("status", "--archive", str(one), "--now", now, "--json").stdout)
        seen += len(v1["matters"])
        v2 = json.loads(invoke("status", "--archive", str(two), "--now", now, "--json").stdout)
        assert {
            m["id"]: (m["verdict"], m["for"], m["against"], m["why"]) for m in v1["matters"]
        } == {
            k: (m["outcome"], m["for"], m["against"], m["reason"]) for k, m in v2["matters"].items()
        }


def test_the_text_table_never_cuts_a_games_words() -> None:
    """Kinds and outcomes are the seed's words ("judge_candidacy", "does not take effect"):
    the columns are as wide as they need."""
    result = invoke(
        "status", "--archive", "example:infinite-nomic", "--now", "2024-03-20T00:00:00Z"
    )
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line[:1].isalpha()]
    assert any(r.startswith("judge_candidacy  ") for r in rows)
    assert any("  does not take effect  " in r for r in rows)
    assert not any("…" in r for r in rows)
