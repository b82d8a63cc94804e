"""The arena: the payoff and rank points by hand, reproducibility across worker counts,
and the bot protocol (same figures as in process; broken programs reported, not fatal)."""

from __future__ import annotations

import json
import math
import random
import shlex
import sys
from pathlib import Path

import attrs
import pytest

from hearts_core import Rules, apply, new_game, observe, random_deal, variant
from hearts_core.bots import make_bot
from hearts_core.bots.arena import (
    DealOutcome,
    Estimate,
    Speed,
    make_arena_bot,
    play_deal,
    run_arena,
    summarize,
)
from hearts_core.bots.backends import chunks
from hearts_core.bots.command import CommandBot
from hearts_core.bots.errors import BotError, ProtocolError
from hearts_core.bots.wire import read_reply, read_request, request_line
from hearts_core.cli import main
from hearts_core.errors import UnknownNameError

BROKEN = Path(__file__).parents[1] / "data" / "bots" / "broken_bot.py"
PYTHON = shlex.quote(sys.executable)


def _serve(spec: str) -> str:
    return f"cmd:{PYTHON} -m hearts_core.bots.serve {spec}"


def _broken(mode: str) -> str:
    return f"cmd:{PYTHON} {shlex.quote(str(BROKEN))} {mode}"


# --- the figures, worked by hand ---------------------------------------------------------


def test_payoff_and_rank_points_by_hand() -> None:
    # Rotation r: bot A in seat r. Scores chosen so each figure is easy to work out.
    outcome = DealOutcome(
        deal=0,
        scores=((0, 13, 13, 0), (26, 0, 0, 0), (5, 5, 5, 11), (0, 26, 26, 26)),
        shooters=(None, None, None, 0),
    )
    # others' mean less A's: (26/3 - 0), (26/3 - 0), (21/3 - 5), (52/3 - 26)
    assert outcome.payoffs == pytest.approx((26 / 3, 26 / 3, 2.0, 52 / 3 - 26))
    assert outcome.payoff == pytest.approx((26 / 3 + 26 / 3 + 2.0 + 52 / 3 - 26) / 4)
    # rank points: seat 0 scores 0 against 13, 13, 0: 2 above, 1 tie -> 2.5;
    # seat 1 scores 0 against 26, 0, 0 -> 1 + 0.5 + 0.5 = 2; seat 2 scores 5 against 5, 5, 11
    # -> 0.5 + 0.5 + 1 = 2; seat 3 scores 26 against 0, 26, 26 -> 0 + 0.5 + 0.5 = 1.
    assert outcome.rank_points == pytest.approx((2.5 + 2 + 2 + 1) / 4)


def test_summary_counts_points_moons_and_standard_error_by_hand() -> None:
    # Three seats. Deal 0: A shoots in rotations 0 and 2; in rotation 1 seat 0 (a B) shoots.
    first = DealOutcome(0, ((0, 26, 26), (0, 26, 26), (26, 26, 0)), (0, 0, 2))
    second = DealOutcome(1, ((3, 0, 0), (0, 3, 0), (0, 0, 3)), (None, None, None))
    result = summarize("a", "b", 9, [second, first])  # any order: sorted by deal
    assert result.deals == 2 and result.players == 3 and result.seed == 9
    assert result.points == pytest.approx((0 + 26 + 0 + 3 + 3 + 3) / 6)
    assert result.moons_shot == 2 and result.moons_suffered == 1
    # Deal 0: 26 - 0, 13 - 26, 26 - 0: mean 13. Deal 1: 0 - 3 each time: -3.
    assert result.payoff.mean == pytest.approx(5.0)
    assert result.payoff.se == pytest.approx(8.0)  # sd 16 / sqrt(2), over sqrt(2) deals


def test_estimate_interval_and_a_single_deal() -> None:
    estimate = Estimate.of([2.0, 4.0, 6.0, 8.0])
    assert estimate.mean == 5.0
    assert estimate.se == pytest.approx(math.sqrt((9 + 1 + 1 + 9) / 3 / 4))
    assert estimate.se is not None
    assert estimate.low == pytest.approx(5.0 - 1.959964 * estimate.se, abs=1e-6)
    single = Estimate.of([3.0])
    assert single.se is None and not single.excludes_zero and single.low == single.high == 3.0
    with pytest.raises(BotError):
        Estimate.of([])


