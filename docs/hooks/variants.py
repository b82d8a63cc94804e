"""MkDocs hook: the variant catalogue and the rulebook, written at build time by hearts_core.

Nothing here is copied by hand, so the site always says what the shipped
files and the code say:

* ``variants/index.md`` and one page per shipped ``variants/*.toml`` file,
  each rendered by :func:`hearts_core.rules.describe_variant`, with the fields the
  file changes from the standard rules and the file itself;
* in a hand-written page, ``<!-- rulebook -->`` becomes :func:`hearts_core.rules.describe`
  of the default rules and ``<!-- rule-identifiers -->`` a table of every
  :class:`hearts_core.Rule` with its one-line summary.

Rule identifiers in backticks, such as ``(`HEARTS_NOT_BROKEN`)``, link to the
rules reference.
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from hearts_core import Rule, Rules, variant_names
from hearts_core.rules import describe, describe_variant, variant_info
from hearts_core.rules.variants import Variant, variants_dir

CATALOGUE = "Variant catalogue"
RULES_PAGE = "rules.md"
_RULE_NAMES = "|".join(rule.value for rule in Rule)
_RULE_IN_TEXT = re.compile(rf"\(`({_RULE_NAMES})`\)")


def _link_rules(markdown: str, to_rules: str) -> str:
    """``(`RULE`)`` becomes a link to that rule's row in the rules reference."""
    return _RULE_IN_TEXT.sub(lambda m: f"([`{m[1]}`]({to_rules}#{m[1].lower()}))", markdown)


def _first_sentence(text: str) -> str:
    text = " ".join(text.split())
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    return str(value)


def _changes(info: Variant) -> list[str]:
    """A table of the Rules fields this variant sets differently from ``Rules()``."""
    standard = Rules().to_mapping()
    mine = info.rules.to_mapping()
    rows = [
        f"| `{field}` | `{_toml_value(mine.get(field))}` | `{_toml_value(standard.get(field))}` |"
        for field in mine.keys() | standard.keys()
        if mine.get(field) != standard.get(field)
    ]
    order = list(standard) + [f for f in mine if f not in standard]
    rows.sort(key=lambda row: order.index(row.split("`")[1]))
    if not rows:
        return ["These are the standard rules: every field has its default value.", ""]
    return [
        "| Field | Here | Standard |",
        "| --- | --- | --- |",
        *rows,
        "",
    ]


def variant_page(name: str) -> str:
    """The Markdown page of one shipped variant."""
    info = variant_info(name)
    path = variants_dir() / f"{name}.toml"
    book = _link_rules(describe_variant(info), f"../{RULES_PAGE}")
    lines = [
        book.rstrip("\n"),
        "",
        "## Using it",
        "",
        f'In Python, `variant("{name}")` returns these rules and `variant_info("{name}")` '
        f'adds the name, description and sources; `new_game(variant("{name}"))` starts a game. '
        f"From the command line, `python -m hearts_core --variant {name}` shows bots playing it.",
        "",
        "### Fields changed from the standard rules",
        "",
        *_changes(info),
    ]
    if path.is_file():
        lines += [
            f"### The file: `variants/{path.name}`",
            "",
            "```toml",
            path.read_text(encoding="utf-8").rstrip("\n"),
            "```",
            "",
        ]
    return "\n".join(lines)


