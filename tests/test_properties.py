"""Property-based tests of hearts_core over random rules, deals and legal play.

Each property is one named test. The ``check_*`` functions hold the property
for one state or one transition; the state machine in ``test_state_machine``
reuses them as its invariants.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable
from typing import Any, cast

import attrs
import pytest
from hypothesis import Phase as HypothesisPhase
from hypothesis import event, find, given, settings
from hypothesis import strategies as st
from hypothesis.strategies import DrawFn, composite
from strategies import (
    DECK,
    HAND_SIZE,
    HEARTS,
    MOON_AMOUNT,
    PLAYERS,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    TRICKS_PER_HAND,
    TWO_OF_CLUBS,
    Game,
    Scenario,
    Transition,
    budget,
    candidate_actions,
    deals,
    end_of_game_scenarios,
    features,
    games,
    moon_scenarios,
    moon_scores,
    one_hand_games,
    only_hearts_leader_scenarios,
    report,
    scenarios,
    void_clubs_scenarios,
)

from hearts_core import (
    FULL_DECK,
    Card,
    CardPlayed,
    CardSet,
    CardsPassed,
    ChooseMoon,
    Deal,
    Event,
    GameOver,
    GameState,
    HandDealt,
    HandScored,
    HeartsBroken,
    IllegalActionError,
    MoonOption,
    MoonScoring,
    MoonShot,
    PassCards,
    PassDirection,
    PassSubmitted,
    Phase,
    PlayCard,
    PlayerView,
    Rule,
    Rules,
    Trick,
    TrickTaken,
    apply,
    explain,
    is_legal,
    legal_actions,
    new_game,
    observe,
    step,
)

# --- reference rules, written from the rules text -------------------------------


def card_points(card: Card) -> int:
    """Hearts score 1, the queen of spades 13, the rest nothing."""
    if card is QUEEN_OF_SPADES:
        return 13
    return 1 if card in HEARTS else 0


def breaking_cards(rules: Rules) -> CardSet:
    """The cards whose play breaks hearts under ``rules``."""
    return HEARTS | CardSet([QUEEN_OF_SPADES]) if rules.queen_breaks_hearts else HEARTS


def played_cards(state: GameState) -> CardSet:
    """Cards played this hand, read from the tricks (not from the hands)."""
    cards = [card for trick in state.tricks for card in trick.cards]
    return CardSet([*cards, *state.trick])


def current_seat(state: GameState) -> int:
    """The seat to play in a PLAY state."""
    return (state.leader + len(state.trick)) % PLAYERS


def trick_winner(leader: int, cards: tuple[Card, ...]) -> int:
    """The seat that played the highest card of the suit led."""
    led = cards[0].suit
    best = max((i for i in range(PLAYERS) if cards[i].suit is led), key=lambda i: cards[i].rank)
    return (leader + best) % PLAYERS


def taken_cards(tricks: Iterable[Trick]) -> list[CardSet]:
    """The cards each seat took in ``tricks``."""
    taken = [CardSet() for _ in range(PLAYERS)]
    for trick in tricks:
        winner = trick_winner(trick.leader, trick.cards)
        taken[winner] = taken[winner] | CardSet(trick.cards)
    return taken


def reference_legal_plays(state: GameState) -> CardSet:
    """The cards the seat to play may play, by the rules as written."""
    hand = state.hands[current_seat(state)]
    if state.trick:
        follow = hand.of_suit(state.trick[0].suit)
        if follow:
            return follow
        if not state.tricks and hand - POINT_CARDS:
            return hand - POINT_CARDS
        return hand
    if not state.tricks:
        return hand & CardSet([TWO_OF_CLUBS])
    broken = bool(played_cards(state) & breaking_cards(state.rules))
    if not broken and hand - HEARTS:
        return hand - HEARTS
    return hand


def valid_seat(seat: object) -> bool:
    """Whether ``seat`` names a seat (an ``int``, not a ``bool``, 0 to 3)."""
    return type(seat) is int and 0 <= seat < PLAYERS


def valid_deal(action: Deal) -> bool:
    """Whether a deal gives four seats 13 cards each, every card once."""
    hands = action.hands
    if len(hands) != PLAYERS or any(len(hand) != HAND_SIZE for hand in hands):
        return False
    union = CardSet()
    for hand in hands:
        union = union | hand
    return union == FULL_DECK


_PHASE_ACTION: dict[Phase, type] = {
    Phase.DEAL: Deal,
    Phase.PASS: PassCards,
    Phase.PLAY: PlayCard,
    Phase.MOON: ChooseMoon,
}


def broken_rules(state: GameState, action: object) -> frozenset[Rule]:
    """The rules ``action`` breaks in ``state`` (empty when it is legal). When it
    breaks several, the engine may name any one of them."""
    if not isinstance(action, (Deal, PassCards, PlayCard, ChooseMoon)):
        return frozenset({Rule.NOT_AN_ACTION})
    if _PHASE_ACTION.get(state.phase) is not type(action):
        return frozenset({Rule.WRONG_PHASE})
    if isinstance(action, Deal):
        return frozenset() if valid_deal(action) else frozenset({Rule.INVALID_DEAL})
    if isinstance(action, ChooseMoon):
        shooter = state.to_act[0] if state.to_act else None
        return frozenset() if action.seat == shooter else frozenset({Rule.NOT_YOUR_TURN})
    if not valid_seat(action.seat):
        return frozenset({Rule.NOT_AN_ACTION, Rule.NOT_YOUR_TURN})
    broken: set[Rule] = set()
    hand = state.hands[action.seat]
    if isinstance(action, PassCards):
        if state.passes[action.seat] is not None:
            broken.add(Rule.ALREADY_PASSED)
        if len(action.cards) != state.rules.pass_count:
            broken.add(Rule.WRONG_PASS_COUNT)
        if not action.cards <= hand:
            broken.add(Rule.CARD_NOT_IN_HAND)
        return frozenset(broken)
    if action.seat != current_seat(state):
        broken.add(Rule.NOT_YOUR_TURN)
    if action.card not in hand:
        broken.add(Rule.CARD_NOT_IN_HAND)
    if broken or action.card in reference_legal_plays(state):
        return frozenset(broken)
    if state.trick:
        if hand.of_suit(state.trick[0].suit):
            return frozenset({Rule.MUST_FOLLOW_SUIT})
        return frozenset({Rule.NO_POINTS_ON_FIRST_TRICK})
    if not state.tricks:
        return frozenset({Rule.FIRST_LEAD_TWO_OF_CLUBS})
    return frozenset({Rule.HEARTS_NOT_BROKEN})


# --- checks on one state ------------------------------------------------------------


def check_cards_in_one_place(state: GameState) -> None:
    """Every card is in exactly one place: a hand, the trick in progress or a
    completed trick. Passed cards stay in their giver's hand until the exchange."""
    if state.phase in (Phase.DEAL, Phase.GAME_OVER):
        assert state.hands == () and state.tricks == () and state.trick == (), state
        return
    places = [*state.hands, *(CardSet(t.cards) for t in state.tricks), CardSet(state.trick)]
    # Count the cards as listed, so a card twice in one trick is caught too.
    listed = sum(len(hand) for hand in state.hands) + len(state.trick)
    listed += sum(len(trick.cards) for trick in state.tricks)
    union = CardSet()
    for place in places:
        union = union | place
    assert listed == len(FULL_DECK), f"{listed} cards in play: {state!r}"
    assert union == FULL_DECK, f"missing {FULL_DECK - union}: {state!r}"
    assert all(len(trick.cards) == PLAYERS for trick in state.tricks)
    assert len(state.trick) < PLAYERS
    played_by = [CardSet() for _ in range(PLAYERS)]
    for trick in [*state.tricks, Trick(state.leader, state.trick)]:
        for index, card in enumerate(trick.cards):
            seat = (trick.leader + index) % PLAYERS
            played_by[seat] = played_by[seat] | CardSet([card])
    for seat in range(PLAYERS):
        assert len(state.hands[seat]) + len(played_by[seat]) == HAND_SIZE, (seat, state)
    if state.phase is Phase.PASS:
        for seat, passed in enumerate(state.passes):
            if passed is not None:
                assert len(passed) == state.rules.pass_count
                assert passed <= state.hands[seat], f"seat {seat} passed cards it lacks"
    elif state.passes:
        offset = state.pass_direction.offset
        for giver, passed in enumerate(state.passes):
            assert passed is not None
            receiver = (giver + offset) % PLAYERS
            assert passed <= state.hands[receiver] | played_by[receiver], (giver, state)


