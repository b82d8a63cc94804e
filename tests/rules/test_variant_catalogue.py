"""The shipped variant catalogue: every file loads, renders a rulebook, plays whole games,
and sets the values its sources give.

The expected rules below were written by hand from the sentences each file quotes (the
cardgames.io rules page, the classic rules text in docs/rules.md, gnome-hearts' help and
configuration, the Bicycle pages, Jeff Goldsmith's page, the Hartenjagen pages, OpenSpiel);
they are compared with the whole ``Rules`` value, so a stray or missing field fails too. The
per-hand score sums were worked out by hand from the card values and the moon and sun rules.
"""

from __future__ import annotations

import random

import pytest

from hearts_core import (
    Card,
    CardSet,
    Deal,
    GameState,
    HandScored,
    PassCards,
    Phase,
    PlayCard,
    Rules,
    apply,
    legal_actions,
    new_game,
    random_deal,
    step,
    variant,
    variant_names,
)
from hearts_core.adapters.openspiel import rules_from_openspiel
from hearts_core.rules import (
    FirstLead,
    GameEnd,
    MoonRequires,
    MoonScoring,
    PassDirection,
    SunScoring,
    TieRule,
    describe_variant,
    variant_info,
)

L, R, A, H = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD

# Each variant's full ruleset, from its sources (Rules() is the standard game).
EXPECTED: dict[str, Rules] = {
    "standard": Rules(),
    # The classic text ends the game at 100 and says nothing of playing on: ties share the win.
    "classic": Rules(queen_breaks_hearts=True, moon="shooter-chooses", tie="shared-win"),
    "queen-breaks-hearts": Rules(queen_breaks_hearts=True),
    "moon-choice": Rules(moon="shooter-chooses"),
    "moon-subtract": Rules(moon="subtract-from-shooter"),
    # Windows Hearts plays the standard game.
    "microsoft": Rules(),
    "openspiel": Rules(pass_cycle=[L], queen_breaks_hearts=True, single_hand=True),
    "omnibus": Rules(card_values={"QS": 13, "JD": -10}),
    # gnome-hearts' Omnibus Alternative: its standard ruleset with the ten of diamonds -10.
    "omnibus-10d": Rules(
        pass_cycle=[L, A, R, H],
        queen_breaks_hearts=True,
        card_values={"QS": 13, "TD": -10},
        moon="subtract-from-shooter",
        sun="subtract-from-shooter",
        tie="shared-win",
    ),
    # Bicycle's Omnibus: 10♦ +10 in its plus scoring (-10 here); the slam of all fifteen
    # counting cards scores 26 for the slammer (-10 - 16 here) instead of 16 minus.
    "omnibus-bicycle": Rules(
        queen_breaks_hearts=True,
        only_discards_break_hearts=True,
        card_values={"QS": 13, "TD": -10},
        moon_requires="all-scoring-cards",
        moon="subtract-from-shooter",
        moon_points=16,
    ),
    # Bicycle: hearts may not be led until a heart or Q♠ has been *discarded*.
    "bicycle": Rules(queen_breaks_hearts=True, only_discards_break_hearts=True),
    "bicycle-50": Rules(queen_breaks_hearts=True, only_discards_break_hearts=True, target_score=50),
    # gnome-hearts' defaults: its config file sets queen_breaks_hearts=true, and its game
    # ends at the target whatever the tie.
    "gnome-hearts": Rules(
        pass_cycle=[L, A, R, H],
        queen_breaks_hearts=True,
        moon="subtract-from-shooter",
        sun="subtract-from-shooter",
        tie="shared-win",
    ),
    "spot-hearts": Rules(
        pass_cycle=[L, A, R, H],
        queen_breaks_hearts=True,
        tie="shared-win",
        heart_points="spot",
        card_values={"QS": 25},
        moon="subtract-from-shooter",
        sun="subtract-from-shooter",
        sun_points=258,
        target_score=500,
    ),
    "shoot-the-sun": Rules(sun="subtract-from-shooter", sun_points=52),
    "black-maria": Rules(
        players=3,
        removed_cards="2C",
        pass_cycle=[R],
        first_lead="left-of-dealer",
        points_on_first_trick=True,
        must_break_hearts=False,
        card_values={"QS": 13, "KS": 10, "AS": 7},
        moon="off",
    ),
    "three-player": Rules(players=3, removed_cards="2D", pass_cycle=[L, R, H]),
    "five-player": Rules(players=5, removed_cards="2C 2D", pass_count=2, pass_cycle=[L, R, H]),
    "six-player": Rules(
        players=6, removed_cards="2D 3D 3C 4C", pass_count=2, pass_cycle=[L, R, A, H]
    ),
    "hartenjagen": Rules(
        lowest_rank=7,
        points_on_first_trick=True,
        card_values={"QS": 5, "JC": 2},
        moon="off",
        target_score=50,
        game_end="count-down",
    ),
    "no-hold": Rules(pass_cycle=[L, R, A]),
    "jeff-goldsmith": Rules(
        moon="automatic", exact_target_halves=True, full_polish=True, tie="shared-win"
    ),
    "no-tricks-bonus": Rules(no_tricks_bonus=-5),
    "queen-waits": Rules(queen_waits_for_hearts=True),
    "pass-left": Rules(pass_cycle=[L]),
    "no-passing": Rules(pass_cycle=[H]),
}

