"""A conversion rate asked as the share it is: "share of trials that enroll", "what percent of tours book" → the KB's
own "trial-to-enrollment rate", "tour-to-booking rate".

Why: a KB names a step's conversion "<from>-to-<to> rate"; people ask for it as the part of the first count that
does the second thing. Both say the same two steps, in the same order, so the label is found by those two words alone
(by stem: "enroll" is "enrollment"), never by a list of synonyms. Only a KB label of that form is named, and only when
one fits.
"""
from __future__ import annotations

import re
from typing import Iterable

from mpa.labelwords import root, stems

_ASKED = re.compile(r"^(?:the |our |what )?(?:share|percent(?:age)?|proportion|fraction|rate|portion|%) of (?:the |our |all )?"
                    r"([a-z][a-z -]*?) (?:that|who|which|to) (?:go on to |then |actually |end up |eventually )?([a-z][a-z-]*(?: in| up| out)?)\b",
                    re.I)
_LABEL = re.compile(r"^([a-z][a-z ]*?)-to-([a-z][a-z -]*?) rate$", re.I)


def _words(text: str) -> set[str]:
    """The stems of a step's words; its plain words when the analyzer keeps none ("move in", "move-in")."""
    low = text.lower().replace("-", " ")
    return {root(s) for s in stems(low)} or set(re.findall(r"[a-z]+", low))


def _same(said: str, label: str) -> bool:
    """Every word of the label's step is said ("trial classes" says the "trial" of "trial-to-…"), by stem."""
    a, b = _words(said), _words(label)
    return bool(b) and all(any(x == y or (min(len(x), len(y)) >= 4 and (x.startswith(y) or y.startswith(x)))
                               for x in a) for y in b)


def named(asked: str, known: Iterable[str]) -> str | None:
    """The one known "<from>-to-<to> rate" label the phrase asks for as a share, else None."""
    m = _ASKED.match(" ".join((asked or "").split()))
    if not m:
        return None
    fits = [k for k in known if (lm := _LABEL.match(k.strip())) and _same(m.group(1), lm.group(1))
            and _same(m.group(2), lm.group(2))]
    return fits[0] if len(fits) == 1 else None
