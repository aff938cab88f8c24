"""The user's own description of their business, in the words they said it, for a second benchmark look-up.

Why: the business phrase the message parser hands get_benchmark is a noun phrase ("exterminator", "botox",
"teenagers", "panels") — the head of a sentence whose rest is what tells one business from another: "we teach
teenagers to drive and prep them for the road test" is a driving school, "teenagers" is nobody. The KB says who its
figures are for in just such terms ("local and professional service firms", "software companies selling
subscriptions to businesses", a list's own label), and the tool compares a business phrase with them by meaning
with a floor and a margin (:func:`mpa.business.resolve_business`), so the whole description finds the vertical its
head alone could not — and an unknown business still finds none. So when the look-up by the phrase names no
vertical, it is made once more with the clause that holds the phrase: its sentence, without the question, the
figure asked for and the talk around it.
"""
from __future__ import annotations

import re

from agent.offline import served
from agent.offline.passages import terms
from rag.sentences import loose_sentences

# where the description ends and the question begins: a comma or dash and a question or metric word ("…, what's a
# normal CPC", "… — typical cost per lead?"), or "so"/"and" before what the user wants to know
_ASKS = re.compile(r"\s*(?:[,;:]|\s[-–—]\s|\band\b|\bso\b)\s*(?=(?:what|whats|what's|how|which|is|are|do|does|can|could|"
                   r"should|would|any|typical|typically|normal|usual|average|roughly|ballpark|rough)\b)", re.I)
# talk before the description: "hi,", "quick question:", "ok so"
_TALK = re.compile(r"^(?:(?:hi|hey|hello|ok|okay|so|well|quick question|question|context|background)\b[,:!.]?\s*)+", re.I)
MIN_EXTRA = 2   # content words the description must add to the phrase — else it says nothing the phrase did not
MAX_WORDS = 24  # a description, not a story: longer clauses are left to the phrase


def description(text: str, phrase: str) -> str | None:
    """The clause of ``text`` that describes the business ``phrase`` names ("we care for elderly people in their own
    homes after a hospital stay" for "elderly people"): the sentence holding the phrase, cut where the question
    begins; None when the phrase is not in the message, or the clause adds too little or says too much."""
    low = (phrase or "").lower().strip()
    if not low:
        return None
    for sent in loose_sentences(text or ""):
        at, low = _found(sent.lower(), low)
        if at < 0:
            continue
        cut = next((m.start() for m in _ASKS.finditer(sent) if m.start() >= at + len(low)), len(sent))
        # whom or where it works, when a vertical's name, is no part of what it is: "we sell cargo insurance [to freight
        # brokers]" (a customer said in other words stays: "for small businesses" tells software sold to them)
        whom = min([s for s, _ in served.naming(sent) if s >= at + len(low)], default=len(sent))
        said = served.PREP_END.sub("", sent[:whom]) if whom < cut else sent[:cut]
        clause = _TALK.sub("", said.strip(" \t.?!,;:-–—")).strip()
        extra = set(terms(clause)) - set(terms(phrase))
        if len(extra) >= MIN_EXTRA and len(clause.split()) <= MAX_WORDS and "?" not in clause:
            return clause
        return None
    return None


def _found(sent: str, phrase: str) -> tuple[int, str]:
    """Where ``phrase`` is in ``sent`` and the words found: the phrase whole, else its first word (the parser may have
    reworded the rest: "dresses online store" of "we sell dresses and jeans online"); (-1, phrase) when neither."""
    at = sent.find(phrase)
    if at >= 0:
        return at, phrase
    first = phrase.split()[0]
    m = re.search(r"\b" + re.escape(first) + r"\b", sent) if len(first) > 3 else None
    return (m.start(), first) if m else (-1, phrase)
