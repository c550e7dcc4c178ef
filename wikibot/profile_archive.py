"""Reading any archive as a rule profile's game: ``nomic-archive/2`` for every
profile, and ``nomic-archive/1`` as BlogNomic 139 (ARCHITECTURE.md 1 and 1b).

The profile is the archive's ``profile`` field, else ``[game] profile``; the
settings are the archive's, filled in from ``[game]``. Everything a profile
does not know is a one-line :class:`~wikibot.errors.ArchiveError` naming the
file, the record and the profile; what the rules merely ignore comes back as
warnings.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamestate.profiles import (
    Archive,
    Profile,
    ProfileError,
    archive_from_dict,
    archive_to_dict,
    get_profile,
)
from gamestate.profiles.blognomic_139 import archive_from_game
from wikibot.archive import FORMAT as FORMAT_1
from wikibot.archive import game_from_dict
from wikibot.errors import ArchiveError
from wikibot.examples import resolve_archive_path

__all__ = [
    "LoadedArchive",
    "archive_format",
    "load_profile_archive",
    "profile_archive_from_data",
    "read_json",
    "write_profile_archive",
]


@dataclass(frozen=True)
class LoadedArchive:
    """An archive read, its profile found, and checked against that profile."""

    archive: Archive
    profile: Profile
    warnings: tuple[str, ...]
    format: str
    """``nomic-archive/1`` or ``nomic-archive/2``: what the file was."""


def read_json(path: str | Path) -> tuple[Path, Any]:
    """The file an archive argument names (a path or ``example:NAME``) and the JSON value
    it holds; a missing or unreadable file, or one that is not JSON, is a one-line
    ArchiveError naming it."""
    try:
        real = resolve_archive_path(path)
    except ValueError as exc:
        raise ArchiveError(str(exc)) from None
    try:
        text = real.read_text(encoding="utf-8")
    except OSError as exc:
        raise ArchiveError(f"{real}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise ArchiveError(f"{real}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    try:
        return real, json.loads(text)
    except json.JSONDecodeError as exc:
        raise ArchiveError(f"{real}: not valid JSON: {exc}") from None
    except RecursionError:
        raise ArchiveError(f"{real}: JSON nested too deeply") from None
    except ValueError as exc:
        raise ArchiveError(f"{real}: not a usable JSON document: {exc}") from None


_FORMAT_FIELD = re.compile(rb'^\s*\{\s*"format"\s*:\s*"([^"\\]{1,40})"')


def archive_format(path: str | Path) -> str:
    """The ``format`` field of an archive file, or "" when it cannot be read here (the
    reader of that format then says why, in one line).

    Archives written by nomicbot begin with it, so only the head of the file is read;
    any other layout is parsed whole."""
    try:
        with resolve_archive_path(path).open("rb") as handle:
            head = handle.read(256)
    except (OSError, ValueError):
        return ""
    found = _FORMAT_FIELD.match(head.removeprefix(b"\xef\xbb\xbf"))
    if found:
        return found.group(1).decode("utf-8", "replace")
    try:
        _, data = read_json(path)
    except ArchiveError:
        return ""
    fmt = data.get("format") if isinstance(data, dict) else None
    return fmt if isinstance(fmt, str) else ""


def profile_archive_from_data(
    data: object,
    source: str,
    *,
    profile: str | None = None,
    settings: Mapping[str, Any] | None = None,
) -> LoadedArchive:
    """An archive value (``/1`` or ``/2``) checked against its profile. ``profile`` and
    ``settings`` are ``[game]``'s, used where the archive says nothing."""
    try:
        fmt = data.get("format") if isinstance(data, dict) else None
        if fmt == FORMAT_1:
            try:
                game = game_from_dict(data)
            except ArchiveError as exc:
                raise ArchiveError(f"{source}: {exc}") from None
            archive = archive_from_game(game)
            archive = dataclasses.replace(archive, source=source)
        else:
            if isinstance(data, dict) and "profile" not in data and profile:
                data = {**data, "profile": profile}
            archive = archive_from_dict(data, source=source, settings=settings)
        spec = get_profile(archive.profile)
        warnings = spec.check(archive)
    except ProfileError as exc:
        text = str(exc)
        raise ArchiveError(text if text.startswith(source) else f"{source}: {text}") from None
    except RecursionError:
        raise ArchiveError(f"{source}: the archive is nested too deeply") from None
    return LoadedArchive(archive, spec, tuple(warnings), fmt if isinstance(fmt, str) else "")


def load_profile_archive(
    path: str | Path,
    *,
    profile: str | None = None,
    settings: Mapping[str, Any] | None = None,
) -> LoadedArchive:
    """Reads an archive file (or ``example:NAME``) as its profile's game."""
    real, data = read_json(path)
    return profile_archive_from_data(
        data,
        str(path) if str(path).startswith("example:") else str(real),
        profile=profile,
        settings=settings,
    )


def write_profile_archive(archive: Archive, handle: Any) -> None:
    """Writes an archive as indented ``nomic-archive/2`` JSON."""
    json.dump(archive_to_dict(archive), handle, indent=2, ensure_ascii=False)
    handle.write("\n")
