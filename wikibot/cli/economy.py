"""Nomicland's economy commands: ``zone``, ``build``, ``day``, ``license``, ``debt``, ``state``.

Each action command is a dry run printing the diff unless ``--apply``; ``--as``
acts for a player (default ``[game] player``) and ``--now`` sets the game time.
A refused action exits with status 1, quoting the rule, and changes nothing.
With ``--apply`` the command holds the game lock (:func:`game_write_lock`) from
before it reads the roster and the pages until its ledger row is ``applied``: a
second command at the same moment waits for it, then computes from the state
the first left, or is refused in one line.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar

import click

from gamestate.dynasties.generic import NotInForce, require_nomicland
from gamestate.dynasties.nomicland import (
    Action,
    ActionRefused,
    ApplyInterest,
    BudgetVersion,
    Construct,
    CreateLicense,
    CreateZone,
    ExerciseLicense,
    NewBusinessDay,
    NomiclandError,
    Outcome,
    Payment,
    ProcessBusinessDay,
    RemoveLicense,
    RepayDebt,
    parse_visitors,
)
from gamestate.profiles.blognomic_139.models import Game
from gamestate.profiles.blognomic_139.timeline import Timeline
from wikibot.cli.common import config_option, load, now_option, parse_now, reported
from wikibot.cli.status import load_game
from wikibot.config import Config
from wikibot.errors import WikiError
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.mirror.locks import game_lock_at
from wikibot.wiki.client import connect
from wikibot.wiki.economy import FRONT_PAGE, perform, read_park

__all__ = ["action_options", "game_write_lock", "nomicland_only", "register", "run_action"]

F = TypeVar("F", bound=Callable[..., Any])


def action_options(fn: F) -> F:
    """``--apply``, ``--as NAME``, ``--now ISO``, ``--config``."""
    fn = config_option(fn)
    fn = now_option(fn)
    fn = click.option(
        "--as", "actor", default=None, metavar="NAME", help="Act as this player ([game] player)."
    )(fn)
    return click.option(
        "--apply", "apply_", is_flag=True, help="Edit the wiki (default: print the diff)."
    )(fn)


_PAY = click.option(
    "--pay",
    type=click.Choice([p.value for p in Payment]),
    default=None,
    help="Spend from Budget or by Debt (default: Budget when it covers the cost, else Debt).",
)


def nomicland_only(game: Game, now: datetime, command: str) -> None:
    """Refuses, in one line naming the dynasty's rules, a Nomicland command while the
    Ruleset in force at ``now`` is not Nomicland's."""
    try:
        require_nomicland(game, now, command)
    except NotInForce as exc:
        raise click.ClickException(str(exc)) from None


def _roster(
    config: Config, *, command: str = "state", now: datetime | None = None
) -> tuple[str, frozenset[str], Game]:
    """The Boss, the Idle players and the game, from the mirror (refused while
    Nomicland's rules are not in force at ``now``, the clock by default)."""
    game = load_game(config, None)
    nomicland_only(game, now or parse_now(None), command)
    if not game.boss:
        raise WikiError("the mirror's roster names no Boss; run `nomicbot sync` first")
    return game.boss, frozenset(p.name for p in game.players if p.idle), game


@contextmanager
def game_write_lock(
    config: Config, *, who: str | None, doing: str, apply_: bool = True
) -> Iterator[None]:
    """Holds the mirror's game lock for a command that writes (``apply_``; a dry run
    writes nothing and takes none), from before it reads the state it computes from."""
    if not apply_:
        yield
        return
    with game_lock_at(config.mirror.database, who=who, doing=doing):
        yield


