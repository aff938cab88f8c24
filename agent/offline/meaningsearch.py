"""The whole knowledge base ranked by meaning, when the words of a how-to question found passages
that do not answer it and the agent would decline.

Why: the search engine and the reader both match words. A user who asks "how often may one home see
our ad before it grates?" shares almost no word with the section "The … household frequency rule" that
answers it, so the reader finds no section among the passages and the agent declines although the KB
answers. This module ranks *every* section of the knowledge base by similarity in meaning to the
question (all-MiniLM-L6-v2 via :mod:`~agent.offline.semantic`: the section's heading path and text,
each encoded once and kept on disk) and takes the nearest one only — then:

* when the turn's own search already returned it, it is quoted from that passage if it is near enough
  (:data:`HELD`) and named after a word of the question (:func:`_named_after`: near that floor, meaning
  alone is as close to questions off the KB's topic);
* when only other parts of its document were returned, and it is nearer (:data:`NEAR`), the search tool
  is asked once more with its headings as the query, and it is quoted from that result (:func:`query`);
* it is never quoted when a name or code the question asks about is not in it ("Acme's ad spend").

The answer is always cited from a passage a search tool returned. General conditions:

* It acts only on a turn that looked things up with the search tools alone and whose answer is the
  plain "no information" decline: a missing benchmark or audience size stays a reported gap.
* The knowledge base is the folder the tools serve (``MPA_KB_DIR``, else ``kb/``), and only when the
  passages the tools returned all come from its files: a folder of other documents is never ranked.
* Without the encoder (not installed, ``MPA_OFFLINE_MEANING=0``, tests) nothing changes.
* The first turn that needs it encodes each section once (~1,000 sections of ``kb/``: about a minute
  on two busy cores; vectors are cached on disk by text hash, so every later run reads them back).
* Measured limits: the small encoder ranks the answering section first for only some paraphrases
  (the rest stay declined — precision is kept over reach); off-topic questions of our own (weather,
  taxes, stocks, recipes, repairs, health, injected instructions) stay declined on both KBs.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from agent.offline import drawnon, focus, servedkb
from agent.offline.compose import abstain
from agent.offline.passages import is_instruction, is_pointer, names_found, terms, units
from agent.offline.reader import _EXAMPLE_HEAD, MAX_WORDS  # the reader's own test of an illustration's heading
from agent.offline.asking import marked
from agent.offline.searchq import leans_on_previous
from agent.offline.semantic import similarities, switched_off
from agent.offline.toolread import ToolOutcome
from mpa.vocabulary import VOCABULARY, match_terms
from rag.regexes import compiled

# the least similarity in meaning (MiniLM cosine, question vs a section's heading path and text) at which the
# nearest section of the whole KB is searched for. Calibrated on questions of our own: twenty the KB cannot
# answer (weather, taxes, stocks, recipes, repairs, health, an injected instruction, …) came nearest to some
# section at 0.08–0.35; paraphrased how-to questions reached the section answering them at 0.38–0.58
NEAR = 0.40
# the same, for the nearest section when the words' own search already returned it (and it is named after a
# word of the question): answering sections scored 0.30–0.34 there; off-topic questions of our own up to 0.35
HELD = 0.30
# the same, for the nearest section anywhere in the KB when every search of the turn came back empty and its heading
# shares a word of the question ("hitting the spam button: how bad is too bad?" and "… the spam-complaint ceiling"):
# far above any off-topic question of our own (≤ 0.35) and the floor for a section named nowhere else (NEAR)
FAR = 0.50
_SEARCHING = {"search_knowledge_base", "get_step_guidance", "research_topic"}
# the agent's plain decline when its searches found nothing that answers (policy: the reader's miss)
_DECLINE = abstain([("information that answers this question", "")], [])
# a question: its mark, or a question word opening the message or one of its clauses ("different thing. our list …, how
# bad is too bad")
_ASKS = re.compile(r"\?|(?:^|[.,;:!]\s)\W*(?:how|what|which|when|where|why|who|should|can|could|do|does|is|are|will|would)\b",
                   re.I)
MIN_WORDS = 8  # a section shorter than this (a heading over its subsections) says nothing to compare


class Section(NamedTuple):
    source: str      # the document's file, as the tools name it ("channel-ctv.md")
    path: tuple[str, ...]  # (document title, section, subsection, …)
    text: str        # the section's own body, whitespace collapsed

    @property
    def encoded(self) -> str:
        return f"{' › '.join(self.path)}: {self.text}"

    @property
    def query(self) -> str:
        """The search that retrieves this section: its headings, the document title first."""
        return " ".join(self.path)[:400]


@lru_cache(maxsize=servedkb.PER_KB)
def sections(kb: str) -> tuple[Section, ...]:
    """Every section of the knowledge base in ``kb`` with a body of its own (the engine's own parser)."""
    out = []
    for d in servedkb.documents(kb):
        for s in d.sections:
            lines = d.text[s.start:s.end].strip().splitlines()
            if lines and s.path[-1] in lines[0]:
                lines = lines[1:]  # the heading line: it is in the path already
            body = " ".join(" ".join(lines).split())
            if len(body.split()) >= MIN_WORDS:
                out.append(Section(d.source, s.path, body))
    return tuple(out)


def _kb(outcomes: list[ToolOutcome]) -> tuple[Section, ...]:
    """The sections of the folder the tools serve: ``MPA_KB_DIR`` (set by the evals' ``--kb``), else
    ``kb/`` — only if every passage the tools returned names one of its files."""
    kb = servedkb.folder()
    secs = sections(kb) if kb else ()
    files = _read_off(secs)[0]
    seen = {p.get("source", "").split(" › ")[0].strip() for o in outcomes for p in o.passages}
    return secs if secs and seen <= files else ()


_READ_OFF: dict[int, tuple[tuple[Section, ...], frozenset[str], frozenset[str], list[str]]] = {}


def _read_off(secs: tuple[Section, ...]) -> tuple[frozenset[str], frozenset[str], list[str]]:
    """(the files, the searches, the texts encoded) of the sections :func:`sections` read: gathered once per reading
    of a KB (found by identity; the entry holds the sections, so the id is never another's) rather than from its
    hundreds of sections on every turn. The texts are the same string objects every time, so each keeps its hash
    for the similarity's per-text caches (a fresh string is hashed again at every look-up). Read, never changed."""
    hit = _READ_OFF.get(id(secs))
    if hit is None or hit[0] is not secs:
        if len(_READ_OFF) >= 8:
            _READ_OFF.clear()
        hit = _READ_OFF[id(secs)] = (secs, frozenset(s.source for s in secs), frozenset(s.query for s in secs),
                                     [s.encoded for s in secs])
    return hit[1], hit[2], hit[3]


# (the question as encoded, the sections' id, is the similarity off) → (the sections, the nearest and its similarity)
_NEAREST: dict[tuple, tuple] = {}


def nearest(question: str, outcomes: list[ToolOutcome]) -> tuple[Section, float] | None:
    """The section of the whole KB nearest in meaning to ``question``, with its similarity — once per question
    and KB reading: a declined turn asks it up to three times (the retry before the reader, the re-reader, the
    retry after it), and each time compared the question with every section."""
    secs = _kb(outcomes)
    if not secs:
        return None
    key = (marked(question), id(secs), switched_off())
    hit = _NEAREST.get(key)
    if hit is not None and hit[0] is secs:
        return hit[1]
    sims = similarities(key[0], _read_off(secs)[2])
    if not sims:  # no similarity (no encoder): not kept, nothing was compared
        return None
    best = max(range(len(secs)), key=lambda i: (sims[i], -i))
    if len(_NEAREST) >= 1024:
        _NEAREST.clear()
    _NEAREST[key] = (secs, (secs[best], sims[best]))
    return secs[best], sims[best]


def _file(p: dict) -> str:
    return p.get("source", "").split(" › ")[0].strip()


def _holding(sec: Section, passages: list[dict]) -> list[dict]:
    """The passages that hold ``sec``: its document's, with its heading line."""
    return [p for p in passages if _file(p) == sec.source
            and compiled(rf"(?mi)^\W*{re.escape(sec.path[-1])}\s*$").search(p.get("text", ""))]


def _searching(outcomes: list[ToolOutcome], answer: str) -> bool:
    return answer.startswith(_DECLINE) and bool(outcomes) and all(o.name in _SEARCHING for o in outcomes)


def _stands_alone(question: str) -> bool:
    """A follow-up ("and for the bigger markets?", "what about that one?") means what the last turn
    meant: its own words are no question to rank the whole KB by."""
    return not leans_on_previous(question)


def _named_after(question: str, sec: Section) -> bool:
    """Is ``sec`` a rule named after a word of the question ("where should the cut come from?" and
    "Principles for cutting budget"), asked as a question? Near the floor of similarity, meaning alone
    is as close to a question off the KB's topic (a novel for a long flight, and "Flighting"; a tax on a
    family home, and a worked example about home buyers): the section's own heading sharing a word,
    a question, and a heading that is no example or dialogue are what the answerable ones have. A question by its
    words or its "?", not any request: "Recommend a thriller novel for a long flight." asks, and met "Flighting"
    (tests/test_offline_meaningsearch.py, slow, kept it declined)."""
    return bool(_ASKS.search(question)) and bool(set(terms(question)) & set(terms(sec.path[-1]))) and not any(
        _EXAMPLE_HEAD.search(h) for h in sec.path)


def _other_business(question: str, sec: Section) -> bool:
    """Does the question name an industry the KB leaves out ("what does a nonprofit pay per new donor?") while
    ``sec``'s headings name a business the KB covers ("CAC in financial services")? Meaning matched the cost, not
    whose it is: that section is another business's figure, which no answer substitutes (:mod:`declfirst`)."""
    from agent.offline import kblabels  # (imported here: the parser reads the served KB's own labels)
    from agent.offline.parse import parse
    if not parse(question).industry_phrase:
        return False
    heads = " ".join(sec.path[1:]).lower()  # its own headings by any name; the document's title by a vertical's own
    title = sec.path[0].lower()  # name ("Automotive benchmarks", not "… Health Ratios")
    return bool(match_terms(heads, VOCABULARY["verticals"])) or kblabels.named_in(heads) is not None or any(
        re.search(rf"\b{re.escape(k.replace('-', ' '))}\b", title) for k in VOCABULARY["verticals"])


def query(question: str, outcomes: list[ToolOutcome], answer: str, cited: frozenset[str] = frozenset()) -> str | None:
    """The search to run next: the headings of the section nearest in meaning to the question, when
    this turn's searches left it declined, returned other parts of that section's document, and that
    search was not made yet; else None. A section in a document the conversation's answers ``cited``
    (:func:`agent.offline.drawnon.files`) is searched from the lower floor :data:`HELD`."""
    if switched_off() or not _searching(outcomes, answer) or not _stands_alone(question):
        return None  # (no similarity: no section is near)
    near = nearest(question, outcomes)
    if near is None or any(o.input.get("query") == near[0].query for o in outcomes):
        return None
    sec, sim = near
    drawn = drawnon.drew(question, sec, sim >= HELD, cited, _kb(outcomes))
    if sim < NEAR and not drawn:
        return None
    if (sec.source not in {_file(p) for o in outcomes for p in o.passages} and not drawn) or not names_found(
            question, set(terms(question)) & set(terms(sec.encoded)), [{"text": sec.encoded}]) or _other_business(question, sec):
        return None  # its document unseen, or a name the question asks about is not in it ("Acme's spend"), or another business's
    return sec.query


def _most_named(question: str, outcomes: list[ToolOutcome]) -> Section:
    """Of the sections at :data:`FAR` or nearer named after a word of the question, the one whose heading the question
    says most of ("why does deliverability matter?": "Deliverability", not its subsection "Deliverability red line:
    the spam-complaint ceiling", nearer in meaning by its one sentence on why), then the nearest."""
    secs = _kb(outcomes)
    sims = similarities(marked(question), [s.encoded for s in secs]) or []
    said = set(terms(question))
    named = [(len(said & set(terms(s.path[-1]))) / max(1, len(set(terms(s.path[-1])))), sim, s)
             for s, sim in zip(secs, sims) if sim >= FAR and _named_after(question, s)]
    return max(named, key=lambda n: n[:2])[2]


def drawn(question: str, outcomes: list[ToolOutcome], cited: frozenset[str]) -> str | None:
    """The headings of the section nearest in meaning to ``question``, searched before the word retries, when
    every search of the turn came back empty and that section lies in a document the conversation's answers
    ``cited`` at :data:`HELD` or nearer (:mod:`~agent.offline.drawnon`), or anywhere at :data:`FAR` or nearer
    with a heading named after a word of the question and no figure in it: the retries drop words until some
    other passage matches and leave no round for this search. None otherwise."""
    searched = [o for o in outcomes if o.name == "search_knowledge_base"]
    if switched_off() or not searched or any(o.found or o.is_error or o.name not in _SEARCHING for o in outcomes) \
            or not _ASKS.search(question) or not _stands_alone(question):
        return None
    near = nearest(question, outcomes)
    if near is None or not (drawnon.drew(question, near[0], near[1] >= HELD, cited, _kb(outcomes)) or (
            near[1] >= FAR and _named_after(question, near[0]) and not re.search(r"\d", question))):
        return None
    sec = near[0] if drawnon.drew(question, near[0], near[1] >= HELD, cited, _kb(outcomes)) else _most_named(question, outcomes)
    if any(o.input.get("query") == sec.query for o in outcomes) or not names_found(
            question, set(terms(question)) & set(terms(sec.encoded)), [{"text": sec.encoded}]) or _other_business(question, sec):
        return None
    return sec.query


def read(question: str, outcomes: list[ToolOutcome], answer: str, k: int, cited: frozenset[str] = frozenset()) -> str | None:
    """The answer from the section of the whole KB nearest in meaning, quoted from a passage a search
    returned: after the search :func:`query` asked for, or — when the turn would decline — when the
    words' own search already returned it and it is near enough (:data:`HELD`) and named after a word of
    the question or in a document the conversation's answers ``cited``. None otherwise."""
    if switched_off() or not outcomes or any(o.name not in _SEARCHING for o in outcomes) or not _stands_alone(question):
        return None  # (no similarity: no section is near)
    asked = _read_off(_kb(outcomes))[1]  # no search made for a section and no decline: nothing to encode
    hop = [o for o in outcomes if o.name == "search_knowledge_base" and o.found and o.input.get("query") in asked]
    if not hop and not answer.startswith(_DECLINE):
        return None
    near = nearest(question, outcomes)
    if near is None:
        return None
    sec, sim = near
    mine = [o for o in hop if o.input["query"] == sec.query]
    if hop and not mine:  # the section searched for was not the nearest (:func:`_most_named`): that one is read
        sec = next(x for x in _kb(outcomes) if x.query == hop[0].input["query"])
        mine = hop[:1]
    if (not mine and (sim < HELD or not (_named_after(question, sec) or drawnon.drew(question, sec, True, cited, _kb(outcomes))))) \
            or _other_business(question, sec):
        return None
    held = _holding(sec, [p for o in (mine or outcomes) for p in o.passages])[:1]
    covered = set(terms(question)) & set(terms(held[0]["text"])) if held else set()
    return quote(sec, held[0], k) if held and names_found(question, covered, held) and focus.stated(question, held) \
        else None


def quote(sec: Section, passage: dict, k: int) -> str | None:
    """The first ``k`` sentences of ``sec`` in ``passage`` (at most MAX_WORDS), cited. The section was
    chosen as a whole, by its meaning: its lead states what it is about, so the quote starts there
    rather than at the sentences sharing the question's words (it shares few)."""
    last = passage.get("source", "").split("›")[-1].strip()
    said: list[str] = []
    for u in units(passage.get("text", "")):
        if (u.heading or last).lower() != sec.path[-1].lower() or is_instruction(u.text) or is_pointer(u.text):
            continue
        if len(said) >= k or (said and len(" ".join(said + [u.text]).split()) > MAX_WORDS):
            break
        said.append(u.text)
    return f"Based on Knowledge Base [{passage['id']}]: " + " ".join(said) if said else None
