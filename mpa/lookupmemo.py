"""The structured look-ups' answers (and the tests that route them), kept per engine: ``get_benchmark`` and
``get_audience_sizing`` asked again.

Why: every conversation gets a new tool executor, but they share the engine, and the same look-ups come back
conversation after conversation (kb/'s seen scenarios: 798 benchmark calls, 316 distinct) — each resolving the
vertical by labels, retrieval and meaning anew (a few ms). A look-up's answer depends on its arguments, on the
engine's reading of the KB (:func:`mpa.lookups.tables`, made again when the chunk list changes) and on the meaning
similarity plugged into :mod:`mpa.resolve` (:func:`~mpa.resolve.meaning_key`: the function and its switch) — the
key holds all three, the engine weakly (a dropped engine drops its answers). Each caller gets a deep copy: the
results are dataclasses a caller may change. Bounded: an engine's answers are emptied at :data:`LIMIT`. (A test that
replaces a part of a look-up — a stand-in for meaning, a failing parser — starts from an empty memo: ``_KEPT``.)
"""
from __future__ import annotations

import copy
import weakref
from typing import Any, Callable

from mpa import resolve
from mpa.lookups import tables

LIMIT = 2048
_NONE = object()  # not asked before (an answer may itself be None or False)
_KEPT: "weakref.WeakKeyDictionary[Any, tuple[Any, dict[tuple, Any]]]" = weakref.WeakKeyDictionary()


def kept(find: Callable[..., Any], engine: Any, *args: str | None) -> Any:
    """``find(engine, *args)``, from the engine's memo when asked before (module doc); arguments other than
    strings and None are not kept (a key must be their value)."""
    if not all(a is None or type(a) is str for a in args):
        return find(engine, *args)
    t = tables(engine)
    hit = _KEPT.get(engine)
    if hit is None or hit[0] is not t:
        hit = _KEPT[engine] = (t, {})
    memo, key = hit[1], (find, args, resolve.meaning_key())
    found = memo.get(key, _NONE)
    if found is _NONE:
        found = find(engine, *args)
        if len(memo) >= LIMIT:
            memo.clear()
        memo[key] = found
    return copy.deepcopy(found)
