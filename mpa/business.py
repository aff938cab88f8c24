"""Resolve a business described in the user's own words ("an online counselling practice", "a
lakeside cottage rental") to one of the KB's verticals — or to none, honestly.

Why: the vocabulary and the label rules (:mod:`mpa.labels`, :mod:`mpa.resolve`) only know the
names someone wrote down or the words a label itself uses. The KB says more about what each
vertical covers: its introduction lists kinds of business ("hospital systems, clinics, … telehealth
services"), its "when it applies" cells say where figures are low or high ("local clinics with strong
referral reputations", "specialist and elective services"), and a KB of lists gives each vertical a
section of its own. This module reads that text — never a list of businesses written here — and
compares the phrase with each phrase-sized piece of it by meaning (the sentence encoder
:mod:`mpa.resolve` holds): a short phrase against a whole paragraph is diluted, against "telehealth
services" it is not. The metric notes are left out on purpose: they speak of metrics ("CPA in
financial services"), which a business phrase ("a CPA firm") would then match.

Calibration (own probe set, tests/test_business_probes.py): a vertical's similarity is the mean of
its :data:`TOP` nearest pieces, since one lucky piece ("food" for "bed and breakfast") is no
description; it is named only when that is at least :data:`FLOOR` and leads every other vertical
by :data:`MARGIN`. A vertical the KB only names (a list item, no text of its own) is judged on its
name alone and must be :data:`NAMED_ONLY` nearer ("car wash" is as near "Auto Dealers" as "used car
lot" is). Words most verticals use ("online", "platform") are set aside first (:func:`telling_words`).
A phrase nearer — piece for piece — to a business the KB itself lists as not covered ("… pet
care, luxury fashion … have no benchmarks") is declined (``matched_by="not covered"``), so an
uncovered business never borrows a neighbour's numbers. Every answer says how it matched
(``matched_by``) and, when it names nothing, which verticals the KB covers, so the agent can ask or
decline instead of guessing.
"""
from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, field
from typing import Any, Iterable

from mpa import resolve, saleroute
from mpa.labelwords import stems
from rag.sentences import loose_sentences

TOP = 3         # a vertical's similarity: the mean of its TOP nearest pieces (one lucky piece is not a description)
FLOOR = 0.40    # that similarity for a vertical to be named at all …
MARGIN = 0.10   # … and its lead over any other vertical's
NAMED_ONLY = 0.12  # a vertical the KB only names (fewer than TOP pieces besides its name) must be that much nearer
UNCOVERED_FLOOR = 0.5  # the similarity to a name the KB says it does not cover that declines the phrase …
UNCOVERED_LEAD = 0.0   # … when it is at least this much above the nearest piece of any vertical


@dataclass
class BusinessMatch:
    """The vertical a business phrase names (``label``, None when none), how (``matched_by``: "meaning"
    with the KB piece it was nearest in ``evidence``; "not covered"; "no match"), the similarity and the
    KB's verticals (``candidates``) for an honest "which of these is closest?"."""

    label: str | None
    matched_by: str
    score: float = 0.0
    evidence: str = ""
    candidates: list[str] = field(default_factory=list)
    ranked: list[tuple[float, str, str]] = field(default_factory=list)


# a sentence that says some businesses have no figures: "X, Y and Z have no benchmarks", "not covered"
_UNCOVERED_SAID = re.compile(r"\b(?:ha(?:ve|s) no (?:benchmarks?|figures?|data|numbers?)|not covered|no figures are"
                             r"|(?:are|is) (?:left out|excluded))\b", re.I)
_PIECE_SPLIT = re.compile(r",\s*|;\s*|:\s*|\s+(?:and|or|such as|including|like|e\.g\.)\s+|\(|\)", re.I)
_TABLE_LINE = re.compile(r"^\s*(?:\||[-=]{3,}|META)")


def pieces(text: str, routes: "set[str] | None" = None) -> list[str]:
    """Phrase-sized pieces of ``text``: each sentence, and the items its commas, "and"/"or" and
    "such as" separate — the unit a business name is compared with. The items listed after a route to
    market ("… grocers that sell through both stores and websites": :mod:`mpa.saleroute`) are added to
    ``routes`` too: they say where a business sells, which :func:`resolve_business` never takes as what
    it is."""
    out = []
    for line in (text or "").splitlines():
        if _TABLE_LINE.match(line) or not line.strip():
            continue
        for s in loose_sentences(line.lstrip("#-* ").strip()):
            s = s.strip()
            if resolve.terms(s):
                out.append(s)
            items = _PIECE_SPLIT.split(s)
            for p, after in zip(items, saleroute.routed(items)):
                if p and len(p.strip()) > 3 and resolve.terms(p) and p.strip(" .") != s:
                    out.append(p.strip(" ."))
                    if after and routes is not None:
                        routes.add(p.strip(" ."))
    return list(dict.fromkeys(out))


