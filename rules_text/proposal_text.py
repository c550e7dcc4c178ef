"""A Proposal's or CfJ's text read as mechanical changes, or "apply by hand" with the reason.

The forms BlogNomic Proposals use (``docs/resolve-mechanical.md`` lists where
each was seen), one instruction a paragraph, line or list item; the text a rule
gets is the ``<blockquote>`` that follows its instruction, kept exactly:

* "Create a new rule called X with the following text:", "Add a new rule to the
  ruleset, entitled X:", "Create a new dynastic rule, “X”, with the following
  text:", "Create a subrule of the rule “Y” titled “X” with the following text:",
  "Create a new subrule called X under Y:";
* "Repeal the rule X", "Repeal rule X";
* "Amend the rule X to read:", "Replace the text of rule X with:";
* "In the rule X, replace “A” with “B”", "Replace the text “A” in the rule X with
  the following:" (B quoted below);
* "Rename the rule X to Y";
* "Set Kevan’s Budget to 100", "Kevan’s Smiles are increased by 2", "Reduce
  Kevan’s Budget by 5" (the columns and the player word are the caller's).

Several changes apply in order. If any instruction is not one of these, the
whole text is to be applied by hand, and the reason quotes that instruction:
nomicbot never applies half a Proposal.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from rules_text.proposal_html import Block, BlockKind, blocks_of

__all__ = [
    "ChangeValue",
    "CreateRule",
    "Page",
    "ProposalText",
    "RenameRule",
    "RepealRule",
    "ReplaceRuleText",
    "ReplaceWords",
    "RuleChange",
    "SetValue",
    "read_proposal_text",
]


class Page(StrEnum):
    """The page a change edits."""

    RULESET = "ruleset"
    GAMESTATE = "gamestate"


@dataclass(frozen=True)
class CreateRule:
    """A new rule (or subrule of ``parent``) titled ``title`` with ``text``."""

    title: str
    text: str
    parent: str | None = None
    section: str | None = None
    """``core`` or ``dynastic`` when the instruction says so (a new rule is dynastic
    unless it says core)."""
    page: Page = Page.RULESET

    def describe(self) -> str:
        where = f" under {self.parent!r}" if self.parent else ""
        return f"create the rule {self.title!r}{where}"


@dataclass(frozen=True)
class RepealRule:
    """The rule ``title`` repealed, with its subrules."""

    title: str
    page: Page = Page.RULESET

    def describe(self) -> str:
        return f"repeal the rule {self.title!r}"


@dataclass(frozen=True)
class ReplaceRuleText:
    """The rule ``title``'s own text (not its subrules) replaced by ``text``."""

    title: str
    text: str
    page: Page = Page.RULESET

    def describe(self) -> str:
        return f"replace the text of the rule {self.title!r}"


@dataclass(frozen=True)
class ReplaceWords:
    """In the rule ``title``'s own text, ``old`` replaced by ``new``."""

    title: str
    old: str
    new: str
    page: Page = Page.RULESET

    def describe(self) -> str:
        return f"replace {self.old!r} with {self.new!r} in the rule {self.title!r}"


@dataclass(frozen=True)
class RenameRule:
    """The rule ``title`` renamed ``new_title``."""

    title: str
    new_title: str
    page: Page = Page.RULESET

    def describe(self) -> str:
        return f"rename the rule {self.title!r} to {self.new_title!r}"


@dataclass(frozen=True)
class SetValue:
    """A player's value in the Gamestate table set to ``value``."""

    player: str
    column: str
    value: int
    page: Page = Page.GAMESTATE

    def describe(self) -> str:
        return f"set {self.player}'s {self.column} to {self.value}"


@dataclass(frozen=True)
class ChangeValue:
    """A player's value in the Gamestate table changed by ``by`` (negative: reduced)."""

    player: str
    column: str
    by: int
    page: Page = Page.GAMESTATE

    def describe(self) -> str:
        verb = "increase" if self.by >= 0 else "reduce"
        return f"{verb} {self.player}'s {self.column} by {abs(self.by)}"


RuleChange = CreateRule | RepealRule | ReplaceRuleText | ReplaceWords | RenameRule
Change = RuleChange | SetValue | ChangeValue


@dataclass(frozen=True)
class ProposalText:
    """What a Proposal's text asks, read: the changes in order, or why by hand."""

    changes: tuple[Change, ...] = ()
    by_hand: str | None = None
    """Why the text is to be applied by hand (quoting the instruction), or None."""

    @property
    def is_mechanical(self) -> bool:
        """Whether every instruction was read (and there was at least one)."""
        return self.by_hand is None and bool(self.changes)

    def on(self, page: Page) -> tuple[Change, ...]:
        """The changes to one page, in order."""
        return tuple(c for c in self.changes if c.page is page)

    def describe(self) -> str:
        """One line: the changes, or "apply by hand (REASON)"."""
        if not self.is_mechanical:
            return f"apply by hand ({self.by_hand or 'no instruction'})"
        return "; ".join(c.describe() for c in self.changes)


# The forms.

