"""Guidance a KB writes as questions and answers ("Q: Can one site take most of the budget?" over "A: No. No single
site takes more than 40% …"): each answer sentence is read with the words of the question it answers.

Why: the reader quotes sentences, and a question is no answer, so the "Q:" line is dropped — and with it the only
words that say what the answer is about. "A: One tenth of every monthly budget … is held for a test" never says
"test reserve" or "hold back"; its question does ("How much do we hold back for tests?"). A user asks the way the
KB's own question is put, so an answer unit carries its question's words too (they choose it; the answer alone is
quoted, without its "A:" label). An FAQ is a common way for another team to write guidance: "Q:"/"A:",
"Question:"/"Answer:", bold or not, a line each or run on.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline.passages import terms

_Q = re.compile(r"^\s*(?:[-*•]\s+)?(?:\*\*)?(?:Q|Question)\s*(?:\d{1,3})?\s*[:.](?:\*\*)?\s+(?=\S)", re.I)
_A = re.compile(r"^\s*(?:\*\*)?(?:A|Answer)\s*[:.](?:\*\*)?\s+(?=\S)", re.I)
_A_IN = re.compile(r"(?:(?<=[?])|^)\s*(?:\*\*)?(?:A|Answer)\s*:(?:\*\*)?\s+", re.I)  # "…? A: …" run on one line


def _flat(s: str) -> str:
    return " ".join(s.split())


@lru_cache(maxsize=4096)
def pairs(text: str) -> tuple[tuple[str, str], ...]:
    """(question, answer) of each "Q: … A: …" block of a passage, whitespace flattened; none when it has no
    question that an answer follows."""
    out: list[tuple[str, str]] = []
    q: list[str] | None = None
    a: list[str] | None = None

    def close() -> None:
        if q and a:
            out.append((_flat(" ".join(q)), _flat(" ".join(a))))

    for ln in text.split("\n"):
        if not ln.strip():
            if a is not None:  # a blank line ends an answer; a question may wrap over its answer's label only
                close()
                q = a = None
            continue
        if _Q.match(ln):
            close()
            rest = _Q.sub("", ln, count=1)
            head, sep, tail = rest.partition("?")
            if sep and _A_IN.match(tail):  # "Q: … ? A: …" on one line
                q, a = [head + "?"], [_A_IN.sub("", tail, count=1)]
            else:
                q, a = [rest], None
        elif q is not None and a is None and _A.match(ln):
            a = [_A.sub("", ln, count=1)]
        elif a is not None:
            a.append(ln)
        elif q is not None:
            q.append(ln)
    close()
    return tuple(out)


def unlabelled(sent: str) -> str:
    """The sentence without an "A:" / "Answer:" label it starts with."""
    return _A.sub("", sent, count=1)


def question_of(text: str, sent: str) -> str:
    """The KB's own question the sentence ``sent`` of the passage ``text`` answers ('' for none)."""
    if not sent or not re.search(r"(?im)^\s*(?:[-*•]\s+)?(?:\*\*)?(?:Q|Question)\b", text):
        return ""
    s = _flat(unlabelled(sent))
    return next((q for q, a in pairs(text) if s and s in a), "")


def one_answer(chosen: list, scores: dict, text: str) -> list:
    """Of the units ``chosen`` from a section of the passage ``text``, those answering the same question as the best
    scored one (``scores``: by unit id): the neighbouring answers of an FAQ answer other questions."""
    if len(chosen) < 2 or not re.search(r"(?im)^\s*(?:[-*•]\s+)?(?:\*\*)?(?:Q|Question)\s*\d{0,3}\s*[:.]", text):
        return chosen
    best = max(chosen, key=lambda c: scores.get(id(c), 0.0))
    asked = question_of(text, best.text)
    return [c for c in chosen if question_of(text, c.text) == asked] if asked else chosen


def asked_first(question: str, ranked: list, sections: dict, top: list) -> list:
    """``ranked`` (section keys) with the section answering the KB's own question that the user asked — nearly word for
    word, in either direction (three quarters of each one's words in the other), opened by the same word — moved first: "Can I put my whole budget
    into connected TV?" is the FAQ's own question, while a section headed with the medium ("Connected TV By Streaming
    App") outranked its answer on the medium's name alone."""
    asked = set(terms(question))
    if len(asked) < 3:
        return ranked
    for k in ranked[:6]:
        text = top[k[0]].get("text", "")
        for q, _ in pairs(text) if _ASKS.search(text) else ():
            own = set(terms(q))
            if len(own & asked) >= 0.75 * max(len(own), len(asked)) and _opener(q) == _opener(question) \
                    and any(question_of(text, c.text) == q for c in sections[k]):
                return [k] + [r for r in ranked if r != k]
    return ranked


_ASKS = re.compile(r"(?im)^\s*(?:[-*•]\s+)?(?:\*\*)?(?:Q|Question)\s*\d{0,3}\s*[:.]")


def _opener(question: str) -> str:
    """The word a question opens with ("can", "how", "should"), past a greeting or "so"."""
    words = re.findall(r"[a-z']+", question.lower())
    words = words[1:] if words[:1] in (["so"], ["and"], ["ok"], ["okay"], ["hi"], ["also"]) else words
    return words[0] if words else ""
