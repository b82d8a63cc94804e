"""The bots: legal in every shipped variant, blind to hidden cards, and of the promised strength.

The strength figures published in docs/strength.md come from bench/strength.py
(thousands of hands); the checks here are the quick versions of the same
measurements, with margins wide enough for a few hundred hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from hearts_core import (
    Action,
    CardSet,
    ChooseMoon,
    Deal,
    HandScored,
    MoonChosen,
    MoonOption,
    MoonShot,
    Phase,
    PlayCard,
    PlayerView,
    Rules,
    Suit,
    UnknownNameError,
    apply,
    new_game,
    observe,
    random_deal,
    variant,
    variant_names,
)
from hearts_core.belief import Belief, resample
from hearts_core.bots import (
    BOTS,
    Bot,
    BotError,
    MonteCarloBot,
    RandomBot,
    RuleBot,
    SimpleBot,
    make_bot,
    play_game,
)
from hearts_core.state import GameState

ALL_CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"


class Checked:
    """Wraps a bot and fails the test if it ever picks an action that is not offered."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.decisions = 0
        self.phases: set[Phase] = set()

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        assert view.is_my_turn
        action = self.bot.choose(view, rng)
        assert action in view.legal_actions, (self.bot, view.seat, view.phase, action)
        self.decisions += 1
        self.phases.add(view.phase)
        return action


def play_hands(
    bots: Sequence[Bot], rules: Rules, hands: int, seed: int, rotate: bool = True
) -> list[tuple[int, ...]]:
    """Scores of ``hands`` hands, each played on its own (hand ``i`` passes as hand ``i`` of a
    game does); bot ``j`` sits at seat ``(j + i) % players`` in hand ``i`` when ``rotate``.

    The scores are returned per bot, not per seat. A single-hand game has only hand 0, so
    every hand is played as hand 0 under such rules.
    """
    players = rules.players
    found = []
    for hand in range(hands):
        rng = random.Random(seed + hand)
        shift = hand % players if rotate else 0
        number = 0 if rules.single_hand else hand
        state = apply(new_game(rules, hand_number=number), random_deal(rules, rng))
        while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
            seat = state.to_act[0]
            state = apply(state, bots[(seat - shift) % players].choose(observe(state, seat), rng))
        found.append(tuple(state.totals[(j + shift) % players] for j in range(players)))
    return found


# Every shipped variant, with rule and random bots over thousands of hands.


@pytest.mark.parametrize("name", variant_names())
def test_rule_and_random_bots_play_every_variant_legally(name: str) -> None:
    rules = variant(name)
    bots = [Checked(RuleBot() if seat % 2 == 0 else RandomBot()) for seat in range(rules.players)]
    scores = play_hands(bots, rules, hands=100, seed=1000)
    assert len(scores) == 100
    # Every seat passed (unless the variant never passes) and played every trick.
    for bot in bots:
        assert bot.decisions >= 100 * rules.hand_size
        assert Phase.PLAY in bot.phases
        assert (Phase.PASS in bot.phases) == any(d.value != "hold" for d in rules.pass_cycle)


@pytest.mark.parametrize("name", variant_names())
def test_monte_carlo_bot_plays_every_variant_legally(name: str) -> None:
    rules = variant(name)
    mc = Checked(MonteCarloBot(samples=3))
    bots = [mc, *(Checked(RuleBot()) for _ in range(rules.players - 1))]
    play_hands(bots, rules, hands=2, seed=7)
    assert mc.decisions >= 2 * rules.hand_size


@pytest.mark.parametrize("name", ["classic", "moon-choice"])
def test_bots_finish_whole_games_with_the_moon_choice(name: str) -> None:
    # Random bots feed points about, so rule bots now and then shoot the moon and must choose.
    bots = [Checked(RuleBot()), Checked(RandomBot()), Checked(RuleBot()), Checked(RandomBot())]
    choices = 0
    games = 0
    for game in range(60):
        steps = list(play_game(bots, variant(name), random.Random(game)))
        events = [e for _, found in steps for e in found]
        waiting = [e.seat for e in events if isinstance(e, MoonShot) and e.option is None]
        # Each moon the shooter chooses for is followed by its choice, by the same seat.
        assert waiting == [e.seat for e in events if isinstance(e, MoonChosen)]
        choices += len(waiting)
        assert steps[-1][0].is_over
        games += 1
        if choices >= 2:
            break
    assert choices >= 2, f"only {choices} moon choices in {games} games: the test lost its point"
    assert any(Phase.MOON in bot.phases for bot in bots)


# The moon choice itself.