def uncovered_names(texts: Iterable[str]) -> list[str]:
    """The businesses the KB says it has no figures for: the items of each sentence that says so
    ("Real estate, insurance, … pet care … have no benchmarks in this edition")."""
    out = []
    for text in texts:
        for s in loose_sentences(text or ""):
            m = _UNCOVERED_SAID.search(s)
            if not m or s.count(",") < 2:
                continue
            listed = s[:m.start()] if len(s[:m.start()]) > len(s[m.end():]) else s[m.end():]
            items = [p.strip(" .") for p in _PIECE_SPLIT.split(listed) if p and resolve.terms(p) and len(p.strip()) > 2]
            names = [p for p in items if len(p.split()) <= 3]  # names, not clauses
            if len(names) >= 3 and len(names) * 4 >= len(items) * 3:  # a list of names, not a sentence that negates
                out.extend(names)
    return list(dict.fromkeys(out))


_CACHE: "weakref.WeakKeyDictionary[Any, tuple[Any, dict[str, list[str]], list[str], frozenset[str]]]" = \
    weakref.WeakKeyDictionary()


def profiles(t: Any, facts: list) -> tuple[dict[str, list[str]], list[str]]:
    """({vertical label: the KB's pieces about it}, [uncovered business names]), cached per parsed KB
    (``t``: :func:`mpa.lookups.tables`; ``facts``: :func:`mpa.fact_lookups.facts`). A table KB's vertical
    is its benchmark file's introduction and "when it applies" cells; a KB that states figures in lists
    is read per section: the label, and the section under a heading that shares the label's words."""
    hit = _CACHE.get(t)
    if hit is not None and hit[0] is facts:
        return hit[1], hit[2]
    prof: dict[str, list[str]] = {}
    routes: set[str] = set()
    if t.verticals:
        for (v, _), row in t.bench.items():
            if v not in prof:
                prof[v] = [v.replace("-", " ")] + pieces(t.texts[row.source].split("\n## ", 1)[0], routes)
            prof[v].extend(pieces(row.when, routes))
    else:
        flat = [" ".join(text.split()) for text in t.texts.values()]
        for f in facts:
            if f.kind != "benchmark" or not f.vertical:
                continue
            if f.vertical not in prof:
                prof[f.vertical] = [f.vertical] + [p for p in resolve_parts(f.vertical)] + [
                    x for d in said_to_be(f.vertical, flat) for x in pieces(d, routes)]
            got = prof[f.vertical]
            section = _section_of(t.texts[f.source], f.start, f.vertical) or (
                _block_of(t.texts[f.source], f.start) if f.form == "metric-line" else "")
            if section and section not in got:
                got.extend(x for x in pieces(section, routes) if x not in got)
    prof = {k: list(dict.fromkeys(v)) for k, v in prof.items()}
    uncovered = uncovered_names(t.texts.values())
    _CACHE[t] = (facts, prof, uncovered, frozenset(routes))
    return prof, uncovered


# "tailors are the opposite", "… is the dearest": a comparison with another business, not what this one is
_COMPARED = r"(?:opposite|same|reverse|other|one|most|least|best|worst|only|first|last|\w+est)\b"


def said_to_be(label: str, texts: list[str]) -> list[str]:
    """What the KB's prose says a row label is ("a row that reads people who go river tubing is the outfitter that
    rents the tubes and runs the shuttle; …"): a KB that names its rows by their customers or in a word of its own
    describes each so, and the description is that business's name in everyday words."""
    said = re.compile(rf"(?<![\w-]){re.escape(label)} (?:is|are|means) (?!(?:the |an? )?{_COMPARED})(?:the |an? )?([^;.:]{{3,120}})", re.I)
    return [m.group(1) for text in texts if label.lower() in text.lower() for m in said.finditer(text)]


def routes_of(t: Any, facts: list) -> frozenset[str]:
    """The pieces of :func:`profiles` that only say where a vertical sells (items after a route to market)."""
    profiles(t, facts)
    return _CACHE[t][3]


def resolve_parts(label: str) -> list[str]:
    from mpa.labels import parts
    return parts(label)[1:]


_HEADING = re.compile(r"^#{1,6} +(.+)$", re.M)


def _section_of(text: str, at: int, label: str) -> str:
    """The section around offset ``at`` when its heading shares the label's words (a heading per
    vertical: "## Veterinary clinics"); "" otherwise — a list under a general heading says nothing
    about one of its items."""
    heads = [m for m in _HEADING.finditer(text) if m.start() <= at]
    if not heads:
        return ""
    h = heads[-1]
    if resolve.coverage(resolve.terms(label), resolve.terms(h.group(1))) < 1.0:
        return ""
    nxt = _HEADING.search(text, h.end())
    return text[h.end():nxt.start() if nxt else len(text)]


