"""A small TTL + LRU cache for search results, with hit statistics.

Keys are (query, filters, top_k, method, mode, config hash): a config change can never serve
a stale answer. Entries expire after ``ttl`` seconds so a long-lived process picks up an
index that was rebuilt underneath it within that window.
"""
from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any, Callable, Hashable


class TTLCache:
    def __init__(self, ttl: float = 300.0, maxsize: int = 512, clock: Callable[[], float] = time.monotonic):
        self.ttl, self.maxsize, self.clock = ttl, maxsize, clock
        self._data: OrderedDict[Hashable, tuple[float, Any]] = OrderedDict()
        self.hits = self.misses = self.expired = self.evicted = 0

    def get(self, key: Hashable) -> Any | None:
        item = self._data.get(key)
        if item is None:
            self.misses += 1
            return None
        stamp, value = item
        if self.clock() - stamp > self.ttl:
            del self._data[key]
            self.expired += 1
            self.misses += 1
            return None
        self._data.move_to_end(key)
        self.hits += 1
        return value

    def put(self, key: Hashable, value: Any) -> None:
        if self.maxsize <= 0 or self.ttl <= 0:
            return
        self._data[key] = (self.clock(), value)
        self._data.move_to_end(key)
        while len(self._data) > self.maxsize:
            self._data.popitem(last=False)
            self.evicted += 1

    def clear(self) -> None:
        self._data.clear()

    def stats(self) -> dict[str, float]:
        total = self.hits + self.misses
        return {"hits": self.hits, "misses": self.misses, "expired": self.expired, "evicted": self.evicted,
                "size": len(self._data), "hit_rate": self.hits / total if total else 0.0}
