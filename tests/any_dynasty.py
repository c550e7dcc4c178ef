"""Three made-up dynasties for the any-dynasty tests: their Rulesets (Ruleset 139 after
an Ascension Address that repeals Nomicland's rules and renames the Imagineers) and
their gamestate tables, each of another shape."""

from __future__ import annotations

from rules_text import rename_terms, repeal_dynastic_rules, ruleset_139_wikitext


def ruleset(keyword: str, rules: dict[str, str]) -> str:
    """Ruleset 139 with Nomicland's rules repealed, the player renamed ``keyword`` and
    the dynasty's own ``rules`` (name -> text)."""
    text = rename_terms(repeal_dynastic_rules(ruleset_139_wikitext(), ()), {"Imagineer": keyword})
    own = "".join(f"== {name} ==\n{body}\n\n" for name, body in rules.items())
    return text.replace("= Dynastic Rules =\n", "= Dynastic Rules =\n" + own, 1)


SEEKERS = ruleset(
    "Seeker",
    {
        "Development Interval": "Each Seeker has a Development Interval, a number.",
        "Score": "Each Seeker has a Score, publicly tracked.",
    },
)
SETTLERS = ruleset(
    "Settler",
    {"Stockpile": "Each Settler has a Stockpile of Wood and Stone.", "Faction": "Factions."},
)
DEFUSERS = ruleset(
    "Defuser",
    {"Expertise": "Each Defuser has an Expertise.", "Claim": "Claims are tracked."},
)


def seekers_table(rows: list[tuple[str, int, int, str]], *, prose: str = "") -> str:
    """A plain table: Seeker | Development Interval | Score | Status (a template)."""
    lines = [
        prose or "The Seekers' gamestate.",
        "",
        '{| class="wikitable sortable"',
        "! Seeker !! Development Interval !! Score !! Status",
    ]
    for name, interval, score, status in rows:
        lines += ["|-", f"| [[User:{name}|{name}]] || {interval} || {score} || {{{{{status}}}}}"]
    return "\n".join([*lines, "|}", ""])


def settlers_table(rows: list[tuple[str, str, str, str]]) -> str:
    """Spans: a two-row header (Stockpile over Wood and Stone), Faction spanning the
    rows of Settlers who share it (consecutive rows with the same Faction)."""
    lines = [
        "== Settlers ==",
        '{| class="wikitable"',
        "! rowspan=2 | Settler !! colspan=2 | Stockpile !! rowspan=2 | Faction",
        "|-",
        "! Wood !! Stone",
    ]
    i = 0
    while i < len(rows):
        span = 1
        while i + span < len(rows) and rows[i + span][3] == rows[i][3]:
            span += 1
        for j in range(span):
            name, wood, stone, faction = rows[i + j]
            cells = f"| {name} || {wood} || {stone}"
            if j == 0:
                cells += f" || rowspan={span} | '''{faction}'''" if span > 1 else f" || {faction}"
            lines += ["|-", cells]
        i += span
    return "\n".join([*lines, "|}", ""])


def defusers_table(rows: list[tuple[str, str, str]]) -> str:
    """Keyed by its second column (``gamestate_key = "Defuser"``): # | Defuser |
    Expertise (text) | Claim (text), and a junk table after it."""
    lines = ['{| class="wikitable"', "! # !! Defuser !! Expertise !! Claim"]
    for n, (name, expertise, claim) in enumerate(rows, start=1):
        lines += ["|-", f"| {n} || {name} || {expertise} || {claim}"]
    lines += ["|}", "", "{| class=junk", "| no header || here", "|}", ""]
    return "\n".join(lines)
