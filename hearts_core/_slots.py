"""The engine's constructors of its frozen values, in the kernel's two builds: a state, a
trick or a hand context from every field, unchecked.

The engine builds a state for every card played. A frozen attrs class refuses attribute
stores, so its own ``__init__`` sets each slot through ``object.__setattr__``, the
slowest part of building one. These functions set the slots directly instead: in the
compiled build (``hearts_core._slots_c``, built like ``_kernel.py``) a state is allocated
by its type and each field stored at its slot's offset, read from the slot's descriptor
when the classes are bound; through C's ``PyObject_GenericSetAttr`` for tricks and
contexts; through each slot's descriptor in the pure build. A state's fields are
given by name (:func:`make_state` is keyword-only); a trick's and a context's, few and
fixed, in their declared order (``attrs.fields``). :mod:`hearts_core.builders` binds the classes
(:func:`bind_slots`) and exports the constructors.

>>> from hearts_core import new_game
>>> from hearts_core.builders import make_state
>>> state = new_game()
>>> import attrs
>>> copy = make_state(**{field.name: getattr(state, field.name)
...                       for field in attrs.fields(type(state))})
>>> copy == state, type(copy).__name__
(True, 'GameState')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import hearts_core._pure as cython

    def PyObject_GenericSetAttr(target: object, name: str, value: object) -> int:
        """C's ``PyObject_GenericSetAttr`` (the compiled build cimports it)."""
        raise NotImplementedError


    import hearts_core._pure as objects
else:
    try:
        import cython
    except ImportError:  # no Cython installed: only the pure build can run
        import hearts_core._pure as cython

SOURCE = ""  # the build writes the digest of this file and _slots.pxd here, in its copy

STATE_FIELDS = (
    "context", "phase", "passes", "tricks", "current_trick", "leader", "hearts_broken",
    "phase_hands", "played_mask", "seat_to_play", "legal_bits", "pass_listing", "winning",
)  # fmt: skip
TRICK_FIELDS = ("leader", "cards", "winner", "mask")
CONTEXT_FIELDS = (
    "rules", "hand_number", "totals", "counting_down", "tables", "pass_direction",
)  # fmt: skip

_state: Any = None
_trick: Any = None
_context: Any = None
_state_setters: tuple[Any, ...] = ()
if not cython.compiled:  # compiled, a C array of the module
    _state_offsets = [0] * len(STATE_FIELDS)
_trick_setters: tuple[Any, ...] = ()
_context_setters: tuple[Any, ...] = ()


def bind_slots(state: type, trick: type, context: type) -> None:
    """Build instances of these classes, whose fields must be, in order, ``STATE_FIELDS``,
    ``TRICK_FIELDS`` and ``CONTEXT_FIELDS``.

    >>> from hearts_core.state import GameState, HandContext, Trick
    >>> bind_slots(GameState, Trick, HandContext)
    """
    global _state, _trick, _context, _state_setters, _trick_setters, _context_setters
    for cls, names in ((state, STATE_FIELDS), (trick, TRICK_FIELDS), (context, CONTEXT_FIELDS)):
        if tuple(getattr(cls, "__slots__", ())[: len(names)]) != names:
            raise TypeError(f"{cls.__name__}'s first slots are not {names}")
    if cython.compiled:  # where each field of a state lies, for new_state's stores
        for index, name in enumerate(STATE_FIELDS):
            offset = objects.slot_offset(getattr(state, name))
            if offset < 0:
                raise TypeError(f"{state.__name__}.{name} is not a plain slot")
            _state_offsets[index] = offset
    _state, _trick, _context = state, trick, context
    _state_setters = tuple([getattr(state, name).__set__ for name in STATE_FIELDS])
    _trick_setters = tuple([getattr(trick, name).__set__ for name in TRICK_FIELDS])
    _context_setters = tuple([getattr(context, name).__set__ for name in CONTEXT_FIELDS])


def make_state(
    *, context: object, phase: object, passes: object, tricks: object, current_trick: object,
    leader: int, hearts_broken: bool, phase_hands: object, played_mask: int,
    seat_to_play: int, legal_bits: int, pass_listing: object, winning: int = 0,
) -> Any:  # fmt: skip
    """A state with every field given by name, unchecked: the engine's keyword-only
    constructor.

    >>> from hearts_core import new_game
    >>> from hearts_core.state import NO_PASSES, Phase
    >>> waiting = new_game()
    >>> make_state(context=waiting.context, phase=Phase.DEAL, passes=(), tricks=(),
    ...            current_trick=(), leader=0, hearts_broken=False, phase_hands=(),
    ...            played_mask=0, seat_to_play=-1, legal_bits=0,
    ...            pass_listing=NO_PASSES) == waiting
    True
    """
    return new_state(
        context, phase, passes, tricks, current_trick, leader, hearts_broken, phase_hands,
        played_mask, seat_to_play, legal_bits, pass_listing, winning,
    )  # fmt: skip