def _block_of(text: str, at: int) -> str:
    """The names of the counts among the lines around offset ``at`` (up to a blank line, as the fact readers read them:
    :func:`mpa.layout.readable`): a business's own staff and stock under its caption ("cobblers at the bench => 2
    people", "rugs washed a week => 35") say what the business is; its prices, shares and spans name metrics."""
    from mpa.layout import readable
    start, end = text.rfind("\n\n", 0, at), text.find("\n\n", at)
    block = readable(text)[start + 1 if start >= 0 else 0:end if end >= 0 else len(text)]
    return "\n".join(m.group(1) for m in _COUNT_LINE.finditer(block))


# "cobblers at the bench:   2 people": a count, its noun at most, no price, share or span of time
_COUNT_LINE = re.compile(r"(?m)^[-*\s]*([A-Za-z][^:\n]{2,60}):\s+\d[\d,]*(?:\s+(?!(?:days?|weeks?|months?|years?|hours?|minutes?)\b)"
                         r"[a-z]+)?\s*$")


def rank(phrase: str, prof: dict[str, list[str]], top: int = 0) -> list[tuple[float, str, str]]:
    """(similarity, vertical, nearest piece) for each vertical, best first; [] without an encoder."""
    return _ranked(_similar(phrase, prof), top)


def _similar(phrase: str, prof: dict[str, list[str]]) -> dict[str, list[tuple[float, str]]]:
    """Each vertical's pieces with their similarity to ``phrase`` (one encoder pass); {} without an encoder."""
    keys, texts = [], []
    for key, ps in prof.items():
        keys.extend([key] * len(ps))
        texts.extend(ps)
    sims = resolve.similarities(phrase, texts)
    per: dict[str, list[tuple[float, str]]] = {}
    for key, text, s in zip(keys, texts, sims or []):
        per.setdefault(key, []).append((s, text))
    return per


def _ranked(per: dict[str, list[tuple[float, str]]], top: int = 0) -> list[tuple[float, str, str]]:
    out, n = [], top or TOP
    for key, scored in per.items():
        near = sorted(scored, reverse=True)[:n]
        named = {p.lower() for p in [key, key.replace("-", " "), *resolve_parts(key)]}
        described = sum(1 for _, t in scored if t.lower() not in named) >= n  # more than its name and its parts
        score = sum(s for s, _ in near) / n if described else near[0][0] - (NAMED_ONLY if top != 1 else 0.0)
        out.append((score, key, near[0][1]))
    return sorted(out, reverse=True)


def telling_words(phrase: str, prof: dict[str, list[str]]) -> str:
    """``phrase`` without the words most of the KB's verticals use ("online", "platform": every
    vertical sells online or through a platform), which only pull it toward whichever vertical says
    them most; the phrase itself when nothing else would be left. What is left ("therapy") is what
    tells one business from another."""
    if len(prof) < 3:
        return phrase
    said = {k: resolve.terms(" ".join(ps)) for k, ps in prof.items()}
    words = phrase.split()
    kept = [w for w in words if not resolve.terms(w)
            or sum(1 for ts in said.values() if resolve.coverage(resolve.terms(w), ts) == 1.0) * 2 < len(said)]
    return " ".join(kept) if any(resolve.terms(w) for w in kept) else phrase


# how a business reaches its buyers, said as a clause: "sold mostly through grocery chains", "stocked by pharmacies"
ROUTE = re.compile(r"^\s*(?:sold|sells?|selling|stocked|carried|distributed|monetized|monetised)\b", re.I)
ROUTE_FLOOR, ROUTE_MARGIN = 0.45, 0.05   # a route clause's nearest route piece, and its lead over other verticals'


# "sold to HR teams" names who buys from the business, as "sells to" does: not goods that others sell
_PASSIVE = re.compile(r"\b(?:sold|stocked|carried|distributed|monetized|monetised)\b(?!\s+(?:directly\s+)?to\b)", re.I)
_ACTIVE = re.compile(r"\b(?:sells?|selling)\b", re.I)


def _passive(text: str) -> bool:
    """Is the route ``text`` says passive ("sold through grocers", "stocked at pharmacies": goods that others sell)
    rather than active ("retailers that sell through stores": the business sells)? Its first route word decides;
    "sold to <buyers>" is the business selling to them, not a passive route."""
    p, a = _PASSIVE.search(text or ""), _ACTIVE.search(text or "")
    return bool(p) and (not a or p.start() < a.start())