def catalogue_page() -> str:
    """The catalogue's index: one row per variant."""
    lines = [
        f"# {CATALOGUE}",
        "",
        "Each variant is a TOML file in `variants/` that sets [`Rules`][hearts_core.Rules] "
        "fields by name and cites its sources. Every page below is written when the site is "
        "built, by [`describe_variant`][hearts_core.rules.describe_variant] from the shipped file, "
        "so it states exactly the rules the engine plays. Rule identifiers in the text, such "
        "as `HEARTS_NOT_BROKEN`, are the ones an "
        "[`IllegalActionError`][hearts_core.IllegalActionError] carries in its `rule` "
        f"field; the [rules reference](../{RULES_PAGE}) explains each.",
        "",
        "| Variant | Players | Cards | Game to | In short |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for name in variant_names():
        info = variant_info(name)
        rules = info.rules
        target = "one hand" if rules.single_hand else str(rules.target_score)
        lines.append(
            f"| [{name}]({name}.md) | {rules.players} | {len(rules.deck)} "
            f"| {target} | {_first_sentence(info.description)} |"
        )
    lines += [
        "",
        "## Your own variant",
        "",
        "A variant file may `extends` a shipped one and set only what it changes; "
        "[`load_variant`][hearts_core.load_variant] reads it from any path, refusing unknown "
        "keys and inconsistent rules with an "
        "[`InvalidRulesError`][hearts_core.InvalidRulesError] that names the file and the key. "
        "[`describe`][hearts_core.rules.rulebook.describe] writes the rulebook of any "
        "`Rules` value, as on these pages.",
        "",
    ]
    return "\n".join(lines)


# Which action and which Rules field each identifier concerns. A new Rule
# without an entry stops the build, so the table always lists every identifier.
RULE_CONTEXT = {
    Rule.WRONG_PHASE: "Any action: a `Deal` in the deal phase, `PassCards` while passing, "
    "`PlayCard` in play, `ChooseMoon` while the shooter chooses.",
    Rule.NOT_YOUR_TURN: "`PlayCard` from a seat other than the one to play; `ChooseMoon` from "
    "a seat that did not shoot.",
    Rule.NO_SUCH_SEAT: "`PassCards`, `PlayCard` and `ChooseMoon` from a seat number beyond "
    "the table (a five-seat action at a four-seat table).",
    Rule.NOT_YOUR_SEAT: "`apply_as` and `step_as`, when the action names another seat than "
    "the one that sent it, or is a deal.",
    Rule.INVALID_DEAL: "`Deal`: the hands must split `Rules.deck`, `Rules.hand_size` each.",
    Rule.WRONG_PASS_COUNT: "`PassCards`: exactly `Rules.pass_count` cards.",
    Rule.ALREADY_PASSED: "`PassCards` from a seat that has passed this hand.",
    Rule.CARD_NOT_IN_HAND: "`PassCards` and `PlayCard` with a card the seat does not hold.",
    Rule.MUST_FOLLOW_SUIT: "`PlayCard` off suit while holding the suit led. Always on.",
    Rule.FIRST_LEAD_LOWEST_CLUB: "The first lead, when `first_lead` is `lowest-club` "
    "(the default).",
    Rule.FIRST_LEAD_CLUB: "The first lead, when `first_lead` is `any-club`.",
    Rule.NO_POINTS_ON_FIRST_TRICK: "The first trick, unless `points_on_first_trick` is set; "
    "lifted for a hand holding only point cards.",
    Rule.HEARTS_NOT_BROKEN: "A lead, when `must_break_hearts` is set (the default); lifted "
    "for a hand of only hearts, and by `lead_hearts_instead_of_queen`.",
    Rule.QUEEN_NOT_BEFORE_HEARTS: "Any play of Q♠, when `queen_waits_for_hearts` is set.",
}


def rule_identifiers_table() -> str:
    """Every Rule identifier with its summary, anchored for links from the variant pages."""
    missing = [rule.value for rule in Rule if rule not in RULE_CONTEXT]
    if missing:
        raise ValueError(f"docs/hooks/variants.py: describe {', '.join(missing)} in RULE_CONTEXT")
    lines = ["| Identifier | The rule | Checked on |", "| --- | --- | --- |"]
    for rule in Rule:
        anchor = rule.value.lower()
        lines.append(
            f'| <span id="{anchor}"></span>`{rule.value}` | {rule.summary} '
            f"| {RULE_CONTEXT[rule]} |"
        )
    return "\n".join(lines)


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    """List every variant page under the catalogue's entry in the navigation."""
    pages: list[Any] = ["variants/index.md"]  # the section's own page (navigation.indexes)
    pages += [{name: f"variants/{name}.md"} for name in variant_names()]
    nav = config.nav or []
    for item in nav:
        if isinstance(item, dict) and item.get(CATALOGUE) == "variants/index.md":
            item[CATALOGUE] = pages
    return config


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    """Add the generated catalogue pages to the site."""
    files.append(File.generated(config, "variants/index.md", content=catalogue_page()))
    for name in variant_names():
        files.append(File.generated(config, f"variants/{name}.md", content=variant_page(name)))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **kwargs: Any) -> str:
    """Fill the generated parts of hand-written pages."""
    if "<!-- rulebook -->" in markdown:
        book = describe(Rules(), title="The standard rules")
        body = book.split("\n", 1)[1].replace("\n## ", "\n### ")
        markdown = markdown.replace("<!-- rulebook -->", _link_rules(body, ""))
    if "<!-- rule-identifiers -->" in markdown:
        markdown = markdown.replace("<!-- rule-identifiers -->", rule_identifiers_table())
    return markdown