def run_action(
    command: str,
    make: Callable[[str], Action],
    *,
    apply_: bool,
    actor: str | None,
    now_text: str | None,
    config_path: str | None,
    now: datetime | None = None,
    cause: str | None = None,
    record: Callable[[Outcome], Mapping[str, Any]] | None = None,
    locked: bool = False,
) -> None:
    """Performs one action on the wiki and prints its changes and diff (or the refusal).

    ``now`` overrides ``--now`` (Focus Grouping happens at its post's time);
    ``cause`` is recorded in the ledger (default: the command line); ``record``
    adds to the ledger row's ``after``. With ``apply_`` it holds the game lock,
    unless the caller does (``locked``: it read state the action depends on).
    """
    now = now or parse_now(now_text)
    config = load(config_path)
    who = actor or config.game.player
    if not who:
        raise click.ClickException("no player to act as: pass --as NAME or set [game] player")
    cause = cause or "nomicbot " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    with reported():
        client = connect(config, dry_run=not apply_)
        lock = game_write_lock(
            config, who=who, doing=f"{command} --apply", apply_=apply_ and not locked
        )
        with lock, Mirror.open(config.mirror.database) as mirror:
            # Everything the action is computed from is read under the lock.
            boss, idle, game = _roster(config, command=command, now=now)
            # Rule "Victory and Ascension": a DoV puts the game in Hiatus (its timeline says).
            hiatus = Timeline.from_game(game).hiatus_reason(now)
            front = client.read(FRONT_PAGE).text if command == "zone create" else ""
            try:
                result = perform(
                    client,
                    Ledger(mirror),
                    config.wiki,
                    command,
                    make(front),
                    actor=who,
                    now=now,
                    boss=boss,
                    idle=idle,
                    hiatus=hiatus,
                    cause=cause,
                    record=record,
                )
            except ActionRefused as exc:
                raise click.ClickException(f"refused: {exc.quoted()}") from None
    for op in result.resumed:
        click.echo(f"Finished operation {op}, left half done by an interrupted run.")
    if result.already:
        click.echo(f"{command}: already applied (ledger #{result.op_id}); nothing to do.")
        return
    for change in result.outcome.changes:
        click.echo(str(change))
    for change in result.outcome.by_hand:
        click.echo(f"Apply by hand: {change.reason}")
    for title, diff in result.diffs.items():
        if diff and result.dry_run:
            click.echo(diff, nl=False)
        elif not diff:
            click.echo(f"{title}: no change.")
    if result.dry_run:
        click.echo("Dry run, nothing written (use --apply to edit the wiki).")
    else:
        saved = ", ".join(f"{t} revision {r}" for t, r in result.revisions.items())
        click.echo(f"Applied (ledger #{result.op_id}): {saved or 'no page changed'}.")


@click.group("zone")
def zone_group() -> None:
    """Zones (rule "Zones")."""


@zone_group.command("create")
@click.option("--word", required=True, help='X of "The X Zone", a word from the front page.')
@action_options
def zone_create(word: str, **options: Any) -> None:
    """Create "The WORD Zone", Operated by you.

    WORD must appear between "The" and "Dynasty" in one dynasty's description
    on the wiki's front page (Main Page).

    Example:

        nomicbot zone create --word Mouse --as Kevan --apply
    """
    run_action("zone create", lambda front: CreateZone(word, front), **options)


@click.command("build")
@click.argument("building")
@click.option(
    "--budget",
    type=click.Choice([v.value for v in BudgetVersion]),
    default=None,
    help="Build the Budget version, taking C, S or X as zero.",
)
@_PAY
@action_options
def build(building: str, budget: str | None, pay: str | None, **options: Any) -> None:
    """Construct BUILDING in the Zone you Operate (rule "Construction").

    Example:

        nomicbot build "Gift Shop" --budget C --as Kevan --apply
    """
    version = BudgetVersion(budget) if budget else None
    payment = Payment(pay) if pay else None
    run_action("build", lambda _: Construct(building, version, payment), **options)


@click.group("day")
def day_group() -> None:
    """Business Days (rule "Visitors")."""


@day_group.command("new")
@action_options
def day_new(**options: Any) -> None:
    """The Boss begins a new Business Day.

    Example:

        nomicbot day new --as Kevan --apply
    """
    run_action("day new", lambda _: NewBusinessDay(), **options)


