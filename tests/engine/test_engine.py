"""The transition function: the engine's steps, the constructors it builds states with,
and the state's own checks."""

from __future__ import annotations

import random

import pytest

from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    Deal,
    Event,
    GameOver,
    GameState,
    HandScored,
    InvalidActionError,
    InvalidRulesError,
    InvalidStateError,
    MoonOption,
    MoonShot,
    PassCards,
    Phase,
    PlayCard,
    Rules,
    Suit,
    SunShot,
    Trick,
    apply,
    legal_actions,
    new_game,
    random_deal,
    step,
    variant,
)
from hearts_core.cards import FULL_DECK
from hearts_core.engine import MAX_HAND_NUMBER, MAX_TOTAL
from hearts_core.kernel import exchange, first_trick
from hearts_core.legality import seat_passes
from hearts_core.rules import PassDirection, variant_info
from hearts_core.state import NO_PASSES, dealer_of, first_leader, hearts_broken_by

# --- Pins for hearts_core/engine.py, found by mutation testing (docs/mutation-engine.md) --

# --- new_game: the hand number ---------------------------------------------------------


def test_hand_number_bounds_are_one_million_and_zero() -> None:
    assert MAX_HAND_NUMBER == 1_000_000
    # Both ends are allowed: 0 and 1,000,000.
    assert new_game(hand_number=0).hand_number == 0
    assert new_game(hand_number=1_000_000).hand_number == 1_000_000
    for bad in (-1, 1_000_001):
        with pytest.raises(InvalidStateError) as raised:
            new_game(hand_number=bad)
        assert raised.value.field == "hand_number"
        assert raised.value.reason == f"must be an integer from 0 to 1000000, not {bad}"


def test_hand_number_must_be_an_int_not_a_bool_or_float() -> None:
    for bad, text in ((True, "True"), (2.0, "2.0"), ("2", "'2'")):
        with pytest.raises(InvalidStateError) as raised:
            new_game(hand_number=bad)  # type: ignore[arg-type]
        assert raised.value.field == "hand_number"
        assert raised.value.reason == f"must be an integer from 0 to 1000000, not {text}"


# --- new_game: the totals ----------------------------------------------------------------


def test_totals_bounds_are_plus_and_minus_a_billion() -> None:
    assert MAX_TOTAL == 10**9
    # A classic game ends at 100: large negative totals and one total of a billion are
    # refused only as out of range, so use rules whose target is out of reach.
    rules = Rules(target_score=1_000_000)
    low = new_game(rules, totals=(-(10**9), 0, 0, 0))
    assert low.totals == (-(10**9), 0, 0, 0)
    # A total of a billion only fits a count-down game already counting down.
    dutch = Rules(game_end="count-down", target_score=100)
    high = new_game(dutch, totals=(10**9, 1, 1, 1), counting_down=True)
    assert high.totals == (10**9, 1, 1, 1)
    for bad in (-(10**9) - 1, 10**9 + 1):
        with pytest.raises(InvalidStateError) as raised:
            new_game(rules, totals=(bad, 0, 0, 0))
        assert raised.value.field == "totals"
        assert raised.value.reason == (
            f"must be integers from -1000000000 to 1000000000, not {bad}"
        )


def test_totals_may_be_a_list_and_come_back_a_tuple() -> None:
    state = new_game(totals=[1, 2, 3, 4])
    assert state.totals == (1, 2, 3, 4)
    assert type(state.totals) is tuple


@pytest.mark.parametrize("totals", [(0, 0, 0), (0, 0, 0, 0, 0), "0000", {0, 1, 2, 3}])
def test_totals_of_the_wrong_length_or_type_are_refused(totals: object) -> None:
    with pytest.raises(InvalidStateError) as raised:
        new_game(totals=totals)  # type: ignore[arg-type]
    assert raised.value.field == "totals"
    assert raised.value.reason == "must be 4 integers, one per seat"


