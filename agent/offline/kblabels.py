"""The verticals (and platforms) a knowledge base names in its own words, as the benchmark tool declares them.

Why: the vocabulary knows the shipped KB's verticals; another KB labels its own ("Holiday rentals",
"Grooming salons and boarding kennels"), and get_benchmark's description lists them ("This knowledge
base's own: …"). When no sentence form names the user's business (:mod:`agent.offline.business`:
"for a …", "we're a …"), a label whose part the message says in full — every content word of it,
stemmed ("holiday rentals", "our inn" for "… and inns") — is the business asked about. A part's
every word, not one: "home" alone is not "Home Improvement", "higher" alone not "Higher Education".

Platforms the same way: "This knowledge base's own platforms: Apple Search Ads, Reddit." — a name said in
full is that platform, not the vocabulary platform whose shorter name sits inside it ("search ads").

:func:`declare` is called once per model call with the tools it was handed.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from agent.offline import kbmetrics
from agent.offline.passages import terms
from rag.regexes import compiled

# replaced whole by :func:`declare`, never changed in place (cases play in threads: see :mod:`kbmetrics`)
_LABELS: tuple[str, ...] = ()
_PLATFORMS: tuple[str, ...] = ()  # the platforms it states figures for that the vocabulary does not know ("Apple Search Ads")
_OWN = re.compile(r"This knowledge base's own: ([^\n]+?)\.(?:\s|$)")
_OWN_PLATFORMS = re.compile(r"This knowledge base's own platforms: ([^\n]+?)\.(?:\s|$)")
_SPLIT = re.compile(r"\s*(?:,|&|/|\band\b|\bor\b|\+)\s*", re.I)


def declare(tools: list[dict] | None) -> None:
    """Read the KB's own vertical labels from get_benchmark's vertical description (none: empty)."""
    global _LABELS, _PLATFORMS
    labels_: list[str] = []
    platforms: list[str] = []
    for t in tools or []:
        if t.get("name") == "get_benchmark":
            props = (t.get("input_schema") or {}).get("properties") or {}
            m = _OWN.search((props.get("vertical") or {}).get("description", ""))
            labels_.extend(x.strip() for x in (m.group(1).split(", ") if m else []) if x.strip())
            m = _OWN_PLATFORMS.search((props.get("platform") or {}).get("description", ""))
            platforms.extend(x.strip() for x in (m.group(1).split(", ") if m else []) if x.strip())
    if (tuple(labels_), tuple(platforms)) != (_LABELS, _PLATFORMS):  # the same declaration (every model call): the same
        _LABELS, _PLATFORMS = tuple(labels_), tuple(platforms)  # tuples kept, so :func:`declared` stays made


def labels() -> tuple[str, ...]:
    """The vertical labels the KB declares in its own words (none before :func:`declare`)."""
    return tuple(_LABELS)


def said_in_labels(name: str) -> bool:
    """Does a vertical label the KB declares hold the word ``name`` ("Kayak" in "Kayak Rentals")? A one-word platform
    name no label holds names no business ("and for Kayak?" on a KB of metasearch sites)."""
    return any(re.search(rf"\b{re.escape(name)}\b", label, re.I) for label in _LABELS)


def platforms_in(text: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of each platform the KB declares in its own words that the text says in full — not one
    said as part of a metric the KB names itself ("email open rate" asks a rate, not the figures of "Email") — or
    without its first word, when the two words or more left name no other platform ("trade shows" for "National Trade
    Shows"; never "search ads", a vocabulary channel, for "Apple Search Ads")."""
    metrics = kbmetrics.spans(text)
    text = text or ""
    low = text.lower() if text.isascii() else None

    def said(words_of: Iterable[tuple[str, str]]) -> list[tuple[int, int, str]]:  # (platform, the words said for it)
        return sorted((m.start(), m.end(), name) for name, cue, form in _said_forms(tuple(words_of))
                      if low is None or cue is None or cue in low  # ASCII words said case-blind: their lower case
                      for m in compiled(form, re.I).finditer(text) if not any(s <= m.start() < e for s, e in metrics))
    return said((name, name) for name in _PLATFORMS) or said(_tails(_PLATFORMS).items())


