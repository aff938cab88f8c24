"""When two documents answer a rule or how-to question about equally well, quote both, each cited.

Why: a knowledge base often says one thing in two places, differently — a measurement guide gives a
geo test "3-6 weeks plus a cooldown", the testing step "8-10 weeks of exposure". The reader
(:mod:`~agent.offline.reader`) ranks the retrieved sections and quotes the best; when the runner-up,
from another document, scores within :data:`MARGIN` of it, the ranking cannot tell them apart, and
betting on one drops the other half of what the KB says. A careful assistant then answers from both,
each sentence under its own citation, and keeps the second quote short (:data:`SENTENCES`, :data:`WORDS`).

Only for a question (asked, not a fact the user states) of what to do, a rule, or why: one that states no
figure, asks for no number and no calculation (:mod:`~agent.offline.answerforms`) and is not answered by a
budget's band, a stated rate's row, a worked case or the section nearest in meaning (the reader's own
overrides). Two sections of the same document are one source, read together by the reader already. A close
score is not enough: sections sharing a few common words with a vague question ("what should I check
first?") tie on those words alone, so the runner-up must also be near the question in meaning — as near as a
section must be to answer by meaning alone (:data:`~agent.offline.sectionmeaning.NEAREST`) — and one of its
sentences must hold the question's own words, so the second quote cannot bring in text that does not speak to it.
"""
from __future__ import annotations

from typing import Callable, Hashable

from agent.offline import sectionmeaning
from agent.offline.answerforms import FORMULA, NUMBER, answer_forms
from agent.offline.asking import asking_sentences
from agent.offline.rulecalc import ASKS_TO_APPLY
from agent.offline.sectionunits import within

MARGIN = 0.90   # the runner-up's share of the best section's score at which the two are a toss-up (dev sets: 0.85
# quoted the same second sources; 0.95 fewer, all of them right too)
SENTENCES = 2   # the second source is quoted in at most this many sentences …
WORDS = 60      # … and words


def asks_how_or_why(question: str) -> bool:
    """Does the message ask, and for a rule, a method or a reason rather than a number or a calculation?"""
    forms = answer_forms(question)
    return bool(asking_sentences(question)) and NUMBER not in forms and FORMULA not in forms \
        and not ASKS_TO_APPLY.search(question)


def runner_up(question: str, sections: dict, ranked: list[Hashable], by: dict, key: Hashable,
              doc: Callable[[Hashable], str]) -> Hashable | None:
    """For a question :func:`asks_how_or_why`, the best section of another document than ``key``'s when it scores within
    :data:`MARGIN` of ``key`` (the reader's first-ranked section) and is itself near the question in meaning; else None."""
    if not ranked or key != ranked[0] or by[key] <= 0 or not asks_how_or_why(question):
        return None
    other = next((k for k in ranked[1:] if doc(k) != doc(key)), None)
    if other is None or by[other] < MARGIN * by[key] or any(c.overview for c in sections[other]):
        return None  # a document's introduction ("This guide covers …") restates its topic; it answers nothing
    near = sectionmeaning.similarity(question, sections[other])
    return other if near is not None and near >= sectionmeaning.NEAREST else None


def trimmed(units: list, asks: dict[int, float]) -> list:
    """The runner-up's quote cut to what speaks to the question: none unless one of its sentences holds the
    question's own words (``asks``), then at most :data:`SENTENCES` sentences and :data:`WORDS` words."""
    return within(units[:SENTENCES], WORDS) if any(asks[id(c)] > 0 for c in units) else []
