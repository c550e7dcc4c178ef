"""An Admin's resolution note, read back into data.

Rule "Votable Matters": "Whenever an Admin resolves a Votable Matter, they must
also mark their name, and report the final tally of Votes (or the fact that it
was self-killed or vetoed)." Twenty years of BlogNomic wrote that note as free
text: "Reaches Quorum (7-0) / Enacted by Hix", "Timed out 7 votes to 7. Failed
by Kevan.", "Passes 4-2. - Quirck", "Vetoed -Darth", "Enacted popular, 4-1.
Josh", and the bot's own "Enacted by Kevan (5-1, Quorum 4)"
(:func:`gamestate.profiles.blognomic_139.notes.admin_note`).

:func:`parse_admin_note` reads what a note says and nothing more: an outcome,
the resolving Admin, the tally FOR-AGAINST and the Quorum, each ``None`` when
the note does not say it. It never guesses: a note that names two outcomes or
two Admins, or
a name that could be the vetoer as well as the Admin ("vetoed by Brendan"),
leaves the field ``None``. It never raises, whatever the text.

The reading, one field at a time:

* **outcome**, by the first of these that the note states: withdrawn;
  self-killed ("Self-killed", "Self-failed", "Self killed", "S-K"); vetoed;
  illegal ("Illegal", "not a legal DoV", "illegally turned into a proposal",
  "posted illegally"); then enacted ("Enacted", "Passes", "passed", "Popular")
  or failed ("Failed", "Fails", "failing", "cannot be enacted", "could not
  reach quorum", "Unpopular, 2-9", "not popular"). A note saying both enacted
  and failed words has no outcome. "Reached Quorum 8-0" or "Timed out" alone
  has no outcome: reaching a quorum of AGAINST votes fails a matter, and timing
  out may do either.
* **admin**: "Enacted/Failed/Passed/Marked Illegal/adminned by NAME" (also
  "Failed 1-4 by NAME", "Failed 2 votes to 7 by NAME"); "Failed by CfJ" names
  no Admin, so the note is read on; else a signature ending the note after a dash ("-
  Quirck", "—Clucky", "later-Bucky"); else a lone capitalised name ending the
  note after a full stop or comma ("... 4-1. Josh"). "Vetoed by NAME" names the
  vetoer, not the Admin, so it is not read as the Admin. A date may stand
  between the verb and "by" ("Enacted on 2nd December by Kevan") or end the
  note after the signature ("- Kevan, 2nd December", "Kevan, December 2nd at
  16:08 GMT"); a lone name may also follow a date ("..., 2nd December Kevan").
* **for/against**: the first tally written "F-A", "(F-A)", "F to A", "F votes
  to A", "F votes FOR, A against", "F vote FOR to A AGAINST", or AGAINST first
  ("A against and F for"); numbers of at most three digits that are not
  part of a date ("04/12/2005", "2016-05-24"). "10 votes against" (or "can't
  reach quorum with 6 against") alone gives against=N and for=None.
* **quorum**: only when written "Quorum N" or "quorum of N" ("Reached quorum 6
  votes to 0" is a tally, not a Quorum of 6).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["AdminNote", "Outcome", "parse_admin_note"]


class Outcome(StrEnum):
    """What the Admin's note says became of the matter."""

    ENACTED = "enacted"
    """Rule "Resolution of Proposals" (and CfJ, DoV): the Admin enacted it."""
    FAILED = "failed"
    """The Admin failed it (quorum unreachable, timed out, a quorum AGAINST)."""
    VETOED = "vetoed"
    """Rule "Resolution of Proposals": "It has been Vetoed"."""
    SELF_KILLED = "self-killed"
    """Rule "Resolution of Proposals": "It has been Self-Killed"."""
    ILLEGAL = "illegal"
    """The post was not a legal Votable Matter (e.g. posted while idle)."""
    WITHDRAWN = "withdrawn"
    """Its author withdrew it; the blog shows it as Failed."""


