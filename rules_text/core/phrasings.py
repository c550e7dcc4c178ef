"""Every phrasing of the core rules nomicbot knows, rule by rule, with what each sets.

A rule is read sentence by sentence: each sentence must match one of its rule's
phrasings (:mod:`rules_text.core.templates`), or the rule is *unread*. A
phrasing with no ``apply`` is known text that decides nothing a verdict uses
("Votable Matters can either be Pending, Enacted, or Failed."); it must still
be there word for word, so that an added or changed sentence is never read past.
Bulleted conditions are read in the context their lead sentence opens
("... may be enacted ... if either of the following is true:").

Ruleset 139's phrasings come first in each rule; later years' (docs/
ruleset-captures.md names each capture) follow.
"""

from __future__ import annotations

import re

from rules_text.core.appendix import QUORUM, VOTING_ICONS
from rules_text.core.numbers import read_fraction, read_number
from rules_text.core.spec import (
    Draft,
    Feed,
    Phrasing,
    RuleSpec,
    all_of,
    flag,
    rule_names,
    set_age,
)
from rules_text.core.templates import read_day

__all__ = ["RULES", "Draft", "Feed", "Phrasing", "RuleSpec"]


_CLOCK = "{C:d_cmp} {D:d}"
"""A clock condition: "at least 12 hours", "more than forty-eight hours"."""
_OPEN = "been open for voting for " + _CLOCK


def _icons(match: re.Match[str], draft: Draft) -> str | None:
    draft.voting["deferential"] = "DEFERENTIAL" in match.group(0).upper()
    return None


VOTABLE_MATTERS = RuleSpec(
    name="Votable Matters",
    aliases=("Votes",),
    feeds=(Feed.ALL,),
    phrasings=(
        Phrasing(
            "A Votable Matter is a post which PLAYERS may cast Votes on, such as a Proposal, a "
            "Call for Judgement or a Declaration of Victory."
        ),
        Phrasing(
            "Each PLAYER may cast one Vote on a Votable Matter by making a comment to the "
            "Official Post that comprises that Votable Matter using a voting icon of "
            "[FOR, AGAINST, or DEFERENTIAL|FOR, AGAINST or DEFERENTIAL|FOR or AGAINST].",
            _icons,
        ),
        Phrasing("Additional voting icons may be permitted in some cases by other rules."),
        Phrasing("A valid Vote is, except when otherwise specified, a Vote of FOR or AGAINST."),
        Phrasing(
            "A PLAYER's Vote on a Votable Matter is the last valid voting icon that they have "
            "used in any comment on that Votable Matter."
        ),
        Phrasing(
            "Additionally, if the author of a Votable Matter has not used a valid voting icon "
            "in a comment to the post, then the author's Vote is FOR.",
            flag("voting", "author_implicit_for"),
        ),
        Phrasing(
            "A non-PLAYER never has a Vote, even if they were a PLAYER previously and had cast "
            "a valid Vote."
        ),
        Phrasing("Votable Matters can either be Pending, Enacted, or Failed."),
        Phrasing("When a Votable Matter is first put forward, it is considered Pending."),
        Phrasing(
            "Whenever an Admin resolves a Votable Matter, they must also mark their name, and "
            "report the final tally of Votes (or the fact that it was self-killed or vetoed)."
        ),
        Phrasing(
            "This rule cannot be overruled by Dynastic Rules in its application to Calls for "
            "Judgement or Declarations of Victory."
        ),
        # The rewrite with "Popular" and "Unpopular" (User:Redtara/Vote of confidence; its
        # 48-hour bullet and Core exception enacted in August 2021). The rule that resolves
        # a matter by them was not captured, so a Ruleset worded so leaves "Resolution of
        # Proposals" unread.
        Phrasing("A Votable Matter is Popular if any of the following are true:", opens="popular"),
        Phrasing(
            "It has a number of FOR Votes that exceed or equal Quorum.",
            flag("popular", "quorum"),
            within="popular",
        ),
        Phrasing(
            "It has " + _OPEN + ", it has more than {N:n} valid [Vote|Votes] cast on it, and "
            "more valid Votes cast on it are FOR than are AGAINST.",
            set_age("popular", "majority"),
            within="popular",
        ),
        Phrasing(
            "Exception: Proposals which would change the text of a Core, Special Case or "
            "Appendix rule if enacted cannot be Popular on this basis.",
            flag("popular", "core_exception"),
            within="popular",
        ),
        Phrasing(
            "A Votable Matter is Unpopular if any of the following are true:", opens="unpopular"
        ),
        Phrasing(
            "The number of PLAYERS who are not voting AGAINST it is less than Quorum.",
            flag("popular", "unpopular_unreachable"),
            within="unpopular",
        ),
        Phrasing(
            "It has " + _OPEN + " and it is not Popular.",
            set_age("popular", "unpopular_after"),
            within="unpopular",
        ),
    ),
)


