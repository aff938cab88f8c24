"""A shallow copy of one of the offline agent's plain records (a parse, its numbers and calculation, the slots), and
the same copy with its lists, dicts and sets copied too (what a cached parse or slots are handed out as).

Why: every reading of a message hands out a copy of the cached parse (:func:`agent.offline.parse.parse`, ~17 times a
turn) and every fold of the conversation's slots hands out a copy of the kept ones (:mod:`agent.offline.recall`);
``copy.copy`` reaches the same object through ``__reduce_ex__`` and ``copyreg`` (~1.5 µs each, ~2 % of the agent's
CPU). For an instance of a class with neither ``__slots__`` nor a copy or pickling hook of its own — the dataclasses
these are — ``copy.copy`` makes ``cls.__new__(cls)`` and updates its ``__dict__`` with the original's: so does this,
directly. A class that has such a hook (or no ``__dict__``) is copied by ``copy.copy`` itself, as before.
"""
from __future__ import annotations

import copy
import copyreg

_PLAIN: dict[type, bool] = {}  # class → whether copy.copy would copy it the plain way (above)
_HOOKS = ("__copy__", "__reduce_ex__", "__reduce__", "__getstate__", "__setstate__", "__getnewargs_ex__", "__getnewargs__")


def _plain(cls: type) -> bool:
    """Does ``copy.copy`` copy ``cls``'s instances as ``__new__`` plus their ``__dict__`` (no hook overridden)?"""
    hit = _PLAIN.get(cls)
    if hit is None:
        hit = _PLAIN[cls] = (cls.__new__ is object.__new__ and not any("__slots__" in vars(k) for k in cls.__mro__[:-1])
                             and all(getattr(cls, h, None) is getattr(object, h, None) for h in _HOOKS)
                             and copy._copy_dispatch.get(cls) is None and cls not in copyreg.dispatch_table)
    return hit


def copied(obj):
    """``copy.copy(obj)``, made the short way for a plain record (module doc)."""
    if obj is None:
        return None
    cls = type(obj)
    if not _plain(cls):
        return copy.copy(obj)
    out = cls.__new__(cls)
    out.__dict__.update(obj.__dict__)
    return out


def with_containers(obj, names=None):
    """:func:`copied` of ``obj`` with each list, dict and set attribute copied too — those among ``names``, or all —
    so no change to the copy's containers reaches ``obj`` (the slots handed out by :mod:`agent.offline.recall`, the
    turn's reading by :mod:`agent.offline.turnread`)."""
    out = copied(obj)
    held = out.__dict__  # (a dataclass's fields are plain attributes: its __dict__ holds each)
    for name in (names if names is not None else list(held)):
        if isinstance(v := held[name], (list, dict, set)):
            held[name] = v.copy()
    return out
