"""The business phrase the user wrote, read as the KB's own vertical label when it says that label in other
forms of the same words: "a compact tractor dealership" is the KB's "Compact Tractor Dealers".

Why: a KB that labels its own verticals is closer to what the user runs than the built-in vocabulary. The
phrase reader takes the words after "I own a …" as written, and the benchmark tool reads "dealership" by the
vocabulary's automotive synonyms — so a KB row labelled "Compact Tractor Dealers" was declined as "no automotive
figures". :func:`as_label` gives the one declared label (:mod:`agent.offline.kblabels`) whose part the phrase
says word for word, where a word counts as said when the phrase holds it (singular or plural) or a longer word
built on it ("dealer" → "dealership", "nurser" → "nursery" is too short to count), and the phrase adds no
content word of its own beyond the organisation words (:data:`mpa.resolve.ORGANISATION_WORDS`: "a small compact
tractor dealership"). A label the phrase says only partly, or two labels said alike, change nothing; nor does a
phrase that says the label's own words (the look-up finds it in the user's words).
"""
from __future__ import annotations

import re

from agent.offline import kblabels
from agent.offline.passages import terms
from mpa.resolve import ORGANISATION_WORDS

STEM = 5  # a label word this long or longer may be said as a longer word built on it ("dealer" in "dealership")


def _said(word: str, said: set[str]) -> bool:
    stem = word.rstrip("s")
    return word in said or stem in said or (len(stem) >= STEM and any(w.startswith(stem) for w in said))


def as_label(phrase: str) -> str | None:
    """The declared label ``phrase`` says in other forms of its own words (module doc), else None."""
    if kblabels.named_in(phrase or ""):
        return None  # said as the label words it: the look-up finds it as before, in the user's words
    words = {w for w in re.findall(r"[a-z0-9]+", (phrase or "").lower())
             if terms(w) and w not in ORGANISATION_WORDS}
    if not words:
        return None
    hits = set()
    for label in kblabels.labels():
        for part in re.split(r"\s*(?:,|&|/|\band\b|\bor\b|\+)\s*", label, flags=re.I):
            own = [w for w in re.findall(r"[a-z0-9]+", part.lower()) if terms(w)]
            if len(own) >= 2 and all(_said(w, words) for w in own) and all(
                    any(_said(o, {w}) for o in own) for w in words):
                hits.add(label)
    return hits.pop() if len(hits) == 1 else None
