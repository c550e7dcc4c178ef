"""What every profile checks the same way: the matter kinds, vote values, event types
and action names it knows, and its settings. A profile subclasses :class:`BaseProfile`
and adds its rules in ``evaluate`` (and game-specific checks in ``check_rules``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar

from gamestate.profiles.core import Archive, Report, Setting, shown

__all__ = ["BaseProfile"]


class BaseProfile:
    """The shared half of :class:`gamestate.profiles.core.Profile`."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    seed: ClassVar[str] = ""
    settings: ClassVar[Sequence[Setting]] = ()
    matter_kinds: ClassVar[frozenset[str]] = frozenset()
    event_types: ClassVar[frozenset[str]] = frozenset()
    action_names: ClassVar[frozenset[str]] = frozenset()
    vote_values: ClassVar[frozenset[str]] = frozenset()
    """The vote tokens the game knows, as the archive writes them (compared exactly)."""
    number_keys: ClassVar[tuple[str, ...]] = ()
    """The numbers every matter's verdict carries in ``status --json`` (null where a
    matter has none), as ARCHITECTURE.md 2b lists them for the game."""
    judgement_results: ClassVar[frozenset[str]] = frozenset()
    """The judgements an admin may record (empty: the game has none)."""
    icon_values: ClassVar[frozenset[str]] = frozenset(
        {"for", "against", "imperial", "deferential", "veto", "seal"}
    )
    """BlogNomic's voting icons: named as such when a words game meets one."""

    def setting(self, archive: Archive, name: str) -> Any:
        """The archive's (or ``[game]``'s) value of a setting, else its default."""
        for s in self.settings:
            if s.name == name:
                return archive.settings.get(name, s.default)
        raise KeyError(name)

    def check(self, archive: Archive) -> list[str]:
        """One-line ProfileError for input this profile does not know; warnings for what
        the rules merely ignore."""
        known_settings = {s.name: s for s in self.settings}
        for key, value in archive.settings.items():
            spec = known_settings.get(key)
            if spec is not None and spec.choices and value not in spec.choices:
                choices = ", ".join(repr(c) for c in spec.choices)
                raise archive.error(f"settings.{key}", f"{shown(value)} is not one of {choices}")
        for m in archive.matters:
            where = f"matter {m.id}"
            if m.kind not in self.matter_kinds:
                raise archive.error(
                    where,
                    f"unknown matter kind {shown(m.kind)}; {self.name} knows "
                    + ", ".join(sorted(self.matter_kinds)),
                )
            for i, v in enumerate(m.votes):
                if v.value not in self.vote_values:
                    what = (
                        "a BlogNomic voting icon, not a vote"
                        if v.value.lower() in self.icon_values and v.value not in self.vote_values
                        else "an unknown vote"
                    )
                    raise archive.error(
                        f"{where} vote {i} by {v.voter}",
                        f"{shown(v.value)} is {what} in {self.title}; it knows "
                        + ", ".join(sorted(self.vote_values)),
                    )
            if m.judgement is not None and m.judgement.result not in self.judgement_results:
                known = ", ".join(sorted(self.judgement_results)) or "no judgements"
                raise archive.error(
                    f"{where} judgement",
                    f"unknown judgement {shown(m.judgement.result)}; {self.name} knows {known}",
                )
        for e in archive.events:
            where = f"event {e.index} ({e.type})"
            if e.type not in self.event_types:
                known = ", ".join(sorted(self.event_types)) or "none"
                raise archive.error(
                    where, f"unknown event type {shown(e.type)}; {self.name} knows {known}"
                )
            action = e.get("action")
            if e.type == "action" and (
                not isinstance(action, str) or action not in self.action_names
            ):
                known = ", ".join(sorted(self.action_names)) or "none"
                raise archive.error(
                    where, f"unknown action {shown(action)}; {self.name} knows {known}"
                )
        return self.check_rules(archive)

    def check_rules(self, archive: Archive) -> list[str]:
        """Game-specific checks (override); the warnings they find."""
        return []

    def evaluate(self, archive: Archive, now: datetime, since: datetime | None) -> Report:
        raise NotImplementedError
