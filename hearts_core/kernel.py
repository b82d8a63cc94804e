"""The hand kernel: the only place where a hand is played card by card, on card masks.

One source, two builds. ``hearts_core/_kernel.py`` is plain Python, and is also compiled
by Cython (with the C types of ``_kernel.pxd``) into the C extension
``hearts_core._kernel_c`` wherever ``pip install`` finds a C compiler and the Python
headers. This module picks the build at import:

* the compiled one when it is there and was built from the source beside it;
* the pure one when ``HEARTS_CORE_PURE`` is set (to anything but ``0``), when no compiled
  build is installed (a pure wheel, Pyodide), or when the compiled one fails to import or is
  older than its source, with a :class:`RuntimeWarning` saying why in the last two cases.

:data:`KERNEL` says which runs. Both builds give the same results for the same inputs,
draws included: the kernel reads the bytes of the ``random.Random`` it is given,
in blocks (:class:`Rng`), and draws from them exactly (Lemire's multiply-and-reject).

What it provides:

* :class:`Table`: a ruleset as the kernel reads it (``rules.tables().kernel``);
* :func:`fold`: the legal cards of a hand, the play restrictions folded in order;
* :func:`after_card`: one card played to a trick, the step of the trick sequence;
* :class:`Hand`: a hand in play, changed in place card by card (:meth:`Hand.play`), and
  played out at random (:meth:`Hand.finish_random`);
* :func:`scored_outs`: many random play-outs of one position at once, each scored
  (``hearts_core/_scored.py``, compiled alike);
* :func:`rule_card`: the rules of thumb (``hearts_core/_thumb.py``, compiled alike), and
  :func:`rule_of` and :func:`finish_rule`, a kernel hand's card and play-out by them, and
  :func:`pass_cards`, the pass they make;
* :func:`deal_hands`: the hands of a shuffled deal (``hearts_core/_deal.py``, compiled
  alike);
* :func:`make_state`, :func:`make_trick`, :func:`make_context`: the engine's frozen values
  built from every field, unchecked, and :func:`new_state`, a state's fields in order
  (``hearts_core/_slots.py``, compiled alike; the classes are given once, by
  :func:`bind_slots`);
* :func:`advance`: the engine's transition, a legal play or pass checked and made (a
  trick completed, :func:`trick_taken`; a pass, :func:`passed`, and with the last the
  cards exchanged, :func:`exchange`, and the first trick begun, :func:`first_trick`),
  every other action handed back to the engine (``hearts_core/_transition.py``, compiled
  alike; the engine gives its pieces once, by :func:`bind_transitions`);
* :func:`listing`, the legal plays :func:`~hearts_core.legal_actions` lists (bound by
  :func:`bind_listing`), and :func:`pass_listing`, the passes of a pass phase, read by
  :func:`listing_item`, :func:`choices_item` and :func:`choice_at` and shortened by
  :func:`passes_without` (their classes bound by :func:`bind_passes`); a pass is read by
  its rank (:func:`unranked`, of :func:`choices_of` choices) (``hearts_core/_listing.py``,
  compiled alike);
* :mod:`batch <hearts_core._batch>`: many tables stepped at once, for the vector
  environment (``hearts_core/_batch.py``, compiled alike);
* :func:`play_outs`, :func:`pass_outs`, :func:`deal_hands_into`, :func:`add_outcomes`:
  the searching bots' play-outs, many sampled deals and candidate cards (or passes) in
  one call, and their outcomes summed, by the rules of thumb or a moon plan
  (:func:`plan_card`, :func:`shoot_card`, :func:`defend_card`, :func:`guard_card`,
  :func:`threat_of`), and
  :func:`prove` and :func:`keeping`: whether a seat takes every remaining trick, or none,
  whatever the others play (``hearts_core/_search.py``, compiled alike);
* :class:`Rng`: the generator; :func:`situation`, :func:`count_cards`,
  :func:`nth_card`, :func:`suit_of`, :func:`card_index`: the small facts the rest are
  made of.

>>> from hearts_core import Card, CardSet, Rules
>>> table = Rules().tables().kernel
>>> hand = CardSet.parse("2C 9C 5H QS").mask
>>> str(CardSet.from_mask(fold(table, hand, 0, False, False)))  # a lead, hearts unbroken
'2C 9C QS'
>>> KERNEL in ("compiled", "pure")
True
"""

from __future__ import annotations

import hashlib
import importlib
import os
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Final

__all__ = [
    "KERNEL",
    "Table",
    "Hand",
    "Rng",
    "fold",
    "breaks",
    "after_card",
    "scored_outs",
    "deal_hands",
    "rule_card",
    "rule_of",
    "finish_rule",
    "pass_cards",
    "points_of",
    "card_index",
    "situation",
    "count_cards",
    "nth_card",
    "suit_of",
    "bind_slots",
    "make_state",
    "advance",
    "bind_transitions",
    "listing",
    "trick_taken",
    "bind_listing",
    "passed",
    "exchange",
    "first_trick",
    "bind_passes",
    "pass_listing",
    "passes_without",
    "listing_item",
    "choices_item",
    "choice_at",
    "choices_of",
    "unranked",
    "new_state",
    "make_trick",
    "make_context",
    "play_outs",
    "pass_outs",
    "deal_hands_into",
    "add_outcomes",
    "plan_card",
    "finish_plan",
    "shoot_card",
    "defend_card",
    "guard_card",
    "threat_of",
    "prove",
    "keeping",
    "RULE",
    "NORMAL",
    "SHOOT",
    "GUARD",
    "LATE",
    "PROVED",
    "REFUTED",
    "UNDECIDED",
    "batch",
]