_Q_OPEN = "“\"‘'”«"
_Q_CLOSE = "”\"’'“»"
_NAME = rf"(?:[{_Q_OPEN}][^{_Q_CLOSE}]+[{_Q_CLOSE}]|(?:(?!\.\s)[^,:;{_Q_OPEN}{_Q_CLOSE}])+?)"
"""A rule's name: quoted, or unquoted up to a comma, colon or the end of a sentence."""
_QUOTED = rf"[{_Q_OPEN}](?:.+?)[{_Q_CLOSE}]"
_RULE = r"(?:the\s+)?(?:(?:core|dynastic)\s+)?(?:rule|sub-?rule)"
_CALLED = r"(?:called|entitled|titled|named)"
_WITH_TEXT = (
    r"(?:\s*,?\s*(?:with\s+the\s+following\s+text|with\s+(?:the\s+)?text\s+as\s+follows|"
    r"with\s+this\s+text|with\s+the\s+text|reading\s+as\s+follows|which\s+reads|as\s+follows|"
    r"to\s+read|that\s+reads))?"
)
_NEW = (
    r"(?:create|add|enact)\s+(?:a\s+)?(?:new\s+)?(?:(?P<section>core|dynastic)\s+)?"
    r"(?P<kind>rule|sub-?rule)(?:\s+(?:to|in)\s+the\s+ruleset)?"
)
_PARENT = (
    rf"(?:(?:to|of|in|as\s+a\s+sub-?rule\s+(?:of|to))\s+{_RULE}|under(?:\s+{_RULE})?)"
    rf"\s+(?P<parent>{_NAME})"
)

_FORMS: list[tuple[str, re.Pattern[str]]] = [
    (
        "create",
        re.compile(
            rf"{_NEW}\s*,?\s+{_PARENT}\s*,?\s+{_CALLED}\s+(?P<name>{_NAME}){_WITH_TEXT}",
            re.I,
        ),
    ),
    (
        "create",
        re.compile(
            rf"{_NEW}\s*,?\s+(?:{_CALLED}\s+)?(?P<name>{_NAME})(?:\s*,?\s+{_PARENT})?{_WITH_TEXT}",
            re.I,
        ),
    ),
    ("repeal", re.compile(rf"repeal\s+{_RULE}\s+(?:{_CALLED}\s+)?(?P<name>{_NAME})", re.I)),
    (
        "amend",
        re.compile(
            rf"(?:amend|change|modify|reword)\s+(?:the\s+text\s+of\s+)?{_RULE}\s+(?P<name>{_NAME})"
            r"\s*,?\s+(?:so\s+that\s+it\s+reads|to\s+read|to\s+the\s+following)",
            re.I,
        ),
    ),
    (
        "amend",
        re.compile(
            rf"replace\s+the\s+(?:entire\s+|whole\s+)?text\s+of\s+{_RULE}\s+(?P<name>{_NAME})"
            r"\s+with(?:\s+the\s+following)?(?:\s+text)?",
            re.I,
        ),
    ),
    (
        "words",
        re.compile(
            rf"in\s+{_RULE}\s+(?P<name>{_NAME})\s*,?\s+(?:replace|change)\s+(?:the\s+text\s+)?"
            rf"(?P<old>{_QUOTED})\s+(?:with|to)\s+(?P<new>{_QUOTED}|the\s+following(?:\s+text)?)",
            re.I,
        ),
    ),
    (
        "words",
        re.compile(
            rf"(?:replace|change)\s+(?:the\s+text\s+)?(?P<old>{_QUOTED})\s+(?:in|of)\s+{_RULE}\s+"
            rf"(?P<name>{_NAME})\s+(?:with|to)\s+(?P<new>{_QUOTED}|the\s+following(?:\s+text)?)",
            re.I,
        ),
    ),
    (
        "rename",
        re.compile(
            rf"(?:rename\s+{_RULE}\s+(?P<name>{_NAME})\s+(?:to|as)|change\s+the\s+(?:name|title)"
            rf"\s+of\s+{_RULE}\s+(?P<name2>{_NAME})\s+to)\s+(?P<new>{_NAME})",
            re.I,
        ),
    ),
]

_WHO = r"(?P<who>[^\s'’]+)"
_NUMBER = r"(?P<n>[-−]?\d+)"


def _value_forms(player: str, columns: Collection[str]) -> list[tuple[str, re.Pattern[str]]]:
    col = "|".join(re.escape(c) for c in sorted(columns, key=len, reverse=True))
    who = rf"(?:the\s+{re.escape(player)}\s+)?{_WHO}['’]s?\s+(?P<col>{col})"
    return [
        ("set", re.compile(rf"set\s+{who}\s+(?:to|at)\s+{_NUMBER}", re.I)),
        (
            "change",
            re.compile(
                rf"{who}\s+(?:is|are)\s+(?P<dir>increased|raised|decreased|reduced|lowered)"
                rf"\s+by\s+(?P<n>\d+)",
                re.I,
            ),
        ),
        (
            "change",
            re.compile(
                rf"(?P<dir>increase|raise|decrease|reduce|lower)\s+{who}\s+by\s+(?P<n>\d+)", re.I
            ),
        ),
    ]


