"""The planning framework's steps: their names, how a text or a file refers to one, and the
step-guidance look-up behind the ``get_step_guidance`` tool.

The names are the knowledge base's own when it numbers its steps in headings (:func:`kb_step_names`:
a plain-text workflow's "STEP 7 - FLIGHTING AND PACING", "## Phase 3: Describe the people"); the
MPA-10 names (:data:`STEP_NAMES`) only when it numbers none. Why: two KBs with ten steps need not
order them alike, and a step labelled with another framework's name misleads the reader.

One home for step references, used by chunk tagging (:mod:`mpa.tagging`), the step boost and
the step reranker feature (:mod:`mpa.ranking`) and the tool (:mod:`mpa.tools`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from mpa import romans
from mpa.vocabulary import VOCABULARY, match_terms
from rag.types import ResultList, SearchResult

STEP_NAMES = {
    1: "Objectives & KPIs", 2: "Unit economics", 3: "Audience definition & sizing",
    4: "Geography & markets", 5: "Budget setting & allocation", 6: "Value proposition & messaging",
    7: "Channel mix", 8: "Measurement & attribution", 9: "Testing & experimentation",
    10: "Risk & contingency planning",
}

_STEP_REF = re.compile(r"\bstep\s+(10|[1-9])\b", re.I)
# the words other KBs number the framework's steps with ("Phase 4: Pick the markets", "STAGE 2 - …",
# "GATE 3 - MARKET SELECTION": a workflow of sign-off gates or milestones is a workflow of steps) —
# inside one step's own guide they number that guide's stages instead ("Stage 2: decompose CAC")
OTHER_STEP_WORDS = ("phase", "stage", "gate", "milestone")
_OTHER = "|".join(OTHER_STEP_WORDS)
_PHASE_REF = re.compile(rf"\b(?:{_OTHER})\s+(10|[1-9])\b", re.I)


_GUIDE_FILE = re.compile(r"step-0*(\d+)")  # compiled once: read for every passage's source


def guide_step(source: str) -> int | None:
    """The MPA-10 step whose guide ``source`` is (``step-04-geography.md`` → 4), else None."""
    m = _GUIDE_FILE.match(source.lower())
    return int(m.group(1)) if m else None


def _not_guides(docs: list[tuple[str, str]]) -> tuple[str, ...]:
    """The texts of ``docs`` that are not one step's own guide: where a KB names its whole set of steps."""
    return _not_guides_of(tuple(docs))


