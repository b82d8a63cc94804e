"""Pictures of the table: valid, self-contained XML that shows exactly what the seat may see,
with every card findable by its ``data-card``. The hand-checked cases spell out the
expected cards and texts from the rules, not from the drawing code."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator

import pytest
from helpers.strategies import budget, games, random_scenarios
from hypothesis import given, settings

from hearts_core import (
    Card,
    CardSet,
    Deal,
    GameState,
    InvalidSeatError,
    InvalidStateError,
    Phase,
    PlayCard,
    PlayerView,
    apply,
    new_game,
    observe,
    variant,
    variant_names,
)
from hearts_core.bots import RandomBot, transitions
from hearts_core.svg import HEIGHT, WIDTH, table

SVG = "{http://www.w3.org/2000/svg}"
RED = "#c8102e"
SUITS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on anything that is not well-formed XML
    assert root.tag == SVG + "svg"
    return root


def with_class(root: ET.Element, name: str) -> Iterator[ET.Element]:
    return (e for e in root.iter() if name in (e.get("class") or "").split())


def hand_cards(root: ET.Element) -> dict[int, CardSet]:
    """The face-up cards drawn in each seat's hand, by seat."""
    return {
        int(hand.get("data-seat", "")): CardSet.parse(
            " ".join(card.get("data-card", "") for card in hand if card.get("data-card"))
        )
        for hand in with_class(root, "hand")
    }


def all_cards(root: ET.Element) -> CardSet:
    """Every card drawn face up anywhere (a card may be drawn twice: in the hand and among
    the cards received)."""
    return CardSet(Card.parse(e.get("data-card", "")) for e in root.iter() if e.get("data-card"))


def trick_cards(root: ET.Element) -> list[tuple[str, str]]:
    (trick,) = with_class(root, "trick")
    return [(card.get("data-card", ""), card.get("data-seat", "")) for card in trick]


def assert_self_contained(svg: str, root: ET.Element) -> None:
    for element in root.iter():
        for name, value in element.attrib.items():
            assert "href" not in name, (element.tag, name)
            assert "url(" not in value, (element.tag, name, value)
    assert "@import" not in svg and "<image" not in svg and "<use" not in svg


def check_view_picture(view: PlayerView) -> None:
    """A seat's picture holds its hand exactly, and no card it may not see."""
    svg = table(view)
    root = parse(svg)
    assert_self_contained(svg, root)
    assert root.get("data-seat") == str(view.seat)
    hands = hand_cards(root)
    assert hands[view.seat] == view.hand
    assert all(not cards for seat, cards in hands.items() if seat != view.seat)
    may_see = view.hand | CardSet(view.current_trick)
    may_see |= (view.passed or CardSet()) | (view.received or CardSet())
    assert all_cards(root) <= may_see
    backs = {
        int(e.get("data-seat", "")): int(e.get("data-count", ""))
        for e in with_class(root, "card-back")
    }
    assert backs == {s: n for s, n in enumerate(view.hand_sizes) if s != view.seat}
    assert [card for card, _ in trick_cards(root)] == [str(c) for c in view.current_trick]
    check_marks(
        root,
        view.seat,
        view.legal_cards if view.phase in (Phase.PLAY, Phase.PASS) and view.is_my_turn else None,
    )


def check_marks(root: ET.Element, seat: int, legal: CardSet | None) -> None:
    (hand,) = (e for e in with_class(root, "hand") if e.get("data-seat") == str(seat))
    marked = {card.get("data-card"): card.get("class") for card in hand}
    if legal is None:
        assert set(marked.values()) <= {"card"}
    else:
        assert {c for c, k in marked.items() if k == "card legal"} == {str(c) for c in legal}
        assert all(k in ("card legal", "card illegal") for k in marked.values())


def check_state_picture(state: GameState) -> None:
    """From above, every hand is drawn face up, and the trick with who played each card."""
    svg = table(state)
    root = parse(svg)
    assert_self_contained(svg, root)
    assert root.get("data-seat") is None
    players = state.rules.players
    hands = state.hands or (CardSet(),) * players
    assert hand_cards(root) == dict(enumerate(hands))
    expected = [
        (str(card), str((state.leader + i) % players)) for i, card in enumerate(state.current_trick)
    ]
    assert trick_cards(root) == expected
    assert root.get("data-to-act") == " ".join(str(s) for s in state.to_act)


@pytest.mark.parametrize("name", variant_names())
def test_random_games_of_every_variant_draw_what_each_seat_may_see(name: str) -> None:
    rules = variant(name)
    rng = random.Random(f"svg {name}")
    for number, step in enumerate(transitions([RandomBot()] * rules.players, rules, rng)):
        if number % 5 == 0 or step.after.phase is not Phase.PLAY:
            check_state_picture(step.after)
            for seat in range(rules.players):
                check_view_picture(observe(step.after, seat))
        if number > 130:  # two hands or so per variant
            break


