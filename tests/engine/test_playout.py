"""Play-outs: ``rollout``, ``rollouts`` and ``play_outs``, card for card as the public
loop plays them."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers.positions import MOON_DEAL, played_out, position, reference
from hypothesis import given
from hypothesis import strategies as st

from hearts_core import (
    Card,
    CardSet,
    Deal,
    GameState,
    PassChoices,
    Phase,
    PlayCard,
    Rules,
    apply,
    legal_actions,
    new_game,
    playout,
    variant,
    variant_names,
)
from hearts_core.belief import Belief
from hearts_core.bots import MonteCarloBot
from hearts_core.bots.knowledge import equivalent_plays, unseen_cards
from hearts_core.bots.sampled import gain_over_others
from hearts_core.draws import CheckedDraws
from hearts_core.kernel import Rng
from hearts_core.observation import observe
from hearts_core.playout import rollout, rollouts

# --- ``rollout``: random play to the end of the hand, card for card as the public loop plays it

@given(
    name=st.sampled_from(variant_names()),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 80),
    hand_number=st.integers(0, 7),
    draw_seed=st.integers(0, 2**32),
)
def test_rollout_equals_the_reference_loop_in_every_variant(
    name: str, seed: int, steps: int, hand_number: int, draw_seed: int
) -> None:
    state = position(variant(name), seed, steps, hand_number)
    fast, slow = random.Random(draw_seed), random.Random(draw_seed)
    assert rollout(state, fast) == reference(state, slow)
    assert fast.getstate() == slow.getstate()


@given(
    players=st.sampled_from([3, 4, 5, 6]),
    queen_waits=st.booleans(),
    queen_breaks=st.booleans(),
    points_first=st.booleans(),
    lead_hearts=st.booleans(),
    first_lead=st.sampled_from(["lowest-club", "any-club", "left-of-dealer"]),
    moon=st.sampled_from(["add-to-others", "shooter-chooses", "automatic", "off"]),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 60),
)
def test_rollout_equals_the_reference_loop_under_drawn_rules(
    players: int,
    queen_waits: bool,
    queen_breaks: bool,
    points_first: bool,
    lead_hearts: bool,
    first_lead: str,
    moon: str,
    seed: int,
    steps: int,
) -> None:
    rules = Rules(
        players=players,
        queen_waits_for_hearts=queen_waits,
        queen_breaks_hearts=queen_breaks,
        points_on_first_trick=points_first,
        lead_hearts_instead_of_queen=lead_hearts,
        first_lead=first_lead,
        moon=moon,
    )
    state = position(rules, seed, steps, hand_number=seed % 4)
    fast, slow = random.Random(seed + 1), random.Random(seed + 1)
    assert rollout(state, fast) == reference(state, slow)
    assert fast.getstate() == slow.getstate()


def test_rollout_draws_the_moon_choice_as_the_loop_does() -> None:
    # Seat 0 holds the top of every suit it holds and every high card it needs: with
    # some seeds it takes every point card, and the shooter's choice is then drawn.
    rules = Rules(pass_cycle=["hold"], moon="shooter-chooses")
    start = apply(new_game(rules), MOON_DEAL)
    chose = 0
    for seed in range(200):
        fast, slow = random.Random(seed), random.Random(seed)
        end = rollout(start, fast)
        assert end == reference(start, slow)
        assert fast.getstate() == slow.getstate()
        chose += end.totals in ((0, 26, 26, 26), (-26, 0, 0, 0))
    assert chose >= 2


def test_rollout_between_hands_returns_the_state_and_draws_nothing() -> None:
    rng = random.Random(3)
    before = rng.getstate()
    waiting = new_game()
    assert rollout(waiting, rng) is waiting
    over = position(Rules(single_hand=True), 1, 200)
    assert over.phase is Phase.GAME_OVER
    assert rollout(over, rng) is over
    assert rng.getstate() == before


class WithoutGetrandbits(random.Random):
    """A generator that only overrides ``random()``: Python then draws its own indices
    without ``getrandbits``; the play-out still reads its words from ``getrandbits``."""

    def random(self) -> float:
        return super().random()


def test_rollout_draws_whole_blocks_from_a_random_subclass() -> None:
    state = position(Rules(), 5, 3)
    fast, slow = WithoutGetrandbits(8), WithoutGetrandbits(8)
    assert rollout(state, fast) == reference(state, slow)
    assert fast.getstate() == slow.getstate()
    blocks = WithoutGetrandbits(8)
    for _ in range(4):  # the play-out drew whole blocks of 128 bytes, one or two of them
        blocks.getrandbits(1024)
        if blocks.getstate() == fast.getstate():
            break
    assert blocks.getstate() == fast.getstate()


@pytest.mark.parametrize("name", ["standard", "six-player", "spot-hearts", "omnibus"])
def test_rollout_scores_the_hand(name: str) -> None:
    rules = variant(name)
    state = position(rules, 9, 0)
    end = rollout(state, random.Random(2))
    assert end.phase in (Phase.DEAL, Phase.GAME_OVER)
    assert end.hand_number in (0, 1)
    assert end.totals != state.totals


def test_monte_carlo_bot_plays_out_at_random_as_the_public_loop_does() -> None:
    # Each sample's deal and seed drawn as the bot draws them (the deal as masks from the
    # kernel's bytes, then eight bytes more for the play-out's seed); then every play (one
    # of each group the bot plays out once) finished through apply and legal_actions, each
    # card drawn from the kernel's bytes of random.Random(seed), as the bot draws them.
    state = position(Rules(pass_cycle=["hold"]), 4, 9)
    view = observe(state, state.to_act[0])
    got = MonteCarloBot(samples=3, rollout="random").evaluate(view, random.Random(1))
    rng = random.Random(1)
    belief = Belief(view)
    groups = equivalent_plays(list(got), unseen_cards(view).mask, view.rules.tables().points)
    sums = {group[0]: 0.0 for group in groups}
    draws = Rng(random.Random(rng.getrandbits(64)))
    deals = [belief.hands(draws) for _ in range(3)]
    for hands in deals:
        sampled = belief._state(hands, CheckedDraws(random.Random(0)).below)
        assert observe(sampled, view.seat) == view
        seed = int.from_bytes(bytes(draws.word() for _ in range(8)), "big")
        for play in sums:
            end = reference(apply(sampled, play), random.Random(seed))
            gained = [a - b for a, b in zip(end.totals, view.totals, strict=True)]
            sums[play] += gain_over_others(gained, view.seat)
    assert got == {play: sums[group[0]] / 3 for group in groups for play in group}


@pytest.mark.parametrize("held, count", [(13, 3), (17, 4), (10, 1), (8, 5), (20, 2)])
def test_each_pass_choice_is_that_combination_of_the_hand_in_card_order(
    held: int, count: int
) -> None:
    # Hands spread over every suit, so the choices cross suit boundaries; (8, 5) and (20, 2)
    # are beyond the precomputed tables and take the unranking walk.
    rng = random.Random(held * 10 + count)
    hand = CardSet([Card.from_index(i) for i in rng.sample(range(52), held)])
    choices = PassChoices(0, hand, count)
    expected = [
        sum(card.bit for card in combo) for combo in itertools.combinations(sorted(hand), count)
    ]
    assert choices.size == len(choices) == len(expected)
    assert [choices.mask_at(i) for i in range(choices.size)] == expected
    assert [choices[i].cards.mask for i in range(choices.size)] == expected


@pytest.mark.parametrize("name", ["standard", "black-maria"])  # the 2C leads, or the dealer's left
@pytest.mark.parametrize("hand_number", [0, 3])  # passing, and (standard) holding
def test_rollouts_play_each_hand_as_the_public_loop_does(name: str, hand_number: int) -> None:
    # A few play-outs read the bytes in blocks of 128, one Rng for all: each hand is the
    # public loop's from the same words, passes drawn seat by seat, scored by the totals.
    state = position(variant(name), 7, 0, hand_number)
    scores = rollouts(state, 5, random.Random(12))
    draws = Rng(random.Random(12))
    for each in scores:
        end = played_out(state, draws)
        assert each == tuple(a - b for a, b in zip(end.totals, state.totals, strict=True))


def test_rollouts_remember_the_scores_of_unshot_hands_on_the_rules() -> None:
    # A hand nobody shot scores by its points, and here by the tricks (-5 for a seat that
    # took none): the scores rollouts work out are kept on the compiled rules, each as
    # the points plus the bonus, and later calls read them back.
    rules = variant("no-tricks-bonus")
    state = position(rules, 3, 0, 3)
    known = state.context.tables.hand_scores
    known.clear()
    first = rollouts(state, 300, random.Random(4))
    assert known
    for key, scores in known.items():
        shooter, points, won = key[0], key[1:5], key[5:]
        assert shooter == -1
        assert scores == tuple(p + (-5 if w == 0 else 0) for p, w in zip(points, won, strict=True))
    assert rollouts(state, 300, random.Random(4)) == first
    remembered = next(iter(known))
    known[remembered] = (99, 99, 99, 99)  # a kept value is read, not worked out again
    assert (99, 99, 99, 99) in rollouts(state, 300, random.Random(4))
    known.clear()


def test_rollouts_forget_the_kept_scores_past_their_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(Rules(), 3, 0, 3)
    known = state.context.tables.hand_scores
    known.clear()
    known.update({(-2, seat, 0, 0, 0): (0, 0, 0, 0) for seat in range(10)})
    monkeypatch.setattr(playout, "_MAX_KNOWN", 5)
    rollouts(state, 1, random.Random(1))
    assert all(key[0] == -1 for key in known) and len(known) <= 1
    known.clear()


# --- Pins for hearts_core/playout.py, found by mutation testing (docs/mutation-engine.md) -

def check(state: GameState, seed: int) -> GameState:
    fast, slow = random.Random(seed), random.Random(seed)
    end = rollout(state, fast)
    assert end == reference(state, slow)
    assert fast.getstate() == slow.getstate()
    return end


# The steps into a hand: the pass phase before any pass and after some (for passing
# variants), the first trick's lead and its followers, and later tricks.
STEPS = (0, 1, 2, 3, 5, 9, 17, 30)


@pytest.mark.parametrize("name", variant_names())
def test_rollout_matches_the_loop_in_every_variant_at_every_stage(name: str) -> None:
    rules = variant(name)
    # Hand numbers 0 to 3 take a passing variant through each pass direction (and the
    # hold hand); a single-hand variant has only hand 0.
    hands = (0,) if rules.single_hand else (0, 1, 2, 3)
    for index, steps in enumerate(STEPS):
        for repeat in range(3):
            hand_number = hands[(index + repeat) % len(hands)]
            state = position(rules, 100 * index + 10 * repeat + len(name), steps, hand_number)
            check(state, index + repeat)


def test_rollout_from_the_pass_phase_after_some_seats_passed() -> None:
    rules = Rules()
    for seed in range(6):
        state = position(rules, seed, 0)
        assert state.phase is Phase.PASS
        for passes in range(1, 4):
            state = apply(state, legal_actions(state)[seed * 37 % len(legal_actions(state))])
            assert state.phase is Phase.PASS and len(state.to_act) == 4 - passes
            check(state, seed + passes)




def moon_position() -> GameState:
    """A state waiting for the shooter's choice, reached by random play from a deal where
    seat 0 holds the top cards."""
    rules = Rules(pass_cycle=["hold"], moon="shooter-chooses")
    start = apply(new_game(rules), MOON_DEAL)
    for seed in range(400):
        rng = random.Random(seed)
        state = start
        while state.phase is Phase.PLAY:
            state = apply(state, rng.choice(legal_actions(state)))
        if state.phase is Phase.MOON:
            return state
    raise AssertionError("no moon shot in 400 play-outs")


def test_rollout_from_the_moon_choice_draws_the_option_as_the_loop_does() -> None:
    state = moon_position()
    assert state.to_act == (0,)
    totals = set()
    for seed in range(8):
        end = check(state, seed)
        totals.add(end.totals)
    # Both options are drawn over these seeds: 26 to each other seat, or 26 off seat 0.
    assert totals == {(0, 26, 26, 26), (-26, 0, 0, 0)}


@pytest.mark.parametrize("first_lead", ["left-of-dealer", "any-club"])
def test_rollout_matches_the_loop_when_the_two_of_clubs_may_be_kept(first_lead: str) -> None:
    # The 2C is card 0, the lowest bit of a hand: when it need not lead the first trick,
    # a seat void in the suit led may discard it or pass over it to a higher card.
    rules = Rules(first_lead=first_lead, pass_cycle=["hold"])
    for seed in range(40):
        check(position(rules, seed, seed % 24), seed)


def test_rollout_scores_a_sun_when_one_seat_takes_every_trick() -> None:
    # Seat 0 holds every club and leads the 2C: nobody else can follow a club, so seat 0
    # takes all 13 tricks whatever is drawn: a sun, 52 off its total, nothing to others.
    rules = Rules(pass_cycle=["hold"], sun="subtract-from-shooter", sun_points=52)
    deal = Deal(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]
    )
    start = apply(new_game(rules), deal)
    for plays in (0, 5, 6):
        state = start
        for _ in range(plays):
            state = apply(state, legal_actions(state)[-1])
        for seed in range(3):
            end = check(state, seed)
            assert end.totals == (-52, 0, 0, 0)


def test_rollout_keeps_points_off_the_first_trick_after_hearts_break_in_it() -> None:
    # Seat 1 holds only hearts: void in clubs, it must discard one on the first trick,
    # which breaks hearts. Seat 2, void in clubs too, still may not discard the QS on the
    # first trick while it holds cards worth nothing: 12 choices, not 13.
    deal = Deal(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "2D 3D 4D 5D 6D 7D 8D 2S 3S 4S 5S 6S QS",
            "9D TD JD QD KD AD 7S 8S 9S TS JS KS AS",
        ]
    )
    start = apply(new_game(Rules(pass_cycle=["hold"])), deal)
    state = apply(apply(start, legal_actions(start)[0]), PlayCard(1, "5H"))
    assert state.hearts_broken is True
    assert len(legal_actions(state)) == 12
    for seed in range(6):
        check(start, seed)
        check(state, seed)


def test_rollout_from_the_pass_phase_scores_a_scoring_two_of_clubs_once() -> None:
    # The 2C worth -5: whoever takes it, the hand's scores add up to 26 - 5 (or to
    # 3 * 26 - 5 after a moon added to the others).
    rules = Rules(card_values={"QS": 13, "2C": -5})
    for seed in range(6):
        state = position(rules, seed, seed % 3)
        assert state.phase is Phase.PASS
        end = check(state, seed + 7)
        assert sum(end.totals) in (26 - 5, 3 * 26 - 5)


def test_rollout_scores_a_moon_in_a_count_down_game_as_the_count_down_does() -> None:
    # Seat 0 holds every club and takes every card. Counting down, adding 26 to the
    # others (30, 20, 10) would end the game with seat 0 far from the lowest, so the
    # automatic moon takes 26 off the shooter: 110 - (-26) is 136.
    rules = Rules(pass_cycle=["hold"], game_end="count-down", target_score=100, moon="automatic")
    deal = Deal(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]
    )
    start = apply(new_game(rules, totals=(110, 30, 20, 10), counting_down=True), deal)
    for seed in range(3):
        assert check(start, seed).totals == (136, 30, 20, 10)
