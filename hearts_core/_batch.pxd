# The C types of hearts_core/_batch.py, for the compiled build (see _kernel.pxd): the
# kernel's types and functions come from the compiled kernel, called in C.

cimport cython

from hearts_core._kernel_c cimport (
    Hand, Rng, Table, card_index, count_cards, points_of, suit_of, u64,
)
from hearts_core._thumb_c cimport rule_of, unseen

cdef u64 M64, ONE
cdef int MAX_SEATS, LEARNER, RANDOM, RULE, OUTSIDE
cdef int PASSING, PLAYING, CHOOSING, BETWEEN, WAITING, ILLEGAL, PYTHON
cdef double CLIP


@cython.final
cdef class Layout:
    cdef public int players, trick, misc, phase, direction, broken, bits
    cdef public double positive, target
    cdef public float[::1] constants


@cython.final
cdef class Board:
    cdef public Hand hand
    cdef public Rng rng
    cdef public int players
    cdef public int kinds[6]
    cdef public u64 start[6]
    cdef public u64 passed[6]
    cdef public u64 received[6]
    cdef public int voids[6]
    cdef public int totals[6]
    cdef public double rewards[6]
    cdef public u64 order[64]
    cdef public int scheme, dealer, direction, phase, count
    cdef public bint moon_on

    @cython.locals(seat=int)
    cpdef void clear(self, int dealer, int direction)
    cpdef void between(self, int dealer, int direction, tuple totals)
    @cython.locals(seat=int)
    cpdef void begin_play(self)
    cpdef void set_seat(self, int seat, u64 passed, u64 received)
    @cython.locals(seat=int)
    cpdef void set_totals(self, tuple totals)
    cpdef void add_reward(self, int seat, double reward)
    @cython.locals(seat=int, found=list)
    cpdef tuple take_rewards(self)
    @cython.locals(index=int)
    cpdef tuple played(self)


cpdef u64 card_bit(int action)
@cython.locals(index=int)
cpdef int bit_action(u64 bit)
@cython.locals(hand=Hand, seat=int, players=int, trick=u64, last=bint, points=int,
               winner=int, share=double, other=int)
cpdef void play(Board board, u64 bit)
@cython.locals(hand=Hand, legal=u64, threat=int, table=Table, rest=u64, chosen=u64, low=int,
               cards=u64, bit=u64, value=int, suit=u64, above=u64, zero=bint, rank=int,
               index=int, clean=bint, sure=bint)
cpdef u64 rule_move(Board board)
@cython.locals(hand=Hand, need=u64, holder=int, seat=int, taken=int)
cpdef int moon_threat(Board board)
@cython.locals(hand=Hand, size=int, kind=int)
cpdef int run(Board board)
@cython.locals(bit=u64, index=int)
cdef void _cards(float[::1] row, int start, u64 mask)
cdef double _clip(double value)
@cython.locals(players=int, hand=Hand, phase=int, index=int, held=u64, offset=int, other=int,
               place=int, voids=int, suit=int, bits=int, taken=int)
cpdef void encode(Layout layout, Board board, int seat, float[::1] row)
@cython.locals(index=int, legal=u64, bit=u64)
cpdef void write_mask(Board board, signed char[::1] row)
@cython.locals(left=int, table=int, board=Board, action=long, seat=int, other=int)
cpdef int step(Layout layout, list boards, long[::1] actions, signed char[::1] status,
               long[::1] seats, float[:, ::1] observations, signed char[:, ::1] masks,
               double[:, ::1] rewards)
