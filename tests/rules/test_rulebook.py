"""Every shipped variant's rulebook says what its engine does.

For each variant, the sentences :func:`~hearts_core.rules.describe_variant` writes about
passing, the first trick, breaking hearts and scoring are read back (their words, not
the rule fields), and each claim is played out on a deal built for it: the direction
and number of cards passed, who leads the first trick and with what, whether a point
card may go on the first trick, what breaks hearts and what a heart lead needs, what
each card scores, and how a hand that takes every trick is scored. A sentence that
says one thing while the engine does another fails here.
"""

from __future__ import annotations

import random
import re

import pytest
from helpers.built_deals import (
    ACE_OF_CLUBS,
    QUEEN_OF_SPADES,
    CannotBuild,
    fill,
    first_leader,
    legal_cards,
    passing_hand,
    play,
    play_sweep,
    reach_play,
    sweep,
)

from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    GameState,
    IllegalActionError,
    PassCards,
    Phase,
    PlayCard,
    Rule,
    Rules,
    Suit,
    apply,
    explain,
    new_game,
    random_deal,
    variant,
    variant_names,
)
from hearts_core.rules import describe_variant, variant_info
from hearts_core.scoring import score_hand
from hearts_core.state import dealer_of

NAMES = variant_names()
_NUMBERS = "no one two three four five six seven eight nine ten eleven twelve"
WORDS = {word: number for number, word in enumerate(_NUMBERS.split())}
ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]


def section(name: str, heading: str) -> str:
    """The text of one section of the variant's rulebook."""
    book = describe_variant(variant_info(name))
    return book.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]


def refusal(state: GameState, action: PlayCard | PassCards) -> Rule | None:
    """The rule ``action`` breaks in ``state`` (a well-formed action), or ``None``."""
    error = explain(state, action)
    if error is None:
        return None
    assert isinstance(error, IllegalActionError), error
    return error.rule


def card_of(rules: Rules, symbol: str) -> Card:
    """The card a rulebook writes as ``symbol`` (``2♣``)."""
    (card,) = [card for card in rules.deck if card.symbol == symbol]
    return card


# --- passing ---------------------------------------------------------------------------


def offset_of(phrase: str, players: int) -> int | None:
    """Seats forward to the receiver, from the rulebook's words for a direction."""
    if phrase.startswith("no passing"):
        return None
    if phrase.startswith("to the left"):
        return 1
    if phrase.startswith("to the right"):
        return players - 1
    found = re.match(r"across the table \(the player (\w+) seats away\)", phrase)
    assert found, phrase
    return WORDS[found[1]]


def directions(text: str, players: int) -> list[int | None]:
    """The pass offset of each hand of the cycle, as the Passing section states it."""
    if "Cards are never passed" in text:
        return [None]
    every = re.search(r"Every hand, the cards go (.*?)\.\n", text)
    if every:
        return [offset_of(every[1], players)]
    cycle = re.search(
        r"The direction changes from hand to hand\. (.*); then the cycle of (\w+)", text
    )
    assert cycle, text
    steps = cycle[1].split("; ")
    assert len(steps) == WORDS[cycle[2]]
    found = []
    for number, step in enumerate(steps):
        words = step.split(" hand ", 1)
        assert words[0].lower() == ORDINALS[number], step
        found.append(offset_of(words[1], players))
    return found


@pytest.mark.parametrize("name", NAMES)
def test_passing_is_as_the_rulebook_says(name: str) -> None:
    rules = variant(name)
    text = section(name, "Passing")
    cycle = directions(text, rules.players)
    count_text = re.search(r"picks exactly (\w+) cards?", text)
    players = rules.players
    for number in range(len(cycle) + 1):  # one more: the cycle starts again
        if rules.single_hand and number:
            break
        offset = cycle[number % len(cycle)]
        state = new_game(rules, hand_number=number)
        state = apply(state, random_deal(rules, random.Random(number)))
        if offset is None:
            assert state.phase is Phase.PLAY, (name, number)
            continue
        assert count_text is not None
        count = WORDS[count_text[1]]
        assert state.phase is Phase.PASS
        hand = state.hands[0].cards()
        assert refusal(state, PassCards(0, CardSet(hand[: count - 1]))) is Rule.WRONG_PASS_COUNT
        given = [CardSet(state.hands[seat].cards()[:count]) for seat in range(players)]
        for seat in range(players):
            state = apply(state, PassCards(seat, given[seat]))
        for seat in range(players):
            receiver = (seat + offset) % players
            assert given[seat] <= state.hands[receiver], (name, number, seat)


