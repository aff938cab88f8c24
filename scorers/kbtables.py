"""The KB's figures, read as data for the scorers — from every format the KB states them in.

Why facts and not just tables: a KB written as plain text states its benchmarks as bullet lists
under a platform heading, ``Metric: value`` lines and sentences, not Markdown tables. The
scorers read the same facts the tools answer from (:func:`mpa.facts.kb_facts` — tables, lists,
metric lines, sentences), never the engine, so a correct figure from a bullet list is evidence
just as a table cell is, and the same scorers work on any KB format.

Rows are keyed ``(vertical, metric)``:

* a Markdown table row by the vocabulary's vertical key (``("ecommerce", "CAC")``), as before;
* a fact from any other form by the KB's own vertical label, qualified by its platform when it
  has one (``("Dental Practices · Meta", "CPC")``, ``("Senior Living", "CPL")``), because one
  vertical often has a search and a social figure for the same metric.

:func:`nearest_before` resolves a claim's words to those keys: the KB's labels, their parts
("HVAC" of "Plumbers and HVAC") and vocabulary synonyms that name exactly one label
("universities" → "Higher Education"), plus the platform named before the figure. A claim
naming a vertical whose metric the KB states on several platforms, without naming one, has
no single row: the vertical resolves to nothing and the figure must be in the evidence text.

The KB directory is ``$MPA_KB_DIR`` or ``kb/`` at the repository root.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from mpa.facts import Fact, kb_facts
from mpa.labels import match_labels, parts, platforms_named, vertical_key
from mpa.tables import BenchmarkRow, read_kb_texts
from mpa.vocabulary import VOCABULARY, match_terms, term_pattern
from scorers.settings import ScorerSettings
from scorers.text import CURRENCY

ROOT = Path(__file__).resolve().parents[1]
PLATFORM_SEP = " · "
_VOCAB_TABLES = ("verticals", "uncovered_verticals", "industries")


def kb_dir() -> Path:
    """``MPA_KB_DIR`` (:class:`scorers.settings.ScorerSettings`), else the checkout's ``kb/``."""
    return ScorerSettings.read("kb_dir") or ROOT / "kb"


@lru_cache(maxsize=4)
def _texts(path: str) -> tuple:
    p = Path(path)
    return tuple(read_kb_texts(p)) if p.is_dir() else ()


@lru_cache(maxsize=4)
def _facts(path: str) -> tuple[Fact, ...]:
    return tuple(kb_facts(list(_texts(path))))


def row_key(label: str, platform: str | None) -> str:
    """A text fact's vertical key: its label, with its platform when it has one."""
    return f"{label}{PLATFORM_SEP}{platform}" if platform else label


def _row(f: Fact, key: str) -> BenchmarkRow:
    from scorers.text import parse_value_range

    # re-parse the cells with the scorers' own number reader (never the tool side's: a parsing bug
    # there must not hide itself in the evidence the scorers check against)
    typ = parse_value_range(f.value)
    return BenchmarkRow(vertical=key, metric=f.metric or "", metric_name=f.metric or "", low="", typical=f.value,
                        high="", when=f.qualifier, typical_low=typ[0] if typ else f.low,
                        typical_high=typ[1] if typ else f.high, low_value=None, high_value=None,
                        unit=(typ[2] if typ else "") or ("" if f.unit in ("ratio", "people") else f.unit),
                        source=f.source, start=f.start)


@lru_cache(maxsize=4)
def _bench(path: str) -> dict[tuple[str, str], BenchmarkRow]:
    from mpa.tables import benchmark_rows

    from scorers.text import parse_value_range

    out = {}
    for r in benchmark_rows(_texts(path)):
        typ, lo, hi = parse_value_range(r.typical), parse_value_range(r.low), parse_value_range(r.high)
        out[(r.vertical, r.metric)] = replace(
            r, typical_low=typ[0] if typ else None, typical_high=typ[1] if typ else None,
            low_value=lo[0] if lo else None, high_value=hi[1] if hi else None,
            unit=(typ[2] if typ else r.unit) or r.unit)
    for f in _facts(path):
        if f.kind == "benchmark" and f.form != "table" and f.vertical and f.metric:
            key = (row_key(f.vertical, f.platform), f.metric)
            out.setdefault(key, _row(f, key[0]))  # lists and metric lines come before sentences
    return out


def benchmark_table() -> dict[tuple[str, str], BenchmarkRow]:
    """Every benchmark figure of the KB, keyed ``(vertical, metric)`` (see the module doc)."""
    return _bench(str(kb_dir()))


# ------------------------------------------------------------------ vertical names in a claim
@lru_cache(maxsize=4)
def _platforms(path: str) -> dict[tuple[str, str], tuple[str | None, ...]]:
    """(label, metric) → the platforms the KB states it for (None: no platform)."""
    out: dict[tuple[str, str], list] = {}
    for (key, metric) in _bench(path):
        label, _, plat = key.partition(PLATFORM_SEP)
        if label in _labels(path):
            out.setdefault((label, metric), []).append(plat or None)
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=4)
def _labels(path: str) -> frozenset[str]:
    return frozenset(f.vertical for f in _facts(path)
                     if f.kind == "benchmark" and f.form != "table" and f.vertical and f.metric)


