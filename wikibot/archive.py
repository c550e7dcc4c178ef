"""The portable ``nomic-archive/1`` JSON format: reader and writer.

``read_archive`` validates as it reads and names the bad field and post in
its error; fields this version does not know are kept on each record's
``extra`` and written back unchanged by ``write_archive``.

Still ``nomic-archive/1``, with two optional additions (older files read as
before): ``"rosters": [{"at", "boss", "players": [...]}]``, roster snapshots
of the past (each player as in ``players``), and a post's
``"passes_boss_to": NAME`` (the new Boss passes the role by this post).

Also optional: ``"rulesets": [{"at", "text", "revision", "by", "summary"}]``, the
Ruleset's revisions (ARCHITECTURE.md 1c), read into ``Game.rulesets`` in time order
(:func:`gamestate.profiles.blognomic_139.convert.rulesets_from_raw`).

Junk never ends in a traceback (each value is read by
:mod:`wikibot.archive_values`). Every comment is checked when the file is read;
a post's ordinary comments are built into records when first read
(``DeferredComments``): a ``status`` of a 20-year archive reads a few posts'.
``read_archive`` reads the file a post at a time (:mod:`wikibot.archive_stream`),
and keeps a post's ordinary comments as the post's own JSON text until they are
read, not as the tree of values ``json`` makes of them: a 200 MB archive is read in
less than twice its size in memory.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any, TypeGuard

from gamestate.profiles.blognomic_139.convert import (
    comment_to_dict,
    ruleset_to_dict,
    rulesets_from_raw,
)
from gamestate.profiles.blognomic_139.models import (
    Game,
    Player,
    Post,
    PostStatus,
    RosterSnapshot,
    RulesetRevision,
    Terms,
)
from gamestate.profiles.core import ProfileError
from wikibot.archive_comments import checked_comment, quick_comments
from wikibot.archive_stream import load_object
from wikibot.archive_values import (
    extra_fields,
    flag_field,
    format_time,
    is_text,
    parse_int,
    parse_time,
    plain_time,
    show,
    text_field,
)
from wikibot.errors import ArchiveError
from wikibot.examples import resolve_archive_path
from wikibot.gcpause import paused_gc

__all__ = [
    "FORMAT",
    "format_time",
    "game_from_dict",
    "game_to_dict",
    "parse_time",
    "read_archive",
    "read_archive_file",
    "show",
    "write_archive",
]

FORMAT = "nomic-archive/1"

_GAME_KEYS = {"format", "terms", "boss", "players", "posts", "rosters", "rulesets"}
_PLAYER_KEYS = {"name", "admin", "idle"}
_ROSTER_KEYS = {"at", "boss", "players"}
_POST_KEYS = {
    "id",
    "category",
    "title",
    "author",
    "posted_at",
    "status",
    "body_html",
    "admin_note",
    "resolved_at",
    "comments",
    "passes_boss_to",
}


def _post(raw: object, index: int, defer: bool) -> Post:
    # As for comments: the common case quickly, anything else the careful way.
    post = _quick_post(raw, defer)
    return post if post is not None else _checked_post(raw, index)


def _quick_post(raw: object, defer: bool, text: str | None = None) -> Post | None:
    """The post, if it and its comments are ordinary (``quick_comments``, given
    ``text``); None if anything is out of the ordinary. Never raises."""
    if not (type(raw) is dict and raw.keys() <= _POST_KEYS):
        return None
    get = raw.get
    pid, category, title, author = get("id"), get("category"), get("title"), get("author")
    body, note, passes = get("body_html"), get("admin_note"), get("passes_boss_to")
    word = get("status")
    status = _STATUS_WORDS.get(word) if word is None or type(word) is str else None
    comments_raw = get("comments", [])
    resolved_raw = get("resolved_at")
    posted = plain_time(get("posted_at"))
    resolved = plain_time(resolved_raw) if resolved_raw is not None else None
    if not (
        type(pid) is str
        and type(category) is str
        and type(title) is str
        and type(author) is str
        and pid.strip()
        and category.strip()
        and title.strip()
        and author.strip()
        # One test of the four texts; a lone surrogate is not ASCII.
        and (
            (pid + category + title + author).isascii() or is_text(pid + category + title + author)
        )
        and (passes is None or _is_filled(passes))
        and (body is None or _is_string(body))
        and (note is None or _is_string(note))
        and status is not None
        and type(comments_raw) is list
        and posted is not None
        and (resolved_raw is None or resolved is not None)
    ):
        return None
    comments = quick_comments(comments_raw, defer=defer, text=text)
    if comments is None:
        return None
    # Post(pid, category, ...), written straight in as for comments.
    post = _new(Post)
    fields = post.__dict__
    fields["id"] = pid
    fields["category"] = category
    fields["title"] = title
    fields["author"] = author
    fields["posted_at"] = posted
    fields["status"] = status
    fields["body_html"] = body or ""
    fields["admin_note"] = note
    fields["resolved_at"] = resolved
    fields["comments"] = comments
    fields["passes_boss_to"] = passes
    fields["extra"] = {}
    return post


class _Read:
    """A post ``read_archive`` has read while reading the file (``_read_post``)."""

    __slots__ = ("post",)

    def __init__(self, post: Post) -> None:
        self.post = post


def _read_post(raw: object, text: str) -> object:
    """Each post as ``read_archive`` reads it from the file, with its JSON text: an
    ordinary post at once (its comments kept as that text), so that the values
    ``json`` made of it can go; any other as it is, read with the others in order, so
    that an error is the one it always was."""
    post = _quick_post(raw, True, text)
    return raw if post is None else _Read(post)


_new = object.__new__


# The status words as they are written in archives ("open" and "" are Pending).
_STATUS_WORDS: dict[str | None, PostStatus] = {
    None: PostStatus.PENDING,
    **{w: PostStatus.from_text(w) for w in ("", "open", *(s.value for s in PostStatus))},
}


def _is_string(value: object) -> TypeGuard[str]:
    """What ``text_field(..., required=False)`` accepts."""
    return type(value) is str and (value.isascii() or is_text(value))


def _is_filled(value: object) -> TypeGuard[str]:
    """What ``text_field(...)`` accepts: a string, not blank."""
    return type(value) is str and bool(value.strip()) and (value.isascii() or is_text(value))


def _checked_post(raw: object, index: int) -> Post:
    where = f"post #{index + 1}"
    if not isinstance(raw, dict):
        raise ArchiveError(f"{where}: a post must be an object")
    pid = text_field(raw, "id", where)
    where = f"post {show(pid)}"
    status_text = text_field(raw, "status", where, required=False)
    try:
        status = PostStatus.from_text(status_text)
    except ValueError:
        raise ArchiveError(
            f"{where}: field 'status': unknown post status {show(status_text)}"
        ) from None
    resolved = raw.get("resolved_at")
    comments_raw = raw.get("comments", [])
    if not isinstance(comments_raw, list):
        raise ArchiveError(f"{where}: field 'comments' must be a list")
    comments = tuple(checked_comment(c, where, i) for i, c in enumerate(comments_raw))
    seen: set[str] = set()
    for c in comments:
        if c.id in seen:
            raise ArchiveError(f"{where}: duplicate comment id {show(c.id)}")
        seen.add(c.id)
    note = (
        text_field(raw, "admin_note", where, required=False)
        if raw.get("admin_note") is not None
        else None
    )
    passes = (
        text_field(raw, "passes_boss_to", where) if raw.get("passes_boss_to") is not None else None
    )
    return Post(
        id=pid,
        category=text_field(raw, "category", where),
        title=text_field(raw, "title", where),
        author=text_field(raw, "author", where),
        posted_at=parse_time(raw.get("posted_at"), where, field="posted_at"),
        status=status,
        body_html=text_field(raw, "body_html", where, required=False),
        admin_note=note,
        resolved_at=(
            parse_time(resolved, where, field="resolved_at") if resolved is not None else None
        ),
        comments=comments,
        passes_boss_to=passes,
        extra=extra_fields(raw, _POST_KEYS),
    )


def _players(raw_list: list[Any], where_prefix: str) -> tuple[Player, ...]:
    players = []
    names: set[str] = set()
    for i, raw in enumerate(raw_list):
        where = f"{where_prefix}player #{i + 1}"
        if not isinstance(raw, dict):
            raise ArchiveError(f"{where}: a player must be an object")
        name = text_field(raw, "name", where)
        if name in names:
            raise ArchiveError(f"{where}: duplicate player name {show(name)}")
        names.add(name)
        players.append(
            Player(
                name=name,
                admin=flag_field(raw, "admin", f"{where_prefix}player {show(name)}"),
                idle=flag_field(raw, "idle", f"{where_prefix}player {show(name)}"),
                extra=extra_fields(raw, _PLAYER_KEYS),
            )
        )
    return tuple(players)


def _rosters(raw: object) -> tuple[RosterSnapshot, ...]:
    """The optional ``rosters`` list: snapshots in time order."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ArchiveError("archive: field 'rosters' must be a list")
    out: list[RosterSnapshot] = []
    for i, snap in enumerate(raw):
        where = f"roster #{i + 1}"
        if not isinstance(snap, dict):
            raise ArchiveError(f"{where}: a roster snapshot must be an object")
        at = parse_time(snap.get("at"), where, field="at")
        boss = snap.get("boss")
        if boss is not None and not isinstance(boss, str):
            raise ArchiveError(f"{where}: field 'boss' must be a string or null, got {show(boss)}")
        players = snap.get("players")
        if not isinstance(players, list):
            raise ArchiveError(f"{where}: missing required field 'players' (a list)")
        if out and at < out[-1].at:
            raise ArchiveError(f"{where}: roster snapshots must be in time order")
        out.append(
            RosterSnapshot(
                at=at,
                boss=boss or None,
                players=_players(players, f"{where} "),
                extra=extra_fields(snap, _ROSTER_KEYS),
            )
        )
    return tuple(out)


