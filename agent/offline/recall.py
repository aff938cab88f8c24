"""The conversation's slots (:func:`agent.offline.memory.remember`), folded once per turn.

Why: the policy reads the slots on every model call of a turn (deciding the tools, then answering),
and every turn reads all the turns before it — a conversation of n turns folded its history about 3n²/2
times, re-reading each earlier turn's message and tool results. Here the slots after each history
prefix are kept, so a call folds only the turns it has not met. The key is everything the fold reads:
each turn's text and its tool outcomes (name, input, result text, error flag, passages, fields), and
the names the KB declares (:func:`agent.offline.kblabels.declared`: the parser reads messages with them).
What is kept is never handed out: each call gets a copy (its own lists, dicts, sets and calculation),
which the turn then fills. At most :data:`KEPT` prefixes are kept (the lot is dropped when full).
"""
from __future__ import annotations

import dataclasses
import operator

from agent.offline import kblabels
from agent.offline.memory import Memory, remember as _fold
from agent.offline.shallow import copied, with_containers
from agent.offline.toolread import ToolOutcome

KEPT = 512
_KEPT: dict[tuple, Memory] = {}
_FIELDS = [f.name for f in dataclasses.fields(Memory)]


def remember(history: list[tuple[str, list[ToolOutcome]]]) -> Memory:
    """The slots after ``history`` (as :func:`agent.offline.memory.remember`), a fresh copy."""
    return remember_keyed(history)[0]


def remember_keyed(history: list[tuple[str, list[ToolOutcome]]]) -> tuple[Memory, tuple]:
    """(:func:`remember` of ``history``, the key its slots are kept under: everything the fold read, hashable) — for
    a caller that keeps what it reads with the slots (:mod:`~agent.offline.turnread`)."""
    mem, own, key = _slots(history)
    return (mem if own else copy_slots(mem)), key


def read(history: list[tuple[str, list[ToolOutcome]]]) -> Memory:
    """The slots after ``history`` for a caller that only reads them (one slot, "was the last turn a calculation?"):
    the kept slots themselves, not copied — never to be changed. Half the readings of a turn are such reads."""
    return _slots(history)[0]


def _slots(history: list[tuple[str, list[ToolOutcome]]]) -> tuple[Memory, bool, tuple]:
    """(the slots after ``history``, whether they are a fresh object no one else holds, their key)."""
    state = kblabels.declared()
    keys = [(text, tuple([outcome_key(o) for o in outcomes])) for text, outcomes in history]
    k, kept = len(keys), None
    while k and (kept := _KEPT.get((state, *keys[:k]))) is None:  # the longest prefix folded before
        k -= 1
    if kept is not None and k == len(keys):
        return kept, False, (state, *keys)
    mem = copy_slots(kept) if kept is not None else Memory()
    for i in range(k, len(keys)):
        _fold([history[i]], mem)
        if len(_KEPT) >= KEPT:
            _KEPT.clear()
        _KEPT[(state, *keys[:i + 1])] = copy_slots(mem)
    return mem, True, (state, *keys)


def outcome_key(o: ToolOutcome) -> tuple:
    """Everything a reading of the conversation reads of a tool outcome, hashable (the keys here and in
    :mod:`~agent.offline.restating`)."""
    try:
        passages = tuple(map(_PASSAGE, o.passages))  # each passage's id, source and text (a tool's passages hold all three)
    except KeyError:  # a passage made without one of them: None for what it lacks
        passages = tuple([(p.get("id"), p.get("source"), p.get("text")) for p in o.passages])
    return o.name, repr(o.input), o.content, o.is_error, passages, tuple(o.fields.items())


_PASSAGE = operator.itemgetter("id", "source", "text")


def copy_slots(mem: Memory) -> Memory:
    """A copy of the slots ``mem`` that no change to them reaches (each list, dict and set, and the calculation,
    copied): what every caller of :func:`remember` is handed."""
    out = with_containers(mem, _FIELDS)
    out.calc = copied(mem.calc)
    return out