@day_group.command("process")
@click.option("--day", "number", type=int, default=None, help="Your next unprocessed day only.")
@action_options
def day_process(number: int | None, **options: Any) -> None:
    """Process your next Business Day in the five steps, in order.

    Example:

        nomicbot day process --as Josh --apply
    """
    run_action("day process", lambda _: ProcessBusinessDay(number), **options)


@click.group("license")
def license_group() -> None:
    """IP Licenses (rule "Licensing")."""


@license_group.command("create")
@click.argument("name")
@click.argument("segments")
@_PAY
@action_options
def license_create(name: str, segments: str, pay: str | None, **options: Any) -> None:
    """Theme your Zone with a new IP License NAME of two SEGMENTS (e.g. cA).

    Example:

        nomicbot license create "Mouse Empire" cA --as Kevan --apply
    """
    try:
        letters = parse_visitors(segments)
    except NomiclandError as exc:
        raise click.ClickException(str(exc)) from None
    payment = Payment(pay) if pay else None
    run_action("license create", lambda _: CreateLicense(name, letters, payment), **options)


@license_group.command("exercise")
@click.option("--day", "number", type=int, required=True, help="An Uncrowded Business Day.")
@action_options
def license_exercise(number: int, **options: Any) -> None:
    """Exercise your Zone's IP License onto Business Day N.

    Example:

        nomicbot license exercise --day 3 --as Kevan --apply
    """
    run_action("license exercise", lambda _: ExerciseLicense(number), **options)


@license_group.command("remove")
@_PAY
@action_options
def license_remove(pay: str | None, **options: Any) -> None:
    """Remove your Zone's IP License, paying its Fee again.

    Example:

        nomicbot license remove --as Kevan --apply
    """
    payment = Payment(pay) if pay else None
    run_action("license remove", lambda _: RemoveLicense(payment), **options)


@click.group("debt")
def debt_group() -> None:
    """Budget and Debt (rule "Budget")."""


@debt_group.command("repay")
@click.argument("amount", type=int)
@action_options
def debt_repay(amount: int, **options: Any) -> None:
    """Repay AMOUNT of your Debt from your Budget.

    Example:

        nomicbot debt repay 500 --as Josh --apply
    """
    run_action("debt repay", lambda _: RepayDebt(amount), **options)


@debt_group.command("interest")
@action_options
def debt_interest(**options: Any) -> None:
    """Apply the Sunday interest: every Debt times 1.1, rounded toward zero.

    Example:

        nomicbot debt interest --now 2016-05-22T10:00:00Z --apply
    """
    run_action("debt interest", lambda _: ApplyInterest(), **options)


@click.command("state")
@click.option("--json", "as_json", is_flag=True, help="Print the JSON contract instead.")
@config_option
def state(as_json: bool, config_path: str | None) -> None:
    """Show Nomicland's economy as the wiki pages hold it.

    Example:

        nomicbot state --json
    """
    config = load(config_path)
    with reported():
        boss, idle, _game = _roster(config)
        client = connect(config, login=bool(config.wiki.user))
        with Mirror.open(config.mirror.database) as mirror:
            park = read_park(client, config.wiki, boss=boss, idle=idle, ledger=Ledger(mirror))
    data = park.economy.to_json()
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    if data["victory"]:
        click.echo(f"*** PROJECT COMPLETION: {data['victory']} has achieved victory ***")
    click.echo(f"Boss: {data['boss']}")
    for name, row in data["players"].items():
        click.echo(
            f"{name}: Budget {row['budget']}, Debt {row['debt']}, Smiles {row['smiles']}, "
            f"LBD {row['lbd']}"
        )
    for zone in data["zones"]:
        buildings = ", ".join(
            b["name"] + (" (Budget)" if b["budget"] else "") for b in zone["buildings"]
        )
        click.echo(f"{zone['name']} (Operator {zone['operator']}): {buildings or 'no Buildings'}")
    for number, visitors in enumerate(data["visitors"], start=1):
        click.echo(f"Business Day {number}: {visitors or '(no Visitors)'}")


def register(cli: click.Group) -> None:
    """Adds this module's commands to the CLI."""
    for command in (zone_group, build, day_group, license_group, debt_group, state):
        cli.add_command(command)
