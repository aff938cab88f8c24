"""The metrics a question names that the passages an answer quotes never name: "the cpa on billboards" answered
with billboard CPMs, "podcast roas" with podcast CPMs.

Why a module: the reader quotes the passage nearest in words, and a channel's or a platform's cost table shares
the channel's name with the question — so the answer states figures, the right channel's, of another metric. A
figure of one metric is no answer for another (a CPM is no CPA), and the user must be told the KB states none for
what was asked. A metric counts as named by a passage when the passage writes its acronym or any of the
vocabulary's names for it, or — for a price — the unit it is paid per ("clicks cost $0.55-0.80" prices a click),
so a figure the KB words its own way is never called missing. A metric the KB declares by an acronym alone
(get_benchmark's description: "… also states its own: ACOS") is one, too: "walmart connect acos" answered with
Walmart's click prices asks for a figure the quoted passage does not state.
"""
from __future__ import annotations

import re

from agent.offline import kbmetrics
from agent.offline.passages import in_family, terms
from agent.offline.priceforms import UNIT_OF
from mpa.vocabulary import VOCABULARY, match_terms


def unsaid(question: str, text: str) -> list[str]:
    """The vocabulary metrics ``question`` names (by acronym or name) that ``text`` names in none of their forms."""
    out = []
    named = match_terms(question, VOCABULARY["metrics"])
    have = set(terms(text)) if named else set()  # the passages' words, read only when a metric is named (most turns name none)
    for key in named:
        if any(all(in_family(w, have) for w in terms(form)) for form in [key.lower(), *VOCABULARY["metrics"][key]] if terms(form)):
            continue  # a name of it, in any inflection ("conversion rates")
        unit = UNIT_OF.get(key)
        if unit and all(in_family(w, have) for w in terms(unit)):
            continue  # the price of the unit, in the KB's own words
        out.append(key)
    return out + [a for a in sorted(kbmetrics.acronyms()) if _word(a, question) and not _word(a, text)]  # the KB's own


def _word(acronym: str, text: str) -> bool:
    return re.search(rf"(?<![A-Za-z]){re.escape(acronym)}s?(?![A-Za-z])", text, re.I) is not None
