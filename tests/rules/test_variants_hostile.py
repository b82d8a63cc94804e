"""Variant files from a hostile or careless source: paths that are not files, names that
repeat, files full of unknown keys, and rulebooks that must say what the engine does.

A path that names a named pipe, a directory, a device or a socket is refused, with the
path and what it is, before anything waits on it; the tests that open pipes run the
load in a thread with a deadline, so a regression fails instead of hanging the run.
"""

from __future__ import annotations

import errno
import os
import socket
import stat
import threading
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

import pytest
from helpers.built_deals import QUEEN_OF_SPADES, fill, first_leader, passing_hand, play, reach_play

from hearts_core import (
    GameState,
    InvalidRulesError,
    PlayCard,
    Rules,
    Suit,
    is_legal,
    load_variant,
    variant,
    variant_names,
)
from hearts_core.io.limits import MAX_PROBLEMS
from hearts_core.rules import Variant, describe, describe_variant, variant_info
from hearts_core.rules import files as files_module
from hearts_core.rules import variants as variants_module
from hearts_core.rules.files import MAX_VARIANT_FILE_BYTES

DEADLINE = 20.0
"""Seconds a load that should return at once may take before it counts as hung."""

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


def within_deadline(call: Callable[[], object]) -> object:
    """What ``call()`` returns or raises, run in a thread: fails if it is still running
    after :data:`DEADLINE` seconds (the thread is a daemon, so the run can end)."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as exc:  # handed back to the test below
            outcome.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(DEADLINE)
    if worker.is_alive():
        pytest.fail(f"still waiting after {DEADLINE} s: the load blocked")
    return outcome[0]


def refused_in_time(path: Path) -> InvalidRulesError:
    found = within_deadline(lambda: load_variant(path))
    assert isinstance(found, InvalidRulesError), found
    return found


def write(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- paths that are not regular files ----------------------------------------------------


@needs_fifo
def test_a_named_pipe_with_no_writer_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "a_fifo"
    os.mkfifo(fifo)
    error = refused_in_time(fifo)
    assert error.field == "(file)"
    assert error.reason == "cannot read: not a regular file (a named pipe)"
    assert error.source == str(fifo)
    assert str(fifo) in str(error)


@needs_fifo
def test_a_named_pipe_ending_in_toml_with_a_writer_is_refused_unread(tmp_path: Path) -> None:
    # A writer on the other end, ready to send a valid variant: it is still refused,
    # for what the path is, never for what comes down the pipe.
    fifo = tmp_path / "house.toml"
    os.mkfifo(fifo)
    written = threading.Event()

    def feed() -> None:
        try:
            with fifo.open("wb") as pipe:
                pipe.write(b'name = "piped"\n')
                written.set()
        except BrokenPipeError:  # the reader closed without reading: as it should
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        error = refused_in_time(fifo)
        assert error.reason == "cannot read: not a regular file (a named pipe)"
    finally:
        if writer.is_alive():  # still waiting for a reader: give it one, and let it go
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        writer.join(DEADLINE)


@needs_fifo
def test_a_pipe_swapped_in_after_the_check_is_refused_not_waited_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The path is a regular file when it is looked at, and a named pipe by the time it is
    # opened: the open must not wait for a writer, and the opened file is checked again.
    path = tmp_path / "house.toml"
    path.write_text('name = "house"\n', encoding="utf-8")
    real_stat = os.stat

    def stat_then_swap(target: object, *args: object, **kwargs: object) -> os.stat_result:
        status = real_stat(target, *args, **kwargs)  # type: ignore[arg-type]
        if Path(str(target)) == path and stat.S_ISREG(status.st_mode):
            path.unlink()
            os.mkfifo(path)
        return status

    monkeypatch.setattr(os, "stat", stat_then_swap)
    error = refused_in_time(path)
    assert (error.field, error.reason) == (
        "(file)",
        "cannot read: not a regular file (a named pipe)",
    )


def test_a_directory_is_refused_as_one(tmp_path: Path) -> None:
    folder = tmp_path / "house.toml"
    folder.mkdir()
    error = refused_in_time(folder)
    assert (error.field, error.reason) == (
        "(file)",
        "cannot read: not a regular file (a directory)",
    )
    assert error.source == str(folder)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_that_never_ends_is_refused_before_it_is_read() -> None:
    error = refused_in_time(Path("/dev/zero"))
    assert (error.field, error.reason, error.source) == (
        "(file)",
        "cannot read: not a regular file (a device)",
        "/dev/zero",
    )


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs Unix sockets")
def test_a_socket_is_refused_as_one(tmp_path: Path) -> None:
    where = tmp_path / "s.toml"
    if len(str(where)) > 100:  # too long for a socket address here
        where = Path("/tmp") / f"hearts-variant-{os.getpid()}.toml"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(where))
        error = refused_in_time(where)
        assert (error.field, error.reason) == (
            "(file)",
            "cannot read: not a regular file (a socket)",
        )
    finally:
        server.close()
        where.unlink(missing_ok=True)


def test_a_link_to_a_regular_file_is_read(tmp_path: Path) -> None:
    target = write(tmp_path, 'name = "linked"\ntarget_score = 50\n', "real.toml")
    link = tmp_path / "link.toml"
    try:
        link.symlink_to(target)
    except OSError:
        pytest.skip("this system cannot make symbolic links")
    info = load_variant(link)
    assert (info.name, info.rules.target_score) == ("linked", 50)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    error = refused_in_time(link)
    assert error.reason == "cannot read: not a regular file (a device)"


def test_rules_from_toml_refuses_what_load_variant_refuses(tmp_path: Path) -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules.from_toml(tmp_path)
    assert info.value.reason == "cannot read: not a regular file (a directory)"


# --- names that repeat, and real cycles ---------------------------------------------------


def test_a_house_file_may_take_a_shipped_name(tmp_path: Path) -> None:
    # "standard" is a shipped name, and classic extends standard: the chain is
    # house file -> classic -> shipped standard, with no file read twice.
    info = load_variant(write(tmp_path, 'name = "standard"\nextends = "classic"\n'))
    assert info.name == "standard"
    assert info.rules == variant("classic")
    assert info.rules != variant("standard")


def test_a_house_file_may_extend_the_shipped_variant_of_its_own_name(tmp_path: Path) -> None:
    text = 'name = "Classic"\nextends = "classic"\ntarget_score = 50\n'
    info = load_variant(write(tmp_path, text))
    assert info.rules == variant("classic").evolve(target_score=50)


def test_a_shipped_file_read_by_path_is_not_circular() -> None:
    path = variants_module.variants_dir() / "classic.toml"
    assert load_variant(path).rules == variant("classic")


@pytest.fixture
def cyclic_shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder of shipped variants in which a extends b and b extends a (and c extends
    a, with no cycle of its own), standing in for the real one."""
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    write(shipped, 'name = "a"\nextends = "b"\ntarget_score = 60\n', "a.toml")
    write(shipped, 'name = "b"\naliases = ["bee"]\nextends = "a"\n', "b.toml")
    write(shipped, 'name = "c"\nextends = "bee"\n', "c.toml")
    monkeypatch.setattr(files_module, "variants_dir", lambda: shipped)
    files_module._shipped_paths.cache_clear()
    try:
        yield shipped
    finally:
        files_module._shipped_paths.cache_clear()


