"""What the KB says the unit a "cost per <unit>" metric prices is.

Why: a KB that names its own metrics by their unit ("COST PER BOOKED CALL", "COST PER APPROVED APPLICATION") often
says what that unit is apart from the metric — in its glossary ("Approved application - A credit card application the
issuer approved"), or in a sentence beside the figures ("A booked call is a lead that ended with an appointment, an
inspection or a consultation on the calendar", "An install is counted when the app is opened for the first time").
A user who prices "a booked inspection" or "each applicant the issuer approves" describes that unit, not the metric's
definition, so :mod:`mpa.counted` reads these sentences as more of what the metric counts. A sentence that says what
the unit is not ("A demo request is not pipeline") says nothing it counts.
"""
from __future__ import annotations

import re
from functools import lru_cache

from mpa import resolve


def _unit_pattern(unit: str) -> str:
    """The unit's words as written, the last one singular or plural, any run of spaces or a hyphen between them."""
    words = unit.lower().split()
    last = re.escape(words[-1][:-1] if words[-1].endswith("s") and not words[-1].endswith("ss") else words[-1])
    return r"[ -]+".join([re.escape(w) for w in words[:-1]] + [last + r"(?:s|es)?"])


def sentences(texts: dict[str, str], unit: str, glossary) -> str:
    """Every sentence of ``texts`` that says what ``unit`` is ("A booked call is …", "An install is counted when …",
    "An inquiry here means …", "A lead on Yelp is a message …": a unit as one platform counts it), and its glossary entry (``glossary``: :func:`mpa.counted.definitions`), joined."""
    return _sentences(tuple(texts.items()), unit, glossary)


@lru_cache(maxsize=512)  # a pure reading of the KB's texts (~2 ms: every file scanned); each turn that prices a unit asks again
def _sentences(items: tuple[tuple[str, str], ...], unit: str, glossary) -> str:
    texts = dict(items)
    if not resolve.terms(unit):
        return ""
    said = re.compile(r"(?:^|(?<=[.!?:]\s)|(?<=\n))\s*(?:An?|The|Each|One)\s+" + _unit_pattern(unit)
                      + r"(?:\s+here|\s+in this [a-z]+|\s+(?:on|through|via) [A-Z]\w*(?: [A-Z]\w*)?)?\s+(?:means|is|counts)\b(?!\s+(?:not|never)\b)[^.]*\.", re.I | re.M)
    out = [" ".join(m.group(0).split()) for text in texts.values() for m in said.finditer(text)]
    entry = glossary(texts, {"unit": [unit]}).get("unit", "")
    return " ".join(([entry] if entry else []) + out)
