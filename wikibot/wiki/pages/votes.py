"""The Votes page: the published toteboard of every pending Votable Matter.

The bot owns one marked part of the page; text above and below it is left alone::

    <!-- nomicbot:votes begin tally=... text=... (written by nomicbot...) -->
    ''Tally as of 2016-05-24 00:00:00 UTC.''

    Quorum: 4 (7 Imagineers).

    {| class="wikitable sortable"
    ! Matter !! Author !! FOR !! AGAINST !! DEF !! Quorum !! Verdict !! Why !! Next change
    ...
    |}
    <!-- nomicbot:votes end -->

Only real markers count: HTML comments at the top level of the page, not a
marker quoted inside ``<nowiki>``, ``<pre>``, ``<code>``, a template or another
comment. The page must hold exactly one begin marker followed by exactly one
end marker, or none (the bot's part is then added at the end); anything else
(a begin marker whose end a human removed, a second begin or end marker) is a
:class:`~wikibot.errors.WikiError` and the page is not edited, because no
guess about where the bot's part ends is safe for the text around it.

The marker records a fingerprint of the tally (matters, votes, counts, Quorum,
verdicts, decidable-at times) and of the text under it. Publishing again when
neither changed edits nothing: the "as of" line is the last time the tally
changed, not the last time the bot looked, and the "why" column (whose open-for
times grow by the minute) is a snapshot at that instant.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from gamestate.dynasties.generic import dynasty_of
from gamestate.dynasties.nomicland.planning import DemandStatus
from gamestate.profiles.blognomic_139.in_force import RulesInForce
from gamestate.profiles.blognomic_139.status import GameStatus, MatterStatus
from gamestate.profiles.blognomic_139.votes import Vote
from wikibot.archive import format_time
from wikibot.errors import WikiError
from wikibot.wiki.client import EditCause, EditResult, WikiClient
from wikibot.wiki.wikitext import comments, plain_text

__all__ = [
    "SEED_WIKITEXT",
    "publish_votes",
    "render_demands",
    "render_tally",
    "tally_fingerprint",
    "update_votes_page",
]

_BEGIN = "<!-- nomicbot:votes begin"
_END = "<!-- nomicbot:votes end -->"
# What a marker comment says (inside "<!--" and "-->"), as written by the bot or a human.
_BEGIN_WORDS = re.compile(
    r"\s*nomicbot:votes begin(?:\s+tally=(?P<tally>[0-9a-f]+)\s+text=(?P<text>[0-9a-f]+))?"
    r"(?:\s.*)?",
    re.DOTALL,
)
_END_WORDS = re.compile(r"\s*nomicbot:votes end(?:\s.*)?", re.DOTALL)

SEED_WIKITEXT = f"""\
The tally of every pending Votable Matter, as nomicbot reads the votes on the blog. \
The part between the nomicbot markers is rewritten by the bot whenever the tally \
changes; write anything else above or below it.

{_BEGIN} -->
''No tally has been published yet.''
{_END}
"""
"""The page as the sandbox seeds it: an intro and an empty bot part."""


def _text(value: str) -> str:
    """Plain text made safe inside a wikitable cell (no links, templates or signatures)."""
    return plain_text(value)


def _when(moment: datetime | None) -> str:
    if moment is None:
        return "\u2014"
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _voters(matter: MatterStatus, vote: Vote) -> list[str]:
    return sorted((name for name, v in matter.tally.votes.items() if v is vote), key=str.casefold)


def _count(count: int, names: Iterable[str]) -> str:
    listed = ", ".join(_text(n) for n in names)
    return f"{count}: {listed}" if listed else str(count)


def _verdict(matter: MatterStatus) -> str:
    flags = [
        word
        for word, on in (
            ("oldest pending Proposal", matter.oldest),
            ("vetoed", matter.tally.vetoed),
            ("self-killed", matter.tally.self_killed),
            ("illegal", matter.illegal),
        )
        if on
    ]
    verdict = f"'''{matter.decision.verdict.value}'''"
    return verdict + (f" ({', '.join(flags)})" if flags else "")


def _row(matter: MatterStatus, blog_url: str) -> str:
    post = matter.post
    link = f"[{blog_url.rstrip('/')}/archive/{quote(post.id, safe='')} {_text(post.title)}]"
    why = matter.decision.why
    if matter.illegal and matter.illegal_reason:
        why = f"{why} (illegal: {matter.illegal_reason})"
    cells = [
        link,
        _text(post.author),
        _count(matter.tally.for_count, _voters(matter, Vote.FOR)),
        _count(matter.tally.against_count, _voters(matter, Vote.AGAINST)),
        _count(matter.tally.deferential_count, _voters(matter, Vote.DEFERENTIAL)),
        str(matter.quorum),
        _verdict(matter),
        _text(why),
        _when(matter.decidable_at),
    ]
    return "|-\n| " + " || ".join(cells)


def _ruleset_line(rules: RulesInForce) -> str:
    """The Ruleset in force in one line (ARCHITECTURE.md 1c): its revision, its unread
    rules and the dynastic rules that may change how votes count."""
    line = f"Ruleset: {rules.label()}"
    if rules.pending:
        names = ", ".join(f'"{p.unread.rule}"' for p in rules.pending)
        line += f"; unread: {names} (the verdicts that depend on them are unknown)"
    if rules.acknowledged:
        names = ", ".join(f'"{p.unread.rule}"' for p in rules.acknowledged)
        line += f"; acknowledged by an Admin: {names}"
    if rules.reading.warnings:
        names = ", ".join(f'"{w.rule}"' for w in rules.reading.warnings)
        line += f"; may change how votes count: {names}"
    return line + "."


def render_tally(status: GameStatus, *, blog_url: str) -> str:
    """The bot's part of the page without its "as of" line: Quorum and the table."""
    terms = status.terms
    lines = [f"Quorum: {status.quorum} ({_text(terms.players(status.players))}).", ""]
    if status.rules is not None:
        lines[1:1] = [
            "",
            _text(_ruleset_line(status.rules)),
            "",
            _text(dynasty_of(status.rules.revision).line()),
        ]
    if status.victory is not None:
        lines[:0] = [f"'''Victory''': {_text(str(status.victory))}.", ""]
    if status.hiatus:
        reason = _text(status.hiatus_reason or "the game is in Hiatus")
        lines.extend([f"'''Hiatus''': {reason}.", ""])
    if not status.matters:
        lines.append("No pending Votable Matters.")
        return "\n".join(lines)
    lines.append('{| class="wikitable sortable"')
    lines.append(
        "! Matter !! Author !! FOR !! AGAINST !! DEF !! Quorum !! Verdict !! Why !! Next change"
    )
    lines.extend(_row(m, blog_url) for m in status.matters)
    lines.append("|}")
    return "\n".join(lines)


