"""Rule "Planning" on the wiki: Demand Posts from the mirror, the economy from the ledger.

The blog side (the Demand Post and its comments, the roster of the day) comes
from the mirror a ``nomicbot sync`` filled; the economy side (the Boss's Budget
and the Planned Buildings at an instant) from the ledger: the state each applied
action left, and before the first action the values that action read. With an
empty ledger the pages as read now stand for every instant.

The effects go through :func:`wikibot.wiki.economy.perform` like every other
action; this module builds those actions and judges the posts, and records the
GNDT's random rolls (which change no page) in the ledger too.
"""

from __future__ import annotations

import bisect
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from gamestate.dynasties.nomicland import (
    CloseDemandPost,
    Economy,
    FocusGroup,
    Outcome,
    allowed_close,
    apply,
)
from gamestate.dynasties.nomicland.planning import (
    DemandPostCheck,
    DemandStatus,
    PlanningInputs,
    demand_post_checks,
    demand_status,
)
from gamestate.profiles.blognomic_139.models import Game, Post
from gamestate.profiles.blognomic_139.random_generators import Roll, Seed, roll
from gamestate.profiles.blognomic_139.reigns import Reigns
from rules_text import BuildingCatalogue
from wikibot.config import Config, WikiConfig
from wikibot.errors import WikiError
from wikibot.mirror.api import Mirror
from wikibot.mirror.ledger import Ledger, LedgerEntry
from wikibot.wiki.client import PageRevision, WikiClient, connect
from wikibot.wiki.economy import Park, economy_from_record, read_park, record_of, value_at

__all__ = [
    "open_demands",
    "open_demands_on",
    "CLOSE",
    "OPEN",
    "ROLL",
    "RecordedRoll",
    "check_draws",
    "close_action",
    "closed_at",
    "demand_post",
    "demand_statuses",
    "draw_record",
    "planning_inputs",
    "record_roll",
    "status_to_json",
]

OPEN = "demand open"
"""The ledger's action name of Focus Grouping on a new Demand Post."""
CLOSE = "demand close"
"""The ledger's action name of closing a Demand Post."""
ROLL = "roll"
"""The ledger's action name of one GNDT random generator command."""


# The economy at an instant, from the ledger.


def _states(ledger: Ledger, now_state: Economy) -> tuple[list[datetime], list[Mapping[str, Any]]]:
    """(times, economy records): the state each applied action left, in order, with the
    state before the first action at the front (or the pages as read now, if none)."""
    times: list[datetime] = []
    records: list[Mapping[str, Any]] = []
    for entry in ledger.actions():
        state = entry.after.get("state")
        if state is None:
            continue
        if not records:
            records.append(_before(entry, state))
            times.append(datetime.min.replace(tzinfo=entry.at.tzinfo))
        times.append(entry.at)
        records.append(state)
    if not records:
        return [datetime.min], [record_of(now_state)]
    # Focus Grouping is recorded at its post's time, which may precede actions
    # recorded before it: order by game time (stable for equal times).
    order = sorted(range(len(times)), key=lambda i: (times[i].replace(tzinfo=None), i))
    return [times[i] for i in order], [records[i] for i in order]


def _before(entry: LedgerEntry, after: Mapping[str, Any]) -> Mapping[str, Any]:
    """The economy the first action read: its ``after`` with the values it changed put back."""
    record = json.loads(json.dumps(after))
    for kind, name, column, value in entry.before.get("values", ()):
        if kind == "players" and name in record["players"] and value is not None:
            record["players"][name][column] = value
        elif kind == "zones":
            record["zones"] = [z for z in record["zones"] if z["name"] != name]
            if value is not None:
                record["zones"].append(value)
        elif kind == "visitors" and value is not None:
            record["visitors"][int(name) - 1] = value
    return dict(record)


def planning_inputs(
    game: Game, ledger: Ledger, economy: Economy, catalogue: BuildingCatalogue
) -> PlanningInputs:
    """What rule "Planning" reads at an instant: active Imagineers (the mirror's roster of
    that day), the Boss's Budget and who has a Planned Building (the ledger)."""
    if not game.boss:
        raise WikiError("the mirror's roster names no Boss; run `nomicbot sync` first")
    boss = game.boss
    times, records = _states(ledger, economy)
    reigns = Reigns.from_game(game)

    def record_at(at: datetime) -> Mapping[str, Any]:
        i = bisect.bisect_right([t.replace(tzinfo=None) for t in times], at.replace(tzinfo=None))
        return records[max(i - 1, 0)]

    def budget(at: datetime) -> int:
        value = value_at(record_at(at), "players", boss, "budget")
        return int(value) if value is not None else 0

    def planned(at: datetime) -> frozenset[str]:
        zones = record_at(at)["zones"]
        return frozenset(z["operator"] for z in zones if z["planned"] and z["operator"])

    return PlanningInputs(
        buildings=frozenset(catalogue.names()),
        boss=boss,
        active_imagineers=lambda at: reigns.roster_at(at).active,
        boss_budget=budget,
        planned=planned,
    )