def check_to_act_have_legal_actions(state: GameState) -> None:
    """Every non-terminal state has a legal action for each seat in ``to_act``;
    a deal is the caller's, so the DEAL phase has nobody to act."""
    if state.phase in (Phase.DEAL, Phase.GAME_OVER):
        assert state.to_act == ()
        assert len(legal_actions(state)) == 0
        assert all(len(legal_actions(state, seat)) == 0 for seat in range(PLAYERS))
        return
    assert state.to_act, f"nobody to act in a {state.phase.value} state"
    for seat in range(PLAYERS):
        mine = legal_actions(state, seat)
        if seat in state.to_act:
            assert len(mine) > 0, f"seat {seat} must act and has no legal action: {state!r}"
        else:
            assert len(mine) == 0, f"seat {seat} is not to act but has actions"
    assert len(legal_actions(state)) == sum(len(legal_actions(state, s)) for s in state.to_act)


def check_legal_actions_follow_rules(state: GameState) -> None:
    """``legal_actions`` is what the written rules allow, and ``is_legal`` agrees
    with it for every play by every seat."""
    legal = legal_actions(state)
    if state.phase is Phase.PLAY:
        seat = current_seat(state)
        assert all(isinstance(a, PlayCard) and a.seat == seat for a in legal)
        cards = CardSet(a.card for a in legal if isinstance(a, PlayCard))
        assert len(cards) == len(legal), "a play is listed twice"
        assert cards == reference_legal_plays(state), (cards, reference_legal_plays(state), state)
        for each in range(PLAYERS):
            for card in DECK:
                action = PlayCard(each, card)
                assert is_legal(state, action) == (each == seat and card in cards), action
    elif state.phase is Phase.PASS:
        count = state.rules.pass_count
        for seat in state.to_act:
            mine = legal_actions(state, seat)
            hand = state.hands[seat]
            assert len(mine) == math.comb(len(hand), count)
            if len(mine) <= 2000:
                passes = [a for a in mine]
                masks = {a.cards for a in passes if isinstance(a, PassCards)}
                assert len(masks) == len(passes), "a pass is listed twice"
                for a in passes:
                    assert isinstance(a, PassCards) and a.seat == seat
                    assert len(a.cards) == count and a.cards <= hand
    elif state.phase is Phase.MOON:
        (shooter,) = state.to_act
        assert set(legal) == {ChooseMoon(shooter, option) for option in MoonOption}
        assert CardSet(POINT_CARDS) <= taken_cards(state.tricks)[shooter]