def _limits(match: re.Match[str], draft: Draft) -> str | None:
    for slot in ("pending", "daily"):
        words = match.groupdict().get(slot)
        if words is None:
            continue
        n = read_number(words)
        if n is None:
            return f"cannot read the number {words!r}"
        draft.limits["pending" if slot == "pending" else "per_day"] = n
    return None


_SUBMIT = (
    "Any PLAYER may submit a Proposal to change the Ruleset or Gamestate, by posting an entry "
    'in the "Proposal" category that describes those changes'
)
PROPOSALS = RuleSpec(
    name="Proposals",
    aliases=(),
    feeds=(Feed.PROPOSALS,),
    repealable=True,
    phrasings=(
        Phrasing(
            _SUBMIT + " (unless the PLAYER already has {N:pending} Proposals pending, or has "
            "already made {N:daily} Proposals that day).",
            _limits,
        ),
        Phrasing(
            _SUBMIT + " (unless the PLAYER already has {N:pending} Proposals pending).", _limits
        ),
        Phrasing(
            _SUBMIT + " (unless the PLAYER has already made {N:daily} Proposals that day).",
            _limits,
        ),
        Phrasing(_SUBMIT + "."),
    ),
)

SPECIAL_PROPOSAL_VOTING = RuleSpec(
    name="Special Proposal Voting",
    aliases=(),
    feeds=(Feed.PROPOSALS,),
    repealable=True,
    phrasings=(
        Phrasing(
            "When a PLAYER casts a vote AGAINST their own Proposal (which is not in the form of "
            "a DEFERENTIAL vote), this renders the Proposal Self-Killed, even if the author "
            "later changes their Vote.",
            flag("voting", "self_kill"),
        ),
        Phrasing(
            "When a [PLAYER|player] casts [a|an explicit] vote AGAINST their own Proposal, this "
            "renders the Proposal Self-Killed, even if the author later changes their Vote.",
            flag("voting", "self_kill"),
        ),
        Phrasing(
            "The BOSS may use VETO as a voting icon to cast a Vote on a proposal; when the BOSS "
            "casts a vote of VETO on a Proposal, this renders the Proposal Vetoed, even if the "
            "BOSS later changes their Vote.",
            flag("voting", "veto"),
        ),
        Phrasing(
            "If a PLAYER other than the BOSS casts a vote of DEFERENTIAL on a Proposal, then "
            "the Vote of DEFERENTIAL is an indication of confidence in the BOSS."
        ),
        Phrasing(
            "When the BOSS has a valid Vote other than VETO on a Proposal, then all votes of "
            "DEFERENTIAL are instead considered to be valid and the same as the BOSS's Vote for "
            "the purposes of other rules unless otherwise specified.",
            flag("voting", "deferential_follows_boss"),
        ),
    ),
)

