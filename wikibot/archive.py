"""The portable ``nomic-archive/1`` JSON format: reader and writer.

``read_archive`` validates as it reads and names the bad field and post in
its error; fields this version does not know are kept on each record's
``extra`` and written back unchanged by ``write_archive``.

Still ``nomic-archive/1``, with two optional additions (older files read as
before): ``"rosters": [{"at", "boss", "players": [...]}]``, roster snapshots
of the past (each player as in ``players``), and a post's
``"passes_boss_to": NAME`` (the new Boss passes the role by this post).

Junk never ends in a traceback: an integer too long to convert (JSON numbers
of more than 4,300 digits) is a one-line error, and values quoted in errors
are shortened, so a huge or deeply nested value cannot break the message.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import IO, Any, TypeGuard

from gamestate.profiles.blognomic_139.convert import comment_to_dict
from gamestate.profiles.blognomic_139.models import (
    Comment,
    DeferredComments,
    Game,
    Player,
    Post,
    PostStatus,
    RosterSnapshot,
    Terms,
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
MIN_YEAR = 1990
MAX_YEAR = 9000

_GAME_KEYS = {"format", "terms", "boss", "players", "posts", "rosters"}
_PLAYER_KEYS = {"name", "admin", "idle"}
_ROSTER_KEYS = {"at", "boss", "players"}
_MAX_DIGITS = 4300
"""Python's default limit for converting a decimal string to an int."""
_SHOWN = 60
"""How many characters of a bad value an error quotes."""
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
_COMMENT_KEYS = {"id", "author", "posted_at", "body_html", "vote"}


def show(value: object) -> str:
    """A short, always printable quotation of a bad value for an error message: never
    raises on huge integers or deep nesting."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 200:
            return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
        return repr(value)
    if isinstance(value, str):
        text = repr(value[: _SHOWN + 1])
        return text if len(value) <= _SHOWN else text[:-1] + "…" + text[-1]
    if isinstance(value, list):
        return f"a list of {len(value)} items"
    if isinstance(value, dict):
        return f"an object of {len(value)} fields"
    return f"a {type(value).__name__}"


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > _MAX_DIGITS:
        raise ArchiveError(f"an integer of {digits} digits is too long (at most {_MAX_DIGITS})")
    return int(text)


def _plain_time(value: object) -> datetime | None:
    """The common case, fast: ``2016-05-23T10:17:00Z`` in range; None for anything else."""
    if type(value) is str and len(value) == 20 and value[-1] == "Z":
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return None
        if MIN_YEAR <= moment.year <= MAX_YEAR and moment.tzinfo is UTC:
            return moment
    return None


def parse_time(value: object, where: str, *, field: str | None = None) -> datetime:
    """Reads an ISO-8601 UTC time (``2016-05-23T10:17:00Z``); errors name ``where``
    (and the ``field``)."""
    plain = _plain_time(value)
    if plain is not None:
        return plain
    problem = None
    if not isinstance(value, str):
        problem = f"expected an ISO-8601 time string, got {show(value)}"
    else:
        try:
            moment = datetime.fromisoformat(value.strip().replace("z", "Z"))
        except ValueError:
            problem = f"not an ISO-8601 time: {show(value)}"
        else:
            if moment.tzinfo is None:
                problem = f"time {show(value)} has no timezone (use Z for UTC)"
            # Nomic's clocks reach a week ahead and the calendar a year; keep far from
            # the ends of datetime's range so that arithmetic on these cannot overflow.
            elif not MIN_YEAR <= moment.year <= MAX_YEAR:
                problem = f"time {show(value)} is outside {MIN_YEAR} to {MAX_YEAR}"
            else:
                return moment.astimezone(UTC)
    label = f"{where} field {field!r}" if field is not None else where
    raise ArchiveError(f"{label}: {problem}")


def format_time(moment: datetime) -> str:
    """Writes a UTC time as ``2016-05-23T10:17:00Z``."""
    text = moment.astimezone(UTC).isoformat()
    return text.removesuffix("+00:00") + "Z"


def _str(raw: Mapping[str, Any], key: str, where: str, *, required: bool = True) -> str:
    value = raw.get(key)
    if value is None:
        if required:
            raise ArchiveError(f"{where}: missing required field {key!r}")
        return ""
    if not isinstance(value, str):
        raise ArchiveError(f"{where}: field {key!r} must be a string, got {show(value)}")
    if not _is_text(value):
        raise ArchiveError(f"{where}: field {key!r} is not valid text (a lone surrogate?)")
    if required and not value.strip():
        raise ArchiveError(f"{where}: field {key!r} is empty")
    return value


def _is_text(value: str) -> bool:
    """Encodable as UTF-8: no lone surrogate (which a JSON ``\\ud800`` escape can give)."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _bool(raw: Mapping[str, Any], key: str, where: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise ArchiveError(f"{where}: field {key!r} must be true or false, got {show(value)}")
    return value


def _extra(raw: Mapping[str, Any], known: set[str]) -> dict[str, Any]:
    if raw.keys() <= known:  # the common case, and a cheap test on big archives
        return {}
    return {k: v for k, v in raw.items() if k not in known}


