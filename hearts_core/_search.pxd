# The C types of hearts_core/_search.py, for the compiled build (see _kernel.pxd): the
# kernel's types and functions come from the compiled kernel and rules of thumb, called in C.

cimport cython

from hearts_core._kernel_c cimport (
    MAX_ROWS, SITUATIONS, Hand, Table, after_card, card_index, count_cards, fold, points_of,
    suit_of, u64,
)
from hearts_core._thumb_c cimport finish_rule, rule_card, unseen

cdef u64 M64, QUEEN
cdef int GUARD_FLAG, LATE_FLAG
cdef int MAX_ALIKE

cpdef u64 highest(u64 mask)
@cython.locals(
    points=cython.p_int, sure=u64, pool=u64, rest=u64, bit=u64, chosen=u64, top_clean=bint,
    top_rank=int, index=int, clean=bint, rank=int, low_scoring=bint, low_rank=int,
    scoring=bint,
)
cpdef u64 shoot_card(Table table, u64 legal, u64 unseen, u64 led, int position)
@cython.locals(above=u64, points=cython.p_int, chosen=u64, top_rank=int, rest=u64, bit=u64,
               index=int)
cpdef u64 defend_card(Table table, u64 legal, u64 trick, u64 best, u64 led, int winner,
                      int threat, int position)
@cython.locals(points=cython.p_int, chosen=u64, low_value=int, rest=u64, bit=u64, value=int)
cpdef u64 guard_card(Table table, u64 legal, u64 unseen, u64 led, int winner, int threat,
                     int position)
@cython.locals(holder=int, seat=int)
cpdef int threat_of(Hand hand, u64 need, int least=*)
@cython.locals(table=Table, legal=u64, seat=int, held=u64, others=u64, need=u64, threat=int,
               other=int, card=u64)
cpdef u64 plan_card(Hand hand, int me, bint shoot, int least=*, int flags=*)
cpdef void finish_plan(Hand hand, int me, bint shoot, int least=*, int flags=*)
@cython.locals(seat=int)
cpdef void deal_hands_into(Hand hand, hands)
@cython.locals(hand=Hand, players=int, rest=u64, bit=u64, seat=int)
cpdef list play_outs(Hand start, deals, u64 cards, int plan, int me, int least=*,
                     int flags=*)
@cython.locals(hand=Hand)
cpdef list pass_outs(Table table, list deals, list passes, int me, tuple receivers, u64 first,
                     int after, int plan=*, int least=*, int flags=*)

@cython.locals(width=int, place=int, end=tuple)
cpdef void add_outcomes(list ends, list totals, int wanted, dict known, score) except *


@cython.final
cdef class Prover:
    cdef Table table
    cdef int target, masks
    cdef bint every, exhausted
    cdef long long budget, nodes
    cdef u64 hands[6]
    cdef u64 alike[122]

    @cython.locals(low=u64, high=u64, index=int)
    cdef bint alike_cards(self, u64 one, u64 other, u64 outside)
    @cython.locals(table=Table, mine=bint, legal=u64, outside=u64, other=int, tried=u64,
                   bit=u64, good=bint)
    cdef bint holds(self, int seat, int position, u64 led, u64 best, int winner, u64 trick,
                    bint broken, int tricks)
    @cython.locals(table=Table, following=int, leader=int, played=bint, good=bint)
    cdef bint after(self, int seat, u64 bit, int position, u64 led, u64 best, int winner,
                    u64 trick, bint broken, int tricks)


@cython.locals(prover=Prover, held=bint)
cpdef int prove(Hand hand, int target, bint every, long long budget)
@cython.locals(seat=int, prover=Prover, legal=u64, kept=u64, bit=u64)
cpdef long long keeping(Hand hand, bint every, long long budget)
