"""BlogNomic 139 as a profile: a nomic-archive/2 archive with ``profile: blognomic-139``
gives the same verdicts as its /1 form, whether it keeps the blog's comments or
lists only the votes; and the /2 form loses nothing of the /1 record."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest

from gamestate import evaluate
from gamestate.profiles import ProfileError, archive_from_dict, archive_to_dict, get_profile
from gamestate.profiles.blognomic_139 import (
    PROFILE,
    archive_from_game,
    game_from_archive,
)
from gamestate.profiles.blognomic_139.verdicts import Clause
from rules_text.seed import seed_text
from wikibot.archive import game_to_dict, read_archive_file

EXAMPLE = read_archive_file("example:nomicland")
NOWS = [
    datetime.fromisoformat(t)
    for t in (
        "2016-05-16T21:04:00+00:00",
        "2016-05-17T12:00:00+00:00",
        "2016-05-18T20:00:00+00:00",
        "2016-05-18T20:00:01+00:00",
        "2016-05-23T09:04:01+00:00",
        "2016-05-25T00:00:00+00:00",
    )
]


def v2(keep_comments: bool) -> dict[str, Any]:
    data = archive_to_dict(archive_from_game(EXAMPLE))
    if not keep_comments:
        for m in data["matters"]:
            del m["comments"]
    return json.loads(json.dumps(data))


def verdicts_v1(now: datetime) -> list[tuple[str, str, int, int, str, Any]]:
    status = evaluate(EXAMPLE, now)
    return [
        (
            m.post.id,
            m.decision.verdict.value,
            m.tally.for_count,
            m.tally.against_count,
            m.decision.why,
            m.decidable_at,
        )
        for m in status.matters
    ]


def verdicts_v2(data: dict[str, Any], now: datetime) -> list[tuple[str, str, int, int, str, Any]]:
    report = PROFILE.evaluate(archive_from_dict(data), now, None)
    return [
        (mid, o.outcome, o.numbers["for"], o.numbers["against"], o.reason, o.next_change)
        for mid, o in report.matters.items()
    ]


@pytest.mark.parametrize("now", NOWS, ids=lambda t: t.isoformat())
@pytest.mark.parametrize("keep_comments", [True, False], ids=["with comments", "votes only"])
def test_a_v2_archive_gives_the_same_verdicts_as_its_v1_form(
    now: datetime, keep_comments: bool
) -> None:
    expected = verdicts_v1(now)
    assert expected  # the example has pending matters at every instant tested
    assert verdicts_v2(v2(keep_comments), now) == expected


def test_the_v2_form_with_comments_loses_nothing_of_the_v1_record() -> None:
    back = game_from_archive(archive_from_dict(v2(True)))
    assert game_to_dict(back) == game_to_dict(EXAMPLE)


def test_votes_that_disagree_with_the_comments_are_refused() -> None:
    data = v2(True)
    matter = next(m for m in data["matters"] if m["votes"])
    matter["votes"][0]["value"] = "AGAINST" if matter["votes"][0]["value"] == "FOR" else "FOR"
    with pytest.raises(ProfileError, match=f"matter {matter['id']}: its votes disagree"):
        PROFILE.check(archive_from_dict(data, source="x.json"))


def test_the_profile_knows_its_words() -> None:
    data = v2(False)
    data["matters"][0]["votes"] = [{"voter": "Kevan", "value": "Yay", "at": "2016-05-16T10:00:00Z"}]
    with pytest.raises(ProfileError) as caught:
        get_profile("blognomic-139").check(archive_from_dict(data, source="x.json"))
    assert "'Yay' is an unknown vote in BlogNomic" in str(caught.value)
    assert str(caught.value).endswith("(profile blognomic-139)")


@pytest.mark.parametrize("clause", list(Clause), ids=lambda c: c.value)
def test_each_clause_quotes_ruleset_139(clause: Clause) -> None:
    """A "wait" quotes the clause that could next allow a resolution."""
    words = PROFILE.clause_words(clause, "Proposal")
    assert words and words.rstrip(".") in seed_text_003(), words


def seed_text_003() -> str:
    from pathlib import Path

    here = Path(__file__).resolve().parents[3]
    path = here.parent / "shared" / "seeds" / "003_f0415674b2be2b8d.txt"
    assert path.exists(), f"{path} is missing: ../shared must sit beside the checkout"
    return " ".join(path.read_text(encoding="utf-8").split())


def test_the_other_seeds_ship_as_package_data() -> None:
    assert "BoredNomic" in seed_text("000_9da9b2a702a7fe70.txt")
    assert "Order of the Admins Day" in seed_text("004_9726ba3d19e85e82.txt")


def test_decidable_at_is_the_next_change() -> None:
    now = NOWS[1]
    report = PROFILE.evaluate(archive_from_dict(v2(False)), now, None)
    cfj = report.matters["call_for_judgement_lagoon_licence"]
    assert cfj.outcome == "wait"
    assert cfj.next_change == datetime.fromisoformat("2016-05-16T20:00:00+00:00") + timedelta(
        hours=48, seconds=1
    )
