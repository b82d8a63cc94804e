"""Hypothesis strategies for hearts_core: rules, deals, scenarios and whole games.

A game is drawn as a scenario (rules, a starting state and the first deal)
followed by legal actions chosen by drawing an index into
``legal_actions(state)``, so Hypothesis shrinks a failing game towards a short
one that always takes the first legal action.

Uniformly random deals almost never produce the rare positions the rules
single out, so some scenarios are built around them on purpose:

* ``void-clubs-points``: a seat that does not lead holds 13 of the 14 point
  cards, so on the first trick it is void in clubs and holds nothing but
  points;
* ``only-hearts-leader``: a seat holds the ace of clubs and otherwise only
  hearts (and perhaps the queen of spades); it wins the first trick and must
  lead while hearts are unbroken;
* ``moon``: a seat holds the top cards of every suit it holds, so it wins every
  trick and takes every point card, whatever anyone plays;
* ``tie-at-end`` and ``unique-lowest-at-end``: a moon hand from totals chosen
  so that afterwards some total reaches the target and the lowest total is
  shared (the game goes on) or not (the game ends);
* ``near-target``: random deals from equal-ish totals just under the target;
* ``counting-down``: a count-down game already counting down, from small totals, so hands
  take seats to 0 and below and end the game.

The built hands are held (the first hand's pass direction is ``hold``) so the
deal reaches play unchanged. :func:`features` names the rare events a game
reached; the tests report them with ``hypothesis.event``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs
from hypothesis import event, reject, settings
from hypothesis import strategies as st
from hypothesis.strategies import DrawFn, SearchStrategy, composite

from hearts_core import (
    FULL_DECK,
    Action,
    Card,
    CardPlayed,
    CardSet,
    ChooseMoon,
    Deal,
    Event,
    GameState,
    HandScored,
    InvalidRulesError,
    MoonOption,
    MoonShot,
    PassCards,
    Phase,
    PlayCard,
    Rank,
    Rules,
    Suit,
    SunShot,
    legal_actions,
    new_game,
    step,
    variant,
    variant_names,
)
from hearts_core.rules import (
    MAX_PLAYERS,
    FirstLead,
    GameEnd,
    HeartPoints,
    MoonRequires,
    MoonScoring,
    PassDirection,
    SunScoring,
    TieRule,
)
from hearts_core.scoring import game_is_over

PLAYERS: Final = 4
"""Seats in the standard game, which the constructed scenarios use."""
HAND_SIZE: Final = 13
TRICKS_PER_HAND: Final = 13
MOON_AMOUNT: Final = 26
DECK: Final[tuple[Card, ...]] = FULL_DECK.cards()
QUEEN_OF_SPADES: Final = Card(Suit.SPADES, Rank.QUEEN)
TWO_OF_CLUBS: Final = Card(Suit.CLUBS, Rank.TWO)
ACE_OF_CLUBS: Final = Card(Suit.CLUBS, Rank.ACE)
HEARTS: Final = CardSet(card for card in DECK if card.suit is Suit.HEARTS)
POINT_CARDS: Final = HEARTS | CardSet([QUEEN_OF_SPADES])
"""The point cards of the standard game."""


def budget(fraction: float) -> int:
    """A share of the loaded profile's ``max_examples``, for the costlier tests."""
    return max(5, round(settings().max_examples * fraction))


# --- rules -------------------------------------------------------------------


def core_rules() -> SearchStrategy[Rules]:
    """The rules the seed texts vary (issue 2): four players and 52 cards, with any pass
    count, pass cycle, queen-breaks-hearts choice, seed moon scoring and a small target."""
    return st.builds(
        Rules,
        pass_count=st.one_of(st.integers(1, 4), st.integers(1, 13)),
        pass_cycle=st.lists(st.sampled_from(PassDirection), min_size=1, max_size=5).map(tuple),
        queen_breaks_hearts=st.booleans(),
        moon=st.sampled_from(
            (
                MoonScoring.ADD_TO_OTHERS,
                MoonScoring.SUBTRACT_FROM_SHOOTER,
                MoonScoring.SHOOTER_CHOOSES,
            )
        ),
        target_score=st.one_of(st.integers(1, 40), st.integers(1, 100)),
    )