def render_demands(demands: Sequence[DemandStatus]) -> str:
    """The Demand section: each open Demand Post, its winning bid, Builder, ignored bids
    and when it may be closed (rule "Planning"); '' when there is none."""
    open_ = [d for d in demands if d.is_open]
    if not open_:
        return ""
    lines = ["", "", "=== Demand ===", ""]
    for d in open_:
        win = d.winning
        if win is not None:
            state = (
                f"winning bid {win.amount} by {_text(win.bidder)} ({_when(win.at)}); "
                f"Builder {_text(win.bidder)}; may be closed from {_when(d.closable_at)}"
            )
        else:
            ignored = sum(1 for b in d.bids if not b.is_valid)
            # Rule "Planning": an ignored bid is not a bid ("has no bids").
            none = f"no bids (the {ignored} below ignored)" if ignored else "no bids"
            state = (
                f"{none}; may be closed without effect after "
                f"{_when(d.closable_without_effect_after)}"
            )
        lines.append(f"* '''{_text(d.building)}''' ({_text(d.post)}): {state}")
        for bid in d.bids:
            if not bid.is_valid:
                # No amount: X was no number ("I bid 25.5"), or absurd (thousands of digits).
                amount = f" bid {bid.amount}" if bid.amount is not None else ""
                lines.append(
                    f"** ignored: {_text(bid.bidder)}{amount} "
                    f"({_when(bid.at)}): {_text(bid.reason)}"
                )
    return "\n".join(lines)


def _demand_facts(demands: Sequence[DemandStatus]) -> list[Any]:
    return [
        [d.post, d.building, [[b.comment, b.bidder, b.amount, b.verdict.value] for b in d.bids]]
        for d in demands
        if d.is_open
    ]


