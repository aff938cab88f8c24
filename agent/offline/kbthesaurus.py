"""The knowledge base's own explanations of its terms, read as a thesaurus from everyday words to the KB's.

Why: a user asks in everyday words ("how do I avoid paying to show ads to people who already buy from us?") and
the section that answers is named by the KB's term ("Suppression from acquisition"). The words barely meet in
the index, so the search ranks other sections first and the reader quotes one of them, or declines. But a
knowledge base usually explains each term once, in plain words, where it introduces it: a heading followed by a
sentence saying what it does ("Excluding current customers from acquisition campaigns … stops paying to
'acquire' people who already buy"), or a glossary line ("CPL - Cost per lead. Media spend divided by qualified
leads"). Those explanations are a thesaurus the KB wrote for us.

What it does, in general terms (no KB's words, no domain list):

* an explanation is the first prose sentence of a section's own body, its heading being the term — a heading
  written in two documents ("Worked example"), one that asks or argues ("Why …", "How the …"), introduces an
  illustration or names a particular case is no term; or a paragraph or list item that opens with a short term
  and a separator (``Term - …``, ``Term: …``, ``**Term**: …``) — one opening many paragraphs is a dialogue's
  speaker. A sentence pointing at other files explains nothing;
* a question matches an explanation when they share :data:`MIN_SHARED` content stems or more, and at least
  :data:`SHARE` of the question's own, not counting a one-word term's name ("reach" leads to its own section)
  — and at least one of them no heading of the KB uses (when every shared word names sections already, the
  search reaches them by it). The strongest match by the stems' rarity across the KB's sections wins;
* only a question (:func:`~agent.offline.asking.asks_anything`: typed with or without its "?"), with no figure (a calculation's or a look-up's words are the KB's) and no topic
  carried from the last turn;
* then the term is searched for as one more search after the turn's own, and only the section holding the term
  is kept from it (:func:`narrowed`); the reader prefers that section only when the question's words name no
  heading of the section it ranks first. A KB that explains nothing, or a question meeting no explanation,
  is searched and read exactly as before.

Measured (h_vocab branch) on 64 everyday how-to questions of our own written before the code: kb/ 7 → 8 of
46 answered from the right section, kb_txt2 6 → 6 of 18; every seen set's PASS/FAIL unchanged. Most everyday
wording shares fewer than three content words with the KB's explanation ("people seem bored of our ads" and
"creative fatigue is the decline in response as the same people see the same asset too often"), and looser
matching (two shared words, no heading test) lost seen turns: this reaches few questions, precisely.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from agent.offline import servedkb
from agent.offline.asking import asks_anything
from agent.offline.passages import is_pointer, terms
from agent.offline.sectionkind import EXAMPLE_HEAD  # the reader's own test of an illustration's heading
from rag.sentences import sentences

MIN_SHARED = 3   # content stems a question and an explanation must share (two met chance pairs on our probes)
SHARE = 0.5      # … and at least this share of the question's own: a long message meets some sentence by chance
MAX_TERM_WORDS = 6  # a paragraph's opening words longer than this are a sentence, not a term
# "CPL - Cost per lead. …", "- **Holdout**: a group …", "Reach: the number of …" (a term, a separator, its explanation)
_OPENING_TERM = re.compile(r"^(?:[-*•]\s+)?\**(?P<term>[A-Z][\w:/'’&+ -]*?)\**\s*(?:\s[-–—]\s|:\s)(?P<text>[A-Z(].+)$")


class Entry(NamedTuple):
    term: str               # the KB's term, as it writes it (a heading, a glossary line's opening words)
    stems: frozenset[str]   # the explanation's content stems, less the term's own
    where: str = ""         # what the heading of its section holds: its own heading, or the term (a glossary line's)


def _entry(term: str, text: str, where: str) -> Entry | None:
    first = sentences(text)
    if not first or is_pointer(first[0]) or re.search(r"\w\.(?:md|txt)\b", first[0]):
        return None  # a paragraph sending the reader to other documents explains nothing
    term = re.sub(r"\s*\([^)]*\)", "", term).strip(" :-–—*")  # "CPA (cost per acquisition)": the term itself
    own = set(terms(term))
    stems = frozenset(set(terms(first[0])) - own)
    return Entry(term, stems, where or term) if term and own and stems else None


# a heading's numbering label ("Section 3 - …", "Step 6: …", "Phase 2 — …"): the name follows it
_NUMBERED = re.compile(r"^(?:section|step|stage|part|chapter|phase)\s+\d+\s*[-–—:.]\s*", re.I)
_NOT_PROSE = re.compile(r"^(?:[-=_*]{3,}|\||#|META[_ -]|RELATED\s*-)")  # rules, tables, headings, declared fields


def _first_paragraph(body: str, heading: str) -> str:
    """The first paragraph of prose under a heading: its heading line, framing rules, tables and declared
    ``META`` lines skipped; a list after it is the section's content, not the explanation."""
    out: list[str] = []
    for ln in body.splitlines():
        s = ln.strip()
        if not s:
            if out:
                break
            continue
        if _NOT_PROSE.match(s) or (not out and s.lower().lstrip("#* ").startswith(heading.lower()[:40])):
            if out:
                break
            continue
        out.append(s)
    return " ".join(out)