def test_totals_entries_must_be_ints() -> None:
    for bad, text in ((True, "True"), (1.0, "1.0")):
        with pytest.raises(InvalidStateError) as raised:
            new_game(totals=(0, bad, 0, 0))  # type: ignore[arg-type]
        assert raised.value.reason == (
            f"must be integers from -1000000000 to 1000000000, not {text}"
        )


def test_default_totals_are_zero_per_seat_of_the_rules() -> None:
    assert new_game(Rules(players=3)).totals == (0, 0, 0)
    assert new_game(Rules(players=6)).totals == (0, 0, 0, 0, 0, 0)


def test_counting_down_must_be_a_bool() -> None:
    with pytest.raises(InvalidStateError) as raised:
        new_game(counting_down=1)  # type: ignore[arg-type]
    assert raised.value.field == "counting_down"
    assert raised.value.reason == "must be true or false, not 1"


# --- new_game: the rules -----------------------------------------------------------------


def test_rules_may_be_a_variant_or_a_name() -> None:
    info = variant_info("three-player")
    assert new_game(info).rules is info.rules
    assert new_game("three-player").rules == info.rules
    rules = Rules(players=5)
    assert new_game(rules).rules is rules
    assert new_game(None).rules == Rules()


def test_rules_of_another_type_are_refused() -> None:
    with pytest.raises(InvalidRulesError) as raised:
        new_game(42)  # type: ignore[arg-type]
    assert raised.value.field == "rules"
    assert raised.value.reason == "must be Rules, a Variant or a variant name, not 42"


def test_new_game_waits_for_a_deal() -> None:
    state = new_game(hand_number=5)
    assert state.phase is Phase.DEAL
    assert state.to_act == ()


# --- step: the events of the hand's last card ------------------------------------------

