# The C types of hearts_core/_thumb.py, for the compiled build (see _kernel.pxd): the
# kernel's types and functions come from the compiled kernel, called in C.

cimport cython

from hearts_core._kernel_c cimport (
    Hand, Table, card_index, count_cards, points_of, suit_of, u64,
)

cdef u64 M64, SPADES

@cython.locals(held=u64, seat=int)
cpdef u64 unseen(Hand hand)
cpdef u64 rule_of(Hand hand)
cpdef void finish_rule(Hand hand)

cdef u64 QUEEN
cdef int QUEEN_RANK
cpdef u64 rule_card(Table table, u64 legal, u64 hand, u64 unseen, u64 trick, u64 best,
                    int position)
@cython.locals(
    points=cython.p_int, chosen=u64, queen_scores=bint, queen_out=bint, holding=bint,
    low_danger=double, low_count=int, low_rank=int, rest=u64, bit=u64, index=int, rank=int,
    suit=u64, total=int, higher=int, danger=double, value=int, count=int,
)
cdef u64 _lead(Table table, u64 legal, u64 hand, u64 unseen)
@cython.locals(
    trick_points=int, last=bint, below=u64, cheap=u64, lowest=u64, fewest=u64, rest=u64,
    bit=u64, value=int,
)
cdef u64 _follow(Table table, u64 legal, u64 trick, u64 best, int position)
@cython.locals(
    queen_out=bint, chosen=u64, top_value=int, top_risky=bint, top_rank=int, top_short=int,
    rest=u64, bit=u64, index=int, value=int, rank=int, risky=bint, short=int,
)
cdef u64 _discard(Table table, u64 legal, u64 hand, u64 unseen)