_CARD_VALUES: Final = (
    {"QS": 13},
    {"QS": 13, "JD": -10},
    {"QS": 13, "TD": -10},
    {"QS": 25},
    {"QS": 13, "KS": 10, "AS": 7},
    {"QS": 5, "JC": 2},
    {"QS": 13, "JD": -10, "AH": 3},
)


@composite
def any_rules(draw: DrawFn, standard_table: bool = False) -> Rules:
    """Any combination of every ``Rules`` field: 3 to 6 players, the 32-card deck,
    every lead, break, scoring and end-of-game option. Small targets end games fast.

    With ``standard_table``, four players with 52 cards and a club lead, so the
    constructed deals below still work."""
    if standard_table:
        players, lowest = PLAYERS, Rank.TWO
        leads = [FirstLead.LOWEST_CLUB, FirstLead.ANY_CLUB]
    else:
        players = draw(st.sampled_from((4, 4, 3, 5, 6)))
        lowest = Rank.TWO
        if players == PLAYERS:
            lowest = draw(st.sampled_from((Rank.TWO, Rank.TWO, Rank.SEVEN)))
        leads = list(FirstLead)
    hand_size = (52 if lowest is Rank.TWO else 32) // players
    directions = [d for d in PassDirection if players % 2 == 0 or d is not PassDirection.ACROSS]
    fields = {
        "players": players,
        "lowest_rank": lowest,
        "pass_count": draw(st.one_of(st.integers(1, 3), st.integers(1, hand_size))),
        "pass_cycle": tuple(draw(st.lists(st.sampled_from(directions), min_size=1, max_size=4))),
        "first_lead": draw(st.sampled_from(leads)),
        "points_on_first_trick": draw(st.booleans()),
        "must_break_hearts": draw(st.booleans()),
        "queen_breaks_hearts": draw(st.booleans()),
        "only_discards_break_hearts": draw(st.booleans()),
        "lead_hearts_instead_of_queen": draw(st.booleans()),
        "queen_waits_for_hearts": draw(st.booleans()),
        "heart_points": draw(st.sampled_from(HeartPoints)),
        "card_values": draw(st.sampled_from(_CARD_VALUES)),
        "moon": draw(st.sampled_from(MoonScoring)),
        "moon_requires": draw(st.sampled_from(MoonRequires)),
        "moon_points": draw(st.one_of(st.none(), st.integers(1, 60))),
        "sun": draw(st.sampled_from(SunScoring)),
        "sun_points": draw(st.integers(1, 60)),
        "no_tricks_bonus": draw(st.sampled_from((0, 0, -5, 3))),
        "target_score": draw(st.one_of(st.integers(1, 40), st.integers(1, 150))),
        "game_end": draw(st.sampled_from((GameEnd.TARGET, GameEnd.TARGET, GameEnd.COUNT_DOWN))),
        "exact_target_halves": draw(st.booleans()),
        "full_polish": draw(st.booleans()),
        "tie": draw(st.sampled_from(TieRule)),
    }
    # A single hand cannot count down (the rules refuse it): draw it for the others only.
    if fields["game_end"] is GameEnd.TARGET:
        fields["single_hand"] = draw(st.sampled_from((False, False, False, True)))
    try:
        return Rules(**fields)
    except InvalidRulesError:
        reject()


def drawn_rules() -> SearchStrategy[Rules]:
    """The seed rules, any combination of every field, or a shipped variant."""
    shipped = st.tuples(st.sampled_from(variant_names()), st.integers(1, 100)).map(
        lambda pair: variant(pair[0]).evolve(target_score=pair[1])
    )
    return st.one_of(core_rules(), any_rules(), shipped)


def holding_first(rules: Rules) -> Rules:
    """``rules`` with a ``hold`` hand put first in the pass cycle."""
    return rules.evolve(pass_cycle=(PassDirection.HOLD, *rules.pass_cycle))


def game_at(
    rules: Rules, hand_number: int, totals: Sequence[int], counting_down: bool = False
) -> GameState:
    """The state waiting for the deal of hand ``hand_number`` with these totals (hand 0 under
    single-hand rules, which have no other)."""
    number = 0 if rules.single_hand else hand_number
    return new_game(rules, hand_number=number, totals=totals, counting_down=counting_down)


