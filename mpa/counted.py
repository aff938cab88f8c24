"""Which money metric a described unit is, read from what the KB says each metric counts.

Why: a user who does not know a metric's name prices the thing paid for — "each booked test drive",
"every enquiry form", "one finished application", "a new account holder". The KB says what its
metrics count, in three places of decreasing closeness to a vertical:

* the note on the metric in the vertical's file ("Automotive CPA counts a high-intent action: a booked
  test drive …", "Healthcare CAC counts new patients who …") — its first sentence, comparisons left out
  (:func:`mpa.resolve.without_contrast`: "a deeper action than a basic lead" names no CPA unit);
* the same row's "when it applies" cell ("Low for general inquiry forms …") — not the rest of the note,
  which names other things in passing ("… unless matched-sales data is available");
* the KB's definition of the metric, a section headed by the metric's own label ("CPL (cost per lead)":
  "… where a lead is a form fill, demo request or qualified contact") — the same in every vertical,
  asked only among the metrics the vertical's table has.

The unit resolves to the metric whose text says all its words (stemmed), closest place first; else to
the one saying its last word (the thing counted: "inbound signup *form*"); else, by meaning, to the
metric whose counted items are clearly nearest (:func:`mpa.resolve.similarities`: "reservation" among
"completed bookings" and "first-time bookers"). Nothing resolves when the KB's text leaves a doubt —
a wrong metric is worse than an honest "not in the knowledge base".
"""
from __future__ import annotations

import re
import weakref
from functools import lru_cache
from typing import Any

from mpa import resolve, unitmeant
from mpa.layout import readable
from rag.sentences import loose_sentences
from rag.regexes import compiled

# a result said after the thing it happens to ("an in-home estimate booked", "a stay booked"): no head noun itself
_DONE = re.compile(r"booked|scheduled|signed|completed|confirmed|filled|submitted|closed|attended|kept", re.I)

MEANING_NEAR = 0.44    # the nearest counted item's similarity for meaning to name a metric …
MEANING_LEAD = 0.15    # … and its lead over the nearest item of any other metric
LAST_WORD_NEAR = 0.30  # a thing a note names by the unit's last word is no name of the unit this far from it by meaning


# nouns the analyzer's stop list holds (it is a list of English function words, with a few nouns among them) that
# name a thing a metric counts: "a booked call", "form fills", "a no-show"
STOP_NOUNS = frozenset({"call", "fill", "show", "bill"})


@lru_cache(maxsize=4096)
def _terms(text: str) -> frozenset[str]:
    """:func:`mpa.resolve.terms` and :data:`STOP_NOUNS` said in ``text``: what a metric counts is often one of them."""
    return resolve.terms(text) | {w for w in re.findall(r"[a-z]+", (text or "").lower()) if w in STOP_NOUNS}


def _note(text: str, code: str) -> str:
    """The paragraph under the heading that names ``code`` (the vertical's note on the metric)."""
    m = compiled(r"^#{2,6} [^\n]*(?<![\w:])" + re.escape(code) + r"(?![\w:])[^\n]*\n+([^\n#|][^\n]*)", re.M).search(text)
    return m.group(1) if m else ""


def definitions(texts: dict[str, str], names: dict[str, list[str]], skip: set[str] = frozenset()) -> dict[str, str]:
    """metric → the KB's definition of it: the text after a heading, a list item's term or a line's term that
    is one of the metric's ``names`` ("### CPL (cost per lead)" + its paragraph; "- **Cost per lead**: spend
    divided by enquiries …"; "CPL - Cost per lead. A CPA where …"), in the files not in ``skip``."""
    out: dict[str, str] = {}
    for key, ns in names.items():
        alts = "|".join(re.escape(n) for n in sorted({n for n in ns if n}, key=len, reverse=True))
        if not alts:
            continue
        pat = re.compile(r"^[ \t]*(?:(?P<h>#{2,6}[ \t]*)|[-*][ \t]+(?:\*\*)?|\*\*)?(?:" + alts + r")(?:[ \t]*\([^)\n]*\))?"
                         r"(?:\*\*)?(?:[ \t]*:[ \t]*|[ \t]+[-\u2013\u2014][ \t]+|(?(h)[ \t]*\n+|(?!)))"
                         r"(?![ \t]*[$\u20ac\u00a3]?\d)"  # a figure after the name is a benchmark, not a definition
                         r"(?P<d>[^\n#|][^\n]*(?:\n(?![ \t]*(?:[-*#|]|$)|[A-Za-z][\w/ ]{0,30}?(?:[ \t]+[-\u2013\u2014]|:)[ \t]+)"
                         r"[^\n]+)*)", re.I | re.M)
        for source, text in texts.items():
            # a line in capitals after the name is a list's caption ("COST PER BOOKED CALL - GOOGLE ADS 2025"), no definition;
            # a dotted leader joins a glossary's term and its definition as a colon does ("Booked stay ........ one paid …")
            if source not in skip and (m := next((m for m in pat.finditer(readable(text)) if not m.group("d").isupper()), None)):
                out[key] = " ".join(m.group("d").split())
                break
    return out


