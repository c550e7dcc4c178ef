"""Rule profiles: each game's rules behind one interface, on a rule-neutral core.

A profile is a pure package ``gamestate/profiles/<name>/`` exposing ``PROFILE``, an
object with the :class:`~gamestate.profiles.core.Profile` interface. The archive's
``profile`` field, or ``[game] profile`` in the config, names it.
"""

from __future__ import annotations

import importlib

from gamestate.profiles.archive import (
    DEFAULT_PROFILE,
    FORMAT,
    archive_from_dict,
    archive_to_dict,
    format_time,
    parse_time,
)
from gamestate.profiles.base import BaseProfile
from gamestate.profiles.core import (
    Archive,
    Event,
    Judgement,
    Matter,
    Member,
    Outcome,
    Profile,
    ProfileError,
    Report,
    Setting,
    VoteEvent,
)

__all__ = [
    "DEFAULT_PROFILE",
    "FORMAT",
    "PROFILE_MODULES",
    "Archive",
    "BaseProfile",
    "Event",
    "Judgement",
    "Matter",
    "Member",
    "Outcome",
    "Profile",
    "ProfileError",
    "Report",
    "Setting",
    "VoteEvent",
    "archive_from_dict",
    "archive_to_dict",
    "format_time",
    "get_profile",
    "parse_time",
    "profile_names",
]

PROFILE_MODULES = {
    "blognomic-139": "gamestate.profiles.blognomic_139",
    "borednomic": "gamestate.profiles.borednomic",
    "infinite-nomic": "gamestate.profiles.infinite_nomic",
    "nomopoly": "gamestate.profiles.nomopoly",
    "nomopoly-iv": "gamestate.profiles.nomopoly_iv",
}
"""Profile name -> its package."""


def profile_names() -> list[str]:
    """The known profiles, sorted."""
    return sorted(PROFILE_MODULES)


def get_profile(name: object) -> Profile:
    """The profile called ``name``; a one-line ProfileError that lists the known names."""
    if not isinstance(name, str) or name not in PROFILE_MODULES:
        raise ProfileError(
            f"unknown profile {_clipped(name)}; the profiles are: {', '.join(profile_names())}"
        )
    module = importlib.import_module(PROFILE_MODULES[name])
    profile: Profile = module.PROFILE
    return profile


def _clipped(value: object, width: int = 60) -> str:
    """A value a player or editor wrote, quoted for a one-line error: cut if long."""
    shown = repr(value)
    return shown if len(shown) <= width else f"{shown[: width - 1]}… ({len(shown):,} characters)"