def still_playing(rules: Rules, totals: tuple[int, ...]) -> tuple[int, ...]:
    """``totals``, or, if they have already ended the game (no game goes on from them) or, in
    a count-down game, started its count-down, the same totals with each one at or above the
    target brought down to just under it."""
    reached = rules.game_end is GameEnd.COUNT_DOWN and max(totals) >= rules.target_score
    if rules.single_hand or not (reached or game_is_over(rules, totals)):
        return totals
    return tuple(min(total, rules.target_score - 1) for total in totals)


# --- deals -------------------------------------------------------------------


def deal_from_order(order: Sequence[Card], players: int = PLAYERS) -> Deal:
    """Deal the cards of ``order`` (a permutation of the deck) in equal shares, seat 0 first."""
    size = len(order) // players
    return Deal(tuple(CardSet(order[seat * size : (seat + 1) * size]) for seat in range(players)))


def deals(rules: Rules | None = None) -> SearchStrategy[Deal]:
    """Uniformly random deals of ``rules.deck`` (the standard deck by default), as
    random permutations."""
    cards = DECK if rules is None else rules.deck.cards()
    players = PLAYERS if rules is None else rules.players
    return st.permutations(cards).map(lambda order: deal_from_order(order, players))


@composite
def deals_around(draw: DrawFn, seat: int, hand: CardSet) -> Deal:
    """A deal giving ``seat`` exactly ``hand`` and the other cards at random."""
    rest = [card for card in DECK if card not in hand]
    order = draw(st.permutations(rest))
    hands: list[CardSet] = []
    taken = 0
    for each in range(PLAYERS):
        if each == seat:
            hands.append(hand)
        else:
            hands.append(CardSet(order[taken : taken + HAND_SIZE]))
            taken += HAND_SIZE
    return Deal(tuple(hands))


def top_cards(suit: Suit, count: int) -> CardSet:
    """The ``count`` highest cards of ``suit``."""
    return CardSet(Card(suit, Rank(rank)) for rank in range(14, 14 - count, -1))


@composite
def moon_hands(draw: DrawFn) -> CardSet:
    """A hand that wins every trick whatever is played: at least one club, and in
    each suit the top cards only. (Holding all 13 clubs it leads the 2C and wins.)"""
    clubs = draw(st.integers(1, 13))
    diamonds = draw(st.integers(0, 13 - clubs))
    hearts = draw(st.integers(0, 13 - clubs - diamonds))
    spades = 13 - clubs - diamonds - hearts
    return (
        top_cards(Suit.CLUBS, clubs)
        | top_cards(Suit.DIAMONDS, diamonds)
        | top_cards(Suit.HEARTS, hearts)
        | top_cards(Suit.SPADES, spades)
    )


# --- scenarios ---------------------------------------------------------------


@attrs.frozen
class Scenario:
    """Where a drawn game starts: a state waiting for a deal, and that deal."""

    kind: str
    """Which construction built it (see the module docstring)."""
    start: GameState
    """The state before the first deal."""
    first_deal: Deal
    """The first deal applied."""
    seat: int | None = None
    """The seat the construction is about, if any."""

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.start.rules


@composite
def random_scenarios(draw: DrawFn, rules_strategy: SearchStrategy[Rules] | None = None) -> Scenario:
    """A new game under random rules, with a random deal."""
    rules = draw(drawn_rules() if rules_strategy is None else rules_strategy)
    return Scenario("random", new_game(rules), draw(deals(rules)))


@composite
def void_clubs_scenarios(draw: DrawFn) -> Scenario:
    """A seat holds 13 of the 14 point cards: void in clubs on the first trick,
    it has nothing to play but points."""
    rules = holding_first(draw(st.one_of(core_rules(), any_rules(standard_table=True))))
    seat = draw(st.integers(0, PLAYERS - 1))
    left_out = draw(st.sampled_from(POINT_CARDS.cards()))
    hand = POINT_CARDS - CardSet([left_out])
    return Scenario("void-clubs-points", new_game(rules), draw(deals_around(seat, hand)), seat)


