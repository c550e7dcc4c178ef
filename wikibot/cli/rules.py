"""``nomicbot rules``: the Ruleset in force as nomicbot reads it, and Admins' acknowledgements
of the rules it could not read (ARCHITECTURE.md 1c)."""

from __future__ import annotations

import json
import shlex
import sys
from typing import Any

import click

from gamestate import RulesetHistory, RulesInForce
from gamestate.profiles.blognomic_139.in_force import describe_revision
from rules_text.core import CoreRules
from rules_text.core.values import fraction_words
from wikibot.archive import format_time
from wikibot.cli.common import config_option, load, now_option, parse_now, reported
from wikibot.cli.status import load_game
from wikibot.config import Config

__all__ = ["register"]


@click.group(name="rules")
def rules_group() -> None:
    """The Ruleset in force, as nomicbot reads it from its text."""


@rules_group.command(name="show")
@click.option(
    "--archive",
    "archive_path",
    type=click.Path(dir_okay=False),
    default=None,
    help='Read this archive\'s "rulesets" (or example:nomicland) instead of the mirror.',
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
@now_option
@config_option
def show(
    archive_path: str | None, as_json: bool, now_text: str | None, config_path: str | None
) -> None:
    """Show the Ruleset in force at --now and every value the verdicts take from it.

    Each value is read from the rule's words (numbers, fractions, hours, the player
    keyword); a rule whose words nomicbot does not know is listed as unread, and every
    verdict that depends on it is "unknown" until an Admin acknowledges it.

    Example:

    \b
        nomicbot rules show --archive example:nomicland --now 2016-05-17T12:00:00Z
    """
    now = parse_now(now_text)
    config = load(config_path) if archive_path is None or config_path else Config()
    with reported():
        game = load_game(config, archive_path)
    history = RulesetHistory(
        game.rulesets, source=game.rulesets_source, acknowledged=game.acknowledged
    )
    rules = history.at(now)
    if as_json:
        click.echo(json.dumps(_to_json(rules), indent=2, ensure_ascii=False))
        return
    click.echo(f"As of {format_time(now)}:")
    for line in rules.lines():
        click.echo(line)
    for line in _values(rules.core):
        click.echo(f"  {line}")


@rules_group.command(name="acknowledge")
@click.argument("rule")
@click.option(
    "--revision",
    type=int,
    default=None,
    help="The revision that changed the rule (default: the one nomicbot names).",
)
@click.option(
    "--as", "as_admin", default=None, metavar="ADMIN", help="Who acknowledges ([game] player)."
)
@click.option("--apply", "apply_", is_flag=True, help="Record it (default: a dry run).")
@now_option
@config_option
def acknowledge(
    rule: str,
    revision: int | None,
    as_admin: str | None,
    apply_: bool,
    now_text: str | None,
    config_path: str | None,
) -> None:
    """Record that an Admin has read an unread rule's change, so verdicts go on.

    The verdicts that depend on RULE are then judged by what nomicbot could read of
    it (its known sentences; an unread sentence is left out) and say so. The
    acknowledgement is for the revision that changed the rule: a later change to it
    is unread again. It is kept in the ledger with its author.

    Example:

    \b
        nomicbot rules acknowledge "Calls for Judgement" --as Kevan --apply
    """
    from wikibot.mirror.acknowledgements import acknowledge as record
    from wikibot.mirror.api import Mirror

    now = parse_now(now_text)
    config = load(config_path)
    admin = as_admin or config.game.player
    if not admin:
        raise click.ClickException("who acknowledges? give --as ADMIN or set [game] player")
    with reported():
        game = load_game(config, None)
    history = RulesetHistory(game.rulesets, source=game.rulesets_source)
    rules = history.at(now)
    found = next((p for p in rules.pending if p.unread.rule.casefold() == rule.casefold()), None)
    if found is None:
        unread = ", ".join(repr(p.unread.rule) for p in rules.pending) or "none"
        raise click.ClickException(
            f"rule {rule!r} is not unread in the Ruleset in force at {format_time(now)} "
            f"({rules.label()}); unread rules: {unread}"
        )
    changed = found.changed_by
    changed_id = changed.revision if changed is not None else None
    if revision is not None and revision != changed_id:
        raise click.ClickException(
            f'rule "{found.unread.rule}" was changed by {describe_revision(changed)}, not '
            f"revision {revision}"
        )
    said = (
        f'{admin} acknowledges rule "{found.unread.rule}" as changed by '
        f"{describe_revision(changed)}"
    )
    if not apply_:
        click.echo(f"Dry run: {said}.\n  {found.why()}\nRun again with --apply to record it.")
        return
    with reported(), Mirror.open(config.mirror.database, create=False) as mirror:
        entry, new = record(
            mirror,
            rule=found.unread.rule,
            revision=changed_id,
            revision_at=changed.at if changed is not None else None,
            by=admin,
            at=now,
            cause=shlex.join(["nomicbot", *sys.argv[1:]]),
        )
    if new:
        click.echo(f"Applied: {said} (ledger {entry.op_id}).")
    else:
        click.echo(f"Already recorded by {entry.actor}: nothing to do (ledger {entry.op_id}).")


def _to_json(rules: RulesInForce) -> dict[str, Any]:
    core = rules.core
    data = rules.summary(None)
    data["values"] = _values(core)
    data["acknowledged"] = [
        {
            "rule": p.unread.rule,
            "revision": p.changed_by.revision if p.changed_by else None,
        }
        for p in rules.acknowledged
    ]
    return data


def _age(age: Any) -> str:
    return age.words() if age is not None else "no such clause"


def _values(core: CoreRules) -> list[str]:
    """Every value the verdicts use, one line each, in the Ruleset's order."""
    q = core.quorum
    p, c, d = core.proposals, core.cfj, core.dov
    lines = [
        f"player keyword: {core.keyword}; Boss: {core.boss}",
        f"Quorum: {q.describe() if q is not None else 'unread'}",
        f"Proposals: only the oldest pending may be resolved: {'yes' if p.oldest_only else 'no'}",
        f"  enact with Quorum FOR, open {_age(p.enact_quorum)}",
        f"  enact with more FOR than AGAINST and more than {p.majority_min_votes} valid Votes, "
        f"open {_age(p.enact_majority)}",
        f"  fail when Vetoed or Self-Killed: {'yes' if p.fail_vetoed else 'no'}; "
        f"when Quorum cannot be reached: {'yes' if p.fail_unreachable else 'no'}",
        f"  fail when not enactable, open {_age(p.fail_timeout)}",
        f"  ignored for the oldest and may be failed when pending {_age(p.stale)}",
        f"  limits: {core.limits.pending} pending, {core.limits.per_day} a day (None: no limit)",
        f"CfJs: resolvable with Quorum FOR: {'yes' if c.quorum_for else 'no'}, Quorum AGAINST: "
        f"{'yes' if c.quorum_against else 'no'}, or open {_age(c.open_for)}",
        f"DoVs: enact open {_age(d.enact_boss_or_unopposed)} (Boss FOR or no AGAINST); open "
        f"{_age(d.enact_few_against)} (AGAINST below {fraction_words(d.few_against)} of Quorum); "
        f"open {_age(d.enact_majority)} (more than half FOR)",
        f"  fail open {_age(d.fail_unreachable)} (Quorum unreachable), open "
        f"{_age(d.fail_timeout)} (not enactable); after a failed DoV: {d.lockout_hours} hours",
        f"icons: DEFERENTIAL {'yes' if core.voting.deferential else 'no'}, VETO "
        f"{'yes' if core.voting.veto else 'no'}, Self-Kill "
        f"{'yes' if core.voting.self_kill else 'no'}, the author's FOR "
        f"{'yes' if core.voting.author_implicit_for else 'no'}",
        f"Hiatus on a DoV: {'yes' if core.hiatus.on_dov else 'no'}; allowed: "
        + (", ".join(core.hiatus.allowed) or "none"),
        "Seasonal Downtime: "
        + (
            f"{core.downtime.words()}; allowed: {', '.join(core.downtime.allowed) or 'none'}"
            if core.downtime is not None
            else "none"
        ),
    ]
    return lines


def register(cli: click.Group) -> None:
    """Adds ``rules`` and its subcommands to ``cli``."""
    cli.add_command(rules_group)
