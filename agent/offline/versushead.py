""""What's the difference between A and B?" answered from the section the KB heads "A versus B".

Why: a KB that compares two things it names gives the comparison a heading of its own — "CAC versus CPA", "Blended
CAC versus paid CAC", "Host-read versus programmatic podcast ads", "State versus DMA planning" — and states there
how they differ and when each applies. The reader scores sections by the question's words, and a glossary entry or a
metric note defining one of the two shares as many of them, so the definition of A (or a benchmark note on B) was
quoted and the comparison, though a search returned it, was not. When the question asks how two named things
differ (a difference between, A vs B) and a passage a search returned holds a section whose heading sets one against
the other (versus / vs, one thing on each side), that section answers, quoted from its lead under its own citation.
Read from the KB's own headings, any KB; the answer is left alone when it already quotes such a section.
"""
from __future__ import annotations

import re

from agent.offline.passages import is_instruction, is_pointer, terms, units
from agent.offline.toolread import ToolOutcome

PAIR = re.compile(r"\bdiff(?:erence|\.)?\s+(?:between|betw(?:een|n)?|btwn)\s+(?P<a>[^?.!]+?)\s+(?:and|&|vs\.?|versus)\s+"
                  r"(?P<b>[^?.!,;]+)|(?P<c>[\w:/-]+(?:\s+[\w:/-]+)?)\s+(?:vs\.?|versus)\s+(?P<d>[\w:/-]+)", re.I)
_VERSUS = re.compile(r"\s(?:versus|vs\.?)\s", re.I)
MAX_WORDS = 120
_QUOTED = "Based on Knowledge Base ["


def sides(question: str) -> tuple[set[str], str] | None:
    """(the stems of the first thing compared, the first stem of the second), or None when no two are compared."""
    m = PAIR.search(question)
    if not m:
        return None
    a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("c"), m.group("d"))
    ta, tb = set(terms(a)), terms(b)
    return (ta, tb[0]) if ta and tb else None


def sets_apart(heading: str, pair: tuple[set[str], str]) -> bool:
    """Does ``heading`` set one of the two things against the other ("Blended CAC versus paid CAC")?"""
    parts = _VERSUS.split(f" {heading} ", maxsplit=1)
    if len(parts) != 2:
        return False
    left, right = set(terms(parts[0])), set(terms(parts[1]))
    a, b = pair
    return (a <= left and b in right) or (a <= right and b in left)


def read(question: str, outcomes: list[ToolOutcome], answer: str, k: int) -> str | None:
    """The comparison section's quote, when the question compares two named things and a search returned the
    section heading one against the other; None otherwise or when the answer already quotes it."""
    pair = sides(question)
    if not pair or not (answer.startswith(_QUOTED) or not answer.strip() or answer.startswith("The knowledge base does not")):
        return None
    found = []  # (rank in its search, the order searched, passage, its sentences under such a heading)
    for n, o in enumerate(outcomes):
        if o.name != "search_knowledge_base":
            continue
        for rank, ps in enumerate(o.passages):
            last = ps.get("source", "").split("›")[-1].strip()  # a plain-text section's heading is its passage's
            said = [u.text for u in units(ps.get("text", "")) if sets_apart(u.heading or last, pair)
                    and not is_instruction(u.text) and not is_pointer(u.text)]
            if said:
                found.append((rank, n, ps, said))
    held = {f[2].get("id") for f in found}
    if not found or any(sets_apart(part, pair) for o in outcomes for ps in o.passages if f"[{ps.get('id')}]" in answer
                        and ps.get("id") not in held for part in ps.get("source", "").split("›")):
        return None  # the reader quoted a subsection of the comparison already ("When to use which" under "… versus …")
    _, _, ps, said = min(found, key=lambda f: f[:2])  # the one a search ranked highest: that search's own subject
    if f"[{ps['id']}]" in answer:
        return None
    kept: list[str] = []
    for s in said[:k]:
        if kept and len(" ".join(kept + [s]).split()) > MAX_WORDS:
            break
        kept.append(s)
    return f"Based on Knowledge Base [{ps['id']}]: " + " ".join(kept)
    return None


def query(question: str, outcomes: list[ToolOutcome]) -> str | None:
    """One more search, "A versus B", when the question asks the difference between two named things and no passage the turn's searches
    returned sets them apart under a heading (a KB names its comparisons so; the chatty question did not reach it)."""
    m = PAIR.search(question)
    searched = [o for o in outcomes if o.name == "search_knowledge_base"]
    if not m or not m.group("a") or not searched or sides(question) is None:
        return None  # "is it worth it vs meta?", "a real problem vs noise?" set two things side by side, ask no difference
    pair = sides(question)
    if any(sets_apart(u.heading or ps.get("source", "").split("›")[-1], pair) for o in searched for ps in o.passages
           for u in units(ps.get("text", ""))):
        return None
    a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("c"), m.group("d"))
    b = " ".join(b.split()[:max(1, len(a.split()))])  # as many words as the first side: "cpa, people use them …" → "cpa"
    q = f"{a.strip()} versus {b.strip(' ,;:')}"
    return None if any(o.input.get("query") == q for o in searched) else q
