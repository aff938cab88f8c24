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

from agent.offline import gloss
from mpa.everyday import stems
from rag.sentences import SENTENCE_END


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


def _run(term: tuple[str, ...], words: tuple[str, ...]) -> bool:
    n = len(term)
    return any(words[i:i + n] == term for i in range(len(words) - n + 1))