def new_state(
    context: object, phase: object, passes: object, tricks: object, current_trick: object,
    leader: object, hearts_broken: object, phase_hands: object, played_mask: object,
    seat_to_play: object, legal_bits: object, pass_listing: object, winning: object,
) -> Any:  # fmt: skip
    """:func:`make_state` with its fields given in order (``STATE_FIELDS``): the engine's
    hot path, one call the cheapest way.

    >>> from hearts_core import new_game
    >>> from hearts_core.state import NO_PASSES, Phase
    >>> waiting = new_game()
    >>> new_state(waiting.context, Phase.DEAL, (), (), (), 0, False, (), 0, -1, 0,
    ...           NO_PASSES, 0) == waiting
    True
    """
    if cython.compiled:
        state = objects.allocate(_state)
        objects.put(state, _state_offsets[0], context)
        objects.put(state, _state_offsets[1], phase)
        objects.put(state, _state_offsets[2], passes)
        objects.put(state, _state_offsets[3], tricks)
        objects.put(state, _state_offsets[4], current_trick)
        objects.put(state, _state_offsets[5], leader)
        objects.put(state, _state_offsets[6], hearts_broken)
        objects.put(state, _state_offsets[7], phase_hands)
        objects.put(state, _state_offsets[8], played_mask)
        objects.put(state, _state_offsets[9], seat_to_play)
        objects.put(state, _state_offsets[10], legal_bits)
        objects.put(state, _state_offsets[11], pass_listing)
        objects.put(state, _state_offsets[12], winning)
        return state
    state = _state.__new__(_state)
    # One unpacking, then a descriptor call a field: the cheapest way Python allows.
    (a, b, c, d, e, f, g, h, i, j, k, m, n) = _state_setters
    a(state, context)
    b(state, phase)
    c(state, passes)
    d(state, tricks)
    e(state, current_trick)
    f(state, leader)
    g(state, hearts_broken)
    h(state, phase_hands)
    i(state, played_mask)
    j(state, seat_to_play)
    k(state, legal_bits)
    m(state, pass_listing)
    n(state, winning)
    return state


def make_trick(leader: int, cards: object, winner: int, mask: int) -> Any:
    """A trick with every field given, in the order of ``TRICK_FIELDS``, unchecked.

    >>> from hearts_core import Card, CardSet
    >>> from hearts_core.state import Trick
    >>> cards = tuple(Card.parse(text) for text in "2C KC AH 9C".split())
    >>> make_trick(3, cards, 0, CardSet(cards).mask) == Trick(3, cards)
    True
    """
    trick = _trick.__new__(_trick)
    if cython.compiled:
        PyObject_GenericSetAttr(trick, "leader", leader)
        PyObject_GenericSetAttr(trick, "cards", cards)
        PyObject_GenericSetAttr(trick, "winner", winner)
        PyObject_GenericSetAttr(trick, "mask", mask)
        return trick
    (a, b, c, d) = _trick_setters
    a(trick, leader)
    b(trick, cards)
    c(trick, winner)
    d(trick, mask)
    return trick


def make_context(
    rules: object, hand_number: int, totals: object, counting_down: bool, tables: object,
    pass_direction: object,
) -> Any:  # fmt: skip
    """A hand context with every field given, in the order of ``CONTEXT_FIELDS``,
    unchecked.

    >>> from hearts_core import Rules
    >>> from hearts_core.state import HandContext
    >>> rules = Rules()
    >>> context = make_context(rules, 2, (1, 2, 3, 4), False, rules.tables(),
    ...                        rules.pass_direction(2))
    >>> context == HandContext(rules, 2, (1, 2, 3, 4)), context.pass_direction.value
    (True, 'across')
    """
    context = _context.__new__(_context)
    if cython.compiled:
        PyObject_GenericSetAttr(context, "rules", rules)
        PyObject_GenericSetAttr(context, "hand_number", hand_number)
        PyObject_GenericSetAttr(context, "totals", totals)
        PyObject_GenericSetAttr(context, "counting_down", counting_down)
        PyObject_GenericSetAttr(context, "tables", tables)
        PyObject_GenericSetAttr(context, "pass_direction", pass_direction)
        return context
    (a, b, c, d, e, f) = _context_setters
    a(context, rules)
    b(context, hand_number)
    c(context, totals)
    d(context, counting_down)
    e(context, tables)
    f(context, pass_direction)
    return context
