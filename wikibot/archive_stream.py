"""Reading a large JSON archive one record at a time.

``json.load`` holds the file's whole text and the whole tree of values it makes at
once: for a 200 MB archive, the text alone is 200 MB (400 while it is decoded), and
each of some 900,000 comments becomes a dict of strings three times its size in the
file. ``load_object`` reads the same document through a window of the text a few
megabytes long, and hands each element of one top-level list (the archive's posts)
to a function with the element's own text, so that the reader keeps a compact form of
each instead of the tree (issue 25: ``status`` of a 200 MB archive under twice its
size in memory).

Only a document that ``json.load`` reads is read here, to the same values; anything
else (a syntax error, a byte order mark, a handle that cannot seek) is left to
``json.load``, read again from the start, so that every error reads as it always did.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import IO, Any

__all__ = ["CHUNK", "load_object"]

CHUNK = 1 << 20
"""How many characters the window reads at a time."""
_SPACE = re.compile(r"[ \t\n\r]*")
"""What JSON allows between tokens."""


class _Unread(Exception):
    """This reading cannot go on: the document is left to ``json.load``."""


class _Window:
    """The part of the text not yet read, from ``pos``, read on as it is needed."""

    def __init__(self, handle: IO[str]) -> None:
        self.handle = handle
        self.text = ""
        self.pos = 0
        self.at_end = False

    def more(self) -> bool:
        """Reads on (at least as much again as is held, so that a long record is read
        again only a few times): False at the end of the file."""
        if self.at_end:
            return False
        held = len(self.text) - self.pos
        chunk = self.handle.read(max(CHUNK, held))
        if not chunk:
            self.at_end = True
            return False
        self.text = self.text[self.pos :] + chunk
        self.pos = 0
        return True

    def skip_space(self) -> str:
        """Skips whitespace; the next character ("" at the end of the file)."""
        while True:
            self.pos = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.text):
                return self.text[self.pos]
            if not self.more():
                return ""

    def expect(self, char: str) -> None:
        if self.skip_space() != char:
            raise _Unread
        self.pos += 1

    def value(self, decoder: json.JSONDecoder) -> tuple[Any, int, int]:
        """The JSON value at ``pos`` and where its text begins and ends in ``text``;
        read on until the window holds all of it."""
        self.skip_space()
        while True:
            try:
                value, end = decoder.raw_decode(self.text, self.pos)
            except ValueError:
                # Cut off by the window's end, or wrong (not JSON, or a number that
                # parse_int refuses): only the end of the file tells, and json.load
                # then says what is wrong, as it would have.
                if not self.more():
                    raise _Unread from None
                continue
            # A number that ends where the window does may go on after it.
            if end == len(self.text) and self.more():
                continue
            start, self.pos = self.pos, end
            return value, start, end


def load_object(
    handle: IO[str],
    *,
    list_key: str,
    element: Callable[[Any, str], object],
    parse_int: Callable[[str], int],
) -> object:
    """The JSON document ``handle`` holds, as ``json.load(handle, parse_int=...)`` reads
    it, except that each element of the top-level object's ``list_key`` list is
    ``element(value, its_text)``. Errors are ``json.load``'s own."""
    try:
        start = handle.tell() if handle.seekable() else None
    except OSError:
        start = None
    if start is not None:
        try:
            return _load(_Window(handle), list_key, element, parse_int)
        except _Unread:
            handle.seek(start)
    return json.load(handle, parse_int=parse_int)


def _load(
    window: _Window,
    list_key: str,
    element: Callable[[Any, str], object],
    parse_int: Callable[[str], int],
) -> object:
    decoder = json.JSONDecoder(parse_int=parse_int)
    first = window.skip_space()
    if first != "{":
        if first in ("", "\ufeff"):
            raise _Unread  # json.load's error says it
        value, _, _ = window.value(decoder)
        data: object = value
    else:
        window.pos += 1
        data = _members(window, decoder, list_key, element)
    if window.skip_space() != "":
        raise _Unread  # json.load's "Extra data"
    return data


def _members(
    window: _Window,
    decoder: json.JSONDecoder,
    list_key: str,
    element: Callable[[Any, str], object],
) -> dict[str, Any]:
    """The members of the top-level object, its ``{`` read."""
    out: dict[str, Any] = {}
    if window.skip_space() == "}":
        window.pos += 1
        return out
    while True:
        if window.skip_space() != '"':
            raise _Unread
        key, _, _ = window.value(decoder)
        window.expect(":")
        if key == list_key and window.skip_space() == "[":
            window.pos += 1
            out[key] = _elements(window, decoder, element)
        else:
            value, _, _ = window.value(decoder)
            out[key] = value
        after = window.skip_space()
        window.pos += 1
        if after == "}":
            return out
        if after != ",":
            raise _Unread


def _elements(
    window: _Window, decoder: json.JSONDecoder, element: Callable[[Any, str], object]
) -> list[object]:
    """The elements of a list, its ``[`` read, each given to ``element``."""
    out: list[object] = []
    if window.skip_space() == "]":
        window.pos += 1
        return out
    while True:
        value, start, end = window.value(decoder)
        out.append(element(value, window.text[start:end]))
        after = window.skip_space()
        window.pos += 1
        if after == "]":
            return out
        if after != ",":
            raise _Unread
