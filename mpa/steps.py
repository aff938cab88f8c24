"""The MPA-10 framework's steps: their names, how a text or a file refers to one, and the
step-guidance look-up behind the ``get_step_guidance`` tool.

One home for step references, used by chunk tagging (:mod:`mpa.tagging`), the step boost and
the step reranker feature (:mod:`mpa.ranking`) and the tool (:mod:`mpa.tools`).
"""
from __future__ import annotations

import re
from typing import Any

from mpa.vocabulary import VOCABULARY, match_terms
from rag.types import ResultList, SearchResult

STEP_NAMES = {
    1: "Objectives & KPIs", 2: "Unit economics", 3: "Audience definition & sizing",
    4: "Geography & markets", 5: "Budget setting & allocation", 6: "Value proposition & messaging",
    7: "Channel mix", 8: "Measurement & attribution", 9: "Testing & experimentation",
    10: "Risk & contingency planning",
}

_STEP_REF = re.compile(r"\bstep\s+(10|[1-9])\b", re.I)
# the words other KBs number the framework's steps with ("Phase 4: Pick the markets") — inside one
# step's own guide they number that guide's stages instead ("Stage 2: decompose CAC")
_PHASE_REF = re.compile(r"\b(?:phase|stage)\s+(10|[1-9])\b", re.I)


def guide_step(source: str) -> int | None:
    """The MPA-10 step whose guide ``source`` is (``step-04-geography.md`` → 4), else None."""
    m = re.match(r"step-0*(\d+)", source.lower())
    return int(m.group(1)) if m else None


def step_refs(text: str) -> set[int]:
    """Steps named explicitly in ``text`` ("Step 4", "step 10")."""
    return {int(n) for n in _STEP_REF.findall(text)}


def steps_for(source: str, text: str) -> list[int]:
    """Steps a passage is about: its guide's step, steps it names, steps whose terms it uses."""
    guide = guide_step(source)
    found = {int(k) for k in match_terms(text, VOCABULARY["steps"])} | step_refs(text)
    if guide:
        found.add(guide)
    else:
        found |= {int(n) for n in _PHASE_REF.findall(text)}
    return sorted(found)


_PHASE_HEAD = re.compile(r"^[ \t]*(?:#{1,6}[ \t]*)?(phase|stage)\s+(10|[1-9])\b", re.I | re.M)


def step_word(docs: list[tuple[str, str]]) -> str | None:
    """The word a KB numbers the framework's steps with instead of "step" ("phase"): one document,
    not a step's own guide, heads three or more numbered sections with it ("Phase 4: Pick the markets")."""
    for source, text in docs:
        if guide_step(source):
            continue
        found: dict[str, set[int]] = {}
        for m in _PHASE_HEAD.finditer(text):
            found.setdefault(m.group(1).lower(), set()).add(int(m.group(2)))
        word = next((w for w, ns in found.items() if len(ns) >= 3), None)
        if word:
            return word
    return None


# a numbered step heading with a name of its own: "STEP 7 - FLIGHTING AND PACING", "## Phase 3: Describe the people"
_NAMED_HEAD = re.compile(r"^[ \t]*(?:#{1,6}[ \t]*)?(?:step|phase|stage)\s+(10|[1-9])\s*[-:\u2013\u2014.]\s*(\S[^\n]{0,60}?)\s*$",
                         re.I | re.M)


def _words(name: str) -> set[str]:
    return set(re.findall(r"[a-z]+", name.lower())) - {"and", "the", "of", "a", "an", "to", "for", "in"}


def own_step_names(docs: list[tuple[str, str]]) -> dict[int, str] | None:
    """The names a KB gives the framework's steps itself, when they are not the MPA-10 names: one document
    (not a step's own guide) heads at least seven of the ten steps with a number and a name ("STEP 7 -
    FLIGHTING AND PACING", "Phase 3: Describe the people"), and some name shares no word with the MPA-10
    step of its number. A step it does not head keeps the MPA-10 name; names in capitals read in
    sentence case. None for a KB that names its steps as the MPA-10 does (or not at all)."""
    for source, text in docs:
        if guide_step(source):
            continue
        found: dict[int, str] = {}
        for m in _NAMED_HEAD.finditer(text):
            found.setdefault(int(m.group(1)), m.group(2).strip())
        names = {n: v.capitalize() if v.isupper() else v for n, v in found.items()}
        if len(names) >= 7 and any(not _words(v) & _words(STEP_NAMES[n]) for n, v in names.items()):
            return {n: names.get(n, STEP_NAMES[n]) for n in STEP_NAMES}
    return None


def described(names: dict[int, str]) -> str:
    """The step-guidance tool's description, listing the steps by ``names``."""
    return ("Get guidance for one step of the MPA-10 media-planning framework: "
            + "; ".join(f"{n} {name}" for n, name in names.items()) + ". Optionally narrow it with a topic.")


def get_step_guidance(engine: Any, step: int, topic: str | None = None,
                      top_k: int | None = None) -> ResultList:
    """Passages for MPA step ``step`` (1–10), optionally narrowed by ``topic``. Searches only
    chunks tagged with that step and lifts the step's own document (``step-0N-*.md``) so the
    framework text comes before passing mentions elsewhere."""
    if not isinstance(step, int) or isinstance(step, bool) or not 1 <= step <= 10:
        raise ValueError(f"step must be an integer from 1 to 10, got {step!r}")
    k = top_k or engine.config.top_k
    name = STEP_NAMES[step]
    query = f"Step {step} {name} {topic}" if topic else f"Step {step} {name} how to checklist guidance"
    pool = engine.search(query, top_k=max(k * 4, 20), filters={"steps": [step]})
    if not pool:
        return ResultList([], reason=pool.reason or f"no passage is tagged with step {step}")
    prefix = f"step-{step:02d}-"
    lift = 1.0 if topic else 1.35
    scored = sorted(pool, key=lambda r: -(min(1.0, r.score * lift) if r.chunk.source.startswith(prefix) else r.score))
    out = ResultList()
    for rank, r in enumerate(scored[:k], start=1):
        out.append(SearchResult(chunk=r.chunk, score=r.score, rank=rank, breakdown=dict(r.breakdown)))
    return out