def test_speed_is_not_part_of_equality() -> None:
    a = DealOutcome(0, ((1, 0, 0),), (None,), speed_a=Speed(3, 1.0))
    b = DealOutcome(0, ((1, 0, 0),), (None,), speed_a=Speed(5, 9.0))
    assert a == b and (a.speed_a + b.speed_a) == Speed(8, 10.0)


# --- how deals are played ------------------------------------------------------------------


def test_every_rotation_plays_the_same_cards_and_seats_bot_a_in_turn() -> None:
    seen: list[tuple[int, str]] = []

    class Spy:
        def __init__(self, name: str) -> None:
            self.name = name

        def choose(self, view, rng):  # type: ignore[no-untyped-def]
            if view.phase.value == "pass":
                seen.append((view.seat, self.name + " " + str(view.hand)))
            return make_bot("rule").choose(view, rng)

    play_deal(Spy("A"), Spy("B"), Rules(), seed=4, deal=1)
    hands_a = {seat: hand.split(" ", 1)[1] for seat, hand in seen if hand.startswith("A")}
    hands_b = {(seat, hand.split(" ", 1)[1]) for seat, hand in seen if hand.startswith("B")}
    assert sorted(hands_a) == [0, 1, 2, 3]  # A passed once from each seat
    for seat, hand in hands_a.items():  # with the same cards B held there in other rotations
        assert (seat, hand) in hands_b


def test_duplicate_deals_cancel_for_equal_bots() -> None:
    result = run_arena("rule", "rule", deals=3, seed=8)
    assert result.payoff.mean == 0.0 and result.rank_points == 1.5
    assert result.points == result.opponent_points


def test_the_same_seed_gives_the_same_figures_with_any_worker_count() -> None:
    one = run_arena("mc:1", "random", deals=3, seed=11, workers=1)
    two = run_arena("mc:1", "random", deals=3, seed=11, workers=2)
    assert one == two
    assert one.to_data()["payoff"] == two.to_data()["payoff"]
    other = run_arena("mc:1", "random", deals=3, seed=12, workers=1)
    assert other != one  # the seed matters


def test_chunks_cover_every_deal_once() -> None:
    for deals, workers in ((1, 1), (7, 2), (100, 3), (1000, 2)):
        covered = [deal for part in chunks(deals, workers) for deal in part]
        assert covered == list(range(deals))


def test_variants_with_other_tables() -> None:
    for name in ("maria", "hartenjagen"):
        rules = variant(name)
        result = run_arena("rule", "random", deals=1, seed=2, rules=rules)
        assert result.players == rules.players
        assert result.deals == 1


def test_bad_arguments_are_refused_before_any_work() -> None:
    with pytest.raises(UnknownNameError):
        run_arena("genius", "rule", deals=1)
    with pytest.raises(BotError, match="deals"):
        run_arena("rule", "rule", deals=0)
    with pytest.raises(BotError, match="workers"):
        run_arena("rule", "rule", deals=1, workers=0)
    with pytest.raises(BotError, match="backend"):
        run_arena("rule", "rule", deals=1, backend="cloud")  # type: ignore[arg-type]
    with pytest.raises(BotError):
        make_arena_bot(42)  # type: ignore[arg-type]


# --- the protocol -----------------------------------------------------------------------


def test_a_served_bot_plays_exactly_as_in_process() -> None:
    # mc draws from its generator, so this checks that the seeds travel intact too.
    inside = run_arena("mc:2", "rule", deals=1, seed=3)
    served = run_arena(_serve("mc:2"), "rule", deals=1, seed=3)
    assert served == attrs.evolve(inside, bot_a=served.bot_a)
    assert served.failures == ()
    assert served.speed_a.decisions == inside.speed_a.decisions


@pytest.mark.parametrize(
    ("mode", "kind"),
    [("nonsense", "malformed"), ("illegal", "illegal"), ("crash", "crash")],
)
def test_a_broken_program_is_reported_not_fatal(mode: str, kind: str) -> None:
    result = run_arena(_broken(mode), "rule", deals=1, seed=1)
    assert result.failures, mode
    assert {f.kind for f in result.failures} == {kind}
    assert {f.bot for f in result.failures} == {"a"}
    # three failures in a row retire the program for the rest of the hand
    assert [f.rotation for f in result.failures] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert all(f.seat == f.rotation for f in result.failures)