# The step readers a KB's tools are declared with (step_word, framework_steps, framework_title: mpa.tools) each read
# the same documents through _not_guides, _kb_steps and _listed, so these are cached per KB's documents — the whole
# argument, read and nothing else (the patterns and word lists are constants) — and hand back tuples, or a copy of
# a dict, never a cached object a caller could change.
@lru_cache(maxsize=8)
def _not_guides_of(docs: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    return tuple(romans.in_heads(text) for source, text in docs if not guide_step(source))  # "Phase IV - …": phase 4


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


# a heading that numbers a step and names it: "### Step 1 (Objectives & KPIs): defining success",
# "STEP 7 - FLIGHTING AND PACING", "## Phase 3: Describe the people", "Phase 1 — Discovery"
def _named_step_re(words: str) -> re.Pattern:
    """The step-heading pattern with ``words`` (alternatives) as the words that may number a step besides "step":
    the fixed words for every document, and a document's own titled word (:func:`_titled_word`) for it alone."""
    return re.compile(rf"^[ \t]*(?P<md>#{{1,6}}[ \t]*)?(?:step|{words})\s+(?P<n>\d{{1,2}})\b[ \t]*"
                      r"(?:\((?P<paren>[^()\n]{2,60})\)[^\n]*|[-–—:.)][ \t]*(?P<name>[^\n]{2,80}?))[ \t#]*$",
                      re.I | re.M)


_NAMED_STEP = _named_step_re(_OTHER)

# a word that numbers a document's headings ("CHECKPOINT 3 - WHO AND WHERE") and that the document's title or
# "META - Document:" line names in the plural ("LAUNCH CHECKPOINTS", "The six checkpoints every plan passes"):
# the document is about that sequence, so its units are the KB's steps whatever the word; a document's own
# divisions (sections, parts, chapters) never are
_ANY_HEAD = re.compile(r"^[ \t]*(?:#{1,6}[ \t]*)?([A-Za-z]{3,15})\s+(\d{1,2})\b[ \t]*[-–—:.)(]", re.M)
_DIVISIONS = {"section", "part", "chapter", "appendix", "article", "table", "figure", "step", *OTHER_STEP_WORDS}


# what says the numbered units come one after another, before the first of them: a document of worked examples
# ("Conversation 1: …", titled "Worked Conversations") numbers units that are not passed in order
_ORDER = re.compile(r"\b(?:workflow|in order|sequence|process|pass(?:es|ed)?|go(?:es)? through|moves? through)\b", re.I)


@lru_cache(maxsize=64)
def _titled_word(text: str) -> str | None:
    """The word ``text`` numbers three or more headings with (1..N), names in the plural in its title and says
    come in order before the first of them (cached: read from ``text`` alone)."""
    lines = text.lstrip().split("\n")
    title = " ".join([lines[0]] + [ln for ln in lines[:8] if ln.lower().startswith("meta - document")]).lower()
    found: dict[str, set[int]] = {}
    first: dict[str, int] = {}  # where each word first heads a line: the order must be said before it
    for m in _ANY_HEAD.finditer(text):
        found.setdefault(m.group(1).lower(), set()).add(int(m.group(2)))
        first.setdefault(m.group(1).lower(), m.start())
    for word, ns in found.items():
        if (word not in _DIVISIONS and len(ns) >= 3 and sorted(ns) == list(range(1, len(ns) + 1))
                and re.search(rf"\b{word}s\b", title) and _ORDER.search(text[:first[word]])):
            return word
    return None


def _step_name(name: str) -> str:
    """A step's name as the tool description lists it: sentence case for an ALL-CAPS heading, no
    ";", ":" or "." (they separate the entries of that list)."""
    name = " ".join(re.sub(r"[;:.]+", ",", name).split()).strip(" ,")
    return name.capitalize() if name.isupper() else name


def kb_step_names(docs: list[tuple[str, str]]) -> dict[int, str]:
    """{number: name} of the steps the knowledge base numbers in its own headings: the document (not
    one step's own guide) whose headings name the most steps, numbered 1..N without a gap, N ≥ 3.
    A heading is a Markdown header or a short line (a sentence that opens "Step 5 (Budget …) takes
    …" is prose). Empty when no document numbers three steps."""
    return _kb_steps(docs)[0]


def _kb_steps(docs: list[tuple[str, str]]) -> tuple[dict[int, str], str | None]:
    """(:func:`kb_step_names`, the word its document's title names them by when no fixed word heads them)."""
    return _own_copy(_kb_steps_of, docs)


def _own_copy(read, docs: list[tuple[str, str]]) -> tuple[dict[int, str], str | None]:
    """A cached reading of ``docs`` (steps found, their word) with a dict of its own for the caller to change."""
    found, word = read(tuple(docs))
    return dict(found), word


@lru_cache(maxsize=8)
def _kb_steps_of(docs: tuple[tuple[str, str], ...]) -> tuple[dict[int, str], str | None]:
    best: tuple[dict[int, str], str | None] = ({}, None)
    for text in _not_guides(docs):
        found: dict[int, str] = {}
        word, by_word = _titled_word(text), False
        for m in (_named_step_re(f"{_OTHER}|{word}") if word else _NAMED_STEP).finditer(text):
            line = m.group(0).strip()
            if not m.group("md") and (len(line) > 90 or line.endswith((".", ",", ";"))):
                continue
            name = _step_name(m.group("paren") or m.group("name") or "")
            if name and int(m.group("n")) not in found:
                found[int(m.group("n"))] = name
                by_word = by_word or bool(word and line.lstrip("# \t").lower().startswith(word))
        if len(found) >= 3 and sorted(found) == list(range(1, len(found) + 1)) and len(found) > len(best[0]):
            best = (found, word if by_word else None)
    return best


# a numbered list item that names a step: "1. **Brief** — agree the goal…", "2. Research: size the audience…"
_NAMED_ITEM = re.compile(r"^[ \t]*(?P<n>\d{1,2})[.)][ \t]+(?:\*\*(?P<bold>[^*\n]{2,60}?)\*\*|"
                         r"(?P<name>[^:—–\n]{2,40}?)[ \t]*(?::|—|–|[ \t]-[ \t]))")
_LEAD_IN = re.compile(rf"\b(?:step|{_OTHER})s?\b", re.I)


def listed_step_names(docs: list[tuple[str, str]]) -> dict[int, str]:
    """{number: name} of a numbered list that a line about steps leads into ("We plan every campaign in
    five steps, in this order:" then "1. **Brief** — …"): the longest such list, numbered 1..N, N ≥ 3."""
    return _listed(docs)[0]


def _listed(docs: list[tuple[str, str]]) -> tuple[dict[int, str], str | None]:
    """(:func:`listed_step_names`, the word its lead-in calls the steps: "step", "stage", "phase")."""
    return _own_copy(_listed_of, docs)


@lru_cache(maxsize=8)
def _listed_of(docs: tuple[tuple[str, str], ...]) -> tuple[dict[int, str], str | None]:
    best: tuple[dict[int, str], str | None] = ({}, None)
    for text in _not_guides(docs):
        lines, i = text.split("\n"), 0
        while i < len(lines):
            m = _NAMED_ITEM.match(lines[i])
            lead = next((ln for ln in reversed(lines[max(0, i - 3):i]) if ln.strip()), "")
            said = _LEAD_IN.search(lead)
            if not (m and m.group("n") == "1" and said):
                i += 1
                continue
            found: dict[int, str] = {}
            while i < len(lines) and (not lines[i].strip() or (m := _NAMED_ITEM.match(lines[i]))):
                if lines[i].strip():
                    if int(m.group("n")) != len(found) + 1:
                        break
                    found[len(found) + 1] = _step_name(m.group("bold") or m.group("name"))
                i += 1
            if len(found) >= 3 and len(found) > len(best[0]):
                best = (found, said.group(0).lower().rstrip("s"))
    return best


_TITLE_TAIL = re.compile(r"\s+-\s+(?:VERSION\b.*|[A-Z]+\s+[A-Z]+S)$")  # "… - VERSION 1.4", "… - EIGHT LEGS"


def framework_title(docs: list[tuple[str, str]]) -> str | None:
    """The name the KB's own framework document gives itself in its capitalised title line ("PLANNING ROUTE - EIGHT
    LEGS - VERSION 1.4" → "PLANNING ROUTE"): the document whose headings number the steps, else None."""
    steps = kb_step_names(docs)
    for text in _not_guides(docs):
        first = text.lstrip().split("\n", 1)[0].strip()
        if steps and first.isupper() and all(steps[n] in _step_names_in(text) for n in steps):
            while (cut := _TITLE_TAIL.sub("", first)) != first:
                first = cut
            return first or None
    return None


def _step_names_in(text: str) -> set[str]:
    return {_step_name(m.group("paren") or m.group("name") or "") for m in _named_step_re(
        f"{_OTHER}|{_titled_word(text)}" if _titled_word(text) else _OTHER).finditer(text)}


def framework_steps(docs: list[tuple[str, str]]) -> dict[int, str]:
    """The steps the step tool serves for this KB: its own — numbered in headings (:func:`kb_step_names`),
    else in a list a line about steps leads into (:func:`listed_step_names`) — else MPA-10's."""
    return kb_step_names(docs) or listed_step_names(docs) or dict(STEP_NAMES)


_PHASE_HEAD = re.compile(rf"^[ \t]*(?:#{{1,6}}[ \t]*)?({_OTHER})\s+(10|[1-9])\b", re.I | re.M)


def step_word(docs: list[tuple[str, str]]) -> str | None:
    """The word a KB numbers the framework's steps with instead of "step" ("phase"): one document,
    not a step's own guide, heads three or more numbered sections with it ("Phase 4: Pick the markets"),
    or the line leading into its numbered list of steps says it ("four stages, in this order:")."""
    for text in _not_guides(docs):
        found: dict[str, set[int]] = {}
        for m in _PHASE_HEAD.finditer(text):
            found.setdefault(m.group(1).lower(), set()).add(int(m.group(2)))
        word = next((w for w, ns in found.items() if len(ns) >= 3), None)
        if word:
            return word
    if titled := _kb_steps(docs)[1]:  # "CHECKPOINT 3 - …" in a document titled "LAUNCH CHECKPOINTS"
        return titled
    listed = _listed(docs)[1]  # "Every campaign goes through four stages: 1. **Brief** …"
    return listed if listed in OTHER_STEP_WORDS else None


def get_step_guidance(engine: Any, step: int, topic: str | None = None,
                      top_k: int | None = None, names: dict[int, str] | None = None) -> ResultList:
    """Passages for step ``step`` of the framework ``names`` (default: MPA-10's ten steps), optionally
    narrowed by ``topic``. Searches only chunks tagged with that step and lifts the step's own
    document (``step-0N-*.md``) so the framework text comes before passing mentions elsewhere."""
    names = names or STEP_NAMES
    if not isinstance(step, int) or isinstance(step, bool) or step not in names:
        raise ValueError(f"step must be an integer from 1 to {max(names)}, got {step!r}")
    k = top_k or engine.config.top_k
    name = names[step]
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
