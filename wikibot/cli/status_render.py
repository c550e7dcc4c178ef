"""``nomicbot status`` output: the JSON contract and the human table.

The JSON form is ARCHITECTURE.md section 2, field for field: outside tools rely on it.
"""

from __future__ import annotations

from typing import Any

from gamestate.dynasties.generic import dynasty_of
from gamestate.profiles.blognomic_139.calendar import format_duration
from gamestate.profiles.blognomic_139.in_force import RulesInForce
from gamestate.profiles.blognomic_139.notes import admin_note
from gamestate.profiles.blognomic_139.status import GameStatus, MatterStatus
from gamestate.profiles.blognomic_139.verdicts import Verdict
from wikibot.archive import format_time

__all__ = ["dynasty_line", "matter_to_json", "render_table", "status_to_json"]

_SHORT = {"Proposal": "Proposal", "Call for Judgement": "CfJ", "Declaration of Victory": "DoV"}


def matter_to_json(m: MatterStatus) -> dict[str, Any]:
    """One matter in the ``status --json`` schema."""
    return {
        "id": m.post.id,
        "category": m.post.category,
        "title": m.post.title,
        "author": m.post.author,
        "posted_at": format_time(m.post.posted_at),
        "votes": {name: vote.value for name, vote in sorted(m.tally.votes.items())},
        "for": m.tally.for_count,
        "against": m.tally.against_count,
        "deferential": m.tally.deferential_count,
        "self_killed": m.tally.self_killed,
        "vetoed": m.tally.vetoed,
        "illegal": m.illegal,
        "illegal_reason": m.illegal_reason,
        "oldest": m.oldest,
        "verdict": m.decision.verdict.value,
        "why": m.decision.why,
        "decidable_at": format_time(m.decidable_at) if m.decidable_at else None,
        "not_voted": list(m.not_voted),
    }


def status_to_json(status: GameStatus) -> dict[str, Any]:
    """The whole ``status --json`` object."""
    return {
        "now": format_time(status.now),
        "quorum": status.quorum,
        "players": status.players,
        "hiatus": status.hiatus,
        "hiatus_reason": status.hiatus_reason,
        "matters": [matter_to_json(m) for m in status.matters],
        "victory": (
            {
                "winner": status.victory.winner,
                "rule": status.victory.rule,
                "reason": status.victory.reason,
            }
            if status.victory is not None
            else None
        ),
        "rules": status.rules.summary(status.quorum) if status.rules is not None else None,
    }


def dynasty_line(rules: RulesInForce) -> str:
    """``Dynasty: Nomicland; keyword Imagineer; dynastic rules: ...``: the dynasty of the
    Ruleset in force (Ruleset 139's with no revision known)."""
    return dynasty_of(rules.revision).line()


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def render_table(status: GameStatus, *, admin: str | None = None) -> str:
    """A readable table of the pending matters, oldest first; with ``admin``, the note
    that Admin would append when resolving each matter that may be resolved now."""
    terms = status.terms
    head = (
        f"As of {format_time(status.now)}: {terms.players(status.players)}, "
        f"Quorum {status.quorum}"
        + (f", {terms.boss}: {status.boss}" if status.boss else ", no Boss (Metadynasty)")
    )
    lines = [head, *(status.rules.lines() if status.rules is not None else ())]
    lines.append(f"Roster: {status.roster_source}")
    if status.victory is not None:
        lines.append(f"VICTORY: {status.victory}.")
    if status.hiatus:
        lines.append(f"HIATUS: {status.hiatus_reason}")
    if status.rules is not None:
        lines.append(dynasty_line(status.rules))
    for warning in status.warnings:
        lines.append(f"warning: {warning}")
    if not status.matters:
        lines.append("No pending Votable Matters.")
        return "\n".join(lines) + "\n"
    header = ("Kind", "Title", "Author", "Age", "F/A/D", "Verdict", "Next change")
    rows = []
    for m in status.matters:
        marks = [
            word
            for word, on in (
                ("illegal", m.illegal),
                ("self-killed", m.tally.self_killed),
                ("vetoed", m.tally.vetoed),
            )
            if on
        ]
        flags = ("*" if m.oldest else "") + (f" ({', '.join(marks)})" if marks else "")
        rows.append(
            (
                _SHORT.get(m.post.category, m.post.category),
                _clip(m.post.title, 40) + flags,
                m.post.author,
                format_duration(status.now - m.post.posted_at),
                f"{m.tally.for_count}/{m.tally.against_count}/{m.tally.deferential_count}",
                m.decision.verdict.value,
                format_time(m.decidable_at) if m.decidable_at else "-",
            )
        )
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    lines.append(fmt.format(*header).rstrip())
    for m, row in zip(status.matters, rows, strict=True):
        lines.append(fmt.format(*row).rstrip())
        lines.append(f"    why: {m.decision.why}")
        if admin and m.decision.verdict in (Verdict.ENACT, Verdict.FAIL):
            lines.append(f"    note: {admin_note(m, admin)}")
        if m.not_voted:
            lines.append(f"    not voted: {', '.join(m.not_voted)}")
        for w in m.warnings:
            lines.append(f"    warning: {w}")
    lines.append(
        "(* = the oldest pending Proposal; (illegal), (self-killed), (vetoed) as the Ruleset or "
        "the votes make it; F/A/D = FOR/AGAINST/uncounted DEFERENTIAL)"
    )
    return "\n".join(lines) + "\n"