@composite
def only_hearts_leader_scenarios(draw: DrawFn) -> Scenario:
    """A seat holds the ace of clubs and otherwise hearts (and maybe the queen of
    spades): it takes the first trick and leads with hearts unbroken. (No points
    on the first trick, so nobody can break hearts there.)"""
    wide = any_rules(standard_table=True).map(lambda r: r.evolve(points_on_first_trick=False))
    rules = holding_first(draw(st.one_of(core_rules(), wide)))
    seat = draw(st.integers(0, PLAYERS - 1))
    with_queen = draw(st.booleans())
    dropped = draw(
        st.lists(
            st.sampled_from(HEARTS.cards()),
            min_size=1 + with_queen,
            max_size=1 + with_queen,
            unique=True,
        )
    )
    hand = CardSet([ACE_OF_CLUBS]) | (HEARTS - CardSet(dropped))
    if with_queen:
        hand = hand | CardSet([QUEEN_OF_SPADES])
    return Scenario("only-hearts-leader", new_game(rules), draw(deals_around(seat, hand)), seat)


def played_out_scores(start: GameState, deal: Deal) -> tuple[int, ...]:
    """The scores of the hand dealt by ``deal``, playing the first legal action throughout."""
    state = step(start, deal)[0]
    while True:
        state, events = step(state, legal_actions(state)[0])
        for each in events:
            if isinstance(each, HandScored):
                return each.scores


@composite
def moon_scenarios(draw: DrawFn, moon: MoonScoring | None = None) -> Scenario:
    """A seat holds a hand that takes every trick, so it shoots the moon (or the
    sun), under the seed rules or any rules of a four-seat, 52-card table with a
    club lead. The totals before the hand are nothing, near the target, or such
    that one seat lands exactly on the target (the halving rule); under the
    automatic moon, also such that adding the moon to the others would lose the
    shooter the game."""
    rules = holding_first(draw(st.one_of(core_rules(), any_rules(standard_table=True))))
    if moon is None and draw(st.integers(0, 3)) == 0:
        moon = MoonScoring.AUTOMATIC  # its choice depends on the totals: worth a share
    if moon is not None:
        rules = rules.evolve(moon=moon, sun=SunScoring.OFF)
    elif rules.sun is SunScoring.OFF and draw(st.integers(0, 2)) == 1:
        # The seed rules have no sun: give the hand that takes every trick one to shoot.
        suns = (SunScoring.ADD_TO_OTHERS, SunScoring.SUBTRACT_FROM_SHOOTER)
        rules = rules.evolve(sun=draw(st.sampled_from(suns)))
    seat = draw(st.integers(0, PLAYERS - 1))
    deal = draw(deals_around(seat, draw(moon_hands())))
    hand_number = len(rules.pass_cycle) * draw(st.integers(0, 2))
    target = rules.target_score
    near = st.integers(max(0, target - 40), target + 10)
    scores: tuple[int, ...] = (0,) * PLAYERS
    automatic = moon is MoonScoring.AUTOMATIC
    # Under the automatic moon, adding that would lose the game (so the shooter subtracts)
    # is the rarest case: half of the draws build it.
    ways = ("near", "exact", "losing", "losing") if automatic else ("new", "near", "exact")
    how = draw(st.sampled_from(ways))
    if how == "losing":
        scores = draw(_totals_where_adding_loses(rules, seat))
    elif how == "near":
        scores = still_playing(rules, tuple(draw(near) for _ in range(PLAYERS)))
    elif how == "exact":
        zero = game_at(rules, hand_number, scores)
        change = played_out_scores(zero, deal)
        # A seat that the hand brings up to the target lands on it exactly; one that gains
        # nothing would have to start on the target, where the game may already be over.
        gaining = [s for s in range(PLAYERS) if change[s] > 0]
        lands = draw(st.sampled_from(gaining)) if gaining else draw(st.integers(0, PLAYERS - 1))
        scores = tuple(target - change[s] if s == lands else draw(near) for s in range(PLAYERS))
        scores = still_playing(rules, scores)
    start = game_at(rules, hand_number, scores)
    return Scenario("moon", start, deal, seat)


