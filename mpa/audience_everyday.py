"""An audience asked for in an everyday word the KB writes otherwise: "homes" for the KB's "households".

Why: the sizing look-ups match the asked audience to the KB's labels by shared stems, so a bare everyday
word lands on whichever label shares it as a modifier — "homes" in a market took "Recent Home Buyers" (a
count of buyers), "homes" in a UK region took "households in which someone receives paid care at home" —
while the KB sizes plain households there under its own word. The lexicon of users' everyday words
(:mod:`mpa.everyday`) already says which KB term such a word stands for; when the whole asked audience is
one such phrase, the KB's audience labels use that term, and no label counts the everyday word itself (its
head noun: "Home Buyers" counts buyers, "Homes For Sale" would count homes), the look-up asks for the term.
Only the whole query is read this way: "homes with a dog" names more than households, and the shared-word
rules decide it.
"""
from __future__ import annotations

import re
from typing import Iterable

from mpa.everyday import glosses, stems


# where a label's head noun ends: a relative clause, a preposition, a participle or a caption's dash
_HEAD_ENDS = re.compile(r"\s+(?:[-–—(:]|(?:who|which|that|with|without|in|of|for|at|on|from|by|whose|"
                        r"using|planning|carrying|owning|living|aged|above|under|over)\b).*$", re.I)


def head(label: str) -> str:
    """The noun a label counts: its last word before a clause, a preposition or a dash ("Recent Home Buyers" →
    buyers, "households in which someone receives paid care at home" → households)."""
    words = _HEAD_ENDS.sub("", " ".join(str(label).split())).split()
    return words[-1].lower() if words else ""


def kb_worded(query: str, labels: Iterable[str]) -> str:
    """``query`` as the KB's term when all of it is one everyday phrase for a concept whose KB term is a word
    of one of ``labels`` (the KB's audience labels) and no label's head is the query's own word ("number of homes"
    is a count of homes); ``query`` unchanged otherwise."""
    asked = re.sub(r"^(?:the\s+)?(?:total\s+)?(?:number|count)\s+of\s+", "", query or "", flags=re.I)  # a count of them
    words = stems(asked)
    found = glosses(asked) if words else ()
    if len(found) != 1 or found[0].span != (0, len(words)) or found[0].cue:
        return query
    low = [" ".join(str(lb).lower().split()) for lb in labels if lb]
    if any(stems(head(lb)) == words for lb in low):
        return query  # the KB counts the everyday word itself
    for term in found[0].kb:
        pat = re.compile(rf"(?<![a-z]){re.escape(term.lower())}(?![a-z])")
        if any(pat.search(lb) for lb in low):
            return term
    return query


# everyday English's "kids" for the "children" a KB's audience labels count ("Households With Children Under Five")
_KID = re.compile(r"(?<![a-z])kid(s?)(?![a-z])", re.I)


def kids_as_children(query: str) -> str:
    """``query`` with "kid(s)" said as "child(ren)": the sizing tool's second try when the words as typed name no
    audience the KB sizes (a second try only, so a label that matched the typed words keeps matching)."""
    return _KID.sub(lambda m: "children" if m.group(1) else "child", query or "")
