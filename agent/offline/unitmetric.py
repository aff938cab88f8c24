"""The price a unit noun is asked at: "pay per X", "cost to win a X", "what does a X cost" read as the
phrase "cost per X", and the vocabulary metric whose unit X is ("lead" → CPL, "thousand impressions" → CPM).

Why a module of its own: the parser (:mod:`agent.offline.parse`) reads a message's metrics with these, and many
readers after it ask the same question of a single noun ("clicks" → cost per click) — one rule for what counts
as a priced unit, kept apart from the parser's sentence-level reading (which had filled its 400 lines).
"""
from __future__ import annotations

import re

from agent.offline import actionprice, kbcovers, kbmetrics
from agent.offline.earnask import participles
from agent.offline.passages import terms
from agent.offline.priceforms import JUDGED as _JUDGED, glossed, may_match, PRICE_FORMS as _PRICE_FORMS, UNIT_FORMS as _UNIT_FORMS, \
    UNIT_OF, pronoun_priced, unit_words
from mpa.vocabulary import VOCABULARY, canonical, match_terms, term_pattern


def _clean_noun(phrase: str) -> str:
    return " ".join(w for w in term_pattern(tuple(x for v in VOCABULARY["platforms"].values() for x in v)).sub(
        " ", phrase.lower()).split() if w not in ("new", "more", "single", "extra", "additional"))  # no platform: "a TikTok view"


def unit_metric(noun: str) -> str | None:
    """The price metric whose unit is ``noun`` ("lead" → CPL, "thousand impressions" → CPM,
    "customer" → CAC), by the vocabulary's "cost per …" synonyms and stemmed comparison."""
    if not noun:
        return None
    key = canonical(f"cost per {noun}", "metrics")
    if key or kbmetrics.priced(noun) or kbmetrics.priced(noun.split()[-1]):  # the KB's own "cost per view" (CPV), not the vocabulary's nearest unit: "a six-second view" too
        return key
    t = terms(noun)
    if not t:
        return None
    for k, u in UNIT_OF.items():
        if terms(u)[-1:] == t[-1:]:
            return k
    for k, syns in VOCABULARY["metrics"].items():  # any "cost per …" name: "impression" of "cost per thousand impressions"
        if any(s.startswith("cost per ") and terms(s)[-1:] == t[-1:] for s in syns):
            return k
    return None


def metric_phrases(text: str) -> list[tuple[int, str]]:
    """(position, "cost per <noun>") for each price question form in ``text``."""
    out, text = [], glossed(text, _is_unit)  # "a sign-up (a lead)": the lead
    low = text.lower() if text.isascii() else None
    for form in [f for f in _PRICE_FORMS if may_match(f, low)]:
        for m in form.finditer(text):
            noun = _clean_noun(m.group(1))
            if kbcovers.names_business(noun):  # (not a unit the KB prices: "cost per donor")
                continue
            words = noun.split()
            while words and (len(words[0]) < 3 or not terms(words[0]) or words[0] in _JUDGED):
                words = words[1:]  # "what customer" → "customer"; "a normal cost" prices nothing
            if not (words := unit_words(words)):
                continue  # a stop word or a fragment is not the name of a unit
            noun = _caused(text, m.end(1)) or " ".join(words)
            if noun and terms(noun) and not re.fullmatch(r"(?:it|that|this|one|them|us|each|much|more|less|does|do|did|is|are|was|were)", noun):
                out.append((m.start(1), f"cost per {noun}"))
    for pos, noun in [(m.start(1), _clean_noun(m.group(1))) for form in _UNIT_FORMS if may_match(form, low) for m in form.finditer(text)] + \
            pronoun_priced(text, _is_unit):  # looser forms: only a unit some "cost per …" metric counts
        words = noun.split()
        while words and not _is_unit(" ".join(words)):  # "click do law firms": the unit is the words up to "click"
            words.pop()
        if words and pos not in {q for q, _ in out}:
            out.append((pos, f"cost per {' '.join(words)}"))
    if len({ph for _, ph in out}) > 1:  # "what do ads cost us for each reservation": the ads are the spend, the unit is
        out = [(pos, ph) for pos, ph in out if not _THE_SPEND.fullmatch(ph[len("cost per "):])] or out  # the reservation
    return sorted(out)


# what the person won over is then got to do: "… to get a family to book a tour" prices the booked tour, not the family
_CAUSED = re.compile(r"\s+to\s+(?P<verb>[a-z]{3,})\s+(?:an?|one|their|a single)\s+(?P<obj>[a-z][a-z\-]*)\b", re.I)


def _caused(text: str, end: int) -> str | None:
    """The unit of a causative price ("what does it cost to get a family to book a tour" → "booked tour"): the thing
    the person is got to act on, with the act as its participle — only when a price the KB declares, or the
    vocabulary's, counts that unit ("to get a thousand people to see an ad" is a thousand impressions, no "seed ad")."""
    m = _CAUSED.match(text, end)
    if not m or m.group("verb").lower().endswith(("ed", "ing")):
        return None
    units = [f"{done} {m.group('obj').lower()}" for done in participles(m.group("verb"))]
    return next((u for u in units if kbmetrics.priced(u) or canonical(f"cost per {u}", "metrics")), None)


# the advertising itself, priced as a whole: what a price per unit is paid with, not a unit
_THE_SPEND = re.compile(r"(?:ads?|adverts?|advertising|advertisements?|marketing|media|campaigns?|promotions?)", re.I)


def _is_unit(noun: str) -> bool:
    """``noun`` is what a price metric counts ("leads", "installs"): its last word is the unit of a
    "cost per …" name (never a vertical: "cost of a hotel", nor the KB's own label ending it: "for a heat pump
    installer")."""
    words = noun.split()
    return bool(words) and not match_terms(noun, VOCABULARY["verticals"]) and not kbcovers.own_label(noun) and bool(unit_metric(words[-1]) or kbmetrics.priced(words[-1]) or actionprice.names_action(words[-1]))