def _rulesets(raw: object) -> tuple[RulesetRevision, ...]:
    """The optional ``rulesets`` list, in time order."""
    try:
        return rulesets_from_raw(raw)
    except ProfileError as exc:
        raise ArchiveError(str(exc)) from None


def game_from_dict(data: object) -> Game:
    """Builds a Game from a parsed archive, validating every field."""
    return _game_from_dict(data, defer=False)


def _game_from_dict(data: object, *, defer: bool) -> Game:
    """``game_from_dict``; with ``defer`` (the data is the reader's own, which nothing
    else holds or changes), ordinary comments are built on first read."""
    if not isinstance(data, dict):
        raise ArchiveError("archive: the top level must be a JSON object")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise ArchiveError(f"archive: field 'format' must be {FORMAT!r}, got {show(fmt)}")
    terms_raw = data.get("terms") or {}
    if not isinstance(terms_raw, dict):
        raise ArchiveError("archive: field 'terms' must be an object")
    terms = Terms(
        player=text_field(terms_raw, "player", "archive terms", required=False) or "Imagineer",
        boss=text_field(terms_raw, "boss", "archive terms", required=False) or "Boss",
        extra=extra_fields(terms_raw, {"player", "boss"}),
    )
    players_raw = data.get("players")
    if not isinstance(players_raw, list):
        raise ArchiveError("archive: missing required field 'players' (a list)")
    players = _players(players_raw, "")
    rosters = _rosters(data.get("rosters"))
    rulesets = _rulesets(data.get("rulesets"))
    posts_raw = data.get("posts", [])
    if not isinstance(posts_raw, list):
        raise ArchiveError("archive: field 'posts' must be a list")
    posts = tuple(
        p.post if type(p) is _Read else _post(p, i, defer) for i, p in enumerate(posts_raw)
    )
    ids: set[str] = set()
    for p in posts:
        if p.id in ids:
            raise ArchiveError(f"post {show(p.id)}: duplicate post id")
        ids.add(p.id)
    boss = data.get("boss")
    if boss is not None and not isinstance(boss, str):
        raise ArchiveError(f"archive: field 'boss' must be a string or null, got {show(boss)}")
    extra = extra_fields(data, _GAME_KEYS)
    return Game(
        players=players,
        posts=posts,
        boss=boss or None,
        terms=terms,
        rosters=rosters,
        rulesets=rulesets,
        extra=extra,
    )


