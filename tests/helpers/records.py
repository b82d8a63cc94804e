"""The golden game record the record tests and the fuzzing start from."""

from __future__ import annotations

from pathlib import Path

from hearts_core import (
    Action,
    ChooseMoon,
    Deal,
    PassCards,
    PlayCard,
    Rules,
)
from hearts_core.io import (
    GameRecord,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "records"


RANKS = "23456789TJQKA"


def suit(letter: str) -> str:
    return " ".join(rank + letter for rank in RANKS)


RULES = Rules(moon="shooter-chooses", pass_cycle=["hold", "left"])


HAND0 = Deal([suit("C"), suit("H"), suit("D"), suit("S")])


HAND0_PLAYS = [PlayCard(seat, rank + s) for rank in RANKS for seat, s in enumerate("CHDS")]


MOON = ChooseMoon(0, "subtract-from-shooter")


HAND1 = Deal([suit("D"), suit("C"), suit("S"), suit("H")])


# Out of seat order on purpose: the notation writes them in seat order.
HAND1_PASSES = [
    PassCards(2, "QS KS AS"),
    PassCards(0, "QD KD AD"),
    PassCards(3, "QH KH AH"),
    PassCards(1, "QC KC AC"),
]


HAND1_PLAYS = [
    PlayCard(1, "2C"),
    PlayCard(2, "QC"),
    PlayCard(3, "KS"),
    PlayCard(0, "2D"),
    PlayCard(2, "2S"),
    PlayCard(3, "QS"),
    PlayCard(0, "AH"),
    PlayCard(1, "AD"),
    PlayCard(3, "2H"),
    PlayCard(0, "KH"),
    PlayCard(1, "KD"),
]


ACTIONS: list[Action] = [HAND0, *HAND0_PLAYS, MOON, HAND1, *HAND1_PASSES, *HAND1_PLAYS]


def golden_record() -> GameRecord:
    return GameRecord(
        RULES,
        ACTIONS,
        players=("Ann", "Bob", "Cat", "Dan"),
        date="2024-05-01",
        event="golden files",
        extra={"seed": 20240501, "table": "3", "rated": True},
    )
