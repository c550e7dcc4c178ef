"""An enacted Proposal's or CfJ's text, applied: the Ruleset and Gamestate pages' new text.

:func:`rules_text.read_proposal_text` reads the text into changes (or "apply by
hand"); the rule changes go to the Ruleset source
(:func:`rules_text.apply_rule_changes`), the value changes to the Gamestate
table (:class:`wikibot.wiki.pages.gamestate.GamestatePage`). A change that
cannot be made, or a value the Ruleset does not allow (a negative Budget), is
refused with a one-line reason (:class:`rules_text.ProposalNotApplicable`).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from gamestate.dynasties.nomicland import PlayerRow, check_player_rows
from rules_text import (
    ChangeValue,
    Page,
    ProposalNotApplicable,
    ProposalText,
    SetValue,
    apply_rule_changes,
    read_proposal_text,
)
from rules_text.proposal_text import Change
from wikibot.wiki.pages.gamestate import COLUMNS, GamestatePage

__all__ = ["apply_text", "page_diff", "read_text"]

_ATTRIBUTE = {"budget": "budget", "debt": "debt", "smiles": "smiles", "lbd": "lbd"}


def read_text(body_html: str, *, player: str) -> ProposalText:
    """The changes an enacted text asks for (Gamestate columns: Budget, Debt, Smiles, LBD)."""
    return read_proposal_text(body_html, player=player, columns=COLUMNS)


def apply_text(page: Page, text: str, changes: Sequence[Change], *, title: str) -> str:
    """The page's new wikitext with the changes to it applied in order."""
    if page is Page.RULESET:
        rules = [c for c in changes if c.page is Page.RULESET]
        return apply_rule_changes(text, rules)  # type: ignore[arg-type]
    return _apply_values(text, changes, title=title)


def _apply_values(text: str, changes: Sequence[Change], *, title: str) -> str:
    page = GamestatePage.from_wikitext(text, title=title)
    if page.problems:
        raise ProposalNotApplicable(
            f"{title} has {len(page.problems)} problem(s), fix them first: {page.problems[0]}"
        )
    rows: dict[str, PlayerRow] = {r.name.casefold(): r for r in page.rows}
    for change in changes:
        if not isinstance(change, SetValue | ChangeValue):
            continue
        key = change.player.casefold()
        row = rows.get(key)
        if row is None:
            raise ProposalNotApplicable(f"cannot {change.describe()}: {title} has no row for them")
        attribute = _ATTRIBUTE[change.column.casefold()]
        old: int = getattr(row, attribute)
        values: dict[str, Any] = {
            attribute: change.value if isinstance(change, SetValue) else old + change.by
        }
        rows[key] = replace(row, **values)
        problems = check_player_rows(list(rows.values()))
        if problems:
            _, _, problem = problems[0]
            raise ProposalNotApplicable(
                f"cannot {change.describe()}: {problem.message} (rule "
                f'"{problem.clause.rule}": "{problem.clause.words}")'
            )
    return page.render(list(rows.values()))


def page_diff(title: str, old: str, new: str) -> str:
    """A unified diff of a page's text, as the wiki client shows a dry run's."""
    return "".join(
        difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            fromfile=f"{title} (wiki)",
            tofile=f"{title} (nomicbot)",
        )
    )
