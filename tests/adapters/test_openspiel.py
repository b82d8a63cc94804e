"""Differential test against OpenSpiel's Hearts (issue 3), and ``rules_from_openspiel``.

OpenSpiel (``pyspiel``, game ``hearts``) is an independent implementation of
the rules with eight boolean options; ``rules_from_openspiel`` claims to play
the same game. For many option combinations this file plays thousands of hands
in both engines at once, from the same seeded ``random.Random``:

* the same pass direction: OpenSpiel draws it by chance (0 none, 1 left,
  2 across, 3 right); the hands here cycle through the ones its
  ``legal_actions()`` offers (only 0 when ``pass_cards`` is off), and
  hearts_core plays the matching one-direction ``pass_cycle``. (OpenSpiel's
  ``chance_outcomes()`` lists all four directions even when ``pass_cards`` is
  off, and ``apply_action`` accepts them and passes: a driver that samples
  ``chance_outcomes()`` does not get the no-passing game.)
* the same deal: OpenSpiel's 52 deal chance actions give the k-th card to
  seat ``k % 4``, so they are fed from hearts_core's ``Deal``;
* the same passes: a random legal pass chosen in hearts_core, fed to OpenSpiel
  card by card (seat 0's three cards, then seat 1's, ...);
* the same plays: a random choice among hearts_core's legal plays.

At every decision the seat to act and the set of legal cards must agree
(while passing, OpenSpiel's legal cards must be the cards the seat still
holds), the hands must agree once the passes are made, and at the end each
seat's hand score (hearts_core's ``HandScored.scores``) must equal OpenSpiel's
``state.points(p)`` (its returns are ``26 - points``). A disagreement ends that
hand and is recorded with everything needed to replay it.

Most deals are uniformly random. A quarter are built around positions random
deals almost never reach (a seat that can take every trick, a leader holding
only hearts with or without the queen of spades, a seat void in clubs holding
nothing but point cards), and in the moon deals the would-be shooter plays its
highest legal card; every choice is still one of hearts_core's legal actions.
Each combination prints its counts, and how often those positions came up
(``pytest -s`` shows them).

OpenSpiel is installed by ``make test`` (the dev extras): if ``pyspiel`` cannot
be imported the differential test fails rather than skips.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs
import pytest

from hearts_core import (
    Card,
    CardSet,
    Deal,
    HandScored,
    InvalidRulesError,
    MoonShot,
    PassCards,
    Phase,
    PlayCard,
    Rank,
    Rules,
    Suit,
    TrickTaken,
    apply,
    legal_actions,
    new_game,
    random_deal,
    step,
)
from hearts_core.adapters.openspiel import OPENSPIEL_PARAMETERS, rules_from_openspiel
from hearts_core.rules import (
    FirstLead,
    HeartPoints,
    MoonRequires,
    MoonScoring,
    PassDirection,
    SunScoring,
)

SEED: Final = 20240603
HANDS_PER_COMBO: Final = 1024
"""A multiple of 64, so each pass direction meets each of the 16 deal kinds equally often."""
PLAYERS: Final = 4
TRICKS: Final = 13

# OpenSpiel numbers a card rank * 4 + suit (ranks 2..A as 0..12, suits C D H S as 0..3);
# hearts_core's card index is suit * 13 + rank - 2.
CARD_OF_ACTION: Final[tuple[Card, ...]] = tuple(
    Card(Suit(action % 4), Rank(action // 4 + 2)) for action in range(52)
)
ACTION_OF_INDEX: Final[tuple[int, ...]] = tuple(
    (Card.from_index(index).rank - 2) * 4 + Card.from_index(index).suit for index in range(52)
)
BIT_OF_ACTION: Final[tuple[int, ...]] = tuple(card.bit for card in CARD_OF_ACTION)

DECK: Final[tuple[Card, ...]] = tuple(Card.from_index(index) for index in range(52))
HEARTS: Final = CardSet(card for card in DECK if card.suit is Suit.HEARTS)
QUEEN_OF_SPADES: Final = Card(Suit.SPADES, Rank.QUEEN)
JACK_OF_DIAMONDS: Final = Card(Suit.DIAMONDS, Rank.JACK)
ACE_OF_CLUBS: Final = Card(Suit.CLUBS, Rank.ACE)
POINT_CARDS: Final = HEARTS | CardSet([QUEEN_OF_SPADES])

# OpenSpiel's pass direction chance outcomes, and the one-hand cycle hearts_core plays for each.
DIRECTIONS: Final[Mapping[int, PassDirection]] = {
    0: PassDirection.HOLD,
    1: PassDirection.LEFT,
    2: PassDirection.ACROSS,
    3: PassDirection.RIGHT,
}


def load_pyspiel() -> Any:
    """The ``pyspiel`` module; the test fails (not skips) without it."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:  # pragma: no cover - make test installs open-spiel
        pytest.fail(
            f"pyspiel cannot be imported ({exc}): install the dev extras "
            "(pip install -e '.[dev]', as make test does) to run the OpenSpiel differential test"
        )
    return pyspiel


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def cards_of(mask: int) -> str:
    return str(CardSet.from_mask(mask))


