"""Metadata filters over columnar arrays: one column per metadata field, built on first use.

A column holds, per chunk, the codes of the field's values (a CSR-like ``ptr``/``codes`` pair
over the field's sorted distinct values) and whether the field is truthy — so a filter is a few
numpy operations over arrays, not a Python set per chunk, and fields nobody filters on cost
nothing. Filters are validated before anything runs: an unknown key names the valid keys, a
value of the wrong type names what the field takes; a value that simply occurs in no chunk is
not an error (another knowledge base may have it), and the empty result's reason names the
values the field does hold.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

_SCALAR = (str, int, float)


class Column:
    def __init__(self, values_per_chunk: Sequence[Any]):
        lists = []
        self.truthy = np.zeros(len(values_per_chunk), dtype=bool)
        kinds = set()
        for i, v in enumerate(values_per_chunk):
            self.truthy[i] = bool(v)
            vals = v if isinstance(v, (list, tuple, set, frozenset)) else ([] if v is None else [v])
            kinds.update(type(x) for x in vals)
            lists.append([str(x) for x in vals])
        self.is_bool = kinds == {bool}
        self.values = sorted({x for vals in lists for x in vals})
        code = {x: i for i, x in enumerate(self.values)}
        self.ptr = np.zeros(len(lists) + 1, dtype=np.int64)
        self.ptr[1:] = np.cumsum([len(vals) for vals in lists])
        self.codes = np.fromiter((code[x] for vals in lists for x in vals), dtype=np.int64, count=int(self.ptr[-1]))
        self.row_of = np.repeat(np.arange(len(lists)), np.diff(self.ptr))

    def any_of(self, wanted: set[str]) -> np.ndarray:
        """Chunks whose field holds any of ``wanted``."""
        codes = [i for i, x in enumerate(self.values) if x in wanted]
        out = np.zeros(len(self.truthy), dtype=bool)
        if codes:
            out[self.row_of[np.isin(self.codes, codes)]] = True
        return out


class Filters:
    """Filter keys, validation and masks for one engine's chunks."""

    def __init__(self, chunks: Sequence, aliases: dict[str, str]):
        self.chunks = chunks
        self.aliases = dict(aliases)
        self._columns: dict[str, Column] = {}
        self._keys: list[str] | None = None
        self._masks: dict[Any, np.ndarray] = {}

    def keys(self) -> list[str]:
        """The domain's named filters and every metadata field of a chunk."""
        if self._keys is None:
            fields = {k for c in self.chunks for k in c.metadata}
            self._keys = sorted(set(self.aliases) | fields)
        return self._keys

    def column(self, key: str) -> Column:
        field = self.aliases.get(key, key)
        col = self._columns.get(field)
        if col is None:
            col = self._columns[field] = Column([c.metadata.get(field) for c in self.chunks])
        return col

    def validate(self, filters: dict) -> None:
        if not isinstance(filters, dict):
            raise ValueError(f"filters must be an object of key → value, got {type(filters).__name__}")
        valid = self.keys()
        unknown = set(filters) - set(valid)
        if unknown:
            raise ValueError(f"unknown filter key(s) {sorted(map(str, unknown))}; valid keys: {valid}")
        for k, v in filters.items():
            col = self.column(k)
            if col.is_bool and not isinstance(v, bool):
                raise ValueError(f"filter {k!r} takes true or false, got {v!r}")
            if isinstance(v, bool):
                continue
            items = list(v) if isinstance(v, (list, tuple, set, frozenset)) else [v]
            if not all(isinstance(x, _SCALAR) and not isinstance(x, bool) for x in items):
                raise ValueError(f"filter {k!r} takes a value or a list of values (strings or numbers), "
                                 f"or true/false; got {v!r}")

    def mask(self, filters: dict | None) -> np.ndarray | None:
        """A list-valued filter keeps chunks whose field holds *any* listed value; ``True``
        keeps chunks whose field is truthy, ``False`` those whose field is falsy; keys AND."""
        if not filters:
            return None
        self.validate(filters)
        key = tuple(sorted((k, tuple(sorted(map(str, v))) if isinstance(v, (list, tuple, set, frozenset)) else v)
                           for k, v in filters.items()))
        hit = self._masks.get(key)
        if hit is not None:
            return hit
        mask = np.ones(len(self.chunks), dtype=bool)
        for k, v in filters.items():
            col = self.column(k)
            if isinstance(v, bool):
                mask &= col.truthy if v else ~col.truthy
            else:
                mask &= col.any_of({str(x) for x in (v if isinstance(v, (list, tuple, set, frozenset)) else [v])})
        if len(self._masks) > 256:
            self._masks.clear()
        self._masks[key] = mask
        return mask

    def empty_reason(self, filters: dict) -> str:
        """Why nothing passed: the values each (non-boolean) filtered field does hold."""
        parts = []
        for k, v in filters.items():
            col = self.column(k)
            if not isinstance(v, bool):
                shown = ", ".join(col.values[:20]) + (", …" if len(col.values) > 20 else "")
                parts.append(f"{k} holds: {shown or 'no values'}")
        return "no chunk passes the filters" + (f" ({'; '.join(parts)})" if parts else "")
