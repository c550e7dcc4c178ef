"""Times in archives (ARCHITECTURE.md 1 and 1b): UTC ISO-8601, whole seconds, written
``2016-05-23T10:17:00Z`` (an offset such as ``+01:00`` is read for the ``Z``).

``datetime.fromisoformat`` also reads a space for the ``T``, fractions of a second, week
dates and the basic form without separators; every archive reader (``/1``, and ``/2``
of every profile, each field that holds a time) refuses them in one line that names
the field and the value and says what is expected (issue 25, item 7).
"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from gamestate.profiles import ProfileError, archive_from_dict
from gamestate.profiles.archive import TIME_FORM, is_archive_time, parse_time
from wikibot.archive import read_archive, read_archive_file
from wikibot.archive_values import parse_time as parse_time_1
from wikibot.archive_values import plain_time
from wikibot.errors import ArchiveError
from wikibot.examples import example_names, example_path
from wikibot.profile_archive import load_profile_archive

WRONG = {
    "a space for the T": "2016-05-23 10:17:00Z",
    "a fraction of a second": "2016-05-23T10:17:00.5Z",
    "milliseconds": "2016-05-23T10:17:00.000Z",
    "a week date": "2016-W21-1T10:17:00Z",
    "the basic form": "20160523T101700Z",
    "no seconds": "2016-05-23T10:17Z",
    "a comma fraction": "2016-05-23T10:17:00,5Z",
    "spaces around": " 2016-05-23T10:17:00Z ",
    "a fraction and an offset": "2016-05-23T12:17:00.25+02:00",
}
"""Each read by ``datetime.fromisoformat`` (Python 3.11) as a time with a zone."""

RIGHT = {
    "Z": ("2016-05-23T10:17:00Z", datetime(2016, 5, 23, 10, 17, tzinfo=UTC)),
    "an offset": ("2016-05-23T12:17:00+02:00", datetime(2016, 5, 23, 10, 17, tzinfo=UTC)),
    "a lower-case z": ("2016-05-23T10:17:00z", datetime(2016, 5, 23, 10, 17, tzinfo=UTC)),
}


@pytest.mark.parametrize("text", WRONG.values(), ids=WRONG.keys())
def test_python_reads_each_wrong_form_as_a_time_with_a_zone(text: str) -> None:
    """What makes the refusal needed: none of these is junk to fromisoformat."""
    assert datetime.fromisoformat(text.strip()).tzinfo is not None
    assert not is_archive_time(text)


@pytest.mark.parametrize("text", WRONG.values(), ids=WRONG.keys())
def test_both_readers_refuse_each_wrong_form_naming_field_value_and_form(text: str) -> None:
    with pytest.raises(ArchiveError) as one:
        parse_time_1(text, "post 'p1'", field="posted_at")
    with pytest.raises(ProfileError) as two:
        parse_time(text, "matter p1.posted_at")
    assert str(one.value) == (
        f"post 'p1' field 'posted_at': the time {text!r} is not in the archive's form: "
        f"expected {TIME_FORM} (UTC, whole seconds)"
    )
    assert str(two.value) == (
        f"matter p1.posted_at: the time {text!r} is not in the archive's form: "
        f"expected {TIME_FORM} (UTC, whole seconds)"
    )
    assert plain_time(text) is None


@pytest.mark.parametrize(("text", "moment"), RIGHT.values(), ids=RIGHT.keys())
def test_both_readers_read_the_archive_form(text: str, moment: datetime) -> None:
    assert parse_time_1(text, "x") == parse_time(text, "x") == moment
    assert parse_time_1(text, "x").tzinfo is parse_time(text, "x").tzinfo is UTC


# Every field of every shipped example that holds a time, through the reader that
# status uses (read_archive for /1; the profile's reading, check and rules for /2).


def _time_fields(value: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _time_fields(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _time_fields(item, (*path, i))
    elif isinstance(value, str) and is_archive_time(value):
        yield path


def _fields_once(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    """One path per kind of field (``matters.#.votes.#.at`` once), the demo's own
    instants (not read by status) left out."""
    seen: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for path in _time_fields(data):
        if path[0] in ("demo", "now"):
            continue
        kind = tuple("#" if isinstance(p, int) else p for p in path)
        seen.setdefault(kind, path)
    return sorted(seen.values(), key=str)


def _cases() -> Iterator[Any]:
    for name in example_names():
        data = json.loads(example_path(name).read_text(encoding="utf-8"))
        for path in _fields_once(data):
            shown = ".".join("#" if isinstance(p, int) else str(p) for p in path)
            yield pytest.param(name, path, id=f"{name}:{shown}")


def _with(data: dict[str, Any], path: tuple[Any, ...], value: str) -> dict[str, Any]:
    out = copy.deepcopy(data)
    target: Any = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def _week_date(text: str) -> str:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    year, week, day = moment.isocalendar()
    return f"{year}-W{week:02d}-{day}T{moment:%H:%M:%S}Z"


def _status(path: Path, name: str) -> None:
    """What ``status --archive`` reads of the file, up to the verdicts."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if data["format"] == "nomic-archive/1":
        read_archive_file(path)
        return
    loaded = load_profile_archive(path)
    now = datetime.fromisoformat(data["demo"]["now"]) if "demo" in data else None
    moment = now or datetime(2030, 1, 1, tzinfo=UTC)
    try:
        loaded.profile.evaluate(loaded.archive, moment, None)
    except ProfileError as exc:
        raise ArchiveError(str(exc)) from None


@pytest.mark.parametrize(("name", "path"), list(_cases()))
def test_every_time_field_of_every_example_refuses_the_wrong_forms(
    tmp_path: Path, name: str, path: tuple[Any, ...]
) -> None:
    data = json.loads(example_path(name).read_text(encoding="utf-8"))
    target = tmp_path / f"{name}.json"
    target.write_text(json.dumps(data), encoding="utf-8")
    _status(target, name)  # as shipped, it reads
    right: Any = data
    for key in path:
        right = right[key]
    for wrong in (right.replace("T", " "), right.replace("Z", ".5Z"), _week_date(right)):
        target.write_text(json.dumps(_with(data, path, wrong)), encoding="utf-8")
        with pytest.raises(ArchiveError) as caught:
            _status(target, name)
        message = str(caught.value)
        assert repr(wrong) in message and TIME_FORM in message and "\n" not in message
        field = next(p for p in reversed(path) if isinstance(p, str))
        assert field in message, message


def test_the_1_reader_refuses_a_space_in_a_comment_as_the_careful_reading_does() -> None:
    data = json.loads(example_path("nomicland").read_text(encoding="utf-8"))
    post = next(p for p in data["posts"] if p.get("comments"))
    post["comments"][0]["posted_at"] = post["comments"][0]["posted_at"].replace("T", " ")
    with pytest.raises(ArchiveError, match="field 'posted_at': the time .* archive's form"):
        read_archive(io.StringIO(json.dumps(data)))


def test_an_offset_still_reads_in_a_2_archive() -> None:
    archive = archive_from_dict(
        {
            "format": "nomic-archive/2",
            "profile": "borednomic",
            "matters": [
                {
                    "id": "p1",
                    "kind": "proposal",
                    "author": "A",
                    "posted_at": "2004-03-01T12:00:00+02:00",
                }
            ],
        }
    )
    assert archive.matters[0].posted_at == datetime(2004, 3, 1, 10, tzinfo=UTC)
