# The C types of hearts_core/_listing.py, for the compiled build (see _kernel.pxd): the legal
# plays picked from their bits, and a pass unranked, its set and action built, in C.

cimport cython

from hearts_core._kernel_c cimport count_cards, u64
cimport hearts_core._objects as objects

cdef object _PLAY, _PLAYS, _SUIT_PLAYS, _SUIT_OF, _plays_of, _NO_ACTIONS
cdef object _SeatPasses, _PassChoices, _CardSet, _PassCards, _unchecked, _pass_action
cdef object _pass_mask, _listing_item, _choices_item, _new
cdef tuple _listing_setters, _choices_setters
cdef u64 _COMB[2809]
cdef Py_ssize_t _LISTING_AT[2]
cdef Py_ssize_t _CHOICES_AT[4]
cdef Py_ssize_t _MASK_AT


@cython.locals(current=Py_ssize_t, mask=u64)
cpdef object listing(object state, object seat)

cpdef u64 choices_of(int held, int count) except? 0

@cython.locals(chosen=u64, left=int, rest=u64, low=u64, block=u64)
cpdef u64 unranked(u64 hand, int count, long long index) except? 0

@cython.locals(seat=Py_ssize_t, total=Py_ssize_t, size=u64)
cpdef object pass_listing(tuple passes, tuple hands, int count)

@cython.locals(total=Py_ssize_t)
cpdef object passes_without(object listed, object seat)

cdef object _listing(tuple parts, Py_ssize_t total)
cdef object _choices(object seat, u64 hand, int count, u64 size)
cdef object _cards(u64 mask)

@cython.locals(size=Py_ssize_t, at=Py_ssize_t, part_size=Py_ssize_t)
cpdef object listing_item(object listed, object index)
@cython.locals(size=Py_ssize_t)
cpdef object choices_item(object choices, object index)
@cython.locals(hand=u64, chosen=u64)
cpdef object choice_at(object choices, Py_ssize_t index)