@composite
def _totals_where_adding_loses(draw: DrawFn, rules: Rules, shooter: int) -> tuple[int, ...]:
    """Totals, all under the target, from which a moon by ``shooter`` (taking every card)
    added to the others would end the game with another seat alone lowest: one seat
    comes within the moon of the target, and one sits more than the moon below the
    shooter (a negative total at times, as subtracted moons leave)."""
    target, amount = rules.target_score, rules.moon_amount
    # The shooter keeps the cards that score below zero (J♦ in Omnibus).
    bonus = sum(points for points in rules.tables().points if points < 0)
    others = [seat for seat in range(PLAYERS) if seat != shooter]
    low, reacher, other = draw(st.permutations(others))
    totals = [0] * PLAYERS
    totals[shooter] = draw(st.integers(max(0, target - 40), target - 1))
    top = totals[shooter] + bonus - amount - 1
    totals[low] = draw(st.integers(top - 30, top))
    totals[reacher] = draw(st.integers(max(totals[low] + 1, target - amount), target - 1))
    totals[other] = draw(st.integers(totals[low] + 1, max(totals[low] + 1, target - 1)))
    return tuple(totals)


def standard_moon_scores(shooter: int, option: MoonOption) -> tuple[int, ...]:
    """What each seat scores in the standard game for a moon shot by ``shooter``."""
    if option is MoonOption.ADD_TO_OTHERS:
        return tuple(0 if seat == shooter else MOON_AMOUNT for seat in range(PLAYERS))
    return tuple(-MOON_AMOUNT if seat == shooter else 0 for seat in range(PLAYERS))


@composite
def end_of_game_scenarios(draw: DrawFn, tie: bool | None = None) -> Scenario:
    """A moon hand (whose scores are known in advance) from totals the game goes on
    from, chosen so that after it some total reaches the target and the lowest total
    is shared by two or more seats (``tie``) or held by one seat alone."""
    if tie is None:
        tie = draw(st.booleans())
    option = draw(st.sampled_from(MoonOption))
    moon = (
        MoonScoring.ADD_TO_OTHERS
        if option is MoonOption.ADD_TO_OTHERS
        else MoonScoring.SUBTRACT_FROM_SHOOTER
    )
    rules = holding_first(draw(core_rules())).evolve(moon=moon)
    hand_number = len(rules.pass_cycle) * draw(st.integers(0, 3))
    shooter = draw(st.integers(0, PLAYERS - 1))
    deal = draw(deals_around(shooter, draw(moon_hands())))
    if tie:
        scores = draw(_totals_before_a_tie_at_the_end(rules.target_score, shooter, option))
        if game_is_over(rules, scores):
            reject()  # totals no game goes on from: the game ended a hand earlier
    else:
        scores = draw(_totals_before_a_single_lowest(rules.target_score, shooter, option))
        assert not game_is_over(rules, scores), scores
    start = game_at(rules, hand_number, scores)
    kind = "tie-at-end" if tie else "unique-lowest-at-end"
    return Scenario(kind, start, deal, shooter)


@composite
def _totals_before_a_tie_at_the_end(
    draw: DrawFn, target: int, shooter: int, option: MoonOption
) -> tuple[int, ...]:
    """Totals before a moon hand (``shooter`` scoring it by ``option``) after which some
    total reaches ``target`` and two or more seats share the lowest total. (They may
    have ended the game already: the caller rejects those.)"""
    lowest_count = draw(st.integers(2, PLAYERS))
    order = draw(st.permutations(range(PLAYERS)))
    low = draw(st.integers(0, target + 20))
    totals = [0] * PLAYERS
    for place, seat in enumerate(order):
        totals[seat] = low if place < lowest_count else low + draw(st.integers(1, 40))
    if lowest_count == PLAYERS:
        totals = [max(low, target)] * PLAYERS
    else:
        totals[order[-1]] = max(totals[order[-1]], target)
    delta = standard_moon_scores(shooter, option)
    before = [total - change for total, change in zip(totals, delta, strict=True)]
    shift = max(0, -min(before))
    return tuple(score + shift for score in before)