def test_two_shipped_files_that_extend_each_other_are_circular(cyclic_shipped: Path) -> None:
    with pytest.raises(InvalidRulesError) as info:
        load_variant(cyclic_shipped / "a.toml")
    assert info.value.problems == (("extends", "circular: a -> b -> a"),)


def test_a_house_file_reaching_a_cycle_is_refused(cyclic_shipped: Path, tmp_path: Path) -> None:
    with pytest.raises(InvalidRulesError) as info:
        load_variant(write(tmp_path, 'name = "house"\nextends = "c"\n'))
    assert info.value.problems == (("extends", "circular: house -> c -> b -> a -> b"),)


def test_a_house_file_named_like_a_link_of_the_cycle_still_sees_it(
    cyclic_shipped: Path, tmp_path: Path
) -> None:
    # the house file's name is a's, but it is not a: the cycle is still b -> a -> b
    with pytest.raises(InvalidRulesError) as info:
        load_variant(write(tmp_path, 'name = "a"\nextends = "b"\n'))
    assert info.value.problems == (("extends", "circular: a -> b -> a -> b"),)


# --- many problems ------------------------------------------------------------------------


def test_twenty_thousand_unknown_keys_list_the_first_hundred_and_a_count(tmp_path: Path) -> None:
    count = 20_000
    lines = [f"junk_{number:05d} = 1" for number in range(count)]
    path = write(tmp_path, 'name = "noisy"\n' + "\n".join(lines) + "\n")
    with pytest.raises(InvalidRulesError) as info:
        load_variant(path)
    error = info.value
    assert MAX_PROBLEMS == 100
    assert error.problems == tuple(
        (f"junk_{number:05d}", "unknown rule field") for number in range(100)
    )
    assert (error.field, error.reason, error.source) == (
        "junk_00000",
        "unknown rule field",
        str(path),
    )
    text = str(error)
    lines_out = text.splitlines()
    assert lines_out[0] == f"{path}: 20000 problems:"
    assert lines_out[1] == "  junk_00000: unknown rule field"
    assert lines_out[100] == "  junk_00099: unknown rule field"
    assert lines_out[101:] == ["  ... and 19900 more"]
    assert len(text) < 10_000


