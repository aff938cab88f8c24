"""The channel a question asks about — and the section that speaks of it.

Why: the reader weighs a question's words by their rarity among the passages it reads, so that a
word every passage holds does not decide between them. But when the question asks about a channel ("audio",
"CTV", "retail media"), the search brings back mostly that channel's passages, the channel's own word becomes the
commonest and weighs least, and a section that never names it can win on the question's other, rarer words:
"the min spend to test audio" was answered by a general note on budget constraints ("Minimum viable spend: a
channel below the level …"), while the table of each channel's minimums, audio's row included, was in hand. That
section answers another question. So: when the section ranked first never names the channel the asking sentence
names, and a section close enough does, that one answers.

Not when the first section states a rule (its heading names a rule, a limit, a coded identifier): a rule holds for
every channel ("can I move 40% of social into search?" is answered by the reallocation speed limit, which names
neither). Not a channel named only in the scene before the question, nor a platform: "On Facebook, how long should
I retarget …?" asks the retargeting windows, whichever platform runs them (both measured: they lost answers).
"""
from __future__ import annotations

import re

from agent.offline.asking import question_sentences
from agent.offline.passages import near_matches, terms
from mpa.vocabulary import VOCABULARY
from rag.regexes import compiled

FLOOR = 0.5     # the section naming the medium must score at least this share of the first one's score
_GENERIC = frozenset({"channel", "channels"})  # the word "channel" names no medium


def _said(phrase: str, text: str) -> bool:
    return bool(compiled(rf"(?<![\w-]){re.escape(phrase)}s?(?![\w-])").search(text))


def media(question: str) -> list[list[frozenset[str]]]:
    """Each channel the question's asking sentences name ("what's the min spend to test audio"), as the word sets
    a section may name it by; a channel named only in the scene before the question ("Last-click says paid social
    does nothing for us. What's wrong with trusting last-click?") is the setting, not what is asked about."""
    ask = " ".join(question_sentences(question or "")) or question or ""
    low = re.sub(r"(?<=[a-z])['’]s\b", "", ask.lower())
    out = []
    for w in VOCABULARY["topics"]["channels"]:
        if w not in _GENERIC and _said(w, low):
            out.append([frozenset(terms(w))])
    return [m for m in out if all(m)]


def names(section: list, medium: list[frozenset[str]]) -> bool:
    """Does the section name the medium — in its sentences or in the headings over them?"""
    said = set().union(*(c.terms for c in section)) | section[0].head_terms | section[0].parent_terms
    return any(near_matches(set(n), said) == n for n in medium)


def first(ranked: list, by: dict, sections: dict, asked: list, q: set[str], rule) -> list:
    """``ranked`` with the best section naming every channel asked about first — and whose own heading names
    something else the question asks (``q``: its own words), so that a channel's mere overview or price list does
    not answer "what budget does an audio test need?" — when the first names none of them, states no rule
    (``rule`` of its heading) and that one scores at least FLOOR of it; unchanged otherwise."""
    if not asked or not ranked or by[ranked[0]] <= 0 or rule(sections[ranked[0]][0].heading) \
            or any(names(sections[ranked[0]], m) for m in asked):
        return ranked
    other = set(q) - {t for m in asked for n in m for t in n}
    for k in ranked[1:]:
        if by[k] < FLOOR * by[ranked[0]]:
            break
        if all(names(sections[k], m) for m in asked) and near_matches(other, set(sections[k][0].head_terms)):
            return [k] + [r for r in ranked if r != k]
    return ranked
