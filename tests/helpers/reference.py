"""The rules as written, computed independently of the engine: the reference model the
property tests and the state machine check the engine against, and their checks."""

from __future__ import annotations

import copy
import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import cast

import attrs
import pytest

from hearts_core import (
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
    InvalidActionError,
    MoonChosen,
    MoonOption,
    MoonShot,
    PassCards,
    PassSubmitted,
    Phase,
    PlayCard,
    PlayerView,
    Rule,
    Rules,
    Suit,
    SunShot,
    Trick,
    TrickTaken,
    apply,
    explain,
    is_legal,
    legal_actions,
    observe,
    step,
)
from hearts_core.rules import (
    FirstLead,
    GameEnd,
    HeartPoints,
    MoonRequires,
    MoonScoring,
    PassDirection,
    SunScoring,
    TieRule,
)
from helpers.strategies import (
    DECK,
    HEARTS,
    QUEEN_OF_SPADES,
    Transition,
)


@attrs.frozen
class Table:
    """What a ruleset makes of the deck, computed here from the ``Rules`` fields."""

    deck: CardSet
    hand_size: int
    points: Mapping[Card, int]
    positive: CardSet
    """Cards worth positive points (hearts and the queen of spades, as a rule)."""
    breaking: CardSet
    moon_need: CardSet
    moon_amount: int
    positive_total: int
    total: int
    lowest_club: Card | None


@functools.lru_cache(maxsize=512)
def table(rules: Rules) -> Table:
    """The deck, the card points and the moon of ``rules``, derived from its fields."""
    deck = CardSet(c for c in DECK if c.rank >= rules.lowest_rank) - rules.removed_cards
    values = dict(rules.card_values)
    points: dict[Card, int] = {}
    for card in deck:
        if card in values:
            points[card] = values[card]
        elif card.suit is Suit.HEARTS:
            points[card] = 1 if rules.heart_points is HeartPoints.ONE else int(card.rank)
        else:
            points[card] = 0
    positive = CardSet(c for c, p in points.items() if p > 0)
    scoring = CardSet(c for c, p in points.items() if p != 0)
    positive_total = sum(p for p in points.values() if p > 0)
    breaking = HEARTS | CardSet([QUEEN_OF_SPADES]) if rules.queen_breaks_hearts else HEARTS
    clubs = deck.of_suit(Suit.CLUBS).cards()
    return Table(
        deck=deck,
        hand_size=len(deck) // rules.players,
        points=points,
        positive=positive,
        breaking=breaking,
        moon_need=positive if rules.moon_requires is MoonRequires.POSITIVE_CARDS else scoring,
        moon_amount=positive_total if rules.moon_points is None else rules.moon_points,
        positive_total=positive_total,
        total=sum(points.values()),
        lowest_club=clubs[0] if clubs else None,
    )


def points_of(rules: Rules, cards: Iterable[Card]) -> int:
    """The points of ``cards`` under ``rules``."""
    values = table(rules).points
    return sum(values.get(card, 0) for card in cards)


def played_cards(state: GameState) -> CardSet:
    """Cards played this hand, read from the tricks (not from the hands)."""
    cards = [card for trick in state.tricks for card in trick.cards]
    return CardSet([*cards, *state.current_trick])


def breaks(rules: Rules, card: Card, before: Sequence[Card]) -> bool:
    """Whether ``card`` played after ``before`` (the trick so far) breaks hearts: a heart (or
    the queen of spades, with ``queen_breaks_hearts``), and, with
    ``only_discards_break_hearts``, only when discarded, off the suit led."""
    if card not in table(rules).breaking:
        return False
    if rules.only_discards_break_hearts:
        return bool(before) and card.suit is not before[0].suit
    return True


def is_broken(state: GameState) -> bool:
    """Whether a card that breaks hearts has been played so this hand (this trick included)."""
    for cards in [*(trick.cards for trick in state.tricks), state.current_trick]:
        if any(breaks(state.rules, card, cards[:index]) for index, card in enumerate(cards)):
            return True
    return False


def current_seat(state: GameState) -> int:
    """The seat to play in a PLAY state."""
    return (state.leader + len(state.current_trick)) % state.rules.players


