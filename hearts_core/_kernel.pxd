# The C types of the kernel (hearts_core/_kernel.py), for the compiled build: Cython reads
# this file beside the source and compiles the two together. The pure build ignores it.

cimport cython

ctypedef unsigned long long u64
ctypedef u64 *u64_array  # a Table's or a Hand's C array, read in place
ctypedef int *int_array

cdef u64 M64, CLUBS, DIAMONDS, HEARTS, SPADES
cdef int BLOCK
cdef u64 HIGHS
cdef unsigned char SELECT[2048]
cdef u64 PAIRS, QUADS, NIBBLES, BYTES, BYTE, TWO8
cdef int MAX_SEATS, MAX_ROWS, SITUATIONS, LEAD, FOLLOW, DISCARD

cpdef int situation(int moment, bint first_trick, bint broken) noexcept
cpdef int count_cards(u64 mask) noexcept
cpdef u64 nth_card(u64 mask, u64 index) noexcept
@cython.locals(counts=u64, below=u64, place=u64, rank=u64, one=u64)
cdef u64 select(u64 mask, u64 index) noexcept
cpdef u64 suit_of(u64 bit) noexcept


@cython.final
cdef class Table:
    cdef public int players, hand_size
    cdef public u64 breaking
    cdef public bint discards_only_break
    cdef u64 keep[60]
    cdef u64 exempt[60]
    cdef int counts[12]
    cdef public int points[52]
    cdef public u64 scoring
    cdef public u64 moon


@cython.locals(total=int, rest=u64, bit=u64)
cpdef int points_of(Table table, u64 mask) noexcept
@cython.locals(legal=u64, index=int, place=int, end=int, narrowed=u64)
cpdef u64 fold(Table table, u64 hand, u64 led, bint first_trick, bint broken) noexcept
cpdef bint breaks(Table table, u64 bit, u64 led) noexcept
@cython.locals(following=int)
cpdef (u64, u64, int, int, bint) after_card(
    Table table, int seat, u64 bit, int position, u64 led, u64 best, int winner, bint broken
) noexcept




@cython.final
cdef class Rng:
    cdef public object source
    cdef public const unsigned char[::1] words
    cdef public int place, block

    cpdef void refill(self)
    @cython.locals(value=u64)
    cpdef u64 word(self) except? 0xFFFFFFFFFFFFFFFF
    @cython.locals(product=u64, low=u64, threshold=u64)
    cpdef u64 below(self, u64 count) except? 0xFFFFFFFFFFFFFFFF
    cpdef u64 card(self, u64 mask) except? 0xFFFFFFFFFFFFFFFF
    @cython.locals(chosen=u64, bit=u64, left=u64, words="const unsigned char[::1]", place=int,
                   block=int, index=u64, product=u64, low=u64, rest=u64, compiled=bint)
    cpdef u64 cards(self, u64 mask, int count) except? 0xFFFFFFFFFFFFFFFF


@cython.final
cdef class Hand:
    cdef public Table table
    cdef public u64 hands[6]
    cdef public u64 taken[6]
    cdef public int won[6]
    cdef public int leader, seat, position, winner, tricks
    cdef public u64 led, best, trick
    cdef public bint broken

    cpdef Hand copy(self)
    @cython.locals(seat=int)
    cpdef void copy_from(self, Hand other) noexcept
    @cython.locals(seat=int, bit=u64)
    cpdef void resume(self, tuple trick, int leader, bint broken, int tricks, tuple taken,
                      tuple won)
    @cython.locals(seat=int)
    cpdef tuple hand_masks(self)
    @cython.locals(seat=int)
    cpdef tuple taken_masks(self)
    @cython.locals(seat=int)
    cpdef tuple won_counts(self)
    @cython.locals(table=Table, shooter=int, seat=int, result=list)
    cpdef tuple scored(self)
    cpdef bint over(self) noexcept
    cpdef u64 legal(self) noexcept
    @cython.locals(seat=int, led=u64, best=u64, winner=int, following=int, broken=bint)
    cpdef void play(self, u64 bit) noexcept
    cpdef void new_trick(self, int leader) noexcept
    @cython.locals(players=int, seat=int, away=u64, leader=int)
    cpdef void exchange(self, tuple dealt, tuple given, tuple receivers, int count, u64 first,
                        int after, Rng rng)
    cpdef void finish_random(self, Rng rng)


cpdef int card_index(u64 bit) noexcept



@cython.locals(
    table=Table, players=int, size=int, breaking=u64, discards_only=bint,
    keep=u64_array, exempt=u64_array, counts=int_array,
    hands=u64_array, taken=u64_array, won=int_array,
    seat=int, position=int, led=u64, best=u64, winner=int, trick=u64, broken=bint,
    tricks=int, words="const unsigned char[::1]", place=int, block=int, held=u64, legal=u64,
    index=int, row=int, end=int, narrowed=u64, count=u64, product=u64, compiled=bint,
    at_lead=int, at_follow=int, at_discard=int,
    chosen=u64, bit=u64, low=u64,
)
cdef void play_out_random(Hand hand, Rng rng) except *

