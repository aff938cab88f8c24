"""The kind of document a section comes from, against the kind of answer the question asks for.

"How do we prove the ads caused the sales?" asks for a method — what to do — and a benchmark document's
section ("ROAS in retail: attributed revenue ÷ spend, Typical 3.0x–5.0x") shares its words ("sales",
"ads") while stating a figure range, not a way to proceed. So when a question asks how to do something and
no figure (no answer form of a number, a duration or a frequency: :mod:`~agent.offline.answerforms`), a
section of a benchmark document weighs :data:`BENCHMARK_FIT` of its word score; a method, rule or playbook
section of another document then answers. The document's kind is the KB's own tagging
(:func:`mpa.tagging.document_type`, read from the file name or title), not a list of files.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline.passages import terms
from mpa.tagging import document_type

# headings of illustrations — an example, a worked case, a sample dialogue — rather than of the rule they illustrate
EXAMPLE_HEAD = re.compile(r"\bexamples?\b|\bcase stud(?:y|ies)\b|\billustration\b|\bscenario\b|^worked\b|\bdialogues?\b|"
                          r"\bsample conversations?\b|\btranscripts?\b|\bwalk-?through\b", re.I)



@lru_cache(maxsize=4096)
def marker_terms(heading: str) -> frozenset[str]:
    """The terms of the words marking a heading as an illustration ("Worked split of a $200,000 quarter" → "work"):
    they name the kind of section, not its topic — "stuff that works" is no match for "Worked …"."""
    marks = [m.group() for m in EXAMPLE_HEAD.finditer(heading)]  # "WORKED BUDGET EXAMPLE": "worked" marks it too
    return frozenset(t for w in marks + (re.findall(r"\bworked\b", heading, re.I) if marks else []) for t in terms(w))


BENCHMARK_FIT = 0.6  # the share of its score a benchmark section keeps for a how-to question
# "how do we …", "how should I …", "how can you …": a question of how to proceed (not "how much", "how long")
_HOW_TO = re.compile(r"\bhow (?:do|does|can|could|should|would|will|shall) (?:i|we|you|they|one)\b", re.I)
# …unless it asks a figure, or to judge one ("too expensive?", "is a $9 CPC cheap?"): a benchmark answers that
_FIGURE_ASKED = re.compile(r"\bhow (?:much|many|long|often|big|high|low|fast)\b|\bwhat(?:'s| is| are)? (?:a |the )?"
                           r"(?:typical|normal|average|good|usual|benchmark)\b|\btoo [a-z]+\b|\b(?:expensive|cheap|"
                           r"pricey|costly|overpriced|affordable|reasonable|normal|typical)\b", re.I)


def asks_method(question: str, forms: list) -> bool:
    """Does the question ask how to do something, and for no figure?"""
    return bool(_HOW_TO.search(question)) and not forms and not _FIGURE_ASKED.search(question)


def fit(method: bool, source: str) -> float:
    """The factor of a section from the document ``source`` ("benchmarks-retail.md › ROAS in retail")."""
    if not method:
        return 1.0
    name, _, title = source.partition("›")
    return BENCHMARK_FIT if document_type(name.strip(), title.strip()) == "benchmark" else 1.0
