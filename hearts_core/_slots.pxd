# The C types of hearts_core/_slots.py, for the compiled build (see _kernel.pxd): its
# fields are set straight through their slots, in C.

cimport cython

from cpython.object cimport PyObject_GenericSetAttr

cdef object _state, _trick, _context
cdef tuple _state_setters, _trick_setters, _context_setters