@dataclass(frozen=True)
class AdminNote:
    """What one resolution note says, each field ``None`` when it does not say."""

    outcome: Outcome | None
    """Enacted, failed, vetoed, self-killed, illegal or withdrawn."""
    admin: str | None
    """The name the resolving Admin marked, as written."""
    for_: int | None
    """The FOR side of the tally reported ("7-0" gives 7)."""
    against: int | None
    """The AGAINST side of the tally reported ("7-0" gives 0)."""
    quorum: int | None
    """The Quorum, only where the note writes it ("Quorum 4")."""


# Dashes that sign a note ("—Clucky", "–Tantusar") are read like "-".
_DASHES = str.maketrans(
    {"\u2014": "-", "\u2013": "-", "\u2012": "-", "\u2212": "-", "\u2019": "'", "\u2018": "'"}
)
_SPACES = re.compile(r"[ \t\u00a0\u2000-\u200b\u202f\u3000]+")

# Outcome words. Order matters: the first outcome stated wins, and the
# specific ones (withdrawn, self-killed, vetoed, illegal) outrank the generic
# "Failed by" an Admin writes after them ("Withdrawn. Failed by JonathanDark.").
_WITHDRAWN = re.compile(r"\bwithdr[ae]wn?\b", re.IGNORECASE)
_SELF_KILLED = re.compile(r"\bself[- ]?(?:killed|kill|failed|fail)\b|\bS-K\b", re.IGNORECASE)
_VETOED = re.compile(r"\bvetoe?d\b", re.IGNORECASE)
# "Illegally turned into a proposal", "posted illegally", "not legally posted".
_ILLEGAL = re.compile(
    r"\billegal(?:ly)?\b|\billegitimate(?:ly)?\b|\bnot (?:a )?legal(?:ly)?\b", re.IGNORECASE
)
# "Unpopular, 2-9": a Proposal that is not popular fails (rule "Resolution of Proposals").
_NOT_ENACTED = re.compile(
    r"\b(?:cannot|can't|can not|could not|couldn't) (?:be )?(?:enacted|passed|pass"
    r"|reach quorum)\b|\bunpopular\b|\bnot popular\b",
    re.IGNORECASE,
)
# "12 hours have passed" is the clock, not the matter.
_ENACTED = re.compile(
    r"\b(?:enact(?:ed|s)|(?<!have )(?<!has )(?<!had )pass(?:es|ed)|popular)\b", re.IGNORECASE
)
_FAILED = re.compile(r"\bfail(?:ed|s|ing)?\b", re.IGNORECASE)

