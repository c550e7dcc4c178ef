"""``nomicbot wiki audit``: every edit of the gamestate pages explained, or flagged."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import ExitStack
from typing import Any

import click

from gamestate.dynasties.generic import dynasty_at
from wikibot.cli.common import config_option, load, now_option, parse_now, reported
from wikibot.errors import MirrorError
from wikibot.mirror.api import Mirror
from wikibot.mirror.locks import game_lock
from wikibot.resolve.run import game_with_resolutions
from wikibot.wiki.audit import AuditRun, record_audit, run_audit
from wikibot.wiki.audit_page import publish_recorded
from wikibot.wiki.client import EditResult, connect
from wikibot.wiki.generic_audit import (
    GenericRun,
    record_generic,
    render_generic,
    run_generic_audit,
)
from wikibot.wiki.revisions import RevisionReader, Since

__all__ = ["audit_command", "register", "render_audit"]


def _when(at: str) -> str:
    return at.replace("+00:00", "Z")


def _shown(value: object) -> str:
    """A value as the text says it: ``(none)`` for no value (a cell the ledger lacks)."""
    return "(none)" if value is None else str(value)


def _finding(f: Mapping[str, Any]) -> Iterator[str]:
    head = f"    {f['kind']}"
    if f.get("rule"):
        head += f': rule "{f["rule"]}"'
    if f.get("cell"):
        head += f" at {f['cell']}"
    expected, found = f.get("expected"), f.get("found")
    if f["kind"] == "bot_unmatched":
        head += f": {_shown(found)}, the bot's own, has no ledger row: audited as any edit"
    elif isinstance(expected, str) and expected.startswith("refused: "):
        # Why, in place of a value; the kind already says "refused".
        why = expected.removeprefix("refused: ") if f["kind"] == "refused" else expected
        head += f": {why}, found {_shown(found)}"
    elif expected is not None or found is not None:
        head += f": expected {_shown(expected)}, found {_shown(found)}"
    yield head
    if f.get("words"):
        yield f'      "{f["words"]}"'
    for reading in f.get("readings", ()):
        yield f"      reading: {reading}"


def render_audit(data: Mapping[str, Any]) -> list[str]:
    """The audit as text: one block per revision, then what is pending, the differences
    from the ledger and the events."""
    revisions = data["revisions"]
    flagged = [r for r in revisions if r["verdict"] in ("illegal", "unexplained", "ambiguous")]
    since = str(data["since"])
    start = since if since.startswith("after ") else f"since {since}"
    lines = [
        f"Audit of the gamestate pages {start}, as of {data['now']}: "
        f"{len(revisions)} revision(s), {len(flagged)} flagged."
    ]
    lines.extend(f"Assumed: {a}" for a in data["assumptions"])
    for r in revisions:
        who = f"{r['editor']} (bot)" if r["bot"] else r["editor"]
        lines.append(
            f"r{r['revid']} {r['page']} {_when(r['at'])} {who}: {r['verdict']}"
            + (f"  [{r['summary']}]" if r["summary"] else "")
        )
        for a in r["actions"]:
            args = " ".join(f"{k}={v}" for k, v in a["args"].items() if v is not None)
            ledger = f" (ledger #{a['ledger']})" if a.get("ledger") else ""
            lines.append(f"    {a['action']} by {a['actor']}{' ' + args if args else ''}{ledger}")
        for f in r["findings"]:
            lines.extend(_finding(f))
    for p in data["pending"]:
        lines.append(
            f"Pending: r{p['revid']} {p['page']} by {p['editor']} (its other half may come "
            f"until {_when(p['until'])}; judged by an audit as of then or later, or now with "
            f"--now {_when(p['until'])}): {', '.join(p['cells'])}"
        )
    for d in data["discrepancies"]:
        lines.append(
            f"Differs from the ledger: {d['cell']}: page {d['page']!r}, ledger {d['ledger']!r}"
        )
    for e in data["events"]:
        rest = {k: v for k, v in e.items() if k not in ("kind", "revid", "at")}
        lines.append(f"Event: {e['kind']} by r{e['revid']} at {_when(e['at'])}: {rest}")
    return lines


@click.command("audit")
@click.option(
    "--since",
    "since_text",
    default=None,
    metavar="REVID|ISO",
    help="Audit the revisions after this revision id or instant (default: after the last "
    "audited revision of each page, kept in the mirror).",
)
@now_option
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the audit as one JSON object (docs/wiki-audit.md).",
)
@click.option(
    "--apply",
    "apply_",
    is_flag=True,
    help="Record the legal actions in the ledger and the flagged revisions on the report "
    "page ([wiki] audit_page).",
)
@config_option
def audit_command(
    since_text: str | None,
    now_text: str | None,
    as_json: bool,
    apply_: bool,
    config_path: str | None,
) -> None:
    """Explain every edit of the Nomicland and Gamestate pages, or flag it.

    Reads each revision after the last audited one (or after --since), in
    order, and finds the legal actions that make exactly its changes, computed
    on the ledger's state: each revision is legal, illegal (with the rule, the
    cell, the value expected and found), unexplained or ambiguous. The bot's own
    revisions are matched to their ledger rows. --now is the audit's instant
    (the game as of then, as for status): a revision saved after it is left for
    a later audit, neither audited nor recorded. A dry run records nothing;
    --apply records each legal action in the ledger (its cause the revision
    ids) and lists the flagged revisions on the report page; a rerun adds
    nothing, and a run killed midway is finished by the next. --apply holds
    the game lock from before it reads until the report page is written (a
    second writer waits, then is refused). While Nomicland's rules are not in
    force at --now, it audits the tables of [wiki] gamestate_pages instead, cell
    by cell, by the rules every dynasty shares (docs/any-dynasty.md). Exits 0
    whatever the verdicts (read them in the output).

    Example:

    \b
        nomicbot wiki audit --since 2016-05-16T00:00:00Z --now 2016-05-23T00:00:00Z
        nomicbot wiki audit --json
        nomicbot wiki audit --apply
    """
    now = parse_now(now_text)
    config = load(config_path)
    with reported():
        since = Since.parse(since_text) if since_text is not None else None
        client = connect(config, dry_run=not apply_, login=apply_ or bool(config.wiki.user))
        try:
            mirror = Mirror.open(config.mirror.database, create=apply_)
        except MirrorError:
            raise click.ClickException(
                f"no mirror at {config.mirror.database}: run `nomicbot sync` first (the "
                "audit reads the roster and the ledger from it)"
            ) from None
        with mirror, ExitStack() as held:
            if apply_:
                # The game lock, before the ledger and the revisions are read, until the
                # report page is written (what every command that writes game state holds).
                who = config.game.player or None
                held.enter_context(game_lock(mirror, who=who, doing="wiki audit --apply"))
            game = game_with_resolutions(mirror)
            reader = RevisionReader(client, bot_name=config.wiki.bot_name or None)
            if not dynasty_at(game, now).is_nomicland:
                # Any other dynasty: its tables, by the rules every dynasty shares.
                generic = run_generic_audit(
                    reader, mirror, config.wiki, now=now, game=game, since=since
                )
                rows = record_generic(mirror, generic) if apply_ else 0
                published = (
                    publish_recorded(client, mirror, title=config.wiki.audit_page)
                    if apply_
                    else None
                )
                _print_generic(generic, as_json=as_json, apply_=apply_, rows=rows, page=published)
                return
            run = run_audit(
                reader,
                mirror,
                config.wiki,
                now=now,
                game=game,
                since=since,
                ruleset=lambda: _ruleset(client, config.wiki.ruleset_page),
            )
            recorded = record_audit(mirror, run) if apply_ else (0, 0)
            # The page from every finding recorded: also those of a run killed before
            # its edit, which the mirror says (a report operation still started).
            published = (
                publish_recorded(client, mirror, title=config.wiki.audit_page) if apply_ else None
            )
    _print(run, as_json=as_json)
    if apply_:
        facts, rows = recorded
        _recorded(
            f"Recorded {facts} ledger row(s) and {rows} audited revision(s)", published, as_json
        )
    else:
        click.echo("Dry run: nothing recorded (use --apply to record).", err=as_json)


def _print_generic(
    run: GenericRun, *, as_json: bool, apply_: bool, rows: int, page: EditResult | None
) -> None:
    data = run.to_json()
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        for line in render_generic(data):
            click.echo(line)
    if not apply_:
        click.echo("Dry run: nothing recorded (use --apply to record).", err=as_json)
        return
    _recorded(f"Recorded {rows} audited revision(s)", page, as_json)


def _recorded(said: str, page: EditResult | None, as_json: bool) -> None:
    """What ``--apply`` recorded, then what became of the report page (saved, no change;
    nothing when it was not edited), in one line (on stderr with ``--json``)."""
    if page is not None and page.saved:
        said += f"; {page.title}: saved revision {page.revid}"
    elif page is not None:
        said += f"; {page.title}: no change"
    click.echo(said + ".", err=as_json)


def _ruleset(client: Any, title: str) -> str | None:
    page = client.read(title)
    return str(page.text) if page.exists else None


def _print(run: AuditRun, *, as_json: bool) -> None:
    data = run.to_json()
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for line in render_audit(data):
        click.echo(line)


def register(wiki: click.Group) -> None:
    """Adds ``wiki audit`` and ``wiki history`` to the CLI."""
    from wikibot.cli.wiki_history import history_command

    wiki.add_command(audit_command)
    wiki.add_command(history_command)
