"""The Votes page: the published toteboard of every pending Votable Matter.

The bot owns one marked part of the page; text above and below it is left alone::

    <!-- nomicbot:votes begin tally=... text=... (written by nomicbot...) -->
    ''Tally as of 2016-05-24 00:00:00 UTC.''

    Quorum: 4 (7 Imagineers).

    {| class="wikitable sortable"
    ! Matter !! Author !! FOR !! AGAINST !! DEF !! Quorum !! Verdict !! Why !! Decidable at
    ...
    |}
    <!-- nomicbot:votes end -->

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
from collections.abc import Iterable
from datetime import UTC, datetime
from urllib.parse import quote

from gamestate.status import GameStatus, MatterStatus
from gamestate.votes import Vote
from wikibot.archive import format_time
from wikibot.wikiclient import EditCause, EditResult, WikiClient

__all__ = [
    "SEED_WIKITEXT",
    "publish_votes",
    "render_tally",
    "tally_fingerprint",
    "update_votes_page",
]

_BEGIN = "<!-- nomicbot:votes begin"
_END = "<!-- nomicbot:votes end -->"
_REGION = re.compile(
    r"<!-- nomicbot:votes begin(?: tally=(?P<tally>[0-9a-f]+) text=(?P<text>[0-9a-f]+))?"
    r"[^>]*?-->(?P<body>.*?)<!-- nomicbot:votes end -->",
    re.DOTALL,
)

SEED_WIKITEXT = f"""\
The tally of every pending Votable Matter, as nomicbot reads the votes on the blog. \
The part between the nomicbot markers is rewritten by the bot whenever the tally \
changes; write anything else above or below it.

{_BEGIN} -->
''No tally has been published yet.''
{_END}
"""
"""The page as the sandbox seeds it: an intro and an empty bot part."""

_ESCAPES = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    "[": "&#91;",
    "]": "&#93;",
    "{": "&#123;",
    "}": "&#125;",
    "|": "&#124;",
    "'": "&#39;",
    "~": "&#126;",
    "_": "&#95;",
    "\n": " ",
}


def _text(value: str) -> str:
    """Plain text made safe inside a wikitable cell (no links, templates or signatures)."""
    return "".join(_ESCAPES.get(ch, ch) for ch in value).strip()


def _when(moment: datetime | None) -> str:
    if moment is None:
        return "\u2014"
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _voters(matter: MatterStatus, vote: Vote) -> list[str]:
    return sorted((name for name, v in matter.votes.items() if v is vote), key=str.casefold)


def _count(count: int, names: Iterable[str]) -> str:
    listed = ", ".join(_text(n) for n in names)
    return f"{count}: {listed}" if listed else str(count)


def _verdict(matter: MatterStatus) -> str:
    flags = [
        word
        for word, on in (
            ("oldest pending Proposal", matter.oldest),
            ("vetoed", matter.vetoed),
            ("self-killed", matter.self_killed),
            ("illegal", matter.illegal),
        )
        if on
    ]
    verdict = f"'''{matter.verdict.value}'''"
    return verdict + (f" ({', '.join(flags)})" if flags else "")


def _row(matter: MatterStatus, blog_url: str) -> str:
    post = matter.post
    link = f"[{blog_url.rstrip('/')}/archive/{quote(post.id, safe='')} {_text(post.title)}]"
    why = matter.why
    if matter.illegal and matter.illegal_reason:
        why = f"{why} (illegal: {matter.illegal_reason})"
    cells = [
        link,
        _text(post.author),
        _count(matter.for_count, _voters(matter, Vote.FOR)),
        _count(matter.against_count, _voters(matter, Vote.AGAINST)),
        _count(matter.deferential_count, _voters(matter, Vote.DEFERENTIAL)),
        str(matter.quorum),
        _verdict(matter),
        _text(why),
        _when(matter.decidable_at),
    ]
    return "|-\n| " + " || ".join(cells)


def render_tally(status: GameStatus, *, blog_url: str) -> str:
    """The bot's part of the page without its "as of" line: Quorum and the table."""
    terms = status.terms
    lines = [f"Quorum: {status.quorum} ({_text(terms.players(status.players))}).", ""]
    if status.hiatus:
        reason = _text(status.hiatus_reason or "the game is in Hiatus")
        lines.extend([f"'''Hiatus''': {reason}.", ""])
    if not status.matters:
        lines.append("No pending Votable Matters.")
        return "\n".join(lines)
    lines.append('{| class="wikitable sortable"')
    lines.append(
        "! Matter !! Author !! FOR !! AGAINST !! DEF !! Quorum !! Verdict !! Why !! Decidable at"
    )
    lines.extend(_row(m, blog_url) for m in status.matters)
    lines.append("|}")
    return "\n".join(lines)


def tally_fingerprint(status: GameStatus, *, blog_url: str = "") -> str:
    """A short hash of everything the tally shows except the time-dependent wording."""
    facts = {
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
                "votes": sorted((name, vote.value) for name, vote in m.votes.items()),
                "counts": [m.for_count, m.against_count, m.deferential_count, m.quorum],
                "flags": [m.self_killed, m.vetoed, m.illegal, m.illegal_reason, m.oldest],
                "verdict": m.verdict.value,
                "decidable_at": format_time(m.decidable_at) if m.decidable_at else None,
            }
            for m in status.matters
        ],
    }
    canonical = json.dumps(facts, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def update_votes_page(text: str, status: GameStatus, *, blog_url: str) -> str:
    """The page with the bot's part showing ``status``; unchanged if the tally is the same.

    Without markers on the page, the bot's part is added at the end.
    """
    fingerprint = tally_fingerprint(status, blog_url=blog_url)
    found = _REGION.search(text)
    if found and found["tally"] == fingerprint and found["text"] == _digest(found["body"]):
        return text
    when = status.now.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    body = f"\n''Tally as of {when}.''\n\n{render_tally(status, blog_url=blog_url)}\n"
    region = (
        f"{_BEGIN} tally={fingerprint} text={_digest(body)} "
        f"(written by nomicbot: edits inside are overwritten) -->{body}{_END}"
    )
    if found:
        return text[: found.start()] + region + text[found.end() :]
    return (text.rstrip() + "\n\n" if text.strip() else "") + region + "\n"


def publish_votes(
    client: WikiClient, status: GameStatus, *, title: str, blog_url: str
) -> EditResult:
    """Writes the tally to the Votes page (a dry-run client returns the diff instead)."""
    pending = len(status.matters)
    cause = EditCause(
        f"Votes tally as of {format_time(status.now)}: {pending} pending Votable "
        f"Matter{'' if pending == 1 else 's'}"
    )
    return client.edit(
        title, lambda text: update_votes_page(text, status, blog_url=blog_url), cause=cause
    )