def actions_mask(actions: Sequence[int]) -> int:
    mask = 0
    for action in actions:
        mask |= BIT_OF_ACTION[action]
    return mask


# --- option combinations -------------------------------------------------------------------


def flipped(*names: str) -> dict[str, bool]:
    return {name: not OPENSPIEL_PARAMETERS[name] for name in names}


def combinations() -> list[tuple[str, dict[str, bool]]]:
    """Defaults; each option flipped alone; all flipped; two chosen pairs; four random ones."""
    combos: list[tuple[str, dict[str, bool]]] = [("defaults", {})]
    for name, default in OPENSPIEL_PARAMETERS.items():
        combos.append((f"{name}={not default}", flipped(name)))
    combos.append(("all-flipped", flipped(*OPENSPIEL_PARAMETERS)))
    combos.append(("jd+avoid-bonus", flipped("jd_bonus", "avoid_all_tricks_bonus")))
    combos.append(
        (
            "hearts-instead-of-qs,qs-no-break",
            flipped("can_lead_hearts_instead_of_qs", "qs_breaks_hearts"),
        )
    )
    seen = {tuple(sorted({**OPENSPIEL_PARAMETERS, **params}.items())) for _, params in combos}
    rng = random.Random(SEED)
    names = list(OPENSPIEL_PARAMETERS)
    while len(combos) < 16:
        params = {name: rng.random() < 0.5 for name in names}
        key = tuple(sorted(params.items()))
        if key in seen:
            continue
        seen.add(key)
        flips = [name for name in names if params[name] != OPENSPIEL_PARAMETERS[name]]
        combos.append((f"random:{'+'.join(flips)}", params))
    return combos


COMBINATIONS: Final = combinations()


def rules_for(params: Mapping[str, bool], direction: int) -> Rules:
    """hearts_core's rules for one OpenSpiel hand passing in ``direction`` (0 to 3)."""
    rules = rules_from_openspiel(params)
    wanted = DIRECTIONS[direction]
    if rules.pass_cycle != (wanted,):
        rules = rules.evolve(pass_cycle=[wanted])
    return rules


# --- deals ---------------------------------------------------------------------------------


def top_cards(suit: Suit, count: int) -> CardSet:
    return CardSet(Card(suit, Rank(rank)) for rank in range(14, 14 - count, -1))


def deal_around(rng: random.Random, seat: int, hand: CardSet) -> Deal:
    """A deal giving ``seat`` exactly ``hand`` and the other cards at random."""
    rest = [card for card in DECK if card not in hand]
    rng.shuffle(rest)
    hands: list[CardSet] = []
    for each in range(PLAYERS):
        if each == seat:
            hands.append(hand)
        else:
            hands.append(CardSet(rest[:TRICKS]))
            rest = rest[TRICKS:]
    return Deal(hands)


def moon_hand(rng: random.Random) -> CardSet:
    """Top cards only, at least one club: wins every trick if kept (as in strategies.py)."""
    clubs = rng.randint(1, 13)
    diamonds = rng.randint(0, 13 - clubs)
    hearts = rng.randint(0, 13 - clubs - diamonds)
    spades = 13 - clubs - diamonds - hearts
    return (
        top_cards(Suit.CLUBS, clubs)
        | top_cards(Suit.DIAMONDS, diamonds)
        | top_cards(Suit.HEARTS, hearts)
        | top_cards(Suit.SPADES, spades)
    )


