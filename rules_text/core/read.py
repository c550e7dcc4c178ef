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
from rules_text.terms import BOSS_RULE, PLAYER_RULE, plural, terms_from_text
from rules_text.tree import Section, normalise_name, plain_text

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


@dataclass(frozen=True)
class _Heading:
    """One rule of the page as the fast splitter sees it."""

    name: str
    """The rule's name, markup removed."""
    key: str
    """The name as compared (case folded, whitespace collapsed)."""
    section: Section
    """The section it sits in."""
    body: str
    """Its own text (up to the next heading), as wiki source."""
    special: bool
    """It sits in a "Special Case" section."""


_HEADING = re.compile(r"(=+)[ \t]*(.+?)[ \t]*\1[ \t]*")


def _split(text: str) -> list[_Heading]:
    """Every rule of the page, in order: the headings of the wiki source, line by line
    (a revision is read in a millisecond or two; the full tree is not needed here)."""
    marks: list[tuple[int, int, int, str]] = []  # start, end of line, level, title
    start = 0 if text.startswith("=") else text.find("\n=")
    while start != -1:
        begin = start if text.startswith("=", start) else start + 1
        end = text.find("\n", begin)
        end = len(text) if end == -1 else end
        mark = _HEADING.fullmatch(text, begin, end)
        if mark is not None:
            marks.append((begin, end, len(mark.group(1)), mark.group(2)))
        start = text.find("\n=", end)
    found: list[_Heading] = []
    section, special = Section.OTHER, False
    for i, (_, end, level, raw) in enumerate(marks):
        title = _plain_name(raw)
        if level == 1:
            section = Section.from_heading(title)
            special = "special" in title.casefold()
            continue
        stop = marks[i + 1][0] if i + 1 < len(marks) else len(text)
        found.append(_Heading(title, normalise_name(title), section, text[end + 1 : stop], special))
    return found


@lru_cache(maxsize=4096)
def _plain_name(title: str) -> str:
    return " ".join(plain_text(title).split()) or "Unnamed Rule"


@lru_cache(maxsize=8192)
def _plain(body: str) -> str:
    """A rule's body as players read it (cached: most revisions change one rule)."""
    return plain_text(body).strip()


@lru_cache(maxsize=1024)
def _read(text: str) -> CoreReading:
    if len(text) > _MAX_TEXT:
        why = f"the Ruleset is {len(text):,} characters long; nomicbot reads at most {_MAX_TEXT:,}"
        return CoreReading(
            rules=CoreRules(),
            unread=tuple(Unread(spec.name, why, spec.feeds) for spec in RULES),
            warnings=(),
        )
    rules = _split(text)
    by_key: dict[str, list[_Heading]] = {}
    for heading in rules:
        by_key.setdefault(heading.key, []).append(heading)
    unread: list[Unread] = []
    terms = _terms(rules, text)
    if isinstance(terms, str):
        player, boss = "Imagineer", "Boss"
        unread.append(Unread(PLAYER_RULE, terms, (Feed.WORDS,)))
    else:
        player, boss = terms
    draft = Draft(player_plural=plural(player))
    glossary: dict[str, str] = {}
    for rule in rules:
        if rule.section is Section.APPENDIX or rule.key == "keywords":
            for term, definition in _glossary_of(rule.body):
                glossary.setdefault(term, definition)
    for spec in RULES:
        if spec.keyword is not None:
            body = glossary.get(normalise_name(spec.keyword))
        else:
            found = _find(by_key, spec, player)
            body = _plain(found.body) if found is not None else None
        if body is None:
            if not spec.repealable:
                where = "Appendix keyword" if spec.keyword else "rule"
                unread.append(
                    Unread(spec.name, f"the Ruleset has no {where} {spec.name!r}", spec.feeds)
                )
            continue
        part, problem = _read_rule_cached(spec.name, body, player, boss)
        draft.merge(part)
        if problem is not None and not any(u.rule == spec.name for u in unread):
            unread.append(problem)
    return CoreReading(
        rules=_finish(draft, player, boss),
        unread=tuple(unread),
        warnings=_warnings(rules),
    )


def _terms(rules: list[_Heading], text: str) -> tuple[str, str] | str:
    """(player, Boss) keywords, or why they cannot be read."""
    player_rule = next((r for r in rules if r.name.casefold() == PLAYER_RULE.casefold()), None)
    boss_rule = next((r for r in rules if r.name.casefold() == BOSS_RULE.casefold()), None)
    try:
        terms = terms_from_text(
            _plain(player_rule.body) if player_rule else "",
            _plain(boss_rule.body) if boss_rule else "",
            fallback=lambda: "\n".join(_plain(r.body) for r in rules),
            context=text,
        )
    except TermsNotFound as error:
        return str(error)
    return terms.player, terms.boss


_SPECS = {spec.name: spec for spec in RULES}


@lru_cache(maxsize=4096)
def _read_rule_cached(name: str, body: str, player: str, boss: str) -> tuple[Draft, Unread | None]:
    """One rule read alone (cached by its text and the keywords): what it sets, and the
    first sentence it could not read."""
    spec = _SPECS[name]
    part = Draft(player_plural=plural(player))
    problem = _read_rule(spec, sentences(body, Keywords(player, boss)), part)
    return part, problem


def _find(by_key: dict[str, list[_Heading]], spec: RuleSpec, player: str) -> _Heading | None:
    names = [
        normalise_name(n.replace("PLAYERS", plural(player))) for n in (spec.name, *spec.aliases)
    ]
    found = [r for name in names for r in by_key.get(name, ())]
    core = [r for r in found if r.section is Section.CORE]
    chosen = core or found
    return chosen[0] if chosen else None


@lru_cache(maxsize=1024)
def _glossary_of(body: str) -> tuple[tuple[str, str], ...]:
    """An Appendix rule's keywords: (term, its definition as plain text) for each
    ";Quorum:Quorum of ..." line."""
    entries: list[tuple[str, str]] = []
    for line in body.splitlines():
        if not line.startswith(";") or ":" not in line:
            continue
        term, _, definition = line[1:].partition(":")
        entries.append((normalise_name(_plain(term)), _plain(definition)))
    return tuple(entries)


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


def _warnings(rules: list[_Heading]) -> tuple[DynasticWarning, ...]:
    found: list[DynasticWarning] = []
    for rule in rules:
        if rule.section is not Section.DYNASTIC and not rule.special:
            continue
        words = _voting_words(rule.body)
        if words:
            found.append(DynasticWarning(rule.name, words))
    return tuple(found)


@lru_cache(maxsize=4096)
def _voting_words(body: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(m.group(0) for m in _VOTING_WORDS.finditer(_plain(body))))


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
