"""``read_archive`` reads a file a post at a time (issue 25, item 8): the same Game and
the same errors as reading the whole JSON document at once, in less memory than
twice the file's size (``json.load`` took about seven times it)."""

from __future__ import annotations

import gc
import io
import json
import tracemalloc
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamestate.profiles.blognomic_139.models import DeferredComments, Game
from wikibot import archive_stream
from wikibot.archive import game_from_dict, game_to_dict, read_archive
from wikibot.archive_values import parse_int
from wikibot.errors import ArchiveError
from wikibot.examples import NOMICLAND

EXAMPLE = NOMICLAND.read_text(encoding="utf-8")


def _reference(text: str, name: str = "archive") -> Game | str:
    """What reading the whole document at once gives: the Game, or the error's text."""
    try:
        data = json.loads(text, parse_int=parse_int)
    except json.JSONDecodeError as exc:
        return f"{name}: not valid JSON: {exc}"
    except RecursionError:
        return f"{name}: JSON nested too deeply"
    except ArchiveError as exc:
        return f"{name}: {exc}"
    try:
        return game_from_dict(data)
    except ArchiveError as exc:
        return str(exc)


def _streamed(text: str, handle: io.StringIO | None = None) -> Game | str:
    try:
        return read_archive(handle or io.StringIO(text))
    except ArchiveError as exc:
        return str(exc)


def _same(text: str, handle: io.StringIO | None = None) -> None:
    expected, got = _reference(text), _streamed(text, handle)
    if isinstance(expected, str) or isinstance(got, str):
        assert got == expected
    else:
        assert game_to_dict(got) == game_to_dict(expected)
        assert got == expected


def _unicode_archive() -> str:
    data = json.loads(EXAMPLE)
    data["posts"][0]["title"] = "Proposal: Caf\u00e9 \U0001f3a2"
    data["posts"][1]["comments"][0]["body_html"] = "for \u2014 \u201cfine\u201d"
    data["zz"] = 12345678901234567890  # a number last, where a window may end
    return json.dumps(data, ensure_ascii=False)


DOCUMENTS = {
    "the example, indented": EXAMPLE,
    "the example, compact": json.dumps(json.loads(EXAMPLE), separators=(",", ":")),
    "not ASCII, a number last": _unicode_archive(),
    "no posts": '{"format": "nomic-archive/1", "players": [], "posts": []}',
    "posts first": json.dumps({"posts": json.loads(EXAMPLE)["posts"], **json.loads(EXAMPLE)}),
    "posts twice": EXAMPLE.rstrip()[:-1] + ', "posts": []}',
}


@pytest.mark.parametrize("chunk", [1, 7, 100, 1 << 21])
@pytest.mark.parametrize("text", DOCUMENTS.values(), ids=DOCUMENTS.keys())
def test_read_a_post_at_a_time_is_the_same_game(
    monkeypatch: pytest.MonkeyPatch, text: str, chunk: int
) -> None:
    monkeypatch.setattr(archive_stream, "CHUNK", chunk)
    _same(text)


def test_ordinary_comments_are_kept_as_their_posts_text() -> None:
    game = read_archive(io.StringIO(_unicode_archive()))
    kept = [p.__dict__["comments"] for p in game.posts if p.__dict__["comments"]]
    assert kept and all(isinstance(k, DeferredComments) for k in kept)
    for k in kept:
        assert isinstance(k.build, partial)
        (text,) = k.build.args
        # Not the values json made of them (the dicts would hold the memory).
        assert isinstance(text, str | bytes)
        assert isinstance(text, str) == text.isascii()


def _cut(text: str) -> list[str]:
    """Every prefix of ``text`` (a file cut short), and a few with a character wrong."""
    out = [text[:n] for n in range(len(text))]
    for n in range(0, len(text), 37):
        out += [text[:n] + "}" + text[n + 1 :], text[:n] + "," + text[n + 1 :]]
    return out


SMALL = json.dumps(
    {
        "format": "nomic-archive/1",
        "players": [{"name": "Kevan", "admin": True}],
        "posts": [
            {
                "id": "p1",
                "category": "Proposal",
                "title": "Proposal: One",
                "author": "Kevan",
                "posted_at": "2016-05-23T10:17:00Z",
                "comments": [{"id": "c1", "author": "Kevan", "posted_at": "2016-05-23T11:00:00Z"}],
            },
            {"id": "p2", "category": "Story Post", "title": "Two", "author": "Kevan", "n": 12},
        ],
    },
    indent=1,
)