RESOLUTION_OF_PROPOSALS = RuleSpec(
    name="Resolution of Proposals",
    aliases=("Enactment",),
    feeds=(Feed.PROPOSALS,),
    phrasings=(
        Phrasing(
            "The oldest pending Proposal may be enacted by any Admin (by updating the Ruleset "
            "and/or Gamestate to include the specified effects of that Proposal, and then "
            "setting that Proposal's status to Enacted) if [either|any] of the following "
            "[is|are] true:",
            flag("proposals", "oldest_only"),
            opens="enact",
        ),
        # July 2021 (enacted): the parenthesis "(by updating the Ruleset ...)" removed.
        Phrasing(
            "The oldest pending Proposal may be enacted by any Admin if [either|any] of the "
            "following [is|are] true:",
            flag("proposals", "oldest_only"),
            opens="enact",
        ),
        Phrasing(
            "It has a number of FOR Votes that exceed or equal Quorum, has " + _OPEN + ", and "
            "has not been [Vetoed or Self-Killed|Vetoed].",
            set_age("proposals", "enact_quorum"),
            within="enact",
        ),
        # July 2006 (enacted): "... at least 48 hours, more than half of its votes are FOR,
        # and it has not been vetoed." More than half of the valid Votes FOR is FOR > AGAINST.
        Phrasing(
            "It has " + _OPEN + ", more than half of its votes are FOR, and it has not been "
            "[Vetoed or Self-Killed|Vetoed].",
            all_of(
                flag("proposals", "majority_min_votes", 0), set_age("proposals", "enact_majority")
            ),
            within="enact",
        ),
        Phrasing(
            "It has " + _OPEN + ", it has more than {N:n} valid [Vote|Votes] cast on it, more "
            "valid Votes cast on it are FOR than are AGAINST, and it has not been Vetoed or "
            "Self-Killed.",
            lambda m, d: _majority(m, d),
            within="enact",
        ),
        Phrasing(
            "The oldest pending Proposal may be failed by any Admin, if [either|any] of the "
            "following [is|are] true:",
            opens="fail",
        ),
        Phrasing(
            "It has been Vetoed or Self-Killed.", flag("proposals", "fail_vetoed"), within="fail"
        ),
        Phrasing(
            "The number of PLAYERS who are not voting AGAINST it is less than Quorum.",
            flag("proposals", "fail_unreachable"),
            within="fail",
        ),
        # July 2006 (enacted) and November 2011 (enacted): the same condition in other words.
        Phrasing(
            "It has enough AGAINST votes that it could not be Enacted without one of those votes "
            "being changed.",
            flag("proposals", "fail_unreachable"),
            within="fail",
        ),
        Phrasing(
            "It could not be Enacted without either one of the Votes AGAINST it being changed, or "
            "the set of [PLAYERS|Players] being changed, or by awaiting the passage of time.",
            flag("proposals", "fail_unreachable"),
            within="fail",
        ),
        Phrasing(
            "It has " + _OPEN + " and half or fewer of its votes are FOR.",
            set_age("proposals", "fail_timeout"),
            within="fail",
        ),
        Phrasing("It has been [Vetoed|vetoed].", flag("proposals", "fail_vetoed"), within="fail"),
        Phrasing(
            "It has " + _OPEN + " and cannot be Enacted.",
            set_age("proposals", "fail_timeout"),
            within="fail",
        ),
        Phrasing(
            "If a proposal somehow ends up being pending for {C:d_cmp} {D:d}, it is ignored "
            "for the purpose of calculating the oldest pending proposal, and can be failed by "
            "any Admin.",
            set_age("proposals", "stale"),
        ),
    ),
)


def _majority(match: re.Match[str], draft: Draft) -> str | None:
    n = read_number(match["n"])
    if n is None:
        return f"cannot read the number {match['n']!r}"
    draft.proposals["majority_min_votes"] = n
    return set_age("proposals", "enact_majority")(match, draft)


def _cfj(match: re.Match[str], draft: Draft) -> str | None:
    draft.cfj["quorum_for"] = True
    draft.cfj["quorum_against"] = True
    return set_age("cfj", "open_for")(match, draft)