def test_exactly_a_hundred_problems_have_no_more_line(tmp_path: Path) -> None:
    lines = [f"junk_{number:03d} = 1" for number in range(99)]
    # the missing name is the hundredth problem, listed first
    path = write(tmp_path, "\n".join(lines) + "\n")
    with pytest.raises(InvalidRulesError) as info:
        load_variant(path)
    error = info.value
    assert len(error.problems) == 100
    assert error.problems[0] == ("name", "is required")
    assert (error.field, error.source) == ("name", str(path))
    assert [field for field, _ in error.problems[1:]] == [f"junk_{n:03d}" for n in range(99)]
    assert "100 problems" in str(error)
    assert "more" not in str(error)


def test_a_hundred_and_one_problems_keep_the_first_hundred_in_order(tmp_path: Path) -> None:
    lines = [f"junk_{number:03d} = 1" for number in range(100)]
    path = write(tmp_path, 'aliases = "x"\n' + "\n".join(lines) + "\n")
    with pytest.raises(InvalidRulesError) as info:
        load_variant(path)
    error = info.value
    assert [key for key, _ in error.problems[:3]] == ["name", "aliases", "junk_000"]
    assert error.problems[-1] == ("junk_097", "unknown rule field")
    assert str(error).splitlines()[-1] == "  ... and 2 more"
    assert str(error).splitlines()[0] == f"{path}: 102 problems:"


def test_a_good_variant_still_loads(tmp_path: Path) -> None:
    info = load_variant(write(tmp_path, 'name = "fine"\nextends = "bicycle"\n'))
    assert isinstance(info, Variant)
    assert info.rules == variant("bicycle")


# --- what the rulebook says of the queen on the first trick ---------------------------------

WAITS = (
    "The queen of spades may not be played, whether led, followed or discarded, until hearts "
    "are broken"
)
FREE = "The queen of spades may be led or discarded at any time, before hearts are broken too"


def queen_claim(book: str) -> bool:
    """Whether the rulebook's Breaking hearts section lets a seat void in the suit led
    discard Q♠ to the first trick, holding a card worth nothing besides: read from its
    words, not from the rules."""
    text = " ".join(book.split("## Breaking hearts\n", 1)[1].split("\n## ", 1)[0].split())
    if WAITS in text:
        return False  # hearts are not broken on the first trick
    assert FREE in text, text
    sentence = text[text.index(FREE) :].split("\n", 1)[0]
    if sentence.startswith(FREE + ", except on the first trick"):
        return False
    assert sentence.startswith((FREE + ".", FREE + "; as she is not a point card here")), sentence
    return True


