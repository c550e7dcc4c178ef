"""A mailbox of an e-mail nomic, read into a ``nomic-archive/2`` archive.

BoredNomic (seed 000) and Nomopoly (seed 004) were played by e-mail to the Admin.
:func:`import_mails` places what each message says plainly and REPORTS, never
guesses, what it cannot place; the archive holds everything that could be placed.

Every message
  - The sender is the ``From:`` address, lower-cased, looked up in the address map
    (``[game.addresses]`` in the config, and ``--addresses FILE``, which wins for an
    address both name). An address the map does not name: reported.
  - Its time is the ``Date:`` header in UTC, to the second. No Date, a Date that
    cannot be read, or one with no zone: reported (``-0000`` is UTC, as RFC 5322 says).
  - Only the text/plain body is read, and of it neither quoted lines (``>``) nor the
    signature (from a ``-- `` line on).
  - Mails are taken in Date order (the mailbox's order breaks ties).

Proposals (both games)
  - Subject ``Proposal 3: Squares cost double`` (or ``Proposal #3: ...``): proposal
    ``p3``, by the sender, posted at the Date; the rest of the Subject is its
    ``title``, the body its ``text``. The number is the one the Admin gave it.
  - Reported: a Subject ``Proposal: ...`` with no number; a second mail for a number.

Votes (BoredNomic)
  - Any other message is read for vote lines. A vote line begins with the proposal
    it is for, then the vote word: ``P3: Yay``, ``Proposal 3 - nay``, ``#3 Abstain``,
    ``P3, P4: Yay``. Words: Yay, Nay, Abstain, in any case; written Yay/Nay/Abstain.
    Conventionally the Subject is ``Votes week of March 1``; the Subject is not read.
  - ``spend 1 VotesInReserve`` on a vote line: that vote's ``spend_votes_in_reserve``.
  - The Admin's mail may also hold ``Veto: P3`` lines: an ``admin_veto`` event.
  - Reported (that vote is not placed, the rest of the mail is): no vote word at all; a
    line naming a proposal with no vote word; two different words for one proposal; a
    vote word on a line that names no proposal; a vote for a proposal no mail proposed;
    VotesInReserve named other than as ``spend N VotesInReserve``.

Judgements (Nomopoly)
  - The Admin's mail: lines ``Judgement: P3 accepted``, ``P3: rejected``, ``Proposal 3:
    accepted in part``; the proposal's judgement at the mail's Date.
  - Reported: a judgement line with no or two results; a proposal judged twice; an
    unknown proposal; a player's mail that is not a proposal (Nomopoly has no votes).

The roster is every mapped player (``player`` true), then the Admin (``roles:
["admin"]``, ``player`` false): ``admin`` names them (by default the seed's Admin).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from gamestate.profiles import Archive, Event, Judgement, Matter, Member, VoteEvent
from wikibot.importers.errors import ImporterError
from wikibot.importers.mail import Mail, Unplaceable, parse_date, read_mbox, readable_lines

__all__ = [
    "GAMES",
    "MailGame",
    "MboxImport",
    "Problem",
    "VoteLine",
    "import_mails",
    "import_mbox",
    "load_addresses",
    "merge_addresses",
    "read_judgement_lines",
    "read_veto_lines",
    "read_vote_lines",
]


@dataclass(frozen=True)
class MailGame:
    """What one e-mail game's mail holds."""

    profile: str
    admin: str
    """The seed's Admin (BoredNomic 2.1, Nomopoly's Administration)."""
    votes: bool
    """Players vote by mail (BoredNomic 8.3, 9.3)."""
    vetoes: bool
    """The Admin vetoes by mail (BoredNomic 8.5)."""
    judgements: bool
    """The Admin judges proposals (Nomopoly's Proposals)."""


GAMES: dict[str, MailGame] = {
    "borednomic": MailGame("borednomic", "The T", votes=True, vetoes=True, judgements=False),
    "nomopoly": MailGame("nomopoly", "Joel Ricker", votes=False, vetoes=False, judgements=True),
}
"""The profiles ``import mbox`` knows."""

VOTE_WORDS = {"yay": "Yay", "nay": "Nay", "abstain": "Abstain"}
"""BoredNomic 8.3's words, as the archive writes them."""
JUDGEMENTS = ("accepted in part", "accepted", "rejected")