# Seat 0 holds every club: it leads the 2C, nobody else can follow a club, so it takes
# every trick (a sun) and with them every heart and the QS (a moon).
ALL_CLUBS = Deal(
    [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
)


def last_events(state: GameState) -> tuple[Event, ...]:
    """Play the first legal card until the hand ends; the events of the last play."""
    state = apply(state, ALL_CLUBS)
    events: tuple[Event, ...] = ()
    while state.phase is Phase.PLAY:
        state, events = step(state, legal_actions(state)[0])
    return events


def test_taking_every_trick_is_reported_as_a_sun_shot_by_that_seat() -> None:
    rules = Rules(pass_cycle=["hold"], sun="subtract-from-shooter", sun_points=52)
    events = last_events(new_game(rules))
    shots = [event for event in events if isinstance(event, SunShot | MoonShot)]
    assert shots == [SunShot(0)]
    scored = events[-1]
    assert isinstance(scored, HandScored)
    assert scored.scores == (-52, 0, 0, 0)
    assert scored.totals == (-52, 0, 0, 0)


def test_a_moon_in_a_count_down_game_is_reported_as_the_count_down_scores_it() -> None:
    # Counting down, the others' totals 30, 20 and 10 less 26 each would end the game
    # with seat 0 (110) far from the lowest: the automatic moon subtracts from the
    # shooter instead. Counting up, nothing would end and the moon would add.
    rules = Rules(
        pass_cycle=["hold"], game_end="count-down", target_score=100, moon="automatic"
    )
    events = last_events(new_game(rules, totals=(110, 30, 20, 10), counting_down=True))
    shots = [event for event in events if isinstance(event, SunShot | MoonShot)]
    assert shots == [MoonShot(0, MoonOption.SUBTRACT_FROM_SHOOTER)]
    scored = events[-1]
    assert isinstance(scored, HandScored)
    assert scored.scores == (-26, 0, 0, 0)
    # Counting down, a score is taken off the total: 110 - (-26) is 136, and with every
    # total above 0 the game goes on.
    assert scored.totals == (136, 30, 20, 10)
    assert not any(isinstance(event, GameOver) for event in events)


# --- exchange -------------------------------------------------------------------------------


def test_exchange_refuses_passes_that_do_not_match_the_hands() -> None:
    # One pass per dealt hand: a short list of passes is an error, not a silent cut.
    dealt = [CardSet.parse(text).mask for text in ("2C 3C", "4D 5D", "6H 7H")]
    given = [CardSet.parse(text).mask for text in ("2C", "4D")]
    with pytest.raises(ValueError):
        exchange(dealt, given, PassDirection.LEFT)
    with pytest.raises(ValueError):
        exchange(dealt[:2], [*given, 0], PassDirection.LEFT)


def test_a_moon_waiting_for_the_shooters_choice_keeps_hearts_broken() -> None:
    rules = Rules(pass_cycle=["hold"], moon="shooter-chooses")
    state = apply(new_game(rules), ALL_CLUBS)
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.MOON
    assert state.to_act == (0,)
    # Every heart was played, so hearts are broken, and every card is played.
    assert state.hearts_broken is True
    assert state.hands == (CardSet(), CardSet(), CardSet(), CardSet())
    assert state.current_trick == ()


def test_a_count_down_game_keeps_counting_down_below_the_target() -> None:
    # Seat 0 takes all 26 points (no moon in these rules): counting down, 60 - 26 is 34,
    # below the target 50, but once a game counts down it counts down to its end.
    rules = Rules(pass_cycle=["hold"], game_end="count-down", target_score=50, moon="off")
    state = apply(new_game(rules, totals=(60, 30, 20, 10), counting_down=True), ALL_CLUBS)
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.DEAL
    assert state.totals == (34, 30, 20, 10)
    assert state.counting_down is True


def test_a_first_trick_without_the_first_lead_card_fails_its_check() -> None:
    # first_trick() expects a checked deal: nobody holding the 2C is a broken invariant.
    hands = [CardSet.parse(text).mask for text in ("3C", "4C", "5C", "6C")]
    with pytest.raises(AssertionError) as raised:
        first_trick(new_game().context, (), tuple(hands))
    # An assertion has no fields: its message says which check it is, the first trick's.
    assert str(raised.value) == "a checked deal holds the first lead card"


# --- apply: a forged action --------------------------------------------------------------


def forged_pass(seat: object, cards: CardSet) -> PassCards:
    """A PassCards built around its validators, as code that forges one would."""
    action: PassCards = tuple.__new__(PassCards, (seat, cards))  # type: ignore[type-var]
    return action


def test_a_forged_pass_whose_seat_is_true_is_refused_as_malformed() -> None:
    # True == 1, but a seat must be an int exactly: the pass is refused, even though
    # seat 1 holds the cards and is still to pass.
    state = apply(new_game(), ALL_CLUBS)
    assert state.phase is Phase.PASS
    with pytest.raises(InvalidActionError) as raised:
        apply(state, forged_pass(True, CardSet.parse("2D 3D 4D")))
    assert raised.value.field == "seat"
    with pytest.raises(InvalidActionError):
        apply(state, forged_pass(1.0, CardSet.parse("2D 3D 4D")))


# --- Pins for the fields a state keeps for speed (hearts_core/builders.py and the engine),

def _check(state: GameState) -> None:
    if state.phase is Phase.PLAY:
        assert state.seat_to_play == state.to_act[0]
        plays = [a for a in legal_actions(state) if isinstance(a, PlayCard)]
        assert state.legal_bits == CardSet(play.card for play in plays).mask
    else:
        assert state.seat_to_play == -1
        assert state.legal_bits == 0
    if state.phase is Phase.PASS:
        # Listed when first asked for, then kept: before that the field holds None.
        kept = state.pass_listing
        listed = seat_passes(state)
        assert kept is None or kept is listed
        assert state.pass_listing is listed
        assert [part.seat for part in listed.parts] == list(state.to_act)
    else:
        assert state.pass_listing is NO_PASSES


@pytest.mark.parametrize("name", ["standard", "moon-choice", "no-passing", "three-player"])
def test_the_fields_kept_for_speed_hold_their_phase_values_in_every_state(name: str) -> None:
    rules = variant(name)
    rng = random.Random(7)
    # Seat 0 starts one point short of the end: the first point it takes ends the game.
    state = new_game(rules, totals=(rules.target_score - 1,) + (0,) * (rules.players - 1))
    phases = set()
    for _ in range(40):
        _check(state)
        if state.is_over:
            break
        state = apply(state, random_deal(rules, rng))
        while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
            _check(state)
            phases.add(state.phase)
            state = apply(state, rng.choice(legal_actions(state)))
    assert state.is_over
    assert Phase.PLAY in phases
    assert (Phase.PASS in phases) is (name != "no-passing")


def test_the_state_waiting_for_the_moon_choice_keeps_no_play_or_pass() -> None:
    # Seat 0 holds every club and leads the 2C: the others can never follow, so it takes
    # every trick, and every point, whatever anyone plays. The hand is one without passing.
    rules = variant("moon-choice")
    hold = next(h for h in range(8) if rules.pass_direction(h) is PassDirection.HOLD)
    deck = [card for card in FULL_DECK if card.suit is not Suit.CLUBS]
    hands = [CardSet.parse("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")]
    hands += [CardSet(deck[i : i + 13]) for i in (0, 13, 26)]
    state = apply(new_game(rules, hand_number=hold), Deal(hands))
    rng = random.Random(1)
    while state.phase is Phase.PLAY:
        _check(state)
        state = apply(state, rng.choice(legal_actions(state)))
    assert state.phase is Phase.MOON and state.to_act == (0,)
    _check(state)
    choice = legal_actions(state)[0]
    assert isinstance(choice, ChooseMoon)
    _check(apply(state, choice))


# --- Pins for hearts_core/state.py, found by mutation testing (docs/mutation-engine.md) ---

def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(part) for part in text.split())