def _comments(raws: list[Any], pid: str, *, defer: bool) -> tuple[Comment, ...] | DeferredComments:
    """The comments of the post ``pid``. The common case is checked without building
    the error messages' wording and, with ``defer``, left to be built on first read
    (``DeferredComments``); a post with any comment out of the ordinary (an unknown
    field, a bad value, a repeated id) goes the careful way, which words the error."""
    if not raws:
        return ()
    latest = _plain_latest(raws)
    if latest is None:
        where = f"post {show(pid)}"
        return tuple(_checked_comment(raw, where, i) for i, raw in enumerate(raws))
    if defer:
        return DeferredComments(partial(_plain_comments, raws), latest)
    return _plain_comments(raws)


def _plain_latest(raws: list[Any]) -> datetime | None:
    """When the latest of ``raws`` was published, if every one is an ordinary comment
    (the five known fields, well-formed, ids distinct); None if any is not. One loop
    with everything it uses at hand: a 20-year archive has some 150,000 comments."""
    get_time, absent = datetime.fromisoformat, _ABSENT
    low, high = MIN_YEAR, MAX_YEAR
    latest = None
    ids = set()
    for raw in raws:
        if type(raw) is not dict:
            return None
        get = raw.get
        cid, author, body, vote, text = (
            get("id"),
            get("author"),
            get("body_html", absent),
            get("vote", absent),
            get("posted_at"),
        )
        # No field but the five known ones: id, author and posted_at are there (or the
        # tests below fail), so the others are counted.
        fields_known = 3
        if body is absent:
            body = ""
        else:
            fields_known += 1
        if vote is absent:
            vote = None
        else:
            fields_known += 1
        if not (
            len(raw) == fields_known
            and type(cid) is str
            and type(author) is str
            and type(body) is str
            and (vote is None or type(vote) is str)
            and type(text) is str
            and len(text) == 20
            and text[-1] == "Z"
            and cid.strip()
            and author.strip()
            # One test of the three texts; a lone surrogate is not ASCII.
            and ((cid + author + body).isascii() or _is_text(cid + author + body))
            and (vote is None or vote.isascii() or _is_text(vote))
            and cid not in ids
        ):
            return None
        ids.add(cid)
        # _plain_time, written out.
        try:
            posted = get_time(text)
        except ValueError:
            return None
        if not (low <= posted.year <= high and posted.tzinfo is UTC):
            return None
        if latest is None or posted > latest:
            latest = posted
    return latest


def _plain_comments(raws: list[Any]) -> tuple[Comment, ...]:
    """The comments ``_plain_latest`` found ordinary, built. Each Comment's fields are
    written straight in: a frozen dataclass's __init__ sets each through
    object.__setattr__, a third of the cost (tests/test_archive.py checks that both give
    the same Comment)."""
    out: list[Comment] = []
    append, new, get_time = out.append, _new, datetime.fromisoformat
    for raw in raws:
        get = raw.get
        comment = new(Comment)
        fields = comment.__dict__
        fields["id"] = raw["id"]
        fields["author"] = raw["author"]
        fields["posted_at"] = get_time(raw["posted_at"])
        fields["body_html"] = get("body_html", "")
        fields["vote"] = get("vote")
        fields["extra"] = {}
        append(comment)
    return tuple(out)


def _distinct_ids(comments: tuple[Comment, ...]) -> bool:
    return len({c.id for c in comments}) == len(comments)


_new = object.__new__
_ABSENT = object()
"""A field not in the archive at all (``None`` is a JSON null)."""


def _checked_comment(raw: object, post_where: str, index: int) -> Comment:
    if not isinstance(raw, dict):
        raise ArchiveError(f"{post_where} comment #{index + 1}: a comment must be an object")
    cid = _str(raw, "id", f"{post_where} comment #{index + 1}")
    where = f"{post_where} comment {show(cid)}"
    vote = _str(raw, "vote", where, required=False) if raw.get("vote") is not None else None
    return Comment(
        id=cid,
        author=_str(raw, "author", where),
        posted_at=parse_time(raw.get("posted_at"), where, field="posted_at"),
        body_html=_str(raw, "body_html", where, required=False),
        vote=vote,
        extra=_extra(raw, _COMMENT_KEYS),
    )


def _post(raw: object, index: int, defer: bool) -> Post:
    # As for comments: the common case quickly, anything else the careful way.
    if type(raw) is dict and raw.keys() <= _POST_KEYS:
        get = raw.get
        pid, category, title, author = get("id"), get("category"), get("title"), get("author")
        body, note, passes = get("body_html"), get("admin_note"), get("passes_boss_to")
        word = get("status")
        status = _STATUS_WORDS.get(word) if word is None or type(word) is str else None
        comments_raw = get("comments", [])
        resolved_raw = get("resolved_at")
        posted = _plain_time(get("posted_at"))
        resolved = _plain_time(resolved_raw) if resolved_raw is not None else None
        if (
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
                (pid + category + title + author).isascii()
                or _is_text(pid + category + title + author)
            )
            and (passes is None or _is_filled(passes))
            and (body is None or _is_string(body))
            and (note is None or _is_string(note))
            and status is not None
            and type(comments_raw) is list
            and posted is not None
            and (resolved_raw is None or resolved is not None)
        ):
            comments = _comments(comments_raw, pid, defer=defer)
            if isinstance(comments, DeferredComments) or _distinct_ids(comments):
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
    return _checked_post(raw, index)