def trick_winner(leader: int, cards: tuple[Card, ...]) -> int:
    """The seat that played the highest card of the suit led."""
    led = cards[0].suit
    best = max((i for i in range(len(cards)) if cards[i].suit is led), key=lambda i: cards[i].rank)
    return (leader + best) % len(cards)


def taken_cards(tricks: Iterable[Trick], players: int) -> list[CardSet]:
    """The cards each seat took in ``tricks``."""
    taken = [CardSet() for _ in range(players)]
    for trick in tricks:
        winner = trick_winner(trick.leader, trick.cards)
        taken[winner] = taken[winner] | CardSet(trick.cards)
    return taken


def tricks_won(tricks: Iterable[Trick], players: int) -> list[int]:
    """How many of ``tricks`` each seat won."""
    won = [0] * players
    for trick in tricks:
        won[trick_winner(trick.leader, trick.cards)] += 1
    return won


def first_leader(state: GameState, hands: tuple[CardSet, ...]) -> int:
    """Who leads the first trick: the holder of the lowest club, or the seat after the dealer."""
    players = state.rules.players
    lowest = table(state.rules).lowest_club
    if state.rules.first_lead is FirstLead.LEFT_OF_DEALER or lowest is None:
        dealer = (state.hand_number + players - 1) % players
        return (dealer + 1) % players
    return next(seat for seat, hand in enumerate(hands) if lowest in hand)


def restrictions(state: GameState) -> list[tuple[Rule, CardSet]]:
    """The rules that narrow the choice of the seat to play, in the documented
    order, each with the cards it leaves; a rule that would leave no card is
    skipped. The last set is the legal one."""
    rules = state.rules
    facts = table(rules)
    hand = state.hands[current_seat(state)]
    steps: list[tuple[Rule, CardSet]] = []

    def left() -> CardSet:
        return steps[-1][1] if steps else hand

    def narrow(rule: Rule, allowed: CardSet) -> None:
        if allowed and allowed != left():
            steps.append((rule, allowed))

    first = not state.tricks
    broken = is_broken(state)
    if state.current_trick:
        follow = hand.of_suit(state.current_trick[0].suit)
        narrow(Rule.MUST_FOLLOW_SUIT, follow)
        if not follow and first and not rules.points_on_first_trick:
            narrow(Rule.NO_POINTS_ON_FIRST_TRICK, hand - facts.positive)
    elif first and rules.first_lead is FirstLead.LOWEST_CLUB:
        lowest = CardSet([facts.lowest_club]) if facts.lowest_club else CardSet()
        narrow(Rule.FIRST_LEAD_LOWEST_CLUB, hand & lowest)
    elif first and rules.first_lead is FirstLead.ANY_CLUB:
        narrow(Rule.FIRST_LEAD_CLUB, hand.of_suit(Suit.CLUBS))
    else:
        if first and not rules.points_on_first_trick:
            narrow(Rule.NO_POINTS_ON_FIRST_TRICK, hand - facts.positive)
        if rules.must_break_hearts and not broken:
            safe = left() - HEARTS
            queen_only = safe == CardSet([QUEEN_OF_SPADES])
            if not (queen_only and rules.lead_hearts_instead_of_queen):
                narrow(Rule.HEARTS_NOT_BROKEN, safe)
    if rules.queen_waits_for_hearts and not broken:
        narrow(Rule.QUEEN_NOT_BEFORE_HEARTS, left() - CardSet([QUEEN_OF_SPADES]))
    return steps


def reference_legal_plays(state: GameState) -> CardSet:
    """The cards the seat to play may play, by the rules as written."""
    steps = restrictions(state)
    return steps[-1][1] if steps else state.hands[current_seat(state)]


def valid_seat(seat: object, players: int) -> bool:
    """Whether ``seat`` names a seat (an ``int``, not a ``bool``)."""
    return type(seat) is int and 0 <= seat < players


def valid_deal(rules: Rules, action: Deal) -> bool:
    """Whether a deal gives every seat its share of the deck, every card once."""
    facts = table(rules)
    hands = action.hands
    if len(hands) != rules.players or any(len(hand) != facts.hand_size for hand in hands):
        return False
    union = CardSet()
    for hand in hands:
        union = union | hand
    return union == facts.deck


