"""``status`` output for a profile archive: the JSON of ARCHITECTURE.md 2b and a table
that reads like BlogNomic's."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from gamestate.profiles import Archive, Outcome, Report, format_time
from wikibot.cli.board_text import board_lines, payment_lines
from wikibot.cli.world_text import world_lines

__all__ = ["dumps_report", "render_profile_table", "report_to_json"]


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return format_time(value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_jsonable(v) for v in value)
    return value


def _outcome_json(o: Outcome, number_keys: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "outcome": o.outcome,
        "clause": o.clause,
        "reason": o.reason,
        "next_change": format_time(o.next_change) if o.next_change else None,
    }
    for key, value in o.numbers.items():
        out.setdefault(key, _jsonable(value))
    for key in number_keys:
        out.setdefault(key, None)
    return out


def report_to_json(report: Report, number_keys: tuple[str, ...] = ()) -> dict[str, Any]:
    """The ``status --json`` object for a ``nomic-archive/2`` archive (ARCHITECTURE.md 2b):
    every key present, null or empty where the profile has nothing; each matter carries
    the profile's ``number_keys``."""
    data = {
        "profile": report.profile,
        "now": format_time(report.now),
        "since": format_time(report.since) if report.since else None,
        "matters": {mid: _outcome_json(o, number_keys) for mid, o in report.matters.items()},
        # 2b: the players' values "and whole-game fields (poorbox...)".
        "state": _jsonable({**report.game_state, **report.state}),
        # What waits for which draw or day is a whole-game value: 2b's keys stay exact.
        "game_state": _jsonable(
            {**report.game_state, "waiting": report.waiting}
            if report.waiting
            else report.game_state
        ),
        "due": _jsonable(report.due),
        "next_due": _jsonable(report.next_due),
        "actions": _jsonable(report.actions),
        "effect_order": list(report.effect_order),
        "judge": _jsonable(report.judge),
        "winners": list(report.winners),
        "game_end": _jsonable(report.game_end),
        "achieved": _jsonable(report.achieved),
        "rules_after_day": _jsonable(report.rules_after_day),
    }
    if report.rules is not None:
        data["rules"] = report.rules  # BlogNomic's Ruleset in force (ARCHITECTURE.md 2c)
    return data


def dumps_report(data: dict[str, Any]) -> str:
    """The 2b object as text: one key a line, and each matter, due event and action on
    a line of its own. Python's fast JSON encoder works only without indentation, and a
    profile archive's matters run to tens of thousands."""

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ["{"]
    keys = list(data)
    for i, key in enumerate(keys):
        value = data[key]
        comma = "," if i < len(keys) - 1 else ""
        if isinstance(value, dict) and value and key in ("matters", "state"):
            items = [f"    {compact(k)}: {compact(v)}" for k, v in value.items()]
            lines.append(f"  {compact(key)}: {{\n" + ",\n".join(items) + f"\n  }}{comma}")
        elif isinstance(value, list) and value:
            items = [f"    {compact(v)}" for v in value]
            lines.append(f"  {compact(key)}: [\n" + ",\n".join(items) + f"\n  ]{comma}")
        else:
            lines.append(f"  {compact(key)}: {compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines)


_SKIP = {"decidable_at", "closes_at"}


def _shown(value: Any) -> str:
    """A value as the table shows it: nested values as JSON, times as ISO."""
    value = _jsonable(value)
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _numbers(o: Outcome) -> str:
    parts = []
    for key, value in o.numbers.items():
        if key in _SKIP or value is None or value == [] or value is False:
            continue
        parts.append(f"{key} {_shown(value)}")
    return ", ".join(parts)


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def render_profile_table(report: Report, archive: Archive, title: str) -> str:
    """A readable table: one row per matter, oldest first, with its clause and why."""
    players = report.game_state.get("players")
    if not isinstance(players, int):
        players = len(archive.players_at(report.now))
    lines = [
        f"As of {format_time(report.now)}: {title} (profile {report.profile}), {players} players"
    ]
    lines.extend(report.rules_lines)  # BlogNomic's Ruleset in force, as `status` says it
    if report.game_end:
        winner = report.game_end.get("winner")
        won = f"{winner} wins" if winner else "no winner"
        lines.append(
            f"GAME OVER: {won} on {report.game_end.get('day')} ({report.game_end.get('condition')})"
        )
    for warning in report.warnings:
        lines.append(f"warning: {warning}")
    for wait in report.waiting:
        for what in wait.get("what", ()):
            lines.append(f"waits for {wait.get('for')}: {what}")
    order = sorted(
        (m for m in archive.matters if m.id in report.matters), key=lambda m: m.posted_at
    )
    header = ("Kind", "Matter", "Author", "Posted", "Outcome", "Next change")
    rows = [
        (
            m.kind,  # the game's words are never cut: only ids and names may be long
            _clip(m.id, 30),
            _clip(m.author, 24),
            format_time(m.posted_at),
            report.matters[m.id].outcome,
            format_time(nxt) if (nxt := report.matters[m.id].next_change) else "-",
        )
        for m in order
    ]
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    row_format = "  ".join(f"{{:<{w}}}" for w in widths)
    if not order:
        lines.append("No matters.")
    else:
        lines.append(row_format.format(*header).rstrip())
    for m, row in zip(order, rows, strict=True):
        o = report.matters[m.id]
        lines.append(row_format.format(*row).rstrip())
        numbers = _numbers(o)
        if numbers:
            lines.append(f"    numbers: {numbers}")
        lines.append(f"    clause: “{o.clause}”")
        lines.append(f"    why: {o.reason}")
    if report.since is not None or report.due:
        lines.append(
            f"Fell due since {format_time(report.since) if report.since else 'the start'}:"
            + ("" if report.due else " nothing")
        )
        # Each event with the seed's words that make it happen, numbered once each.
        legend: dict[str, int] = {}
        for d in report.due:
            clause = d.get("clause")
            mark = f"  [{legend.setdefault(clause, len(legend) + 1)}]" if clause else ""
            lines.append(f"    {_jsonable(d.get('at'))}  {d.get('event')}{mark}")
        for clause, n in legend.items():
            lines.append(f"    [{n}] “{clause}”")
    if report.next_due:
        lines.append(
            f"Next due: {_jsonable(report.next_due.get('at'))}  {report.next_due.get('event')}"
        )
    for a in report.actions:
        verdict = "allowed" if a.get("allowed") else "NOT ALLOWED"
        reason = str(a.get("reason"))
        clause = a.get("clause")
        if isinstance(clause, str) and clause and clause not in reason:
            reason += f" (“{clause}”)"  # the seed's words, when the reason does not quote them
        lines.append(f"Action {_jsonable(a.get('at'))} {a.get('player')}: {verdict}: {reason}")
        effect = a.get("effect")
        if isinstance(effect, str) and effect and effect not in reason:
            lines.append(f"    effect: {effect}")  # what it changed, when the reason does not say
        lines.extend(payment_lines(a))
    if report.state:
        lines.append("State:")
        for who, values in report.state.items():
            if isinstance(values, dict):
                shown = ", ".join(f"{k} {_shown(v)}" for k, v in values.items())
                lines.append(f"    {who}: {shown}")
            else:
                lines.append(f"    {who}: {_shown(values)}")
    lines.extend(board_lines(report.game_state, report.state))
    lines.extend(world_lines(report.game_state))
    if report.winners:
        lines.append("Winners: " + ", ".join(report.winners))
    return "\n".join(lines) + "\n"