def test_a_program_that_never_answers_times_out_and_is_killed() -> None:
    bot = CommandBot(_broken("silent")[4:], seconds=0.2, retire_after=1)
    state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    view = observe(state, 0)
    action = bot.choose(view, random.Random(0))
    assert action == view.legal_actions[0]
    [failure] = bot.take_failures()
    assert failure.kind == "timeout" and failure.seat == 0
    assert bot._process is None  # killed, not left running
    assert bot.choose(view, random.Random(0)) == view.legal_actions[0]  # retired: no wait
    assert bot.take_failures() == []


def test_a_program_that_cannot_start_is_a_crash() -> None:
    bot = CommandBot("/no/such/program-hearts")
    state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    bot.choose(observe(state, 2), random.Random(0))
    [failure] = bot.take_failures()
    assert failure.kind == "crash" and "cannot start" in failure.detail


def test_reply_shapes() -> None:
    state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    view = observe(state, 0)
    legal = str(view.legal_actions[5])
    assert str(read_reply(json.dumps({"action": legal}), view)) == legal
    for line, kind in [
        ("", "malformed"),
        ("[1]", "malformed"),
        ('{"action": 3}', "malformed"),
        ('{"action": "pass 0 2C 3C 4C", "x": 1}', "malformed"),
        ('{"action": "fold"}', "malformed"),
        ('{"action": "play 0 2C"}', "illegal"),
        ("x" * (2 << 20), "malformed"),
    ]:
        with pytest.raises(ProtocolError) as caught:
            read_reply(line, view)
        assert caught.value.kind == kind, line[:40]


def test_requests_round_trip_and_bad_requests_are_refused() -> None:
    state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    view = observe(state, 3)
    line = request_line(view, 2**64 - 1)
    assert read_request(line) == (view, 2**64 - 1)
    data = json.loads(line)
    assert data["view"]["format"] == "hearts-view/2"
    assert data["legal"] == [str(a) for a in view.legal_actions]
    changes: list[dict[str, object]] = [
        {"seed": -1},
        {"seed": 2**64},
        {"legal": []},
        {"view": {"format": 1}},
    ]
    for change in changes:
        with pytest.raises(ProtocolError):
            read_request(json.dumps(data | change))


# --- the command ----------------------------------------------------------------------------


def test_cli_json_has_the_payoff_and_agrees_with_the_library(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["arena", "rule", "random", "--deals", "3", "--seed", "5", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    expected = run_arena("rule", "random", deals=3, seed=5)
    assert data["payoff"]["mean"] == expected.payoff.mean
    assert data["payoff"]["se"] == expected.payoff.se
    assert data["variant"] == "standard" and data["moons_shot"] == expected.moons_shot


def test_cli_table_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "rule", "random", "--deals", "2", "--style", "plain"]) == 0
    out = capsys.readouterr().out
    assert "payoff per deal" in out and "rank points" in out and "decisions per second" in out
    assert main(["arena", "genius", "rule"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
    assert main(["arena", "rule", "rule", "--deals", "0"]) == 2
    assert main(["arena", "rule", "rule", "--address", "x:1"]) == 2


def test_cli_time_limit_reports_a_silent_program(capsys: pytest.CaptureFixture[str]) -> None:
    silent = _broken("silent")
    code = main(["arena", silent, "rule", "--deals", "1", "--time-limit", "0.2", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["bot_a"] == silent
    assert {f["kind"] for f in data["failures"]} == {"timeout"}
    assert len(data["failures"]) == 12  # three a hand, then retired until the next hand
    assert main(["arena", "rule", "rule", "--time-limit", "0"]) == 2


def test_a_served_bot_plays_other_variants_as_in_process() -> None:
    rules = variant("black-maria")  # three seats, other card values, a view with its rules
    inside = run_arena("rule", "random", deals=1, seed=6, rules=rules)
    served = run_arena(_serve("rule"), "random", deals=1, seed=6, rules=rules)
    assert served.failures == ()
    assert served.outcomes == inside.outcomes