@lru_cache(maxsize=4)
def _vertical_names(path: str) -> dict[str, list[str]]:
    """The vertical table claims are read with: the KB's labels (with their parts and the
    vocabulary synonyms that name exactly one of them) first, then the vocabulary's keys."""
    labels = sorted(_labels(path))
    # a label as written, brackets and all ("SaaS (Mid-Market Tier)"), as an answer quotes it; its parts come next
    names: dict[str, list[str]] = {lb: [lb.lower()] if "(" in lb else [] for lb in labels}
    for lb in labels:
        for p in parts(lb):
            if match_labels(p, labels, use_vocabulary=False) == [lb]:
                names[lb].append(p)
    # a vocabulary key names a label when exactly one label has a part of that key (rules 1-2 of
    # mpa.labels; not its stem rule, which would let "pet grooming" name "Pet Supplies")
    by_key: dict[str, list[str]] = {}
    for lb in labels:
        for k in {vertical_key(p) for p in parts(lb)[1:] or parts(lb)} - {None}:
            by_key.setdefault(k, []).append(lb)
    vocab: dict[str, list[str]] = {}
    for table in _VOCAB_TABLES:
        for key, syns in VOCABULARY[table].items():
            if len(by_key.get(key, ())) == 1:
                names[by_key[key][0]].extend([key, *syns])
            elif table == "verticals":
                vocab[key] = list(syns)
    return {**{k: v for k, v in names.items() if v}, **vocab}


def _table(table: str, path: str | None = None) -> dict[str, list[str]]:
    if table == "verticals":
        return _vertical_names(path or str(kb_dir()))
    return _metric_names(path or str(kb_dir())) if table == "metrics" else VOCABULARY[table]


@lru_cache(maxsize=4)
def _metric_names(path: str) -> dict[str, list[str]]:
    """The metric table claims are read with: the vocabulary's, then each metric the KB states figures for in its
    own words ("tour-to-move-in rate", "cost per booked call") by that name — a claim naming one is checked
    against the KB's figure for it, as a claim naming a vocabulary metric is."""
    own = sorted({f.metric for f in _facts(path) if f.kind == "benchmark" and f.metric
                  and f.metric not in VOCABULARY["metrics"]})
    return {**VOCABULARY["metrics"], **{m: [m.lower()] for m in own if m.lower() not in _VOCAB_METRIC_NAMES}}


_VOCAB_METRIC_NAMES = {s for syns in VOCABULARY["metrics"].values() for s in syns}


def verticals_in(text: str) -> list[str]:
    return match_terms(text or "", _table("verticals"))


def metrics_in(text: str) -> list[str]:
    return match_terms(text or "", _table("metrics"))


@lru_cache(maxsize=1024)
def _spans(low: str, table: str, path: str) -> tuple[tuple[int, int, str], ...]:
    """Every name of ``table`` found in ``low``: (start, end, key), in the table's order. Cached: the
    scorers ask for the name nearest each figure of an answer, so one text is searched many times."""
    return tuple((m.start(), m.end(), key) for key, syns in _table(table, path).items()
                 for m in term_pattern(tuple(syns)).finditer(low))


# a figure, then the opening bracket of its caption: "$8.70-10.10 (" before "Personal Injury Law Firms)"
_FIGURE_THEN_BRACKET = re.compile(CURRENCY + r"?\d[\d,.]*(?:\s*(?:[-–]|to)\s*" + CURRENCY + r"?\d[\d,.]*)?\s*(?:%|x|k|m)?\s*\(\s*$")


@lru_cache(maxsize=1024)
def _captions(low: str, table: str, path: str) -> frozenset[int]:
    """The starts of the names in ``low`` that open a figure's bracketed caption, found once per text as its
    names are (:func:`_spans`), not again for each figure asked about."""
    return frozenset(start for start, _, _ in _spans(low, table, path)
                     if _FIGURE_THEN_BRACKET.search(low[max(0, start - 40):start]))


def _nearest(text: str, pos: int, table: str) -> str | None:
    """The name of ``table`` nearest ``pos`` (a figure's start). A name in brackets right after a figure is
    that figure's caption ("from $1.70 (House Cleaning Services) to $8.70-10.10 (Personal Injury Law Firms)"):
    it names that figure's row and no other figure's."""
    best_before, best_after = None, None
    low = (text or "").lower()
    path = str(kb_dir())
    captions = _captions(low, table, path)
    for start, end, key in _spans(low, table, path):
        if start in captions:
            if _FIGURE_THEN_BRACKET.fullmatch(low[pos:start]):
                return key
            continue
        span = end - start
        if end <= pos:  # closest end wins; at the same end the longer synonym ("ltv:cac" over "cac")
            if best_before is None or (end, span) > best_before[:2]:
                best_before = (end, span, key)
        elif best_after is None or (start, -span) < best_after[:2]:
            best_after = (start, -span, key)
    if best_before:
        return best_before[2]
    return best_after[2] if best_after else None