def tally_fingerprint(
    status: GameStatus, *, blog_url: str = "", demands: Sequence[DemandStatus] = ()
) -> str:
    """A short hash of everything the tally shows except the time-dependent wording
    (the open Demand Posts' bids included)."""
    facts = {
        "demands": _demand_facts(demands),
        "quorum": status.quorum,
        "players": status.players,
        "hiatus": [status.hiatus, status.hiatus_reason],
        "boss": status.boss,
        "terms": [status.terms.player, status.terms.boss],
        "blog": blog_url,
        "matters": [
            {
                "id": m.post.id,
                "title": m.post.title,
                "author": m.post.author,
                "votes": sorted((name, vote.value) for name, vote in m.tally.votes.items()),
                "counts": [
                    m.tally.for_count,
                    m.tally.against_count,
                    m.tally.deferential_count,
                    m.quorum,
                ],
                "flags": [
                    m.tally.self_killed,
                    m.tally.vetoed,
                    m.illegal,
                    m.illegal_reason,
                    m.oldest,
                ],
                "verdict": m.decision.verdict.value,
                "decidable_at": format_time(m.decidable_at) if m.decidable_at else None,
            }
            for m in status.matters
        ],
    }
    if status.victory is not None:  # only then: a tally without one keeps its fingerprint
        facts["victory"] = str(status.victory)
    canonical = json.dumps(facts, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class _Marker:
    begin: bool
    """A begin marker (else an end marker)."""
    start: int
    end: int
    tally: str | None = None
    text: str | None = None


def _markers(text: str) -> list[_Marker]:
    """The real markers on the page: top-level comments, in page order."""
    found: list[_Marker] = []
    for comment in comments(text):
        start, end = comment.start, comment.end
        if not text.endswith("-->", 0, end):
            continue  # a comment left open to the end of the page
        words = text[start + 4 : end - 3]
        if (begin := _BEGIN_WORDS.fullmatch(words)) is not None:
            found.append(_Marker(True, start, end, begin["tally"], begin["text"]))
        elif _END_WORDS.fullmatch(words):
            found.append(_Marker(False, start, end))
    return found


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _region(text: str, title: str) -> tuple[_Marker, _Marker] | None:
    """The bot's begin and end markers, None when there are none; WikiError if unclear."""
    markers = _markers(text)
    begins = [m for m in markers if m.begin]
    ends = [m for m in markers if not m.begin]
    if not markers:
        return None
    where = f'wiki page "{title}": '
    advice = "; fix the markers on the wiki (nomicbot edits nothing until then)"
    if len(begins) > 1 or len(ends) > 1:
        lines = ", ".join(str(_line(text, m.start)) for m in markers)
        raise WikiError(
            f"{where}{len(begins)} nomicbot:votes begin and {len(ends)} end markers "
            f"(lines {lines}) where there must be one of each{advice}"
        )
    if not ends:
        raise WikiError(
            f"{where}the nomicbot:votes begin marker on line {_line(text, begins[0].start)} "
            f"has no end marker{advice}"
        )
    if not begins:
        raise WikiError(
            f"{where}the nomicbot:votes end marker on line {_line(text, ends[0].start)} "
            f"has no begin marker{advice}"
        )
    begin, end = begins[0], ends[0]
    if end.start < begin.start:
        raise WikiError(
            f"{where}the nomicbot:votes end marker (line {_line(text, end.start)}) comes "
            f"before the begin marker (line {_line(text, begin.start)}){advice}"
        )
    return begin, end


def update_votes_page(
    text: str,
    status: GameStatus,
    *,
    blog_url: str,
    title: str = "Votes",
    demands: Sequence[DemandStatus] = (),
) -> str:
    """The page with the bot's part showing ``status``; unchanged if the tally is the same.

    Without markers on the page, the bot's part is added at the end. Markers
    that do not make one begin-end pair are a :class:`WikiError` naming ``title``.
    Every character outside the bot's part is kept.
    """
    fingerprint = tally_fingerprint(status, blog_url=blog_url, demands=demands)
    found = _region(text, title)
    if found:
        begin, end = found
        if begin.tally == fingerprint and begin.text == _digest(text[begin.end : end.start]):
            return text
    when = status.now.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    tally = render_tally(status, blog_url=blog_url) + render_demands(demands)
    body = f"\n''Tally as of {when}.''\n\n{tally}\n"
    region = (
        f"{_BEGIN} tally={fingerprint} text={_digest(body)} "
        f"(written by nomicbot: edits inside are overwritten) -->{body}{_END}"
    )
    if found:
        before, after = text[: found[0].start], text[found[1].end :]
    else:
        before, after = text + _separator(text), "\n"
    new = before + region + after
    # The bot must find its part again next time, exactly where it put it.
    at, stop = len(before), len(before) + len(region)
    expected = [(True, at, at + region.index("-->") + 3), (False, stop - len(_END), stop)]
    if [(m.begin, m.start, m.end) for m in _markers(new)] != expected:
        raise WikiError(
            f'wiki page "{title}": the tally would not be read back as the bot\'s part (an '
            "unclosed comment or tag on the page takes in its markers); close it on the wiki"
        )
    return new


def _separator(text: str) -> str:
    """What goes between a page's text and a new bot part: a blank line."""
    if not text.strip():
        return ""
    if text.endswith("\n\n"):
        return ""
    return "\n" if text.endswith("\n") else "\n\n"


def publish_votes(
    client: WikiClient,
    status: GameStatus,
    *,
    title: str,
    blog_url: str,
    demands: Sequence[DemandStatus] = (),
    cause: EditCause | None = None,
) -> EditResult:
    """Writes the tally to the Votes page (a dry-run client returns the diff instead).

    ``cause`` is the edit's summary (default: the tally's instant and size). The page's
    content for ``publish``, ``resolve`` and ``watch`` comes from
    :func:`wikibot.wiki.votes_view.votes_view`."""
    if cause is None:
        pending = len(status.matters)
        cause = EditCause(
            f"Votes tally as of {format_time(status.now)}: {pending} pending Votable "
            f"Matter{'' if pending == 1 else 's'}"
        )
    return client.edit(
        title,
        lambda text: update_votes_page(
            text, status, blog_url=blog_url, title=title, demands=demands
        ),
        cause=cause,
    )
