"""``nomicbot wiki history PAGE ROW COLUMN``: every value a gamestate cell has held.

Reads the page's whole history (batched, as the audit reads it), reads each
revision's tables by their header row, and for each revision that changed the
cell gives its value, the editor, the time, the edit summary and the cause
found by any dynasty's audit (:mod:`wikibot.wiki.generic_audit`): an enacted
matter written (right or wrong), a correction, a recorded roll the summary names,
or nothing known. Works in any
dynasty: Nomicland's Gamestate table is a wikitable too.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

import click

from wikibot.cli.common import config_option, load, now_option, parse_now, reported
from wikibot.errors import MirrorError, WikiError
from wikibot.mirror.api import Mirror
from wikibot.resolve.run import game_with_resolutions
from wikibot.wiki.client import connect
from wikibot.wiki.generic_audit import GenericRun, run_generic_audit
from wikibot.wiki.revisions import RevisionReader

__all__ = ["cell_history", "history_command", "render_history"]

_CAUSES = {"matched": "enacted", "wrong_value": "enacted, written wrong"}


def _cause(findings: Sequence[Mapping[str, Any]]) -> str:
    for f in findings:
        if f["kind"] in _CAUSES:
            said = f"{_CAUSES[f['kind']]}: {f['cause']}"
            if f["kind"] == "wrong_value":
                said += f" (expected {f['expected']})"
            return said
        if f["kind"] == "correction":
            return "a correction (an earlier value restored)"
        if f["kind"] == "roll":
            return f"a recorded {f['cause']}"
    return "nothing known"


def cell_history(run: GenericRun, row: str, column: str) -> list[dict[str, Any]]:
    """Each value the cell (any table of the page) has held, oldest first."""
    out: list[dict[str, Any]] = []
    for r in run.result.revisions:
        for c in r.changes:
            _page, table, crow, ccol = c.cell
            if crow.casefold() != row.casefold() or ccol.casefold() != column.casefold():
                continue
            cell = "/".join(c.cell)
            found = [f.to_json() for f in r.findings if f.cell == cell]
            flags = [
                f"{f['kind']}: rule {f['rule']!r}: {str(f['expected']).removeprefix('refused: ')}"
                for f in found
                if f["kind"] in ("refused", "wrong_value")
            ]
            out.append(
                {
                    "revid": r.revision.revid,
                    "table": table,
                    "value": c.after,
                    "from": c.before,
                    "editor": r.revision.editor,
                    "at": r.revision.at.strftime("%Y-%m-%dT%H:%M:%SZ"),
                    "summary": r.revision.summary,
                    "cause": _cause(found),
                    "flagged": flags,
                }
            )
    return out


def render_history(page: str, row: str, column: str, values: list[dict[str, Any]]) -> list[str]:
    """The cell's story as lines: one per value."""
    lines = [f"{page}: {row}'s {column}: {len(values)} value(s)"]
    for v in values:
        shown = "(removed)" if v["value"] is None else v["value"]
        table = f" [{v['table']}]" if v["table"] else ""
        lines.append(
            f"r{v['revid']} {v['at']} {v['editor'] or '(hidden)'}: {shown}{table}"
            + (f"  ({v['summary']})" if v["summary"] else "")
            + f"; cause: {v['cause']}"
        )
        lines.extend(f"    {flag}" for flag in v["flagged"])
    return lines


@click.command("history")
@click.argument("page")
@click.argument("row")
@click.argument("column")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
@now_option
@config_option
def history_command(
    page: str,
    row: str,
    column: str,
    as_json: bool,
    now_text: str | None,
    config_path: str | None,
) -> None:
    """Every value a gamestate cell has held: the editor, time, summary and cause.

    PAGE is a wiki page holding wikitables; ROW is the row's key (the first column, or
    [wiki] gamestate_key), COLUMN the column's header. The cause is the enacted
    Proposal or CfJ the value writes, a correction (an earlier value restored), or
    nothing known; values written by a non-player, an Idle player, in Hiatus or with
    a value an enactment does not give are flagged with the rule.

    Example:

    \b
        nomicbot wiki history Seekers Ann Score
        nomicbot wiki history Gamestate Josh Debt --json
    """
    now = parse_now(now_text)
    config = load(config_path)
    with reported():
        client = connect(config, dry_run=True, login=bool(config.wiki.user))
        wiki = dataclasses.replace(config.wiki, gamestate_pages=(page,))
        reader = RevisionReader(client, bot_name=config.wiki.bot_name or None)
        try:
            mirror = Mirror.open(config.mirror.database, create=False)
        except MirrorError:
            mirror = None
        if mirror is None:
            raise WikiError(
                f"no mirror at {config.mirror.database}: run `nomicbot sync` first (the "
                "history reads the roster and the enacted matters from it)"
            )
        with mirror:
            game = game_with_resolutions(mirror)
            run = run_generic_audit(reader, mirror, wiki, now=now, game=game, from_start=True)
        values = cell_history(run, row, column)
        if not values:
            raise WikiError(f'no revision of "{page}" has a cell in row {row!r}, column {column!r}')
    if as_json:
        data = {"page": page, "row": row, "column": column, "values": values}
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for line in render_history(page, row, column, values):
        click.echo(line)
