# The C types of hearts_core/_deal.py, for the compiled build (see _kernel.pxd).

cimport cython

ctypedef unsigned long long u64

cdef u64 M64
cdef int MAX_SEATS


@cython.locals(
    count=int, order=u64[52], hands=u64[6], seat=int, place=int, key=u64, byte=int,
    at=int, rest=u64, bit=u64, value=u64,
)
cpdef tuple deal_hands(const unsigned char[:] keys, u64 deck, int players)