_PHASE_ACTION: dict[Phase, type] = {
    Phase.DEAL: Deal,
    Phase.PASS: PassCards,
    Phase.PLAY: PlayCard,
    Phase.MOON: ChooseMoon,
}


def malformed(action: object) -> bool:
    """Whether ``action`` is not an action at all. (Every action the strategies build has
    fields of the right types: the constructors refuse any other.)"""
    return type(action) not in (Deal, PassCards, PlayCard, ChooseMoon)


def broken_rules(state: GameState, action: object) -> frozenset[Rule]:
    """The rules ``action``, a well-formed action, breaks in ``state`` (empty when it is
    legal). When it breaks several, the engine may name any one of them."""
    players = state.rules.players
    assert isinstance(action, (Deal, PassCards, PlayCard, ChooseMoon)), action
    if _PHASE_ACTION.get(state.phase) is not type(action):
        return frozenset({Rule.WRONG_PHASE})
    if isinstance(action, Deal):
        return frozenset() if valid_deal(state.rules, action) else frozenset({Rule.INVALID_DEAL})
    if not valid_seat(action.seat, players):
        return frozenset({Rule.NO_SUCH_SEAT})
    if isinstance(action, ChooseMoon):
        (shooter,) = state.to_act
        return frozenset() if action.seat == shooter else frozenset({Rule.NOT_YOUR_TURN})
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
    if broken:
        return frozenset(broken)
    for rule, allowed in restrictions(state):
        if action.card not in allowed:
            return frozenset({rule})
    return frozenset()