# What the seats' hand scores add up to, for every way a hand can end.
HAND_SUMS: dict[str, set[int]] = {
    # 26 points; a moon adds 26 to each of the 3 others
    **{
        name: {26, 78}
        for name in (
            "standard",
            "queen-breaks-hearts",
            "microsoft",
            "openspiel",
            "bicycle",
            "bicycle-50",
            "no-hold",
            "queen-waits",
            "pass-left",
            "no-passing",
        )
    },
    # the shooter may choose -26 instead
    "classic": {26, 78, -26},
    "moon-choice": {26, 78, -26},
    "moon-subtract": {26, -26},
    "jeff-goldsmith": {26, 78, -26},
    # the sun (every trick) takes 52 off the shooter
    "shoot-the-sun": {26, 78, -52},
    "gnome-hearts": {26, -26, -52},
    # 104 + 25 = 129; moon -129, sun -258
    "spot-hearts": {129, -129, -258},
    # 26 - 10 = 16; a moon: 3 * 26 - 10 = 68 wherever the jack went
    "omnibus": {16, 68},
    # 16; a moon: -26 off the shooter and the ten's -10 wherever it went, -36; a sun: the
    # shooter took the ten too, -52 - 10 = -62
    "omnibus-10d": {16, -36, -62},
    # 16; a slam (all fifteen counting cards): -16 - 10 = -26 for the slammer, 0 for the others
    "omnibus-bicycle": {16, -26},
    # -5 to each of the 0, 1 or 2 seats without a trick (two seats at least take one,
    # or one seat took every trick, which is a moon, and then there is no bonus)
    "no-tricks-bonus": {26, 21, 16, 78},
    # 13 + 13 + 10 + 7 = 43 and no moon
    "black-maria": {43},
    # 8 hearts + 5 + 2 = 15 and no moon
    "hartenjagen": {15},
    # a moon adds 26 to each of the 2, 4 or 5 others
    "three-player": {26, 52},
    "five-player": {26, 104},
    "six-player": {26, 130},
}

NAMES = variant_names()


def test_the_catalogue_is_complete() -> None:
    assert set(EXPECTED) <= set(NAMES)
    assert set(HAND_SUMS) == set(EXPECTED)
    # every shipped file is checked here
    assert set(NAMES) <= set(EXPECTED)


@pytest.mark.parametrize("name", NAMES)
def test_variant_loads_with_metadata(name: str) -> None:
    info = variant_info(name)
    assert info.name == name
    assert variant(name) == info.rules
    assert info.description.strip()
    assert info.sources and all(source.strip() for source in info.sources)
    for alias in info.aliases:
        assert variant_info(alias).name == name


def test_names_and_aliases_are_unique() -> None:
    seen: list[str] = []
    for name in NAMES:
        info = variant_info(name)
        seen += [name, *info.aliases]
    lowered = [n.lower() for n in seen]
    assert len(lowered) == len(set(lowered))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_variant_rules_are_what_the_sources_say(name: str) -> None:
    assert variant(name) == EXPECTED[name]


