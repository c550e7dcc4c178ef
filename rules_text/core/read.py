"""Reading a Ruleset's core rules into :class:`CoreRules`, saying what could not be read.

:func:`read_core_rules` never guesses: a rule (or Appendix keyword) whose
sentences do not all match phrasings nomicbot knows is *unread*, with the first
sentence it could not read and the nearest phrasing it knows. A rule nomicbot
reads that is missing is repealed where its absence has a meaning (no Seasonal
Downtime, no proposal limit, no VETO) and unread otherwise (no rule on
resolving Proposals leaves no way to judge one).

It also names every dynastic or special-case rule that uses the words of
voting, since such a rule may change how votes count.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from rules_text.core.phrasings import RULES, Draft, Feed, Phrasing, RuleSpec
from rules_text.core.sentences import Keywords, sentences
from rules_text.core.templates import compile_template
from rules_text.core.values import (
    CfjRules,
    CoreRules,
    DovRules,
    Downtime,
    Hiatus,
    Limits,
    ProposalRules,
    VotingRules,
)
from rules_text.errors import TermsNotFound
from rules_text.terms import PLAYER_RULE, plural, read_terms_of
from rules_text.tree import Rule, Ruleset, Section, normalise_name, parse_ruleset, plain_text

__all__ = ["CoreReading", "DynasticWarning", "Unread", "read_core_rules"]

_VOTING_WORDS = re.compile(
    r"\b(?:votes?|voted|voting icons?|quorum|votable matters?|enact(?:s|ed|ing|ment)?|"
    r"fail(?:s|ed|ing)?|veto(?:es|ed)?|self-kill(?:s|ed)?|deferential)\b",
    re.IGNORECASE,
)
_MAX_TEXT = 4_000_000
"""A Ruleset longer than this (characters) is not read: no real one is a tenth of it."""


@dataclass(frozen=True)
class Unread:
    """A rule nomicbot could not read, and the verdicts that depend on it."""

    rule: str
    """The rule's name ("Resolution of Proposals", or "Quorum" for the Appendix keyword)."""
    reason: str
    """Why, for people: the sentence that matches no known phrasing, or the rule missing."""
    feeds: tuple[str, ...]
    """The verdicts that depend on it (:class:`rules_text.core.phrasings.Feed`)."""
    text: str | None = None
    """The sentence that could not be read, as normalised."""
    nearest: str | None = None
    """The nearest phrasing nomicbot knows, as a template."""


@dataclass(frozen=True)
class DynasticWarning:
    """A dynastic or special-case rule that uses the words of voting."""

    rule: str
    """The rule's name."""
    words: tuple[str, ...]
    """The words of voting it uses, as written, each once."""


@dataclass(frozen=True)
class CoreReading:
    """What a Ruleset's text says of the core rules."""

    rules: CoreRules
    """The values read (an unread rule contributes what its known sentences say)."""
    unread: tuple[Unread, ...]
    """The rules that could not be read."""
    warnings: tuple[DynasticWarning, ...]
    """Dynastic and special-case rules that use the words of voting."""

    def unread_for(self, *feeds: str) -> Unread | None:
        """The first unread rule that feeds any of ``feeds`` (or every verdict)."""
        for unread in self.unread:
            if Feed.ALL in unread.feeds or any(f in unread.feeds for f in feeds):
                return unread
        return None


def read_core_rules(text: str) -> CoreReading:
    """The core rules of a Ruleset page's wiki source (cached by text)."""
    return _read(text)


@lru_cache(maxsize=1024)
def _read(text: str) -> CoreReading:
    if len(text) > _MAX_TEXT:
        why = f"the Ruleset is {len(text):,} characters long; nomicbot reads at most {_MAX_TEXT:,}"
        return CoreReading(
            rules=CoreRules(),
            unread=tuple(Unread(spec.name, why, spec.feeds) for spec in RULES),
            warnings=(),
        )
    ruleset = parse_ruleset(text)
    unread: list[Unread] = []
    try:
        terms = read_terms_of(ruleset)
        player, boss = terms.player, terms.boss
    except TermsNotFound as error:
        player, boss = "Imagineer", "Boss"
        unread.append(Unread(PLAYER_RULE, str(error), (Feed.WORDS,)))
    keywords = Keywords(player, boss)
    draft = Draft(player_plural=plural(player))
    glossary = _glossary(ruleset)
    for spec in RULES:
        if spec.keyword is not None:
            body = glossary.get(normalise_name(spec.keyword))
        else:
            rule = _find(ruleset, spec, player)
            body = rule.plain_text() if rule is not None else None
        if body is None:
            if not spec.repealable:
                where = "Appendix keyword" if spec.keyword else "rule"
                unread.append(
                    Unread(spec.name, f"the Ruleset has no {where} {spec.name!r}", spec.feeds)
                )
            continue
        problem = _read_rule(spec, sentences(body, keywords), draft)
        if problem is not None and not any(u.rule == spec.name for u in unread):
            unread.append(problem)
    return CoreReading(
        rules=_finish(draft, player, boss),
        unread=tuple(unread),
        warnings=_warnings(ruleset, text),
    )