# Demand Posts.


def demand_post(game: Game, inputs: PlanningInputs, post_id: str) -> tuple[Post, DemandPostCheck]:
    """The post ``post_id`` and whether it is a Demand Post; WikiError if it is not one."""
    post = next((p for p in game.posts if p.id == post_id), None)
    if post is None:
        raise WikiError(f"no post {post_id!r} in the mirror; run `nomicbot sync` first")
    check = next((c for c in demand_post_checks(game.posts, inputs) if c.post_id == post_id), None)
    if check is None:
        raise WikiError(f'post {post_id!r} ("{post.title}") is not titled "Demand: X"')
    if not check.is_demand_post:
        raise WikiError(f"post {post_id!r} is not a Demand Post: {check.reason}")
    return post, check


def closed_at(ledger: Ledger, post_id: str) -> datetime | None:
    """When the post was closed, by the ledger (its ``demand close`` row), if it was."""
    for entry in ledger.actions():
        if entry.action == CLOSE and entry.arguments.get("post") == post_id:
            return entry.at
    return None


def demand_statuses(
    game: Game, ledger: Ledger, inputs: PlanningInputs, *, now: datetime
) -> list[DemandStatus]:
    """Every Demand Post posted by ``now``, as of ``now`` (closed ones included)."""
    checks = demand_post_checks((p for p in game.posts if p.posted_at <= now), inputs)
    posts = {p.id: p for p in game.posts}
    return [
        demand_status(posts[c.post_id], inputs, now=now, closed_at=closed_at(ledger, c.post_id))
        for c in checks
        if c.is_demand_post
    ]


def close_action(post: Post, status: DemandStatus) -> CloseDemandPost:
    """The close the status allows now; WikiError quoting the clause when it allows none."""
    action = allowed_close(post, status)
    if action is None:
        raise WikiError(f"refused: {status.reason}")
    return action


def status_to_json(status: DemandStatus) -> dict[str, Any]:
    """The ``demand status --json`` contract (ARCHITECTURE.md 3b)."""
    winning = status.winning
    return {
        "post": status.post,
        "building": status.building,
        "open": status.is_open,
        "bids": [
            {
                "comment": b.comment,
                "bidder": b.bidder,
                "amount": b.amount,
                "at": b.at.isoformat(),
                "valid": b.is_valid,
                "reason": None if b.is_valid else b.reason,
            }
            for b in status.bids
        ],
        "winning": (
            None
            if winning is None
            else {"bidder": winning.bidder, "amount": winning.amount, "at": winning.at.isoformat()}
        ),
        "builder": status.builder,
        "closable_at": status.closable_at.isoformat() if status.closable_at else None,
        "closable_without_effect_at": (
            status.closable_without_effect_after.isoformat()
            if status.closable_without_effect_after
            else None
        ),
    }


def draw_record(action: FocusGroup, boss: str) -> Any:
    """The ledger's record of a Focus Grouping draw: its seed, and the Visitors added."""
    seed = action.seed(boss)

    def record(outcome: Outcome) -> Mapping[str, Any]:
        return {
            "seed": _seed_json(seed),
            "draw": {
                c.target: str(c.after)[len(str(c.before)) :] for c in _visitor_changes(outcome)
            },
        }

    return record


def _visitor_changes(outcome: Outcome) -> list[Any]:
    return [c for c in outcome.changes if c.field.value == "Visitors"]


def _seed_json(seed: Seed) -> dict[str, str]:
    return {
        "actor": seed.actor,
        "at": seed.at.isoformat(),
        "cause": seed.cause,
        "digest": seed.digest,
    }


# Rolls.


@dataclass(frozen=True)
class RecordedRoll:
    """A GNDT command's draw, and whether the ledger already had it."""

    roll: Roll
    """The draw (the recorded one when ``already``)."""
    op_id: str
    """The ledger's operation id: command, actor and cause."""
    already: bool
    """The same command, actor and cause was already recorded: not rolled again."""
    recorded: bool
    """Written to the ledger by this call."""


