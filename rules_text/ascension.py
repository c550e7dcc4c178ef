"""The Ruleset changes an Ascension Address makes.

Victory and Ascension: the new Boss's Ascension Address "may optionally specify
that the terms Imagineer and Boss will be replaced with theme-specific terms
throughout the entire ruleset, and/or a number of dynastic rules to keep. Upon
posting such an Ascension Address, the Ruleset is updated to reflect any
changed terms, and any dynastic rules which were not listed to be kept are
repealed."

Both operations take the Ruleset page's wiki source and return the new source;
everything they are not asked to change stays byte for byte the same.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from rules_text.errors import InvalidRename, KeywordClash, TermsNotFound, UnknownRulesToKeep
from rules_text.terms import match_case, plural, read_terms
from rules_text.tree import Rule, Ruleset, normalise_name, parse_ruleset

__all__ = [
    "rename_terms",
    "repeal_dynastic_rules",
    "rules_repealed",
]

_TERM = re.compile(r"^[^\W\d_][\w’'-]*(?: [^\W\d_][\w’'-]*)*$")


# Renaming keywords.


def rename_terms(text: str, mapping: Mapping[str, str]) -> str:
    """Replace keywords throughout the Ruleset, e.g. ``{"Imagineer": "Gnome", "Boss": "King"}``.

    Whole words only, with their plural and possessive forms ("Imagineers",
    "Imagineer's", "Imagineer’s" become "Gnomes", "Gnome's", "Gnome’s") and
    their case (imagineer → gnome, IMAGINEER → GNOME); "Imagineering" is left
    alone. All keywords are replaced at once, so renames never chain.

    Raises ``KeywordClash`` when two keywords would become the same word, or a
    new word is already another keyword: Fair Play forbids "changing multiple
    keywords to the same word in an ascension address". Raises
    ``InvalidRename`` for an empty or malformed word, a keyword listed twice, or
    a keyword the Ruleset never uses.
    """
    renames = _checked_renames(text, mapping)
    if not renames:
        return text
    forms: dict[str, str] = {}
    for old, new in renames.items():
        forms[old.casefold()] = new
        forms[plural(old).casefold()] = plural(new)
    pattern = _forms_pattern(forms)

    def replace(match: re.Match[str]) -> str:
        found = match.group(0)
        return match_case(found, forms[found.casefold()])

    return pattern.sub(replace, text)


def _forms_pattern(forms: Mapping[str, str]) -> re.Pattern[str]:
    # Longest first, so "Imagineers" wins over "Imagineer" and "Boss Fight" over "Boss".
    alternatives = "|".join(re.escape(form) for form in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def _checked_renames(text: str, mapping: Mapping[str, str]) -> dict[str, str]:
    """The renames to apply (old → new, no-ops dropped), after Fair Play's checks."""
    renames: dict[str, str] = {}
    seen: dict[str, str] = {}
    for raw_old, raw_new in mapping.items():
        old, new = " ".join(raw_old.split()), " ".join(raw_new.split())
        for word in (old, new):
            if not _TERM.match(word):
                raise InvalidRename(f"{word!r} is not a word that can be a keyword")
        if old.casefold() in seen:
            raise InvalidRename(f"the keyword {old!r} is renamed twice")
        seen[old.casefold()] = old
        if new != old:
            renames[old] = new
    if not renames:
        return renames
    _check_no_shared_words(renames, _current_keywords(text, renames))
    unused = [old for old in renames if not _uses(text, old)]
    if unused:
        listed = ", ".join(repr(old) for old in unused)
        raise InvalidRename(f"the Ruleset never uses the keyword {listed}, so it cannot be renamed")
    return renames


def _uses(text: str, keyword: str) -> bool:
    """Whether the Ruleset uses the keyword as a whole word, in any of its forms."""
    forms = {keyword.casefold(): keyword, plural(keyword).casefold(): keyword}
    return _forms_pattern(forms).search(text) is not None


def _current_keywords(text: str, renames: Mapping[str, str]) -> set[str]:
    """The Ruleset's keywords: the ones being renamed, and the player and Boss words."""
    keywords = set(renames)
    try:
        keywords.update(read_terms(parse_ruleset(text)))
    except TermsNotFound:
        pass  # a page without the usual sentences: only the listed keywords are known
    return keywords


def _check_no_shared_words(renames: Mapping[str, str], keywords: set[str]) -> None:
    def spellings(word: str) -> set[str]:
        return {word.casefold(), plural(word).casefold()}

    claimed: dict[str, str] = {}
    for old, new in renames.items():
        for spelling in spellings(new):
            if spelling in claimed and claimed[spelling] != old:
                raise KeywordClash(
                    f"{claimed[spelling]!r} and {old!r} would both become {new!r}: Fair Play"
                    " forbids “changing multiple keywords to the same word”"
                )
            claimed[spelling] = old
        for other in keywords:
            if other.casefold() != old.casefold() and spellings(new) & spellings(other):
                raise KeywordClash(
                    f"cannot rename {old!r} to {new!r}: {other!r} is already a keyword,"
                    " and Fair Play forbids “changing multiple keywords to the same word”"
                )


# Repealing dynastic rules.


def rules_repealed(ruleset: Ruleset, keep: Collection[str]) -> tuple[Rule, ...]:
    """The dynastic rules an Ascension Address keeping ``keep`` repeals, in page order.

    Raises ``UnknownRulesToKeep`` naming every name in ``keep`` that is not a
    dynastic rule (a core rule, a subrule, a typo).
    """
    dynastic = ruleset.dynastic_rules()
    known = {normalise_name(rule.name) for rule in dynastic}
    unknown = [name for name in keep if normalise_name(name) not in known]
    if unknown:
        raise UnknownRulesToKeep(name.strip() for name in unknown)
    wanted = {normalise_name(name) for name in keep}
    return tuple(rule for rule in dynastic if normalise_name(rule.name) not in wanted)


def repeal_dynastic_rules(text: str, keep: Collection[str]) -> str:
    """Repeal every dynastic rule not listed in ``keep``, with its subrules.

    Names match case-insensitively. Core Rules, the Appendix, the section
    headings and any text outside the repealed rules stay byte for byte the same.
    Raises ``UnknownRulesToKeep`` if ``keep`` names something that is not a
    dynastic rule, so a typo in an Ascension Address never repeals the rule it
    meant to keep.
    """
    if isinstance(keep, str):
        raise TypeError("keep is a collection of rule names, not one string")
    repealed = rules_repealed(parse_ruleset(text), keep)
    pieces: list[str] = []
    cursor = 0
    for rule in repealed:
        start, end = rule.span
        pieces.append(text[cursor:start])
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)
