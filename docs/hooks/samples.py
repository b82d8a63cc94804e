"""MkDocs hook: sample documents of the record formats, written by the library at build time.

``<!-- sample-documents -->`` in a page becomes a game record, a state and a
player view of one position, each as the library writes it (``pretty=True``)
in a block the reader opens, with a link to download it: the site serves them
as ``samples/NAME.json``. They are made when the site is built, so they are
always in the current format; tests/docs/test_docs_site.py reads each back.
"""

from __future__ import annotations

import random
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from hearts_core import (
    Action,
    GameState,
    apply,
    legal_actions,
    new_game,
    observe,
    random_deal,
    variant,
)
from hearts_core.io import GameRecord, record_to_json, state_to_json, view_to_json

MARK = "<!-- sample-documents -->"
FOLDER = "samples"
VARIANT = "standard"


def sample_record() -> GameRecord:
    """A game of the standard rules after the deal, the pass and a trick and a half."""
    rules = variant(VARIANT)
    rng = random.Random(5)
    actions: list[Action] = [random_deal(rules, rng)]
    state = apply(new_game(rules), actions[0])
    for seat in range(rules.players):  # each seat passes its first choice
        actions.append(legal_actions(state, seat)[0])
        state = apply(state, actions[-1])
    for _ in range(5):
        actions.append(rng.choice(legal_actions(state)))
        state = apply(state, actions[-1])
    return GameRecord(rules, actions, variant=VARIANT, players=("Ann", "Bob", "Cat", "Dan"))


def sample_documents() -> dict[str, tuple[str, str]]:
    """Each sample by file name: (what it is, the document)."""
    record = sample_record()
    state: GameState = record.final
    seat = state.to_act[0]
    return {
        "record.json": ("A game record (`hearts-record/2`)", record_to_json(record, pretty=True)),
        "state.json": (
            "The game state it ends in (`hearts-state/2`)",
            state_to_json(state, VARIANT, pretty=True),
        ),
        "view.json": (
            f"Seat {seat}'s view of that state (`hearts-view/2`), whose turn it is",
            view_to_json(observe(state, seat), VARIANT, pretty=True),
        ),
    }


def render(to_site: str = "") -> str:
    """The samples as collapsible blocks with download links."""
    parts: list[str] = []
    for name, (title, text) in sample_documents().items():
        link = f"[Download {name}]({to_site}{FOLDER}/{name}){{: download }}"
        lines = [link, "", "```json", *text.splitlines()]
        parts += [
            f'??? example "{title}"',
            "",
            *[f"    {line}" if line else "" for line in [*lines, "```"]],
            "",
        ]
    return "\n".join(parts)


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    """Serve each sample as a file."""
    for name, (_, text) in sample_documents().items():
        files.append(File.generated(config, f"{FOLDER}/{name}", content=text + "\n"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **kwargs: Any) -> str:
    """Put the samples where a page asks for them."""
    if MARK in markdown:
        markdown = markdown.replace(MARK, render("../" * page.file.src_uri.count("/")))
    return markdown
