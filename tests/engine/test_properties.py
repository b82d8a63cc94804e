"""Property-based tests of hearts_core over random rules, deals and legal play.

Each property is one named test. The ``check_*`` functions hold the property
for one state or one transition; the state machine in ``test_state_machine``
reuses them as its invariants.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from helpers.reference import (
    check_action_consistent,
    check_cards_in_one_place,
    check_events_match_change,
    check_game_end,
    check_hand_points_bounded,
    check_hand_scored,
    check_legal_actions_follow_rules,
    check_to_act_have_legal_actions,
    check_view_shows_no_other_hand,
    reference_counting_down,
    reference_game_over,
    reference_legal_plays,
    reference_totals,
    shot_scores,
    table,
    valid_deal,
)
from helpers.strategies import (
    HEARTS,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    Game,
    Scenario,
    any_rules,
    budget,
    candidate_actions,
    deals,
    end_of_game_scenarios,
    features,
    games,
    moon_scenarios,
    one_hand_games,
    only_hearts_leader_scenarios,
    report,
    scenarios,
    void_clubs_scenarios,
)
from hypothesis import Phase as HypothesisPhase
from hypothesis import event, find, given, settings
from hypothesis import strategies as st
from hypothesis.strategies import DrawFn, composite

from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    Deal,
    GameState,
    HandScored,
    IllegalActionError,
    InvalidActionError,
    MoonChosen,
    MoonOption,
    MoonShot,
    PassCards,
    Phase,
    PlayCard,
    Rule,
    Rules,
    SunShot,
    apply,
    explain,
    is_legal,
    legal_actions,
    new_game,
    observe,
    step,
)
from hearts_core.belief import resample
from hearts_core.rules import (
    GameEnd,
    MoonScoring,
    PassDirection,
    SunScoring,
)
from hearts_core.scoring import counting_down_after, game_is_over, totals_after

# --- reference rules, written from the rules text and the Rules field docs --------


# --- checks on one state ------------------------------------------------------------


# --- checks on one transition ---------------------------------------------------


# --- the property tests ---------------------------------------------------------


@pytest.mark.slow
@given(games())
def test_every_card_is_in_exactly_one_place(game: Game) -> None:
    report(game)
    for state in game.states:
        check_cards_in_one_place(state)


@pytest.mark.slow
@given(games())
def test_every_seat_to_act_has_a_legal_action(game: Game) -> None:
    report(game)
    for state in game.states:
        check_to_act_have_legal_actions(state)


@pytest.mark.slow
@given(games())
def test_legal_actions_follow_the_written_rules(game: Game) -> None:
    report(game)
    for state in game.states:
        check_legal_actions_follow_rules(state)


@settings(max_examples=budget(0.5))
@given(one_hand_games())
def test_every_legal_action_applies(game: Game) -> None:
    report(game)
    for state in game.states:
        legal = legal_actions(state)
        # Every play and moon choice; passes are many, so a spread of them.
        stride = max(1, len(legal) // 40)
        for index in range(0, len(legal), stride):
            action = legal[index]
            assert is_legal(state, action) and explain(state, action) is None, action
            after = apply(state, action)
            assert step(state, action)[0] == after
            check_cards_in_one_place(after)


@pytest.mark.slow
@settings(max_examples=budget(0.5))
@given(st.data())
def test_illegal_actions_raise_and_leave_the_state_unchanged(data: st.DataObject) -> None:
    game = data.draw(one_hand_games(), label="game")
    report(game)
    reached: set[Rule] = set()
    # Every state but the many of play, and a dozen of those.
    rare = [i for i, s in enumerate(game.states) if s.phase is not Phase.PLAY]
    playing = [i for i, s in enumerate(game.states) if s.phase is Phase.PLAY]
    drawn = st.lists(st.sampled_from(playing), max_size=12) if playing else st.just([])
    for index in rare + data.draw(drawn, label="states of play tried"):
        state = game.states[index]
        for _ in range(3):
            action = data.draw(candidate_actions(state), label="candidate")
            check_action_consistent(state, action)
            error = explain(state, action)
            if isinstance(error, IllegalActionError):
                reached.add(error.rule)
    for rule in sorted(reached, key=lambda r: r.value):
        event(f"refused: {rule.value}")


@pytest.mark.slow
@given(games())
def test_apply_never_mutates_its_input(game: Game) -> None:
    report(game)
    snapshots = [copy.deepcopy(state) for state in game.states]
    for t in game.transitions:
        action = copy.deepcopy(t.action)
        apply(t.before, t.action)
        step(t.before, t.action)
        assert t.action == action
    assert list(game.states) == snapshots


@pytest.mark.slow
@given(games())
def test_hand_points_total_26_or_the_moon_outcome(game: Game) -> None:
    report(game)
    for t in game.transitions:
        check_hand_scored(t)
    for state in game.states:
        check_hand_points_bounded(state)


@pytest.mark.slow
@given(games())
def test_replay_reproduces_the_same_states(game: Game) -> None:
    report(game)
    start = game.start
    if start.hand_number == 0 and start.totals == (0,) * game.rules.players:
        assert start == new_game(game.rules)
    state = start
    for t in game.transitions:
        # Rebuild each action from its parts, so replay does not rely on identity.
        action = copy.deepcopy(t.action)
        if isinstance(action, PlayCard):
            action = PlayCard(action.seat, str(action.card))
        elif isinstance(action, PassCards):
            action = PassCards(action.seat, str(action.cards))
        state = apply(state, action)
        assert state == t.after
        assert hash(state) == hash(t.after)


@pytest.mark.slow
@given(games())
def test_step_events_agree_with_the_change_of_state(game: Game) -> None:
    report(game)
    for t in game.transitions:
        check_events_match_change(t)


@pytest.mark.slow
@given(games())
def test_game_ends_exactly_when_target_reached_with_a_single_lowest(game: Game) -> None:
    report(game)
    for t in game.transitions:
        check_game_end(t)
    final = game.final
    if final.is_over:
        assert reference_game_over(game.rules, final.totals, final.counting_down)
        low = min(final.totals)
        assert final.winners == tuple(s for s, total in enumerate(final.totals) if total == low)


@composite
def hidden_variants(draw: DrawFn, state: GameState, seat: int) -> GameState:
    """A state that ``seat`` sees as it sees ``state``: the cards it cannot see dealt
    again among the other seats, and their hidden pass choices drawn again, uniformly
    among the deals its view allows (:func:`~hearts_core.belief.resample`)."""
    seed = draw(st.integers(0, 2**64 - 1), label="resample seed")
    other = resample(observe(state, seat), random.Random(seed))
    assert other.phase is state.phase and other.hands[seat] == state.hands[seat]
    assert other.tricks == state.tricks and other.current_trick == state.current_trick
    return other


def _kind(state: GameState, card: Card) -> tuple[object, ...]:
    # Cards the rules treat alike: same suit and points, the queen of spades on
    # its own, and the lowest club too once its holder is known to lead.
    facts = table(state.rules)
    lead = card is facts.lowest_club and state.phase is not Phase.PASS
    return (card.suit, facts.points.get(card, 0), card is QUEEN_OF_SPADES, lead)


def _exchange(cards: CardSet, pair: CardSet) -> CardSet:
    return cards if len(cards & pair) != 1 else cards ^ pair


@composite
def replayed_variants(draw: DrawFn, game: Game, index: int, seat: int) -> GameState:
    """State ``index`` of ``game`` reached by another history that ``seat`` cannot
    tell apart: two hidden cards of the same kind trade places in the deal (and
    in any pass), and before the exchange the other seats pass other cards. The
    history is replayed with :func:`apply`, so the state is a real one."""
    state = game.states[index]
    start = max(j for j in range(index) if isinstance(game.transitions[j].action, Deal))
    known = CardSet()
    if state.phase is not Phase.PASS and state.passes:
        mine = state.passes[seat]
        assert mine is not None
        known = mine
    owner = {
        card: other
        for other in range(state.rules.players)
        if other != seat
        for card in state.hands[other] - known
    }
    first = draw(st.sampled_from(sorted(owner) or [TWO_OF_CLUBS]))
    partners = sorted(
        card
        for card, other in owner.items()
        if other != owner.get(first) and _kind(state, card) == _kind(state, first)
    )
    pair = CardSet([first, draw(st.sampled_from(partners))]) if partners else CardSet()
    alternative = game.transitions[start].before
    for t in game.transitions[start:index]:
        action = t.action
        if isinstance(action, Deal):
            action = Deal(tuple(_exchange(hand, pair) for hand in action.hands))
        elif isinstance(action, PassCards):
            cards = _exchange(action.cards, pair)
            if state.phase is Phase.PASS and action.seat != seat:
                hand = alternative.hands[action.seat].cards()
                cards = CardSet(draw(st.permutations(hand))[: len(cards)])
            action = PassCards(action.seat, cards)
        alternative = apply(alternative, action)
    return alternative


def _checked_states(data: st.DataObject, game: Game) -> list[int]:
    """Indices of states with cards in hand: every passing state (where hidden
    choices are pending) and a few drawn states of play."""
    passing = [i for i, s in enumerate(game.states) if i and s.phase is Phase.PASS]
    playing = [i for i, s in enumerate(game.states) if i and s.phase is Phase.PLAY]
    if not playing:
        return passing
    drawn = st.lists(st.sampled_from(playing), min_size=1, max_size=3, unique=True)
    return passing + data.draw(drawn, label="states of play checked")


def _same_view(state: GameState, other: GameState, seat: int) -> None:
    view, other_view = observe(state, seat), observe(other, seat)
    assert view == other_view, f"seat {seat} can tell {state!r} from {other!r}"
    assert list(view.legal_actions) == list(other_view.legal_actions)


@settings(max_examples=budget(0.5))
@given(st.data())
def test_observe_never_reveals_another_seats_cards(data: st.DataObject) -> None:
    """Dealing the hidden cards differently, as the view allows, leaves the view as it was."""
    game = data.draw(one_hand_games(), label="game")
    report(game)
    changed = False
    for index in _checked_states(data, game):
        state = game.states[index]
        seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
        other = data.draw(hidden_variants(state, seat), label="variant")
        changed = changed or other != state
        _same_view(state, other, seat)
    event(f"hidden cards moved: {changed}")


@settings(max_examples=budget(0.5))
@given(st.data())
def test_observe_cannot_tell_apart_histories_that_differ_only_in_hidden_cards(
    data: st.DataObject,
) -> None:
    """Replaying the hand with hidden cards traded (and other passes chosen) leaves
    the view as it was."""
    game = data.draw(one_hand_games(), label="game")
    report(game)
    changed = False
    for index in _checked_states(data, game):
        state = game.states[index]
        seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
        other = data.draw(replayed_variants(game, index, seat), label="history")
        changed = changed or other != state
        assert other.phase is state.phase and len(other.tricks) == len(state.tricks)
        _same_view(state, other, seat)
    event(f"hidden cards moved: {changed}")


@pytest.mark.slow
@settings(max_examples=budget(0.5))
@given(one_hand_games())
def test_views_hold_no_card_of_another_hand(game: Game) -> None:
    report(game)
    for state in game.states:
        for seat in range(game.rules.players):
            check_view_shows_no_other_hand(state, seat)


# --- the rare cases are reached --------------------------------------------------


@settings(max_examples=budget(0.25))
@given(one_hand_games(void_clubs_scenarios()))
def test_void_seat_with_only_points_plays_a_point_on_the_first_trick(game: Game) -> None:
    seat = game.scenario.seat
    (card,) = [
        t.action.card
        for t in game.transitions
        if isinstance(t.action, PlayCard) and not t.before.tricks and t.action.seat == seat
    ]
    assert card in POINT_CARDS
    assert "points-on-first-trick" in features(game)


@settings(max_examples=budget(0.25))
@given(one_hand_games(only_hearts_leader_scenarios()))
def test_leader_with_only_hearts_leads_one_before_hearts_are_broken(game: Game) -> None:
    seat = game.scenario.seat
    second = next(
        t for t in game.transitions if len(t.before.tricks) == 1 and not t.before.current_trick
    )
    state = second.before
    assert state.leader == seat and not state.hearts_broken
    hand = state.hands[seat]
    assert hand & HEARTS and hand <= POINT_CARDS
    legal = CardSet(a.card for a in legal_actions(state) if isinstance(a, PlayCard))
    assert legal == reference_legal_plays(state)
    rules = game.rules
    if QUEEN_OF_SPADES not in hand:
        # Only hearts: whatever the rules, one of them is led.
        assert legal <= HEARTS and "only-hearts-leader" in features(game)
    else:
        assert "hearts-and-queen-leader" in features(game)
        if rules.must_break_hearts and not rules.lead_hearts_instead_of_queen:
            # Hearts and the queen: the queen is the one card that is not a heart.
            assert legal == CardSet([QUEEN_OF_SPADES])


@settings(max_examples=budget(0.25))
@given(one_hand_games(moon_scenarios(MoonScoring.AUTOMATIC)))
def test_the_automatic_moon_adds_unless_that_loses_the_game_for_the_shooter(game: Game) -> None:
    (shot,) = [e for t in game.transitions for e in t.events if isinstance(e, MoonShot)]
    (scored,) = [e for t in game.transitions for e in t.events if isinstance(e, HandScored)]
    rules, before = game.rules, game.start.totals
    facts = table(rules)
    # The shooter took every card of the hand.
    taken = [facts.deck if s == shot.seat else CardSet() for s in range(rules.players)]
    add = shot_scores(rules, taken, shot.seat, MoonOption.ADD_TO_OTHERS, facts.moon_amount)
    down = game.start.counting_down
    added = reference_totals(rules, before, add, down)
    loses = reference_game_over(rules, added, down) and added[shot.seat] > min(added)
    expected = MoonOption.SUBTRACT_FROM_SHOOTER if loses else MoonOption.ADD_TO_OTHERS
    assert shot.option is expected, (before, added, scored)
    event(f"automatic moon: {expected.value}")


@settings(max_examples=budget(0.25))
@given(one_hand_games(moon_scenarios()))
def test_a_hand_that_takes_every_trick_shoots_the_moon_or_the_sun(game: Game) -> None:
    rules, seat = game.rules, game.scenario.seat
    assert seat is not None
    shots = [e for t in game.transitions for e in t.events if isinstance(e, (MoonShot, SunShot))]
    (scored,) = [e for t in game.transitions for e in t.events if isinstance(e, HandScored)]
    assert scored.points[seat] == table(rules).total  # it took every card
    if rules.sun is not SunScoring.OFF:
        assert shots == [SunShot(seat)] and "sun" in features(game)
    elif rules.moon is not MoonScoring.OFF:
        # One MoonShot per moon; the shooter's choice, if it has one, follows as MoonChosen.
        (shot,) = shots
        assert isinstance(shot, MoonShot) and shot.seat == seat
        chosen = [e for t in game.transitions for e in t.events if isinstance(e, MoonChosen)]
        if rules.moon is MoonScoring.SHOOTER_CHOOSES:
            assert shot.option is None
            (choice,) = [t.action for t in game.transitions if isinstance(t.action, ChooseMoon)]
            assert chosen == [MoonChosen(seat, choice.option)]
        else:
            assert shot.option is not None and not chosen
        assert "moon" in features(game)
    else:
        # Scored as taken, but for the rules' bonus to every other seat: none took a trick.
        bonus = rules.no_tricks_bonus
        expected = tuple(p + (0 if s == seat else bonus) for s, p in enumerate(scored.points))
        assert not shots and scored.scores == expected


@settings(max_examples=budget(0.25))
@given(one_hand_games(moon_scenarios(MoonScoring.SHOOTER_CHOOSES)))
def test_a_moon_choice_is_reported_and_scored_as_chosen(game: Game) -> None:
    """The mixed games seldom reach a moon choice: these hands always do. Every transition
    passes the checks the other properties run, the choice's included."""
    choices = [t for t in game.transitions if isinstance(t.action, ChooseMoon)]
    assert len(choices) == 1 and "moon-choice" in features(game)
    for t in game.transitions:
        check_events_match_change(t)
        check_hand_scored(t)
        check_game_end(t)
    (t,) = choices
    seat = game.scenario.seat
    assert isinstance(t.action, ChooseMoon) and seat is not None
    assert t.events[0] == MoonChosen(seat, t.action.option)


