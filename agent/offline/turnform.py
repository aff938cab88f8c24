"""The searches of a turn (:func:`agent.offline.searchq.form`), formed once per turn and kept.

Why: one turn forms its searches three or four times with the same message and the same previous turn — when the
policy plans the tools, when it answers, when the first reader that may replace the answer reads the section asked
for (:mod:`~agent.offline.rereading`), when a retry is weighed (:mod:`~agent.offline.retrying`) — and forming them
reads the KB's explanations and everyday glosses each time. The key is all the forming reads: the message; the
previous turn's message and answer and, of its tool outcomes, each one's name and its passages' id, source and text
(:func:`~agent.offline.searchq.topic_of` reads nothing else of them); and the state every reading of a message
depends on besides its text (:func:`agent.offline.readingstate.key`: the KB's declared names, the served folder,
the meaning similarity's switch), as for :func:`agent.offline.parse.parse`. The key is a snapshot (strings and tuples), so an outcome
changed after a call cannot match a result formed before the change. Each caller gets its own copy of the query
list. At most :data:`KEPT` turns are kept (the lot is dropped when full).
"""
from __future__ import annotations

import dataclasses
import functools
from typing import Callable

from agent.offline import readingstate

KEPT = 1024


def kept(form: Callable) -> Callable:
    """``form`` (text, previous=None) → a TurnQuery, memoised on the key the module doc gives."""
    made: dict[tuple, object] = {}

    @functools.wraps(form)
    def cached(text: str, previous: tuple | None = None):
        key = (text, _turn(previous), readingstate.key())
        q = made.get(key)
        if q is None:
            q = form(text, previous)
            if len(made) >= KEPT:
                made.clear()
            made[key] = q
        return dataclasses.replace(q, queries=list(q.queries))
    cached.cache_clear = made.clear
    return cached


def _turn(previous: tuple | None) -> tuple | None:
    if not previous:  # None or empty: the forming reads no previous turn
        return None
    text, answer, outcomes = previous
    return text, answer, tuple((o.name, tuple((p.get("id"), p.get("source"), p.get("text")) for p in o.passages))
                               for o in outcomes)
