"""One table of the vector environment (:mod:`hearts_core.adapters.vector`): a learner's
episodes as the single-agent environment plays them, the play in the kernel.

A :class:`Table` keeps a kernel board (:mod:`hearts_core.kernel`'s ``batch``) and plays in
Python only what comes once a hand: the deal, the passes (the cards change hands in the
kernel), the opponents that are neither ``random`` nor ``rule``, the moon choice and the
scoring. The engine's state is built only when a bot must read a view: from the deal and
the passes made, then the cards played (:meth:`Table.position`, :meth:`Table.replayed`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from hearts_core.actions import PLAYS, ChooseMoon, Deal, PassCards, random_deal
from hearts_core.adapters.action_ids import CARDS, MOON_ACTIONS, action_card, card_ids, id_list
from hearts_core.adapters.opponents import Opponent, draws_for, restored_draws, saved_draws
from hearts_core.bots.rule_bot import RuleBot, rule_pass
from hearts_core.cards import CardSet
from hearts_core.engine import after_hand, apply, new_game
from hearts_core.kernel import Hand, batch
from hearts_core.observation import observe
from hearts_core.playout import kernel_hand
from hearts_core.rules.options import PassDirection
from hearts_core.scoring import moon_scores, score_hand
from hearts_core.state import GameState, Phase

if TYPE_CHECKING:
    from hearts_core.adapters.vector import HeartsVectorEnv

__all__ = ["Table", "LEARNER"]

_DIRECTIONS: Final = tuple(PassDirection)
LEARNER, RANDOM, RULE, OUTSIDE = 0, 1, 2, 3  # who plays a seat, as the kernel reads it
PASSING, PLAYING, CHOOSING, BETWEEN = 0, 1, 2, 3  # a board's phase


def _kind(opponent: Opponent) -> int:
    if opponent is None:
        return RANDOM
    if type(opponent) is RuleBot:
        return RULE
    return OUTSIDE


class Table:
    """One table: a learner's episodes, as the single-agent environment plays them.

    ``acting`` is the seat to act once :meth:`advance` returns (a learner), ``over``
    whether the episode has ended.

    >>> from hearts_core.adapters.vector import vector_env
    >>> table = vector_env(1, opponents="rule").tables[0]
    >>> table.reset(2, None)
    >>> table.advance() is None, table.learner, table.acting  # the learner's first pick
    (True, 2, 2)
    """

    def __init__(self, owner: HeartsVectorEnv) -> None:
        self.owner = owner
        rules = self.rules = owner.rules
        self.players = rules.players
        self.learner = 0
        self.started = False
        self.deals = random.Random()  # the deals and hand numbers, as raw_env draws them
        self.bots_rng = random.Random()  # what the other bots draw from
        self.draws = draws_for(None)  # the random players' words
        self.kinds = [LEARNER] * self.players
        self.start: GameState = new_game(rules)  # the deal, then the start of play
        self.unapplied: list[tuple[int, int]] = []  # passes made, not yet in ``start``
        self.dealt: tuple[int, ...] = ()
        self.given = [0] * self.players
        self.next_pass = 0
        self.picked = 0
        self.acting = 0
        self.over = True
        self.after = self.start  # the state once the hand is scored
        self.pending: dict[str, Any] | None = None  # the outcome of a hand the learner ended
        self.board = batch.Board(
            Hand(rules.tables().kernel, (), 0), self.draws, (0,) * self.players,
            owner.scheme, rules.moon.value != "off",
        )  # fmt: skip

    # --- episodes ----------------------------------------------------------------------

    def reset(self, seed: int | None, options: dict[str, Any] | None) -> None:
        """Start an episode as the single env's ``reset(seed=seed, options=options)`` does."""
        owner = self.owner
        players = self.players
        if owner.seat is not None:
            self.learner = owner.seat
        elif seed is not None:
            self.learner = seed % players
        elif self.started:
            self.learner = (self.learner + 1) % players
        if seed is not None:
            self.bots_rng = random.Random(seed)
            self.draws = draws_for(seed)
            self.deals = random.Random(seed)
            self.board.rng = self.draws
        self.started = True
        rules = self.rules
        chosen = (options or {}).get("hand_number")
        if chosen is not None:
            hand = chosen
        else:
            hand = 0 if owner.full_game else self.deals.randrange(len(rules.pass_cycle))
        deal = (options or {}).get("deal")
        if deal is not None and not isinstance(deal, Deal):
            deal = Deal(deal)
        kinds = [LEARNER] * players
        if not owner.self_play:
            for offset, opponent in enumerate(owner.opponents):
                kinds[(self.learner + 1 + offset) % players] = _kind(opponent)
        self.kinds = kinds
        self.board.restore((kinds + [LEARNER] * (6 - players),) + self.board.state()[1:])
        self.over = False
        self.deal(new_game(rules, hand_number=hand), deal)

    def deal(self, waiting: GameState, deal: Deal | None = None) -> None:
        """Deal the hand after ``waiting`` (the cards of ``deal``, else drawn)."""
        if deal is None:
            deal = random_deal(self.rules, self.deals)
        state = self.start = apply(waiting, deal)
        self.unapplied = []
        self.dealt = state.hand_masks
        self.given = [0] * self.players
        self.next_pass = 0
        self.picked = 0
        board = self.board
        board.hand = Hand(self.rules.tables().kernel, self.dealt, 0)
        board.clear(state.dealer, _DIRECTIONS.index(state.pass_direction))
        board.set_totals(state.totals)
        if state.phase is Phase.PLAY:  # a hand without passing
            board.hand = kernel_hand(state)
            board.begin_play()

    def position(self) -> GameState:
        """The engine's state of the passing so far, or of the start of play."""
        for seat, mask in self.unapplied:
            self.start = apply(self.start, PassCards(seat, CardSet.from_mask(mask)))
        self.unapplied = []
        return self.start

    def replayed(self) -> GameState:
        """The engine's state now: the start of play, with the cards played since."""
        state = self.position()
        for bit in self.board.played():
            state = apply(state, PLAYS[state.to_act[0]][bit.bit_length() - 1])
        return state

    def passed(self, seat: int, mask: int) -> None:
        """``seat`` passes ``mask``; once every seat has, the cards change hands."""
        self.unapplied.append((seat, mask))
        self.given[seat] = mask
        self.board.set_seat(seat, mask, 0)
        self.picked = 0
        self.next_pass += 1
        if self.next_pass < self.players:
            return
        board = self.board
        tables = self.rules.tables()
        players = self.players
        direction = self.start.pass_direction
        card = tables.first_lead_card  # without one, the seat after the dealer leads
        after = 0 if card else (self.start.dealer + 1) % players
        board.hand.exchange(
            self.dealt, tuple(self.given), direction.receivers(players), self.rules.pass_count,
            card, after, self.draws,
        )  # fmt: skip
        board.begin_play()
        for seat_ in range(players):
            board.set_seat(seat_, self.given[seat_], self.given[direction.giver(seat_, players)])

    # --- the seats Python plays -------------------------------------------------------

    def opponent(self, seat: int) -> Opponent:
        """The player of ``seat``, a seat other than the learner's."""
        return self.owner.opponents[(seat - self.learner - 1) % self.players]

    def advance(self) -> dict[str, Any] | None:
        """Play until a learner is to act (``acting``) or the episode ends (``over``); the
        hand's outcome for the infos, if a hand was scored."""
        board = self.board
        info = None
        while not self.over:
            phase = board.phase
            if phase == PLAYING:
                seat = batch.run(board)
                if seat < 0:
                    info = self.score() or info
                    continue
                if self.kinds[seat] == LEARNER:
                    self.acting = seat
                    return info
                opponent = self.opponent(seat)
                assert opponent is not None
                action = opponent.choose(observe(self.replayed(), seat), self.bots_rng)
                batch.play(board, action.card.bit)  # type: ignore[union-attr]
                continue
            seat = self.next_pass if phase == PASSING else self.shooter
            if self.kinds[seat] == LEARNER:
                self.acting = seat
                return info
            opponent = self.opponent(seat)
            if phase == PASSING:
                if opponent is None:
                    mask = self.draws.cards(self.dealt[seat], self.rules.pass_count)
                else:
                    mask = self.rule_pass(seat) if self.kinds[seat] == RULE else 0
                    if not mask:
                        chosen = opponent.choose(observe(self.position(), seat), self.bots_rng)
                        assert isinstance(chosen, PassCards)
                        mask = chosen.cards.mask
                self.passed(seat, mask)
                continue
            if opponent is None:
                choice = self.draws.below(len(MOON_ACTIONS))
            else:
                moon = opponent.choose(observe(self.replayed_moon(), seat), self.bots_rng)
                assert isinstance(moon, ChooseMoon)
                choice = MOON_ACTIONS.index(moon.option)
            info = self.chose(choice) or info
        return info

    def rule_pass(self, seat: int) -> int:
        """What :class:`~hearts_core.bots.RuleBot` passes from ``seat``'s cards, without
        building its view: the cards of :func:`~hearts_core.bots.rule_bot.rule_pass`, a
        legal pass when they are ``pass_count`` cards of the hand (else 0: ask the bot)."""
        hand = self.dealt[seat]
        mask = rule_pass(self.rules, CardSet.from_mask(hand)).mask
        fits = mask & ~hand == 0 and mask.bit_count() == self.rules.pass_count
        return mask if fits else 0

    def replayed_moon(self) -> GameState:
        """The engine's state waiting for the shooter's choice."""
        return self.replayed()

    def score(self) -> dict[str, Any] | None:
        """The hand's play is over: score it, or wait for the shooter's choice."""
        hand = self.board.hand
        context = self.start.context
        self.taken = taken = hand.taken_masks()
        result = score_hand(
            self.rules, taken, hand.won_counts(), context.totals, context.counting_down
        )
        self.points = result.points
        self.moon = result.shooter
        if result.scores is None:
            assert result.shooter is not None
            self.shooter = result.shooter
            self.board.phase = CHOOSING
            return None
        return self.scored(result.scores)

    def chose(self, choice: int) -> dict[str, Any] | None:
        """The shooter chose moon option ``choice`` (an index of ``MOON_ACTIONS``)."""
        rules = self.rules
        option = MOON_ACTIONS[choice]
        return self.scored(moon_scores(rules, self.taken, self.shooter, option))

    def scored(self, scores: tuple[int, ...]) -> dict[str, Any]:
        """Give the hand's rewards and its outcome, and deal the next hand or end."""
        from hearts_core.adapters.outcome import outcome_info

        owner = self.owner
        board = self.board
        context = self.start.context
        after = self.after = after_hand(context, scores)
        players = self.players
        changes = zip(after.totals, context.totals, self.points, strict=True)
        gained = [new - old - got for new, old, got in changes]
        if owner.scheme == 2:
            if after.phase is Phase.GAME_OVER:
                for seat in after.winners:
                    board.add_reward(seat, 1.0 / len(after.winners))
        elif any(gained):
            total = sum(gained)
            for seat, points in enumerate(gained):
                if owner.scheme == 0:
                    board.add_reward(seat, float(-points))
                else:
                    board.add_reward(seat, (total - points) / (players - 1) - points)
        winners = after.winners if after.phase is Phase.GAME_OVER else None
        info = outcome_info(
            self.learner, context.hand_number, self.points, scores, after.totals, self.moon,
            winners,
        )  # fmt: skip
        if owner.full_game and after.phase is Phase.DEAL:
            self.deal(after)
        else:
            board.between(after.dealer, _DIRECTIONS.index(after.pass_direction), after.totals)
            self.over = True
        return info

    # --- the learner's actions Python takes ---------------------------------------------

    def act(self, action: int) -> bool:
        """Take the learner's action outside the play (a card picked to pass, a moon
        choice); ``False`` when it is not legal."""
        board = self.board
        seat = self.acting
        if board.phase == PASSING:
            held = self.dealt[seat] & ~self.picked
            if not 0 <= action < CARDS or not action_card(action).bit & held:
                return False
            self.picked |= action_card(action).bit
            board.set_seat(seat, self.picked, 0)
            if self.picked.bit_count() == self.rules.pass_count:
                self.passed(seat, self.picked)
            return True
        if not 0 <= action - CARDS < len(MOON_ACTIONS) or board.phase != CHOOSING:
            return False
        self.pending = self.chose(action - CARDS)
        return True

    def encode(self, row: Any, mask: Any) -> None:
        """The acting seat's observation and action mask, into ``row`` and ``mask``."""
        board = self.board
        seat = self.acting
        batch.encode(self.owner.layout, board, seat, row)
        if board.phase == PLAYING:
            batch.write_mask(board, mask)
            return
        mask[:] = 0
        if board.phase == PASSING:
            for action in id_list(card_ids(self.dealt[seat] & ~self.picked)):
                mask[action] = 1
        elif board.phase == CHOOSING:
            mask[CARDS : CARDS + len(MOON_ACTIONS)] = 1

    def final(self, row: Any) -> None:
        """The learner's last observation of the episode (the table between hands)."""
        seat = self.acting if self.owner.self_play else self.learner
        batch.encode(self.owner.layout, self.board, seat, row)

    # Copies and pickles: the board's hand, table and generator are rebuilt from values.
    def __getstate__(self) -> dict[str, Any]:
        found = dict(self.__dict__)
        board = found.pop("board")
        hand = board.hand
        found["_board"] = (
            board.state(),
            (hand.hand_masks(), hand.taken_masks(), hand.won_counts(), hand.leader, hand.seat,
             hand.position, hand.winner, hand.tricks, hand.led, hand.best, hand.trick,
             hand.broken),
            saved_draws(board.rng),
        )  # fmt: skip
        found["draws"] = None
        return found

    def __setstate__(self, saved: dict[str, Any]) -> None:
        board_state, hand_state, rng_state = saved.pop("_board")
        self.__dict__.update(saved)
        rng = self.draws = restored_draws(rng_state)
        hands, taken, won, leader, seat, position, winner, tricks, led, best, trick, broken = (
            hand_state
        )
        hand = Hand(self.rules.tables().kernel, hands, leader)
        hand.resume((), leader, broken, tricks, taken, won)
        hand.seat, hand.position, hand.winner = seat, position, winner
        hand.led, hand.best, hand.trick = led, best, trick
        board = batch.Board(hand, rng, (0,) * self.players, 0, False)
        board.restore(board_state)
        self.board = board
