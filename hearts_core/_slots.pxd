# The C types of hearts_core/_slots.py, for the compiled build (see _kernel.pxd): a state is
# allocated by its type and its fields stored at their slots' offsets, in C.

cimport cython

from cpython.object cimport PyObject_GenericSetAttr

cimport hearts_core._objects as objects

cdef object _state, _trick, _context
cdef tuple _state_setters, _trick_setters, _context_setters
cdef Py_ssize_t _state_offsets[13]

cpdef object new_state(
    object context, object phase, object passes, object tricks, object current_trick,
    object leader, object hearts_broken, object phase_hands, object played_mask,
    object seat_to_play, object legal_bits, object pass_listing, object winning)
cpdef object make_trick(object leader, object cards, object winner, object mask)