# A player's name: a first word, then capitalised words or Roman numerals
# ("Elias IX", "75th Trombone", "Darth Cliche"), on one line.
_NAME = r"\w[\w']*(?:[.\-][\w']+)*(?: (?:[A-Z][\w'\-]*|[IVX]+)\b)*"
# A date or a time as notes write them: "2nd December", "6th of June", "December 2nd,
# 2004", "04/12/2005", "2016-05-24", "at 16:08 GMT".
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?"
)
_DAY = r"[0-9]{1,2}(?:st|nd|rd|th)?\b"
_DATE = (
    r"(?:(?:the )?" + _DAY + r" (?:of )?" + _MONTH + r"(?:,? [0-9]{4}\b)?"
    r"|" + _MONTH + r" " + _DAY + r"(?:,? [0-9]{4}\b)?"
    r"|[0-9]{1,4}[/.\-][0-9]{1,2}[/.\-][0-9]{1,4}\b)"
)
_TIME = r"(?:[0-9]{1,2}[:.][0-9]{2}(?: ?[ap]\.?m\.?)?(?: (?:GMT|UTC|BST))?|GMT|UTC)"
_BY = re.compile(
    r"(?i:\b(?P<verb>enacted|failed|passed|marked illegal|adminned|resolved)"
    r"(?:\s*,?\s*[0-9]{1,3}(?: votes?)?(?: ?- ?| to )[0-9]{1,3})?"
    r"(?:,? (?:on )?" + _DATE + r")?\s*,?\s+by\s+)(?P<name>" + _NAME + ")"
)
# A date or time ending the note, after the Admin's name: "- Kevan, 2nd December".
_DATE_ENDING = re.compile(
    r"(?i:(?:[,;]? ?(?:(?:on|at) )?(?:" + _DATE + "|" + _TIME + r")){1,4} ?[.!]?)$"
)
# A lone name ending the note after a date: "Enacted 5-1, 2nd December Kevan".
_AFTER_DATE = re.compile(r"(?i:" + _DATE + r")[.,]? (?P<name>[A-Z][\w'\-]*) ?[.!]?$")
# A signature ending the note: "- Quirck", "-Darth", "—Clucky", "-- Kevan", "later-Bucky",
# '"Fix it"—Kevan'.
_SIGNED = re.compile(
    r"(?:(?:^|(?<=[\s.,;:!?)\]\"'\u201d]))-+|(?<=[a-z])-(?=[A-Z])|(?<=[0-9])-(?=[A-Za-z]))\s*"
    r"(?i:adminned by\s+)?(?P<name>" + _NAME + r")\s*[.!]?\s*$"
)
# A lone name ending the note after a full stop or comma: "... 4-1. Josh".
_TRAILING = re.compile(r"[.,]\s+(?P<name>[A-Z][\w'\-]*)\s*[.!]?\s*$")
# Words that end notes but are not names.
_NOT_NAMES = {
    "against",
    "enacted",
    "failed",
    "fails",
    "passed",
    "passes",
    "vetoed",
    "veto",
    "illegal",
    "withdrawn",
    "quorum",
    "out",
    "killed",
    "self-killed",
    "self-failed",
    "utc",
    "gmt",
    "nobody",
    "dov",
    "cfj",
    "popular",
    "unpopular",
    "illegally",
    *("january february march april june july august september october november december").split(),
}

# Tallies: "7-0", "(7-1)", "4 to 0", "7 votes to 7", "1 vote to 2".
_NUM_L = r"(?<![0-9/.:\-])(?P<f>[0-9]{1,3})"
_NUM_R = r"(?P<a>[0-9]{1,3})(?![0-9/:]|[.\-][0-9])"
_TALLY = re.compile(_NUM_L + r"(?: votes?)?(?: ?- ?| to )" + _NUM_R, re.IGNORECASE)
# In words, either side first: "2 votes FOR, 0 against", "1 vote FOR to 5 AGAINST", "4
# against and 2 for", "2 FOR and 6 AGAINST".
_WORDS_BETWEEN = r"\b,?(?: and| to| with)? "
_TALLY_WORDS = re.compile(
    _NUM_L + r"(?: votes?)? FOR" + _WORDS_BETWEEN + _NUM_R + r"(?: votes?)? AGAINST\b",
    re.IGNORECASE,
)
_TALLY_WORDS_AGAINST_FIRST = re.compile(
    r"(?<![0-9/.:\-])(?P<a>[0-9]{1,3})(?: votes?)? AGAINST"
    + _WORDS_BETWEEN
    + r"(?P<f>[0-9]{1,3})(?![0-9/:]|[.\-][0-9])(?: votes?)? FOR\b",
    re.IGNORECASE,
)
_AGAINST_ONLY = re.compile(r"(?<![0-9/.:\-])(?P<a>[0-9]{1,3})(?: votes?)? against\b", re.IGNORECASE)
_QUORUM = re.compile(
    r"\bquorum(?: of| was| is| =|:)? (?P<q>[0-9]{1,3})\b(?! ?(?:votes?\b|to\b|-))",
    re.IGNORECASE,
)