@settings(max_examples=budget(0.25))
@given(one_hand_games(end_of_game_scenarios(tie=True)))
def test_a_tie_for_lowest_at_the_target_plays_on(game: Game) -> None:
    (scored,) = [e for t in game.transitions for e in t.events if isinstance(e, HandScored)]
    assert max(scored.totals) >= game.rules.target_score
    assert scored.totals.count(min(scored.totals)) >= 2
    assert game.final.phase is Phase.DEAL
    assert "tie-at-end" in features(game)


@settings(max_examples=budget(0.25))
@given(one_hand_games(end_of_game_scenarios(tie=False)))
def test_a_single_lowest_at_the_target_ends_the_game(game: Game) -> None:
    assert game.final.is_over
    assert "game-over" in features(game)


_RARE = (
    "points-on-first-trick",
    "only-hearts-leader",
    "hearts-and-queen-leader",
    "moon",
    "moon-choice",
    "sun",
    "automatic-moon-subtracts",
    "tie-at-end",
    "game-over",
    "count-down-begins",
    "count-down-ends",
    "heart-played-without-breaking",
)


# the moon choice is rare in mixed games: finding one takes most of this test's time
@pytest.mark.parametrize(
    "feature",
    [pytest.param(f, marks=pytest.mark.slow) if f == "moon-choice" else f for f in _RARE],
)
def test_the_mixed_game_strategy_reaches(feature: str) -> None:
    """The strategy the properties run on reaches each rare case within a small budget."""
    found = find(
        games(),
        lambda game: feature in features(game),
        settings=settings(
            max_examples=400,
            derandomize=True,
            database=None,
            phases=[HypothesisPhase.generate],
        ),
    )
    assert feature in features(found)