# where a platform is named ("on Netflix", "from AllTrails"): a capitalised first word elsewhere is often not its brand
# ("How many Yelp clicks …" after a Yelp Ads price, "… for Public Golf Courses brands" where the KB prices "Golf Booking
# Apps": a count's adjective and a business's own name)
_ON = r"(?i:on|from|via|through|across|using)"
# or as the seller who charges: "what would Nextdoor charge us …", "does Waze bill per pin"
_CHARGES = r"(?:'s)?\s+(?i:charges?|bills?|would charge|will charge)\b"


def brands_in(text: str) -> list[tuple[int, int, str]]:
    """A declared platform of two words or more said by its first word alone, as a name is typed — with its capital,
    inside the sentence ("… from AllTrails?" for "AllTrails Promoted Placements", "on Netflix" for "Netflix Ads Tier") —
    when no other declared platform starts with that word and the vocabulary knows no platform by it. Read on the
    message as typed (its capitals), where :func:`platforms_in` finds no platform said in full."""
    brands = [(first, name) for first, name in _brands(_PLATFORMS) if first in (text or "")]
    if not brands:
        return []
    metrics = kbmetrics.spans(text)
    return sorted((m.start(m.lastindex), m.end(m.lastindex), name) for first, name in brands
                  for m in re.finditer(rf"\b{_ON}\s+({re.escape(first)})(?![A-Za-z0-9+])|\b({re.escape(first)}){_CHARGES}", text)
                  if not any(s <= m.start(m.lastindex) < e for s, e in metrics))


@lru_cache(maxsize=64)
def _brands(platforms: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(first word, platform) for each declared platform :func:`brands_in` may find by its first word: made once per
    declaration (the model is called with the same tools turn after turn), not on every message."""
    from mpa.vocabulary import VOCABULARY
    names = [n.lower() for k, syns in VOCABULARY["platforms"].items() for n in (k, *syns)] + [
        c.lower() for c in VOCABULARY["topics"]["channels"]]
    known = set(names) | {n.split()[0] for n in names if n.split()}  # "Paid" of "Paid Social Lead Forms" opens "paid social"
    firsts = [name.split()[0] for name in platforms if len(name.split()) >= 2]
    lowered = {p.lower() for p in platforms}
    return tuple((name.split()[0], name) for name in platforms
                 if len(name.split()) >= 2 and firsts.count(first := name.split()[0]) == 1 and first.lower() not in known
                 and first[:1].isupper() and len(first) >= 4 and first.lower() not in lowered)


def sides_in(text: str) -> list[tuple[int, int, str]]:
    """:func:`platforms_in`, and a declared "<seller> Ads" said by the seller alone ("Yelp or Nextdoor?": "Yelp Ads") —
    for setting named platforms side by side only: elsewhere a seller's bare name may be the business's own word."""
    found = platforms_in(text) + [(m.start(), m.end(), name) for name, head in _heads(_PLATFORMS).items()
                                  for m in re.finditer(rf"(?<![A-Za-z0-9]){re.escape(head)}(?![A-Za-z0-9])", text or "", re.I)]
    return sorted(f for f in found if not any(o != f and o[2] == f[2] and o[0] <= f[0] and f[1] <= o[1] for o in found))


# the word a seller's ad product is named with after the seller ("Yelp Ads", "Instacart Advertising")
_AD_WORD = re.compile(r"\s+(?:ads|advertising)$", re.I)


@lru_cache(maxsize=8)
def _heads(platforms: tuple[str, ...]) -> dict[str, str]:
    """Each declared platform named "<seller> Ads" → the seller's name alone ("Yelp" for "Yelp Ads": a user names the
    seller), when no other declared platform starts so and the vocabulary knows no platform by it."""
    from mpa.vocabulary import VOCABULARY
    known = {n.lower() for k, syns in VOCABULARY["platforms"].items() for n in (k, *syns)}
    heads = {name: _AD_WORD.sub("", name) for name in platforms if _AD_WORD.search(name) and len(name.split()) >= 2}
    return {name: h for name, h in heads.items() if h.lower() not in known and h.lower() not in {p.lower() for p in platforms}
            and sum(p.lower().startswith(h.lower() + " ") for p in platforms) == 1}


@lru_cache(maxsize=8)
def _said_forms(words_of: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str | None, str], ...]:
    """(platform, its words in lower case when ASCII, the pattern that finds them said whole, case-blind) for each
    (platform, words): made once per declaration, not per platform and message; the words are a necessary cue. The
    pattern is compiled (:func:`rag.regexes.compiled`) only once a text holds its cue: most of a KB's platforms are
    never said, and compiling them all cost a KB's first question ~3 ms."""
    return tuple((name, words.lower() if words.isascii() else None,
                  rf"(?<![A-Za-z0-9]){re.escape(words)}(?![A-Za-z0-9])") for name, words in words_of)


