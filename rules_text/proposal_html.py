"""A Proposal's or CfJ's body, as the archive holds it (HTML), turned into blocks of text.

The structure an Admin reads a Proposal by is kept: each paragraph (or each
line of one, split at ``<br>``) and each list item is an instruction; each
``<blockquote>`` is quoted text, kept exactly as written (spacing, line breaks,
wikitext), with its own paragraphs separated by a blank line and its list items
written as wikitext (``* item``, ``# item``). A ``<hr>`` ends the Proposal's
text: BlogNomic authors put their commentary under it.

Pure: the standard library's HTML tokenizer, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from html.parser import HTMLParser

__all__ = ["Block", "BlockKind", "blocks_of"]

_PARAGRAPH_TAGS = {"p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "tr"}
_LIST_TAGS = {"ul", "ol"}
_SKIPPED = {"script", "style"}


class BlockKind(StrEnum):
    """What a block of a Proposal's body is."""

    INSTRUCTION = "instruction"
    """A paragraph, a line of one, or a list item outside any quote."""
    QUOTE = "quote"
    """A ``<blockquote>``: text the Proposal quotes, kept exactly."""


@dataclass(frozen=True)
class Block:
    """One block of a Proposal's body."""

    kind: BlockKind
    """An instruction or quoted text."""
    text: str
    """The text: an instruction as written (surrounding space trimmed), or the
    quoted text exactly, as wikitext."""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[Block] = []
        self.current: list[str] = []
        self.quote_depth = 0
        self.quote: list[str] = []
        self.lists: list[str] = []
        self.skipping = 0
        self.ended = False

    # Outside quotes: instructions.

    def _flush(self) -> None:
        text = "".join(self.current)
        self.current = []
        for line in text.split("\n"):
            if line.strip():
                self.blocks.append(Block(BlockKind.INSTRUCTION, line.strip()))

    def _flush_quote(self) -> None:
        text = "".join(self.quote).strip("\n")
        self.quote = []
        # Trailing spaces on the last line come from the HTML's layout, not the quote.
        text = text.rstrip()
        if text.strip():
            self.blocks.append(Block(BlockKind.QUOTE, text))

    def _break(self, quoted: str) -> None:
        """A block boundary: a new line (or paragraph) in a quote, a new instruction outside."""
        if self.quote_depth:
            if self.quote and not "".join(self.quote).endswith(quoted):
                body = "".join(self.quote).rstrip(" \t")
                self.quote = [body.rstrip("\n") + quoted] if body.strip() else []
        else:
            self._flush()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.ended:
            return
        if tag in _SKIPPED:
            self.skipping += 1
        elif tag == "hr" and not self.quote_depth:
            self._flush()
            self.ended = True
        elif tag == "blockquote":
            if not self.quote_depth:
                self._flush()
            else:
                self._break("\n\n")
            self.quote_depth += 1
        elif tag == "br":
            if self.quote_depth:
                self.quote.append("\n")
            else:
                self.current.append("\n")
        elif tag in _PARAGRAPH_TAGS:
            self._break("\n\n")
        elif tag in _LIST_TAGS:
            self._break("\n\n" if not self.lists else "\n")
            self.lists.append("#" if tag == "ol" else "*")
        elif tag == "li":
            self._break("\n")
            if self.quote_depth:
                self.quote.append("".join(self.lists or ["*"]) + " ")

    def handle_endtag(self, tag: str) -> None:
        if self.ended:
            return
        if tag in _SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif tag == "blockquote" and self.quote_depth:
            self.quote_depth -= 1
            if not self.quote_depth:
                self._flush_quote()
            else:
                self._break("\n\n")
        elif tag in _PARAGRAPH_TAGS:
            self._break("\n\n")
        elif tag in _LIST_TAGS:
            if self.lists:
                self.lists.pop()
            self._break("\n\n" if not self.lists else "\n")
        elif tag == "li":
            self._break("\n")

    def handle_data(self, data: str) -> None:
        if self.ended or self.skipping:
            return
        if self.quote_depth:
            # Whitespace between block tags is the HTML's layout, not the quote's.
            if data.strip() or (self.quote and not "".join(self.quote).endswith("\n")):
                self.quote.append(data if data.strip() else " ")
        else:
            self.current.append(data.replace("\n", " ").replace("\r", " "))

    def close(self) -> None:
        super().close()
        if self.quote_depth:
            self._flush_quote()
        self._flush()


def blocks_of(html: str) -> tuple[Block, ...]:
    """The instructions and quoted blocks of a Proposal's body, in order.

    Never raises: junk gives the blocks that can be read (maybe none).
    """
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return tuple(reader.blocks)