@settings(max_examples=budget(0.5))
@given(scenarios())
def test_scenarios_start_waiting_for_a_valid_deal(scenario: Scenario) -> None:
    assert scenario.start.phase is Phase.DEAL
    assert is_legal(scenario.start, scenario.first_deal)
    assert valid_deal(scenario.rules, scenario.first_deal)


# --- totals and the end of the game, on their own -----------------------------------------


@given(any_rules(), st.data())
def test_totals_and_the_end_of_the_game_follow_the_field_docs(
    rules: Rules, data: st.DataObject
) -> None:
    """``totals_after``, ``game_is_over`` and ``counting_down_after`` agree with the references
    written from the field docs, on totals around the target and 0 and hand scores that
    include Full Polish's 25 from the target minus 1."""
    target = rules.target_score
    around = st.one_of(
        st.integers(-30, target + 30), st.sampled_from((0, target - 1, target, target + 1))
    )
    totals = tuple(data.draw(around, label="total") for _ in range(rules.players))
    scores = tuple(
        data.draw(st.one_of(st.integers(-60, 60), st.sampled_from((0, 25, 26, -26))), label="score")
        for _ in range(rules.players)
    )
    down = rules.game_end is GameEnd.COUNT_DOWN and data.draw(st.booleans(), label="down")
    after = totals_after(rules, totals, scores, down)
    assert after == reference_totals(rules, totals, scores, down)
    assert game_is_over(rules, after, down) == reference_game_over(rules, after, down)
    assert counting_down_after(rules, after, down) == reference_counting_down(rules, after, down)
    if rules.full_polish and not down and target - 1 in totals:
        event("full polish possible")