@settings(max_examples=budget(0.05))
@given(games(random_scenarios(), max_hands=1))
def test_no_hidden_card_is_drawn_in_a_view_of_any_game(game: object) -> None:
    for index, state in enumerate(game.states):  # type: ignore[attr-defined]
        if index % 4 == 0:
            for seat in range(state.rules.players):
                check_view_picture(observe(state, seat))


def test_a_seat_of_a_state_is_drawn_as_its_view() -> None:
    state = apply(new_game("no-passing"), Deal(SUITS))
    assert table(state, seat=2) == table(observe(state, 2))
    assert table(state, seat=2, size=300) == table(observe(state, 2), seat=2, size=300)


def test_the_first_lead_marks_only_the_two_of_clubs_legal() -> None:
    state = apply(new_game("no-passing"), Deal(SUITS))
    root = parse(table(observe(state, 0)))
    (hand,) = (e for e in with_class(root, "hand") if e.get("data-seat") == "0")
    classes = {card.get("data-card"): card.get("class") for card in hand}
    assert classes == {c: "card legal" if c == "2C" else "card illegal" for c in SUITS[0].split()}
    seat = next(e for e in with_class(root, "seat") if e.get("data-seat") == "0")
    assert seat.get("class") == "seat viewer to-act"
    status = [text.text for text in next(with_class(root, "status")).iter(SVG + "text")]
    assert status == ["Hand 1", "Dealer: West", "No passing", "To play: North", "Hearts not broken"]


def test_hearts_and_diamonds_are_red_clubs_and_spades_are_not() -> None:
    root = parse(table(apply(new_game("no-passing"), Deal(SUITS))))
    colours: dict[str, set[str]] = {}
    for card in (e for e in root.iter() if e.get("data-card")):
        fills = {text.get("fill", "") for text in card.iter(SVG + "text")}
        colours.setdefault(card.get("data-card", "")[1], set()).update(fills)
    assert colours["H"] == colours["D"] == {RED}
    assert RED not in colours["C"] | colours["S"]


def test_the_trick_shows_who_played_what_and_the_scores_their_totals() -> None:
    state = new_game("no-passing", hand_number=3, totals=(10, 0, 26, 7))
    state = apply(state, Deal(SUITS))
    state = apply(apply(state, PlayCard(0, "2C")), PlayCard(1, "2D"))
    root = parse(table(observe(state, 3)))
    assert trick_cards(root) == [("2C", "0"), ("2D", "1")]
    scores = {
        e.get("data-seat"): (e.get("data-total"), e.get("data-hand-points"))
        for e in with_class(root, "score")
    }
    assert scores == {"0": ("10", "0"), "1": ("0", "0"), "2": ("26", "0"), "3": ("7", "0")}
    assert root.get("data-to-act") == "2" and root.get("data-phase") == "play"


def test_between_hands_the_scores_show_totals_and_no_hand_column() -> None:
    # A state waiting for the deal has no hand in play: its points would be the next
    # hand's zeros, so the panel shows each seat's total alone.
    state = new_game("no-passing", hand_number=3, totals=(10, 0, 26, 7))
    root = parse(table(observe(state, 0)))
    scores = {
        e.get("data-seat"): (e.get("data-total"), e.get("data-hand-points"))
        for e in with_class(root, "score")
    }
    assert scores == {"0": ("10", None), "1": ("0", None), "2": ("26", None), "3": ("7", None)}
    headers = [e.text for e in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Total" in headers and "Hand" not in headers


def test_the_size_sets_width_and_height_and_no_size_leaves_them_out() -> None:
    root = parse(table(new_game(), size=480))
    assert (root.get("width"), root.get("height")) == ("480", str(round(480 * HEIGHT / WIDTH)))
    assert root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
    bare = parse(table(new_game()))
    assert bare.get("width") is None and bare.get("height") is None


def test_notebooks_draw_states_from_above_and_views_from_their_seat() -> None:
    state = apply(new_game("no-passing"), Deal(SUITS))
    assert state._repr_svg_() == table(state)
    assert observe(state, 1)._repr_svg_() == table(observe(state, 1))


@pytest.mark.parametrize(
    ("call", "error", "field"),
    [
        (lambda: table(new_game(), size=0), InvalidStateError, "size"),
        (lambda: table(new_game(), size=True), InvalidStateError, "size"),
        (lambda: table(new_game(), size="480"), InvalidStateError, "size"),  # type: ignore[arg-type]
        (lambda: table(new_game(), size=10**6), InvalidStateError, "size"),
        (lambda: table("a state"), InvalidStateError, "view_or_state"),  # type: ignore[arg-type]
        (lambda: table(new_game(), seat=4), InvalidSeatError, None),
        (lambda: table(new_game(), seat="1"), InvalidSeatError, None),  # type: ignore[arg-type]
        (lambda: table(observe(new_game(), 1), seat=2), InvalidSeatError, None),
    ],
)
def test_bad_arguments_are_refused_with_the_field(
    call: Callable[[], str], error: type[Exception], field: str | None
) -> None:
    with pytest.raises(error) as info:
        call()
    assert getattr(info.value, "field", None) == field
