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

cdef u64 one, CLUBS, DIAMONDS, HEARTS, LOW_SPADES
cdef int QUEEN_SPADES, ACE_SPADES, KING_SPADES
@cython.locals(points=cython.p_int, chosen=u64, protected=bint, index=int, bit=u64, rank=int,
               suit=int, side=u64, side_count=int, side_top=int, cards=u64, size=int, top=int,
               rest=u64)
cpdef u64 pass_cards(Table table, u64 hand, int count)
@cython.locals(points=cython.p_int, best=u64, best_class=int, best_rank=int, best_heart=bint,
               rest=u64, bit=u64, index=int, value=int, kind=int, rank=int, heart=bint)
cdef u64 _dangerous(Table table, u64 pool, u64 chosen, int count)
@cython.locals(rest=u64, bit=u64)
cdef bint _has_negative(Table table, u64 cards)
cdef u64 _top(u64 cards)
