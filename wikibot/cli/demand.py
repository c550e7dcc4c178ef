"""Rule "Planning" and the GNDT's random generators: ``demand ...`` and ``roll``.

``demand status`` reads; ``demand open``, ``demand close`` and ``demand unplan``
are economy actions (a dry run printing the diff unless ``--apply``, recorded in
the ledger); ``roll`` draws from a seed and, with ``--apply``, records it. With
``--apply`` each holds the game lock from before it reads the post, the ledger
and the pages it judges by (:func:`wikibot.cli.economy.game_write_lock`).
Posts, comments and the roster come from the mirror (``nomicbot sync`` first).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import click

from gamestate.dynasties.nomicland import FocusGroup, UnplanBuilding
from gamestate.dynasties.nomicland.planning import DemandStatus, PlanningInputs, demand_status
from gamestate.profiles.blognomic_139.models import Game, Post
from gamestate.profiles.blognomic_139.random_generators import RollError
from wikibot.cli.common import config_option, load, now_option, parse_now, reported
from wikibot.cli.economy import action_options, game_write_lock, nomicland_only, run_action
from wikibot.cli.status import load_game
from wikibot.config import Config
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger
from wikibot.wiki.client import connect
from wikibot.wiki.demand import (
    close_action,
    closed_at,
    demand_post,
    draw_record,
    open_demands,
    planning_inputs,
    record_roll,
    status_to_json,
)
from wikibot.wiki.economy import read_park

__all__ = ["open_demands", "register", "render_status"]


@dataclass(frozen=True)
class _Demand:
    game: Game
    post: Post
    inputs: PlanningInputs
    status: DemandStatus


def _demand(config: Config, post_id: str, now: datetime) -> _Demand:
    """The post, judged as of ``now`` with the economy of the ledger and the pages."""
    game = load_game(config, None)
    nomicland_only(game, now, "demand")  # rule "Planning" is Nomicland's
    idle = frozenset(p.name for p in game.players if p.idle)
    client = connect(config, dry_run=True)
    park = read_park(client, config.wiki, boss=game.boss or "", idle=idle)
    with Mirror.open(config.mirror.database) as mirror:
        ledger = Ledger(mirror)
        inputs = planning_inputs(game, ledger, park.economy, park.catalogue)
        post, _ = demand_post(game, inputs, post_id)
        status = demand_status(post, inputs, now=now, closed_at=closed_at(ledger, post_id))
    return _Demand(game, post, inputs, status)


def render_status(status: DemandStatus) -> str:
    """The status as lines a player reads."""
    lines = [
        f"Demand Post {status.post}: {status.building} ({'open' if status.is_open else 'closed'})"
    ]
    for bid in status.bids:
        verdict = "valid" if bid.is_valid else f"ignored ({bid.verdict.value})"
        lines.append(
            f"  {bid.at.isoformat()} {bid.bidder} bids {bid.amount}: {verdict}: {bid.reason}"
        )
    if status.winning is not None:
        lines.append(
            f"Winning bid: {status.winning.amount} by {status.winning.bidder}; "
            f"Builder: {status.builder}"
        )
    else:
        lines.append("No winning bid.")
    lines.append(f"{status.closing.value}: {status.reason}")
    return "\n".join(lines)


@click.group("demand")
def demand_group() -> None:
    """Demand Posts and bids (rule "Planning")."""


@demand_group.command("status")
@click.argument("post")
@click.option("--json", "as_json", is_flag=True, help="Print the JSON contract instead.")
@now_option
@config_option
def status(post: str, as_json: bool, now_text: str | None, config_path: str | None) -> None:
    """Every bid on POST with its verdict and reason, the winner, and when it may close.

    Comments after --now are not seen.

    Example:

        nomicbot demand status demand_gift_shop --json --now 2016-05-20T12:00:00Z
    """
    now = parse_now(now_text)
    config = load(config_path)
    with reported():
        found = _demand(config, post, now)
    if as_json:
        click.echo(json.dumps(status_to_json(found.status), indent=2, ensure_ascii=False))
    else:
        click.echo(render_status(found.status))


@demand_group.command("open")
@click.argument("post")
@action_options
def open_(post: str, **options: Any) -> None:
    """Focus Grouping on POST: the Boss adds three random Visitors to each Uncrowded day.

    The draw's seed is the Boss, the post's time and the post's id; the action is
    recorded at the post's time, so running it again is recognised, never re-rolled.

    Example:

        nomicbot demand open demand_gift_shop --as Kevan --apply
    """
    config = load(options["config_path"])
    who = options["actor"] or config.game.player or None
    with (
        reported(),
        game_write_lock(config, who=who, doing="demand open --apply", apply_=options["apply_"]),
    ):
        game = load_game(config, None)
        found = next((p for p in game.posts if p.id == post), None)
        if found is None:
            raise click.ClickException(f"no post {post!r} in the mirror; run `nomicbot sync`")
        now = parse_now(options["now_text"])
        demand = _demand(config, post, max(now, found.posted_at))
        action = FocusGroup(demand.post.id, demand.post.posted_at)
        options["actor"] = options["actor"] or demand.inputs.boss
        run_action(
            "demand open",
            lambda _: action,
            now=demand.post.posted_at,
            cause=f"post {post}: Focus Grouping",
            record=draw_record(action, demand.inputs.boss),
            locked=True,
            **options,
        )


@demand_group.command("close")
@click.argument("post")
@click.option("--comment", default=None, metavar="ID", help="The comment that closes it.")
@action_options
def close(post: str, comment: str | None, **options: Any) -> None:
    """Close POST: the Builder's Budget up by the winning bid, the Boss's down, the
    Building Planned for the Builder's Zone (or without effect, after a week with no bids).

    Refused, changing nothing, before the winning bid is 24 hours old.

    Example:

        nomicbot demand close demand_gift_shop --as Josh --apply
    """
    now = parse_now(options["now_text"])
    config = load(options["config_path"])
    who = options["actor"] or config.game.player or None
    with (
        reported(),
        game_write_lock(config, who=who, doing="demand close --apply", apply_=options["apply_"]),
    ):
        demand = _demand(config, post, now)
        action = close_action(demand.post, demand.status)
        cause = f"post {post}" + (f" comment {comment}" if comment else "")
        run_action("demand close", lambda _: action, now=now, cause=cause, locked=True, **options)


@demand_group.command("unplan")
@click.argument("zone")
@click.argument("building")
@action_options
def unplan(zone: str, building: str, **options: Any) -> None:
    """Remove BUILDING from ZONE's Planned Buildings, once it exists in ZONE.

    Example:

        nomicbot demand unplan "The Mouse Zone" "Gift Shop" --as Josh --apply
    """
    run_action("demand unplan", lambda _: UnplanBuilding(zone, building), **options)


@click.command("roll")
@click.argument("command")
@click.option("--cause", default=None, help="Why (default: the command and --now).")
@action_options
def roll(
    command: str,
    cause: str | None,
    apply_: bool,
    actor: str | None,
    now_text: str | None,
    config_path: str | None,
) -> None:
    """Roll a GNDT command: DICEN, YDICEN, FRUIT, COLOUR (COLOR) or VEGGIE.

    The value is a function of who, --now and --cause; --apply records it in the
    ledger, and the same cause again shows the recorded value, never a re-roll.

    Example:

        nomicbot roll 2DICE6 --as Kevan --cause "who goes first" --apply
    """
    now = parse_now(now_text)
    config = load(config_path)
    who = actor or config.game.player
    if not who:
        raise click.ClickException("no player to act as: pass --as NAME or set [game] player")
    why = cause or f"roll:{command.strip().upper()}:{now.isoformat()}"
    lock = game_write_lock(config, who=who, doing="roll --apply", apply_=apply_)
    with reported(), lock, Mirror.open(config.mirror.database) as mirror:
        try:
            done = record_roll(
                Ledger(mirror), command, actor=who, now=now, cause=why, apply_=apply_
            )
        except RollError as exc:
            raise click.ClickException(str(exc)) from None
    values = " ".join(str(v) for v in done.roll.values)
    total = (
        f" (total {done.roll.total})"
        if done.roll.total is not None and len(done.roll.values) > 1
        else ""
    )
    click.echo(f"{done.roll.command}: {values}{total}")
    seed = done.roll.seed
    click.echo(f"seed {seed.digest} ({seed.actor}, {seed.at.isoformat()}, {seed.cause!r})")
    if done.already:
        click.echo(f"Already rolled (ledger #{done.op_id}): the recorded value, not a re-roll.")
    elif done.recorded:
        click.echo(f"Recorded (ledger #{done.op_id}).")
    else:
        click.echo("Dry run, nothing recorded (use --apply to record it).")


def register(cli: click.Group) -> None:
    """Adds ``demand`` and ``roll`` to the CLI."""
    cli.add_command(demand_group)
    cli.add_command(roll)