# --- the first trick -------------------------------------------------------------------


def first_trick_state(rules: Rules) -> tuple[GameState, int, int]:
    """The first state of play of a deal where the first leader holds the lowest club (and
    another club) and the next seat is void in clubs, holding Q♠, a heart and a card
    worth nothing: the state, the leader and the next seat."""
    number = passing_hand(rules)
    leader = first_leader(rules, number)
    clubs = sorted(rules.deck.of_suit(Suit.CLUBS))
    worthless = [c for c in rules.deck.of_suit(Suit.DIAMONDS) if rules.card_points(c) == 0]
    heart = max(rules.deck.of_suit(Suit.HEARTS))
    seat = 0 if leader is None else leader
    following = (seat + 1) % rules.players
    fixed = {seat: clubs[:2], following: [QUEEN_OF_SPADES, heart, worthless[0]]}
    hands = fill(rules, fixed, {following: {Suit.CLUBS}})
    state = reach_play(rules, hands, number)
    return state, seat, following


@pytest.mark.parametrize("name", NAMES)
def test_the_first_lead_is_as_the_rulebook_says(name: str) -> None:
    rules = variant(name)
    text = section(name, "Playing tricks")
    state, leader, _ = first_trick_state(rules)
    assert state.to_act == (leader,)
    hand = state.hands[leader]
    holding = re.search(
        r"The player holding the (\S+?),? (?:the lowest club in this pack, )?leads it", text
    )
    any_club = re.search(
        r"The player holding the (\S+) leads the first trick, and may lead any club", text
    )
    if holding:
        card = card_of(rules, holding[1])
        assert card in hand and legal_cards(state) == CardSet([card])
        other = max(hand)
        assert refusal(state, PlayCard(leader, other)) is Rule.FIRST_LEAD_LOWEST_CLUB
    elif any_club:
        assert card_of(rules, any_club[1]) in hand
        assert legal_cards(state) == hand.of_suit(Suit.CLUBS)
    else:
        assert "The player to the left of the dealer leads the first trick" in text
        dealer = dealer_of(state.hand_number, rules.players)
        assert leader == (dealer + 1) % rules.players
        assert hand.of_suit(Suit.CLUBS) <= legal_cards(state)


@pytest.mark.parametrize("name", NAMES)
def test_points_on_the_first_trick_are_as_the_rulebook_says(name: str) -> None:
    rules = variant(name)
    text = section(name, "Playing tricks")
    state, leader, following = first_trick_state(rules)
    state = play(state, min(state.hands[leader].of_suit(Suit.CLUBS)))
    assert state.to_act == (following,)
    heart = max(rules.deck.of_suit(Suit.HEARTS))
    if "Nobody may play a point card" in text:
        for card in (QUEEN_OF_SPADES, heart):
            assert refusal(state, PlayCard(following, card)) is Rule.NO_POINTS_ON_FIRST_TRICK, card
        # "unless they hold nothing else": a void seat holding only point cards plays one
        points = [c for c in rules.deck if rules.card_points(c) > 0 and c.suit is not Suit.CLUBS]
        if len(points) >= rules.hand_size:
            hands = fill(
                rules,
                {
                    0 if first_leader(rules, passing_hand(rules)) is None else leader: [
                        min(rules.deck.of_suit(Suit.CLUBS))
                    ],
                    following: points[: rules.hand_size],
                },
            )
            only = play(reach_play(rules, hands), min(rules.deck.of_suit(Suit.CLUBS)))
            assert legal_cards(only) == only.hands[following]
    else:
        assert "may be played to the first trick" in text
        assert {QUEEN_OF_SPADES, heart} <= set(legal_cards(state))


# --- breaking hearts -------------------------------------------------------------------