def record_roll(
    ledger: Ledger, command: str, *, actor: str, now: datetime, cause: str, apply_: bool
) -> RecordedRoll:
    """Rolls ``command`` from the seed (actor, now, cause) and, with ``apply_``, records it.

    The op id is command, actor and cause (not the time): the same cause repeated
    shows the recorded value, never a re-roll.
    """
    word = command.strip().upper()
    key = json.dumps([ROLL, word, actor, cause])
    op_id = hashlib.sha256(key.encode()).hexdigest()[:16]
    done = ledger.get(op_id)
    if done is not None:
        seed = done.arguments["seed"]
        again = roll(word, Seed(seed["actor"], datetime.fromisoformat(seed["at"]), seed["cause"]))
        return RecordedRoll(again, op_id, already=True, recorded=False)
    drawn = roll(word, Seed(actor, now, cause))
    if not apply_:
        return RecordedRoll(drawn, op_id, already=False, recorded=False)
    entry = LedgerEntry(
        op_id,
        now,
        actor,
        ROLL,
        arguments={"command": word, "cause": cause, "seed": _seed_json(drawn.seed)},
        after={"values": list(drawn.values), "total": drawn.total, "rule": drawn.clause},
        cause=cause,
    )
    ledger.start(entry)
    ledger.finish(op_id, {})
    return RecordedRoll(drawn, op_id, already=False, recorded=True)


# Replaying the draws.


def check_draws(ledger: Ledger, catalogue: BuildingCatalogue) -> list[str]:
    """Every random draw in the ledger drawn again from its seed: each one that differs.

    A roll is rolled again from its recorded seed; a Focus Grouping is applied
    again to the queue it read (its ``before`` values) and must give the queue
    it recorded.
    """
    problems: list[str] = []
    for entry in ledger.actions():
        if entry.action == ROLL:
            seed = entry.arguments["seed"]
            again = roll(
                entry.arguments["command"],
                Seed(seed["actor"], datetime.fromisoformat(seed["at"]), seed["cause"]),
            )
            if again.seed.digest != seed["digest"] or list(again.values) != entry.after["values"]:
                problems.append(
                    f"roll {entry.op_id}: recorded {entry.after['values']}, "
                    f"the seed draws {list(again.values)}"
                )
        elif entry.action == OPEN:
            problems.extend(_check_focus_grouping(entry, catalogue))
    return problems


def _check_focus_grouping(entry: LedgerEntry, catalogue: BuildingCatalogue) -> Iterable[str]:
    after = entry.after["state"]
    post = str(entry.arguments["post"])
    before = dict(_before(entry, after))
    # The books before it: this post's Focus Grouping not yet done.
    books = dict(before.get("books", {}))
    books["focus_grouped"] = [p for p in books.get("focus_grouped", ()) if p != post]
    before["books"] = books
    state = economy_from_record(before)
    action = FocusGroup(post, datetime.fromisoformat(entry.arguments["at"]))
    again = apply(state, action, actor=entry.actor, now=entry.at, catalogue=catalogue)
    want: Sequence[str] = after["visitors"]
    got = [str(d) for d in again.state.days]
    if got != list(want):
        yield f"demand open {entry.op_id}: recorded Visitors {list(want)}, the seed draws {got}"
    if entry.after.get("seed", {}).get("digest") != action.seed(entry.actor).digest:
        yield f"demand open {entry.op_id}: the recorded seed is not the post's"


def open_demands(
    config: Config,
    game: Game,
    now: datetime,
    *,
    client: WikiClient | None = None,
    mirror: Mirror | None = None,
    ruleset: PageRevision | None = None,
) -> list[DemandStatus]:
    """The Demand Posts as of ``now`` for the Votes page ([] when no post is titled
    "Demand: ..."; otherwise the wiki and the ledger are read). ``client`` and
    ``mirror`` are the caller's open ones, if it has them; ``ruleset`` the Ruleset page
    it has read already. The Votes page itself takes them from
    :func:`wikibot.wiki.votes_view.votes_view`."""
    if not any(p.is_demand_post for p in game.posts):
        return []
    client = connect(config, dry_run=True) if client is None else client
    if mirror is not None:
        return open_demands_on(
            config.wiki, game, now, client=client, mirror=mirror, ruleset=ruleset
        )
    with Mirror.open(config.mirror.database) as opened:
        return open_demands_on(
            config.wiki, game, now, client=client, mirror=opened, ruleset=ruleset
        )


def open_demands_on(
    pages: WikiConfig,
    game: Game,
    now: datetime,
    *,
    client: WikiClient,
    mirror: Mirror,
    ruleset: PageRevision | None = None,
) -> list[DemandStatus]:
    """:func:`open_demands` with the caller's open wiki ``client`` and ``mirror`` and the
    wiki's ``pages``: nothing is read when no post is titled "Demand: ..."."""
    if not any(p.is_demand_post for p in game.posts):
        return []
    idle = frozenset(p.name for p in game.players if p.idle)
    park = read_park(client, pages, boss=game.boss or "", idle=idle, ruleset=ruleset)
    return _open_demands(game, Ledger(mirror), park, now)


def _open_demands(game: Game, ledger: Ledger, park: Park, now: datetime) -> list[DemandStatus]:
    inputs = planning_inputs(game, ledger, park.economy, park.catalogue)
    return [s for s in demand_statuses(game, ledger, inputs, now=now) if s.is_open]
