"""Regular expressions made at run time from words (a KB's names, a user's terms), compiled once per process.

Why: the agent and the look-ups build patterns from words ("``\\b`` + the place's name + ``\\b``") in their hot
paths. ``re``'s own cache holds 512 patterns and drops the oldest when full; a run of the seen conversation sets
builds about a thousand distinct ones, so they pushed each other and the code's fixed patterns out of it and
were compiled again and again (~2,500 compilations, ~10 % of the offline agent's CPU). :func:`compiled` keeps
them in a cache of its own. A fixed pattern belongs in a module constant (``re.compile`` at import), not here.
"""
from __future__ import annotations

import re
from functools import lru_cache

try:  # what ``re.compile`` runs when its own cache misses (Python 3.11+), without storing the result there
    from re import _compiler as _sre
except ImportError:  # pragma: no cover - older Pythons
    import sre_compile as _sre

# How many patterns the cache keeps: the whole test session makes a few thousand distinct ones; each is a few KB.
KEPT = 8192


@lru_cache(maxsize=KEPT)
def compiled(pattern: str, flags: int = 0) -> re.Pattern:
    """``re.compile(pattern, flags)``, made once per (pattern, flags) — both the whole key, and a compiled
    pattern is immutable, so a kept one can never differ from a new compilation. Compiled past ``re``'s own cache:
    that cache drops its *oldest* entry when full (first in, first out, however often an entry is used), so each
    pattern kept here pushed one of the code's fixed patterns (``re.search(r"…", text)`` in a hot path) out of it, to
    be compiled again at its next use — ~2.5 % of the offline agent's CPU."""
    if not isinstance(pattern, str):
        return re.compile(pattern, flags)
    return _sre.compile(pattern, int(flags))


def said_whole(term: str, low: str) -> re.Match | None:
    """Where the lower-case text ``low`` first says ``term`` whole — not inside a longer run of ``[a-z0-9]`` — else
    None: ``re.search(r"(?<![a-z0-9])" + re.escape(term) + r"(?![a-z0-9])", low)``, searched only when ``low`` holds
    ``term`` at all (every match is ``term`` as written, so a text without it has none: most terms asked are not
    there), with the pattern compiled once (:func:`compiled`)."""
    return compiled(rf"(?<![a-z0-9]){re.escape(term)}(?![a-z0-9])").search(low) if term in low else None