def parse_admin_note(text: str) -> AdminNote:
    """What the note says: outcome, Admin, tally and Quorum, ``None`` where it is silent.

    >>> parse_admin_note("Timed out 7 votes to 7. Failed by Kevan.")
    AdminNote(outcome=<Outcome.FAILED: 'failed'>, admin='Kevan', for_=7, against=7, quorum=None)
    """
    lines = [_SPACES.sub(" ", line).strip() for line in str(text).translate(_DASHES).splitlines()]
    note = "\n".join(line for line in lines if line)
    for_, against = _tally(note)
    return AdminNote(
        outcome=_outcome(note),
        admin=_admin(note),
        for_=for_,
        against=against,
        quorum=_quorum(note),
    )


_DENIED = re.compile(r"\b(?:not|no|never|without)\s+(?:been\s+)?$", re.IGNORECASE)


def _states(pattern: re.Pattern[str], note: str) -> bool:
    """The note states the fact, not its denial ("Failed. Not vetoed." is no veto)."""
    return any(not _DENIED.search(note[: m.start()]) for m in pattern.finditer(note))


def _outcome(note: str) -> Outcome | None:
    # "cannot be enacted" is a failure, not an enactment.
    negated = bool(_NOT_ENACTED.search(note))
    plain = _NOT_ENACTED.sub(" ", note)
    enacted = bool(_ENACTED.search(plain))
    failed = negated or bool(_FAILED.search(plain))
    # Outcomes that name their own reason come first; each is a kind of failure,
    # so a note that also says only "enacted" contradicts itself.
    for pattern, outcome in (
        (_WITHDRAWN, Outcome.WITHDRAWN),
        (_SELF_KILLED, Outcome.SELF_KILLED),
        (_VETOED, Outcome.VETOED),
        (_ILLEGAL, Outcome.ILLEGAL),
    ):
        if _states(pattern, note):
            return None if enacted and not failed else outcome
    # The Admin's own verb settles it: "Another Declaration of Victory was
    # enacted (...). Failed by Kevan" was failed.
    verbs = {m["verb"].lower() for m in _BY.finditer(note)} & {"enacted", "passed", "failed"}
    if verbs:
        if "failed" not in verbs:
            return Outcome.ENACTED
        return Outcome.FAILED if verbs == {"failed"} else None
    if enacted and not failed:
        return Outcome.ENACTED
    if failed and not enacted:
        return Outcome.FAILED
    return None  # neither, or both: the note does not say which


def _admin(note: str) -> str | None:
    # "Failed by CfJ: ...": a CfJ failed it, so "CfJ" names no Admin; a signature may.
    named = {_name(m["name"]) for m in _BY.finditer(note)} - {None}
    if named:
        # Two different names ("Enacted by Kevan. Failed by Josh.") say no one.
        return named.pop() if len(named) == 1 else None
    last_line = note.rsplit("\n", 1)[-1]
    # "- Kevan, 2nd December": the signature is read without the date after it.
    undated = _DATE_ENDING.sub("", last_line).rstrip()
    for pattern, line in ((_SIGNED, undated), (_TRAILING, undated), (_AFTER_DATE, last_line)):
        match = pattern.search(line)
        if match:
            return _name(match["name"])
    return None


def _name(written: str) -> str | None:
    name = written.strip().rstrip(".")
    if not name or name.lower() in _NOT_NAMES or not any(c.isalpha() for c in name):
        return None
    return name


def _tally(note: str) -> tuple[int | None, int | None]:
    patterns = (_TALLY_WORDS, _TALLY_WORDS_AGAINST_FIRST, _TALLY)
    candidates = [m for m in (p.search(note) for p in patterns) if m]
    if candidates:
        first = min(candidates, key=lambda m: m.start())
        return int(first["f"]), int(first["a"])
    match = _AGAINST_ONLY.search(note)
    if match:
        return None, int(match["a"])
    return None, None


def _quorum(note: str) -> int | None:
    match = _QUORUM.search(note)
    return int(match["q"]) if match else None
