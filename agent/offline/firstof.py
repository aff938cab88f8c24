"""The first answer of an ordered tuple of steps: how the policy's precedence chains are written.

Why: the policy's chains ("restate the message by the first reader that can", "retry by the first search that
applies") were lines of ``or``-joined calls whose order was behaviour but hard to see. Written as a tuple of
zero-argument steps, one reason per entry, the order reads top to bottom; this runs them as ``or`` did — in order,
each only when every step before it gave nothing — and returns the first non-empty result.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable


def first(steps: Iterable[Callable[[], Any]], default: Any = None) -> Any:
    """The first step's result that is not empty (steps after it are not called), else ``default``."""
    return next((r for r in (step() for step in steps) if r), default)
