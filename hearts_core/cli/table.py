"""The person at the table: a seat that shows its view and asks at the keyboard.

:class:`HumanSeat` is a :class:`~hearts_core.bots.Bot` like the others: the
game loop (:func:`~hearts_core.bots.transitions`) asks its ``choose`` for an
action when the seat is to act. It shows the hand, the trick and the legal
cards, reads a card or a pass typed in any common spelling
(:func:`~hearts_core.cards.read_card`), and explains a refused one with the
rule it breaks. It never draws from the game's ``rng``, so the bots play the
same game as they would without it.

At any prompt, ``help`` explains how to type cards, ``hand`` shows the hand
again, ``rules`` prints the rulebook and ``quit`` (or the end of input,
Ctrl-D) leaves the game: :class:`GameAbandoned` ends the loop.

>>> import io, random
>>> from hearts_core import new_game, observe, random_deal, apply
>>> from hearts_core.cli.screen import Screen
>>> state = apply(new_game(), random_deal(new_game().rules, random.Random(1)))
>>> seat = HumanSeat(Screen(io.StringIO(), use_rich=False), io.StringIO("quit\\n"),
...                  ("You", "East", "South", "West"))
>>> seat.choose(observe(state, 0), random.Random(0))
Traceback (most recent call last):
...
hearts_core.cli.errors.GameAbandoned: the player left the game
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from typing import Final, TextIO

from hearts_core.actions import Action, ChooseMoon, PassCards, PlayCard
from hearts_core.belief import consistent_state
from hearts_core.cards import Card, CardSet, Rank, Suit, read_card, read_cards, read_rank
from hearts_core.cli.errors import GameAbandoned
from hearts_core.cli.screen import Screen, isatty, sentence
from hearts_core.errors import IllegalActionError, InvalidCardError
from hearts_core.legality import explain
from hearts_core.observation import PlayerView
from hearts_core.rules import MoonOption
from hearts_core.state import Phase

__all__ = ["HumanSeat", "HELP"]

_QUEEN: Final = Card.parse("QS")
_TEN: Final = Card.parse("TH")

HELP: Final = (
    "Cards are shown as {queen} and {ten}. Type a card as QS, q♠, ♠Q, 10h, th or "
    '"queen of spades"; a rank alone (Q) will do when only one legal card has it. '
    "To pass, type the cards separated by spaces or commas.\n"
    "Commands: 'hand' shows your hand again, 'rules' the variant's rulebook, 'quit' "
    "(or Ctrl-D) ends the game."
)
"""What ``help`` prints at a prompt (``{queen}`` and ``{ten}``: Q♠ and 10♥ as the screen
writes them): a paragraph a line, which a terminal gets wrapped to its width."""


class HumanSeat:
    """A seat played at the keyboard: a :class:`~hearts_core.bots.Bot` that asks.

    Args:
        screen: Where the hand, the trick and the prompts are written.
        stdin: Where the answers are read, a line each.
        names: Each seat's name, seat 0 first; this seat's is ``"You"``.
        rulebook: The Markdown ``rules`` prints (see :func:`~hearts_core.rules.describe_variant`).

    Raises (from ``choose``):
        GameAbandoned: when the player types ``quit`` or the input ends.

    >>> import io
    >>> from hearts_core.cli.screen import Screen
    >>> seat = HumanSeat(Screen(io.StringIO(), use_rich=False), io.StringIO(), ("You", "B", "C"))
    >>> from hearts_core.bots import Bot
    >>> isinstance(seat, Bot)
    True
    """

    def __init__(
        self, screen: Screen, stdin: TextIO, names: Sequence[str], rulebook: str = ""
    ) -> None:
        self.screen = screen
        self.stdin = stdin
        self.names = tuple(names)
        self.rulebook = rulebook
        self.echo = not isatty(stdin)
        self.view: PlayerView | None = None

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Show the position and ask until the player gives a legal action."""
        self.view = view
        if view.phase is Phase.PASS:
            return self._choose_pass(view)
        if view.phase is Phase.MOON:
            return self._choose_moon(view)
        return self._choose_play(view)

    # Input.

    def ask(self, prompt: str) -> str:
        """The next line the player typed, after handling the commands any prompt accepts.

        Raises:
            GameAbandoned: on ``quit`` or ``exit``, and at the end of input.
        """
        while True:
            self.screen.prompt(prompt)
            try:
                line = self.stdin.readline()
            except UnicodeDecodeError:  # bytes that are not text: nothing more can be read
                self.screen.say("")
                raise GameAbandoned("the input is not text") from None
            if not line:  # end of input (Ctrl-D): as good as quit
                self.screen.say("")
                raise GameAbandoned("the player left the game")
            text = line.strip()
            if self.echo:  # scripted input: echo it, so the transcript reads as a dialogue
                self.screen.echo(text)
            word = text.lower()
            if word in ("quit", "exit"):
                raise GameAbandoned("the player left the game")
            if word in ("help", "?"):
                card = self.screen.card
                self.screen.say(HELP.format(queen=card(_QUEEN), ten=card(_TEN)))
            elif word == "rules":
                self.screen.markdown(self.rulebook)
            elif word == "hand" and self.view is not None:
                self.show_hand(self.view)
            elif text:
                return text

    # Display.

    def show_hand(self, view: PlayerView) -> None:
        """Write the hand, suit by suit: ``Your hand: 2♣ K♣  4♦ 9♦  Q♠``."""
        suits = [self.screen.cards(view.hand.of_suit(suit)) for suit in Suit]
        self.screen.say("Your hand: " + "  ".join(s for s in suits if s))

    def _show_trick(self, view: PlayerView) -> None:
        if not view.current_trick:
            self.screen.say("You lead.")
            return
        players = view.rules.players
        plays = [
            f"{self.names[(view.leader + i) % players]} {self.screen.card(card)}"
            for i, card in enumerate(view.current_trick)
        ]
        self.screen.say("On the table: " + ", ".join(plays))

    # Decisions.

    def _choose_pass(self, view: PlayerView) -> Action:
        count = view.rules.pass_count
        receiver = view.pass_direction.receiver(view.seat, view.rules.players)
        where = view.pass_direction.value
        self.screen.say("")
        self.show_hand(view)
        while True:
            text = self.ask(f"Pass {count} cards to {self.names[receiver]} ({where}): ")
            try:
                cards = read_cards(text)
            except InvalidCardError as error:
                self._refuse(sentence(f"{error}. Type 'help' for how to write cards."))
                continue
            if len(set(cards)) != len(cards):
                self._refuse("You named a card twice.")
                continue
            action = PassCards(view.seat, CardSet(cards))
            if self._allowed(view, action):
                return action

    def _choose_play(self, view: PlayerView) -> Action:
        legal = [a.card for a in view.legal_actions if isinstance(a, PlayCard)]
        # The trick's heading, with the scores, is the table's (TableTalk.begin).
        self.show_hand(view)
        self._show_trick(view)
        self.screen.say("Legal: " + self.screen.cards(legal))
        while True:
            card = self._read_card(self.ask("Your card: "), legal)
            if card is not None:
                action = PlayCard(view.seat, card)
                if card in legal or self._allowed(view, action):
                    return action

    def _read_card(self, text: str, legal: list[Card]) -> Card | None:
        rank: Rank | None = None
        with contextlib.suppress(InvalidCardError):
            rank = read_rank(text)
        if rank is not None:
            # A rank alone: fine when one legal card has it.
            matches = [c for c in legal if c.rank is rank]
            if len(matches) == 1:
                return matches[0]
            if matches:
                self._refuse("Several legal cards have that rank; name the suit too.")
            else:
                self._refuse("No legal card has that rank.")
            return None
        try:
            return read_card(text)
        except InvalidCardError as error:
            self._refuse(sentence(f"{error}. Type 'help' for how to write cards."))
            return None

    def _choose_moon(self, view: PlayerView) -> Action:
        amount = view.rules.moon_amount
        self.screen.say("")
        self.screen.say("You shot the moon!", style="bold green")
        while True:
            text = self.ask(
                f"Type 'add' to add {amount} to every other player, "
                f"or 'subtract' to take {amount} off your own total: "
            ).lower()
            if text in ("a", "add", "+", "others", MoonOption.ADD_TO_OTHERS.value):
                return ChooseMoon(view.seat, MoonOption.ADD_TO_OTHERS)
            if text in ("s", "sub", "subtract", "-", MoonOption.SUBTRACT_FROM_SHOOTER.value):
                return ChooseMoon(view.seat, MoonOption.SUBTRACT_FROM_SHOOTER)
            self._refuse("Please answer 'add' or 'subtract'.")

    def _allowed(self, view: PlayerView, action: Action) -> bool:
        """Whether ``action`` is legal; if not, say why, with the rule it breaks.

        The view holds all a seat's own action depends on: any full state that
        fits it (:func:`~hearts_core.belief.consistent_state`) judges it the same way.
        """
        error = explain(consistent_state(view), action)
        if error is None:
            return True
        text = self.screen.message(str(error), self.names, you=view.seat)
        if isinstance(error, IllegalActionError):
            text += f" ({error.rule.value}: {error.rule.summary})"
        self._refuse(f"Not allowed: {text}")
        return False

    def _refuse(self, text: str) -> None:
        self.screen.say(text, style="red")