@pytest.mark.parametrize("name", NAMES)
def test_variant_rulebook(name: str) -> None:
    book = describe_variant(variant_info(name))
    assert book.startswith(f"# {name}\n")
    assert "## Sources" in book and "## Scoring" in book
    assert "`MUST_FOLLOW_SUIT`" in book
    assert len(book) > 1000


def test_openspiel_is_from_openspiel() -> None:
    assert variant("openspiel") == rules_from_openspiel()
    assert variant("os") == rules_from_openspiel()


# --- the sourced values, one by one ----------------------------------------------------


def points(rules: Rules, cards: str) -> list[int]:
    return [rules.card_points(Card.parse(card)) for card in cards.split()]


def deck_total(rules: Rules) -> int:
    return sum(rules.card_points(card) for card in rules.deck)


def test_black_maria() -> None:
    rules = variant("black-maria")
    assert rules.players == 3
    assert len(rules.deck) == 51 and Card.parse("2C") not in rules.deck
    assert rules.hand_size == 17
    assert rules.pass_count == 3 and rules.pass_cycle == (R,)
    assert [rules.pass_direction(hand) for hand in range(4)] == [R, R, R, R]
    assert rules.first_lead is FirstLead.LEFT_OF_DEALER
    assert points(rules, "QS KS AS JS 2H AH JD") == [13, 10, 7, 0, 1, 1, 0]
    assert rules.moon_amount == 13 + 10 + 7 + 13 == 43 == deck_total(rules)
    assert rules.moon is MoonScoring.OFF


def test_black_maria_left_of_dealer_leads_any_card() -> None:
    rules = variant("black-maria")
    state = apply(new_game(rules), random_deal(rules, random.Random(5)))
    dealer = state.dealer
    assert dealer == 2  # the last seat deals the first hand
    # every seat passes its three lowest cards to the right
    for seat in range(3):
        state = apply(state, PassCards(seat, CardSet(state.hands[seat].cards()[:3])))
    assert state.phase is Phase.PLAY
    assert state.to_act == ((dealer + 1) % 3,)
    leader = state.to_act[0]
    plays = legal_actions(state)
    # any card at all: no first-trick rule keeps the point cards (hearts, Q♠ K♠ A♠) off it,
    # and hearts need no breaking
    assert sorted(p.card for p in plays if isinstance(p, PlayCard)) == sorted(state.hands[leader])
    assert any(rules.card_points(card) > 0 for card in state.hands[leader])


def test_hartenjagen() -> None:
    rules = variant("hartenjagen")
    assert len(rules.deck) == 32 and rules.hand_size == 8
    assert min(card.rank for card in rules.deck) == 7
    assert rules.lowest_club == Card.parse("7C")
    assert points(rules, "7H 8H TH AH QS JC JS QC") == [1, 1, 1, 1, 5, 2, 0, 0]
    assert deck_total(rules) == 8 + 5 + 2 == 15 == rules.moon_amount
    assert rules.pass_count == 3 and rules.pass_cycle == (L, R, A, H)


def test_hartenjagen_seven_of_clubs_leads() -> None:
    rules = variant("hartenjagen")
    state = apply(new_game(rules), random_deal(rules, random.Random(3)))
    rng = random.Random(3)
    while state.phase is Phase.PASS:
        state = apply(state, rng.choice(legal_actions(state)))
    (seat,) = state.to_act
    assert Card.parse("7C") in state.hands[seat]
    assert list(legal_actions(state)) == [PlayCard(seat, "7C")]


def test_three_five_six_players() -> None:
    three, five, six = variant("three-player"), variant("five-player"), variant("six-player")
    assert (len(three.deck), three.hand_size, str(three.removed_cards)) == (51, 17, "2D")
    assert three.lowest_club == Card.parse("2C") and three.pass_count == 3
    assert three.pass_cycle == (L, R, H)
    assert (len(five.deck), five.hand_size) == (50, 10)
    assert set(five.removed_cards) == set(CardSet.parse("2C 2D"))
    assert five.lowest_club == Card.parse("3C") and five.pass_count == 2
    assert (len(six.deck), six.hand_size) == (48, 8)
    assert set(six.removed_cards) == set(CardSet.parse("2D 3D 3C 4C"))
    assert len([c for c in six.deck if c.suit.letter == "H"]) == 13
    assert six.lowest_club == Card.parse("2C") and six.pass_count == 2
    assert A.receiver(0, 6) == 3
    for rules in (three, five, six):
        assert deck_total(rules) == 26 and rules.first_lead is FirstLead.LOWEST_CLUB