def built_deal(rng: random.Random, kind: str, seat: int) -> Deal:
    """A deal around a rare position (see the module docstring)."""
    if kind == "moon":
        return deal_around(rng, seat, moon_hand(rng))
    if kind == "near-moon":
        # A moon hand with one or two cards swapped out: the shot may or may not come off.
        hand = moon_hand(rng).cards()
        keep = rng.sample(hand, TRICKS - rng.randint(1, 2))
        others = [card for card in DECK if card not in hand]
        return deal_around(rng, seat, CardSet(keep + rng.sample(others, TRICKS - len(keep))))
    if kind == "only-hearts-leader":
        # The ace of clubs and otherwise hearts, with or without the queen of spades.
        with_queen = rng.random() < 0.5
        hearts = rng.sample(HEARTS.cards(), TRICKS - 1 - with_queen)
        extra = [QUEEN_OF_SPADES] if with_queen else []
        return deal_around(rng, seat, CardSet([ACE_OF_CLUBS, *hearts, *extra]))
    assert kind == "void-clubs-points"
    # 13 of the 14 point cards: void in clubs on the first trick, nothing but points.
    left_out = rng.choice(POINT_CARDS.cards())
    return deal_around(rng, seat, POINT_CARDS - CardSet([left_out]))


DEAL_KINDS: Final = (
    "random", "random", "random", "random", "random", "random",
    "moon", "near-moon", "only-hearts-leader", "void-clubs-points",
    "random", "random", "random", "random", "random", "random",
)  # fmt: skip
"""The deal kinds, in turn: four built deals in sixteen."""


# --- playing one hand in both engines --------------------------------------------------------


@attrs.define
class Tally:
    """What one combination compared."""

    hands: int = 0
    decisions: int = 0
    pass_decisions: int = 0
    mismatches: list[str] = attrs.Factory(list)
    features: Counter[str] = attrs.Factory(Counter)


@attrs.define
class Record:
    """One hand's history, for a reproduction when the engines disagree."""

    combo: str
    params: dict[str, bool]
    direction: int
    deal: Deal
    passes: list[tuple[int, list[str]]] = attrs.Factory(list)
    plays: list[str] = attrs.Factory(list)

    def describe(self, what: str) -> str:
        hands = " | ".join(str(hand) for hand in self.deal.hands)
        passes = "; ".join(f"seat {seat}: {' '.join(cards)}" for seat, cards in self.passes)
        return (
            f"[{self.combo}] {what}\n"
            f"  params={self.params!r} (rules_from_openspiel), pass direction chance "
            f"outcome {self.direction} ({DIRECTIONS[self.direction].value})\n"
            f"  deal (seat 0 | 1 | 2 | 3): {hands}\n"
            f"  passes (in the order fed to OpenSpiel): {passes or '-'}\n"
            f"  plays so far: {' '.join(self.plays) or '-'}"
        )


def note_features(state: Any, seat: int, rules: Rules, tally: Tally) -> None:
    """Count the rare positions the hand reached (hearts_core's view)."""
    hand = state.hand_masks[seat]
    if state.current_trick:
        if not state.tricks and not hand & state.current_trick[0].suit.mask:
            if hand & ~POINT_CARDS.mask == 0:
                tally.features["first-trick void, only points"] += 1
            else:
                tally.features["first-trick void"] += 1
        return
    if not state.tricks or state.hearts_broken or not rules.must_break_hearts:
        return
    if hand & ~HEARTS.mask == 0:
        tally.features["lead unbroken, only hearts"] += 1
    elif hand & ~HEARTS.mask == QUEEN_OF_SPADES.bit and hand & HEARTS.mask:
        tally.features["lead unbroken, only QS + hearts"] += 1


def choose(rng: random.Random, plays: Sequence[Any], greedy: bool) -> PlayCard:
    if greedy:
        best: PlayCard = max(plays, key=lambda play: play.card.rank)
        return best
    chosen: PlayCard = rng.choice(plays)
    return chosen


