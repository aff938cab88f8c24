"""The KB's structured tables, read as data for the scorers (``mpa.tables`` — never the engine).

The KB directory is ``$MPA_KB_DIR`` or ``kb/`` at the repository root.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from mpa.tables import AudienceRow, BenchmarkRow, audience_rows, benchmark_rows, read_kb_texts
from mpa.vocabulary import VOCABULARY, find_first, match_terms, term_pattern

ROOT = Path(__file__).resolve().parents[1]


def kb_dir() -> Path:
    return Path(os.environ.get("MPA_KB_DIR") or ROOT / "kb")


@lru_cache(maxsize=4)
def _texts(path: str) -> tuple:
    p = Path(path)
    return tuple(read_kb_texts(p)) if p.is_dir() else ()


@lru_cache(maxsize=4)
def _bench(path: str) -> dict[tuple[str, str], BenchmarkRow]:
    from dataclasses import replace

    from scorers.text import parse_value_range

    out = {}
    for r in benchmark_rows(_texts(path)):
        # re-parse the cells: mpa.tables.parse_number reads "0.8x" as 0.0 and "2.5x" as 2.0
        typ, lo, hi = parse_value_range(r.typical), parse_value_range(r.low), parse_value_range(r.high)
        out[(r.vertical, r.metric)] = replace(
            r, typical_low=typ[0] if typ else None, typical_high=typ[1] if typ else None,
            low_value=lo[0] if lo else None, high_value=hi[1] if hi else None,
            unit=(typ[2] if typ else r.unit) or r.unit)
    return out


@lru_cache(maxsize=4)
def _aud(path: str) -> tuple[AudienceRow, ...]:
    return tuple(audience_rows(_texts(path)))


def benchmark_table() -> dict[tuple[str, str], BenchmarkRow]:
    return _bench(str(kb_dir()))


def audience_table() -> tuple[AudienceRow, ...]:
    return _aud(str(kb_dir()))


def verticals_in(text: str) -> list[str]:
    return match_terms(text or "", VOCABULARY["verticals"])


def metrics_in(text: str) -> list[str]:
    return match_terms(text or "", VOCABULARY["metrics"])


def first_vertical(text: str) -> str | None:
    return find_first(text or "", VOCABULARY["verticals"])


def first_metric(text: str) -> str | None:
    return find_first(text or "", VOCABULARY["metrics"])


def nearest_before(text: str, pos: int, table: str) -> str | None:
    """The vocabulary key whose synonym ends closest before ``pos`` (else the first after it)."""
    low = (text or "").lower()
    best_before, best_after = None, None
    for key, syns in VOCABULARY[table].items():
        for m in term_pattern(tuple(syns)).finditer(low):
            span = m.end() - m.start()
            if m.end() <= pos:  # closest end wins; at the same end the longer synonym ("ltv:cac" over "cac")
                if best_before is None or (m.end(), span) > best_before[:2]:
                    best_before = (m.end(), span, key)
            elif best_after is None or (m.start(), -span) < best_after[:2]:
                best_after = (m.start(), -span, key)
    if best_before:
        return best_before[2]
    return best_after[2] if best_after else None