def test_a_game_state_cannot_be_built_by_hand() -> None:
    with pytest.raises(InvalidStateError) as raised:
        GameState()
    assert raised.value.field == "state"
    assert raised.value.reason == "game states are built by new_game and apply, not by hand"


def test_when_only_discards_break_hearts_a_discarded_heart_in_a_trick_breaks_them() -> None:
    discards = Rules(only_discards_break_hearts=True).tables()
    # Spades led, a heart discarded: broken. Hearts led and followed: not broken.
    assert hearts_broken_by(discards, [Trick(0, cards("2S 5H 3S 4S"))], ()) is True
    assert hearts_broken_by(discards, [], cards("2S 5H")) is True
    assert hearts_broken_by(discards, [Trick(0, cards("5H 6H 7H 8H"))], ()) is False
    assert hearts_broken_by(discards, [], cards("5H 6H")) is False


@pytest.mark.parametrize(
    ("players", "hand_number", "leader"),
    [(4, 0, 0), (4, 1, 1), (4, 2, 2), (4, 3, 3), (3, 4, 1), (5, 7, 2)],
)
def test_left_of_dealer_the_seat_after_the_dealer_leads(
    players: int, hand_number: int, leader: int
) -> None:
    # The last seat deals hand 0, then the deal moves left: hand h is dealt by seat
    # (h - 1) mod players, and the seat after it leads, seat h mod players.
    rules = Rules(players=players, first_lead="left-of-dealer", pass_cycle=["hold"])
    dealer = dealer_of(hand_number, players)
    assert dealer == (hand_number - 1) % players
    hands = [0] * players
    assert first_leader(rules.tables(), hands, dealer) == leader
    state = new_game(rules, hand_number=hand_number)
    state = apply(state, random_deal(rules, random.Random(hand_number)))
    assert state.leader == leader
    assert state.to_act == (leader,)


def test_first_leader_is_none_when_nobody_holds_the_first_lead_card() -> None:
    hands = [CardSet.parse(text).mask for text in ("3C", "4C", "5C", "6C")]
    assert first_leader(Rules().tables(), hands, 3) is None