def _find(ruleset: Ruleset, spec: RuleSpec, player: str) -> Rule | None:
    names = {
        normalise_name(n.replace("PLAYERS", plural(player))) for n in (spec.name, *spec.aliases)
    }
    found = [r for r in ruleset.rules() if normalise_name(r.name) in names]
    core = [r for r in found if r.section is Section.CORE]
    chosen = core or found
    return chosen[0] if chosen else None


def _glossary(ruleset: Ruleset) -> dict[str, str]:
    """Appendix keyword -> its definition as plain text (";Quorum:Quorum of ...")."""
    entries: dict[str, str] = {}
    for rule in ruleset.rules():
        if rule.section is not Section.APPENDIX and not rule.is_named("Keywords"):
            continue
        for line in rule.text.splitlines():
            if not line.startswith(";") or ":" not in line:
                continue
            term, _, definition = line[1:].partition(":")
            key = normalise_name(plain_text(term))
            entries.setdefault(key, plain_text(definition).strip())
    return entries


def _read_rule(spec: RuleSpec, found: list[str], draft: Draft) -> Unread | None:
    """Reads one rule's sentences into ``draft``; the first it cannot read, if any."""
    context: str | None = None
    first: Unread | None = None
    for sentence in found:
        matched: Phrasing | None = None
        problem: str | None = None
        for phrasing in spec.phrasings:
            if phrasing.within is not None and phrasing.within != context:
                continue
            match = compile_template(phrasing.template).fullmatch(sentence)
            if match is None:
                continue
            matched = phrasing
            if phrasing.apply is not None:
                problem = phrasing.apply(match, draft)
            break
        if matched is not None and matched.opens is not None:
            context = matched.opens
        elif matched is not None and matched.within is None:
            context = None
        if first is not None:
            continue
        if matched is None:
            first = Unread(
                spec.name,
                f"rule {spec.name!r}: a sentence matches no phrasing nomicbot knows",
                spec.feeds,
                text=sentence,
                nearest=_nearest(spec, sentence),
            )
        elif problem is not None:
            first = Unread(spec.name, f"rule {spec.name!r}: {problem}", spec.feeds, text=sentence)
    return first


def _nearest(spec: RuleSpec, sentence: str) -> str | None:
    best, score = None, 0.0
    for phrasing in spec.phrasings:
        ratio = difflib.SequenceMatcher(None, sentence[:600], phrasing.template[:600]).ratio()
        if ratio > score:
            best, score = phrasing.template, ratio
    return best


def _warnings(ruleset: Ruleset, text: str) -> tuple[DynasticWarning, ...]:
    special = _special_case_spans(text)
    found: list[DynasticWarning] = []
    for rule in ruleset.rules():
        in_special = any(a <= rule.span[0] < b for a, b in special)
        if rule.section is not Section.DYNASTIC and not in_special:
            continue
        words = dict.fromkeys(m.group(0) for m in _VOTING_WORDS.finditer(rule.plain_text()))
        if words:
            found.append(DynasticWarning(rule.name, tuple(words)))
    return tuple(found)


_LEVEL_ONE = re.compile(r"^=(?!=)\s*(.*?)\s*=\s*$", re.MULTILINE)


def _special_case_spans(text: str) -> list[tuple[int, int]]:
    """Where the "Special Case" rules are: the spans of level-1 sections so named."""
    heads = list(_LEVEL_ONE.finditer(text))
    spans = []
    for i, head in enumerate(heads):
        if "special" in head.group(1).casefold():
            end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
            spans.append((head.start(), end))
    return spans


def _finish(draft: Draft, player: str, boss: str) -> CoreRules:
    icons = draft.voting.get("icons")
    voting = VotingRules(
        deferential=bool(draft.voting.get("deferential"))
        and (icons is None or "DEFERENTIAL" in icons),
        deferential_follows_boss=bool(draft.voting.get("deferential_follows_boss")),
        veto=bool(draft.voting.get("veto")) and (icons is None or "VETO" in icons),
        self_kill=bool(draft.voting.get("self_kill")),
        author_implicit_for=bool(draft.voting.get("author_implicit_for")),
    )
    downtime = None
    if "start" in draft.downtime:
        downtime = Downtime(
            start=draft.downtime["start"],
            end=draft.downtime["end"],
            allowed=draft.downtime.get("allowed", ()),
        )
    return CoreRules(
        keyword=player,
        boss=boss,
        quorum=draft.quorum,
        voting=voting,
        proposals=ProposalRules(**draft.proposals),
        limits=Limits(**draft.limits),
        cfj=CfjRules(**{k: v for k, v in draft.cfj.items() if k != "enact_if_more_for"}),
        dov=DovRules(**draft.dov),
        hiatus=Hiatus(**draft.hiatus),
        downtime=downtime,
    )
