"""Hatchling build hook: ship the variants, and compile the hand kernel where a compiler exists.

**Variants.** A standard wheel gets each ``variants/NAME.toml`` as
``hearts_core/_variants/NAME.toml``, where ``hearts_core.rules.variants.variants_dir()`` looks
first. Editable wheels get nothing extra: hatchling copies force-included files into
editable wheels too, which would leave a stale ``hearts_core/_variants`` folder in
site-packages. An editable install reads ``<repo>/variants`` directly instead.

**The kernel.** ``hearts_core/_kernel.py``, ``_scored.py``, ``_thumb.py``, ``_deal.py``,
``_slots.py``, ``_listing.py``, ``_transition.py``, ``_batch.py`` and ``_search.py`` are
plain Python; with their C declarations (``_kernel.pxd`` and the rest, and the C helpers
of ``_objects.pxd`` that any of them may cimport) Cython compiles each to an extension,
``hearts_core._kernel_c`` and the rest. A standard wheel carries the
extensions (and is then tagged for this Python and platform); an editable install builds
them in place, beside the source. Each copy compiled carries a digest of its source, so
``hearts_core.kernel`` notices a compiled build older than its source and runs the pure
one instead. ``HEARTS_CORE_PURE=1`` at build time, or no working compiler, gives a
pure wheel (``py3-none-any``).

``python hatch_build.py`` compiles the kernel in place (what ``make`` does when the source
changes).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# In the order they are compiled: a module may take the declarations of one before it.
KERNEL_MODULES = (
    "_kernel", "_scored", "_thumb", "_deal", "_slots", "_listing", "_transition", "_batch",
    "_search",
)
# C helpers every module may cimport, compiled into none of its own: part of each digest.
SHARED_DECLARATIONS = "_objects.pxd"
DIRECTIVES = {
    "language_level": 3,
    # The C types come from _kernel.pxd alone: the annotations are for Python readers.
    "annotation_typing": False,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
    "warn.unreachable": False,  # the pure branches under `if cython.compiled`
}


def kernel_digest(package: Path, module: str) -> str:
    """The digest of a kernel module's source and declarations, as ``hearts_core.kernel``
    reads it."""
    digest = hashlib.sha256()
    for name in (f"{module}.py", f"{module}.pxd", SHARED_DECLARATIONS):
        digest.update((package / name).read_bytes())
    return digest.hexdigest()[:16]


def compile_kernel(package: Path, target: Path) -> list[Path]:
    """Compile the kernel modules of ``package`` (the ``hearts_core`` folder) into the
    folder ``target``, each ``<module>.py`` as ``hearts_core.<module>_c``, from copies in
    one folder (a module's declarations may take another's); the extensions built."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    with tempfile.TemporaryDirectory() as work:
        copy = Path(work) / "hearts_core"
        copy.mkdir()
        (copy / "__init__.py").write_text("")
        shutil.copy(package / SHARED_DECLARATIONS, copy / SHARED_DECLARATIONS)
        extensions = []
        for module in KERNEL_MODULES:
            source = (package / f"{module}.py").read_text()
            marker = 'SOURCE = ""'
            if marker not in source:
                raise RuntimeError(f"{marker} is missing from {module}.py")
            source = source.replace(marker, f'SOURCE = "{kernel_digest(package, module)}"', 1)
            name = f"{module}_c"
            (copy / f"{name}.py").write_text(source)
            shutil.copy(package / f"{module}.pxd", copy / f"{name}.pxd")
            extensions.append(Extension(f"hearts_core.{name}", [str(copy / f"{name}.py")]))
        modules = cythonize(
            extensions, compiler_directives=DIRECTIVES, quiet=True, build_dir=work,
            include_path=[work],
        )  # fmt: skip
        command = build_ext(Distribution({"ext_modules": modules}))
        command.build_lib = str(Path(work) / "lib")
        command.build_temp = str(Path(work) / "temp")
        command.ensure_finalized()
        command.run()
        target.mkdir(parents=True, exist_ok=True)
        results = []
        for module in KERNEL_MODULES:
            built = Path(command.get_ext_fullpath(f"hearts_core.{module}_c"))
            results.append(target / built.name)
            shutil.copy(built, results[-1])
        return results


def compiled_files(package: Path) -> list[Path]:
    """The compiled kernel modules found in ``package``."""
    return [path for module in KERNEL_MODULES for path in package.glob(f"{module}_c.*")]


def wants_pure() -> bool:
    """Whether ``HEARTS_CORE_PURE`` asks for the pure build (any value but empty or 0)."""
    return os.environ.get("HEARTS_CORE_PURE", "") not in ("", "0")


class VariantsHook(BuildHookInterface):  # type: ignore[type-arg]
    """Add the variant files to standard wheels, and the compiled kernel to every wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        package = root / "hearts_core"
        if version == "standard":
            variants = root / "variants"
            files = sorted(variants.glob("*.toml"))
            if not files:
                raise RuntimeError(f"no variant files found in {variants}")
            for path in files:
                build_data["force_include"][str(path)] = f"hearts_core/_variants/{path.name}"
        if version == "editable":
            for stale in compiled_files(package):
                stale.unlink()  # never keep a kernel compiled from other source
        if wants_pure():
            return
        try:
            if version == "editable":
                compile_kernel(package, package)  # in place: the source tree is imported
                return
            built = compile_kernel(package, Path(self.directory) / "kernel")
        except Exception as error:  # no compiler, no headers: the pure build still works
            print(f"hearts_core: kernel not compiled ({error}); pure build", file=sys.stderr)
            return
        for path in built:
            build_data["force_include"][str(path)] = f"hearts_core/{path.name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True


if __name__ == "__main__":
    here = Path(__file__).resolve().parent / "hearts_core"
    for old in compiled_files(here):
        old.unlink()
    for path in compile_kernel(here, here):
        print(path)
