"""Errors raised when a Ruleset's text cannot be read or changed as asked.

Every error is a ``ValueError``: each one means the text, or a request about it,
does not fit what the Ruleset says, so callers can catch one family::

    ValueError
     └── RulesTextError            anything wrong with ruleset text or a request on it
          ├── RuleNotFound         no rule has that name ("Ruleset.find")
          ├── UnknownRulesToKeep   an Ascension Address keeps rules that are not dynastic rules
          ├── InvalidRename        a keyword rename that cannot be applied as asked
          │    └── KeywordClash    it would give two keywords the same word (Fair Play)
          ├── TermsNotFound        the Ruleset does not say what players or the Boss are called
          └── ProposalNotApplicable  a Proposal's change cannot be made to this Ruleset
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "InvalidRename",
    "KeywordClash",
    "ProposalNotApplicable",
    "RuleNotFound",
    "RulesTextError",
    "TermsNotFound",
    "UnknownRulesToKeep",
]


class RulesTextError(ValueError):
    """Base class: the Ruleset's text, or a request about it, is not usable."""


class RuleNotFound(RulesTextError):
    """No rule in the Ruleset has the given name."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f"no rule named {name!r} in the Ruleset")


class UnknownRulesToKeep(RulesTextError):
    """An Ascension Address lists rules to keep that are not top-level dynastic rules."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = tuple(names)
        listed = ", ".join(repr(name) for name in self.names)
        super().__init__(f"cannot keep rules that are not dynastic rules: {listed}")


class InvalidRename(RulesTextError):
    """An Ascension Address's keyword rename cannot be applied: an empty or odd new word, a
    keyword listed twice, or a keyword the Ruleset never uses."""


class KeywordClash(InvalidRename):
    """A keyword rename would leave two keywords as the same word.

    Fair Play forbids "changing multiple keywords to the same word in an
    ascension address".
    """


class TermsNotFound(RulesTextError):
    """The Ruleset does not name its players ("all X shall obey it") or Boss ("known as the X")."""


class ProposalNotApplicable(RulesTextError):
    """A Proposal's rule change cannot be made as written: the rule it names does not
    exist, the rule it creates already does, the words it replaces are not there."""