def _unquote(name: str) -> str:
    name = " ".join(name.split())
    if len(name) >= 2 and name[0] in _Q_OPEN and name[-1] in _Q_CLOSE:
        name = name[1:-1]
    return name.strip()


def _clean(instruction: str) -> str:
    text = " ".join(instruction.split())
    text = re.sub(r"^(?:\d+[.)]|[-*•])\s+", "", text)  # "1. Repeal ...", "- Repeal ..."
    return text.rstrip(" :.;")


def _wants_text(instruction: str) -> bool:
    return instruction.rstrip().endswith(":") or bool(
        re.search(r"(?:follow(?:s|ing)(?:\s+text)?|to\s+read|reads)\W*$", instruction, re.I)
    )


class _ByHand(Exception):
    pass


def _change(kind: str, found: re.Match[str], text: str | None, instruction: str) -> Change:
    groups = found.groupdict()
    if kind == "repeal":
        return RepealRule(_unquote(groups["name"]))
    if kind == "rename":
        return RenameRule(_unquote(groups["name"] or groups["name2"]), _unquote(groups["new"]))
    if kind == "words":
        old = groups["old"][1:-1]
        new = groups["new"]
        if new[:1] in _Q_OPEN:
            return ReplaceWords(_unquote(groups["name"]), old, new[1:-1])
        if text is None:
            raise _ByHand(f"no quoted text follows “{instruction}”")
        return ReplaceWords(_unquote(groups["name"]), old, text)
    if text is None:
        raise _ByHand(f"no quoted text follows “{instruction}”")
    if kind == "amend":
        return ReplaceRuleText(_unquote(groups["name"]), text)
    parent = groups.get("parent")
    is_sub = groups["kind"].lower().replace("-", "") == "subrule"
    if is_sub and not parent:
        raise _ByHand(f"a subrule of no named rule: “{instruction}”")
    section = groups["section"].lower() if groups.get("section") else None
    return CreateRule(_unquote(groups["name"]), text, _unquote(parent) if parent else None, section)


def _read_instruction(
    instruction: str,
    following: Block | None,
    value_forms: list[tuple[str, re.Pattern[str]]],
    columns: Collection[str],
) -> tuple[Change, bool]:
    """One instruction's change, and whether it took the quoted block that follows."""
    clean = _clean(instruction)
    quoted = following.text if following and following.kind is BlockKind.QUOTE else None
    for kind, pattern in _FORMS:
        found = pattern.fullmatch(clean)
        if found is None:
            continue
        takes = kind in ("create", "amend") or (kind == "words" and found["new"][:1] not in _Q_OPEN)
        if takes and not _wants_text(instruction) and quoted is None:
            raise _ByHand(f"no quoted text follows “{clean}”")
        return _change(kind, found, quoted if takes else None, clean), takes
    for kind, pattern in value_forms:
        found = pattern.fullmatch(clean)
        if found is None:
            continue
        n = int(found["n"].replace("−", "-"))
        column = next(c for c in columns if c.casefold() == found["col"].casefold())
        if kind == "set":
            return SetValue(found["who"], column, n), False
        sign = -1 if found["dir"].lower() in ("decreased", "reduced", "lowered") else 1
        sign = -1 if found["dir"].lower() in ("decrease", "reduce", "lower") else sign
        return ChangeValue(found["who"], column, sign * n), False
    raise _ByHand(f"not a mechanical form: “{clean}”")


def _sentences(instruction: str) -> list[str]:
    """An instruction line split into sentences ("Repeal the rule A. Repeal the rule B.")."""
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z])", instruction.strip())
    return [p for p in parts if p.strip()]


def read_proposal_text(
    html: str, *, player: str = "Imagineer", columns: Collection[str] = ()
) -> ProposalText:
    """The changes a Proposal's or CfJ's body (HTML) asks for, in order, or "by hand".

    ``player`` is the player word ("Set the Imagineer Kevan's Budget to 5");
    ``columns`` are the Gamestate table's value columns. Never raises.
    """
    try:
        return _read(html, player, columns)
    except _ByHand as reason:
        return ProposalText(by_hand=str(reason))
    except (ValueError, IndexError, KeyError, RecursionError) as exc:  # odd HTML
        return ProposalText(by_hand=f"the text could not be read: {exc}")


def _read(html: str, player: str, columns: Collection[str]) -> ProposalText:
    blocks = blocks_of(html)
    forms = _value_forms(player, columns) if columns else []
    changes: list[Change] = []
    index = 0
    while index < len(blocks):
        block = blocks[index]
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        if block.kind is BlockKind.QUOTE:
            first = block.text.strip().splitlines()[0]
            raise _ByHand(f"a quoted text no instruction uses: “{first[:80]}”")
        try:
            change, took = _read_instruction(block.text, following, forms, columns)
            changes.append(change)
            index += 2 if took else 1
            continue
        except _ByHand:
            sentences = _sentences(block.text)
            if len(sentences) < 2:
                raise
        for sentence in sentences:
            change, took = _read_instruction(sentence, None, forms, columns)
            changes.append(change)
        index += 1
    if not changes:
        return ProposalText(by_hand="no instruction")
    return ProposalText(tuple(changes))
