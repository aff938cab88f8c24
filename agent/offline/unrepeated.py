"""A follow-up answered from the section just quoted says something the user was not just shown.

Why: a follow-up ("and the opposite case?", "what happens to the rest?") carries its topic from
the turn before, so the reader often picks the very section the previous answer quoted — right —
and, by the same scores, the very sentences it quoted: the answer repeats itself while the sentence
that answers the follow-up sits further down that section. Dropping the repeated sentences is
wrong too ("can we go higher than that?" is answered by the exception the quoted rule itself
states), so nothing is taken out: when *every* sentence chosen was already quoted in the previous
answer, one more sentence of the section is added, in reading order, within the answer's word limit —
the best-scoring one not yet quoted, else (the quote is a part of what was just said) the best-scoring
one left out. A quote that already says something new is left as it is.

General rules only: the text of the previous answer and the reader's own sentence scores.
"""
from __future__ import annotations

from agent.offline.followup import said


def quoted(text: str, answer: str) -> bool:
    """Was the sentence ``text`` (its end punctuation aside) said in ``answer``?"""
    return said(text.strip().rstrip(".;:,"), answer)  # the test "what comes next?" also uses on the last answer


def widen(chosen: list, section: list, scores: dict[int, float], answer: str, max_words: int) -> list:
    """``chosen`` plus one more sentence of ``section`` (score above zero; unquoted ones first) when
    every chosen sentence repeats ``answer`` (the previous turn's answer); ``chosen`` unchanged otherwise."""
    if not answer or not chosen or not all(quoted(c.text, answer) for c in chosen):
        return chosen
    other = [c for c in section if c not in chosen and scores.get(id(c), 0.0) > 0]
    if not other:
        return chosen
    best = max(other, key=lambda c: (not quoted(c.text, answer), scores[id(c)], -c.pos))
    if sum(len(c.text.split()) for c in chosen) + len(best.text.split()) > max_words:
        return chosen
    return sorted(chosen + [best], key=lambda c: c.pos)
