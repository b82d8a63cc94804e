"""Actions and views that cannot be made inconsistent.

* A view whose fields contradict each other (built with ``attrs.evolve``) is refused by
  every shipped bot with ``BotError`` naming the field, never an ``IndexError``; a view
  ``observe`` builds always passes the check the bots skip for it.
* ``observe`` refuses arguments of the wrong type with typed errors naming them.
* Actions, the interned plays every game shares included, cannot be rewritten, not even
  with ``object.__setattr__``; they still compare, hash, pickle, evolve and match.
* A pass or a deal takes its cards as a list of cards or card texts.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from typing import Any

import attrs
import pytest
from helpers.positions import position

from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    Deal,
    HeartsError,
    InvalidActionError,
    InvalidRulesError,
    InvalidSeatError,
    InvalidStateError,
    PassCards,
    PlayCard,
    PlayerView,
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
    random_deal,
    variant,
    variant_names,
)
from hearts_core.belief import Belief
from hearts_core.bots import registry
from hearts_core.bots.errors import BotError
from hearts_core.bots.knowledge import check_view, view_problem
from hearts_core.bots.monte_carlo import MonteCarloBot
from hearts_core.bots.passing import searched_pass
from hearts_core.bots.rule_bot import rule_play
from hearts_core.rules.fields import MAX_PLAYERS
from hearts_core.rules.options import PassDirection
from hearts_core.state import GameState, Phase, Trick

# Small budgets for the searching bots: the view is refused before any search.
SPECS = {
    "random": "random", "rule": "rule", "mc": "mc:2", "ismcts": "ismcts:2,pass_playouts=4",
    "learned": "learned",
}  # fmt: skip


def every_bot() -> list[tuple[str, Any]]:
    """One bot of each name the registry knows, each with a small budget."""
    assert set(registry.BOTS) <= set(SPECS), "a new bot needs a spec here"
    return [(name, registry.make_bot(SPECS[name])) for name in sorted(registry.BOTS)]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def mid_play() -> GameState:
    """A hold hand of the default rules, three tricks and one card in."""
    state = position(Rules(pass_cycle=["hold"]), 11, 13)
    assert state.phase is Phase.PLAY and len(state.tricks) == 3
    assert len(state.current_trick) == 1
    return state


def passing() -> GameState:
    state = position(Rules(), 3, 0)
    assert state.phase is Phase.PASS
    return state


def after_exchange() -> GameState:
    state = position(Rules(), 5, 6)  # four passes, then two cards
    assert state.phase is Phase.PLAY and state.passes[0] is not None
    return state


# --- 1. views whose fields contradict each other ------------------------------------------


def contradictions() -> list[tuple[str, PlayerView, str]]:
    """(label, view, field at fault), each view one change away from a real one."""
    state = mid_play()
    seat = state.to_act[0]
    view = observe(state, seat)
    other = (seat + 1) % 4
    held = view.hand.cards()
    played = view.tricks[0].cards[0]
    five = Trick(0, cards("2D 3D 4D 5D 6D"))
    sizes = list(view.hand_sizes)
    sizes[other] += 1
    found = [
        ("a trick of five cards", attrs.evolve(view, tricks=(five, *view.tricks[1:])), "tricks"),
        ("seat 7", attrs.evolve(view, seat=7), "seat"),
        ("seat -1", attrs.evolve(view, seat=-1), "seat"),
        ("seat True", attrs.evolve(view, seat=True), "seat"),
        ("a held card played", attrs.evolve(view, current_trick=(held[0],)), "current_trick"),
        (
            "a played card held",
            attrs.evolve(view, hand=view.hand | CardSet([played])),
            "hand_sizes",
        ),
        (
            "a played card held, sizes kept in step",
            attrs.evolve(
                view,
                hand=view.hand - CardSet([held[0]]) | CardSet([played]),
            ),
            "tricks",
        ),
        ("another seat's size", attrs.evolve(view, hand_sizes=tuple(sizes)), "hand_sizes"),
        ("three sizes", attrs.evolve(view, hand_sizes=view.hand_sizes[:3]), "hand_sizes"),
        ("a short hand", attrs.evolve(view, hand=view.hand - CardSet([held[0]])), "hand_sizes"),
        (
            "a full trick in progress",
            attrs.evolve(view, current_trick=cards("2H 3H 4H 5H")),
            "current_trick",
        ),
        ("a leader who did not win", attrs.evolve(view, leader=(view.leader + 1) % 4), "leader"),
        ("another seat to play", attrs.evolve(view, to_act=(other,)), "to_act"),
        (
            "another seat's plays",
            attrs.evolve(view, legal_actions=tuple(PlayCard(other, c) for c in held)),
            "legal_actions",
        ),
        (
            "a play of a card not held",
            attrs.evolve(view, legal_actions=(PlayCard(seat, played),)),
            "legal_actions",
        ),
        ("rules as text", attrs.evolve(view, rules="classic"), "rules"),  # type: ignore[arg-type]
        (
            "a trick of ints",
            attrs.evolve(view, current_trick=(1,)),  # type: ignore[arg-type]
            "current_trick",
        ),
        ("the pass phase mid-play", attrs.evolve(view, phase=Phase.PASS), "tricks"),
    ]
    swapped = observe(after_exchange(), 0)
    assert swapped.passed is not None
    found.append(
        (
            "a passed card still held",
            attrs.evolve(
                swapped, hand=swapped.hand - CardSet([swapped.hand.cards()[0]]) | swapped.passed
            ),
            "hand_sizes" if len(swapped.passed) != 1 else "passed",
        )
    )
    kept = swapped.hand - CardSet(swapped.hand.cards()[: len(swapped.passed)])
    found.append(
        (
            "a passed card still held, sizes kept in step",
            attrs.evolve(swapped, hand=kept | swapped.passed),
            "passed",
        )
    )
    pass_view = observe(passing(), 1)
    found.append(
        (
            "another seat's passes",
            attrs.evolve(pass_view, legal_actions=observe(passing(), 2).legal_actions),
            "legal_actions",
        )
    )
    found.append(
        ("a pass of the wrong size", attrs.evolve(pass_view, passed=CardSet.parse("2C")), "passed")
    )
    return found


CONTRADICTIONS = contradictions()


@pytest.mark.parametrize(
    ("view", "field"),
    [(view, field) for _, view, field in CONTRADICTIONS],
    ids=[label for label, _, _ in CONTRADICTIONS],
)
def test_every_bot_refuses_a_view_that_contradicts_itself_naming_the_field(
    view: PlayerView, field: str
) -> None:
    assert not view.observed
    problem = view_problem(view)
    assert problem is not None and problem[0] == field, problem
    for name, bot in every_bot():
        with pytest.raises(BotError) as info:
            bot.choose(view, random.Random(0))
        assert str(info.value).startswith(f"view.{field}: "), (name, str(info.value))


def test_the_two_reported_views_are_refused_rather_than_crashing_the_rule_bot() -> None:
    view = observe(mid_play(), 0)
    five = attrs.evolve(view, tricks=(Trick(0, cards("2D 3D 4D 5D 6D")),))
    seven = attrs.evolve(view, seat=7)
    for bad, field, value in ((five, "tricks", "5"), (seven, "seat", "7")):
        with pytest.raises(BotError) as info:
            registry.make_bot("rule").choose(bad, random.Random(0))
        # A BotError has no fields: its message starts with the field at fault (as
        # check_view documents) and shows the value that is wrong.
        assert str(info.value).startswith(f"view.{field}: ")
        assert value in str(info.value)


@pytest.mark.parametrize("thing", [None, "view", 3, {"seat": 0}])
def test_every_bot_refuses_something_that_is_not_a_view(thing: object) -> None:
    for _, bot in every_bot():
        with pytest.raises(BotError, match=r"^view: "):  # the field at fault: the view itself
            bot.choose(thing, random.Random(0))


def test_the_bots_entry_points_besides_choose_check_the_view_too() -> None:
    view = attrs.evolve(observe(mid_play(), 0), seat=9)
    with pytest.raises(BotError, match=r"^view\.seat: "):
        MonteCarloBot(samples=1).evaluate(view, random.Random(0))
    with pytest.raises(BotError, match=r"^view\.seat: "):
        registry.make_bot("ismcts:1").evaluate(view, random.Random(0))  # type: ignore[attr-defined]
    with pytest.raises(BotError, match=r"^view\.seat: "):
        searched_pass(attrs.evolve(observe(passing(), 0), seat=9), random.Random(0), 4)
    state = mid_play()
    real = observe(state, state.to_act[0])
    plays = [a for a in real.legal_actions if isinstance(a, PlayCard)]
    assert plays
    with pytest.raises(BotError, match=r"^view\.seat: "):
        rule_play(view, plays)
    with pytest.raises(BotError, match="legal plays"):
        rule_play(real, [])
    not_held = PlayCard(real.seat, real.tricks[0].cards[0])
    with pytest.raises(BotError, match="legal plays"):
        rule_play(real, [plays[0], not_held])


def void_contradiction() -> PlayerView:
    """A view whose fields agree with each other, but that no deal fits: this seat says it
    passed a card to a seat that has since shown it holds none of that suit."""
    for seed in range(100):
        state = position(Rules(pass_cycle=["hold"]), seed, 14)
        me = state.to_act[0]
        view = observe(state, me)
        unseen = view.rules.deck - view.hand - view.played
        for trick in view.tricks:
            led = trick.cards[0].suit
            for index, card in enumerate(trick.cards):
                seat = trick.seat_of(index)
                wanted = [c for c in unseen if c.suit is led]
                others = [c for c in unseen if c.suit is not led][:2]
                if seat == me or card.suit is led or not wanted or len(others) < 2:
                    continue
                direction = next(d for d in PassDirection if d.receiver(me, 4) == seat)
                return attrs.evolve(
                    view,
                    passed=CardSet([wanted[0], *others]),
                    passed_seats=(0, 1, 2, 3),
                    pass_direction=direction,
                )
    raise AssertionError("no position shows a void")


def test_a_view_no_deal_fits_is_a_bot_error_from_the_searching_bots() -> None:
    view = void_contradiction()
    assert view_problem(view) is None  # the fields agree: only a search finds the clash
    with pytest.raises(InvalidStateError) as info:
        Belief(view)
    assert info.value.field == "view"
    for spec in ("mc:2", "ismcts:2"):
        with pytest.raises(BotError, match=r"^view: "):
            registry.make_bot(spec).choose(view, random.Random(0))


def observed_views(rules: Rules, seed: int) -> list[PlayerView]:
    """Every seat's view after each action of a game of ``rules`` (at most 120 actions)."""
    rng = random.Random(seed)
    state = new_game(rules)
    views: list[PlayerView] = []
    for _ in range(120):
        views.extend(observe(state, seat) for seat in range(rules.players))
        if state.is_over:
            break
        if state.phase is Phase.DEAL:
            state = apply(state, random_deal(rules, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return views


@pytest.mark.parametrize("name", variant_names())
def test_the_views_observe_builds_pass_the_check_the_bots_skip_for_them(name: str) -> None:
    rules = variant(name)
    phases = set()
    for view in observed_views(rules, 7):
        assert view.observed
        assert view_problem(view) is None, (name, view.phase, view_problem(view))
        copied = attrs.evolve(view)  # the same fields, checked in full
        assert not copied.observed and check_view(copied) is copied
        phases.add(view.phase)
    assert {Phase.DEAL, Phase.PLAY} <= phases


def test_a_view_mixed_from_two_games_gets_an_action_or_a_typed_error_from_every_bot() -> None:
    # Fields of one real view grafted onto another: whatever the mix, each bot answers
    # with one of the view's legal actions or refuses with a HeartsError.
    rng = random.Random(20260101)
    rules = Rules()
    views = [
        observe(position(rules, seed, steps), seat)
        for seed, steps in ((1, 4), (2, 9), (3, 30), (4, 0), (5, 50))
        for seat in range(4)
    ]
    names = [field.name for field in attrs.fields(PlayerView) if field.init]
    bots = every_bot()
    refused = answered = 0
    for _ in range(150):
        base, donor = rng.sample(views, 2)
        chosen = rng.sample(names, rng.randint(1, 3))
        mixed = attrs.evolve(base, **{name: getattr(donor, name) for name in chosen})
        for _, bot in bots:
            try:
                action = bot.choose(mixed, random.Random(1))
            except HeartsError:
                refused += 1
            else:
                assert action in mixed.legal_actions, (chosen, action)
                answered += 1
    assert refused and answered  # both happen: the mixes are not all refused


# --- 2. observe with arguments of the wrong type -----------------------------------------


@pytest.mark.parametrize("state", [None, 0, "state", 1.5, {}, observe(new_game(), 0)])
def test_observe_refuses_a_state_that_is_not_a_game_state_naming_it(state: object) -> None:
    with pytest.raises(InvalidStateError) as info:
        observe(state, 0)  # type: ignore[arg-type]
    assert info.value.field == "state"
    assert "GameState" in info.value.reason  # the reason names the type wanted


@pytest.mark.parametrize(
    ("seat", "text"),
    [("0", "'0'"), (None, "None"), (0.0, "0.0"), (1.5, "1.5"), (True, "True"), ([0], "a list")],
)
def test_observe_refuses_a_seat_that_is_not_an_int_naming_it(seat: object, text: str) -> None:
    with pytest.raises(InvalidSeatError) as info:
        observe(new_game(), seat)  # type: ignore[arg-type]
    # InvalidSeatError has no fields: its message names the argument and shows the value.
    assert "seat" in str(info.value)
    assert text in str(info.value)


# --- 3. actions nothing rewrites -----------------------------------------------------------

ACTIONS = [
    PlayCard(2, "QS"),
    PassCards(1, "2C 3C 4C"),
    Deal(["2C 3C", "4C 5C", "6C 7C", "8C 9C"]),
    ChooseMoon(3, "subtract-from-shooter"),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: type(a).__name__)
def test_no_field_of_any_action_can_be_set_or_deleted_even_by_object_setattr(
    action: Any,
) -> None:
    before = repr(action)
    names = [field.name for field in attrs.fields(type(action))]
    assert names  # every action has fields to attack
    for name in names:
        with pytest.raises(AttributeError):
            object.__setattr__(action, name, 2)
        with pytest.raises(AttributeError):
            object.__delattr__(action, name)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(action, name, None)
    with pytest.raises(AttributeError):
        object.__setattr__(action, "extra", 1)  # no place for a new attribute either
    assert repr(action) == before


def test_rewriting_a_shared_play_of_one_game_leaves_another_games_plays_alone() -> None:
    rules = Rules(pass_cycle=["hold"])
    deal = random_deal(rules, random.Random(9))
    game_a = apply(new_game(rules), deal)
    game_b = apply(new_game(rules), deal)
    shared = legal_actions(game_a)[0]
    assert isinstance(shared, PlayCard)
    assert shared is legal_actions(game_b)[0]  # one object in both games: worth attacking
    offered = [str(action) for action in legal_actions(game_b)]
    assert offered == ["play 0 2C"] or offered[0].startswith("play ")
    seat, card = shared.seat, shared.card
    other = Card.parse("AS") if card != Card.parse("AS") else Card.parse("KS")
    for name, value in (("card", other), ("seat", (seat + 1) % 4)):
        with pytest.raises(AttributeError):
            object.__setattr__(shared, name, value)
    assert (shared.seat, shared.card) == (seat, card)
    assert [str(action) for action in legal_actions(game_b)] == offered
    after = apply(game_b, legal_actions(game_b)[0])
    assert after.current_trick == (card,)


def test_actions_compare_hash_pickle_copy_evolve_and_match_as_values() -> None:
    play = PlayCard(2, "QS")
    assert play == PlayCard(2, Card.parse("QS")) and hash(play) == hash(PlayCard(2, "QS"))
    assert play != PlayCard(1, "QS") and play != PlayCard(2, "KS")
    # Not equal to a plain tuple of its fields, nor to another kind of action.
    plain: object = (2, Card.parse("QS"))
    assert play != plain and plain != play
    kinds: list[object] = [PassCards(0, "2C"), Deal(["2C"]), ChooseMoon(0, "add-to-others"), play]
    assert all(a != b for a, b in itertools.combinations(kinds, 2))
    assert isinstance(play, PlayCard) and not isinstance(play, PassCards)
    for action in ACTIONS:
        assert pickle.loads(pickle.dumps(action)) == action
        assert copy.copy(action) is action and copy.deepcopy(action) is action
        assert eval(repr(action), vars(__import__("hearts_core"))) == action
    assert repr(play) == "PlayCard(seat=2, card=Card.parse('QS'))"
    assert repr(PassCards(1, "4C 2C")) == "PassCards(seat=1, cards=CardSet.parse('2C 4C'))"
    assert str(attrs.evolve(play, seat=0)) == "play 0 QS"
    assert attrs.evolve(PassCards(1, "2C"), cards=["3D", "4D"]) == PassCards(1, "3D 4D")
    match play:
        case PlayCard(seat=2, card=card):
            assert card == Card.parse("QS")
        case _:
            pytest.fail("a play matches its class pattern")
    match ChooseMoon(1, "add-to-others"):
        case ChooseMoon(seat, option):
            assert (seat, option.value) == (1, "add-to-others")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        play.__init__(3, "AS")  # type: ignore[misc]
    assert str(play) == "play 2 QS"
    with pytest.raises(TypeError):
        play < PlayCard(3, "QS")  # noqa: B015


def test_an_evolved_action_is_checked_as_a_new_one_is() -> None:
    with pytest.raises(InvalidActionError) as info:
        attrs.evolve(PlayCard(0, "2C"), seat=6)
    assert info.value.field == "seat"
    with pytest.raises(InvalidActionError) as info:
        attrs.evolve(PassCards(0, "2C"), cards=["2C", "1C"])
    assert info.value.field == "cards"


# --- 4. cards given as lists ----------------------------------------------------------------


@pytest.mark.parametrize(
    "given",
    [
        ["QS", "AH", "KH"],
        ("KH", "QS", "AH"),
        [Card.parse("QS"), "AH", Card.parse("KH")],
        CardSet.parse("AH KH QS"),
        iter(["AH", "QS", "KH"]),
        {"QS", "AH", "KH"},
        "QS AH KH",
    ],
    ids=["texts", "tuple", "mixed", "cardset", "iterator", "set", "text"],
)
def test_a_pass_takes_its_cards_in_any_of_the_usual_forms(given: object) -> None:
    action = PassCards(0, given)
    assert type(action.cards) is CardSet
    assert action.cards == CardSet.parse("QS AH KH")
    assert str(action) == "pass 0 KH AH QS"  # card order: hearts before spades, K below A


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        (["QS", "AH", "1H"], "'1H'"),
        (["QS", 5], "5"),
        (["QS", None], "None"),
        (["QS AH"], "'QS AH'"),  # one text per card in a list
        ([["QS"]], "a list"),
        (5, "5"),
        (itertools.repeat("QS"), "more cards than a deck holds"),
    ],
)
def test_a_pass_of_something_else_is_refused_naming_the_cards(given: object, shown: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        PassCards(0, given)
    assert (info.value.field, info.value.action) == ("cards", None)
    assert shown in str(info.value)  # the message shows what was given


def test_a_deal_takes_each_hand_as_a_list_of_card_texts() -> None:
    suits = [[rank + suit for rank in "23456789TJQKA"] for suit in "CDHS"]
    deal = Deal(suits)
    assert deal == Deal([" ".join(hand) for hand in suits])
    state = apply(new_game(Rules(pass_cycle=["hold"])), deal)
    assert state.hands[2] == CardSet.parse(" ".join(suits[2]))


def test_a_play_takes_a_card_or_its_text_and_nothing_else() -> None:
    assert PlayCard(0, "QS") == PlayCard(0, Card.parse("QS"))
    assert PlayCard(0, "qs").card == Card.parse("QS")
    for given, shown in ((["QS"], "a list"), ("QS AH", "'QS AH'")):
        with pytest.raises(InvalidActionError) as info:
            PlayCard(0, given)
        assert (info.value.field, info.value.action) == ("card", None)
        assert shown in str(info.value)


# --- Pins for hearts_core.actions, found by mutation testing (docs/mutation.md) -----------

HANDS = ["2C 3C", "4C 5C", "6C 7C", "8C 9C"]


@pytest.mark.parametrize(
    ("hands", "text"),
    [
        ("2C 3C | 4C 5C", "'2C 3C | 4C 5C'"),  # a text, even one that reads as hands
        (CardSet.parse("2C 3C"), "a CardSet"),  # one set of cards is not one per seat
        (7, "7"),
        (None, "None"),
    ],
)
def test_a_deal_that_is_not_one_hand_per_seat_is_refused_naming_hands(
    hands: object, text: str
) -> None:
    with pytest.raises(InvalidActionError) as info:
        Deal(hands)
    assert (info.value.field, info.value.action) == ("hands", None)
    assert text in str(info.value)  # the message shows what was given


def test_a_deal_of_more_hands_than_the_largest_table_is_refused() -> None:
    # The largest table seats 6: a seventh hand is one too many.
    assert MAX_PLAYERS == 6
    six = [f"{rank}C" for rank in "234567"]
    assert len(Deal(six).hands) == 6
    with pytest.raises(InvalidActionError) as info:
        Deal([*six, "8C"])
    assert (info.value.field, info.value.action) == ("hands", None)
    assert str(MAX_PLAYERS) in str(info.value)  # the message names the limit


@pytest.mark.parametrize(
    ("hand", "shown"),
    [
        ("2C ZZ", "'ZZ'"),
        ([Card.parse("2C"), 5], "5"),  # a collection of cards holds Cards
        (5, "5"),
    ],
)
def test_a_hand_of_a_deal_that_is_not_a_set_of_cards_is_refused_naming_hands(
    hand: object, shown: str
) -> None:
    with pytest.raises(InvalidActionError) as info:
        Deal([*HANDS[:3], hand])
    assert (info.value.field, info.value.action) == ("hands", None)
    assert shown in str(info.value)


@pytest.mark.parametrize(
    ("rules", "text"), [("classic", "'classic'"), (None, "None"), ({}, "a dict")]
)
def test_random_deal_refuses_rules_that_are_not_rules_naming_rules(
    rules: object, text: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        random_deal(rules, random.Random(0))  # type: ignore[arg-type]
    assert info.value.field == "rules"
    assert info.value.reason == f"random_deal needs Rules, not {text}"
    assert (info.value.source, info.value.problems) == (None, (("rules", info.value.reason),))


@pytest.mark.parametrize(("rng", "text"), [(7, "7"), (None, "None"), (random, "a module")])
def test_random_deal_refuses_a_generator_that_is_not_a_random_naming_rng(
    rng: object, text: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        random_deal(Rules(), rng)  # type: ignore[arg-type]
    assert info.value.field == "rng"
    assert info.value.reason == f"random_deal needs a random.Random, not {text}"