def play_hand(
    game: Any,
    combo: str,
    params: Mapping[str, bool],
    number: int,
    rng: random.Random,
    tally: Tally,
) -> None:
    """Play hand ``number`` of a combination in both engines, comparing as it goes."""
    ours = rules_from_openspiel(params)
    directions = [0, 1, 2, 3] if ours.pass_cycle != (PassDirection.HOLD,) else [0]
    direction = directions[number % len(directions)]
    rules = rules_for(params, direction)
    # Every deal kind meets every direction: the kind changes once the directions go round.
    kind = DEAL_KINDS[number // len(directions) % len(DEAL_KINDS)]
    special_seat = rng.randrange(PLAYERS)
    deal = random_deal(rules, rng) if kind == "random" else built_deal(rng, kind, special_seat)
    greedy_seat = special_seat if kind in ("moon", "near-moon") else -1
    tally.features[f"deal {kind}"] += 1
    record = Record(combo, dict(params), direction, deal)

    def mismatch(what: str) -> None:
        tally.mismatches.append(record.describe(what))

    theirs = game.new_initial_state()
    expected_directions = actions_mask(directions)
    if actions_mask(theirs.legal_actions()) != expected_directions:
        mismatch(f"pass directions: OpenSpiel offers {theirs.legal_actions()}, not {directions}")
        return
    theirs.apply_action(direction)
    # The k-th dealt card goes to seat k % 4.
    hands = [hand.cards() for hand in deal.hands]
    for k in range(52):
        theirs.apply_action(ACTION_OF_INDEX[hands[k % PLAYERS][k // PLAYERS].index])
    state = apply(new_game(rules), deal)

    if direction:
        if state.phase is not Phase.PASS:
            mismatch(f"hearts_core is in phase {state.phase.value} after the deal, not pass")
            return
        for seat in range(PLAYERS):
            passed = rng.choice(legal_actions(state, seat))
            assert isinstance(passed, PassCards)
            order = list(passed.cards)
            rng.shuffle(order)
            record.passes.append((seat, [str(card) for card in order]))
            held = state.hand_masks[seat]
            for card in order:
                tally.pass_decisions += 1
                if theirs.current_player() != seat:
                    mismatch(f"OpenSpiel's seat {theirs.current_player()} passes, not {seat}")
                    return
                offered = actions_mask(theirs.legal_actions())
                if offered != held:
                    mismatch(
                        f"seat {seat} passing: OpenSpiel offers {cards_of(offered)}, "
                        f"the seat holds {cards_of(held)}"
                    )
                    return
                theirs.apply_action(ACTION_OF_INDEX[card.index])
                held &= ~card.bit
            state = apply(state, passed)

    if state.phase is not Phase.PLAY:
        mismatch(f"hearts_core is in phase {state.phase.value} after the pass, not play")
        return
    their_hands = [mask_of(Card.parse(text) for text in hand) for hand in theirs.to_struct().hands]
    if their_hands != list(state.hand_masks):
        mismatch(
            "hands after the pass: OpenSpiel "
            + " | ".join(cards_of(m) for m in their_hands)
            + "; hearts_core "
            + " | ".join(cards_of(m) for m in state.hand_masks)
        )
        return

    events: tuple[Any, ...] = ()
    before = state
    last = PLAYERS * TRICKS - 1
    for played in range(PLAYERS * TRICKS):
        seat = state.to_act[0]
        if theirs.current_player() != seat:
            mismatch(f"OpenSpiel's seat {theirs.current_player()} to play, hearts_core's {seat}")
            return
        plays: Sequence[Any] = legal_actions(state)
        legal = mask_of(play.card for play in plays)
        offered = actions_mask(theirs.legal_actions())
        tally.decisions += 1
        note_features(state, seat, rules, tally)
        if legal != offered:
            hand = state.hand_masks[seat]
            mismatch(
                f"seat {seat} holding {cards_of(hand)}: hearts_core allows {cards_of(legal)}, "
                f"OpenSpiel allows {cards_of(offered)}"
            )
            return
        play = choose(rng, plays, greedy=seat == greedy_seat)
        record.plays.append(str(play.card))
        if played == last:
            before = state
            state, events = step(state, play)
        else:
            state = apply(state, play)
        theirs.apply_action(ACTION_OF_INDEX[play.card.index])

    scored = [event for event in events if isinstance(event, HandScored)]
    their_points = [int(theirs.points(seat)) for seat in range(PLAYERS)]
    if not theirs.is_terminal() or state.phase is not Phase.GAME_OVER or len(scored) != 1:
        mismatch(
            f"end of hand: OpenSpiel terminal {theirs.is_terminal()}, "
            f"hearts_core phase {state.phase.value}, HandScored events {len(scored)}"
        )
        return
    scores = list(scored[0].scores)
    if scores != their_points or list(state.totals) != scores:
        mismatch(
            f"hand scores: hearts_core {scores} (totals {list(state.totals)}), "
            f"OpenSpiel points {their_points}"
        )
        return
    tally.hands += 1
    note_outcome(rules, before, events, tally)


def note_outcome(rules: Rules, before: Any, events: Sequence[Any], tally: Tally) -> None:
    """Count the rare outcomes: moon shots (J♦ elsewhere), seats without a trick."""
    taken = [mask_of(cards) for cards in before.taken]
    won = [0] * PLAYERS
    for trick in before.tricks:
        won[trick.winner] += 1
    for event in events:
        if isinstance(event, TrickTaken):
            taken[event.winner] |= mask_of(event.cards)
            won[event.winner] += 1
        if isinstance(event, MoonShot):
            tally.features["moon"] += 1
            if rules.card_points(JACK_OF_DIAMONDS) and not taken[event.seat] & JACK_OF_DIAMONDS.bit:
                tally.features["moon, JD elsewhere"] += 1
            return
    if 0 in won:
        tally.features["seat without a trick"] += 1


TOTALS: Final[Counter[str]] = Counter()


@pytest.fixture(scope="module", autouse=True)
def report_totals() -> Iterator[None]:
    """Print the totals over every combination once the module's tests have run."""
    yield
    if TOTALS["combinations"]:
        print(
            f"\n[openspiel] total: {TOTALS['combinations']} combinations, {TOTALS['hands']} hands "
            f"agree, {TOTALS['decisions']} play and {TOTALS['pass decisions']} pass decisions "
            f"compared, {TOTALS['mismatches']} mismatches"
        )


@pytest.mark.slow
@pytest.mark.parametrize(("combo", "params"), COMBINATIONS, ids=[name for name, _ in COMBINATIONS])
def test_same_legal_cards_and_points_as_openspiel(combo: str, params: dict[str, bool]) -> None:
    pyspiel = load_pyspiel()
    game = pyspiel.load_game("hearts", params)
    rng = random.Random(f"{SEED}:{combo}")
    tally = Tally()
    start = time.perf_counter()
    for number in range(HANDS_PER_COMBO):
        play_hand(game, combo, params, number, rng, tally)
    elapsed = time.perf_counter() - start
    features = ", ".join(f"{name} {count}" for name, count in sorted(tally.features.items()))
    print(
        f"\n[openspiel] {combo}: {tally.hands} hands agree of {HANDS_PER_COMBO}, "
        f"{tally.decisions} play decisions and {tally.pass_decisions} pass decisions compared, "
        f"{len(tally.mismatches)} mismatches, {elapsed:.1f} s\n[openspiel]   reached: {features}"
    )
    TOTALS.update(
        {
            "combinations": 1,
            "hands": tally.hands,
            "decisions": tally.decisions,
            "pass decisions": tally.pass_decisions,
            "mismatches": len(tally.mismatches),
        }
    )
    assert not tally.mismatches, (
        f"{len(tally.mismatches)} of {HANDS_PER_COMBO} hands disagree with OpenSpiel; "
        "the first:\n" + tally.mismatches[0]
    )
    assert tally.hands == HANDS_PER_COMBO


# --- rules_from_openspiel ---------------------------------------------------------------------


def test_parameters_are_openspiels_with_its_defaults() -> None:
    pyspiel = load_pyspiel()
    spec = pyspiel.load_game("hearts").get_type().parameter_specification
    assert dict(spec) == dict(OPENSPIEL_PARAMETERS)


@pytest.mark.parametrize(
    "params",
    [
        {"pass_card": True},
        {"players": 4},
        {"jd_bonus": True, "moon": "add-to-others"},
        {"PASS_CARDS": True},
    ],
)
def test_from_openspiel_rejects_unknown_parameters(params: dict[str, Any]) -> None:
    unknown = next(name for name in params if name not in OPENSPIEL_PARAMETERS)
    with pytest.raises(InvalidRulesError) as info:
        rules_from_openspiel(params)
    assert info.value.field == unknown


@pytest.mark.parametrize("name", list(OPENSPIEL_PARAMETERS))
@pytest.mark.parametrize("value", [1, 0, "true", "false", None, 1.0])
def test_from_openspiel_rejects_non_bool_values(name: str, value: object) -> None:
    with pytest.raises(InvalidRulesError) as info:
        rules_from_openspiel({name: value})  # type: ignore[dict-item]
    assert info.value.field == name


def test_from_openspiel_defaults() -> None:
    rules = rules_from_openspiel()
    assert rules_from_openspiel({}) == rules == rules_from_openspiel(OPENSPIEL_PARAMETERS)
    # One hand of the standard four-seat, 52-card game, passing three cards left.
    assert rules.players == 4
    assert len(rules.deck) == 52
    assert rules.pass_count == 3
    assert rules.pass_cycle == (PassDirection.LEFT,)
    assert rules.single_hand
    # The OpenSpiel defaults, each on its documented field.
    assert rules.first_lead is FirstLead.LOWEST_CLUB
    assert rules.points_on_first_trick is False
    assert rules.must_break_hearts is True
    assert rules.queen_breaks_hearts is True
    assert rules.lead_hearts_instead_of_queen is False
    assert rules.no_tricks_bonus == 0
    # Scored as OpenSpiel scores: hearts 1, Q♠ 13, moon adds 26 to the others.
    assert rules.heart_points is HeartPoints.ONE
    assert dict(rules.card_values) == {QUEEN_OF_SPADES: 13}
    assert rules.moon is MoonScoring.ADD_TO_OTHERS
    assert rules.moon_requires is MoonRequires.POSITIVE_CARDS
    assert rules.moon_amount == 26
    assert rules.sun is SunScoring.OFF
    assert rules.queen_waits_for_hearts is False


FLAG_FIELDS: Final[dict[str, tuple[str, object, object]]] = {
    # OpenSpiel parameter: (hearts_core field, value when the parameter is off, when on)
    "pass_cards": ("pass_cycle", (PassDirection.HOLD,), (PassDirection.LEFT,)),
    "no_pts_on_first_trick": ("points_on_first_trick", True, False),
    "can_lead_any_club": ("first_lead", FirstLead.LOWEST_CLUB, FirstLead.ANY_CLUB),
    "jd_bonus": (
        "card_values",
        ((QUEEN_OF_SPADES, 13),),
        ((JACK_OF_DIAMONDS, -10), (QUEEN_OF_SPADES, 13)),
    ),
    "avoid_all_tricks_bonus": ("no_tricks_bonus", 0, -5),
    "qs_breaks_hearts": ("queen_breaks_hearts", False, True),
    "must_break_hearts": ("must_break_hearts", False, True),
    "can_lead_hearts_instead_of_qs": ("lead_hearts_instead_of_queen", False, True),
}


def test_every_parameter_has_a_field() -> None:
    assert set(FLAG_FIELDS) == set(OPENSPIEL_PARAMETERS)


@pytest.mark.parametrize("name", list(OPENSPIEL_PARAMETERS))
def test_from_openspiel_maps_each_flag_to_its_field(name: str) -> None:
    field, off, on = FLAG_FIELDS[name]
    base = rules_from_openspiel()
    for value, expected in ((False, off), (True, on)):
        rules = rules_from_openspiel({name: value})
        assert getattr(rules, field) == expected
        # Only that field changes (a default value leaves the rules as they are).
        assert rules == base.evolve(**{field: expected})


def test_jd_bonus_scores_the_jack_of_diamonds() -> None:
    assert rules_from_openspiel().card_points(JACK_OF_DIAMONDS) == 0
    rules = rules_from_openspiel({"jd_bonus": True})
    assert rules.card_points(JACK_OF_DIAMONDS) == -10
    assert rules.card_points(QUEEN_OF_SPADES) == 13
    # The J♦ is not a point card: it may go on the first trick and no moon needs it.
    assert JACK_OF_DIAMONDS not in rules.point_cards
    assert rules.moon_amount == 26
