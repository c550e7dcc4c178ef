"""Ruleset wikitext: the rule tree, Buildings, keyword terms and Ascension Addresses.

Pure: reads and returns text, never touches the wiki, a clock or a database.
"""

from __future__ import annotations

from rules_text.ascension import rename_terms, repeal_dynastic_rules, rules_repealed
from rules_text.buildings import (
    BuildingCatalogue,
    BuildingDefinition,
    BuildingProblem,
    buildings,
)
from rules_text.errors import (
    InvalidRename,
    KeywordClash,
    ProposalNotApplicable,
    RuleNotFound,
    RulesTextError,
    TermsNotFound,
    UnknownRulesToKeep,
)
from rules_text.proposal_apply import apply_rule_changes
from rules_text.proposal_html import Block, BlockKind, blocks_of
from rules_text.proposal_text import (
    ChangeValue,
    CreateRule,
    Page,
    ProposalText,
    RenameRule,
    RepealRule,
    ReplaceRuleText,
    ReplaceWords,
    RuleChange,
    SetValue,
    read_proposal_text,
)
from rules_text.seed import ruleset_139, ruleset_139_wikitext
from rules_text.terms import Terms, read_terms, read_terms_of
from rules_text.tree import Rule, Ruleset, Section, parse_ruleset, plain_text

__all__ = [
    "Block",
    "BlockKind",
    "BuildingCatalogue",
    "BuildingDefinition",
    "BuildingProblem",
    "ChangeValue",
    "CreateRule",
    "InvalidRename",
    "KeywordClash",
    "Page",
    "ProposalNotApplicable",
    "ProposalText",
    "RenameRule",
    "RepealRule",
    "ReplaceRuleText",
    "ReplaceWords",
    "Rule",
    "RuleChange",
    "RuleNotFound",
    "Ruleset",
    "RulesTextError",
    "Section",
    "SetValue",
    "Terms",
    "TermsNotFound",
    "UnknownRulesToKeep",
    "apply_rule_changes",
    "blocks_of",
    "buildings",
    "parse_ruleset",
    "plain_text",
    "read_proposal_text",
    "read_terms",
    "read_terms_of",
    "rename_terms",
    "repeal_dynastic_rules",
    "rules_repealed",
    "ruleset_139",
    "ruleset_139_wikitext",
]