@pytest.mark.parametrize("chunk", [3, 1 << 21])
def test_a_cut_or_broken_file_gives_the_error_it_always_gave(
    monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    monkeypatch.setattr(archive_stream, "CHUNK", chunk)
    for text in _cut(SMALL):
        _same(text)


@pytest.mark.parametrize(
    "text",
    [
        "\ufeff" + SMALL,
        SMALL + " x",
        SMALL + "\n\n",
        "[" + SMALL + "]",
        '"nomic-archive/1"',
        "",
        "   ",
        SMALL.replace('"n": 12', '"n": ' + "9" * 5000),
        SMALL.replace('"n": 12', '"n": ' + "[" * 100_000 + "]" * 100_000),
        SMALL.replace("}\n ]", "},]"),
        SMALL.replace('"Kevan"}', '"Kevan",}', 1),
    ],
    ids=[
        "a byte order mark",
        "extra data",
        "whitespace after",
        "a list",
        "a string",
        "empty",
        "blank",
        "a long number",
        "deep nesting",
        "a trailing comma in posts",
        "a trailing comma in an object",
    ],
)
def test_odd_documents_read_as_they_always_did(text: str) -> None:
    _same(text)


_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)
_post = st.fixed_dictionaries(
    {
        "id": st.sampled_from(["p1", "p2", " ", "p\u00e9"]),
        "category": st.just("Proposal"),
        "title": st.just("Proposal: X"),
        "author": st.sampled_from(["Kevan", "Jos\u00e9"]),
        "posted_at": st.sampled_from(["2016-05-23T10:17:00Z", "2016-05-23 10:17:00Z"]),
        "comments": st.lists(
            st.fixed_dictionaries(
                {
                    "id": st.sampled_from(["c1", "c2"]),
                    "author": st.just("Kevan"),
                    "posted_at": st.sampled_from(["2016-05-23T11:00:00Z", "2016-W21-1T11:00:00Z"]),
                },
                optional={"body_html": _value, "vote": _value, "x": _value},
            ),
            max_size=3,
        ),
    },
    optional={"status": _value, "body_html": _value, "unknown": _value},
)


@settings(max_examples=60)
@given(
    posts=st.lists(_post | _value, max_size=4),
    before=st.dictionaries(st.sampled_from(["format", "players", "x"]), _value, max_size=2),
    indent=st.sampled_from([None, 1]),
    chunk=st.sampled_from([1, 5, 1 << 20]),
)
def test_any_archive_reads_as_it_does_whole(
    posts: list[object], before: dict[str, Any], indent: int | None, chunk: int
) -> None:
    data = {"format": "nomic-archive/1", "players": [], **before, "posts": posts}
    archive_stream.CHUNK, was = chunk, archive_stream.CHUNK
    try:
        _same(json.dumps(data, indent=indent, ensure_ascii=False))
    finally:
        archive_stream.CHUNK = was


class _Pipe(io.StringIO):
    """A handle that cannot seek back (a pipe)."""

    def seekable(self) -> bool:
        return False


@pytest.mark.parametrize("text", [EXAMPLE, SMALL[:-5]], ids=["an archive", "a cut one"])
def test_a_handle_that_cannot_seek_is_read_whole(text: str) -> None:
    _same(text, _Pipe(text))


def _big_archive(posts: int, comments: int) -> str:
    data: dict[str, Any] = {
        "format": "nomic-archive/1",
        "players": [{"name": f"Player {i}", "admin": i < 3} for i in range(20)],
        "posts": [],
    }
    for i in range(posts):
        day = 1 + i % 28
        data["posts"].append(
            {
                "id": f"p{i}",
                "category": "Proposal",
                "title": f"Proposal: Number {i}",
                "author": f"Player {i % 20}",
                "posted_at": f"2016-05-{day:02d}T10:00:00Z",
                "status": "Enacted",
                "resolved_at": f"2016-05-{day:02d}T20:00:00Z",
                "body_html": "<p>Add a rule.</p>",
                "admin_note": "Enacted by Player 1 (5-1)",
                "comments": [
                    {
                        "id": f"c{j}",
                        "author": f"Player {(i + j) % 20}",
                        "posted_at": f"2016-05-{day:02d}T11:{j % 60:02d}:00Z",
                        "body_html": '<img alt="for" src="/images/vote/for.gif"> Fine by me',
                    }
                    for j in range(comments)
                ],
            }
        )
    return json.dumps(data, indent=2)


def test_reading_a_big_archive_takes_less_than_twice_its_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Python's own allocations while reading a 5 MB archive (tracemalloc: the same
    figure on every run); reading it whole took 3.3 times its size at the peak, and
    kept 2.3 times it. The window is made small, as it is beside a 200 MB file."""
    monkeypatch.setattr(archive_stream, "CHUNK", 1 << 16)
    text = _big_archive(600, 40)
    size = len(text.encode("utf-8"))
    handle = io.StringIO(text)
    del text
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        game = read_archive(handle)
        kept, peak = (m - before for m in tracemalloc.get_traced_memory())
    finally:
        tracemalloc.stop()
    assert len(game.posts) == 600 and sum(len(p.comments) for p in game.posts[:3]) == 120
    assert peak < 1.5 * size, f"peak {peak / size:.2f} times the file's size"
    assert kept < 1.25 * size, f"kept {kept / size:.2f} times the file's size"