def read_archive(handle: IO[str], *, name: str = "archive") -> Game:
    """Reads and validates a ``nomic-archive/1`` file from an open text handle."""
    with paused_gc():
        return _read_archive(handle, name)


def _read_archive(handle: IO[str], name: str) -> Game:
    try:
        data = load_object(handle, list_key="posts", element=_read_post, parse_int=parse_int)
    except ArchiveError as exc:
        raise ArchiveError(f"{name}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ArchiveError(f"{name}: not valid JSON: {exc}") from None
    except UnicodeDecodeError as exc:
        raise ArchiveError(f"{name}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    except RecursionError:
        raise ArchiveError(f"{name}: JSON nested too deeply") from None
    try:
        return _game_from_dict(data, defer=True)
    except RecursionError:
        raise ArchiveError(f"{name}: JSON nested too deeply") from None


def read_archive_file(path: str | Path) -> Game:
    """Reads and validates a ``nomic-archive/1`` file; a missing or unreadable file is an
    ArchiveError naming it."""
    try:
        path = resolve_archive_path(path)
    except ValueError as exc:
        raise ArchiveError(str(exc)) from None
    try:
        with path.open(encoding="utf-8") as handle:
            return read_archive(handle, name=str(path))
    except OSError as exc:
        raise ArchiveError(f"{path}: {exc.strerror}") from None


def _post_to_dict(p: Post) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": p.id,
        "category": p.category,
        "title": p.title,
        "author": p.author,
        "posted_at": format_time(p.posted_at),
        "status": p.status.value,
        "body_html": p.body_html,
        "admin_note": p.admin_note,
    }
    if p.resolved_at is not None:
        out["resolved_at"] = format_time(p.resolved_at)
    out["comments"] = [comment_to_dict(c) for c in p.comments]
    if p.passes_boss_to is not None:
        out["passes_boss_to"] = p.passes_boss_to
    out.update(p.extra)
    return out


def _player_to_dict(p: Player) -> dict[str, Any]:
    return {"name": p.name, "admin": p.admin, "idle": p.idle, **p.extra}


def game_to_dict(game: Game) -> dict[str, Any]:
    """The archive form of a Game, unknown fields included."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "terms": {"player": game.terms.player, "boss": game.terms.boss, **game.terms.extra},
        "boss": game.boss,
        "players": [_player_to_dict(p) for p in game.players],
        "posts": [_post_to_dict(p) for p in game.posts],
    }
    if game.rosters:
        out["rosters"] = [
            {
                "at": format_time(r.at),
                "boss": r.boss,
                "players": [_player_to_dict(p) for p in r.players],
                **r.extra,
            }
            for r in game.rosters
        ]
    if game.rulesets:
        out["rulesets"] = [ruleset_to_dict(r) for r in game.rulesets]
    out.update(game.extra)
    return out


def write_archive(game: Game, handle: IO[str]) -> None:
    """Writes a Game as an indented ``nomic-archive/1`` JSON document."""
    json.dump(game_to_dict(game), handle, indent=2, ensure_ascii=False)
    handle.write("\n")