def second_trick(rules: Rules, shape: str) -> tuple[GameState, int, int]:
    """The state as trick 2 is led, after a first trick of clubs won by the seat after the
    first leader (with A♣). ``shape`` "discard": the winner holds a diamond and a heart,
    the seat after it is void in diamonds with a heart and Q♠; "hearts": the winner holds
    only hearts besides A♣. Returns the state, the winner and the seat after it."""
    number = passing_hand(rules)
    leader = first_leader(rules, number)
    seat = 0 if leader is None else leader
    players = rules.players
    winner, after = (seat + 1) % players, (seat + 2) % players
    clubs = sorted(c for c in rules.deck.of_suit(Suit.CLUBS) if c != ACE_OF_CLUBS)
    hearts = sorted(rules.deck.of_suit(Suit.HEARTS))
    diamonds = sorted(c for c in rules.deck.of_suit(Suit.DIAMONDS) if rules.card_points(c) == 0)
    fixed: dict[int, list[Card]] = {s: [clubs[i]] for i, s in enumerate(range(players))}
    del fixed[winner]
    voids: dict[int, set[Suit]] = {}
    if shape == "discard":
        fixed[winner] = [ACE_OF_CLUBS, diamonds[-1], hearts[0]]
        fixed[after] += [hearts[1], QUEEN_OF_SPADES]
        voids[after] = {Suit.DIAMONDS}
    else:
        if len(hearts) < rules.hand_size - 1:
            raise CannotBuild("too few hearts for a hand of only hearts")
        fixed[winner] = [ACE_OF_CLUBS, *hearts[: rules.hand_size - 1]]
    hands = fill(rules, fixed, voids)
    state = reach_play(rules, hands, number)
    for position in range(players):
        current = (seat + position) % players
        state = play(state, ACE_OF_CLUBS if current == winner else fixed[current][0])
    assert state.to_act == (winner,) and len(state.tricks) == 1
    assert not state.hearts_broken
    return state, winner, after


def breaking_claims(name: str) -> tuple[bool, bool, bool]:
    """What the Breaking hearts section says: whether the queen of spades breaks hearts,
    whether a heart led (or followed to a heart lead) breaks them, and whether a heart
    may be led before they are broken."""
    text = section(name, "Breaking hearts")
    queen = "a heart or the queen of spades has been" in text
    assert queen or "Playing the queen of spades does not break hearts." in text
    lead_breaks = "A heart led, or played to a heart lead, does not break them." not in text
    may_lead = "Hearts may be led at any time" in text
    assert may_lead or "A heart may not be led until hearts are broken" in text
    return queen, lead_breaks, may_lead


@pytest.mark.parametrize("name", NAMES)
def test_a_discarded_heart_and_a_heart_lead_are_as_the_rulebook_says(name: str) -> None:
    rules = variant(name)
    _, _, may_lead = breaking_claims(name)
    text = section(name, "Breaking hearts")
    assert "Hearts are broken once a heart" in text  # every book: a discarded heart breaks
    state, winner, after = second_trick(rules, "discard")
    heart = min(state.hands[winner].of_suit(Suit.HEARTS))
    refused = refusal(state, PlayCard(winner, heart))
    if may_lead:
        assert refused is None
    else:
        assert refused is Rule.HEARTS_NOT_BROKEN
    diamond = max(state.hands[winner].of_suit(Suit.DIAMONDS))
    state = play(state, diamond)
    assert state.to_act == (after,)
    state = play(state, min(state.hands[after].of_suit(Suit.HEARTS)))
    assert state.hearts_broken


@pytest.mark.parametrize("name", NAMES)
def test_the_queen_of_spades_is_as_the_rulebook_says(name: str) -> None:
    rules = variant(name)
    queen_breaks, _, _ = breaking_claims(name)
    text = section(name, "Breaking hearts")
    state, winner, after = second_trick(rules, "discard")
    state = play(state, max(state.hands[winner].of_suit(Suit.DIAMONDS)))
    refused = refusal(state, PlayCard(after, QUEEN_OF_SPADES))
    if "The queen of spades may not be played" in text:
        assert refused is Rule.QUEEN_NOT_BEFORE_HEARTS
        return
    assert "The queen of spades may be led or discarded at any time" in text
    assert refused is None
    state = play(state, QUEEN_OF_SPADES)
    assert state.hearts_broken is queen_breaks


