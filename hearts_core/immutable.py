"""Frozen values that stay frozen: no second ``__init__`` on an object already built.

An attrs frozen class refuses attribute assignment, but its ``__init__`` sets
the fields itself, so calling it again on a built object would rewrite it in
place. Shared values (the interned plays :func:`~hearts_core.legal_actions`
hands out, the default rules, the variant catalogue) must not change under
every game that holds them. :func:`stay_frozen` makes a class refuse that.

>>> from hearts_core import PlayCard
>>> play = PlayCard(0, "2C")
>>> play.__init__(3, "AS")
Traceback (most recent call last):
...
attr.exceptions.FrozenInstanceError: PlayCard is immutable: it is built once
>>> str(play)
'play 0 2C'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["stay_frozen"]

_C = TypeVar("_C", bound=type)


def stay_frozen(cls: _C) -> _C:
    """Make the attrs class ``cls`` refuse ``__init__`` on an instance already built.

    >>> @stay_frozen
    ... @attrs.frozen
    ... class Point:
    ...     x: int
    >>> point = Point(1)
    >>> point.__init__(2)
    Traceback (most recent call last):
    ...
    attr.exceptions.FrozenInstanceError: Point is immutable: it is built once
    """
    first = attrs.fields(cls)[0].name
    read: Callable[..., Any] = getattr(cls, first).__get__
    build: Callable[..., None] = getattr(cls, "__init__")  # noqa: B009 - see below

    @functools.wraps(build)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        try:
            read(self, cls)
        except AttributeError:  # a new object: its first field is not set yet
            built = False
        else:
            built = True
        if not built:  # outside the except block, so build's errors carry no context
            build(self, *args, **kwargs)
            return
        error = attrs.exceptions.FrozenInstanceError()
        error.args = (f"{cls.__name__} is immutable: it is built once",)
        raise error

    setattr(cls, "__init__", __init__)  # noqa: B010 - mypy refuses assigning a method
    return cls
