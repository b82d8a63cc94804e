"""A Hypothesis state machine that plays whole games, one action per step.

The rules (and the start: a new game or a constructed rare position) are drawn
first, then each step deals, plays a legal action drawn by index, or tries an
action that is probably illegal. Every ``@invariant`` is one property, so a
failure names the property that broke, after the shortest run that breaks it.
"""

from __future__ import annotations

import copy

import pytest
from helpers.reference import (
    broken_rules,
    check_cards_in_one_place,
    check_events_match_change,
    check_game_end,
    check_hand_points_bounded,
    check_hand_scored,
    check_legal_actions_follow_rules,
    check_malformed_refused,
    check_to_act_have_legal_actions,
    check_view_shows_no_other_hand,
    malformed,
    reference_game_over,
    table,
)
from helpers.strategies import (
    Scenario,
    Transition,
    budget,
    candidate_actions,
    deals,
    scenarios,
)
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from hearts_core import (
    Action,
    Deal,
    GameState,
    HandScored,
    IllegalActionError,
    Phase,
    Rule,
    apply,
    explain,
    legal_actions,
    new_game,
    step,
)


class HeartsMachine(RuleBasedStateMachine):
    """Plays games through :func:`step`, checking every property after each step."""

    def __init__(self) -> None:
        super().__init__()
        self.scenario: Scenario | None = None
        self.state: GameState = new_game()
        self.deals = 0
        self.last: Transition | None = None
        self.hands_scored = 0

    # --- moves ---------------------------------------------------------------

    def _advance(self, action: Action) -> None:
        before = self.state
        after, events = step(before, action)
        self.last = Transition(before, action, after, events)
        self.state = after
        self.hands_scored += sum(isinstance(e, HandScored) for e in events)

    @initialize(scenario=scenarios())
    def start(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.state = scenario.start
        self.deals = 0
        self.last = None

    def _next_deal(self, data: st.DataObject) -> Deal:
        assert self.scenario is not None
        self.deals += 1
        if self.deals == 1:
            return self.scenario.first_deal
        return data.draw(deals(self.state.rules), label="deal")

    # Rules have no preconditions (Hypothesis gives up on a run when too few
    # rules are enabled); each one does what the phase allows.

    @rule(data=st.data())
    def play_a_legal_action(self, data: st.DataObject) -> None:
        """Deal, or take a legal action drawn by index; after the end, a new game."""
        if self.state.is_over:
            self.start(data.draw(scenarios(), label="next game"))
        elif self.state.phase is Phase.DEAL:
            self._advance(self._next_deal(data))
        else:
            legal = legal_actions(self.state)
            self._advance(legal[data.draw(st.integers(0, len(legal) - 1), label="legal index")])

    @rule(data=st.data())
    def play_the_first_legal_action(self, data: st.DataObject) -> None:
        """Like ``play_a_legal_action``, always taking the first legal action."""
        if self.state.to_act:
            self._advance(legal_actions(self.state)[0])
        else:
            self.play_a_legal_action(data)

    @rule(data=st.data())
    def try_an_illegal_action(self, data: st.DataObject) -> None:
        action = data.draw(candidate_actions(self.state), label="attempt")
        self.last = None
        if malformed(action):
            check_malformed_refused(self.state, action)
            return
        broken = broken_rules(self.state, action)
        if not broken:
            return  # a legal action: the other rules play those
        snapshot = copy.deepcopy(self.state)
        with pytest.raises(IllegalActionError) as raised:
            apply(self.state, action)  # type: ignore[arg-type]
        assert isinstance(raised.value.rule, Rule) and raised.value.rule in broken
        error = explain(self.state, action)
        assert isinstance(error, IllegalActionError) and error.rule is raised.value.rule
        assert self.state == snapshot

    def teardown(self) -> None:
        kind = self.scenario.kind if self.scenario else "none"
        event(f"scenario: {kind}")
        event(f"hands scored: {min(self.hands_scored, 3)}{'+' if self.hands_scored > 3 else ''}")
        event(f"ended in phase: {self.state.phase.value}")

    # --- one invariant per property -------------------------------------------

    @invariant()
    def every_card_is_in_exactly_one_place(self) -> None:
        check_cards_in_one_place(self.state)

    @invariant()
    def every_seat_to_act_has_a_legal_action(self) -> None:
        check_to_act_have_legal_actions(self.state)

    @invariant()
    def legal_actions_follow_the_written_rules(self) -> None:
        check_legal_actions_follow_rules(self.state)

    @invariant()
    def hand_points_so_far_are_at_most_the_decks(self) -> None:
        check_hand_points_bounded(self.state)
        assert sum(self.state.hand_points) <= table(self.state.rules).positive_total

    @invariant()
    def scores_change_only_when_a_hand_is_scored(self) -> None:
        if self.last is None:
            return
        scored = [e for e in self.last.events if isinstance(e, HandScored)]
        if scored:
            assert self.state.totals == scored[0].totals
        else:
            assert self.state.totals == self.last.before.totals
            assert self.state.hand_number == self.last.before.hand_number

    @invariant()
    def hand_number_advances_by_one_after_each_hand(self) -> None:
        if self.last is None:
            return
        before, after = self.last.before, self.state
        if after.phase is Phase.DEAL and before.phase is not Phase.DEAL:
            assert after.hand_number == before.hand_number + 1
        else:
            assert after.hand_number == before.hand_number

    @invariant()
    def hearts_stay_broken_for_the_rest_of_the_hand(self) -> None:
        if self.last is None:
            return
        before, after = self.last.before, self.state
        if after.phase is Phase.PLAY and before.phase is Phase.PLAY and before.hearts_broken:
            assert after.hearts_broken

    @invariant()
    def step_events_agree_with_the_change_of_state(self) -> None:
        if self.last is not None:
            check_events_match_change(self.last)

    @invariant()
    def hand_points_total_26_or_the_moon_outcome(self) -> None:
        if self.last is not None:
            check_hand_scored(self.last)

    @invariant()
    def game_ends_exactly_when_a_single_lowest_total_reaches_the_target(self) -> None:
        if self.last is not None:
            check_game_end(self.last)
        if self.state.is_over:
            state = self.state
            assert reference_game_over(state.rules, state.totals, state.counting_down)

    @invariant()
    def views_show_no_card_of_another_hand(self) -> None:
        for seat in range(self.state.rules.players):
            check_view_shows_no_other_hand(self.state, seat)

    @invariant()
    def apply_agrees_with_step(self) -> None:
        if self.last is not None:
            assert apply(self.last.before, self.last.action) == self.state


HeartsMachine.TestCase.settings = settings(
    max_examples=budget(0.5),
    stateful_step_count=200,
)
TestHeartsMachine = pytest.mark.slow(HeartsMachine.TestCase)