# The status words as they are written in archives ("open" and "" are Pending).
_STATUS_WORDS: dict[str | None, PostStatus] = {
    None: PostStatus.PENDING,
    **{w: PostStatus.from_text(w) for w in ("", "open", *(s.value for s in PostStatus))},
}


def _is_string(value: object) -> TypeGuard[str]:
    """What ``_str(..., required=False)`` accepts."""
    return type(value) is str and (value.isascii() or _is_text(value))


def _is_filled(value: object) -> TypeGuard[str]:
    """What ``_str(...)`` accepts: a string, not blank."""
    return type(value) is str and bool(value.strip()) and (value.isascii() or _is_text(value))


def _checked_post(raw: object, index: int) -> Post:
    where = f"post #{index + 1}"
    if not isinstance(raw, dict):
        raise ArchiveError(f"{where}: a post must be an object")
    pid = _str(raw, "id", where)
    where = f"post {show(pid)}"
    status_text = _str(raw, "status", where, required=False)
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
    comments = tuple(_checked_comment(c, where, i) for i, c in enumerate(comments_raw))
    seen: set[str] = set()
    for c in comments:
        if c.id in seen:
            raise ArchiveError(f"{where}: duplicate comment id {show(c.id)}")
        seen.add(c.id)
    note = (
        _str(raw, "admin_note", where, required=False)
        if raw.get("admin_note") is not None
        else None
    )
    passes = _str(raw, "passes_boss_to", where) if raw.get("passes_boss_to") is not None else None
    return Post(
        id=pid,
        category=_str(raw, "category", where),
        title=_str(raw, "title", where),
        author=_str(raw, "author", where),
        posted_at=parse_time(raw.get("posted_at"), where, field="posted_at"),
        status=status,
        body_html=_str(raw, "body_html", where, required=False),
        admin_note=note,
        resolved_at=(
            parse_time(resolved, where, field="resolved_at") if resolved is not None else None
        ),
        comments=comments,
        passes_boss_to=passes,
        extra=_extra(raw, _POST_KEYS),
    )


def _players(raw_list: list[Any], where_prefix: str) -> tuple[Player, ...]:
    players = []
    names: set[str] = set()
    for i, raw in enumerate(raw_list):
        where = f"{where_prefix}player #{i + 1}"
        if not isinstance(raw, dict):
            raise ArchiveError(f"{where}: a player must be an object")
        name = _str(raw, "name", where)
        if name in names:
            raise ArchiveError(f"{where}: duplicate player name {show(name)}")
        names.add(name)
        players.append(
            Player(
                name=name,
                admin=_bool(raw, "admin", f"{where_prefix}player {show(name)}"),
                idle=_bool(raw, "idle", f"{where_prefix}player {show(name)}"),
                extra=_extra(raw, _PLAYER_KEYS),
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
                extra=_extra(snap, _ROSTER_KEYS),
            )
        )
    return tuple(out)


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
        player=_str(terms_raw, "player", "archive terms", required=False) or "Imagineer",
        boss=_str(terms_raw, "boss", "archive terms", required=False) or "Boss",
        extra=_extra(terms_raw, {"player", "boss"}),
    )
    players_raw = data.get("players")
    if not isinstance(players_raw, list):
        raise ArchiveError("archive: missing required field 'players' (a list)")
    players = _players(players_raw, "")
    rosters = _rosters(data.get("rosters"))
    posts_raw = data.get("posts", [])
    if not isinstance(posts_raw, list):
        raise ArchiveError("archive: field 'posts' must be a list")
    posts = tuple(_post(p, i, defer) for i, p in enumerate(posts_raw))
    ids: set[str] = set()
    for p in posts:
        if p.id in ids:
            raise ArchiveError(f"post {show(p.id)}: duplicate post id")
        ids.add(p.id)
    boss = data.get("boss")
    if boss is not None and not isinstance(boss, str):
        raise ArchiveError(f"archive: field 'boss' must be a string or null, got {show(boss)}")
    extra = _extra(data, _GAME_KEYS)
    return Game(
        players=players,
        posts=posts,
        boss=boss or None,
        terms=terms,
        rosters=rosters,
        extra=extra,
    )


def read_archive(handle: IO[str], *, name: str = "archive") -> Game:
    """Reads and validates a ``nomic-archive/1`` file from an open text handle."""
    with paused_gc():
        return _read_archive(handle, name)


def _read_archive(handle: IO[str], name: str) -> Game:
    try:
        data = json.load(handle, parse_int=_parse_int)
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
    out.update(game.extra)
    return out


def write_archive(game: Game, handle: IO[str]) -> None:
    """Writes a Game as an indented ``nomic-archive/1`` JSON document."""
    json.dump(game_to_dict(game), handle, indent=2, ensure_ascii=False)
    handle.write("\n")
