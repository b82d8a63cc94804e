"""MkDocs hook: project facts on the pages, and copy buttons that copy only code.

* ``<!-- version -->`` in a page becomes the package's version,
  ``hearts_core.__version__``, so the home page never states an old one.
* An interactive session (a ``pycon`` block: ``>>>`` prompts, then output)
  gets a ``data-copy`` attribute holding its code alone, without prompts or
  output. Material's copy button copies that attribute when a block has one,
  so a reader can paste the result into Python and run it.
"""

from __future__ import annotations

import html
import re
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

import hearts_core

VERSION_MARK = "<!-- version -->"
# A block as pymdownx.highlight writes it: the language on the wrapper, Pygments'
# spans inside the code element. A prompt is a span of class "gp".
_PYCON = re.compile(
    r'<div class="language-pycon highlight">(<pre>.*?<code>)(.*?)(</code></pre>)', re.DOTALL
)
_PROMPT = re.compile(r'^<span class="gp">(?:&gt;&gt;&gt;|\.\.\.)(?: )?</span>')
_TAG = re.compile(r"<[^>]+>")


def copy_text(code: str) -> str:
    """The code of a highlighted session: each prompted line without its prompt.

    ``code`` is the inside of the block's ``<code>`` element. Lines without a
    prompt are output and are left out.
    """
    lines = []
    for line in code.split("\n"):
        prompt = _PROMPT.match(line)
        if prompt:
            lines.append(html.unescape(_TAG.sub("", line[prompt.end() :])))
    return "\n".join(lines).rstrip() + "\n"


def with_copy_text(page_html: str) -> str:
    """Each ``pycon`` block of a page, given the ``data-copy`` text of its code."""

    def add(match: re.Match[str]) -> str:
        text = html.escape(copy_text(match.group(2)), quote=True)
        return (
            f'<div class="language-pycon highlight" data-copy="{text}">'
            f"{match.group(1)}{match.group(2)}{match.group(3)}"
        )

    return _PYCON.sub(add, page_html)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **kwargs: Any) -> str:
    """Write the version where a page asks for it."""
    return markdown.replace(VERSION_MARK, hearts_core.__version__)


def on_page_content(page_html: str, page: Page, config: MkDocsConfig, **kwargs: Any) -> str:
    """Give each interactive session the text its copy button copies."""
    return with_copy_text(page_html)