@lru_cache(maxsize=8)
def _tails(platforms: tuple[str, ...]) -> dict[str, str]:
    """Each declared platform of three words or more → its name less its first word, when no other declared platform
    ends so and the vocabulary knows no platform by it (once per declaration: read-only to the caller)."""
    from mpa.vocabulary import VOCABULARY
    known = {n.lower() for k, syns in VOCABULARY["platforms"].items() for n in (k, *syns)}
    tails = {name: " ".join(name.split()[1:]).lower() for name in platforms if len(name.split()) >= 3}
    return {name: t for name, t in tails.items() if t not in known and list(tails.values()).count(t) == 1}


def named_in(text: str) -> str | None:
    """The one declared label a part of which the text says in full (None when none or several) — or, of
    several, the one whose part holds every other's words: "a fast casual restaurant" says both "Fast Casual"
    and "Fast Casual Restaurants", and names the longer (the benchmark tool finds the shorter's figures for it)."""
    said = _forms(_VERB.sub(" ", kbmetrics.without_declared(text)))  # "cost per booked call" is no "Books"
    hits = [(label, part) for label, part in _parts(tuple(_LABELS)) if part <= said]
    labels = {label for label, _ in hits}
    if len(labels) == 1:
        return labels.pop()
    widest = [label for label, part in hits if all(p <= part for _, p in hits) and
              any(p < part for _, p in hits)]
    return widest[0] if len(set(widest)) == 1 else None


# a word used as a verb: before an article or a possessive ("phone and book a roofing job"), or after "to" — a noun
# label ("Books") is never followed by "a"
_VERB = re.compile(r"\b(?<=to )[a-z]+\b|\b[a-z]+\b(?=\s+(?:a|an|the|our|my|your|their|some|this|that|these|those)\b)", re.I)


@lru_cache(maxsize=8)
def _parts(labels: tuple[str, ...]) -> tuple[tuple[str, frozenset[str]], ...]:
    """(label, the words of one of its parts) for each part with words: read once per declaration."""
    return tuple((label, frozenset(_forms(part) & set(_forms_of_terms(part)))) for label in labels
                 for part in _SPLIT.split(label) if terms(part))


def _forms(text: str) -> set[str]:
    """The words of ``text`` as written, plurals made singular ("inns" → "inn", "agencies" → "agency"), not
    stemmed: a verb said near a label is not the label ("an appointment booked" names no "Books"). A trade said as
    its work also says its doers: "catering" → "caterer" ("farm-to-table catering" is the KB's "Farm-To-Table
    Caterers"), "roofing" → "roofer"."""
    out = set()
    for w in re.findall(r"[a-z0-9]+", (text or "").lower()):
        out.add(w[:-3] + "y" if w.endswith("ies") and len(w) > 4 else w[:-2] if w.endswith("sses") else
                w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w)
        if w.endswith("ing") and len(w) > 6:
            out.add(w[:-3] + "er")
    return out


def _forms_of_terms(part: str) -> set[str]:
    """The label part's content words (:func:`terms` drops stop words), in :func:`_forms`' spelling."""
    keep = set(terms(part))
    return {f for w in re.findall(r"[a-z0-9]+", part.lower()) if set(terms(w)) & keep for f in _forms(w)}


def state() -> tuple:
    """What is declared now, hashable: a cached reading of a message holds for this declaration only."""
    return tuple(_LABELS) + tuple(_PLATFORMS)


_MADE: tuple = (None, None, None, ())  # (the metrics' state, the labels, the platforms: as last read; :func:`declared` of them)


def declared() -> tuple:
    """Every name the KB declares now (its metrics and its labels), hashable: the key under which a
    reading of a message (:mod:`agent.offline.parse`, :mod:`recall`, :mod:`formulas`) is cached. Made once per
    declaration (the parts found by identity: each is replaced whole, never changed), not on each of the ~60,000
    readings of a run of the seen conversations."""
    global _MADE
    metrics, labels_, platforms = kbmetrics.state(), _LABELS, _PLATFORMS
    made = _MADE
    if made[0] is metrics and made[1] is labels_ and made[2] is platforms:
        return made[3]
    out = metrics + tuple(labels_) + tuple(platforms)
    _MADE = (metrics, labels_, platforms, out)
    return out
