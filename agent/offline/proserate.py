"""A rate the knowledge base states in a sentence, applied to the count the last answer worked out.

Why: "How many of those LinkedIn demos usually become real sales opportunities?" after "$24,000 ÷ $380 ≈ 63 demos"
asks for a share of that count, and the KB states the share in prose, one figure per platform: "38% of demo
requests from Google Ads became sales opportunities, against 29% from LinkedIn and 17% from Meta". No benchmark
row holds it (:mod:`agent.offline.carrycount` applies one that does), so the retrieved sentence that says what the
count became ("became", "turned into") with a percentage is read, and of its percentages the one whose clause names
the platform the message names (or its only one). The count is the agent's own working, recomputed; the rate
the KB's, cited; nothing is applied when no sentence says what was asked.
"""
from __future__ import annotations

import re

from agent.offline import kblabels, platformsaid
from agent.offline.business import without_platforms
from agent.offline.carrycount import _BECOME, _THOSE, become_what, counts, first_unit
from agent.offline.numbers import digits, parse_numbers, plain, result
from agent.offline.passages import sentences, terms
from mpa.vocabulary import VOCABULARY

_BECAME = re.compile(r"\b(?:became|become|becomes|turned into|turn into|turns into|converted (?:in)?to|ended as)\s+"
                     r"(?:a |an |new |paying )?(?P<what>[a-z]+(?: [a-z]+)?)", re.I)


def _names(text: str) -> list[str]:
    """Every name of each platform the message names (the vocabulary's, the KB's own)."""
    keys = [k for _, k in platformsaid.said(text)]
    own = [name for _, _, name in kblabels.platforms_in(platformsaid.plain(text))]
    return [n.lower() for k in keys for n in VOCABULARY["platforms"][k]] + [n.lower() for n in own]


def _rate(sent: str, names: list[str]) -> float | None:
    """The percentage of ``sent`` whose clause names one of ``names`` (up to the next percentage), or its only one."""
    t = digits(sent)
    pcts = [n for n in parse_numbers(t) if n.pct]
    if names:
        for i, n in enumerate(pcts):
            clause = t[n.end:pcts[i + 1].start if i + 1 < len(pcts) else len(t)].lower()
            if any(re.search(r"(?<![a-z])" + re.escape(x) + r"(?![a-z])", clause) for x in names):
                return n.value
        return None
    return pcts[0].value if len(pcts) == 1 else None


def applied(text: str, previous_answer: str, passages: list[dict]) -> str | None:
    """The KB's sentence and the working "count × rate" for "how many of those X become Y", or None."""
    m, became = _THOSE.search(without_platforms(text)), _BECOME.search(text)  # "those LinkedIn demos": the demos
    if not m or not became:
        return None
    unit = m.group("unit") or first_unit(previous_answer)
    found = counts(previous_answer, unit)
    if len(found) != 1:
        return None
    what = become_what(became)
    asked, names = set(terms(what)), _names(text)
    for ps in passages[:6]:
        for sent in sentences(ps.get("text", "")):
            said = _BECAME.search(sent)
            if not said or not asked & set(terms(said.group("what"))) or (r := _rate(sent, names)) is None:
                continue
            count, how = found[0]
            s, n = result(count * r / 100, True)
            return (f"Based on Knowledge Base [{ps['id']}]: {sent}\n\nWorking:\n- {how} {result(count, False)[0]} "
                    f"{result(count, False)[1]} {unit}; × {plain(r)}% {s} {n} {said.group('what')} [{ps['id']}]")
    return None