@composite
def _totals_before_a_single_lowest(
    draw: DrawFn, target: int, shooter: int, option: MoonOption
) -> tuple[int, ...]:
    """Totals the game goes on from, before a moon hand (``shooter`` scoring it by
    ``option``) after which some total reaches ``target`` and one seat alone has the
    lowest total."""
    others = [seat for seat in range(PLAYERS) if seat != shooter]
    if option is MoonOption.ADD_TO_OTHERS:
        # Every total under the target; the 26 added to the others take one of them to it.
        totals = [draw(st.integers(0, target - 1)) for _ in range(PLAYERS)]
        reacher = draw(st.sampled_from(others))
        totals[reacher] = draw(st.integers(max(0, target - MOON_AMOUNT), target - 1))
        delta = standard_moon_scores(shooter, option)
        after = [total + change for total, change in zip(totals, delta, strict=True)]
        lowest = [seat for seat in range(PLAYERS) if after[seat] == min(after)]
        if len(lowest) > 1:
            # One of the seats that would share the lowest total has a point less. (If the
            # reacher is one, all of them reach the target: another still does.)
            totals[draw(st.sampled_from(lowest))] -= 1
        return tuple(totals)
    # Subtracting raises nobody, so a total already reached the target: two seats shared
    # the lowest total, and the game went on. The shooter's 26 off leave it alone lowest.
    low = draw(st.integers(0, target + 20))
    above = draw(st.integers(0, MOON_AMOUNT - 1))  # how far the shooter is above the lowest
    tied = [shooter] if above == 0 else []
    rest = list(others)
    while len(tied) < 2:
        partner = draw(st.sampled_from(rest))
        rest.remove(partner)
        tied.append(partner)
    totals = [low] * PLAYERS
    totals[shooter] = low + above
    for seat in rest:
        totals[seat] = low + draw(st.integers(1, 40))
    reacher = draw(st.sampled_from(rest))
    totals[reacher] = max(totals[reacher], target)
    return tuple(totals)


@composite
def near_target_scenarios(draw: DrawFn) -> Scenario:
    """Random deals from totals just under the target, often equal, so hands end
    the game or tie for lowest."""
    rules = draw(drawn_rules())
    target = rules.target_score
    base = draw(st.integers(max(0, target - 30), target))
    steps = st.sampled_from((0, 0, 0, 1, 5, 13))
    scores = still_playing(rules, tuple(base + draw(steps) for _ in range(rules.players)))
    hand_number = draw(st.integers(0, 7))
    if rules.game_end is GameEnd.COUNT_DOWN and draw(st.booleans()):
        # Counting down already, from small totals (some past the target, so the count-down
        # could have begun): hands take seats to 0 and below.
        low = st.integers(-3, max(1, min(target, 15)))
        scores = tuple(draw(low) for _ in range(rules.players))
        scores = (*scores[:-1], max(scores[-1], target))
        if game_is_over(rules, scores, True):
            scores = tuple(max(1, s) for s in scores)
        start = game_at(rules, hand_number, scores, True)
        return Scenario("counting-down", start, draw(deals(rules)))
    start = game_at(rules, hand_number, scores)
    return Scenario("near-target", start, draw(deals(rules)))


def special_scenarios() -> SearchStrategy[Scenario]:
    """The constructed scenarios, each aimed at a rare position."""
    return st.one_of(
        void_clubs_scenarios(),
        only_hearts_leader_scenarios(),
        moon_scenarios(),
        end_of_game_scenarios(),
        near_target_scenarios(),
    )


def scenarios() -> SearchStrategy[Scenario]:
    """Random games (a quarter under any rules at all) and the constructed ones."""
    anything = random_scenarios(any_rules())
    return st.one_of(random_scenarios(), anything, anything, special_scenarios())


# --- games -------------------------------------------------------------------


@attrs.frozen
class Transition:
    """One action applied with :func:`step`: the state before and after, and the events."""

    before: GameState
    action: Action
    after: GameState
    events: tuple[Event, ...]


