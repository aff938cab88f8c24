"""A rate the KB names itself from one step to the next ("inquiry to enrollment rate"), asked as the share of the
first that reaches the second ("what share of inquiries end up enrolling?", "how many enquiries turn into
enrollments"); or named by the one thing it counts ("cancellation rate"), asked as the share that does it ("how many
of them cancel?").

Why: the vocabulary reads "what share of … end up …" as a conversion rate, and a KB whose figure for that step is
its own "<first> to <second> rate" has no conversion rate for the business, so the honest answer was a decline
though the KB states the very figure. The KB's rate names both steps; a message that asks a share and says both, in
that order, asks that rate. Only the rates get_benchmark declares (:mod:`agent.offline.kbmetrics`), never a list
written here.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms
from mpa.wordkin import said_by_kin

_SHARE = re.compile(r"\b(?:share|percent|percentage|proportion|fraction|rate|ratio|how many|how full|what part)\b", re.I)
_BACK = re.compile(r"\b(?:of|do|did|will|would)\s+(?:those|these|them|they)\b", re.I)  # the things just talked about
_ONE_STEP = re.compile(r"^(?P<a>[a-z]+)(?:-(?:up|in|out|back|through))? rate$")  # "cancellation rate", "renewal
# rate": what one word says happens; "show-up rate": a verb with its particle ("how many really show?")
_STEPS = re.compile(r"^(?P<a>[a-z][a-z\- ]*?)[ -]to[ -](?P<b>[a-z][a-z\- ]*?) rate$")  # "applicant-to-hire rate" too


def _said_at(word_terms: list[str], text: str, start: int = 0) -> int:
    """Where ``text`` (from ``start``) first says a word whose stem begins like the step's (−1: nowhere)."""
    for m in re.finditer(r"[a-z][a-z\-]*", text[start:].lower()):
        got = terms(m.group(0)) or [m.group(0)]
        if got and any(g[:6] == w[:6] if min(len(g), len(w)) >= 6 else g == w for g in got for w in word_terms):
            return start + m.start()
    return -1


def asked(text: str, rates: list[str]) -> list[tuple[int, str]]:
    """(position, rate) for the one declared "<a> to <b> rate" whose steps the share-asking ``text`` says in order."""
    if not _SHARE.search(text):
        return []
    found = []
    for name in rates:
        m = _STEPS.match(name)
        if not m:
            continue
        a, b = terms(m.group("a"))[-1:], terms(m.group("b"))[-1:]
        at = _said_at(a, text) if a and b else -1
        if at >= 0 and _said_at(b, text, at + 1) > at:
            found.append((at, name))
    if not found:  # "how many of those people usually cancel": the rate named by what it counts ("cancellation rate")
        for name in rates:
            m = _ONE_STEP.match(name)
            at = _said_at(terms(m.group("a")) or [m.group("a")], text) if m else -1  # "show": a word terms() drops
            if at >= 0:
                found.append((at, name))
    if not found and (back := _BACK.search(text)):  # "how many of those visits end up as a signed contract": the first
        for name in rates:  # step is the one just talked about, the second is said — the one rate that ends there
            m = _STEPS.match(name)
            b = terms(m.group("b"))[-1:] if m else []
            if b and (at := _said_at(b, text, back.end())) >= 0:
                found.append((at, name))
    if not found:  # "how full do classes get" (a "class fill rate"), "how many never turn up" (a "no-show rate")
        found = [(0, name) for name in rates if said_by_kin(name, text)]
    return found if len(found) == 1 else []


def read(p):
    """``p`` asking only the KB's own step-to-step rate when it asks one (:func:`asked`): the vocabulary's rate read
    from the same words ("what share of … end up …": the conversion rate) is the one the KB names its own way."""
    own = [ph for ph in p.metric_phrases if _STEPS.match(ph) and asked(p.norm, [ph])]
    if own:
        from mpa.vocabulary import VOCABULARY
        p.metrics = [m for m in p.metrics if not any(s.endswith(" rate") for s in VOCABULARY["metrics"].get(m, []))]
    return p
