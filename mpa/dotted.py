"""A label and its value joined by a dotted leader ("Average Nightly Rate ..... $62"), read as a "Label: value" line.

Why a module of its own: three readers meet the same two-column layout — the fact readers (:mod:`mpa.facts`), the
definitions of the units a KB prices (:mod:`mpa.counted`: "Booked stay ........ one paid online reservation"), and the
offline agent's passage reader — and each must read it alike, with every character kept at its place in the text.
"""
from __future__ import annotations

import re
from functools import lru_cache

_DOTTED = re.compile(r"(?m)^([^\n.]*[A-Za-z)%])( ?\.{4,} ?)(?=\S)")


@lru_cache(maxsize=256)  # of a whole KB text: the definitions are searched again on every turn that names a unit
def dotted_as_colon(text: str) -> str:
    """``text`` with each dotted leader written as a colon and spaces of its length ("Average Nightly Rate: … $62"):
    the same length, so every fact keeps its place in the KB's text."""
    return _DOTTED.sub(lambda m: m.group(1) + ":" + " " * (len(m.group(2)) - 1), text)