@attrs.frozen(repr=False)
class Game:
    """A drawn game: its scenario and every transition, in order.

    Its ``repr`` is short (the scenario and the actions in card notation), so a
    failing example prints as a readable game."""

    scenario: Scenario
    transitions: tuple[Transition, ...]

    def __repr__(self) -> str:
        start = self.start
        moves = ", ".join(repr(str(action)) for action in self.actions)
        return (
            f"Game(kind={self.scenario.kind!r}, rules={self.rules!r}, "
            f"hand_number={start.hand_number}, totals={start.totals}, actions=[{moves}])"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # Hypothesis's pretty printer would otherwise walk every attrs field.
        printer.text(repr(self))

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.scenario.rules

    @property
    def start(self) -> GameState:
        """The state before the first action."""
        return self.scenario.start

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions, in order."""
        return tuple(t.action for t in self.transitions)

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every state, the start first."""
        return (self.start, *(t.after for t in self.transitions))

    @property
    def final(self) -> GameState:
        """The last state."""
        return self.transitions[-1].after if self.transitions else self.start


def legal_choice(state: GameState) -> SearchStrategy[Action]:
    """One of the legal actions, drawn by index (shrinking towards the first)."""
    legal = legal_actions(state)
    if not legal:
        raise AssertionError(f"no legal action in a {state.phase.value} state: {state!r}")
    return st.integers(0, len(legal) - 1).map(lambda index: legal[index])


@composite
def games(
    draw: DrawFn,
    scenario_strategy: SearchStrategy[Scenario] | None = None,
    max_hands: int = 3,
) -> Game:
    """A game from a drawn scenario, played by drawn legal actions until it ends
    or ``max_hands`` hands have been dealt (later deals are random)."""
    scenario = draw(scenarios() if scenario_strategy is None else scenario_strategy)
    state = scenario.start
    transitions: list[Transition] = []
    dealt = 0
    while not state.is_over:
        action: Action
        if state.phase is Phase.DEAL:
            if dealt == max_hands:
                break
            action = scenario.first_deal if dealt == 0 else draw(deals(state.rules))
            dealt += 1
        else:
            action = draw(legal_choice(state))
        after, events = step(state, action)
        transitions.append(Transition(state, action, after, events))
        state = after
    return Game(scenario, tuple(transitions))


def one_hand_games(
    scenario_strategy: SearchStrategy[Scenario] | None = None,
) -> SearchStrategy[Game]:
    """Games cut after the first hand: cheaper, for the costlier checks."""
    return games(scenario_strategy, max_hands=1)


# --- candidate actions (legal or not) ------------------------------------------


@composite
def bad_deals(draw: DrawFn, rules: Rules | None = None) -> Deal:
    """Deals that break the deal rule: a card twice, a seat short, a seat too few or many."""
    good = draw(deals(rules))
    hands = list(good.hands)
    # A deal names at most MAX_PLAYERS hands (more is refused when it is built).
    extra = ("extra",) if len(hands) < MAX_PLAYERS else ()
    how = draw(st.sampled_from(("duplicate", "move", "three", "short", *extra)))
    moved = draw(st.sampled_from(hands[0].cards()))
    if how == "duplicate":
        hands[1] = (hands[1] - CardSet([hands[1].cards()[0]])) | CardSet([moved])
    elif how == "move":
        hands[0] = hands[0] - CardSet([moved])
        hands[1] = hands[1] | CardSet([moved])
    elif how == "three":
        hands = hands[:-1]
    elif how == "short":
        hands[0] = hands[0] - CardSet([moved])
    else:
        hands.append(CardSet())
    return Deal(tuple(hands))


def _subsets(cards: CardSet, sizes: SearchStrategy[int]) -> SearchStrategy[CardSet]:
    listed = cards.cards()
    return sizes.flatmap(
        lambda size: st.permutations(listed).map(lambda order: CardSet(order[:size]))
    )


def _own_plays(state: GameState, seats: Sequence[int]) -> SearchStrategy[object]:
    """A seat among ``seats`` plays a card it holds (any card if its hand is empty)."""
    return st.sampled_from(seats).flatmap(
        lambda seat: st.sampled_from(state.hands[seat].cards() or DECK).map(
            lambda card: PlayCard(seat, card)
        )
    )


def _own_passes(
    state: GameState, seats: Sequence[int], sizes: SearchStrategy[int]
) -> SearchStrategy[object]:
    """A seat among ``seats`` passes cards it holds, ``sizes`` of them."""
    return st.sampled_from(seats).flatmap(
        lambda seat: _subsets(state.hands[seat], sizes).map(lambda cards: PassCards(seat, cards))
    )


def candidate_actions(state: GameState) -> SearchStrategy[object]:
    """Actions to try in ``state``: every kind, most of them illegal, and many of
    them near misses for the phase: the seat to play with each of its cards, a
    seat passing one card too few or too many, or passing a second time."""
    rules = state.rules
    players = rules.players
    cards = st.sampled_from(DECK)
    seats_up_to = st.integers(0, min(players + 1, MAX_PLAYERS - 1))
    anything: list[SearchStrategy[object]] = [
        # Seats past the table (up to the highest seat an action can name); a negative,
        # bool or float seat, or one above that, is refused when the action is built,
        # which test_properties checks on its own.
        st.builds(PlayCard, seats_up_to, cards),
        st.builds(
            PassCards,
            st.integers(0, players - 1),
            st.lists(cards, max_size=6, unique=True).map(CardSet),
        ),
        st.builds(ChooseMoon, seats_up_to, st.sampled_from(MoonOption)),
        deals(rules),
        bad_deals(rules),
        deals(),
        st.sampled_from((None, "2C", 0, (0, "2C"))),
    ]
    if not state.hands:
        return st.one_of(anything)
    seats = range(players)
    count = rules.pass_count
    near: list[SearchStrategy[object]] = [_own_plays(state, seats)]
    if state.phase is Phase.PLAY:
        near.append(_own_plays(state, state.to_act))
    elif state.phase is Phase.PASS:
        near.append(_own_passes(state, seats, st.integers(max(0, count - 1), count + 1)))
        passed = [seat for seat, cards in enumerate(state.passes) if cards is not None]
        if passed:
            near.append(_own_passes(state, passed, st.just(count)))
    # Near misses half the time, anything the other half.
    return st.one_of(st.one_of(near), st.one_of(anything))


# --- what a game reached ------------------------------------------------------------


def features(game: Game) -> frozenset[str]:
    """The rare situations ``game`` went through."""
    found: set[str] = set()
    rules = game.rules
    for t in game.transitions:
        before, action = t.before, t.action
        if isinstance(action, PlayCard) and before.phase is Phase.PLAY:
            hand = before.hands[action.seat]
            if not before.tricks and rules.card_points(action.card) > 0:
                found.add("points-on-first-trick")
            if not before.current_trick and before.tricks and not before.hearts_broken:
                if hand <= HEARTS:
                    found.add("only-hearts-leader")
                elif hand <= POINT_CARDS and QUEEN_OF_SPADES in hand and hand & HEARTS:
                    found.add("hearts-and-queen-leader")
        if isinstance(action, ChooseMoon):
            found.add("moon-choice")
        for each in t.events:
            if isinstance(each, MoonShot):
                found.add("moon")
                automatic = rules.moon is MoonScoring.AUTOMATIC
                if automatic and each.option is MoonOption.SUBTRACT_FROM_SHOOTER:
                    found.add("automatic-moon-subtracts")
            if isinstance(each, SunShot):
                found.add("sun")
            if isinstance(each, HandScored) and rules.game_end is GameEnd.COUNT_DOWN:
                if t.after.counting_down and not t.before.counting_down:
                    found.add("count-down-begins")
                if t.after.is_over:
                    found.add("count-down-ends")
            elif isinstance(each, HandScored) and max(each.totals) >= rules.target_score:
                shared = each.totals.count(min(each.totals)) > 1
                found.add("tie-at-end" if shared else "game-over")
            if (
                isinstance(each, CardPlayed)
                and rules.only_discards_break_hearts
                and rules.card_points(each.card) > 0
                and not (before.hearts_broken or t.after.hearts_broken)
            ):
                found.add("heart-played-without-breaking")
    if rules.players != PLAYERS:
        found.add(f"{rules.players} players")
    return frozenset(found)


def report(game: Game) -> None:
    """Tell Hypothesis's statistics which scenario ran and which rare cases it reached."""
    event(f"scenario: {game.scenario.kind}")
    for name in sorted(features(game)):
        event(f"reached: {name}")
