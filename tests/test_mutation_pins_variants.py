"""Pins for hearts_core.rules.variants, found by mutation testing (docs/mutation.md).

What is pinned, from the module's docstring and the house-rules page
(``docs/house-rules.md``, "The file, key by key"):

* the shipped files are read from ``hearts_core/_variants`` when the package carries
  them (a wheel), else from the repository's ``variants/`` folder;
* ``description`` is optional, and a file without one has an empty description;
* an ``extends`` that names no shipped variant is refused with the list of the shipped
  names, and a file without a name cannot be circular: its chain holds no name for
  ``extends`` to come back to;
* a path of up to 200 characters is named in full in an error, a longer one cut to
  its first 200 and "..."; the reason of an unreadable path is the system's (or
  Python's) own;
* a file of exactly ``MAX_VARIANT_FILE_BYTES`` is read, one byte more is refused (with
  its field, reason and path), and reading stops there: no more than one byte past the
  limit is asked for; something not a path, values nested too deeply for the TOML reader and an
  integer too long for Python to convert are refused as the file's problem (field
  ``(file)``), each with its reason and the path;
* ``variant_info`` refuses a name that is not a string, and an unknown name with the
  list of every shipped name;
* a chain that comes back to a file already in it is refused as circular, the message
  giving the chain; a file that extends its own name, when no shipped variant has it, is
  circular too; a house file that only shares a shipped variant's name is not.
"""

from __future__ import annotations

import errno
import os
import tomllib
from pathlib import Path
from typing import IO

import pytest

from hearts_core import InvalidRulesError, load_variant, variant, variant_names
from hearts_core.rules import files as files_module
from hearts_core.rules import variant_info
from hearts_core.rules import variants as variants_module
from hearts_core.rules.files import MAX_VARIANT_FILE_BYTES


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


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
    assert str(error).startswith("w" * 200 + "...: (file): cannot read: ")


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
    assert str(error) == f"(file): must be a path, not {shown}"


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