_PLACES: "weakref.WeakKeyDictionary[Any, dict[str, list[dict[str, str]]]]" = weakref.WeakKeyDictionary()


def _places(t: Any, vertical: str) -> list[dict[str, str]]:
    """For each place the KB says what a metric counts (closest first): metric → that text, for the
    vertical's money metrics. Read once per parsed KB (``lookups.tables``, rebuilt when the KB is) and
    vertical, and shared (read it, never change it): the definitions' patterns are searched through every
    file of the KB, and the benchmark tool asks again on each turn that names a priced unit."""
    per_kb = _PLACES.setdefault(t, {})
    if vertical not in per_kb:
        per_kb[vertical] = _read_places(t, vertical)
    return per_kb[vertical]


def _read_places(t: Any, vertical: str) -> list[dict[str, str]]:
    rows = {key: row for (v, key), row in t.bench.items() if v == vertical and row.unit == "$"}
    first = {k: resolve.without_contrast((loose_sentences(_note(t.texts[r.source], r.metric)) or [""])[0])
             for k, r in rows.items()}
    found = definitions(t.texts, {k: [r.metric] for k, r in rows.items()}, {r.source for r in t.bench.values()})
    return [first, {k: r.when for k, r in rows.items()}, {k: resolve.without_contrast(found.get(k, "")) for k in rows}]


def _term_meant(texts: dict[str, str], definition: str) -> str:
    """What the KB says the term a definition counts is ("… divided by conversions, where a conversion is the
    primary action …" → "A conversion here means …: a booked appointment, a submitted form …"), else "". Only a
    term said in general ("where a conversion is"): "where the conversion is a lead" says which one itself."""
    term = re.search(r"\bwhere an? ([a-z]+) is\b", definition)
    if not term:
        return ""
    said = re.compile(r"(?:^|(?<=[.!?]\s))(?:An?|The) " + term.group(1) + r"\b(?: here| in this [a-z]+)? (?:means|is)\b[^.]*\.",
                      re.M)
    for text in texts.values():
        for m in said.finditer(text):
            if m.group(0) not in definition:
                return " ".join(m.group(0).split())
    return ""


def _saying(words: set[str], unit: str, texts: dict[str, str]) -> str | None:
    """The one metric whose text says every one of ``words``; among several, the one saying each word
    of ``unit`` itself ("first-order customers" counts customers, "repeat orders" orders)."""
    hits = {k: s for k, s in texts.items() if s and resolve.coverage(words, _terms(s)) == 1.0}
    if len(hits) > 1:
        said = [w for w in re.findall(r"[a-z]+", unit.lower()) if _terms(w)]
        hits = {k: s for k, s in hits.items() if all(re.search(r"(?<![\w-])" + re.escape(w[:-1] if w.endswith("s") else w)
                                                                + r"(?:s|es)?(?![\w-])", s, re.I) for w in said)}
    return next(iter(hits)) if len(hits) == 1 else None


def _items(text: str) -> list[str]:
    """The things a sentence says a metric counts: after "counts", "means" or a formula's "÷" ("counts booked
    appointments or completed telehealth intakes", "Spend ÷ leads, where a lead is a form fill, demo request
    or qualified contact") → each item; nothing when it says no such thing ("Typical CPL is $40–$90")."""
    said = re.search(r"(?:\bcounts?\b|\bmeans?\b|÷|\bdivided by\b|\bwhere (?:an? |the )?[a-z]+ is\b)\s*(?:only\s+)?(?:an? |the )?"
                     r"(.*?)(?:\.(?:\s|$)|$)", text or "")  # … to the end of its sentence
    if not said:
        return []
    parts = re.split(r",\s*|;\s*|:\s*|\(|\)|\s+or\s+|\s+and\s+|\s+plus\s+|\s+is\s+", said.group(1))
    # a figure qualifying an item is no item of its own: "tracked calls longer than 90 seconds" counts tracked calls
    parts = [re.sub(r"\s+(?:longer|shorter|more|less|fewer|over|under|above|below|of|within|after|at)\b[^\d]*\d.*$", "", x)
             for x in parts]
    return [x.strip() for x in parts if _terms(x) and not re.search(r"\d", x)]