def _paragraphs(text: str) -> list[str]:
    """The paragraphs and list items of a document, each on one line (a glossary line may follow another directly)."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n|\n(?=\s*[-*•]\s)|\n(?=[A-Z][\w/'’&+ -]{0,40}\s[-–—]\s)", text)]


# a heading that asks or tells rather than names ("Why X has no Y", "How the mix follows …", "Mixing the two"), or
# introduces a worked case: what follows it is an argument or an example, not the explanation of a term
_NOT_A_TERM = re.compile(r"^(?:how|why|what|when|where|which|who|whether|should|can|do|does|is|are)\b|\bthe two\b", re.I)


def names_a_term(heading: str) -> bool:
    """Does a heading name a term the section explains? Not when it asks or argues, introduces an illustration, or
    names a particular case (a capitalised name inside it: "The Northwind tree", "Conversation 3: …")."""
    words = re.findall(r"[\w'’-]+", re.sub(r"\([^)]*\)", "", heading))
    later = words[1:]  # in a heading written in lower case, a capitalised word is a name (title case says nothing)
    named = any(w[0].isupper() and not w.isupper() and not re.search(r"[\d-]", w) for w in later) \
        and any(w[0].islower() and len(w) > 3 for w in later)
    return not (_NOT_A_TERM.search(heading) or EXAMPLE_HEAD.search(heading) or named)


@lru_cache(maxsize=servedkb.PER_KB)
def entries(kb: str) -> tuple[tuple[Entry, ...], dict[str, float], frozenset[str], frozenset[str]]:
    """The explanations the KB in ``kb`` writes for its terms, each stem's rarity (idf over its sections), the
    stems that are a one-word term's name ("Reach", "CPL") — such a word in a question already speaks the KB's
    language and leads to its own section, so it does not tie the question to another term's explanation — and
    the stems of every heading: a question whose shared words are all heading words reaches sections by them.
    A heading written in two documents or more ("Worked example", "Benchmark table") is the KB's structure,
    not a term it explains."""
    docs = servedkb.documents(kb)
    heads: Counter = Counter()
    openers: Counter = Counter()  # a paragraph's opening term: a dialogue's speaker ("User: …") opens many
    for d in docs:
        heads.update({s.path[-1].lower() for s in d.sections})
        openers.update(m.group("term") for m in map(_OPENING_TERM.match, _paragraphs(d.text)) if m)
    out: list[Entry] = []
    df: Counter = Counter()
    n = 0
    for d in docs:
        for s in d.sections:
            body = d.text[s.start:s.end]
            n += 1
            df.update(set(terms(body)))
            if len(s.path) > 1 and heads[s.path[-1].lower()] == 1 and names_a_term(s.path[-1]):
                first = _first_paragraph(body, s.path[-1])
                e = None if _OPENING_TERM.match(first) else _entry(_NUMBERED.sub("", s.path[-1]), first, s.path[-1])
                if e:  # (a section opening with a glossary line explains that line's term, below)
                    out.append(e)
            for para in _paragraphs(body):
                m = None if _NOT_PROSE.match(para) else _OPENING_TERM.match(para)  # a glossary line: opens with its term
                if m and openers[m.group("term")] == 1 and len(m.group("term").split()) <= MAX_TERM_WORDS \
                        and not _NUMBERED.match(m.group("term")) \
                        and not (m.group("term").isupper() and " " in m.group("term")):  # "BY VERTICAL - …": a heading
                    e = _entry(m.group("term"), m.group("text"), "")  # found where the KB uses it, not in the glossary
                    if e:
                        out.append(e)
    out = list(dict.fromkeys(out))
    named = frozenset(t for e in out for t in terms(e.term) if len(terms(e.term)) == 1)
    headed = frozenset(t for d in docs for s in d.sections for t in terms(s.path[-1]))
    return tuple(out), {t: math.log(max(1, n) / (1 + c)) + 1.0 for t, c in df.items()}, named, headed


def term_for(question: str) -> str | None:
    """The KB term whose own explanation the question's words meet most strongly, or None — and None for a
    message that asks nothing ("I don't know our X": a gap it reports) or states a figure (its words are a
    calculation's or a look-up's, which name the KB's terms already)."""
    e = _explained(question)
    return e.term if e else None


def explaining(question: str) -> str:
    """The heading (lower case) of the section explaining the KB's term for the question's words, or ""."""
    e = _explained(question)
    return e.where.lower() if e else ""


def _explained(question: str) -> Entry | None:
    kb = servedkb.folder()
    return _best(question, kb) if kb and asks_anything(question) and not re.search(r"\d", question) else None


@lru_cache(maxsize=servedkb.PER_KB)
def _holding(kb: str) -> dict[str, tuple[int, ...]]:
    """For each stem, the positions of the KB's explanations (:func:`entries`) holding it. Why: an explanation is
    matched only when it shares :data:`MIN_SHARED` stems or more with the question, so counting the question's
    stems through this index finds the few that can be — matching all of a KB's explanations (several hundred on
    kb/) against every question was most of this module's time."""
    index: dict[str, list[int]] = {}
    for i, e in enumerate(entries(kb)[0]):
        for t in e.stems:
            index.setdefault(t, []).append(i)
    return {t: tuple(ids) for t, ids in index.items()}


@lru_cache(maxsize=4096)
def _best(question: str, kb: str) -> Entry | None:  # the search and the reader ask it of the same words
    found, rarity, named, headed = entries(kb)
    asked = set(terms(question))
    need = max(MIN_SHARED, SHARE * len(asked))
    holding = _holding(kb)
    meets = Counter(i for t in asked - named for i in holding.get(t, ()))  # each explanation's shared stems
    best, score = None, 0.0
    for e in (found[i] for i in sorted(i for i, n in meets.items() if n >= need)):  # in the KB's order, as all were
        shared = asked & e.stems - named
        if shared - headed and not asked >= set(terms(e.term)):
            s = math.fsum(rarity.get(t, 1.0) for t in shared)  # fsum: a set's order must not break a tie
            if s > score:
                best, score = e, s
    return best


def query(focus: str) -> str | None:
    """The search for ``focus`` with the KB's own term for it added, or None when its words meet no explanation."""
    e = _explained(focus)
    return f"{focus} {e.term}" if e else None


def narrowed(query_: str, passages: list[dict]) -> list[dict]:
    """The passages of a search :func:`query` formed, narrowed to the section explaining its term: the term was
    added to reach that section, and the rest of what such a search returns is what the turn's own searches
    found already, or chance (the words of a term meet other sections too)."""
    where = _formed(query_)
    if where is None:
        return passages
    return [p for p in passages if where in p.get("source", "").lower()]


def _formed(query_: str) -> str | None:
    """The heading of the section explaining the term :func:`query` added to ``query_``, or None when ``query_`` is
    no search it forms. Read again from the query itself, never from a record of the searches formed so far: such
    a record is shared by every case a process plays (in threads, in any order) and was emptied when full, so
    whether an earlier turn's search was narrowed depended on what other cases had searched meanwhile."""
    kb = servedkb.folder()
    if not kb or " " not in query_:
        return None
    for term in _terms_ending(kb).get(query_.rsplit(" ", 1)[1], ()):
        focus = query_[:-len(term) - 1] if query_.endswith(" " + term) else ""
        e = _explained(focus) if focus else None
        if e is not None and e.term == term:
            return e.where.lower()
    return None


@lru_cache(maxsize=servedkb.PER_KB)
def _terms_ending(kb: str) -> dict[str, tuple[str, ...]]:
    """The KB's explained terms by their last word (what :func:`query` adds ends a search with it)."""
    out: dict[str, list[str]] = {}
    for e in entries(kb)[0]:
        if e.term.split():
            out.setdefault(e.term.rsplit(" ", 1)[-1], []).append(e.term)
    return {w: tuple(dict.fromkeys(ts)) for w, ts in out.items()}
