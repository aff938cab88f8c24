"""Match a user's words to the labels a KB uses for verticals, audiences and platforms.

KB labels are kept as written ("Plumbers and HVAC", "Banking and Credit Unions"); a compound
label matches a query naming either part. In order, a label matches when

1. it, or one of its parts, equals the query (case and spacing aside);
2. a part maps to the same canonical vertical as the query (``VOCABULARY["verticals"]``,
   ``["uncovered_verticals"]`` and ``["industries"]``: "universities" and "Higher Education"
   are both education, "assisted living" and "Senior Living" both senior living);
3. the query's first content word (the modifier that makes it specific: *tax* preparers,
   *HVAC* contractors) shares its root with a word of a part — the stem, or the stem less a
   derivational ending (*dentist*/*dental*, *orthodontist*/*orthodontic*: :func:`root`).

Rule 3 is deliberately narrow: "funeral homes" does not match "Home Improvement" (the
specific word, *funeral*, is not there), so an unknown vertical is reported absent rather than
answered with a near miss.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterable

from mpa.vocabulary import VOCABULARY, any_term, find_first
from mpa.labelwords import norm, parts, root, stems as _stems  # noqa: F401  (norm, parts, root: imported from here too)

# words that describe any business or group; they never make a match on their own
_GENERIC = {"servic", "compani", "busi", "busin", "provid", "agenc", "practic", "firm", "store", "shop", "brand",
            "industri", "sector", "vertic", "categori", "product", "good", "market", "advertis", "account", "owner",
            "peopl", "adult", "household", "user", "custom", "consum", "audienc", "segment", "group", "new"}
# the stems of "accounts"/"owner" clash with real labels ("Accountants"): only generic as the sole word
GENERIC_WORDS = frozenset(_GENERIC)  # the same words, for readers outside this module (a business said as "our shop")



def vertical_key(text: str) -> str | None:
    """The vocabulary's key for a vertical name — covered verticals and the ones the shipped
    benchmark edition leaves out alike ("lawyers" → legal services), since another KB may
    cover those."""
    low = norm(text)
    for table in _VERTICAL_TABLES:
        for key, syns in VOCABULARY[table].items():
            if low == key or low in syns:
                return key
    found = next((k for k in (find_first(low, VOCABULARY[t]) or find_first(low.replace("-", " "), _unhyphenated(t))
                              for t in _VERTICAL_TABLES) if k), None)
    return found or _same_trade(low)


def _same_trade(low: str) -> str | None:
    """The key one of whose names is ``low``'s trade once the words for the organisation's form are set
    aside on both sides ("law practice", "law office": the trade of a "law firm"); None when that leaves
    the phrase as it was or matches no name."""
    from mpa.resolve import industry_words
    core = industry_words(low)
    if core == low:
        return None
    return next((key for t in _VERTICAL_TABLES for key, syns in VOCABULARY[t].items()
                 if any(industry_words(s) == core for s in syns if s != core)), None)


@lru_cache(maxsize=8)
def _unhyphenated(table: str) -> dict[str, list[str]]:
    """``VOCABULARY[table]`` with each hyphenated name also written with spaces: "personal injury" is
    how many write "personal-injury"."""
    return {k: [s.replace("-", " ") for s in syns] for k, syns in VOCABULARY[table].items()}


_VERTICAL_TABLES = ("verticals", "uncovered_verticals", "industries")


def match_labels(query: str, labels: Iterable[str], use_vocabulary: bool = True) -> list[str]:
    """The labels ``query`` names (best rule that matches anything; several when a rule
    matches several labels), else []."""
    labels = list(dict.fromkeys(labels))
    q = norm(query)
    if not q:
        return []
    exact = [lb for lb in labels if q in parts(lb)]
    if exact:
        return exact
    if initialled := _by_initials(q, labels):
        return initialled
    if use_vocabulary:
        key = vertical_key(q)
        if key:
            by_key = [lb for lb in labels if any(vertical_key(p) == key for p in parts(lb)[1:] or parts(lb))]
            if by_key:
                return (_most_said(q, by_key) if q != key else []) or by_key  # "saas" itself names them all
    if use_vocabulary and _SAID_OF_ITSELF.match(q):  # a sentence about the business: its first word is a verb
        return _by_meaning(q, labels)
    content = _content(q) or list(_stems(q))
    if not content:
        return []
    first = root(content[0])
    hits = []
    for lb in labels:
        words = _label_roots(lb)
        if first in words:
            hits.append((sum(root(s) in words for s in content), lb))
    if not hits:
        return _clipped(q, labels) or (_by_meaning(q, labels) if use_vocabulary else [])
    best = max(n for n, _ in hits)
    more = [(n, lb) for lb in labels if first not in _label_roots(lb)  # "tattoo removal clinic": the clinics of laser
            and (n := sum(root(s) in _label_roots(lb) for s in content)) >= 2 and n > best]  # removal, not tattoo studios
    if more:
        hits, best = more, max(n for n, _ in more)
    top = [lb for n, lb in hits if n == best]
    if len(top) > 1:  # a tie on the trade's words: the label also saying the query's other words ("custom tattoo shop")
        said = {root(s) for s in _stems(q)}
        most = max(len(said & _label_roots(lb)) for lb in top)
        top = [lb for lb in top if len(said & _label_roots(lb)) == most]
    if use_vocabulary and best == 1 and len(content) > 1:  # one shared word: meaning must agree
        from mpa.labelmeaning import confirmed
        return confirmed(q, top, labels)
    return top


@lru_cache(maxsize=16384)
def _label_roots(label: str) -> frozenset[str]:
    """The roots (:func:`root`) of the stems of every part of ``label`` (:func:`parts`): a pure reading of the label,
    cached — a look-up compares the words asked with every label of the KB, turn after turn."""
    return frozenset(root(s) for p in parts(label) for s in _stems(p))


def _clipped(q: str, labels: list[str]) -> list[str]:
    """The one label a query names with a word cut short ("tux rental" → "Tuxedo and Suit Rental Shops", "vet
    clinics" → "Veterinary Clinics"): every content word of the query is a word of the label — by stem, or as the
    first three letters or more of one of its words — at least one whole, and no other label fits."""
    said = q.split()
    if len(said) < 2:
        return []
    fits, roots = [], [{root(s) for s in _stems(w)} for w in said]  # each word's roots, read once, not per label
    for lb in labels:
        words = [w for w in re.findall(r"[a-z]+", lb.lower()) if len(w) > 3]
        stems = _label_roots(lb)
        whole = [w for w, of_w in zip(said, roots) if not of_w.isdisjoint(stems)]
        cut = [w for w in said if w not in whole and len(w) >= 3 and any(x.startswith(w) for x in words)]
        if whole and cut and len(whole) + len(cut) == len(said):
            fits.append(lb)
    return fits if len(fits) == 1 else []


def _by_initials(q: str, labels: list[str]) -> list[str]:
    """The one label of three words or more a single word asked spells by initials ("ccrc" → "Continuing Care
    Retirement Communities", "qsr" → "Quick Service Restaurants"): people name a long trade by its initials, which
    a KB need not write anywhere. "and", "of" and "&" count for no letter; only one label may fit."""
    if not re.fullmatch(r"[a-z]{3,6}s?", q):
        return []
    fits = []
    for lb in labels:
        words = [w for w in re.findall(r"[a-z]+", lb.lower()) if w not in ("and", "of", "the", "for")]
        if len(words) >= 3 and "".join(w[0] for w in words) in (q, q.rstrip("s")):
            fits.append(lb)
    return fits if len(fits) == 1 else []


# a user's sentence about their business ("we supply corrugated boxes to warehouses"): rule 3's first word would be its
# verb ("supply" → "… Suppliers"), which says what the business does, not which label names it — read by meaning
_SAID_OF_ITSELF = re.compile(r"^(?:we|i|we're|we are|i'm|i am|our|my)\b", re.I)


def _content(q: str) -> list[str]:
    """The stems of the query's words that say what kind of business it is: a generic word is none ("a shop"),
    but the same stem written as an activity names the trade ("*shopping* app", "*marketing* agency")."""
    return [s for w in q.split() for s in _stems(w) if s not in _GENERIC or w.endswith("ing")]


def _most_said(q: str, labels: list[str]) -> list[str]:
    """Of the labels one vocabulary vertical groups ("Personal Injury Law Firms", "Family Law and Divorce
    Attorneys" are both legal), those sharing most of the query's own content words ("personal injury
    lawyer": the first); [] when none shares one, or all share as many."""
    content = {root(s) for s in _stems(q) if s not in _GENERIC}
    counts = [(len(content & {root(s) for p in parts(lb) for s in _stems(p)}), lb) for lb in labels]
    best = max((n for n, _ in counts), default=0)
    top = [lb for n, lb in counts if n == best]
    return top if best and len(top) < len(labels) else []


def _by_meaning(q: str, labels: list[str]) -> list[str]:
    """The vertical label for a phrase whose first word names none ("rooftop solar", "small-town gym",
    "pizza delivery place"): a label that shares the root of another of its content words, when that
    label is also the one nearest the phrase by meaning (:mod:`mpa.resolve`); else the label meaning
    alone leaves no doubt about. "Funeral homes" shares "home" with "Home Improvement" but means
    something else: no label."""
    from mpa.resolve import industry_words, nearest_by_meaning
    q = industry_words(q)  # "family plumbing": the family is who owns it, not the trade
    content = {root(s) for s in _stems(q) if s not in _GENERIC}
    said = [lb for lb in labels if content & {root(s) for p in parts(lb) for s in _stems(p)}]
    names = {lb: [lb] for lb in labels}
    near = nearest_by_meaning(q, names, alone=False) if said else None
    from mpa.headnoun import other_trade
    from mpa.headkind import other_kind
    if near in said and not other_trade(q, near) and not other_kind(q, near):
        return [near]   # "wedding photographer" shares "wedding" with "Wedding Venues" only, "dental clinics" "clinics"
    near = nearest_by_meaning(q, names)
    from mpa.labelsibling import sibling
    return [near] if near and not sibling(q, near) and not other_trade(q, near) and not other_kind(q, near) \
        else []   # "menswear" is no "Womenswear"


PAID_SOCIAL = ("Meta", "LinkedIn", "TikTok", "Pinterest", "Snapchat", "X", "YouTube")
PAID_SEARCH = ("Google Ads", "Bing Ads")


def platforms_named(text: str | None) -> set[str] | None:
    """Platforms a user's words name: one platform, or a channel's platforms ("paid social");
    None when ``text`` is empty (no platform asked); an empty set when it names none we know."""
    if not text or not str(text).strip():
        return None
    key = find_first(str(text), VOCABULARY["platforms"])
    if key == "Paid Social":
        return {"Paid Social", *PAID_SOCIAL}
    if key == "Paid Search":
        return {"Paid Search", *PAID_SEARCH}
    return {key} if key else set()


_AGE_FROM = re.compile(r"\b(\d{2})\s*(?:\+|(?:years?\s+)?(?:and|or)\s+(?:older|over|above|up)\b|plus\b)")
_AGE_SPAN = re.compile(r"\b(\d{2})\s*(?:-|–|to)\s*(\d{2})\b")
_AGE_OVER = re.compile(r"\b(?:over|above|older than)\s+(\d{2})\b")


def age_band(text: str, words: bool = True) -> tuple[int, int | None] | None:
    """The age band a phrase states ("Adults 65 and older" → (65, None), "aged 25-44" →
    (25, 44), "over 65" → (65, None)) or, with ``words``, names by its common word
    (``VOCABULARY["age_groups"]``: "seniors" → (65, None)). KB labels are read with
    ``words=False``: "Adult Children Of Aging Parents" states no band."""
    low = norm(text)
    m = _AGE_FROM.search(low) or _AGE_OVER.search(low)
    if m:
        return int(m.group(1)), None
    m = _AGE_SPAN.search(low)
    if m:
        return int(m.group(1)), int(m.group(2))
    if words and (m := _DECADES.search(low)):  # "in their late twenties and early thirties": 27 to 33
        lo, hi = _DECADE[m.group(2)], _DECADE[m.group(4) or m.group(2)]
        return lo + _PART_LOW[m.group(1)], hi + _PART_HIGH[m.group(3) if m.group(4) else m.group(1)]
    key = find_first(low, VOCABULARY["age_groups"]) if words else None
    if key is None:
        return None
    lo, _, hi = key.partition("-")
    return int(lo.rstrip("+")), (int(hi) if hi else None)


_DECADE = {"twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60, "seventies": 70}
_PART_LOW, _PART_HIGH = {None: 0, "early": 0, "mid": 4, "late": 7}, {None: 9, "early": 3, "mid": 6, "late": 9}
_DECADES = re.compile(r"\b(?:(early|mid|late)[ -])?(twenties|thirties|forties|fifties|sixties|seventies)\b(?:\s+(?:and|or|to|"
                      r"through|into)\s+(?:(?:the|their)\s+)?(?:(early|mid|late)[ -])?(twenties|thirties|forties|fifties|sixties|"
                      r"seventies)\b)?")
_AGE_WORDS = re.compile(r"\d+|\b(?:aged?|ages|over|above|older|and|or|than|years?|old|plus|up)\b")


_EVERY_AGE = {"residents", "population", "people", "inhabitants", "households", "adults"}  # a place's whole count


def match_audience(query: str, labels: Iterable[str], in_market: Iterable[str] = (),
                   keep: Callable[[str], bool] | None = None) -> list[str]:
    """The audience labels ``query`` names: :func:`match_labels` without the vertical vocabulary;
    else, when the whole query is an age group ("seniors", "people over 65"), the labels stating
    the same age band; else, among the audiences sized in the market asked about (``in_market``),
    the one that shares the most content words with the query ("regular gym goers" → "Gym-Active
    Adults" where the market has one gym audience). The last rule needs a unique best label:
    among a market's few audiences a shared specific word identifies one, a tie identifies none.
    A label found by shared words is kept only when ``keep`` (given) allows it: the caller's check
    that the label counts what the query names — "pickleball players" share only "play" with
    "Adults who play mobile games weekly" (:func:`mpa.audience_unsaid.keeper`)."""
    keep = keep or (lambda _label: True)
    labels = list(dict.fromkeys(labels))
    low = norm(query)
    band = age_band(low)
    said = age_band(low, words=False)  # an age asked in figures is no count of every age: "residents aged 18 to 34" is not
    names = [lb for lb in match_labels(query, labels, use_vocabulary=False) if keep(lb)  # the place's "residents"
             and not (said and norm(lb) in _EVERY_AGE)]
    if names:
        return names
    bare = _AGE_WORDS.sub(" ", _DECADES.sub(" ", any_term(VOCABULARY["age_groups"]).sub(" ", low)))
    if band and not [s for s in _stems(re.sub(r"\bin (?:their|his|her)\b", " ", bare)) if s not in _GENERIC]:
        same = [lb for lb in labels if age_band(lb, words=False) == band]
        # a band said in decades ("late twenties and early thirties": 27-33) is the one stated band holding it
        held = [lb for lb in labels if (b := age_band(lb, words=False)) and b[1] and band[1] and b[0] <= band[0]
                and band[1] <= b[1]] if not same and _DECADES.search(low) else []
        return same or (held if len(held) == 1 else [])
    content = {root(s) for s in _stems(low) if s not in _GENERIC and "-" not in s}
    scored = sorted(((len(content & {root(s) for s in _stems(norm(lb)) if "-" not in s}), lb)
                     for lb in dict.fromkeys(in_market) if not (said and norm(lb) in _EVERY_AGE)), reverse=True)
    if scored and scored[0][0] > 0 and (len(scored) == 1 or scored[1][0] < scored[0][0]) \
            and keep(scored[0][1]):
        return [scored[0][1]]
    return []