def by_meaning(unit: str, places: list[dict[str, str]]) -> str | None:
    """The metric one of whose counted items (what its note or its definition says it counts) is clearly
    nearest ``unit`` by meaning."""
    names = {k: _items(places[0].get(k, "")) + [i for s in loose_sentences(places[2].get(k, "")) or [""] for i in _items(s)]
             for k in {*places[0], *places[2]}}
    ranked = resolve.by_meaning(unit, {k: v for k, v in names.items() if v})
    if not ranked:
        return None
    if ranked[0][0] >= MEANING_NEAR and (len(ranked) == 1 or ranked[0][0] - ranked[1][0] >= MEANING_LEAD):
        return ranked[0][1]
    return None


def counted_metric(t: Any, vertical: str, phrase: str) -> str | None:
    """The vertical's money metric that counts the unit ``phrase`` prices ("cost per booked test drive"),
    by the KB's own words for what each counts (module doc), or None."""
    return resolve_unit(phrase, _places(t, vertical))


def defined_metric(texts: dict[str, str], phrase: str, names: dict[str, list[str]],
                   notes: dict[str, str] | None = None) -> str | None:
    """Among metrics ``names`` gives (key → its names), the one whose KB definition counts the unit ``phrase``
    prices (a KB without per-vertical notes: "Cost per lead: spend divided by enquiries received") — after the
    vertical's own ``notes`` on a figure (key → the note a list row carries: "$24 (first lesson bookings)")."""
    found = {k: resolve.without_contrast(f"{d} {_term_meant(texts, d)}") for k, d in definitions(texts, names).items()}
    for key, ns in names.items():  # … and what the KB says its unit is ("A booked call is a lead that ended with …")
        units = {u for n in ns if (u := resolve.priced_unit(n))}
        said = " ".join(f"Counts {u}. {unitmeant.sentences(texts, u, definitions)}" for u in sorted(units))
        if said.strip():
            found[key] = f"{found.get(key, '')} {resolve.without_contrast(said)}".strip()
    return resolve_unit(phrase, [notes or {}, {}, found]) if found or notes else None


def resolve_unit(phrase: str, places: list[dict[str, str]]) -> str | None:
    """The metric a place's text says counts the unit ``phrase`` prices: all its words, closest place first,
    then its last word, then by meaning (module doc); None when the KB's text leaves a doubt."""
    unit = resolve.priced_unit(phrase)
    q = _terms(unit)
    if not q or not any(places):
        return None
    for texts in places:
        key = _saying(q, unit, texts)
        if key:
            return key
    if len(unit.split()) < 2:
        return by_meaning(unit, places)
    words = unit.split()
    # the thing counted is the last word; a result said after it ("an estimate booked") may be what the KB counts
    # ("bookings"), else the word before it is ("estimates")
    for last in [words[-1]] + ([words[-2]] if _DONE.fullmatch(words[-1]) else []):
        barred: set[str] = set()
        for i, texts in enumerate(places):
            key = _saying(_terms(last), last, {k: v for k, v in texts.items() if k not in barred})
            if not key:
                continue
            if i == len(places) - 1 and i and (own := modifiers_said(unit, last, places[:-1], key)):
                return own
            if i < len(places) - 1 and far_for_its_words(unit, last, texts[key]):
                barred.add(key)  # the vertical's note says the word of a thing it counts, not this thing: judged by the note
                continue
            return key
    return by_meaning(unit, [{k: v for k, v in p.items() if k not in barred} for p in places])


def modifiers_said(unit: str, last: str, vertical_places: list[dict[str, str]], general: str) -> str | None:
    """The one other metric whose own vertical's text says every word of ``unit`` before its thing counted, when
    only a definition said in general (``general``) says the thing: "webinar sign-up" is the metric whose note
    says webinars, not the one whose general definition lists sign-ups among any action."""
    mods = _terms(unit[: len(unit) - len(last)])
    if not mods:
        return None
    saying = {k for texts in vertical_places for k, s in texts.items()
              if k != general and s and resolve.coverage(mods, _terms(s)) == 1.0}
    return saying.pop() if len(saying) == 1 else None


def far_for_its_words(unit: str, last: str, text: str) -> bool:
    """Whether each thing ``text`` names with the last word of ``unit`` is far from the whole unit by meaning ("oil
    change booking" is no "booked test drive"; "car sold" is "vehicles sold to buyers"). Without the encoder, never."""
    head = _terms(last)
    without = resolve.without_contrast(text)
    pieces = [x for s in loose_sentences(without) for x in _items(s) if head & _terms(x)] or [
        x.strip() for x in re.split(r"[,;:()]\s*|\s+(?:or|and|plus)\s+|\.(?:\s|$)", without) if head & _terms(x)] or [without]
    sims = resolve.similarities(unit, pieces)
    return bool(sims) and max(sims) < LAST_WORD_NEAR
