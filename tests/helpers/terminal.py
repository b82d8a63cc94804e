"""The hearts command driven as a person drives it: scripted input, and a game played
in this process."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TextIO, cast

from hearts_core import Card, CardSet, Rules
from hearts_core.cards import read_card as parse_card
from hearts_core.cli import main


class Player(io.TextIOBase):
    """Answers each prompt of ``hearts play`` from what the transcript shows so far.

    A card prompt gets the first legal card of the last "Legal:" line, written each time in
    another spelling; a pass prompt the first cards of the hand shown; the moon prompt
    ``subtract``. ``mistakes`` are sent first, one per prompt, to see them refused
    (``NOT-HELD``: cards the hand lacks; ``TWICE``: one card named again and again).
    """

    spellings: tuple[Callable[[Card], str], ...] = (
        lambda c: str(c),
        lambda c: str(c).lower(),
        lambda c: c.symbol.lower(),
        lambda c: f"{c.rank.name.lower()} of {c.suit.name.lower()}",
        lambda c: c.suit.symbol + " " + c.symbol[:-1],
    )

    def __init__(self, out: io.StringIO, mistakes: list[str] | None = None) -> None:
        self.out = out
        self.sent: list[str] = []
        self.mistakes = list(mistakes or [])

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        lines = self.out.getvalue().splitlines()
        prompt = lines[-1]
        if self.mistakes and prompt.startswith(("Your card:", "Pass ")):
            answer = self.mistakes.pop(0)
            if answer in ("NOT-HELD", "TWICE"):
                hand = self._hand(lines)
                count = int(prompt.split()[1])
                if answer == "TWICE":
                    answer = " ".join([hand[0]] * count)
                else:
                    held = {parse_card(c) for c in hand}
                    missing = sorted(set(CardSet.parse("") ^ Rules().deck) - held)
                    answer = " ".join(str(c) for c in missing[:count])
        elif prompt.startswith("Your card:"):
            legal = next(line for line in reversed(lines) if line.startswith("Legal: "))
            card = parse_card(legal.split()[1])
            answer = self.spellings[len(self.sent) % len(self.spellings)](card)
        elif prompt.startswith("Pass "):
            count = int(prompt.split()[1])
            answer = ", ".join(self._hand(lines)[:count])
        elif "'subtract'" in prompt:
            answer = "subtract"
        else:
            raise AssertionError(f"unexpected prompt: {prompt!r}")
        self.sent.append(answer)
        return answer + "\n"

    @staticmethod
    def _hand(lines: list[str]) -> list[str]:
        """The cards of the last hand shown."""
        shown = next(line for line in reversed(lines) if line.startswith("Your hand: "))
        return shown.removeprefix("Your hand: ").split()


def as_input(player: Player) -> TextIO:
    return cast(TextIO, player)


def play_in_process(*args: str, mistakes: list[str] | None = None) -> tuple[int, str, Player]:
    out = io.StringIO()
    player = Player(out, mistakes)
    status = main(["play", "--style", "plain", *args], stdin=as_input(player), stdout=out)
    return status, out.getvalue(), player