CALLS_FOR_JUDGEMENT = RuleSpec(
    name="Calls for Judgement",
    aliases=("Call for Judgement",),
    feeds=(Feed.CFJS,),
    phrasings=(
        Phrasing(
            "If two or more PLAYERS actively disagree as to the interpretation of the Ruleset, "
            "or if a PLAYER feels that an aspect of the game needs urgent attention, then any "
            "PLAYER may raise a Call for Judgement (abbreviated CfJ) by posting an entry in the "
            '"Call for Judgement" category.'
        ),
        Phrasing(
            "A Pending CFJ may be Resolved by an Admin if it has a Quorum of FOR Votes, a Quorum "
            "of AGAINST Votes, or if it has " + _OPEN + ".",
            _cfj,
        ),
        Phrasing(
            "When a CFJ is Resolved, it is to be Enacted if it has more FOR Votes than AGAINST "
            "Votes and Failed otherwise.",
            flag("cfj", "enact_if_more_for"),
        ),
        Phrasing(
            "When a CFJ is Enacted, the Admin Enacting it shall update the Gamestate and "
            "Ruleset, and correct the GNDT and other gamestate tracking entities, as specified "
            "in the CFJ."
        ),
        Phrasing(
            "Any CfJ that specifies neither changes to the Gamestate or Ruleset nor corrections "
            "to any gamestate tracking entities may be failed by any Admin."
        ),
        Phrasing("This Rule may not be overruled by Dynastic Rules."),
    ),
)


def _hiatus_rules(match: re.Match[str], draft: Draft) -> str | None:
    draft.hiatus["allowed"] = rule_names(match, draft, "q")
    return None


def _few_against(match: re.Match[str], draft: Draft) -> str | None:
    fraction = read_fraction(match["f"])
    if fraction is None:
        return f"cannot read the fraction {match['f']!r}"
    draft.dov["few_against"] = fraction
    return set_age("dov", "enact_few_against")(match, draft)


def _lockout(match: re.Match[str], draft: Draft) -> str | None:
    hours = read_number(match["h"])
    if hours is None:
        return f"cannot read the number {match['h']!r}"
    draft.dov["lockout_hours"] = hours
    return None


VICTORY_AND_ASCENSION = RuleSpec(
    name="Victory and Ascension",
    aliases=(),
    feeds=(Feed.DOVS, Feed.HIATUS),
    phrasings=(
        Phrasing(
            "If a PLAYER (other than the BOSS) believes that they have achieved victory in the "
            "current Dynasty, they may make a post to the Blognomic weblog in the Declaration "
            "of Victory category, detailing this."
        ),
        Phrasing(
            "Upon doing so, the game immediately goes into Hiatus, if it hasn't already.",
            flag("hiatus", "on_dov"),
        ),
        Phrasing(
            "During this time, the only game actions that may be taken are those covered by "
            "Rules {Q:q}.",
            _hiatus_rules,
        ),
        Phrasing(
            "Every PLAYER may cast Votes on that DoV to indicate agreement or disagreement with "
            "the proposition that the poster has achieved victory in the current Dynasty."
        ),
        Phrasing(
            "A Pending DoV may be enacted if [any|either] of the following [is|are] true:",
            opens="enact",
        ),
        Phrasing(
            "It has " + _OPEN + ", has a number of FOR Votes that exceed or equal Quorum, and "
            "either the BOSS has Voted FOR it or it has no AGAINST Votes.",
            set_age("dov", "enact_boss_or_unopposed"),
            within="enact",
        ),
        Phrasing(
            "It has " + _OPEN + ", has a number of FOR Votes that exceed or equal Quorum, and "
            "has a number of AGAINST Votes [lesser|fewer] than {F:f} of Quorum, rounded down.",
            _few_against,
            within="enact",
        ),
        Phrasing(
            "It has " + _OPEN + ", has a number of Votes that exceed or equal Quorum, and more "
            "than half of its valid Votes are FOR.",
            set_age("dov", "enact_majority"),
            within="enact",
        ),
        Phrasing(
            "A DoV may be failed if [any|either] of the following [is|are] true:", opens="fail"
        ),
        Phrasing(
            "It has " + _OPEN + ", and the number of PLAYERS who are not voting AGAINST it is "
            "less than Quorum.",
            set_age("dov", "fail_unreachable"),
            within="fail",
        ),
        Phrasing(
            "It has " + _OPEN + " and cannot be Enacted.",
            set_age("dov", "fail_timeout"),
            within="fail",
        ),
        Phrasing("When a DoV fails and there are no pending DoVs, Hiatus ends."),
        Phrasing(
            "When a DoV is enacted, all other active DoVs are failed, and a new Dynasty begins "
            "with the PLAYER who made the DoV as its BOSS.",
            flag("dov", "others_fail"),
        ),
        Phrasing(
            "That PLAYER may pass this role to another PLAYER at this point by making a post to "
            "that effect, if they wish."
        ),
        Phrasing(
            "The Hiatus continues until the new BOSS makes an Ascension Address by posting an "
            'entry in the "Ascension Address" category - this should specify the BOSS\'s chosen '
            "theme for the new Dynasty, and may optionally specify that the terms PLAYER and "
            "BOSS will be replaced with theme-specific terms throughout the entire ruleset, "
            "and/or a number of dynastic rules to keep."
        ),
        Phrasing(
            "Upon posting such an Ascension Address, the Ruleset is updated to reflect any "
            "changed terms, and any dynastic rules which were not listed to be kept are "
            "repealed."
        ),
        Phrasing(
            "A DoV may not be started in the period between an enacted DoV and that DoV's "
            "Ascension Address."
        ),
        Phrasing(
            "When a DoV is failed, if it had at least one AGAINST vote, the PLAYER who posted "
            "it cannot make another DoV until after {N:h} hours[| ({N:days} days)] have passed "
            "since the time their DoV was failed.",
            _lockout,
        ),
        Phrasing(
            "This rule cannot be overruled by Dynastic Rules as it relates to Declarations of "
            "Victory, but [|it ]can be overruled in other matters."
        ),
    ),
)


