"""A question offering two alternatives ("should we report by city or by region?", "daily or weekly caps?")
is answered with what the knowledge base says of each, when it gives each its own section.

Why: the reader quotes the one section that best answers; for a choice between two options that is
the section of one option only, and the user hears half the rule ("plan by DMA when …" but not when
to plan by state). English marks the choice ("A or B" closing a question); the knowledge base marks
its answer by headings — sibling sections each naming one option ("When to plan by state", "When to
plan by DMA"). So when the quoted section's heading names one option and not the other, and another
retrieved section's heading names the other and not the first, that section's lead is quoted too.
No option words are assumed: both come from the question, the sections from the passages.
"""
from __future__ import annotations

import re

from agent.offline.asking import asking_sentences
from agent.offline.passages import terms

# "A or B" closing a question (:func:`~agent.offline.asking.asking_sentences`: "?" or worded as one): up to three
# words either side of "or" (a preposition may repeat: "by city or by region")
_CHOICE = re.compile(r"((?:[\w'/-]+\s+){0,2}[\w'/-]+)\s+or\s+((?:[\w'/-]+\s+){0,2}[\w'/-]+)\s*[?.!]*\s*$", re.I)
_QUOTED = re.compile(r"Based on Knowledge Base \[([^\]]+)\]:\s*")


def options(question: str) -> tuple[set[str], set[str]] | None:
    """The content words (stems) of the two options a question offers, each without the words they share
    ("by state" / "by DMA" → {state} / {dma}), or None when it offers no such choice."""
    m = next((m for s in asking_sentences(question) if (m := _CHOICE.search(s.strip()))), None)
    if not m:
        return None
    before, after = terms(m.group(1)), terms(m.group(2))
    # each option is its word nearest "or" that the other option does not share ("an A/B test or a geo test": A/B, geo)
    a = next(({t} for t in reversed(before) if t not in after), set())
    b = next(({t} for t in after if t not in before), set())
    return (a, b) if a and b else None


def _sections(passages: list[dict]) -> list[tuple[dict, str, list[str]]]:
    """(passage, heading, sentences) of each section of the passages, in order."""
    from agent.offline.reader import _units  # the reader's sections (imported late: the reader imports nothing here)
    out: dict[tuple[int, str], tuple[dict, str, list[str]]] = {}
    for u in _units(passages):
        out.setdefault((u.rank, u.heading), (passages[u.rank], u.heading, []))[2].append(u.text)
    return list(out.values())


def other_side(question: str, para: str | None, passages: list[dict], max_sentences: int = 3) -> str | None:
    """``para`` with the section of the option it leaves out quoted after it, when the question offers a
    choice and the knowledge base heads one section per option; None when nothing is added."""
    opts = options(question)
    if not opts or not para or not (cited := _QUOTED.search(para)):
        return None
    secs = _sections(passages)

    def side(heading: str) -> int | None:
        h = set(terms(heading))
        hits = [i for i, o in enumerate(opts) if o & h]
        return hits[0] if len(hits) == 1 else None

    quoted = [s for s in secs if s[0].get("id") == cited.group(1) and any(t in para for t in s[2])]
    if not quoted or (mine := side(quoted[0][1])) is None:
        return None
    doc = quoted[0][0].get("source", "").split("›")[0]
    others = [s for s in secs if side(s[1]) == 1 - mine and s[0].get("source", "").split("›")[0] == doc]
    if not others:
        return None
    ps, _, sents = others[0]
    said = " ".join(t for t in sents[:max_sentences] if t not in para)
    if not said:
        return None
    return f"{para} " + (said if ps.get("id") == cited.group(1) else f"Based on Knowledge Base [{ps['id']}]: {said}")
