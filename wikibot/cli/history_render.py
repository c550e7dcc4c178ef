"""``nomicbot history`` output: the JSON object and the human table.

The JSON object (documented in docs/history.md)::

    {"matters": [{"id", "category", "title", "resolved_at",
                  "admin": {"outcome", "admin", "for", "against", "quorum", "status", "note"},
                  "bot": {"verdict", "clause", "for", "against", "quorum", "why", "roster"}
                         | null,
                  "agrees": true | false | null,
                  "disagreements": [{"kind", "what", "clause"}],
                  "notes": [str]}],
     "summary": {"matters", "agreements", "disagreements", "not_judgeable", "by_kind",
                 "todays_roster", "since",
                 "mirror_reach": {"since", "reached", "why"} | null}}

``mirror_reach`` is null unless the mirror's sync read back less far than asked
(:func:`wikibot.mirror.sync_reach.mirror_reach`): matters posted before ``reached``
(null: any) were not seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from gamestate.profiles.blognomic_139.audit import TODAYS, AuditSummary, MatterAudit
from wikibot.archive import format_time
from wikibot.mirror.sync_reach import WalkShortfall

__all__ = ["history_to_json", "reach_note", "render_history", "summary_line"]

_SHORT = {"Proposal": "Proposal", "Call for Judgement": "CfJ", "Declaration of Victory": "DoV"}
_ID_WIDTH = 34


def _matter_to_json(a: MatterAudit) -> dict[str, Any]:
    note = a.note
    bot = a.bot
    return {
        "id": a.post.id,
        "category": a.post.category,
        "title": a.post.title,
        "resolved_at": format_time(a.post.resolved_at) if a.post.resolved_at else None,
        "admin": {
            "outcome": note.outcome.value if note.outcome is not None else None,
            "admin": note.admin,
            "for": note.for_,
            "against": note.against,
            "quorum": note.quorum,
            "status": a.post.status.value,
            "note": a.post.admin_note,
        },
        "bot": None
        if bot is None
        else {
            "verdict": bot.decision.verdict.value,
            "clause": bot.decision.clause.value,
            "for": bot.tally.for_count,
            "against": bot.tally.against_count,
            "quorum": bot.quorum,
            "why": bot.decision.why,
            "roster": a.roster,
        },
        "agrees": a.agrees,
        "disagreements": [
            {"kind": d.kind.value, "what": d.what, "clause": d.clause} for d in a.disagreements
        ],
        "notes": list(a.notes),
    }


def _reach_to_json(reach: WalkShortfall | None) -> dict[str, Any] | None:
    if reach is None:
        return None
    reached = format_time(reach.reached) if reach.reached is not None else None
    return {"since": reach.since.isoformat(), "reached": reached, "why": reach.why}


def reach_note(reach: WalkShortfall) -> str:
    """The matters ``history`` could not see, because the sync did not read them."""
    if reach.reached is None:
        seen = "no matter was seen: the sync read no post"
    else:
        when = format_time(reach.reached)
        seen = f"matters posted before {when} were not seen: the sync read back to {when}"
    return f"{seen}, not back to {reach.since.isoformat()} as asked: {reach.why}"


def _summary_to_json(
    s: AuditSummary, since: datetime | None, reach: WalkShortfall | None
) -> dict[str, Any]:
    return {
        "matters": s.matters,
        "agreements": s.agreements,
        "disagreements": s.disagreements,
        "not_judgeable": s.not_judgeable,
        "by_kind": {k.value: n for k, n in s.by_kind},
        "todays_roster": s.todays_roster,
        "since": format_time(since) if since is not None else None,
        "mirror_reach": _reach_to_json(reach),
    }


def history_to_json(
    audits: Sequence[MatterAudit], *, since: datetime | None, reach: WalkShortfall | None = None
) -> dict[str, Any]:
    """The ``history --json`` object (``reach``: how far the mirror's sync fell short)."""
    return {
        "matters": [_matter_to_json(a) for a in audits],
        "summary": _summary_to_json(AuditSummary.from_audits(audits), since, reach),
    }


def summary_line(s: AuditSummary) -> str:
    """E.g. "31 matters: 5 agreements, 26 disagreements (tally 22), 0 not judgeable"."""
    kinds = ", ".join(f"{k.value} {n}" for k, n in s.by_kind)
    line = (
        f"{s.matters} matters: {s.agreements} agreements, {s.disagreements} disagreements"
        f"{f' ({kinds})' if kinds else ''}, {s.not_judgeable} not judgeable"
    )
    if s.todays_roster:
        line += f"; {s.todays_roster} judged with today's roster (no roster of the day)"
    return line


def _tally(f: int | None, a: int | None) -> str:
    if f is None and a is None:
        return "-"
    return f"{'?' if f is None else f}-{'?' if a is None else a}"


def _row(a: MatterAudit) -> str:
    when = format_time(a.post.resolved_at) if a.post.resolved_at else "(unknown)"
    ident = a.post.id if len(a.post.id) <= _ID_WIDTH else a.post.id[: _ID_WIDTH - 1] + "~"
    kind = _SHORT.get(a.post.category, a.post.category)
    admin = f"{a.post.status.value} {_tally(a.note.for_, a.note.against)}"
    if a.bot is None:
        bot = "not judged"
    else:
        t = a.bot.tally
        bot = f"{a.bot.decision.verdict.value} {t.for_count}-{t.against_count} Q{a.bot.quorum}"
    agrees = {True: "yes", False: "NO", None: "-"}[a.agrees]
    by = a.note.admin or "?"
    return (
        f"{when:<20}  {ident:<{_ID_WIDTH}}  {kind:<8}  {by:<14}  {admin:<18}  {bot:<16}  {agrees}"
    )


def render_history(audits: Sequence[MatterAudit]) -> str:
    """The table: one row per matter, its disagreements and notes indented under it,
    then the summary line."""
    head = (
        f"{'resolved':<20}  {'matter':<{_ID_WIDTH}}  {'kind':<8}  {'admin':<14}  "
        f"{'admin says':<18}  {'bot says':<16}  agrees"
    )
    lines = [head, "-" * len(head)]
    for a in audits:
        lines.append(_row(a))
        for d in a.disagreements:
            lines.append(f"    ! {d.what}")
            lines.append(
                f"      because {d.clause}" if d.clause else "      (no clause explains it)"
            )
        # The missing roster of the day is counted once, in the summary line.
        lines.extend(f"    note: {n}" for n in a.notes if not n.startswith(TODAYS))
    lines.append(summary_line(AuditSummary.from_audits(audits)))
    return "\n".join(lines) + "\n"
