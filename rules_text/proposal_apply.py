"""A Proposal's rule changes applied to the Ruleset's wiki source.

Each change finds its rule by name in :mod:`rules_text.tree`'s rule tree and
cuts the source at that rule's offsets; every byte it is not asked to change
stays as it was. A change that cannot be made as written is refused with a
one-line reason (:class:`~rules_text.errors.ProposalNotApplicable`): the rule
named does not exist, a created rule already exists, the words to replace are
not in the rule.

Readings chosen (``docs/resolve-mechanical.md``):

* a new rule is a dynastic rule (the last rule of "Dynastic Rules") unless the
  Proposal says "core rule"; a new subrule is the last subrule of its parent;
* "replace the text of rule X" replaces X's own text, not its subrules;
* "in rule X, replace A with B" replaces every A in X's own text (and is refused
  if there is none).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rules_text.errors import ProposalNotApplicable, RuleNotFound
from rules_text.proposal_text import (
    CreateRule,
    RenameRule,
    RepealRule,
    ReplaceRuleText,
    ReplaceWords,
    RuleChange,
)
from rules_text.tree import Rule, Ruleset, Section, parse_ruleset

__all__ = ["apply_rule_changes"]

_HEADING = re.compile(r"^(?P<open>=+)(?P<lead>[ \t]*)(?P<title>.*?)(?P<trail>[ \t]*)(?P<close>=+)$")


def apply_rule_changes(text: str, changes: Iterable[RuleChange]) -> str:
    """The Ruleset's new wiki source with ``changes`` applied in order.

    Raises :class:`ProposalNotApplicable` naming the first change that cannot be made.
    """
    for change in changes:
        text = _apply(text, change)
    return text


def _find(ruleset: Ruleset, name: str, change: RuleChange) -> Rule:
    try:
        return ruleset.find(name)
    except RuleNotFound:
        raise ProposalNotApplicable(
            f"cannot {change.describe()}: no rule named {name!r} in the Ruleset"
        ) from None


def _apply(text: str, change: RuleChange) -> str:
    ruleset = parse_ruleset(text)
    if isinstance(change, RepealRule):
        start, end = _find(ruleset, change.title, change).span
        return text[:start] + text[end:]
    if isinstance(change, ReplaceRuleText):
        rule = _find(ruleset, change.title, change)
        return _replace_body(text, rule, change.text)
    if isinstance(change, ReplaceWords):
        rule = _find(ruleset, change.title, change)
        start, end = rule.body_span
        body = text[start:end]
        if not change.old or change.old not in body:
            raise ProposalNotApplicable(
                f"cannot {change.describe()}: the rule {rule.name!r} does not say {change.old!r}"
            )
        return text[:start] + body.replace(change.old, change.new) + text[end:]
    if isinstance(change, RenameRule):
        rule = _find(ruleset, change.title, change)
        _check_new_name(ruleset, change.new_title, change, allow=rule)
        start, end = rule.heading_span
        found = _HEADING.match(text[start:end])
        if found is None:
            raise ProposalNotApplicable(
                f"cannot {change.describe()}: its heading is not a plain == heading =="
            )
        heading = (
            f"{found['open']}{found['lead']}{' '.join(change.new_title.split())}"
            f"{found['trail']}{found['close']}"
        )
        return text[:start] + heading + text[end:]
    return _create(text, ruleset, change)


def _check_new_name(ruleset: Ruleset, name: str, change: RuleChange, allow: Rule | None) -> None:
    if not name.strip():
        raise ProposalNotApplicable(f"cannot {change.describe()}: a rule needs a name")
    existing = ruleset.get(name)
    if existing is not None and existing != allow:
        raise ProposalNotApplicable(
            f"cannot {change.describe()}: a rule named {existing.name!r} already exists"
        )


def _replace_body(text: str, rule: Rule, new: str) -> str:
    start, end = rule.body_span
    old = text[start:end]
    trailing = old[len(old.rstrip()) :]
    if end < len(text) and "\n" not in trailing:
        trailing = "\n"
    return text[:start] + new.strip("\n") + trailing + text[end:]


def _create(text: str, ruleset: Ruleset, change: CreateRule) -> str:
    _check_new_name(ruleset, change.title, change, allow=None)
    if change.parent is not None:
        parent = _find(ruleset, change.parent, change)
        level = parent.level + 1
        at = parent.span[1]
    else:
        section = Section.CORE if change.section == "core" else Section.DYNASTIC
        spans = [span for s, span in ruleset.sections if s is section]
        if not spans:
            raise ProposalNotApplicable(
                f"cannot {change.describe()}: the Ruleset has no {section.value} rules section"
            )
        level = 2
        at = spans[0][1]
    marks = "=" * level
    block = f"{marks} {' '.join(change.title.split())} {marks}\n{change.text.strip(chr(10))}\n"
    before = text[:at]
    lead = "" if not before or before.endswith("\n") else "\n"
    if before and not before.endswith("\n\n"):
        lead += "\n" if before.endswith("\n") and _blank_between(text, ruleset) else ""
    tail = "\n" if at < len(text) else ""
    return before + lead + block + tail + text[at:]


def _blank_between(text: str, ruleset: Ruleset) -> bool:
    """Whether the page separates rules by a blank line (BlogNomic's Ruleset does)."""
    return any(text[r.span[0] - 2 : r.span[0]] == "\n\n" for r in ruleset.rules()[1:])
