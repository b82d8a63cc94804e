# The C types of hearts_core/_scored.py, for the compiled build (see _kernel.pxd): the
# kernel's types and functions come from the compiled kernel, called in C.

cimport cython

from hearts_core._kernel_c cimport Hand, Rng, Table, play_out_random, points_of, u64

@cython.locals(hand=Hand, table=Table, found=list, known=dict, tricks=bint, key=list, seat=int,
               points=tuple)
cpdef list scored_outs(Hand start, int count, Rng rng, tuple dealt=*, tuple given=*,
                       tuple receivers=*, int pass_count=*, u64 first=*, int after=*,
                       object memo=*)