def void_with_queen(rules: Rules, only_points: bool = False) -> tuple[GameState, int]:
    """The first trick, its lead played: the next seat is void in clubs and holds Q♠, a
    heart and a diamond worth nothing (only cards worth points, with ``only_points``).
    Returns the state and that seat."""
    number = passing_hand(rules)
    leader = first_leader(rules, number)
    seat = 0 if leader is None else leader
    following = (seat + 1) % rules.players
    clubs = sorted(rules.deck.of_suit(Suit.CLUBS))
    if only_points:
        held = [c for c in rules.deck if rules.card_points(c) > 0 and c.suit is not Suit.CLUBS]
        held = [QUEEN_OF_SPADES] + [c for c in held if c != QUEEN_OF_SPADES]
        held = held[: rules.hand_size]
        assert len(held) == rules.hand_size, "too few point cards for a hand of them"
    else:
        worthless = [c for c in rules.deck.of_suit(Suit.DIAMONDS) if rules.card_points(c) == 0]
        held = [QUEEN_OF_SPADES, max(rules.deck.of_suit(Suit.HEARTS)), worthless[0]]
    hands = fill(rules, {seat: clubs[:2], following: held}, {following: {Suit.CLUBS}})
    state = reach_play(rules, hands, number)
    assert state.to_act == (seat,) and not state.tricks
    state = play(state, min(state.hands[seat].of_suit(Suit.CLUBS)))
    assert state.to_act == (following,) and not state.hearts_broken
    assert QUEEN_OF_SPADES in state.hands[following]
    assert not state.hands[following].of_suit(Suit.CLUBS)
    return state, following


@pytest.mark.parametrize("name", variant_names())
def test_the_rulebook_says_whether_the_queen_may_go_on_the_first_trick(name: str) -> None:
    rules = variant(name)
    state, seat = void_with_queen(rules)
    allowed = is_legal(state, PlayCard(seat, QUEEN_OF_SPADES))
    assert queen_claim(describe_variant(variant_info(name))) is allowed


# Variants that bar points from the first trick, where the queen scores: the engine
# refuses her there, and the rulebook must not say she may be discarded at any time.
BARRED = (
    "standard",
    "classic",
    "bicycle",
    "jeff-goldsmith",
    "gnome-hearts",
    "omnibus",
    "omnibus-bicycle",
    "spot-hearts",
)


@pytest.mark.parametrize("name", BARRED)
def test_the_queen_is_kept_off_the_first_trick_and_the_rulebook_says_so(name: str) -> None:
    rules = variant(name)
    state, seat = void_with_queen(rules)
    assert not is_legal(state, PlayCard(seat, QUEEN_OF_SPADES))
    book = describe_variant(variant_info(name))
    assert queen_claim(book) is False
    assert "except on the first trick" in book


@pytest.mark.parametrize("name", ["standard", "spot-hearts", "omnibus"])
def test_a_seat_holding_only_point_cards_may_play_the_queen_first(name: str) -> None:
    # "unless they hold nothing else": the bar lifts for a seat with only point cards
    state, seat = void_with_queen(variant(name), only_points=True)
    assert is_legal(state, PlayCard(seat, QUEEN_OF_SPADES))
    assert "unless they hold nothing else" in describe_variant(variant_info(name))


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"points_on_first_trick": True},
        {"card_values": {"QS": 0, "JD": 5}},  # she scores nothing: the bar misses her
        {"card_values": {"QS": -5, "JD": 5}},  # a bonus card is no point card either
        {"card_values": {"QS": 13, "JD": -10}},
        {"queen_waits_for_hearts": True},
        {"queen_waits_for_hearts": True, "points_on_first_trick": True},
        {"first_lead": "left-of-dealer"},
        {"first_lead": "any-club", "card_values": {"QS": 0, "KS": 10}},
        {"players": 3},
        {"players": 6},
        {"lowest_rank": 7, "players": 4},
    ],
)
def test_any_ruleset_s_rulebook_agrees_with_the_engine_on_the_queen(
    changes: dict[str, object],
) -> None:
    rules = Rules(**changes)
    state, seat = void_with_queen(rules)
    assert queen_claim(describe(rules)) is is_legal(state, PlayCard(seat, QUEEN_OF_SPADES))