def nearest_name(text: str, pos: int, table: str) -> str | None:
    """The key of ``table`` whose name is nearest ``pos`` (a figure's start), as the text names it: a KB label
    whatever platforms the KB states it for (:func:`nearest_before` reads a checkable row; this, whose it is)."""
    return _nearest(text, pos, table)


def nearest_before(text: str, pos: int, table: str) -> str | None:
    """The key whose name ends closest before ``pos`` (else the first after it). For
    ``"verticals"`` a KB label comes back as its row key: with the one platform the text names
    (or the KB's only platform for the metric); the label alone when the KB states the metric
    for no platform or for none at all (then there is no row: the claim is not the KB's); None
    when several platforms would do and the text names none, or names several — then the
    figure must be found in the evidence text."""
    path = str(kb_dir())
    key = _nearest(text, pos, table)
    if table != "verticals" or key not in _labels(path):
        return key
    metric = _nearest(text, pos, "metrics")
    if (other := _platform_of_earlier(text, pos, key, metric, path)) is not None:
        return other
    have = _platforms(path).get((key, metric or ""), ())
    part = _item(text or "", pos)  # in a list said in one sentence ("blended: $4.10-5.30; TikTok: $6.40"), the figure's own item
    own = _own_platforms(part, have)
    if own is not None:  # the KB's own platform names ("Apple Search Ads", "Walmart Connect") come first
        return row_key(key, own) if own else None
    named = match_terms(part, VOCABULARY["platforms"])
    if len(named) > 1:
        return None  # "$1.30 on Meta and $3.40 on Google": which figure is whose is not read here
    if named:
        group = platforms_named(named[0]) or {named[0]}
        hits = [p for p in have if p in group]
        if len(hits) == 1:
            return row_key(key, hits[0])
        return None if hits else row_key(key, named[0])
    if len(have) == 1:
        return row_key(key, have[0])
    return None if have else key

def _item(text: str, pos: int) -> str:
    """The part of ``text`` between the semicolons around ``pos``: one item of a list said in one sentence, whose
    platform is its own ("no platform named (blended) 2025: $4.10-5.30; TikTok: $6.40" — the first figure is no
    TikTok's); the whole text when it has no semicolon."""
    return text[text.rfind(";", 0, pos) + 1:(text.find(";", pos) + 1 or len(text) + 1) - 1]


def _platform_of_earlier(text: str, pos: int, key: str, metric: str | None, path: str) -> str | None:
    """The row of an earlier label when ``key`` is a label the KB states no ``metric`` for but that earlier label's
    rows name as a platform: "the Beverage Brands CPM figures are: Roblox 2025: $14-18" (a KB profiling Roblox as well
    as listing in-game CPMs by platform) is Beverage Brands' row on Roblox, not a Roblox CPM; None otherwise."""
    if (key, metric or "") in _platforms(path) or (at := text.lower().rfind(key.lower(), 0, pos)) <= 0:
        return None
    prev = _nearest(text[:at], at, "verticals")
    return row_key(prev, key) if prev and key in _platforms(path).get((prev, metric or ""), ()) else None


def _own_platforms(text: str, have: tuple[str | None, ...]) -> str | None:
    """The one platform of ``have`` (the KB's platforms for a row) the text names as the KB writes it;
    "" when it names such a platform and another platform too (then which figure is whose is not read
    here); None when it names none of them, and the vocabulary's names decide. Why: the vocabulary
    knows "search ads" as Google's and does not know "Walmart Connect", so on a KB with its own
    platforms "Apple Search Ads 2025: $3.40-3.90" was checked against the Google Ads row, and
    "Amazon Ads …; Walmart Connect: $0.95-1.20" against Amazon's."""
    low = text.lower()
    spans = [(m.start(), m.end(), p) for p in {p for p in have if p}
             for m in re.finditer(r"(?<![a-z0-9])" + re.escape(p.lower()) + r"(?![a-z0-9])", low)]
    spans = [a for a in spans if not any(b != a and b[0] <= a[0] and a[1] <= b[1] for b in spans)]  # the longer name
    if not spans:
        return None
    others = [k for s, e, k in _spans(low, "platforms", str(kb_dir()))
              if not any(a <= s and e <= b for a, b, _ in spans)]  # a vocabulary name outside the KB's own
    named = {p for _, _, p in spans}
    return named.pop() if len(named) == 1 and not others else ""


__all__ = ["benchmark_table", "kb_dir", "metrics_in",
           "nearest_before", "nearest_name", "row_key", "verticals_in"]