def _moon_view(scores: tuple[int, ...], rules: Rules | None = None) -> PlayerView:
    """Seat 0's view at its moon choice: it held every club, so it took every trick."""
    rules = rules or Rules(pass_cycle=["hold"], moon="shooter-chooses")
    state = new_game(rules, totals=scores)
    rest = CardSet.parse(ALL_CLUBS) ^ rules.deck
    others = sorted(rest, key=lambda c: (c.suit, c.rank))
    deal = Deal([ALL_CLUBS, *(CardSet(others[i::3]) for i in range(3))])
    state = apply(state, deal)
    while state.phase is Phase.PLAY:
        seat = state.to_act[0]
        state = apply(state, RuleBot().choose(observe(state, seat), random.Random(0)))
    assert state.phase is Phase.MOON and state.to_act == (0,)
    return observe(state, 0)


@pytest.mark.parametrize(
    ("scores", "wanted"),
    [
        # Nothing ends: the leader adds (the end comes sooner), a seat behind subtracts.
        ((0, 0, 0, 0), MoonOption.ADD_TO_OTHERS),
        ((60, 10, 20, 30), MoonOption.SUBTRACT_FROM_SHOOTER),
        # Adding ends the game with the shooter alone lowest: add, and win.
        ((50, 80, 85, 90), MoonOption.ADD_TO_OTHERS),
        # Adding ends the game with another seat lowest: subtract and play on.
        ((80, 20, 90, 30), MoonOption.SUBTRACT_FROM_SHOOTER),
    ],
)
def test_rule_bot_scores_its_moon_to_win_or_stay_alive(
    scores: tuple[int, ...], wanted: MoonOption
) -> None:
    view = _moon_view(scores)
    for bot in (RuleBot(), MonteCarloBot(samples=2)):
        action = bot.choose(view, random.Random(1))
        assert action == ChooseMoon(0, wanted), (bot, scores)


# What the Monte-Carlo bot may know.


def _midgame_views(count: int, seed: int) -> list[tuple[GameState, PlayerView]]:
    """Positions in play from random games of several variants, with the view of the seat to
    play."""
    rng = random.Random(seed)
    names = ["standard", "three-player", "six-player", "hartenjagen", "black-maria"]
    found: list[tuple[GameState, PlayerView]] = []
    while len(found) < count:
        rules = variant(rng.choice(names))
        players = rules.players
        state = apply(new_game(rules, hand_number=rng.randrange(4)), random_deal(rules, rng))
        stop = rng.randrange(rules.hand_size * players)
        bots: list[Bot] = [RandomBot(), RuleBot()] * 3
        plays = 0
        while state.phase is not Phase.DEAL and state.phase is not Phase.GAME_OVER:
            seat = state.to_act[0]
            if state.phase is Phase.PLAY:
                if plays == stop:
                    found.append((state, observe(state, seat)))
                    break
                plays += 1
            state = apply(state, bots[seat].choose(observe(state, seat), rng))
    return found


def test_sampled_deals_are_consistent_with_the_view() -> None:
    checked_voids = 0
    checked_passes = 0
    for state, view in _midgame_views(150, seed=3):
        players = view.rules.players
        belief = Belief(view)
        unseen = view.rules.deck - view.hand - view.played
        voids: list[set[Suit]] = [set() for _ in range(players)]
        tricks = [(t.leader, t.cards) for t in view.tricks] + [(view.leader, view.current_trick)]
        for leader, cards in tricks:
            for i, card in enumerate(cards[1:], start=1):
                if card.suit is not cards[0].suit:
                    voids[(leader + i) % players].add(cards[0].suit)
        receiver = view.pass_direction.receiver(view.seat, players)
        passed = (view.passed or CardSet()) & unseen
        # The true hands satisfy what the bot infers, so a consistent deal exists.
        for seat, hand in enumerate(state.hands):
            assert not any(hand.of_suit(s) for s in voids[seat])
        for _ in range(5):
            hands = list(belief.sample(random.Random(len(unseen))).hands)
            assert hands[view.seat] == view.hand
            assert [len(h) for h in hands] == list(view.hand_sizes)
            others = CardSet()
            for seat, hand in enumerate(hands):
                if seat != view.seat:
                    assert hand.isdisjoint(others)
                    others |= hand
                    for suit in voids[seat]:
                        assert not hand.of_suit(suit), (seat, suit, hand)
                        checked_voids += 1
            assert others == unseen
            assert passed <= hands[receiver]
            checked_passes += bool(passed)
    assert checked_voids > 50 and checked_passes > 50


def test_sampled_deals_vary() -> None:
    # The position with the most hidden cards of a few.
    _, view = max(_midgame_views(10, seed=11), key=lambda found: sum(found[1].hand_sizes))
    belief = Belief(view)
    rng = random.Random(0)
    deals = {belief.sample(rng).hand_masks for _ in range(20)}
    assert len(deals) > 10


def test_monte_carlo_bot_decides_from_the_view_alone() -> None:
    # Two positions that differ only in the hidden cards look the same to the seat to play,
    # so it makes the same choice with the same random numbers.
    compared = 0
    for state, view in _midgame_views(20, seed=5):
        # Another deal of the hidden cards consistent with the view, if there is one.
        rng = random.Random(1)
        for _ in range(10):
            twin = resample(view, rng)
            if twin.hands != state.hands:
                break
        else:
            continue
        assert twin != state and observe(twin, view.seat) == view
        bot = MonteCarloBot(samples=4)
        first = bot.choose(view, random.Random(9))
        second = bot.choose(observe(twin, view.seat), random.Random(9))
        assert first == second
        compared += 1
    assert compared >= 10


