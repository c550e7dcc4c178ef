"""The audit's report page (``[wiki] audit_page``, "Gamestate audit"): every flagged revision.

The bot owns one marked part of the page, as on the Votes page; text above and
below it is left alone::

    <!-- nomicbot:audit begin (written by nomicbot: edits inside are overwritten) -->
    * [[Special:Diff/1234|r1234]] Gamestate, 2016-05-17 12:00 UTC, by
      [[Special:Contributions/Josh|Josh]]: '''illegal''': rule "Construction",
      Gamestate/Josh/Budget (expected 150, found 200)
    <!-- nomicbot:audit end -->

One line per flagged revision (``illegal``, ``unexplained`` or ``ambiguous``),
oldest first, each with its diff link, editor, rule and cell. The lines come
from the mirror's record of every audit (:func:`wikibot.wiki.audit.flagged_rows`),
never from one run's findings alone, so a rerun renders the same part and the page
is not edited. :func:`publish_recorded` edits the page while an audit's report
operation is still ``started`` (recorded in the same transaction as its findings),
then marks it ``applied``: a run killed between its record and its edit is
finished by the next one, which needs nothing new to audit. Only real
comments count as markers (not one quoted in ``<nowiki>`` or a template); a
begin marker without its end, or two of either, is a WikiError and the page is
not edited.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from wikibot.errors import WikiError
from wikibot.mirror.api import Mirror
from wikibot.resolve.ledger import kill_point
from wikibot.wiki.audit import flagged_rows, report_published, unpublished
from wikibot.wiki.client import EditCause, EditResult, WikiClient
from wikibot.wiki.wikitext import comments, plain_text

__all__ = [
    "SEED_WIKITEXT",
    "publish_audit",
    "publish_recorded",
    "render_line",
    "update_audit_page",
]

_BEGIN = "<!-- nomicbot:audit begin (written by nomicbot: edits inside are overwritten) -->"
_END = "<!-- nomicbot:audit end -->"
_SKIP = {"reading", "alternatives"}
"""Findings that explain rather than flag: not on the report line."""

SEED_WIKITEXT = f"""\
Every edit of the gamestate pages that nomicbot's audit \
(<code>nomicbot wiki audit</code>) flagged: illegal (a recognised action not allowed, or \
written with a wrong value), unexplained (no action changes those cells that way) or \
ambiguous (readings of the Ruleset disagree). Correct the page, or say on the blog why it stands.

{_BEGIN}
''No flagged revision.''
{_END}
"""
"""The page as the bot first writes it."""


def _text(value: object) -> str:
    """Plain text made safe on a list line (no links, templates or signatures)."""
    return plain_text(str(value))


def _shown(value: object) -> str:
    """A value on a report line: ``(none)`` for no value (a cell the ledger lacks)."""
    return "(none)" if value is None else _text(value)


def _when(at: str) -> str:
    moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def _finding(f: Mapping[str, Any]) -> str:
    rule = f'rule "{_text(f["rule"])}"' if f.get("rule") else _text(f["kind"])
    cell = f", {_text(f['cell'])}" if f.get("cell") else ""
    values = ""
    expected = f.get("expected")
    if isinstance(expected, str) and expected.startswith("refused: "):
        # A refusal says why in place of a value expected.
        values = f" ({_text(expected)}, found {_text(f.get('found'))})"
    elif f.get("kind") == "bot_unmatched":
        values = f" ({_text(f.get('found'))}, the bot's own, has no ledger row)"
    elif expected is not None or f.get("found") is not None:
        values = f" (expected {_shown(expected)}, found {_shown(f.get('found'))})"
    return rule + cell + values


def render_line(row: Mapping[str, Any]) -> str:
    """One flagged revision (its audit as ``RevisionAudit.to_json()`` gives it)."""
    revid, editor = int(row["revid"]), str(row["editor"])
    who = f"[[Special:Contributions/{_text(editor)}|{_text(editor)}]]" if editor else "(hidden)"
    findings = [f for f in row.get("findings", ()) if f.get("kind") not in _SKIP]
    said = "; ".join(_finding(f) for f in findings) or "no finding given"
    return (
        f"* [[Special:Diff/{revid}|r{revid}]] {_text(row['page'])}, {_when(str(row['at']))}, "
        f"by {who}: '''{_text(row['verdict'])}''': {said}"
    )


def _region(text: str, title: str) -> tuple[int, int] | None:
    """Start of the begin marker and end of the end marker; None when there are none."""
    begins: list[tuple[int, int]] = []
    ends: list[tuple[int, int]] = []
    for c in comments(text):
        words = text[c.start + 4 : c.end - 3].strip()
        if words.startswith("nomicbot:audit begin"):
            begins.append((c.start, c.end))
        elif words.startswith("nomicbot:audit end"):
            ends.append((c.start, c.end))
    if not begins and not ends:
        return None
    if len(begins) != 1 or len(ends) != 1 or ends[0][0] < begins[0][1]:
        raise WikiError(
            f'wiki page "{title}": {len(begins)} nomicbot:audit begin and {len(ends)} end '
            "markers where there must be one of each, begin first; fix the markers on the "
            "wiki (nomicbot edits nothing until then)"
        )
    return begins[0][0], ends[0][1]


def update_audit_page(text: str, rows: Sequence[Mapping[str, Any]], *, title: str) -> str:
    """The page with the bot's part listing ``rows``; unchanged when it already does."""
    body = "\n".join(render_line(r) for r in rows) or "''No flagged revision.''"
    region = f"{_BEGIN}\n{body}\n{_END}"
    found = _region(text, title)
    if found is None:
        if not text.strip():
            return SEED_WIKITEXT.replace(f"{_BEGIN}\n''No flagged revision.''\n{_END}", region)
        return text.rstrip("\n") + "\n\n" + region + "\n"
    return text[: found[0]] + region + text[found[1] :]


def publish_audit(
    client: WikiClient, rows: Sequence[Mapping[str, Any]], *, title: str, audited: int
) -> EditResult:
    """Writes the flagged revisions on the report page (a dry-run client gives the diff);
    no edit when the page already lists them. ``audited``: the revisions recorded since
    the page was last brought up to date (for the edit summary)."""
    flagged = len(rows)
    cause = EditCause(
        f"gamestate audit: {flagged} flagged revision{'' if flagged == 1 else 's'} "
        f"({audited} newly audited)"
    )
    return client.edit(title, lambda text: update_audit_page(text, rows, title=title), cause=cause)


def publish_recorded(client: WikiClient, mirror: Mirror, *, title: str) -> EditResult | None:
    """Lists every flagged revision the mirror records on the report page, when an
    audit's report operation is still ``started`` (its revisions recorded, the page not
    yet edited after them), then marks those operations ``applied``; None (no request)
    when there is none."""
    waiting = unpublished(mirror)
    if not waiting:
        return None
    audited = sum(int(e.arguments.get("audited", 0)) for e in waiting)
    result = publish_audit(client, flagged_rows(mirror), title=title, audited=audited)
    kill_point("audit: report page written")
    if not result.dry_run:
        report_published(mirror, waiting)
    return result
