"""The last few results of a pure function, by key, that a caller may also hand in.

``functools.lru_cache`` remembers only what it computed; a scan made in another process
(:mod:`engine.extractive.logs.ahead`) must be put where the next lookup finds it. Safe to
share between threads (the workbench makes offline answers in a thread of its own while
its event loop builds prompts)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")


class Recent(Generic[K, V]):
    """At most ``size`` entries, the least recently used dropped first."""

    __slots__ = ("_items", "_lock", "_size")

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: dict[K, V] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.pop(key, None)
            if value is not None:
                self._items[key] = value
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items.pop(key, None)
            self._items[key] = value
            while len(self._items) > self._size:
                self._items.pop(next(iter(self._items)))

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


class ByObject(Generic[T, V]):
    """The last few results of a pure function of an object never changed once made, by the
    object itself: keyed by its identity, and holding it, so that the identity of one
    collected is never taken for another's."""

    __slots__ = ("_recent",)

    def __init__(self, size: int) -> None:
        self._recent: Recent[int, tuple[T, V]] = Recent(size)

    def get(self, obj: T, make: Callable[[T], V]) -> V:
        hit = self._recent.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        value = make(obj)
        self._recent.put(id(obj), (obj, value))
        return value

    def clear(self) -> None:
        self._recent.clear()
