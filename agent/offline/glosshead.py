"""A section the KB files under the concept a message names in everyday words answers it, whatever the story's words.

Why: "my director wants to pull a third of our facebook money and put it into search from tomorrow. thoughts?" names
reallocation in everyday words (:mod:`mpa.everyday`), and the KB answers it in a section headed "Reallocation rules".
The reader's share-of-words test counts the story's words (a director, tomorrow, the verdict tag) against every
passage, and the section that states the rule shares too few of them: the answer declined. A heading — or the
section's opening sentence ("Concentrate. Typical shape: …") — that says one of the KB's own terms for the concept
whole (:func:`~agent.offline.gloss.terms`: only terms the served KB writes, only for phrases that name the concept
and are not the KB's ordinary vocabulary) is the KB saying where that concept is answered; the share of the story's
words is no evidence against it. Names and codes must still be found (the reader checks
:func:`~agent.offline.passages.names_found` with it).
"""
from __future__ import annotations

from functools import lru_cache

from agent.offline import gloss, servedkb
from mpa.everyday import stems
from rag.sentences import SENTENCE_END

HEADED = 1.5  # the weight of a section whose heading says a KB term of two words or more for the concept asked, whole


def files(question: str, passages: list[dict]) -> bool:
    """Does one of ``passages`` sit under a heading, or open with a sentence, that says a KB term for a concept the
    question names in everyday words?"""
    from agent.offline import changedmetric  # imported late: it reads the channel figures' question forms
    terms = [t for t in (stems(x) for x in (*gloss.terms(question), changedmetric.term(question))) if t]  # "CPM spike"
    if not terms:
        return False
    for ps in passages:
        body = ps.get("text", "")
        head = ps.get("source", "").partition("›")[2]
        opening = SENTENCE_END.split(body.strip(), maxsplit=1)[0][:200]
        for said in (stems(head), stems(opening)):
            if any(_run(t, said) for t in terms):
                return True
    return False


def heads(question: str) -> tuple[tuple[str, ...], ...]:
    """The KB's terms for the concepts ``question`` names in everyday words, as stems (stop words kept), for
    :func:`headed` — asked once per turn, then of every section the reader ranks."""
    return tuple(t for t in (stems(x) for x in gloss.terms(question)) if t)


def headed(terms: tuple[tuple[str, ...], ...], heading: str, source: str) -> int:
    """The most words of one of ``terms`` that ``heading`` says whole ("Reserve budget" for "keep some back just in
    case": 2), else 0. Then the KB files the concept the question names under that very heading: the reader makes it a
    contender beside the sections that only share the story's words (:mod:`~agent.offline.reader`). Not when the
    title of its document (``source``: the passage's "file › section …") says the term too: there the term is what
    every section is about ("Why first-party data matters" in a document titled "First-Party Data Strategy"), no sign
    of where the question is answered."""
    if not terms:
        return 0
    title = stems(_titles(servedkb.folder() or "").get(source.split("›")[0].strip(), ""))
    return max((len(t) for t in terms if _run(t, stems(heading)) and not _run(t, title)), default=0)


def weight(terms: tuple[tuple[str, ...], ...], heading: str, source: str) -> float:
    """The factor of a section's score in the reader: :data:`HEADED` when :func:`headed` finds a term of two words or
    more, half as much above 1 for a one-word term ("CRM", "retargeting": weaker evidence of where the concept is
    filed), else 1. It makes the section a contender; the meaning then weighs it (:func:`sectionmeaning.blend`)."""
    said = headed(terms, heading, source)
    return HEADED if said > 1 else 1.0 + (HEADED - 1.0) / 2 if said else 1.0


@lru_cache(maxsize=servedkb.PER_KB)
def _titles(kb: str) -> dict[str, str]:
    """Each document file of the KB folder ``kb`` → its title, read once per folder."""
    return {d.source: d.title for d in servedkb.documents(kb)} if kb else {}


def _run(term: tuple[str, ...], words: tuple[str, ...]) -> bool:
    n = len(term)
    return any(words[i:i + n] == term for i in range(len(words) - n + 1))
