"""The table drawing's last trick (``hearts_core.svg.table(..., last_trick=...)``), which the
web table shows complete before it is taken: each card where its seat played it, the
winner's marked, visible only while no trick is in progress."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from hearts_core import (
    Card,
    GameState,
    InvalidStateError,
    Phase,
    Trick,
    apply,
    legal_actions,
    new_game,
    observe,
    random_deal,
    variant,
)
from hearts_core.svg import table


def groups(svg: str, name: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter() if g.get("class") == name]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(card) for card in text.split())


def three_played() -> GameState:
    """A standard hand played at random until a trick holds three cards."""
    rules = variant("standard")
    rng = random.Random(8)
    state = apply(new_game(rules), random_deal(rules, rng))
    while state.phase is not Phase.PLAY or len(state.current_trick) != 3:
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def test_the_fourth_card_joins_the_three_where_they_lie() -> None:
    before = three_played()
    after = apply(before, legal_actions(before)[0])
    assert after.current_trick == () and len(after.tricks) == 1
    for seat in range(4):
        shown = {
            card.get("data-card"): card.get("transform")
            for card in groups(table(observe(before, seat)), "trick")[0]
        }
        (last,) = groups(table(observe(after, seat), last_trick=after.tricks[-1]), "last-trick")
        drawn = {card.get("data-card"): card.get("transform") for card in last}
        assert len(drawn) == 4 and last.get("visibility") is None  # no trick in progress
        assert {card: drawn[card] for card in shown} == shown  # the three have not moved
        (fourth,) = set(drawn) - set(shown)
        assert fourth == str(after.tricks[-1].cards[3])


def test_a_hand_written_trick_names_its_leader_winner_and_seats() -> None:
    state = three_played()
    # North (0) leads 2C, East KC, South AH (a discard), West 9C: East's king takes it.
    trick = Trick(0, cards("2C KC AH 9C"))
    (last,) = groups(table(observe(state, 2), last_trick=trick), "last-trick")
    assert (last.get("data-leader"), last.get("data-winner")) == ("0", "1")
    assert [card.get("data-seat") for card in last] == ["0", "1", "2", "3"]
    assert [card.get("data-order") for card in last] == ["0", "1", "2", "3"]
    assert [card.get("class") for card in last] == [
        "card played", "card played winning", "card played", "card played",
    ]
    assert last.get("visibility") == "hidden"  # three cards of the next trick are out
    titles = [card.findtext("{http://www.w3.org/2000/svg}title") for card in last]
    assert titles[1] == "East: K♣ (takes the trick)"


def test_no_last_trick_draws_none() -> None:
    state = three_played()
    assert groups(table(observe(state, 0)), "last-trick") == []
    assert groups(table(state), "last-trick") == []


def test_a_last_trick_that_cannot_be_is_refused() -> None:
    view = observe(three_played(), 0)
    for bad, why in (
        ("2C KC AH 9C", "must be a Trick"),
        (Trick(0, cards("2C KC AH")), "not 3 cards"),
        (Trick(4, cards("2C KC AH 9C")), "led by seat 4"),
        (Trick(-1, cards("2C KC AH 9C")), "led by seat -1"),
    ):
        with pytest.raises(InvalidStateError) as info:
            table(view, last_trick=bad)  # type: ignore[arg-type]
        assert info.value.field == "last_trick"
        assert why in info.value.reason  # which of the trick's faults it is


def test_between_hands_the_drawing_says_the_hand_was_scored() -> None:
    rules = variant("standard")
    rng = random.Random(3)
    state = apply(new_game(rules), random_deal(rules, rng))
    texts = [t.text for t in ET.fromstring(table(observe(state, 0))).iter() if t.text]
    assert "Waiting for the deal" not in texts
    first = new_game(rules)
    texts = [t.text for t in ET.fromstring(table(observe(first, 0))).iter() if t.text]
    assert "Waiting for the deal" in texts  # before the first hand
    while state.hand_number == 0:
        state = apply(state, rng.choice(legal_actions(state)))
    assert state.phase is Phase.DEAL
    texts = [t.text for t in ET.fromstring(table(observe(state, 0))).iter() if t.text]
    assert "Hand 1 scored: next, the deal" in texts and "Waiting for the deal" not in texts