# --- seats that are not ints ------------------------------------------------------


@given(deals(), st.data())
def test_a_seat_that_is_not_an_int_is_refused(deal: Deal, data: st.DataObject) -> None:
    """A seat given as a ``bool``, a ``float`` or a negative number is not a seat:
    building the action refuses it with ``InvalidActionError`` on its ``seat``. Forced
    into a built action, it is refused the same way by ``explain`` and ``apply``, even
    when it equals the seat to play (attrs equality makes ``PlayCard(2.0, c) ==
    PlayCard(2, c)``)."""
    state = apply(new_game(Rules(pass_cycle=(PassDirection.HOLD,))), deal)
    (seat,) = state.to_act
    odd: list[Any] = [float(seat), seat - 4] + ([bool(seat)] if seat < 2 else [])
    chosen = data.draw(st.sampled_from(odd), label="seat")
    with pytest.raises(InvalidActionError) as built:
        PlayCard(chosen, TWO_OF_CLUBS)
    assert built.value.field == "seat"
    # The seat to play leads the 2C: legal but for the forged seat.
    forged = tuple.__new__(PlayCard, (chosen, TWO_OF_CLUBS))  # type: ignore[type-var]
    error = explain(state, forged)
    assert isinstance(error, InvalidActionError) and error.field == "seat", (chosen, error)
    assert not is_legal(state, forged)
    snapshot = copy.deepcopy(state)
    with pytest.raises(InvalidActionError) as raised:
        apply(state, forged)
    assert raised.value.field == "seat"
    with pytest.raises(InvalidActionError):
        step(state, forged)
    assert state == snapshot
