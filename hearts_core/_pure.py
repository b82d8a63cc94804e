"""What the kernel's source reads of Cython when Cython is not installed: only whether it is
compiled, which it is not. For type checkers, it also stands in for the C helpers of
``_objects.pxd``, which only the compiled build calls.

>>> compiled
False
"""

from typing import Any

compiled = False
"""Whether the module asking is compiled (never, where this module stands in for Cython)."""


def slot_offset(descriptor: object) -> int:
    """Where a slot's value lies in its objects, or -1.

    >>> slot_offset(None)
    Traceback (most recent call last):
    NotImplementedError: only the compiled build calls this
    """
    raise NotImplementedError("only the compiled build calls this")


def allocate(cls: object) -> Any:
    """A new object of ``cls``, every slot empty.

    >>> allocate(object)
    Traceback (most recent call last):
    NotImplementedError: only the compiled build calls this
    """
    raise NotImplementedError("only the compiled build calls this")


def put(target: object, offset: int, value: object) -> None:
    """Store ``value`` in the empty slot at ``offset``.

    >>> put(None, 0, None)
    Traceback (most recent call last):
    NotImplementedError: only the compiled build calls this
    """
    raise NotImplementedError("only the compiled build calls this")


def pick(items: tuple[Any, ...], base: int, mask: int) -> tuple[Any, ...]:
    """The items at ``base + i`` for each bit ``i`` of ``mask``, in order.

    >>> pick((), 0, 0)
    Traceback (most recent call last):
    NotImplementedError: only the compiled build calls this
    """
    raise NotImplementedError("only the compiled build calls this")


def pair(cls: object, first: object, second: object) -> Any:
    """A new object of ``cls`` (a subclass of tuple) holding ``first`` and ``second``.

    >>> pair(tuple, 1, 2)
    Traceback (most recent call last):
    NotImplementedError: only the compiled build calls this
    """
    raise NotImplementedError("only the compiled build calls this")
