"""``hearts rules [VARIANT]`` and ``hearts variants``: the rulebooks and the list of variants.

``rules`` prints a variant's rulebook (:func:`~hearts_core.rules.describe_variant`),
shipped or read from a variant file: rendered by rich, wrapped to the
terminal, or, without rich, as wrapped plain text
(:func:`~hearts_core.cli.markdown.plain_text`). ``variants`` lists the shipped
variants with the first sentence of each description, cut short only to fit
a terminal whose width is known (written whole into a pipe or a file).
"""

from __future__ import annotations

import argparse
import re

from hearts_core.cli.arguments import variant_of
from hearts_core.cli.screen import Screen
from hearts_core.rules.rulebook import describe_variant
from hearts_core.rules.variants import variant_info, variant_names

__all__ = ["rules", "variants", "first_sentence"]


def first_sentence(text: str) -> str:
    """The first sentence of ``text``, its spaces collapsed.

    >>> first_sentence("Hearts for five  players. The 2♣ and 2♦ are taken out.")
    'Hearts for five players.'
    """
    text = " ".join(text.split())
    match = re.match(r"(.+?\.)(\s|$)", text)
    return match.group(1) if match else text


def rules(args: argparse.Namespace, screen: Screen) -> int:
    """Run ``hearts rules`` with parsed arguments; the exit status.

    >>> import io
    >>> out = io.StringIO()
    >>> rules(argparse.Namespace(variant="classic"), Screen(out, use_rich=False))
    0
    >>> print("\\n".join(out.getvalue().splitlines()[:2]))
    classic
    =======
    """
    screen.markdown(describe_variant(variant_of(args.variant)))
    return 0


def variants(screen: Screen) -> int:
    """Run ``hearts variants``; the exit status (see the module).

    >>> import io
    >>> out = io.StringIO()
    >>> variants(Screen(out, use_rich=False))
    0
    >>> print(out.getvalue().splitlines()[0])  # doctest: +NORMALIZE_WHITESPACE
    name players aliases description
    """
    rows = []
    for name in variant_names():
        info = variant_info(name)
        about = first_sentence(info.description)
        rows.append([name, str(info.rules.players), ", ".join(info.aliases), about])
    screen.table(["name", "players", "aliases", "description"], rows, align="lrll", shorten=3)
    return 0
