"""The search bot: its options, legal play in every kind of ruleset, and reproducibility."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from hearts_core import (
    Card,
    CardSet,
    Deal,
    GameState,
    HandScored,
    Phase,
    PlayCard,
    Rules,
    UnknownNameError,
    apply,
    new_game,
    observe,
    random_deal,
    variant,
)
from hearts_core.bots import BotError, IsmctsBot, RuleBot, make_bot, transitions
from hearts_core.bots.ismcts import ATTEMPT_MARGIN
from hearts_core.bots.sampled import SampledHand
from hearts_core.bots.tree import _defend, _Search, _shoot_play, _threat
from hearts_core.state import taken_and_won


def test_options_by_name_and_by_value() -> None:
    bot = make_bot("ismcts:400")
    assert isinstance(bot, IsmctsBot) and bot.iterations == 400 and bot.moon
    bot = make_bot("ismcts:iterations=64,seconds=0.5,exploration=1.2,moon=no,widen=9")
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.seconds, bot.exploration, bot.moon) == (64, 0.5, 1.2, False)
    assert bot.widen == 9
    assert make_bot("ismcts").iterations == 128  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:0",
        "ismcts:moon=maybe",
        "ismcts:exploration=-1",
        "ismcts:seconds=0",
        "ismcts:widen=0",
    ],
)
def test_bad_options_are_refused(spec: str) -> None:
    with pytest.raises(BotError):
        make_bot(spec)


def test_unknown_option() -> None:
    with pytest.raises(UnknownNameError, match="samples"):
        make_bot("ismcts:samples=3")


def test_bad_settings_in_python() -> None:
    settings: list[dict[str, Any]] = [
        {"iterations": 0},
        {"seconds": -1.0},
        {"exploration": "x"},
        {"moon": 1},
        {"widen": 0},
        {"widen": 2.0},
    ]
    for kwargs in settings:
        with pytest.raises(BotError):
            IsmctsBot(**kwargs)


@pytest.mark.parametrize(
    "name", ["standard", "three-player", "six-player", "black-maria", "omnibus", "shoot-the-sun"]
)
def test_plays_a_whole_hand_in_every_kind_of_ruleset(name: str) -> None:
    # The engine refuses an illegal action, so a hand played to its score is all legal.
    rules = variant(name)
    bots = [IsmctsBot(iterations=12)] + [RuleBot()] * (rules.players - 1)
    scored = None
    for move in transitions(bots, rules, random.Random(5)):
        scored = next((e for e in move.events if isinstance(e, HandScored)), None)
        if scored is not None:
            break
    assert scored is not None and len(scored.scores) == rules.players


def _first_play(seed: int) -> tuple[Rules, object]:
    rules = Rules(pass_cycle=["hold"])
    state = apply(new_game(rules), random_deal(rules, random.Random(seed)))
    while state.phase is Phase.PLAY and len(observe(state, state.to_act[0]).legal_actions) < 3:
        seat = state.to_act[0]
        state = apply(state, RuleBot().choose(observe(state, seat), random.Random(0)))
    return rules, observe(state, state.to_act[0])


def test_the_same_generator_gives_the_same_search() -> None:
    _, view = _first_play(7)
    bot = IsmctsBot(iterations=40)
    first = bot.evaluate(view, random.Random(3))  # type: ignore[arg-type]
    assert first == bot.evaluate(view, random.Random(3))  # type: ignore[arg-type]
    assert set(first) == set(view.legal_actions)  # type: ignore[attr-defined]


def test_search_beats_random_over_a_few_deals() -> None:
    from hearts_core.bots.arena import run_arena

    result = run_arena("ismcts:16", "random", deals=2, seed=4)
    assert result.payoff.mean > 3.0  # rule beats random by about 6 a deal


def test_no_action_and_wrong_phase() -> None:
    bot = IsmctsBot(iterations=4)
    with pytest.raises(BotError):
        bot.choose(observe(new_game(), 0), random.Random(0))
    state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    with pytest.raises(BotError):
        bot.evaluate(observe(state, 0), random.Random(0))


# --- moons: the attempt, the defence, and when an attempt is weighed ----------------------
# Built positions, checked against the rules the module docstring states.

_MOONLESS_FOR_SEAT_0 = Deal(
    [
        "2C 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC AS",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
)


def _after_first_trick() -> GameState:
    """Seat 0 leads the 2C, seat 1 takes it with the AC, seat 2 throws a diamond and seat 3
    a heart (it holds nothing else): seat 1 alone has taken a card the moon needs."""
    rules = Rules(pass_cycle=["hold"])
    state = apply(new_game(rules), _MOONLESS_FOR_SEAT_0)
    for seat, card in ((0, "2C"), (1, "AC"), (2, "2D"), (3, "2H")):
        state = apply(state, PlayCard(seat, card))
    return state


def test_a_moon_attempt_is_weighed_only_by_a_seat_no_other_seat_has_stopped() -> None:
    state = _after_first_trick()
    assert state.to_act == (1,)
    leader = _Search(observe(state, 1), 0.7, random.Random(1))
    assert leader.moon_candidate()  # seat 1 took the 2H, and nobody else took a point
    state = apply(state, PlayCard(1, "3C"))
    follower = _Search(observe(state, 2), 0.7, random.Random(1))
    assert not follower.moon_candidate()  # seat 1 has a heart: seat 2 cannot shoot


def test_the_attempt_is_played_only_when_it_beats_the_normal_plan_by_the_margin() -> None:
    # Seed 14's first choice weighs an attempt. On the same deals (same generator), the
    # values of the normal plan alone are those of ``moon=False``, and those of the attempt
    # are what a bot with no bar at all returns; the bot returns the attempt's values
    # exactly when its best beats the normal plan's best by more than its margin.
    _, view = _first_play(14)
    normal = IsmctsBot(iterations=48, moon=False).evaluate(view, random.Random(5))  # type: ignore[arg-type]
    eager = IsmctsBot(iterations=48)
    eager._margin = float("-inf")
    shoot = eager.evaluate(view, random.Random(5))  # type: ignore[arg-type]
    assert shoot != normal
    lead = max(shoot.values()) - max(normal.values())
    for margin, expected in ((lead - 1e-9, shoot), (lead + 1e-9, normal)):
        bot = IsmctsBot(iterations=48)
        bot._margin = margin
        assert bot.evaluate(view, random.Random(5)) == expected  # type: ignore[arg-type]
    default = IsmctsBot(iterations=48).evaluate(view, random.Random(5))  # type: ignore[arg-type]
    assert ATTEMPT_MARGIN == 0.15
    assert default == (shoot if lead > ATTEMPT_MARGIN else normal)


def test_a_moon_attempt_leads_a_sure_winner_takes_the_trick_and_throws_no_points() -> None:
    points = Rules().tables().points
    plays = [PlayCard(0, card) for card in ("KD", "QS", "AS")]
    unseen = CardSet.parse("AD 5S 2H").mask  # the AD is out: the KD may lose, the AS cannot
    assert _shoot_play(plays, [], unseen, points) == PlayCard(0, "AS")
    following = [PlayCard(0, card) for card in ("3H", "JH", "9H")]
    assert _shoot_play(following, [Card.parse("TH")], unseen, points) == PlayCard(0, "JH")
    void = [PlayCard(0, card) for card in ("QS", "4C", "8C")]
    assert _shoot_play(void, [Card.parse("TH")], unseen, points) == PlayCard(0, "4C")


def test_the_moon_threat_is_one_seat_alone_with_three_moon_cards() -> None:
    need = Rules().tables().moon_mask
    three = CardSet.parse("2H 3H QS").mask
    assert _threat([0, three, 0, 0], need) == 1
    assert _threat([0, CardSet.parse("2H 3H").mask, 0, 0], need) is None
    assert _threat([CardSet.parse("4H").mask, three, 0, 0], need) is None
    assert _threat([0, CardSet.parse("2C 3C 4C").mask, 0, 0], need) is None


def test_the_defence_takes_a_trick_with_points_or_feeds_the_shooter_nothing() -> None:
    points = Rules().tables().points
    hands = [0, 0, 0, 0]
    # Seat 1, the threat, led the 5H: seat 2 overtakes with its highest heart above it.
    led = SampledHand(Rules().tables(), hands, [Card.parse("5H")], 1, True, 5, [0] * 4, [0] * 4)
    plays = [PlayCard(2, card) for card in ("3H", "9H", "7H")]
    assert _defend(plays, led, 1, points, 4) == PlayCard(2, "9H")
    # Only lower hearts: nothing to win with, so the rules of thumb decide.
    assert _defend([PlayCard(2, "3H"), PlayCard(2, "4H")], led, 1, points, 4) is None
    # Void, and the threat is winning: throw the highest card worth no points.
    void = [PlayCard(2, card) for card in ("QS", "4C", "9D", "KH")]
    assert _defend(void, led, 1, points, 4) == PlayCard(2, "9D")
    # Void, and someone else is winning the trick: the rules of thumb decide.
    trick = [Card.parse("5H"), Card.parse("AH")]
    other = SampledHand(Rules().tables(), hands, trick, 1, True, 5, [0] * 4, [0] * 4)
    assert _defend(void, other, 1, points, 4) is None


def test_a_play_out_expects_a_would_be_shooter_to_go_on_shooting() -> None:
    state = _after_first_trick()
    tables = Rules().tables()
    hands = [CardSet.parse(text).mask for text in ("5D 9C", "AS 4C", "KS 2D", "3S 8C")]
    taken = [0, CardSet.parse("2H 3H 4H").mask, 0, 0]  # seat 1 alone has moon cards
    hand = SampledHand(tables, hands, [], 1, True, 11, taken, [0, 2, 0, 0])
    legal = hand.legal(1)
    # Seen from seat 2, seat 1 leads its sure winner, the AS, as a moon attempt would; the
    # rules of thumb would lead the 4C, the card least likely to win.
    other = _Search(observe(state, 2), 0.7, random.Random(1))
    assert other._policy(hand, 1, legal, False) == PlayCard(1, "AS")
    # The bot's own seat is not modelled: it plays by the rules of thumb (or its moon plan).
    own = _Search(observe(state, 1), 0.7, random.Random(1))
    assert own._policy(hand, 1, legal, False) == PlayCard(1, "4C")
    assert own._policy(hand, 1, legal, True) == PlayCard(1, "AS")


def test_the_moon_plan_is_tried_against_a_defence_from_its_first_card() -> None:
    state = _after_first_trick()
    tables = Rules().tables()
    hands = [CardSet.parse(text).mask for text in ("5D 9C", "AS 4C", "3H 9H 7H", "3S 8C")]
    taken = [0, CardSet.parse("2H").mask, 0, 0]  # one heart: no threat yet by the count
    hand = SampledHand(tables, hands, [Card.parse("5H")], 1, True, 11, taken, [0, 2, 0, 0])
    me = _Search(observe(state, 1), 0.7, random.Random(1))
    legal = hand.legal(2)
    # Under the moon plan, seat 2 overtakes the bot's heart, a trick with a point in it.
    assert me._policy(hand, 2, legal, True) == PlayCard(2, "9H")
    # Under the normal plan it ducks, as the rules of thumb do.
    assert me._policy(hand, 2, legal, False) == PlayCard(2, "3H")
    # Once another seat has taken a moon card the attempt is dead: nobody defends.
    dead = SampledHand(
        tables,
        hands,
        [Card.parse("5H")],
        1,
        True,
        11,
        [0, taken[1], 0, CardSet.parse("6H").mask],
        [0, 2, 0, 1],
    )
    assert me._policy(dead, 2, legal, True) == PlayCard(2, "3H")


def test_a_count_down_hand_pays_the_seat_that_takes_points() -> None:
    # Hartenjagen: while the game counts down, points taken come off a total, so taking
    # them is good. A payoff is the others' mean gain less a seat's own, over the scale.
    rules = variant("hartenjagen")
    state = apply(new_game(rules), random_deal(rules, random.Random(4)))
    for seat in state.to_act:
        state = apply(state, RuleBot().choose(observe(state, seat), random.Random(0)))
    view = observe(state, state.to_act[0])
    hand = SampledHand(
        rules.tables(), [0] * 4, [], 0, True, 8, [CardSet.parse("QS JC 7H").mask, 0, 0, 0],
        [8, 0, 0, 0],
    )  # fmt: skip
    scale = float(max(rules.moon_amount, 1))
    up = _Search(view, 0.7, random.Random(0))._payoffs(hand)
    down_view = attrs.evolve(view, counting_down=True)
    down = _Search(down_view, 0.7, random.Random(0))._payoffs(hand)
    # QS 5 + JC 2 + 7H 1: 8 points to seat 0, none to the others.
    assert up == [-8 / scale, 8 / 3 / scale, 8 / 3 / scale, 8 / 3 / scale]
    assert down == [-x for x in up]


# --- the kernel's batches against the tree walk ---------------------------------------


def test_the_batches_value_each_play_as_the_walk_does_on_the_same_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With no more deals than ``widen``, the walk plays every line as its play-out does, so
    # on the same deals the kernel's batches, with the walk's plans, must give each play
    # the same value. (A position where the bot weighs a moon attempt is among them.)
    from hearts_core.belief import Belief
    from hearts_core.bots import tree

    for seed in (7, 8, 12, 14):  # 14: the bot weighs a moon attempt
        _, view = _first_play(seed)
        rng = random.Random(seed)
        belief = Belief(view)  # type: ignore[arg-type]
        deals = [belief.sample(rng) for _ in range(6)]
        taken, won = _search_totals(view)
        dealt = iter(deals)
        monkeypatch.setattr(
            tree._Search,
            "sample",
            lambda self, d=dealt, t=taken, w=won: SampledHand.of(next(d), t, w),
        )
        walked = IsmctsBot(iterations=6, search="walk").evaluate(view, random.Random(0))  # type: ignore[arg-type]
        masks = iter([list(state.hand_masks) for state in deals])
        monkeypatch.setattr(Belief, "hands", lambda self, draws, m=masks: next(m))
        bot = IsmctsBot(iterations=6)
        bot._flags = 0  # the walk's plans: no guard, and the moon plan defended from the start
        bot._margin = tree.MOON_MARGIN  # and its bar for an attempt
        batched = bot.evaluate(view, random.Random(0))  # type: ignore[arg-type]
        assert batched == pytest.approx(walked, abs=1e-12)
        assert len(set(walked.values())) > 1  # plays that differ, so the order is tested


def _search_totals(view: object) -> tuple[list[int], list[int]]:
    players = view.rules.players  # type: ignore[attr-defined]
    return taken_and_won(view.tricks, players)  # type: ignore[attr-defined]


def test_the_old_search_is_kept_by_its_option() -> None:
    bot = make_bot("ismcts:32,search=walk,pass_playouts=800")
    assert isinstance(bot, IsmctsBot) and bot.search == "walk" and not bot.pass_moon
    assert repr(bot) == (
        "IsmctsBot(iterations=32, exploration=0.7, moon=True, widen=64, pass_playouts=800, "
        "pass_moon=False, search='walk')"
    )
    with pytest.raises(BotError):
        make_bot("ismcts:search=tree")
    with pytest.raises(BotError):
        IsmctsBot(search="fast")  # type: ignore[arg-type]


def test_a_claim_that_settles_the_hand_is_played_without_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 0 holds every club and leads them: it takes every trick, a moon, whatever the
    # others hold; the bot plays the claim's card and never searches.
    rules = Rules(pass_cycle=["hold"])
    state = apply(
        new_game(rules),
        Deal([
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]),
    )  # fmt: skip
    for _ in range(11 * 4):
        seat = state.to_act[0]
        state = apply(state, RuleBot().choose(observe(state, seat), random.Random(0)))
    assert state.to_act == (0,) and len(state.tricks) == 11

    def no_search(self: IsmctsBot, view: object, rng: object) -> dict[PlayCard, float]:
        raise AssertionError("searched")

    monkeypatch.setattr(IsmctsBot, "evaluate", no_search)
    action = IsmctsBot().choose(observe(state, 0), random.Random(0))
    # Seat 0 led its clubs from the lowest and holds the KC and AC: both win, and the rules
    # of thumb lead the lower of two cards alike.
    assert action == PlayCard(0, "KC")
    with pytest.raises(AssertionError, match="searched"):
        IsmctsBot(search="walk").choose(observe(state, 0), random.Random(0))


def test_the_strong_preset_by_name_with_options_beside_it() -> None:
    from hearts_core.bots.ismcts import STRONG

    bot = make_bot("ismcts:strong")
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.pass_playouts) == (STRONG["iterations"], STRONG["pass_playouts"])
    assert bot.iterations > IsmctsBot().iterations and bot.pass_playouts > 0
    other = make_bot("ismcts:strong,iterations=5")
    assert isinstance(other, IsmctsBot)
    assert (other.iterations, other.pass_playouts) == (5, STRONG["pass_playouts"])
    with pytest.raises(BotError, match="iterations"):
        make_bot("ismcts:strong,strong")
    with pytest.raises(BotError, match="samples"):
        make_bot("mc:strong")  # only ismcts has the preset