def check_action_consistent(state: GameState, action: object) -> None:
    """``explain``, ``is_legal``, ``legal_actions`` and ``apply`` agree on ``action``:
    a legal one applies, an illegal one raises ``IllegalActionError`` naming a
    rule it breaks and leaves the state as it was."""
    expected = broken_rules(state, action)
    error = explain(state, action)
    legal = is_legal(state, action)
    assert legal == (error is None), (action, error)
    assert legal == (not expected), (action, error, expected)
    if state.phase is not Phase.DEAL and type(action) is _PHASE_ACTION.get(state.phase):
        assert legal == (action in legal_actions(state)), action
    snapshot = copy.deepcopy(state)
    if legal:
        assert isinstance(action, (Deal, PassCards, PlayCard, ChooseMoon))
        after = apply(state, action)
        assert step(state, action)[0] == after
    else:
        assert error is not None
        assert isinstance(error.rule, Rule)
        assert error.rule in expected, (action, error.rule, expected)
        with pytest.raises(IllegalActionError) as raised:
            apply(state, action)  # type: ignore[arg-type]
        assert raised.value.rule is error.rule, (action, raised.value.rule, error.rule)
        with pytest.raises(IllegalActionError):
            step(state, action)  # type: ignore[arg-type]
    assert state == snapshot, f"{action!r} changed the state"