def _by_route(prof: dict[str, list[str]], uncovered: list[str], phrase: str, cands: list[str]) -> BusinessMatch:
    """A clause that says how a business sells (:data:`ROUTE`), against the pieces of the KB that say how each
    vertical sells ("products sold mainly through grocery, drug, mass and online retailers", "brands that sell
    through their own online store"): the route to market is what a vertical's description is made of when the
    goods themselves are unknown to it. Nearest piece against nearest piece (a route is one piece, not a profile), and a
    route said in the passive ("stocked at big-box chains": the user's goods, sold by others) against the pieces that say
    it so ("products sold mainly through grocery … retailers"), not a seller's own ("retailers that sell through both
    stores and websites")."""
    routes = {k: [p for p in ps if ROUTE.search(p) or re.search(r"\b(?:sold|sells?|selling|stocked|carried|distributed|"
                                                                  r"monetized|monetised)\b", p, re.I)]
              for k, ps in prof.items()}
    voiced = {k: [p for p in ps if _passive(p) == _passive(phrase)] for k, ps in routes.items()}
    routes = voiced if any(voiced.values()) else routes   # "stocked at …": goods others sell, not a seller's own shops
    ranked = _ranked(_similar(phrase, {k: ps for k, ps in routes.items() if ps}), top=1)
    if not ranked:
        return BusinessMatch(None, "no match", candidates=cands)
    best, label, piece = ranked[0]
    away = rank(phrase, {"": uncovered}, top=1) if uncovered else []
    if away and away[0][0] >= best and away[0][0] >= UNCOVERED_FLOOR:
        return BusinessMatch(None, "not covered", away[0][0], away[0][2], cands, ranked)
    if best >= ROUTE_FLOOR and best - (ranked[1][0] if len(ranked) > 1 else 0.0) >= ROUTE_MARGIN:
        return BusinessMatch(label, "meaning", best, piece, cands, ranked)
    return BusinessMatch(None, "no match", best, piece, cands, ranked)


def resolve_business(t: Any, facts: list, phrase: str) -> BusinessMatch:
    """The KB vertical ``phrase`` describes, by meaning against the KB's own pieces (see module doc);
    ``t`` and ``facts`` as for :func:`profiles`. A clause saying how the business sells is read against
    the pieces saying how each vertical sells (:func:`_by_route`)."""
    prof, uncovered = profiles(t, facts)
    cands = sorted(prof)
    if ROUTE.match(phrase or ""):
        return _by_route(prof, uncovered, phrase, cands)
    core = telling_words(resolve.industry_words(phrase or ""), prof)
    per = _similar(core, prof)  # scored once: ranked by the mean of the nearest pieces, and by the nearest alone
    ranked = _ranked(per)
    if not ranked:
        return BusinessMatch(None, "no match", candidates=cands)
    best, label, piece = ranked[0]
    # a business's profile and its row ("Shoe Repair Shops Profile", "shoe repair shops") are one business, not a rival
    second = next((s for s, k, _ in ranked[1:] if not (set(stems(k)) <= set(stems(label)) or set(stems(label)) <= set(stems(k)))), 0.0)
    away = rank(core, {"": uncovered}, top=1) if uncovered else []
    nearest = _ranked(per, top=1)[0][0]  # one piece against one name: the same footing
    if away and away[0][0] >= nearest + UNCOVERED_LEAD and away[0][0] >= UNCOVERED_FLOOR:
        return BusinessMatch(None, "not covered", away[0][0], away[0][2], cands, ranked)
    from mpa.headkind import other_kind
    from mpa.headnoun import other_trade
    from mpa.labelsibling import sibling
    from mpa.workverb import goods_only, set_aside
    if best >= FLOOR and best - second >= MARGIN and not sibling(core, label) and piece not in routes_of(t, facts) \
            and not other_trade(core, label) and not other_kind(core, label) and not set_aside(phrase, label, t.texts.values()):
        # "menswear" is no "Womenswear", a "wedding photographer" no "Wedding Venues", "dental clinics" no "Veterinary Clinics", "we hem and mend apparel" no "Apparel",
        # "websites" no retailer for being where grocers sell (a route piece: mpa.saleroute)
        if (goods := goods_only(phrase)) is None or resolve_business(t, facts, goods).label == label:
            return BusinessMatch(label, "meaning", best, piece, cands, ranked)   # "we rent out kayaks": the kayaks decide
    return BusinessMatch(None, "no match", best, piece, cands, ranked)


def described(how: "BusinessMatch | None", phrase: str) -> str:
    """How a business phrase was matched, for the tool's result ("" when the words named it directly)."""
    if how is None or how.label is None:
        return ""
    return f"{how.matched_by}: {phrase!r} read as {how.label} (the knowledge base says {how.evidence!r})"
