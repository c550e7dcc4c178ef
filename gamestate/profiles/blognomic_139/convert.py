"""BlogNomic's blog record as a ``nomic-archive/2`` archive, and back.

A ``/2`` archive of profile ``blognomic-139`` holds each post as a matter: the
votable ones as ``proposal``/``cfj``/``dov``, every other post as ``post`` (its
category kept), with the blog's own fields (``category``, ``title``, ``status``,
``body_html``, ``admin_note``, ``resolved_at``, ``passes_boss_to``) kept on the
matter. ``votes`` holds one entry per voting icon, in comment order, each naming
its ``comment``; a matter may also keep the blog's ``comments`` whole (``export
--format 2`` does, so nothing is lost), and then the comments are the record and
``votes`` must agree with them. Without ``comments``, the votes are the record:
each becomes a comment carrying that icon.

The roster's ``admin`` and ``boss`` roles and ``idle`` are the sidebar's;
``settings.terms`` the keyword terms; the archive's ``rosters`` (snapshots)
are kept as in ``/1``, and so are its ``rulesets`` (the Ruleset's revisions,
ARCHITECTURE.md 1c), read and written here for both formats.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from gamestate.profiles.archive import format_time, parse_time
from gamestate.profiles.blognomic_139.icons import scan_comment
from gamestate.profiles.blognomic_139.models import (
    VOTABLE_CATEGORIES,
    Category,
    Comment,
    Game,
    Player,
    Post,
    PostStatus,
    RosterSnapshot,
    RulesetRevision,
    Terms,
)
from gamestate.profiles.core import Archive, Matter, Member, ProfileError, VoteEvent

__all__ = [
    "KIND_OF_CATEGORY",
    "archive_from_game",
    "comment_to_dict",
    "game_from_archive",
    "ruleset_to_dict",
    "rulesets_from_raw",
]

KIND_OF_CATEGORY = {
    Category.PROPOSAL.value: "proposal",
    Category.CFJ.value: "cfj",
    Category.DOV.value: "dov",
}
CATEGORY_OF_KIND = {kind: category for category, kind in KIND_OF_CATEGORY.items()}
_STATUS = {s.value: s for s in PostStatus}
_POST_FIELDS = (
    "category",
    "title",
    "status",
    "body_html",
    "admin_note",
    "resolved_at",
    "passes_boss_to",
    "comments",
)


def _player(raw: Mapping[str, Any]) -> Player:
    return Player(
        name=str(raw["name"]),
        admin=bool(raw.get("admin", False)),
        idle=bool(raw.get("idle", False)),
        extra={k: v for k, v in raw.items() if k not in ("name", "admin", "idle")},
    )


def _comments_from_raw(raw: object, where: str) -> tuple[Comment, ...]:
    if not isinstance(raw, list):
        raise ProfileError(f"{where}.comments: expected a list")
    out = []
    for i, c in enumerate(raw):
        if not isinstance(c, Mapping) or not isinstance(c.get("author"), str):
            raise ProfileError(f"{where} comment {i}: expected an object with an author")
        vote = c.get("vote")
        out.append(
            Comment(
                id=str(c.get("id", f"c{i}")),
                author=c["author"],
                posted_at=parse_time(c.get("posted_at"), f"{where} comment {i}.posted_at"),
                body_html=str(c.get("body_html", "")),
                vote=vote if isinstance(vote, str) else None,
                extra={
                    k: v
                    for k, v in c.items()
                    if k not in ("id", "author", "posted_at", "body_html", "vote")
                },
            )
        )
    return tuple(out)


def _votes_of(comments: tuple[Comment, ...]) -> list[tuple[str, str, str]]:
    """(voter, icon, comment id) for each voting icon, in comment order."""
    return [
        (c.author, vote.value, c.id)
        for c in sorted(comments, key=lambda c: c.posted_at)
        for vote in scan_comment(c).votes
    ]


def _post(m: Matter, where: str) -> Post:
    extra = m.extra
    category = CATEGORY_OF_KIND.get(m.kind) or str(extra.get("category") or "Story Post")
    if "comments" in extra:
        comments = _comments_from_raw(extra["comments"], where)
        recorded = [(v.voter, v.value.upper(), str(v.extra.get("comment"))) for v in m.votes]
        derived = [(a, v.upper(), c) for a, v, c in _votes_of(comments)]
        if m.votes and recorded != derived:
            raise ProfileError(f"{where}: its votes disagree with its comments' voting icons")
    else:
        comments = tuple(
            Comment(
                id=str(v.extra.get("comment") or f"{m.id}-v{i}"),
                author=v.voter,
                posted_at=v.at,
                body_html=str(v.extra.get("body_html", "")),
                vote=None if "body_html" in v.extra else v.value.lower(),
            )
            for i, v in enumerate(m.votes)
        )
    word = str(extra.get("status") or "Pending")
    status = _STATUS.get(word)
    if status is None:
        try:
            status = PostStatus.from_text(word)
        except ValueError as exc:
            raise ProfileError(f"{where}.status: {exc}") from None
    resolved = extra.get("resolved_at")
    known = set(_POST_FIELDS)
    return Post(
        id=m.id,
        category=category,
        title=str(extra.get("title") or f"{category}: {m.id}"),
        author=m.author,
        posted_at=m.posted_at,
        status=status,
        body_html=str(extra.get("body_html") or m.text or ""),
        admin_note=extra.get("admin_note") if isinstance(extra.get("admin_note"), str) else None,
        resolved_at=None if resolved is None else parse_time(resolved, f"{where}.resolved_at"),
        comments=comments,
        passes_boss_to=(
            extra["passes_boss_to"] if isinstance(extra.get("passes_boss_to"), str) else None
        ),
        extra={k: v for k, v in extra.items() if k not in known},
    )


def game_from_archive(archive: Archive) -> Game:
    """The blog-side :class:`Game` a ``blognomic-139`` archive describes."""
    players = tuple(
        Player(name=m.name, admin="admin" in m.roles, idle=m.idle, extra=dict(m.extra))
        for m in archive.roster
        if m.player
    )
    boss = next((m.name for m in archive.roster if "boss" in m.roles), None)
    terms_raw = archive.settings.get("terms") or {}
    if not isinstance(terms_raw, Mapping):
        raise archive.error("settings.terms", "expected an object")
    terms = Terms(
        player=str(terms_raw.get("player") or "Imagineer"),
        boss=str(terms_raw.get("boss") or "Boss"),
        extra={k: v for k, v in terms_raw.items() if k not in ("player", "boss")},
    )
    rosters = []
    for i, snap in enumerate(archive.extra.get("rosters") or []):
        if not isinstance(snap, Mapping) or not isinstance(snap.get("players"), list):
            raise archive.error(f"rosters {i}", "expected an object with players")
        rosters.append(
            RosterSnapshot(
                at=parse_time(snap.get("at"), f"rosters {i}.at"),
                boss=snap.get("boss") or None,
                players=tuple(_player(p) for p in snap["players"]),
                extra={k: v for k, v in snap.items() if k not in ("at", "boss", "players")},
            )
        )
    try:
        rulesets = rulesets_from_raw(archive.extra.get("rulesets"))
        posts = tuple(_post(m, f"matter {m.id}") for m in archive.matters)
    except ProfileError as exc:
        raise archive.error(str(exc).split(":", 1)[0], str(exc).split(":", 1)[1].strip()) from None
    return Game(
        players=players,
        posts=posts,
        boss=boss,
        terms=terms,
        rosters=tuple(rosters),
        rulesets=rulesets,
        extra={k: v for k, v in archive.extra.items() if k not in ("rosters", "rulesets")},
    )


def comment_to_dict(c: Comment) -> dict[str, Any]:
    """A comment as the archives write it (``/1``, and a ``/2`` matter's ``comments``)."""
    out: dict[str, Any] = {
        "id": c.id,
        "author": c.author,
        "posted_at": format_time(c.posted_at),
        "body_html": c.body_html,
    }
    if c.vote is not None:
        out["vote"] = c.vote
    out.update(c.extra)
    return out


def archive_from_game(game: Game) -> Archive:
    """A Game (from the mirror or a ``/1`` archive) as a ``blognomic-139`` archive,
    losing nothing: the comments are kept whole beside the votes they carry."""
    roster = tuple(
        Member(
            name=p.name,
            roles=frozenset(
                (["admin"] if p.admin else []) + (["boss"] if p.name == game.boss else [])
            ),
            idle=p.idle,
            extra=dict(p.extra),
        )
        for p in game.players
    )
    matters = []
    for p in game.posts:
        kind = KIND_OF_CATEGORY.get(p.category, "post")
        extra: dict[str, Any] = {
            "title": p.title,
            "status": p.status.value,
            "body_html": p.body_html,
            "admin_note": p.admin_note,
        }
        if p.category not in VOTABLE_CATEGORIES:
            extra["category"] = p.category
        if p.resolved_at is not None:
            extra["resolved_at"] = format_time(p.resolved_at)
        if p.passes_boss_to is not None:
            extra["passes_boss_to"] = p.passes_boss_to
        extra["comments"] = [comment_to_dict(c) for c in p.comments]
        extra.update(p.extra)
        votes = tuple(
            VoteEvent(voter=voter, value=icon, at=at, extra={"comment": cid})
            for (voter, icon, cid), at in _votes_with_times(p.comments)
        )
        matters.append(
            Matter(
                id=p.id,
                kind=kind,
                author=p.author,
                posted_at=p.posted_at,
                votes=votes,
                extra=extra,
            )
        )
    settings: dict[str, Any] = {"terms": {"player": game.terms.player, "boss": game.terms.boss}}
    settings["terms"].update(game.terms.extra)
    extra_top: dict[str, Any] = dict(game.extra)
    if game.rosters:
        extra_top["rosters"] = [
            {
                "at": format_time(r.at),
                "boss": r.boss,
                "players": [
                    {"name": p.name, "admin": p.admin, "idle": p.idle, **p.extra} for p in r.players
                ],
                **r.extra,
            }
            for r in game.rosters
        ]
    if game.rulesets:
        extra_top["rulesets"] = [ruleset_to_dict(r) for r in game.rulesets]
    return Archive(
        profile="blognomic-139",
        settings=settings,
        roster=roster,
        game_state={},
        matters=tuple(matters),
        events=(),
        extra=extra_top,
    )


def _votes_with_times(comments: tuple[Comment, ...]) -> list[tuple[tuple[str, str, str], Any]]:
    by_id = {c.id: c.posted_at for c in comments}
    return [(v, by_id[v[2]]) for v in _votes_of(comments)]


_RULESET_KEYS = ("at", "text", "revision", "by", "summary")
_SHOWN = 60


def _show(value: object) -> str:
    if isinstance(value, str):
        return repr(value[:_SHOWN] + "…") if len(value) > _SHOWN else repr(value)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() < 200 else "a huge integer"
    return f"a {type(value).__name__}"


def _is_text(value: str) -> bool:
    """Writable as UTF-8: no lone surrogate (which a JSON ``\\ud800`` escape can give)."""
    return value.isascii() or not any(0xD800 <= ord(c) <= 0xDFFF for c in value)


def rulesets_from_raw(raw: object) -> tuple[RulesetRevision, ...]:
    """An archive's optional ``rulesets`` list (ARCHITECTURE.md 1c; ``/1``, and ``/2`` of
    profile ``blognomic-139``): ``[{"at", "text", "revision", "by", "summary"}]``, the
    last three optional, in time order (entries at one instant keep the file's order).
    Anything else is a one-line ProfileError naming the entry and the field; fields
    this version does not know are kept on each entry's ``extra``. The texts are not
    read here."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ProfileError(f"rulesets: expected a list of revisions, got {_show(raw)}")
    out = []
    for i, entry in enumerate(raw):
        where = f"rulesets #{i + 1}"
        if not isinstance(entry, Mapping):
            raise ProfileError(f"{where}: expected an object, got {_show(entry)}")
        for key in ("at", "text"):
            if entry.get(key) is None:
                raise ProfileError(f"{where}: missing required field {key!r}")
        text = entry["text"]
        if not isinstance(text, str) or not _is_text(text):
            raise ProfileError(f"{where}.text: expected the Ruleset's wikitext, got {_show(text)}")
        revision = entry.get("revision")
        if revision is not None and (
            isinstance(revision, bool) or not isinstance(revision, int) or revision < 0
        ):
            raise ProfileError(
                f"{where}.revision: expected a revision number (a whole number >= 0), "
                f"got {_show(revision)}"
            )
        texts = {}
        for key in ("by", "summary"):
            value = entry.get(key)
            if value is not None and (not isinstance(value, str) or not _is_text(value)):
                raise ProfileError(f"{where}.{key}: expected a string, got {_show(value)}")
            texts[key] = value
        out.append(
            RulesetRevision(
                at=parse_time(entry["at"], f"{where}.at"),
                text=text,
                revision=revision,
                by=texts["by"],
                summary=texts["summary"],
                extra={k: v for k, v in entry.items() if k not in _RULESET_KEYS},
            )
        )
    return tuple(sorted(out, key=attrgetter("at")))


def ruleset_to_dict(revision: RulesetRevision) -> dict[str, Any]:
    """A revision as the archives write it (``/1`` and ``/2``), unknown fields included."""
    out: dict[str, Any] = {"at": format_time(revision.at), "text": revision.text}
    if revision.revision is not None:
        out["revision"] = revision.revision
    if revision.by is not None:
        out["by"] = revision.by
    if revision.summary is not None:
        out["summary"] = revision.summary
    out.update(revision.extra)
    return out