# --- Pins for hearts_core.rules.variants, found by mutation testing (docs/mutation.md) ----

def refused(path: Path) -> InvalidRulesError:
    with pytest.raises(InvalidRulesError) as info:
        load_variant(path)
    return info.value


def test_the_shipped_files_are_read_from_the_package_when_it_carries_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A package laid out as a wheel installs it: hearts_core/_variants beside the module.
    package = tmp_path / "site" / "hearts_core"
    (package / "_variants").mkdir(parents=True)
    monkeypatch.setattr(files_module, "__file__", str(package / "rules" / "files.py"))
    assert variants_module.variants_dir() == package.resolve() / "_variants"
    # A source checkout: no _variants folder, so the repository's variants/ folder.
    checkout = tmp_path / "repo" / "hearts_core"
    checkout.mkdir(parents=True)
    monkeypatch.setattr(files_module, "__file__", str(checkout / "rules" / "files.py"))
    assert variants_module.variants_dir() == (tmp_path / "repo").resolve() / "variants"


def test_a_file_without_a_description_has_an_empty_one(tmp_path: Path) -> None:
    info = load_variant(write(tmp_path, 'name = "plain"\ntarget_score = 50\n'))
    assert info.description == ""
    assert info.name == "plain"


def test_an_unknown_extends_lists_the_shipped_variants(tmp_path: Path) -> None:
    error = refused(write(tmp_path, 'name = "house"\nextends = "nonesuch"\n'))
    assert error.problems == (
        ("extends", f"no shipped variant named 'nonesuch'; known: {', '.join(variant_names())}"),
    )


@pytest.mark.parametrize("parent", ["None", "XXXX"])
def test_a_file_without_a_name_cannot_be_circular(tmp_path: Path, parent: str) -> None:
    # No name: the name is missing, and extends names no shipped variant.
    error = refused(write(tmp_path, f'extends = "{parent}"\n'))
    assert [field for field, _ in error.problems] == ["name", "extends"]
    assert error.problems[0] == ("name", "is required")
    assert error.problems[1][1].startswith(f"no shipped variant named {parent!r}; known: ")


def test_a_file_that_extends_itself_is_circular_with_its_chain(tmp_path: Path) -> None:
    error = refused(write(tmp_path, 'name = "house"\nextends = "house"\n'))
    assert error.problems == (("extends", "circular: house -> house"),)


def test_a_file_that_shares_a_shipped_name_is_not_circular(tmp_path: Path) -> None:
    # classic extends standard (variants/classic.toml): a house file named standard that
    # extends classic reads classic, then the shipped standard, and never itself again.
    info = load_variant(write(tmp_path, 'name = "standard"\nextends = "classic"\n'))
    assert info.name == "standard"
    assert info.rules == variant("classic")


# --- reading the file -----------------------------------------------------------------


@pytest.mark.parametrize("length", [199, 200])
def test_a_path_of_up_to_200_characters_is_named_in_full(length: int) -> None:
    where = "v" * length  # no such file here
    error = refused(Path(where))
    assert error.source == where
    assert error.field == "(file)"
    assert error.reason == f"cannot read: {os.strerror(errno.ENOENT)}"


@pytest.mark.parametrize("length", [201, 300])
def test_a_longer_path_is_cut_to_its_first_200_characters(length: int) -> None:
    where = "w" * length
    error = refused(Path(where))
    assert error.source == "w" * 200 + "..."
    assert error.field == "(file)"
    assert where not in str(error)  # the message shows the cut path, never the whole