@pytest.mark.parametrize("name", NAMES)
def test_a_heart_led_from_only_hearts_is_as_the_rulebook_says(name: str) -> None:
    rules = variant(name)
    _, lead_breaks, _ = breaking_claims(name)
    try:
        state, winner, after = second_trick(rules, "hearts")
    except CannotBuild:
        assert rules.players == 3  # 16 cards besides A♣, only 13 hearts
        return
    assert legal_cards(state) == state.hands[winner]  # only hearts: one may be led
    state = play(state, max(state.hands[winner]))
    assert state.hearts_broken is lead_breaks
    if state.hands[after].of_suit(Suit.HEARTS):
        state = play(state, min(state.hands[after].of_suit(Suit.HEARTS)))
        assert state.hearts_broken is lead_breaks


# --- scoring ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_card_points_are_as_the_rulebook_table_says(name: str) -> None:
    rules = variant(name)
    text = section(name, "Scoring")
    rows = re.findall(r"^\| (.+?) \| (-?\d+) \|$", text, re.MULTILINE)
    assert rows
    symbols = {card.symbol: card for card in rules.deck}
    seen: set[Card] = set()
    for label, points in rows:
        if label == "All the cards together":
            continue
        hearts = re.fullmatch(r"Each heart, (\S+) to (\S+)|Each heart \((\S+)\)", label)
        cards = (
            [c for c in rules.deck.of_suit(Suit.HEARTS) if c not in dict(rules.card_values)]
            if hearts
            else [symbols[label]]
        )
        for card in cards:
            taken = [card.bit] + [0] * (rules.players - 1)
            won = [1] + [0] * (rules.players - 1)
            result = score_hand(rules, taken, won, [0] * rules.players)
            assert result.points[0] == int(points), (name, card)
            seen.add(card)
    # every scoring card is in the table, and no other
    assert seen == {card for card in rules.deck if rules.card_points(card)}


def number_after(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found, pattern
    return int(found[1])


@pytest.mark.parametrize("name", NAMES)
def test_taking_every_trick_scores_as_the_rulebook_says(name: str) -> None:
    rules = variant(name)
    text = section(name, "Shooting the moon and the sun")
    total = number_after(r"\| All the cards together \| (-?\d+) \|", section(name, "Scoring"))
    state, shooter = sweep(rules)
    end = play_sweep(state, shooter)
    others = [seat for seat in range(rules.players) if seat != shooter]
    # What the shooter took besides positive cards (a bonus card) still counts for it.
    bonus = sum(p for c in rules.deck if (p := rules.card_points(c)) < 0)
    if "shoots the sun" in text:
        sun = number_after(r"shoots the sun, worth (\d+) points", text)
        scores = tuple(b - a for a, b in zip((0,) * rules.players, end.totals, strict=True))
        if "their score goes down by" in text:
            expected = [0] * rules.players
            expected[shooter] = bonus - sun
        else:
            assert f"every other player scores {sun}" in text
            expected = [sun] * rules.players
            expected[shooter] = bonus
        assert list(scores) == expected
        return
    if "There is no shooting the moon" in text:
        assert end.phase is Phase.DEAL
        assert number_after(r"scores them all \((\d+) points\)", text) == total
        assert end.totals[shooter] == total and all(end.totals[s] == 0 for s in others)
        return
    moon = number_after(r"The moon is worth (\d+) points", text)
    add = [bonus if seat == shooter else moon for seat in range(rules.players)]
    subtract = [bonus - moon if seat == shooter else 0 for seat in range(rules.players)]
    if "The shooter chooses how it is scored" in text:
        assert end.phase is Phase.MOON
        for option, expected in (("add-to-others", add), ("subtract-from-shooter", subtract)):
            after = apply(end, ChooseMoon(shooter, option))
            assert list(after.totals) == expected
    elif "and every other player scores the moon's points instead" in text:
        assert list(end.totals) == add
    elif "The shooter's score goes down by the moon's points" in text:
        assert list(end.totals) == subtract
    else:
        # the automatic moon: from totals of 0 adding ends nothing, so it adds
        assert "unless that would end the game with the shooter losing" in text
        assert list(end.totals) == add