def test_monte_carlo_evaluate_scores_every_legal_card() -> None:
    _, view = _midgame_views(1, seed=2)[0]
    scores = MonteCarloBot(samples=3).evaluate(view, random.Random(0))
    assert set(scores) == {a for a in view.legal_actions if isinstance(a, PlayCard)}
    with pytest.raises(BotError, match="no card to play"):
        MonteCarloBot().evaluate(observe(new_game(), 0), random.Random(0))


def test_monte_carlo_budgets_and_random_rollouts() -> None:
    _, view = _midgame_views(1, seed=8)[0]
    bot = MonteCarloBot(samples=10**9, seconds=0.05)
    assert bot.choose(view, random.Random(0)) in view.legal_actions
    rollouts = Checked(MonteCarloBot(samples=2, rollout="random"))
    play_hands([rollouts, RuleBot(), RuleBot(), RuleBot()], Rules(), hands=2, seed=4)
    assert rollouts.decisions >= 26
    with pytest.raises(BotError, match="samples"):
        MonteCarloBot(samples=0)
    with pytest.raises(BotError, match="rollout"):
        MonteCarloBot(rollout="perfect")  # type: ignore[arg-type]


# Strength: the quick versions of bench/strength.py.


def _against(
    bot: Callable[[], Bot], opponent: Callable[[], Bot], hands: int, seed: int = 7
) -> tuple[float, float]:
    """Mean points per hand of ``bot`` and of the three ``opponent`` copies at its table."""
    scores = play_hands([bot(), opponent(), opponent(), opponent()], Rules(), hands, seed)
    mine = sum(s[0] for s in scores) / hands
    theirs = sum(sum(s[1:]) for s in scores) / (3 * hands)
    return mine, theirs


def test_rule_bot_beats_random_bots() -> None:
    mine, theirs = _against(RuleBot, RandomBot, hands=300)
    # Seen: about 2 points a hand against about 8.5 for the random seats.
    assert mine < 0.5 * theirs, (mine, theirs)


def test_monte_carlo_bot_beats_random_bots() -> None:
    mine, theirs = _against(lambda: MonteCarloBot(samples=6), RandomBot, hands=40)
    # Seen: about 1.3 points a hand against about 8.4.
    assert mine < 0.5 * theirs, (mine, theirs)


def test_the_strength_check_can_fail() -> None:
    # The same measurement does not flatter an equal player: it separates a better bot
    # from one no better than its opponents.
    mine, theirs = _against(RandomBot, RandomBot, hands=300)
    assert mine > 0.75 * theirs, (mine, theirs)
    mine, theirs = _against(RuleBot, RuleBot, hands=300)
    assert mine > 0.75 * theirs, (mine, theirs)


# Names and the game loop.


def test_make_bot_knows_every_listed_bot() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("RULE"), RuleBot)
    assert isinstance(make_bot(" mc "), MonteCarloBot)
    assert make_bot("mc:7").samples == 7  # type: ignore[attr-defined]
    assert set(BOTS) == {"random", "rule", "mc", "ismcts", "learned"}
    assert SimpleBot is RuleBot
    for bad in ("mc:0", "mc:x", "rule:3", ""):
        with pytest.raises(BotError):
            make_bot(bad)
    # An unknown name is an UnknownNameError (the spec syntax is tested in test_bots_registry).
    with pytest.raises(UnknownNameError, match="'alphago'"):  # no fields: the name is shown
        make_bot("alphago")


def test_bots_refuse_a_view_with_nothing_to_do() -> None:
    state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    state = apply(state, RuleBot().choose(observe(state, 0), random.Random(0)))
    for bot in (RandomBot(), RuleBot(), MonteCarloBot()):
        with pytest.raises(BotError, match="no legal action"):
            bot.choose(observe(state, 0), random.Random(0))


def test_play_game_needs_one_bot_per_seat() -> None:
    with pytest.raises(BotError) as info:
        next(play_game([RandomBot()] * 4, variant("three-player"), random.Random(0)))
    assert "3" in str(info.value) and "4" in str(info.value)  # no fields: the counts are shown
    steps = list(play_game([RuleBot()] * 3, variant("black-maria"), random.Random(0)))
    assert steps[-1][0].is_over


def test_games_replay_from_their_seed() -> None:
    def game(seed: int) -> list[tuple[int, ...]]:
        bots: list[Bot] = [MonteCarloBot(samples=2), RuleBot(), RandomBot(), RuleBot()]
        return [
            e.scores
            for _, events in play_game(bots, Rules(single_hand=True), random.Random(seed))
            for e in events
            if isinstance(e, HandScored)
        ]

    assert game(3) == game(3)
