"""The words that name one end of a range the user was shown: "the top", "the pricey side", "upper bound", "at the
cheap end", "the best case".

Why: which end a message points at decides the figure worked with (:mod:`~agent.offline.parse` reads the end asked,
:mod:`~agent.offline.askshape` both ends at once, :mod:`~agent.offline.chainback` the end of a price a target is worked
back at), and a phrase naming an end is never a business ("for the high end" in :mod:`~agent.offline.business`). Each
spelled the same words out again; they share these, each adding the few words its own sentence needs.
The ends are the price's, so "best" is the low end and "worst" the high one.
"""
from __future__ import annotations

HIGH_END = ("top", "high", "higher", "upper", "pricey", "priciest", "expensive", "costliest", "worst")
LOW_END = ("bottom", "low", "lower", "cheap", "cheapest", "best")
