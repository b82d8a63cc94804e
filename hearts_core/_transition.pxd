# The C types of hearts_core/_transition.py, for the compiled build (see _kernel.pxd): the
# kernel's step and fold, the state constructor and a pass listing's, are called in C.

cimport cython

from hearts_core._kernel_c cimport Table, after_card, fold, points_of, u64
from hearts_core._slots_c cimport make_trick, new_state
from hearts_core._listing_c cimport passes_without

cdef u64 WINNING_CARD
cdef object _PlayCard, _PassCards, _Card, _CardSet, _HeartsBroken, _TrickTaken, _PLAY, _PASS
cdef object _PassSubmitted, _CardsPassed, _first_leader, _dealer_of
cdef object _NO_PASSES, _CARD_PLAYED, _end_of_play, _other, _refused


@cython.locals(table=Table, bit=u64, winning=u64, was_broken=bint, led=u64, best=u64,
               winner=int, following=int, broken=bint, played=u64, hand=u64, legal=u64,
               top=u64)
cpdef object advance(object state, object action, object events)
@cython.locals(table=Table, mask=u64, legal=u64)
cpdef object trick_taken(object state, tuple trick, u64 played, bint broken, int winner,
                         object events)

cpdef object passed(object state, object seat, object cards, object events)
@cython.locals(count=Py_ssize_t, giver=Py_ssize_t, away=u64)
cpdef tuple exchange(object dealt, object given, object direction)
@cython.locals(legal=u64)
cpdef object first_trick(object context, tuple passes, tuple hands)