_MODULES: Final = (
    "_kernel", "_scored", "_thumb", "_deal", "_slots", "_listing", "_transition", "_batch",
    "_search",
)  # fmt: skip
"""The kernel's modules: each one source, compiled as ``hearts_core.<module>_c``."""


def _choose() -> str:
    if os.environ.get("HEARTS_CORE_PURE", "") not in ("", "0"):
        return "pure"
    here = Path(__file__).resolve().parent
    if not any(here.glob("_kernel_c.*")):
        return "pure"  # a pure install: nothing to warn about
    for module in _MODULES:  # all compiled or none, so that the two never mix
        try:
            built = importlib.import_module(f"hearts_core.{module}_c")
        except Exception as error:  # a broken build must not break the library
            return _warned(f"the compiled kernel failed to import ({error})")
        if _source_digest(here, module) not in (None, built.SOURCE):
            return _warned(
                f"the compiled kernel was built from an older {module}.py (rebuild with "
                "`python hatch_build.py` or reinstall)"
            )
    return "compiled"


def _warned(why: str) -> str:
    warnings.warn(
        f"hearts_core: {why}; running the pure-Python kernel", RuntimeWarning, stacklevel=4
    )
    return "pure"


def _source_digest(package: Path, module: str) -> str | None:
    """The digest the build writes into a compiled kernel module (see ``hatch_build.py``),
    of the source beside it; ``None`` when the source is not installed."""
    digest = hashlib.sha256()
    try:
        for name in (f"{module}.py", f"{module}.pxd", "_objects.pxd"):
            digest.update((package / name).read_bytes())
    except OSError:
        return None
    return digest.hexdigest()[:16]


KERNEL: Final = _choose()
"""Which build of the kernel runs: ``"compiled"`` (the C extension) or ``"pure"``."""

if TYPE_CHECKING or KERNEL == "pure":
    import hearts_core._batch as batch
    from hearts_core._deal import deal_hands
    from hearts_core._kernel import (
        Hand,
        Rng,
        Table,
        after_card,
        breaks,
        card_index,
        count_cards,
        fold,
        nth_card,
        points_of,
        situation,
        suit_of,
    )
    from hearts_core._listing import (
        bind_listing,
        bind_passes,
        choice_at,
        choices_item,
        choices_of,
        listing,
        listing_item,
        pass_listing,
        passes_without,
        unranked,
    )
    from hearts_core._scored import scored_outs
    from hearts_core._search import (
        GUARD,
        LATE,
        NORMAL,
        PROVED,
        REFUTED,
        RULE,
        SHOOT,
        UNDECIDED,
        add_outcomes,
        deal_hands_into,
        defend_card,
        finish_plan,
        guard_card,
        keeping,
        pass_outs,
        plan_card,
        play_outs,
        prove,
        shoot_card,
        threat_of,
    )
    from hearts_core._slots import bind_slots, make_context, make_state, make_trick, new_state
    from hearts_core._thumb import finish_rule, pass_cards, rule_card, rule_of
    from hearts_core._transition import (
        advance,
        bind_transitions,
        exchange,
        first_trick,
        passed,
        trick_taken,
    )
else:
    import hearts_core._batch_c as batch  # type: ignore[no-redef,unused-ignore]
    from hearts_core._deal_c import deal_hands
    from hearts_core._kernel_c import (
        Hand,
        Rng,
        Table,
        after_card,
        breaks,
        card_index,
        count_cards,
        fold,
        nth_card,
        points_of,
        situation,
        suit_of,
    )
    from hearts_core._listing_c import (
        bind_listing,
        bind_passes,
        choice_at,
        choices_item,
        choices_of,
        listing,
        listing_item,
        pass_listing,
        passes_without,
        unranked,
    )
    from hearts_core._scored_c import scored_outs
    from hearts_core._search_c import (
        GUARD,
        LATE,
        NORMAL,
        PROVED,
        REFUTED,
        RULE,
        SHOOT,
        UNDECIDED,
        add_outcomes,
        deal_hands_into,
        defend_card,
        finish_plan,
        guard_card,
        keeping,
        pass_outs,
        plan_card,
        play_outs,
        prove,
        shoot_card,
        threat_of,
    )
    from hearts_core._slots_c import bind_slots, make_context, make_state, make_trick, new_state
    from hearts_core._thumb_c import finish_rule, pass_cards, rule_card, rule_of
    from hearts_core._transition_c import (
        advance,
        bind_transitions,
        exchange,
        first_trick,
        passed,
        trick_taken,
    )
