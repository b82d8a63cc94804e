# The C types of hearts_core/_transition.py, for the compiled build (see _kernel.pxd): the
# kernel's step and fold, and the state constructor, are called in C.

cimport cython

from hearts_core._kernel_c cimport Table, after_card, fold, points_of, u64
from hearts_core._slots_c cimport make_trick, new_state
cimport hearts_core._objects as objects

cdef u64 WINNING_CARD
cdef object _PlayCard, _PassCards, _Card, _CardSet, _HeartsBroken, _TrickTaken, _PLAY, _PASS
cdef object _NO_PASSES, _CARD_PLAYED, _end_of_play, _passed, _other, _refused
cdef object _PLAYS, _SUIT_PLAYS, _SUIT_OF, _plays_of, _NO_ACTIONS


@cython.locals(table=Table, bit=u64, winning=u64, was_broken=bint, led=u64, best=u64,
               winner=int, following=int, broken=bint, played=u64, hand=u64, legal=u64,
               top=u64)
cpdef object advance(object state, object action, object events)
@cython.locals(table=Table, mask=u64, legal=u64)
cpdef object trick_taken(object state, tuple trick, u64 played, bint broken, int winner,
                         object events)


@cython.locals(current=Py_ssize_t, mask=u64)
cpdef object listing(object state, object seat)