def reference_totals(
    rules: Rules, totals: Sequence[int], scores: Sequence[int], counting_down: bool = False
) -> tuple[int, ...]:
    """Totals after a hand: subtracted while a count-down game counts down; else added up,
    a seat on the target minus 1 that scores exactly 25 put on the target minus 2 (Full
    Polish), and a total of exactly the target halved, if the rules say."""
    if counting_down:
        return tuple(total - score for total, score in zip(totals, scores, strict=True))
    target = rules.target_score
    new = []
    for total, score in zip(totals, scores, strict=True):
        if rules.full_polish and total == target - 1 and score == 25:
            new.append(target - 2)
        elif rules.exact_target_halves and total + score == target:
            new.append(target // 2)
        else:
            new.append(total + score)
    return tuple(new)


def sole_lowest(totals: Sequence[int]) -> int | None:
    """The seat alone with the lowest total, if one is."""
    low = min(totals)
    return list(totals).index(low) if list(totals).count(low) == 1 else None


def reference_game_over(rules: Rules, totals: Sequence[int], counting_down: bool = False) -> bool:
    """Whether a game ends with these totals after a hand (``counting_down``: a hand whose
    scores were subtracted, in a count-down game)."""
    if rules.single_hand:
        return True
    if rules.game_end is GameEnd.COUNT_DOWN:
        ended = counting_down and min(totals) <= 0
    else:
        ended = max(totals) >= rules.target_score
    return ended and (rules.tie is TieRule.SHARED_WIN or sole_lowest(totals) is not None)


def reference_counting_down(rules: Rules, totals: Sequence[int], counting_down: bool) -> bool:
    """Whether the next hand counts down: once a count-down game's total reaches the target."""
    reached = rules.game_end is GameEnd.COUNT_DOWN and max(totals) >= rules.target_score
    return counting_down or reached


def shot_scores(
    rules: Rules, taken: Sequence[CardSet], shooter: int, option: MoonOption, amount: int
) -> tuple[int, ...]:
    """Scores for a moon or sun shot: positive points are cancelled, negative bonus
    cards still count, and the amount goes to the others or off the shooter."""
    values = table(rules).points
    bonus = [sum(values.get(c, 0) for c in cards if values.get(c, 0) < 0) for cards in taken]
    if option is MoonOption.ADD_TO_OTHERS:
        return tuple(b + (0 if seat == shooter else amount) for seat, b in enumerate(bonus))
    return tuple(b - (amount if seat == shooter else 0) for seat, b in enumerate(bonus))


def reference_hand(
    rules: Rules,
    tricks: tuple[Trick, ...],
    totals: Sequence[int],
    choice: MoonOption | None = None,
    counting_down: bool = False,
) -> tuple[tuple[int, ...], Event | None, tuple[int, ...] | None]:
    """A finished hand's points, its shot event (moon or sun) if any, and its scores
    (``None`` while a moon shooter has to choose)."""
    players = rules.players
    facts = table(rules)
    taken = taken_cards(tricks, players)
    won = tricks_won(tricks, players)
    points = tuple(points_of(rules, cards) for cards in taken)
    if rules.sun is not SunScoring.OFF and facts.hand_size in won:
        seat = won.index(facts.hand_size)
        option = (
            MoonOption.ADD_TO_OTHERS
            if rules.sun is SunScoring.ADD_TO_OTHERS
            else MoonOption.SUBTRACT_FROM_SHOOTER
        )
        return points, SunShot(seat), shot_scores(rules, taken, seat, option, rules.sun_points)
    shooters = [seat for seat in range(players) if taken[seat] >= facts.moon_need]
    if rules.moon is not MoonScoring.OFF and shooters:
        (seat,) = shooters
        amount = facts.moon_amount
        if rules.moon is MoonScoring.SHOOTER_CHOOSES:
            if choice is None:
                return points, MoonShot(seat, None), None
            option = choice
        elif rules.moon is MoonScoring.SUBTRACT_FROM_SHOOTER:
            option = MoonOption.SUBTRACT_FROM_SHOOTER
        else:
            option = MoonOption.ADD_TO_OTHERS
            if rules.moon is MoonScoring.AUTOMATIC:
                # Adding loses the shooter the game: it ends with the shooter above the
                # lowest total.
                added = reference_totals(
                    rules, totals, shot_scores(rules, taken, seat, option, amount), counting_down
                )
                if reference_game_over(rules, added, counting_down) and added[seat] > min(added):
                    option = MoonOption.SUBTRACT_FROM_SHOOTER
        return points, MoonShot(seat, option), shot_scores(rules, taken, seat, option, amount)
    bonus = rules.no_tricks_bonus
    scores = tuple(p + (bonus if won[seat] == 0 else 0) for seat, p in enumerate(points))
    return points, None, scores


def check_cards_in_one_place(state: GameState) -> None:
    """Every card is in exactly one place: a hand, the trick in progress or a
    completed trick. Passed cards stay in their giver's hand until the exchange."""
    if state.phase in (Phase.DEAL, Phase.GAME_OVER):
        assert state.hands == () and state.tricks == () and state.current_trick == (), state
        return
    rules = state.rules
    players = rules.players
    facts = table(rules)
    assert len(state.hands) == players
    places = [*state.hands, *(CardSet(t.cards) for t in state.tricks), CardSet(state.current_trick)]
    # Count the cards as listed, so a card twice in one trick is caught too.
    listed = sum(len(hand) for hand in state.hands) + len(state.current_trick)
    listed += sum(len(trick.cards) for trick in state.tricks)
    union = CardSet()
    for place in places:
        union = union | place
    assert listed == len(facts.deck), f"{listed} cards in play: {state!r}"
    assert union == facts.deck, f"missing {facts.deck - union}, extra {union - facts.deck}"
    assert all(len(trick.cards) == players for trick in state.tricks)
    assert len(state.current_trick) < players
    played_by = [CardSet() for _ in range(players)]
    for trick in [*state.tricks, Trick(state.leader, state.current_trick)]:
        for index, card in enumerate(trick.cards):
            seat = (trick.leader + index) % players
            played_by[seat] = played_by[seat] | CardSet([card])
    for seat in range(players):
        assert len(state.hands[seat]) + len(played_by[seat]) == facts.hand_size, (seat, state)
    if state.phase is Phase.PASS:
        for seat, passed in enumerate(state.passes):
            if passed is not None:
                assert len(passed) == rules.pass_count
                assert passed <= state.hands[seat], f"seat {seat} passed cards it lacks"
    elif state.passes:
        direction = state.pass_direction
        for giver, passed in enumerate(state.passes):
            assert passed is not None
            receiver = direction.receiver(giver, players)
            assert passed <= state.hands[receiver] | played_by[receiver], (giver, state)


def check_to_act_have_legal_actions(state: GameState) -> None:
    """Every non-terminal state has a legal action for each seat in ``to_act``;
    a deal is the caller's, so the DEAL phase has nobody to act."""
    players = state.rules.players
    if state.phase in (Phase.DEAL, Phase.GAME_OVER):
        assert state.to_act == ()
        assert len(legal_actions(state)) == 0
        assert all(len(legal_actions(state, seat)) == 0 for seat in range(players))
        return
    assert state.to_act, f"nobody to act in a {state.phase.value} state"
    for seat in range(players):
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
    players = state.rules.players
    if state.phase is Phase.PLAY:
        seat = current_seat(state)
        assert all(isinstance(a, PlayCard) and a.seat == seat for a in legal)
        cards = CardSet(a.card for a in legal if isinstance(a, PlayCard))
        assert len(cards) == len(legal), "a play is listed twice"
        expected = reference_legal_plays(state)
        assert cards == expected, f"legal {cards}, the rules allow {expected}: {state!r}"
        for each in range(players):
            for card in DECK:
                action = PlayCard(each, card)
                assert is_legal(state, action) == (each == seat and card in cards), action
    elif state.phase is Phase.PASS:
        count = state.rules.pass_count
        for seat in state.to_act:
            mine = legal_actions(state, seat)
            hand = state.hands[seat]
            assert len(mine) == math.comb(len(hand), count)
            if len(mine) <= 300:
                passes = list(mine)
                masks = {a.cards for a in passes if isinstance(a, PassCards)}
                assert len(masks) == len(passes), "a pass is listed twice"
                for a in passes:
                    assert isinstance(a, PassCards) and a.seat == seat
                    assert len(a.cards) == count and a.cards <= hand
    elif state.phase is Phase.MOON:
        (shooter,) = state.to_act
        assert set(legal) == {ChooseMoon(shooter, option) for option in MoonOption}
        assert taken_cards(state.tricks, players)[shooter] >= table(state.rules).moon_need


def check_malformed_refused(state: GameState, action: object) -> None:
    """``explain``, ``is_legal``, ``apply`` and ``step`` refuse ``action``, which is not an
    action at all, with ``InvalidActionError`` (no field at fault), leaving the state as it
    was."""
    error = explain(state, action)
    assert isinstance(error, InvalidActionError) and error.field is None, (action, error)
    assert not is_legal(state, action)
    snapshot = copy.deepcopy(state)
    with pytest.raises(InvalidActionError) as raised:
        apply(state, action)  # type: ignore[arg-type]
    assert raised.value.field is None, (action, raised.value)
    with pytest.raises(InvalidActionError):
        step(state, action)  # type: ignore[arg-type]
    assert state == snapshot, f"{action!r} changed the state"


def check_action_consistent(state: GameState, action: object) -> None:
    """``explain``, ``is_legal``, ``legal_actions`` and ``apply`` agree on ``action``:
    a legal one applies, an illegal one raises ``IllegalActionError`` naming a
    rule it breaks and leaves the state as it was (and a value that is not an
    action at all, ``InvalidActionError``)."""
    if malformed(action):
        check_malformed_refused(state, action)
        return
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
        assert isinstance(error, IllegalActionError), (action, error)
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
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden = hidden | hand
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
    shown = cards_in(view.current_trick) | cards_in(view.tricks)
    assert not shown & (hidden | state.hands[seat]), "a played card is still in a hand"
    legal = view.legal_actions
    assert len(legal) == len(legal_actions(state, seat))
    for index in range(0, len(legal), max(1, len(legal) // 50)):
        action = legal[index]
        assert not isinstance(action, Deal) and action.seat == seat
        assert not cards_in(action) & hidden


def check_hand_points_bounded(state: GameState) -> None:
    """Points taken so far this hand are those of the cards in the completed
    tricks: never more positive points than the deck holds."""
    rules = state.rules
    points = state.hand_points
    taken = taken_cards(state.tricks, rules.players)
    assert list(points) == [points_of(rules, cards) for cards in taken]
    positive = table(rules).positive
    taken_positive = sum(points_of(rules, cards & positive) for cards in taken)
    assert 0 <= taken_positive <= table(rules).positive_total


def _hand_end_events(t: Transition, tricks: tuple[Trick, ...]) -> list[Event]:
    """The events expected once the last trick is taken (or the moon choice made),
    checking ``t.after`` on the way."""
    before, action, after = t.before, t.action, t.after
    rules = before.rules
    choice = action.option if isinstance(action, ChooseMoon) else None
    down = before.counting_down
    points, shot, scores = reference_hand(rules, tricks, before.totals, choice, down)
    expected: list[Event] = [] if shot is None else [shot]
    if isinstance(action, ChooseMoon):
        # The moon was announced when play ended; the choice is reported, not the moon again.
        assert isinstance(shot, MoonShot) and shot.seat == action.seat
        expected = [MoonChosen(action.seat, action.option)]
    if scores is None:
        assert isinstance(shot, MoonShot)
        assert after.phase is Phase.MOON and after.to_act == (shot.seat,)
        assert after.tricks == tricks and after.totals == before.totals
        return expected
    totals = reference_totals(rules, before.totals, scores, down)
    expected.append(HandScored(before.hand_number, points, scores, totals))
    assert after.totals == totals
    if reference_game_over(rules, totals, down):
        assert after.counting_down == down
        low = min(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == low)
        expected.append(GameOver(winners, totals))
        assert after.phase is Phase.GAME_OVER and after.hand_number == before.hand_number
    else:
        assert after.phase is Phase.DEAL and after.hand_number == before.hand_number + 1
        assert after.counting_down == reference_counting_down(rules, totals, down)
    assert after.rules == rules
    return expected


def check_events_match_change(t: Transition) -> None:
    """``step``'s events say exactly what changed between the two states."""
    before, action, after, events = t.before, t.action, t.after, list(t.events)
    rules = before.rules
    players = rules.players
    expected: list[Event]
    if isinstance(action, Deal):
        expected = [HandDealt(before.hand_number, before.dealer, before.pass_direction)]
        assert after.hands == action.hands
        assert (after.hand_number, after.totals) == (before.hand_number, before.totals)
        if before.pass_direction is PassDirection.HOLD:
            assert after.phase is Phase.PLAY and after.passes == ()
            assert after.leader == first_leader(before, after.hands)
        else:
            assert after.phase is Phase.PASS and after.passes == (None,) * players
    elif isinstance(action, PassCards):
        expected = [PassSubmitted(action.seat)]
        passes = list(before.passes)
        passes[action.seat] = action.cards
        assert list(after.passes) == passes
        if None in passes:
            assert after.phase is Phase.PASS and after.hands == before.hands
        else:
            direction = before.pass_direction
            for giver, given in enumerate(passes):
                assert given is not None
                expected.append(CardsPassed(giver, direction.receiver(giver, players), given))
            for seat in range(players):
                given = passes[seat]
                received = next(
                    cards
                    for giver, cards in enumerate(passes)
                    if direction.receiver(giver, players) == seat
                )
                assert given is not None and received is not None
                assert after.hands[seat] == (before.hands[seat] - given) | received, seat
            assert after.phase is Phase.PLAY and after.current_trick == () and after.tricks == ()
            assert after.leader == first_leader(before, after.hands)
    elif isinstance(action, PlayCard):
        seat, card = action.seat, action.card
        expected = [CardPlayed(seat, card)]
        was_broken = is_broken(before)
        broke = breaks(rules, card, before.current_trick)
        if broke and not was_broken:
            expected.append(HeartsBroken(seat, card))
        cards = (*before.current_trick, card)
        hand_goes_on = len(before.tricks) + 1 < table(rules).hand_size
        if len(cards) < players or hand_goes_on:
            assert after.phase is Phase.PLAY
            assert after.hands[seat] == before.hands[seat] - CardSet([card])
            assert all(after.hands[s] == before.hands[s] for s in range(players) if s != seat)
            assert after.hearts_broken == (was_broken or broke)
            assert after.passes == before.passes
        if len(cards) < players:
            assert after.current_trick == cards and after.tricks == before.tricks
            assert after.leader == before.leader
        else:
            winner = trick_winner(before.leader, cards)
            expected.append(TrickTaken(winner, cards, points_of(rules, cards)))
            tricks = (*before.tricks, Trick(before.leader, cards))
            if hand_goes_on:
                assert after.current_trick == () and after.tricks == tricks
                assert after.leader == winner, "the trick's winner leads next"
            else:
                expected.extend(_hand_end_events(t, tricks))
    else:
        assert isinstance(action, ChooseMoon)
        expected = _hand_end_events(t, before.tricks)
    assert events == expected, f"{action}: events {events}, expected {expected}"


def check_hand_scored(t: Transition) -> None:
    """A hand's points add up to the deck's points (26 in the standard game); the
    scores are the points (plus any no-trick bonus), or, with a ``MoonShot`` or
    ``SunShot`` event, the shot pattern: the shooter's positive points cancelled
    and the amount added to the others (0/26/26/26) or taken off the shooter
    (-26/0/0/0)."""
    rules = t.before.rules
    facts = table(rules)
    for index, each in enumerate(t.events):
        if not isinstance(each, HandScored):
            continue
        points, scores = each.points, each.scores
        assert sum(points) == facts.total, each
        shots = [e for e in t.events[:index] if isinstance(e, (MoonShot, MoonChosen, SunShot))]
        if not shots:
            won = tricks_won(t.before.tricks, rules.players)
            last_card = len(t.before.current_trick) == rules.players - 1
            if not isinstance(t.action, ChooseMoon) and last_card:
                assert isinstance(t.action, PlayCard)
                last = (*t.before.current_trick, t.action.card)
                won[trick_winner(t.before.leader, last)] += 1
            for seat in range(rules.players):
                bonus = rules.no_tricks_bonus if won[seat] == 0 else 0
                assert scores[seat] == points[seat] + bonus, (seat, each)
        else:
            (shot,) = shots
            if isinstance(shot, SunShot):
                amount = rules.sun_points
                add = rules.sun is SunScoring.ADD_TO_OTHERS
            else:
                assert shot.option is not None
                amount = facts.moon_amount
                add = shot.option is MoonOption.ADD_TO_OTHERS
                # Scored with the moon (MoonShot), or after the shooter's choice (MoonChosen).
                chosen = isinstance(shot, MoonChosen)
                assert chosen == (rules.moon is MoonScoring.SHOOTER_CHOOSES), (shot, rules.moon)
                if rules.moon is MoonScoring.ADD_TO_OTHERS:
                    assert add
                elif rules.moon is MoonScoring.SUBTRACT_FROM_SHOOTER:
                    assert not add
                elif rules.moon is MoonScoring.SHOOTER_CHOOSES:
                    assert isinstance(t.action, ChooseMoon) and t.action.option is shot.option
                else:
                    assert rules.moon is MoonScoring.AUTOMATIC
            # The shooter took every positive card: the others took only bonus cards.
            assert all(p <= 0 for seat, p in enumerate(points) if seat != shot.seat)
            gain, loss = (amount, 0) if add else (0, amount)
            for seat in range(rules.players):
                if seat == shot.seat:
                    expected = points[seat] - facts.positive_total - loss
                else:
                    expected = points[seat] + gain
                assert scores[seat] == expected, (seat, each, shot)
        down = t.before.counting_down
        assert each.totals == reference_totals(rules, t.before.totals, scores, down)
        assert each.totals == t.after.totals


def check_game_end(t: Transition) -> None:
    """A game ends exactly when, after a hand, some total reaches the target and a
    single seat has the lowest total (or the tie rule shares the win, or the game
    is a single hand); a tie for lowest otherwise plays on."""
    rules = t.before.rules
    scored = [e for e in t.events if isinstance(e, HandScored)]
    over = [e for e in t.events if isinstance(e, GameOver)]
    assert t.before.phase is not Phase.GAME_OVER
    if not scored:
        assert not over and t.after.phase is not Phase.GAME_OVER
        assert t.after.totals == t.before.totals
        return
    (hand,) = scored
    totals = hand.totals
    low = min(totals)
    single = totals.count(low) == 1
    if rules.game_end is GameEnd.COUNT_DOWN:
        reached = t.before.counting_down and low <= 0
    else:
        reached = max(totals) >= rules.target_score
    ends = rules.single_hand or (reached and (single or rules.tie is TieRule.SHARED_WIN))
    assert (t.after.phase is Phase.GAME_OVER) == ends, (totals, rules.target_score)
    if ends:
        winners = tuple(seat for seat, total in enumerate(totals) if total == low)
        assert over == [GameOver(winners, totals)]
        assert t.after.winners == winners and t.after.is_over
        assert t.after.to_act == () and len(legal_actions(t.after)) == 0
    else:
        assert not over and t.after.phase is Phase.DEAL and t.after.winners == ()
