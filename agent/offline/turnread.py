"""The message read with the conversation's slots once per turn, not once per model call.

Why: a turn's first model call plans its tools (``OfflineAgent.plan``) and the next one answers from their results
(``OfflineAgent.answer``); both began the same way — the slots folded from the history (:mod:`~agent.offline.recall`),
the message read with them (``policy._understood``: :mod:`~agent.offline.messagereads`, which also sets slots — the
normal prices set aside, the calculation carried), then "our" after a comparison (:mod:`~agent.offline.ownbiz`). The
same message, history, previous turn and reading state give the same parse and slots, so the agent keeps the last
reading (one per agent) under all of that: the message; the history as the slots are kept under it
(:func:`~agent.offline.recall.remember_keyed`); the previous turn's text, answer and outcomes
(:func:`~agent.offline.recall.outcome_key`); and :func:`~agent.offline.readingstate.key`. It hands out copies both
ways (each call fills its own): lists, dicts and sets copied, each number and the calculation copied — and a
calculation the parse shares with the slots shared again, as the rules test ``p.calc is mem.calc``.
"""
from __future__ import annotations

from typing import Any, Callable

from agent.offline import ownbiz, readingstate
from agent.offline.memory import Memory
from agent.offline.parse import Parsed
from agent.offline.recall import copy_slots, outcome_key, remember_keyed
from agent.offline.shallow import copied, with_containers


def read(agent: Any, text: str, history: list, previous: tuple | None,
         understood: Callable[[str, Memory, tuple | None], Parsed]) -> tuple[Parsed, Memory]:
    """(the parse of ``text`` as the turn reads it, the slots after it): ``understood(text, slots, previous)`` with the
    slots after ``history`` ((text, outcomes) pairs), then :func:`~agent.offline.ownbiz.owned` — read once per turn
    (module doc); ``agent`` keeps the last reading."""
    mem, slots_key = remember_keyed(history)
    key = (text, slots_key, _previous_key(previous), readingstate.key())
    kept = getattr(agent, "_turn_read", None)
    if kept is not None and kept[0] == key:
        return _copies(kept[1], kept[2])
    p = ownbiz.owned(understood(text, mem, previous), mem, [h[0] for h in history])
    agent._turn_read = (key, *_copies(p, mem))
    return p, mem


def _previous_key(previous: tuple | None) -> tuple | None:
    """The previous turn as compared: its text and answer, each of its outcomes by :func:`outcome_key`."""
    if previous is None:
        return None
    return tuple(tuple(map(outcome_key, x)) if isinstance(x, list) else x for x in previous)


def _copies(p: Parsed, mem: Memory) -> tuple[Parsed, Memory]:
    """A copy of the parse and of the slots that no later change to either reaches (module doc)."""
    out = with_containers(p)
    held = out.__dict__
    held["numbers"] = [copied(n) for n in p.numbers]
    slots = copy_slots(mem)
    held["calc"] = slots.calc if p.calc is not None and p.calc is mem.calc else copied(p.calc)
    return out, slots