def _downtime_dates(match: re.Match[str], draft: Draft) -> str | None:
    start, end = read_day(match["start"]), read_day(match["end"])
    if start is None or end is None:
        return f"cannot read the days {match['start']!r} and {match['end']!r}"
    draft.downtime["start"], draft.downtime["end"] = start, end
    return None


def _downtime_rules(match: re.Match[str], draft: Draft) -> str | None:
    draft.downtime["allowed"] = rule_names(match, draft, "q")
    return None


SEASONAL_DOWNTIME = RuleSpec(
    name="Seasonal Downtime",
    aliases=(),
    feeds=(Feed.ALL,),
    repealable=True,
    phrasings=(
        Phrasing(
            "Blognomic goes into hiatus every year on {M:start}, and remains in hiatus until "
            "{M:end}.",
            _downtime_dates,
        ),
        Phrasing(
            "During this time no game actions may be taken except those described in the "
            "rules entitled {Q:q}.",
            _downtime_rules,
        ),
    ),
)

RULESET_AND_GAMESTATE = RuleSpec(
    name="Ruleset and Gamestate",
    aliases=(),
    feeds=(Feed.WORDS,),
    phrasings=(
        Phrasing("This is the Ruleset for BlogNomic; all PLAYERS [shall|must] obey it."),
        Phrasing(
            'Section One consists of the "core rules" of BlogNomic, covering basic proposal '
            "mechanics; Section Two contains the rules of the current dynasty; and Section "
            "Three contains the appendix, which exists solely to clarify the remainder of the "
            "ruleset."
        ),
        Phrasing(
            "The Ruleset and Gamestate can only be altered in manners specified by the Ruleset."
        ),
        Phrasing(
            "PLAYERS may correct obvious spelling and typographical mistakes in the Ruleset and "
            "their own Pending Proposals at any time, including replacing Spivak and "
            'gender-specific pronouns with the singular "they".'
        ),
    ),
)

RULES: tuple[RuleSpec, ...] = (
    RULESET_AND_GAMESTATE,
    VOTABLE_MATTERS,
    PROPOSALS,
    SPECIAL_PROPOSAL_VOTING,
    RESOLUTION_OF_PROPOSALS,
    CALLS_FOR_JUDGEMENT,
    VICTORY_AND_ASCENSION,
    SEASONAL_DOWNTIME,
    QUORUM,
    VOTING_ICONS,
)
"""Every rule nomicbot reads, in Ruleset 139's order."""
