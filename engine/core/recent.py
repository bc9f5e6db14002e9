"""The last few results of a pure function, by key, that a caller may also hand in.

``functools.lru_cache`` remembers only what it computed; a scan made in another process
(:mod:`engine.extractive.logs.ahead`) must be put where the next lookup finds it."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``size`` entries, the least recently used dropped first."""

    __slots__ = ("_items", "_size")

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        value = self._items.pop(key, None)
        if value is not None:
            self._items[key] = value
        return value

    def put(self, key: K, value: V) -> None:
        self._items.pop(key, None)
        self._items[key] = value
        while len(self._items) > self._size:
            self._items.pop(next(iter(self._items)))

    def clear(self) -> None:
        self._items.clear()
