"""Nomicland's errors.

Hierarchy::

    ValueError
     └── NomiclandError          a value the Ruleset does not allow (models.py), with its clause
          └── ActionRefused      an action the Ruleset does not permit: nothing was changed

Every error carries ``clause``, the :class:`RuleClause` that decides it, so the
caller can quote the rule.
"""

from __future__ import annotations

from gamestate.dynasties.nomicland.models import NomiclandError, RuleClause

__all__ = ["ActionRefused", "NomiclandError"]


class ActionRefused(NomiclandError):
    """An action the Ruleset does not permit; the state it was applied to is unchanged.

    ``str(error)`` is the reason with the numbers; ``error.clause`` the rule quoted.
    """

    def __init__(self, message: str, clause: RuleClause) -> None:
        super().__init__(message, clause)

    def quoted(self) -> str:
        """The reason followed by the rule's words, as a command prints it."""
        return f'{self} (rule "{self.clause.rule}": "{self.clause.words}")'