def cards_in(value: object) -> CardSet:
    """Every card reachable from ``value`` through card sets, containers and attrs fields."""
    if isinstance(value, Card):
        return CardSet([value])
    if isinstance(value, CardSet):
        return value
    if value is None or isinstance(value, (str, int, float, Rules)):
        return CardSet()
    found = CardSet()
    if attrs.has(type(value)):
        for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(value))):
            found = found | cards_in(getattr(value, field.name))
    elif isinstance(value, Iterable):
        for item in value:
            found = found | cards_in(item)
    return found


def check_view_shows_no_other_hand(state: GameState, seat: int) -> None:
    """Nothing in a seat's view (fields or public properties) holds a card of
    another seat's hand, except the cards the seat itself passed: it knows where
    they went."""
    view = observe(state, seat)
    if not state.hands:
        assert view.hand == CardSet() and len(view.legal_actions) == 0
        return
    assert view.hand == state.hands[seat]
    hidden = CardSet()
    for other in range(PLAYERS):
        if other != seat:
            hidden = hidden | state.hands[other]
    if state.phase is not Phase.PASS and state.passes:
        passed = state.passes[seat]
        assert passed is not None and view.passed == passed
        hidden = hidden - passed
    names = [f.name for f in attrs.fields(PlayerView) if f.name != "legal_actions"]
    names += [n for n in dir(view) if not n.startswith("_") and n not in names]
    for name in names:
        value = getattr(view, name)
        if name == "legal_actions" or callable(value):
            continue
        leaked = cards_in(value) & hidden
        assert not leaked, f"view of seat {seat} shows {leaked} in {name}"
    shown = cards_in(view.trick) | cards_in(view.tricks)
    assert not shown & (hidden | state.hands[seat]), "a played card is still in a hand"
    legal = view.legal_actions
    assert len(legal) == len(legal_actions(state, seat))
    for index in range(0, len(legal), max(1, len(legal) // 50)):
        action = legal[index]
        assert not isinstance(action, Deal) and action.seat == seat
        assert not cards_in(action) & hidden


def check_hand_points_bounded(state: GameState) -> None:
    """Points taken so far this hand are the point cards in the completed tricks,
    never more than 26 in all."""
    points = state.hand_points
    expected = [sum(card_points(card) for card in cards) for cards in taken_cards(state.tricks)]
    assert list(points) == expected, (points, expected)
    assert all(p >= 0 for p in points) and sum(points) <= MOON_AMOUNT


# --- checks on one transition ---------------------------------------------------


def _holder(hands: tuple[CardSet, ...], card: Card) -> int:
    return next(seat for seat, hand in enumerate(hands) if card in hand)


def _hand_end_events(t: Transition, tricks: tuple[Trick, ...]) -> list[Event]:
    """The events and final state expected once the last trick is taken (or the
    moon choice made), checked against ``t.after``; returns the expected events."""
    before, action, after = t.before, t.action, t.after
    rules = before.rules
    taken = taken_cards(tricks)
    points = tuple(sum(card_points(card) for card in cards) for cards in taken)
    shooter = next((seat for seat in range(PLAYERS) if taken[seat] >= POINT_CARDS), None)
    expected: list[Event] = []
    if shooter is None:
        scores = points
    else:
        if isinstance(action, ChooseMoon):
            option = action.option
        elif rules.moon is MoonScoring.SHOOTER_CHOOSES:
            assert after.phase is Phase.MOON and after.to_act == (shooter,)
            assert after.tricks == tricks and after.scores == before.scores
            return [MoonShot(shooter, None)]
        elif rules.moon is MoonScoring.ADD_TO_OTHERS:
            option = MoonOption.ADD_TO_OTHERS
        else:
            option = MoonOption.SUBTRACT_FROM_SHOOTER
        expected.append(MoonShot(shooter, option))
        scores = moon_scores(rules, shooter, option)
    totals = tuple(total + score for total, score in zip(before.scores, scores, strict=True))
    expected.append(HandScored(before.hand_number, points, scores, totals))
    assert after.scores == totals
    low = min(totals)
    if max(totals) >= rules.target_score and totals.count(low) == 1:
        expected.append(GameOver((totals.index(low),), totals))
        assert after.phase is Phase.GAME_OVER and after.hand_number == before.hand_number
    else:
        assert after.phase is Phase.DEAL and after.hand_number == before.hand_number + 1
    assert after.rules == rules
    return expected


def check_events_match_change(t: Transition) -> None:
    """``step``'s events say exactly what changed between the two states."""
    before, action, after, events = t.before, t.action, t.after, list(t.events)
    rules = before.rules
    expected: list[Event]
    if isinstance(action, Deal):
        expected = [HandDealt(before.hand_number, before.dealer, before.pass_direction)]
        assert after.hands == action.hands
        assert (after.hand_number, after.scores) == (before.hand_number, before.scores)
        if before.pass_direction is PassDirection.HOLD:
            assert after.phase is Phase.PLAY and after.passes == ()
            assert after.leader == _holder(after.hands, TWO_OF_CLUBS)
        else:
            assert after.phase is Phase.PASS and after.passes == (None,) * PLAYERS
    elif isinstance(action, PassCards):
        expected = [PassSubmitted(action.seat)]
        passes = list(before.passes)
        passes[action.seat] = action.cards
        assert list(after.passes) == passes
        if None in passes:
            assert after.phase is Phase.PASS and after.hands == before.hands
        else:
            offset = before.pass_direction.offset
            moved: list[Event] = []
            for giver, given in enumerate(passes):
                assert given is not None
                moved.append(CardsPassed(giver, (giver + offset) % PLAYERS, given))
            expected.extend(moved)
            for seat in range(PLAYERS):
                given = passes[seat]
                received = passes[(seat - offset) % PLAYERS]
                assert given is not None and received is not None
                assert after.hands[seat] == (before.hands[seat] - given) | received, seat
            assert after.phase is Phase.PLAY and after.trick == () and after.tricks == ()
            assert after.leader == _holder(after.hands, TWO_OF_CLUBS)
    elif isinstance(action, PlayCard):
        seat, card = action.seat, action.card
        expected = [CardPlayed(seat, card)]
        was_broken = bool(played_cards(before) & breaking_cards(rules))
        if card in breaking_cards(rules) and not was_broken:
            expected.append(HeartsBroken(seat, card))
        cards = (*before.trick, card)
        if len(cards) < PLAYERS or len(before.tricks) + 1 < TRICKS_PER_HAND:
            assert after.phase is Phase.PLAY
            assert after.hands[seat] == before.hands[seat] - CardSet([card])
            assert all(after.hands[s] == before.hands[s] for s in range(PLAYERS) if s != seat)
            assert after.hearts_broken == (was_broken or card in breaking_cards(rules))
            assert after.passes == before.passes
        if len(cards) < PLAYERS:
            assert after.trick == cards and after.tricks == before.tricks
            assert after.leader == before.leader
        else:
            winner = trick_winner(before.leader, cards)
            expected.append(TrickTaken(winner, cards, sum(card_points(c) for c in cards)))
            tricks = (*before.tricks, Trick(before.leader, cards))
            if len(tricks) < TRICKS_PER_HAND:
                assert after.trick == () and after.tricks == tricks
                assert after.leader == winner, "the trick's winner leads next"
            else:
                expected.extend(_hand_end_events(t, tricks))
    else:
        assert isinstance(action, ChooseMoon)
        expected = _hand_end_events(t, before.tricks)
    assert events == expected, f"{action}: events {events}, expected {expected}"


def check_hand_scored(t: Transition) -> None:
    """A hand's points total 26; the scores are the points, or the moon pattern
    (shooter 0, others 26; or shooter -26, others 0) with a ``MoonShot`` event."""
    for index, each in enumerate(t.events):
        if not isinstance(each, HandScored):
            continue
        assert sum(each.points) == MOON_AMOUNT, each
        assert all(p >= 0 for p in each.points)
        moons = [e for e in t.events[:index] if isinstance(e, MoonShot)]
        if MOON_AMOUNT in each.points:
            shooter = each.points.index(MOON_AMOUNT)
            assert [(m.seat, m.option is not None) for m in moons] == [(shooter, True)]
            option = moons[0].option
            assert option is not None
            if t.before.rules.moon is MoonScoring.ADD_TO_OTHERS:
                assert option is MoonOption.ADD_TO_OTHERS
            elif t.before.rules.moon is MoonScoring.SUBTRACT_FROM_SHOOTER:
                assert option is MoonOption.SUBTRACT_FROM_SHOOTER
            else:
                assert isinstance(t.action, ChooseMoon) and t.action.option is option
            assert each.scores == moon_scores(t.before.rules, shooter, option)
        else:
            assert not moons
            assert each.scores == each.points
        assert each.totals == tuple(
            a + b for a, b in zip(t.before.scores, each.scores, strict=True)
        )
        assert each.totals == t.after.scores


def check_game_end(t: Transition) -> None:
    """A game ends exactly when, after a hand, some total reaches the target and a
    single seat has the lowest total; a tie for lowest plays on."""
    scored = [e for e in t.events if isinstance(e, HandScored)]
    over = [e for e in t.events if isinstance(e, GameOver)]
    assert t.before.phase is not Phase.GAME_OVER
    if not scored:
        assert not over and t.after.phase is not Phase.GAME_OVER
        assert t.after.scores == t.before.scores
        return
    (hand,) = scored
    totals = hand.totals
    low = min(totals)
    ends = max(totals) >= t.before.rules.target_score and totals.count(low) == 1
    assert (t.after.phase is Phase.GAME_OVER) == ends, (totals, t.before.rules.target_score)
    if ends:
        winner = totals.index(low)
        assert over == [GameOver((winner,), totals)]
        assert t.after.winners == (winner,) and t.after.is_over
        assert t.after.to_act == () and len(legal_actions(t.after)) == 0
    else:
        assert not over and t.after.phase is Phase.DEAL and t.after.winners == ()


# --- the property tests ---------------------------------------------------------


@given(games())
def test_every_card_is_in_exactly_one_place(game: Game) -> None:
    report(game)
    for state in game.states:
        check_cards_in_one_place(state)


@given(games())
def test_every_seat_to_act_has_a_legal_action(game: Game) -> None:
    report(game)
    for state in game.states:
        check_to_act_have_legal_actions(state)


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
            if error is not None:
                reached.add(error.rule)
    for rule in sorted(reached, key=lambda r: r.value):
        event(f"refused: {rule.value}")


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


@given(games())
def test_hand_points_total_26_or_the_moon_outcome(game: Game) -> None:
    report(game)
    for t in game.transitions:
        check_hand_scored(t)
    for state in game.states:
        check_hand_points_bounded(state)


@given(games())
def test_replay_reproduces_the_same_states(game: Game) -> None:
    report(game)
    start = game.start
    if start.hand_number == 0 and start.scores == (0,) * PLAYERS:
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


@given(games())
def test_step_events_agree_with_the_change_of_state(game: Game) -> None:
    report(game)
    for t in game.transitions:
        check_events_match_change(t)


@given(games())
def test_game_ends_exactly_when_target_reached_with_a_single_lowest(game: Game) -> None:
    report(game)
    for t in game.transitions:
        check_game_end(t)
    final = game.final
    if final.is_over:
        low = min(final.scores)
        assert final.scores.count(low) == 1
        assert max(final.scores) >= game.rules.target_score


def rebuilt(
    state: GameState, hands: tuple[CardSet, ...], passes: tuple[CardSet | None, ...]
) -> GameState:
    """``state`` with other hands and passes, built through its attrs fields."""
    changes: dict[str, Any] = {"passes": passes}
    if "hand_masks" in attrs.fields_dict(GameState):  # hands stored as bitmasks
        changes["hand_masks"] = tuple(hand.mask for hand in hands)
    else:
        changes["hands"] = hands
    other = attrs.evolve(state, **changes)
    assert other.hands == hands and other.passes == passes
    return other


@composite
def hidden_variants(draw: DrawFn, state: GameState, seat: int) -> GameState:
    """``state`` with the cards ``seat`` cannot see dealt differently among the
    other seats (any suits, sizes kept), and their hidden pass choices redrawn."""
    others = [other for other in range(PLAYERS) if other != seat]
    known = CardSet()
    if state.phase is not Phase.PASS and state.passes:
        mine = state.passes[seat]
        assert mine is not None
        known = mine
    pool = CardSet()
    for other in others:
        pool = pool | (state.hands[other] - known)
    order = draw(st.permutations(pool.cards()))
    hands = list(state.hands)
    used = 0
    for other in others:
        hidden = len(state.hands[other] - known)
        hands[other] = (state.hands[other] & known) | CardSet(order[used : used + hidden])
        used += hidden
    passes = list(state.passes)
    count = state.rules.pass_count
    if state.phase is Phase.PASS:
        for other in others:
            if passes[other] is not None:
                chosen = draw(st.permutations(hands[other].cards()))[:count]
                passes[other] = CardSet(chosen)
    elif passes:
        giver = (seat - state.pass_direction.offset) % PLAYERS
        received = passes[giver]
        assert received is not None
        unseen = FULL_DECK - state.hands[seat] - known - received
        for other in others:
            if other != giver:
                passes[other] = CardSet(draw(st.permutations(unseen.cards()))[:count])
    return rebuilt(state, tuple(hands), tuple(passes))


def _kind(card: Card, phase: Phase) -> tuple[object, ...]:
    # Cards the rules treat alike: same suit, and the queen of spades (and, once
    # its holder leads, the two of clubs) on their own.
    return (card.suit, card is QUEEN_OF_SPADES, card is TWO_OF_CLUBS and phase is not Phase.PASS)


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
        for other in range(PLAYERS)
        if other != seat
        for card in state.hands[other] - known
    }
    first = draw(st.sampled_from(sorted(owner) or [TWO_OF_CLUBS]))
    partners = sorted(
        card
        for card, other in owner.items()
        if other != owner.get(first) and _kind(card, state.phase) == _kind(first, state.phase)
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
    """Dealing the hidden cards differently, whatever their suits, leaves the view as it was."""
    game = data.draw(one_hand_games(), label="game")
    report(game)
    changed = False
    for index in _checked_states(data, game):
        state = game.states[index]
        seat = data.draw(st.integers(0, PLAYERS - 1), label="seat")
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
        seat = data.draw(st.integers(0, PLAYERS - 1), label="seat")
        other = data.draw(replayed_variants(game, index, seat), label="history")
        changed = changed or other != state
        assert other.phase is state.phase and len(other.tricks) == len(state.tricks)
        _same_view(state, other, seat)
    event(f"hidden cards moved: {changed}")


@settings(max_examples=budget(0.5))
@given(one_hand_games())
def test_views_hold_no_card_of_another_hand(game: Game) -> None:
    report(game)
    for state in game.states:
        for seat in range(PLAYERS):
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
    second = next(t for t in game.transitions if len(t.before.tricks) == 1 and not t.before.trick)
    assert second.before.leader == seat and not second.before.hearts_broken
    assert isinstance(second.action, PlayCard)
    hand = second.before.hands[seat]
    if QUEEN_OF_SPADES in hand:
        # Hearts and the queen: the queen is the one card that is not a heart.
        assert second.action.card is QUEEN_OF_SPADES
        assert "hearts-and-queen-leader" in features(game)
    else:
        assert second.action.card in HEARTS
        assert "only-hearts-leader" in features(game)


@settings(max_examples=budget(0.25))
@given(one_hand_games(moon_scenarios()))
def test_moon_hands_shoot_the_moon(game: Game) -> None:
    shots = [e for t in game.transitions for e in t.events if isinstance(e, MoonShot)]
    assert shots and all(shot.seat == game.scenario.seat for shot in shots)
    assert "moon" in features(game)


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
    "tie-at-end",
    "game-over",
)


@pytest.mark.parametrize("feature", _RARE)
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
    assert valid_deal(scenario.first_deal)


# --- known engine defects -----------------------------------------------------------


@given(deals(), st.data())
def test_apply_refuses_what_is_legal_refuses_for_any_seat_value(
    deal: Deal, data: st.DataObject
) -> None:
    """A seat given as a ``bool`` or a ``float`` is not a seat: ``explain`` and
    ``is_legal`` refuse it (NOT_AN_ACTION), so ``apply`` must refuse it too, and
    ``legal_actions`` must not contain it (attrs equality makes ``2.0 == 2``)."""
    state = apply(new_game(Rules(pass_cycle=(PassDirection.HOLD,))), deal)
    (seat,) = state.to_act
    odd: list[Any] = [float(seat)] + ([bool(seat)] if seat < 2 else [])
    action = PlayCard(data.draw(st.sampled_from(odd), label="seat"), TWO_OF_CLUBS)
    check_action_consistent(state, action)