_REF = r"(?:proposal|prop\.?|p)\s*#?\s*(\d+)\b|#\s*(\d+)\b"
_REFS = re.compile(rf"^\s*(?:{_REF})(?:\s*(?:,|&|\band\b)\s*(?:{_REF}))*", re.IGNORECASE)
_ONE_REF = re.compile(_REF, re.IGNORECASE)
_PROPOSAL_SUBJECT = re.compile(r"^\s*proposal\s*#?\s*(\d+)\s*(?:[:.\-]\s*(.*))?$", re.IGNORECASE)
_PROPOSAL_WORD = re.compile(r"^\s*proposal\b(?!s)", re.IGNORECASE)
_VOTE_WORD = re.compile(r"\b(yay|nay|abstain)\b", re.IGNORECASE)
_SPEND = re.compile(r"\bspend(?:s|ing)?\s+(\d+)\s+votes?\s*in\s*reserve\b", re.IGNORECASE)
_RESERVE = re.compile(r"votes?\s*in\s*reserve", re.IGNORECASE)
_JUDGEMENT_PREFIX = re.compile(r"^\s*judge?ment\s*:?\s*", re.IGNORECASE)
_JUDGEMENT_WORD = re.compile(r"\b(accepted\s+in\s+part|accepted|rejected)\b", re.IGNORECASE)
_VETO = re.compile(rf"^\s*veto(?:ed)?\s*:?\s*(?:{_REF})\s*\.?\s*$", re.IGNORECASE)
_VETO_AFTER = re.compile(rf"^\s*(?:{_REF})\s*[:\-]?\s*veto(?:ed)?\s*\.?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Problem:
    """A message, or part of one, that could not be placed, and why."""

    position: int
    """Its place in the mailbox, from 1."""
    message_id: str | None
    reasons: tuple[str, ...]

    def line(self) -> str:
        """The report's line: ``message 3 <id@host>: why; why``."""
        where = f"message {self.position}" + (f" {self.message_id}" if self.message_id else "")
        return f"{where}: {'; '.join(self.reasons)}"


@dataclass(frozen=True)
class MboxImport:
    """What an import placed (the archive) and what it reported."""

    archive: Archive
    problems: tuple[Problem, ...]
    """One per message not wholly placed, in mailbox order."""
    messages: int
    """How many messages were read."""

    @property
    def complete(self) -> bool:
        """Every message was placed."""
        return not self.problems


@dataclass(frozen=True)
class VoteLine:
    """One vote read from a line: the proposal number, the word, VotesInReserve spent."""

    number: int
    value: str
    spend: int = 0


# Reading lines.


def _numbers(match: re.Match[str]) -> list[int]:
    return [int(a or b) for a, b in _ONE_REF.findall(match.group(0))]


def read_vote_lines(body: str) -> tuple[list[VoteLine], list[str]]:
    """The vote lines of a body (in order, one proposal each) and the reasons the
    rest cannot be placed. Two different words for one proposal place neither."""
    votes: list[VoteLine] = []
    reasons: list[str] = []
    conflicted: set[int] = set()
    for line in readable_lines(body):
        refs = _REFS.match(line)
        if refs is None:
            if _VOTE_WORD.search(line) or _SPEND.search(line):
                reasons.append(f"a vote word on a line that names no proposal: {line.strip()!r}")
            continue
        numbers = _numbers(refs)
        rest = line[refs.end() :]
        words = {VOTE_WORDS[w.lower()] for w in _VOTE_WORD.findall(rest)}
        shown = ", ".join(f"P{n}" for n in numbers)
        if not words:
            reasons.append(f"no vote word for {shown}: {line.strip()!r}")
            continue
        if len(words) > 1:
            reasons.append(f"conflicting vote words for {shown}: {' and '.join(sorted(words))}")
            conflicted.update(numbers)
            continue
        spend = _SPEND.search(rest)
        if spend is None and _RESERVE.search(rest):
            reasons.append(
                f"VotesInReserve for {shown} not written as 'spend N VotesInReserve': "
                f"{line.strip()!r}"
            )
            continue
        (word,) = words
        votes.extend(VoteLine(n, word, int(spend.group(1)) if spend else 0) for n in numbers)
    # Two lines giving one proposal different words: neither is placed.
    for number in sorted({v.number for v in votes}):
        words = {v.value for v in votes if v.number == number}
        if len(words) > 1 and number not in conflicted:
            reasons.append(f"conflicting vote words for P{number}: {' and '.join(sorted(words))}")
            conflicted.add(number)
    seen: set[tuple[int, str, int]] = set()
    placed = []
    for v in votes:
        if v.number not in conflicted and (v.number, v.value, v.spend) not in seen:
            seen.add((v.number, v.value, v.spend))
            placed.append(v)
    return placed, reasons


def read_veto_lines(body: str) -> tuple[list[int], str]:
    """The proposal numbers the Admin's ``Veto: P3`` lines veto, and the body without them."""
    vetoed: list[int] = []
    kept: list[str] = []
    for line in readable_lines(body):
        match = _VETO.match(line) or _VETO_AFTER.match(line)
        if match is None:
            kept.append(line)
        elif (number := int(next(g for g in match.groups() if g))) not in vetoed:
            vetoed.append(number)
    return vetoed, "\n".join(kept)


def read_judgement_lines(body: str) -> tuple[list[tuple[int, str]], list[str]]:
    """The Admin's judgements (proposal number, result) and the reasons the rest of
    the lines naming a proposal cannot be placed."""
    judged: list[tuple[int, str]] = []
    reasons: list[str] = []
    for line in readable_lines(body):
        refs = _REFS.match(_JUDGEMENT_PREFIX.sub("", line, count=1))
        if refs is None:
            continue
        numbers = _numbers(refs)
        rest = _JUDGEMENT_PREFIX.sub("", line, count=1)[refs.end() :]
        results = {" ".join(r.lower().split()) for r in _JUDGEMENT_WORD.findall(rest)}
        shown = ", ".join(f"P{n}" for n in numbers)
        if len(results) != 1:
            what = " and ".join(sorted(results)) if results else "no result"
            reasons.append(f"judgement of {shown} has {what}: {line.strip()!r}")
            continue
        (result,) = results
        judged.extend((n, result) for n in numbers)
    return judged, reasons


# The address map.


def load_addresses(path: str | Path) -> dict[str, str]:
    """A TOML (``.toml``) or JSON (``.json``) file mapping e-mail address -> player,
    addresses lower-cased."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ImporterError(f"addresses file {p}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ImporterError(f"addresses file {p}: not UTF-8 text") from None
    data: object
    try:
        if p.suffix.lower() == ".toml":
            data = tomllib.loads(text)
        elif p.suffix.lower() == ".json":
            data = json.loads(text)
        else:
            raise ImporterError(f"addresses file {p}: name it .toml or .json")
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        kind = p.suffix[1:].upper()
        raise ImporterError(f"addresses file {p}: not valid {kind}: {exc}") from None
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in data.items()
    ):
        raise ImporterError(
            f"addresses file {p}: expected one mapping of e-mail address -> player name"
        )
    return {k.strip().lower(): v.strip() for k, v in data.items()}


def merge_addresses(config: Mapping[str, str], given: Mapping[str, str]) -> dict[str, str]:
    """The config's ``[game.addresses]`` with ``--addresses FILE`` over it (the file wins)."""
    merged = {k.strip().lower(): v for k, v in config.items()}
    merged.update({k.strip().lower(): v for k, v in given.items()})
    return merged


# Placing messages.


@dataclass
class _Placing:
    game: MailGame
    admin: str
    proposals: dict[int, Matter] = field(default_factory=dict)
    proposed_in: dict[int, Mail] = field(default_factory=dict)
    votes: list[tuple[Mail, datetime, str, VoteLine]] = field(default_factory=list)
    vetoes: list[tuple[Mail, datetime, int]] = field(default_factory=list)
    judgements: list[tuple[Mail, datetime, int, str]] = field(default_factory=list)
    reasons: dict[int, list[str]] = field(default_factory=dict)

    def report(self, mail: Mail, reason: str) -> None:
        self.reasons.setdefault(mail.position, []).append(reason)


def _extra(mail: Mail) -> dict[str, Any]:
    return {"message_id": mail.message_id} if mail.message_id else {}


def _place(state: _Placing, mail: Mail, at: datetime, sender: str) -> None:
    """One readable message from a known sender."""
    game = state.game
    subject = _PROPOSAL_SUBJECT.match(mail.subject)
    if subject is not None:
        number = int(subject.group(1))
        if number in state.proposals:
            earlier = state.proposed_in[number]
            state.report(mail, f"P{number} was already proposed in {earlier.where}")
            return
        text = None if mail.body is None else "\n".join(readable_lines(mail.body)).strip()
        state.proposals[number] = Matter(
            id=f"p{number}",
            kind="proposal",
            author=sender,
            posted_at=at,
            text=text or None,
            extra={"title": (subject.group(2) or "").strip(), **_extra(mail)},
        )
        state.proposed_in[number] = mail
        return
    if _PROPOSAL_WORD.match(mail.subject):
        state.report(mail, "a Subject beginning 'Proposal' but not 'Proposal 3: title'")
        return
    is_admin = sender == state.admin
    if not game.votes and not (game.judgements and is_admin):
        state.report(
            mail, f"not a proposal (Subject 'Proposal 3: title'); {game.profile} has no votes"
        )
        return
    if mail.body is None:
        state.report(mail, "no text/plain body")
        return
    body = mail.body
    if game.vetoes and is_admin:
        vetoed, body = read_veto_lines(body)
        state.vetoes.extend((mail, at, n) for n in vetoed)
        if vetoed and not any(_REFS.match(line) for line in readable_lines(body)):
            return
    if game.judgements:
        judged, reasons = read_judgement_lines(body)
        for reason in reasons:
            state.report(mail, reason)
        state.judgements.extend((mail, at, n, result) for n, result in judged)
        if not judged and not reasons:
            state.report(mail, "no judgement line (write 'Judgement: P3 accepted')")
        return
    votes, reasons = read_vote_lines(body)
    for reason in reasons:
        state.report(mail, reason)
    state.votes.extend((mail, at, sender, v) for v in votes)
    if not votes and not reasons:
        state.report(mail, "no vote word (write one line per proposal: 'P3: Yay')")


def _unknown(number: int) -> str:
    return f"unknown proposal P{number} (no 'Proposal {number}:' mail in the mailbox)"


def _matters(state: _Placing) -> list[Matter]:
    votes: dict[int, list[VoteEvent]] = {}
    for mail, at, voter, line in state.votes:
        if line.number not in state.proposals:
            state.report(mail, f"a vote for {_unknown(line.number)}")
            continue
        votes.setdefault(line.number, []).append(
            VoteEvent(voter, line.value, at, spend_votes_in_reserve=line.spend, extra=_extra(mail))
        )
    judged: dict[int, tuple[Judgement, Mail]] = {}
    for mail, at, number, result in state.judgements:
        if number not in state.proposals:
            state.report(mail, f"a judgement of {_unknown(number)}")
        elif number in judged:
            state.report(mail, f"P{number} was already judged in {judged[number][1].where}")
        else:
            judged[number] = (Judgement(at=at, result=result), mail)
    matters = []
    for number, matter in state.proposals.items():
        matters.append(
            Matter(
                id=matter.id,
                kind=matter.kind,
                author=matter.author,
                posted_at=matter.posted_at,
                votes=tuple(votes.get(number, [])),
                judgement=judged[number][0] if number in judged else None,
                text=matter.text,
                extra=matter.extra,
            )
        )
    return matters


def _roster(names: Mapping[str, str], admin: str) -> list[Member]:
    players = sorted({name for name in names.values() if name != admin})
    return [Member(name) for name in players] + [
        Member(admin, roles=frozenset({"admin"}), player=False)
    ]


def import_mails(
    mails: Sequence[Mail],
    *,
    profile: str,
    addresses: Mapping[str, str],
    admin: str | None = None,
    settings: Mapping[str, Any] | None = None,
) -> MboxImport:
    """The archive of ``mails`` for ``profile`` (a key of :data:`GAMES`), and the
    messages it reports. ``addresses``: e-mail address -> player (or the Admin);
    ``admin``: the Admin's name (default: the seed's); ``settings`` go into the archive."""
    if profile not in GAMES:
        raise ImporterError(
            f"import mbox knows the profiles {', '.join(sorted(GAMES))}, not {profile!r}"
        )
    game = GAMES[profile]
    names = {k.strip().lower(): v for k, v in addresses.items()}
    state = _Placing(game=game, admin=admin or game.admin)
    readable: list[tuple[datetime, Mail, str]] = []
    for mail in mails:
        reasons = []
        sender = names.get(mail.sender)
        if sender is None:
            reasons.append(f"unknown sender {mail.sender or '(no From address)'}")
        try:
            at = parse_date(mail.date)
        except Unplaceable as exc:
            reasons.append(str(exc))
        if reasons or sender is None:
            for reason in reasons:
                state.report(mail, reason)
            continue
        readable.append((at, mail, sender))
    # Date order (the mailbox's order breaks ties): the earlier mail for a number wins.
    readable.sort(key=lambda item: (item[0], item[1].position))
    for at, mail, sender in readable:
        _place(state, mail, at, sender)
    matters = _matters(state)
    events: list[Event] = []
    for mail, at, number in state.vetoes:
        if number not in state.proposals:
            state.report(mail, f"a veto of {_unknown(number)}")
            continue
        fields = {"matter": f"p{number}", "by": state.admin, **_extra(mail)}
        events.append(Event(at=at, type="admin_veto", fields=fields, index=len(events)))
    archive = Archive(
        profile=profile,
        settings=dict(settings or {}),
        roster=tuple(_roster(names, state.admin)),
        game_state={},
        matters=tuple(sorted(matters, key=lambda m: m.posted_at)),
        events=tuple(events),
    )
    by_position = {mail.position: mail for mail in mails}
    problems = tuple(
        Problem(position, by_position[position].message_id, tuple(reasons))
        for position, reasons in sorted(state.reasons.items())
    )
    return MboxImport(archive=archive, problems=problems, messages=len(mails))


def import_mbox(
    path: str | Path,
    *,
    profile: str,
    addresses: Mapping[str, str],
    admin: str | None = None,
    settings: Mapping[str, Any] | None = None,
) -> MboxImport:
    """:func:`import_mails` of the mbox file at ``path``."""
    return import_mails(
        read_mbox(path), profile=profile, addresses=addresses, admin=admin, settings=settings
    )