def test_a_path_python_cannot_open_is_refused_with_python_s_reason() -> None:
    where = "a\x00b.toml"
    with pytest.raises(ValueError) as python:
        Path(where).open("rb").close()
    expected = str(python.value)  # Python's reason: "embedded null byte"
    error = refused(Path(where))
    assert (error.field, error.reason) == ("(file)", f"cannot read: {expected}")


def test_a_file_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    head = 'name = "big"\n'
    path = tmp_path / "big.toml"
    path.write_text(head + "#" * (MAX_VARIANT_FILE_BYTES - len(head)), encoding="utf-8")
    assert path.stat().st_size == MAX_VARIANT_FILE_BYTES
    assert load_variant(path).name == "big"


def test_a_file_one_byte_over_the_limit_is_refused_with_its_path(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(b"#" * (MAX_VARIANT_FILE_BYTES + 1))
    error = refused(path)
    assert error.field == "(file)"
    assert error.reason == "larger than 1000000 bytes: not a variant file"
    assert error.source == str(path)


def test_reading_stops_one_byte_past_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file far larger than the limit is refused once one byte more than the limit has
    # been read, not read to its end: the only read asks for the limit and one byte.
    path = tmp_path / "huge.toml"
    path.write_bytes(b"#" * (3 * MAX_VARIANT_FILE_BYTES))
    asked: list[int] = []
    real_fdopen = os.fdopen

    class Spy:
        def __init__(self, descriptor: int, mode: str) -> None:
            self.file: IO[bytes] = real_fdopen(descriptor, mode)

        def __enter__(self) -> Spy:
            return self

        def __exit__(self, *exc: object) -> None:
            self.file.close()

        def read(self, size: int = -1) -> bytes:
            asked.append(size)
            return self.file.read(size)

    monkeypatch.setattr(os, "fdopen", Spy)
    error = refused(path)
    assert error.reason == "larger than 1000000 bytes: not a variant file"
    assert asked == [MAX_VARIANT_FILE_BYTES + 1]


@pytest.mark.parametrize(("path", "shown"), [(5, "5"), (None, "None"), (b"house.toml", "a bytes")])
def test_something_not_a_path_is_refused_with_what_it_is(path: object, shown: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        load_variant(path)  # type: ignore[arg-type]
    error = info.value
    assert (error.field, error.reason, error.source) == (
        "(file)",
        f"must be a path, not {shown}",
        None,
    )
    assert [field for field, _ in error.problems] == ["(file)"]


def test_values_nested_too_deeply_are_refused_with_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "a = " + "[" * 100_000 + "]" * 100_000)
    error = refused(path)
    assert (error.field, error.reason, error.source) == (
        "(file)",
        "values nested too deeply",
        str(path),
    )


def test_an_integer_python_will_not_convert_is_refused_with_python_s_reason(
    tmp_path: Path,
) -> None:
    text = "players = " + "9" * 5000
    with pytest.raises(ValueError) as python:
        tomllib.loads(text)
    path = write(tmp_path, text)
    error = refused(path)
    assert (error.field, error.reason, error.source) == (
        "(file)",
        f"not readable: {python.value}",
        str(path),
    )


# --- shipped variants by name ---------------------------------------------------------


@pytest.mark.parametrize(("name", "shown"), [(5, "5"), (None, "None"), (["standard"], "a list")])
def test_a_name_that_is_not_a_string_is_refused_with_what_it_is(name: object, shown: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        variant_info(name)  # type: ignore[arg-type]
    error = info.value
    assert (error.field, error.reason, error.source) == (
        "name",
        f"must be a variant name, not {shown}",
        None,
    )
    with pytest.raises(InvalidRulesError) as again:
        variant(name)  # type: ignore[arg-type]
    assert again.value.reason == error.reason


def test_an_unknown_name_is_refused_with_every_shipped_name() -> None:
    with pytest.raises(InvalidRulesError) as info:
        variant_info(" Nonesuch ")
    error = info.value
    assert error.field == "name"
    assert error.reason == f"no variant named ' Nonesuch '; known: {', '.join(variant_names())}"
