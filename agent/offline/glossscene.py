"""The concept a question points back to: named in everyday words in the sentence *before* the question.

Why: :mod:`~agent.offline.gloss` keeps, when the message's question names a concept itself, only the concepts its
question sentences name — what the other sentences name is their scene ("how do we prove it worked? nobody clicks
a TV ad" asks about proof, not clicks). But a question that says "it", "they" or "that" points back to what the
story before it named: "thinking of renting a big roadside sign. how would we tell if it brought anyone in?" asks
how to measure *the sign*, and the search needs the KB's word for it (out-of-home) next to the KB's word for the
asking (measurement). A pronoun points backwards, so only the sentences before the first question count; a remark
after the question ("… you can't click it") stays scene.
"""
from __future__ import annotations

from agent.offline.asking import question_sentences
from agent.offline.passages import message_sentences
from agent.offline.pointsback import POINTER
from mpa.everyday import Gloss, find, glosses, lexicon, stems


def widened(text: str, named: set[str]) -> set[str]:
    """``named`` (the concepts the message's question sentences name) with those the sentences before its first
    question name, when that question points back with a pronoun. A question naming no concept is left as it is:
    then no sentence's concepts are dropped as scene anyway."""
    return named | pointed_back(text) if named else named


def pointed_back(text: str) -> set[str]:
    """The concepts the sentences before the message's first question name in everyday words, when that question
    points back with a pronoun; an empty set otherwise."""
    asked = question_sentences(text)
    if not asked or not POINTER.search(asked[0]):
        return set()
    parts = message_sentences(text)
    before = parts[:parts.index(asked[0])] if asked[0] in parts else []
    return {g.concept for s in before for g in glosses(s)}


def every_phrase(found: tuple[Gloss, ...], text: str) -> list[Gloss]:
    """``found`` (a message's glosses: each concept once, by its first phrase) with every other phrase of the same
    concepts the message says. Why: whether a concept's KB terms are added is judged by its phrase — one the KB writes
    itself ("how many times") is reached by the search on its own — but the same concept said again in words the KB
    never writes ("… the same house see our spot") still needs them: the first phrase alone decided."""
    if not found:
        return list(found)
    words = stems(text)
    by_name = {c.name: c for c in lexicon()}
    out = list(found)
    for g in found:
        c = by_name.get(g.concept)
        for p in (c.said if c else ()):
            if p != g.entry and (span := find(p, words)):
                out.append(Gloss(g.concept, g.kb, " ".join(words[span[0]:span[1]]), span, "", p))
    return out
