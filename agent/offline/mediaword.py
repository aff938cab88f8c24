"""How many planning words make a question plainly about media planning.

Why: the reader skips its check of meaning (:func:`~agent.offline.sectionmeaning.unrelated`: every candidate
section far in meaning from the question) for a question that is plainly about media planning
(:func:`~agent.offline.passages.plainly_media`), because such a question shares words with the KB by its topic. But
one planning word alone does not make the topic: "frequency", "channel", "reach", "display" and "budget" have
everyday senses, and "how do I set a frequency limit on my home wifi router?" was answered with the KB's advice on
frequency caps. A question whose only planning word is one word keeps the check of meaning; with two or more
("frequency cap for streaming TV") it is plainly about planning.
"""
from __future__ import annotations

import re

from agent.offline.passages import _DOMAIN, domain_stems, terms


def planning_words(question: str, q: set[str]) -> set[str]:
    """The planning words of a question — its content words ``q`` that are domain stems, and its words in the domain
    list — each counted once, by its stem."""
    typed = {t for w in re.findall(r"[a-z0-9][a-z0-9\-]*", question.lower()) if w in _DOMAIN for t in (terms(w) or [w])}
    return (q & domain_stems()) | typed


def by_one_word(question: str, q: set[str]) -> bool:
    """Is the question about media planning only through a single planning word?"""
    return len(planning_words(question, q)) == 1