def test_omnibus_family() -> None:
    for name in ("omnibus", "omnibus-10d", "omnibus-bicycle"):
        assert deck_total(variant(name)) == 16
    assert variant("omnibus").moon_amount == variant("omnibus-10d").moon_amount == 26
    assert variant("omnibus-bicycle").moon_amount == 16
    assert points(variant("omnibus"), "JD TD QS") == [-10, 0, 13]
    assert points(variant("omnibus-10d"), "JD TD QS") == [0, -10, 13]
    assert points(variant("omnibus-bicycle"), "JD TD QS") == [0, -10, 13]
    assert variant("omnibus").moon_requires is MoonRequires.POSITIVE_CARDS
    assert variant("omnibus-bicycle").moon_requires is MoonRequires.ALL_SCORING_CARDS


def test_spot_hearts_and_gnome() -> None:
    spot = variant("spot-hearts")
    assert points(spot, "2H 9H TH JH QH KH AH QS") == [2, 9, 10, 11, 12, 13, 14, 25]
    assert sum(range(2, 15)) == 104
    assert spot.moon_amount == 104 + 25 == 129
    assert spot.sun_points == 258 and spot.target_score == 500
    gnome = variant("gnome-hearts")
    assert gnome.pass_cycle == (L, A, R, H)
    assert gnome.moon is MoonScoring.SUBTRACT_FROM_SHOOTER
    assert gnome.sun is SunScoring.SUBTRACT_FROM_SHOOTER and gnome.sun_points == 52


def test_scoring_variants() -> None:
    jg = variant("jeff-goldsmith")
    assert jg.moon is MoonScoring.AUTOMATIC and jg.exact_target_halves and jg.full_polish
    assert jg.target_score == 100
    assert variant("bicycle-50").target_score == 50
    assert variant("to-50").queen_breaks_hearts
    assert variant("no-tricks-bonus").no_tricks_bonus == -5
    assert variant("tournament").pass_cycle == (L, R, A)


# --- whole games -----------------------------------------------------------------------

GAMES_PER_VARIANT = 10
MAX_HANDS = 200


def play_game(rules: Rules, seed: int) -> tuple[GameState, list[HandScored]]:
    """A whole game of random legal actions; every seat to act must have a legal action."""
    rng = random.Random(seed)
    state = new_game(rules)
    scored: list[HandScored] = []
    for _ in range(MAX_HANDS * (len(rules.deck) + rules.players + 2)):
        if state.phase is Phase.GAME_OVER:
            return state, scored
        if state.phase is Phase.DEAL:
            deal = random_deal(rules, rng)
            assert isinstance(deal, Deal)
            state = apply(state, deal)
            continue
        assert state.to_act
        for seat in state.to_act:
            assert len(legal_actions(state, seat)) > 0, (seat, state.phase)
        state, events = step(state, rng.choice(legal_actions(state)))
        scored += [event for event in events if isinstance(event, HandScored)]
    raise AssertionError(f"no game over after {MAX_HANDS} hands")


@pytest.mark.parametrize("name", NAMES)
def test_random_games_reach_game_over(name: str) -> None:
    rules = variant(name)
    for seed in range(GAMES_PER_VARIANT):
        state, scored = play_game(rules, seed)
        assert state.phase is Phase.GAME_OVER
        assert state.winners
        assert scored and len(scored) == state.hand_number + 1
        for hand in scored:
            assert sum(hand.scores) in HAND_SUMS[name], (seed, hand)
            assert len(hand.scores) == rules.players
        low = min(state.totals)
        if rules.single_hand:
            assert len(scored) == 1
        elif rules.game_end is GameEnd.COUNT_DOWN:
            # The game counted down: some hand's totals reached the target, and a total
            # is now 0 or below.
            assert any(max(hand.totals) >= rules.target_score for hand in scored)
            assert low <= 0 and state.counting_down
        else:
            assert max(state.totals) >= rules.target_score
        if not rules.single_hand and rules.tie is TieRule.PLAY_ON:
            assert list(state.totals).count(low) == 1
        assert state.winners == tuple(s for s, total in enumerate(state.totals) if total == low)
        assert state.totals == scored[-1].totals
