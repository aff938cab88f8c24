"""Structured look-ups behind the agent's tools: benchmarks here, audience sizes in
:mod:`mpa.audience_lookups`; the per-engine table cache both use (their result types: :mod:`mpa.results`).

Why not just search? A benchmark question has exactly one right answer — the Typical cell of
one row of one table — and a near miss (SaaS CPL when SaaS CPI was asked, a national size when
Ohio was asked) is worse than no answer, because the model will quote it with a citation. So
the numbers are read from the knowledge base's Markdown tables as data (:mod:`mpa.tables`),
names are matched through the synonym vocabulary (:data:`mpa.vocabulary.VOCABULARY`), and a
missing pair returns ``None`` plus a plain reason ("not in the knowledge base") for the tool
to pass on.

The tables are read from the engine's own chunks (each source document is reassembled from its
chunks' ``[start, end)`` slices), not from the files on disk: the offsets and chunk ids then
agree by construction with the index the engine searches, and look-ups also work on an index
loaded without its KB directory. The parsed tables are cached per engine.
"""
from __future__ import annotations

import re
import weakref
from typing import Any

from mpa import counted, devices, resolve, saleroute, shareof, unitowner
from mpa.results import BenchmarkResult, Lookup, citing
from mpa.tables import CURRENCY, BenchmarkRow, audience_rows, benchmark_rows, parse_range, unit_of
from mpa.vocabulary import VOCABULARY, as_cost_per, canonical, find_first, match_terms
from mpa.headnoun import not_theirs
from rag.engine import RetrievalEngine
from rag.sentences import loose_sentences
from rag.types import Chunk
from rag.regexes import compiled

_NEGATION = re.compile(r"\b(no|not|never|without|outside|out of scope|bm-nc|excluded|left out|n/a)\b", re.I)
_NUM_TOKEN = re.compile(CURRENCY + r"?\d[\d,]*(?:\.\d+)?\s*(?:%|x\b|:1\b)?(?:\s*[–—-]\s*" + CURRENCY + r"?\d[\d,]*(?:\.\d+)?\s*(?:%|x\b|:1\b)?)?")


# ============================================================ per-engine tables
class _Tables:
    def __init__(self, engine: "RetrievalEngine"):
        self.chunks = engine.chunks  # identity check: a rebuilt chunk list invalidates the cache
        self.by_source: dict[str, list[Chunk]] = {}
        for c in engine.chunks:
            self.by_source.setdefault(c.source, []).append(c)
        for cs in self.by_source.values():
            cs.sort(key=lambda c: (c.start, c.index))
        self.texts = {s: _reassemble(cs) for s, cs in self.by_source.items()}
        docs = list(self.texts.items())
        self.bench: dict[tuple[str, str], BenchmarkRow] = {}
        for row in benchmark_rows(docs):
            key = (row.vertical, _metric_key(row.metric))
            self.bench.setdefault(key, row)
        self.verticals = sorted({v for v, _ in self.bench})
        self.metric_units: dict[str, str] = {}
        for (_, m), row in self.bench.items():
            self.metric_units.setdefault(m, row.unit)
        self.audience = audience_rows(docs)
        self.audience_names = list(dict.fromkeys(_audience_name(r.audience) for r in self.audience))
        self.geographies = sorted({r.geography for r in self.audience})
        self.fallback: dict[tuple[str, str], BenchmarkResult | None] = {}

    def chunk_at(self, source: str, start: int, end: int | None = None) -> Chunk | None:
        """The chunk holding ``[start, end)`` of ``source`` entirely, else the first chunk with
        ``chunk.start <= start < chunk.end`` (chunks overlap, so several may qualify)."""
        cs = self.by_source.get(source, [])
        containing = [c for c in cs if c.start <= start < c.end]
        if end is not None:
            whole = [c for c in containing if end <= c.end]
            if whole:
                return whole[0]
        return containing[0] if containing else None

    def line_end(self, source: str, start: int) -> int:
        text = self.texts[source]
        j = text.find("\n", start)
        return len(text) if j < 0 else j


def _reassemble(chunks: list[Chunk]) -> str:
    """Rebuild a document from its chunks' raw slices (gaps, if any, become spaces so every
    offset still points at the same character)."""
    n = max(c.end for c in chunks)
    buf = [" "] * n
    for c in chunks:
        buf[c.start:c.end] = c.text
    return "".join(buf)


_CACHE: "weakref.WeakKeyDictionary[Any, _Tables]" = weakref.WeakKeyDictionary()


def tables(engine: "RetrievalEngine") -> _Tables:
    """Parsed benchmark and audience tables of ``engine`` (cached per engine and chunk list)."""
    t = _CACHE.get(engine)
    if t is None or t.chunks is not engine.chunks:
        t = _Tables(engine)
        _CACHE[engine] = t
    return t


# ============================================================ benchmarks
def _metric_key(name: str) -> str:
    return canonical(name, "metrics") or name.strip().upper()


def canonical_vertical(name: str, known: list[str] | None = None) -> str | None:
    """Map "e-commerce", "DTC", "B2B software" … to a vertical key. A name that names an
    uncovered vertical ("health insurance") maps to nothing, even if part of it matches."""
    low = " ".join((name or "").lower().split())
    if not low:
        return None
    slug = low.replace(" ", "-")
    if known and slug in known:
        return slug
    for key, syns in VOCABULARY["verticals"].items():
        if low == key or low in syns:
            return key
    if match_terms(low, VOCABULARY["uncovered_verticals"]):
        return None  # "health insurance" is not healthcare: an uncovered vertical wins
    key = find_first(low, VOCABULARY["verticals"])
    return None if key and not_theirs(low, key) else key  # "hotel florist", "we calibrate bank vaults": another trade


def canonical_metric(name: str, known: list[str] | None = None) -> str | None:
    """Map "cost per acquisition" → CPA, "LTV/CAC" → LTV:CAC, or a table's own metric label."""
    low = " ".join((name or "").split())
    if not low:
        return None
    key = canonical(low, "metrics") or canonical(as_cost_per(low), "metrics")  # ("cost-per-install", "price per …")
    if key:
        return key
    up = low.split("(")[0].strip().upper()
    if known and up in known:
        return up
    return shareof.named(low, known or ())  # "share of trials that enroll": the KB's "trial-to-enrollment rate"


def lookup_benchmark(engine: "RetrievalEngine", vertical: str, metric: str) -> Lookup:
    """:func:`get_benchmark` plus the reason when nothing is found."""
    t = tables(engine)
    known_metrics = sorted({m for _, m in t.bench})
    v = canonical_vertical(vertical, t.verticals)
    m = canonical_metric(metric, known_metrics)
    if v is None and not match_terms(vertical or "", VOCABULARY["uncovered_verticals"]):
        v = _resolve_vertical(engine, t, vertical, metric)
        v = None if v and not_theirs(vertical, v, t.texts.values(), _listed(t, v)) else v  # "hotel florist": no hotel
    if m is None:
        m = next(filter(None, (_resolve_metric(engine, t, x, known_metrics, v if v in t.verticals else None) for x in (metric, unitowner.owned_phrase(metric)) if x)), None)  # "household inquiry": an inquiry
    if v is None or v not in t.verticals:
        return Lookup(None, f"it has no benchmark table for {vertical!r} (covered verticals: {', '.join(t.verticals)})")
    if m is None:
        return Lookup(None, f"it has no benchmark for the metric {metric!r} (covered metrics: {', '.join(known_metrics)})")
    row = t.bench.get((v, m))
    if row is not None:
        return Lookup(_from_row(t, row))
    if (v, m) not in t.fallback:  # memoised: the answer depends only on the chunks
        t.fallback[(v, m)] = _fallback_line(engine, t, v, m)
    found = t.fallback[(v, m)]
    if found is not None:
        return Lookup(found)
    have = sorted(mm for vv, mm in t.bench if vv == v)
    return Lookup(None, f"the {v} table covers {', '.join(have)} but not {m}, and no other passage states a {v} {m} "
                        "figure (the benchmark edition leaves this pair out)")


def _listed(t: _Tables, v: str) -> list[str]:
    """What vertical ``v``'s benchmark file says it covers (the names its introduction lists)."""
    return next((resolve.listed_names(t.texts[row.source].split("\n## ", 1)[0]) for (vv, _), row in t.bench.items() if vv == v), [])


def _resolve_vertical(engine: "RetrievalEngine", t: _Tables, vertical: str, metric: str,
                      _expanded: bool = False) -> str | None:
    """A vertical the vocabulary does not know ("online shops", "store chains"): the vertical whose
    benchmark file's title and introduction cover the user's words, else the vertical of the best
    retrieved passage from a vertical benchmark file that shares most of them (mpa.resolve)."""
    file_vertical = {row.source: v for (v, _), row in t.bench.items()}
    vertical = resolve.industry_words(vertical)  # "dental clinic chain" is in the clinics' industry
    intros = {}
    for source, v in file_vertical.items():
        head = t.texts[source].split("\n## ", 1)[0]
        intros[v] = saleroute.without_routes(head)  # where a vertical sells is not what it is ("… through websites")
    key = resolve.by_labels(vertical, intros)
    if key and resolve.gerunds_said(vertical, intros[key]):  # "reaching" is not CPG's "reach-driven"
        return key
    shortened = {v for v, head in intros.items() if resolve.abbreviates(vertical, head)}  # "higher ed"
    if len(shortened) == 1:
        return shortened.pop()
    # stems can join two words ("hospitals", "hospitality"): among the intros covering the phrase, the
    # one that has each word itself (singular or plural) names it
    tied = [v for v, sc in resolve.label_scores(vertical, intros).items() if sc == 1.0]
    said = resolve.saying(vertical, {v: intros[v] for v in tied}) if len(tied) > 1 else None
    if said:
        return said
    texts = {v: t.texts[source] for source, v in file_vertical.items()}

    def key_of(chunk):  # the passage must say one of the user's own words that is not every vertical's
        said = resolve.own_word_said(vertical, saleroute.without_routes(" ".join([chunk.title, *chunk.section_path,
                                                                                  chunk.text])), texts)
        return file_vertical.get(chunk.source) if said else None

    found = devices.retrieved_with_metric(lambda k: resolve.by_retrieval(engine, vertical, k, min_coverage=1.0, context="benchmarks"),
                                          {v for v, mm in t.bench if mm == canonical_metric(metric, sorted({x for _, x in t.bench}))}, key_of)
    if found is None and not _expanded:  # "uni programs": a clipped word the KB never uses, written out
        longer = resolve.expand_truncations(vertical, resolve.known_to(engine), intros)
        if longer != vertical:
            return _resolve_vertical(engine, t, longer, metric, _expanded=True)
    if found is None:  # "urgent care clinics": the kind of place is the last of two words or more, when one intro names it
        words = [w for w in re.findall(r"[a-z][a-z\-]*", vertical.lower()) if resolve.terms(w)]
        saying = [v for v, text in intros.items() if len(words) > 1 and resolve.says_words(words[-1], text)]
        known = resolve.known_to(engine)
        # … and each other word is said there too or is a word the KB never uses ("tax clinic" is no clinic of care)
        said = set(re.findall(r"[a-z]+", intros[saying[0]].lower())) if len(saying) == 1 else set()
        if len(saying) == 1 and all(resolve.says_words(w, intros[saying[0]]) or not known(w) or (  # "care": healthcare
                len(w) >= 4 and any(x.endswith(w) for x in said)) for w in words[:-1]):
            return saying[0]
    if found is None and not _expanded:  # words failed: the introductions' own items, compared by meaning
        found = resolve.by_word_and_meaning(vertical, intros, {v: resolve.listed_names(h) for v, h in intros.items()})
    return found


def _resolve_metric(engine: "RetrievalEngine", t: _Tables, metric: str, known: list[str],
                    vertical: str | None = None) -> str | None:
    """A metric the vocabulary does not know ("cost of a lead", "price per download"): the table
    label that covers the user's words ("CPL (cost per lead)"), else the metric code that heads the
    best retrieved section sharing most of them ("### CPI (cost per install)")."""
    labels = {}
    for (_, m), row in t.bench.items():
        labels.setdefault(m, row.metric_name or m)
    key = resolve.by_labels(metric, labels, min_coverage=0.5)
    if key and resolve.by_labels(metric, labels) is None and not _says_counted(metric, labels[key]):
        key = None  # "completed loan application" shares "completed" with CPCV, but CPCV counts no application
    if key:
        return key
    key = counted.counted_metric(t, vertical, metric) if vertical else None
    if key:
        return key
    # ties or no label word: retrieval decides, among the metrics whose label shares a word when any does
    scores = resolve.label_scores(metric, labels)
    allowed = {k for k, v in scores.items() if v > 0}  # no shared word: no guess (a near miss is worse than none)
    if not allowed:
        return None
    all_keys = sorted(labels)  # a section naming two metrics names neither, even if one is not allowed

    def key_of(chunk):
        key = resolve.header_key(chunk, all_keys)
        return key if key in allowed else None

    # words failed ("cost per download"): the unit nearest by meaning, only when meaning has no doubt
    return resolve.by_retrieval(engine, metric, key_of, min_coverage=1.0) or resolve.unit_by_meaning(metric, labels)


def _says_counted(phrase: str, label: str) -> bool:
    """A label sharing only some of a price's words still names it when it says the thing counted, the
    last word ("cost of one lead": a lead); a shared adjective ("completed") names nothing."""
    unit = resolve.priced_unit(phrase)
    return not unit or resolve.coverage(resolve.terms(unit.split()[-1]), resolve.terms(label)) == 1.0


def get_benchmark(engine: "RetrievalEngine", vertical: str, metric: str) -> BenchmarkResult | None:
    """The benchmark row for ``vertical`` × ``metric`` read from the KB tables, or ``None``
    when the knowledge base has no such pair (never the nearest other pair)."""
    return lookup_benchmark(engine, vertical, metric).result


def _from_row(t: _Tables, row: BenchmarkRow) -> BenchmarkResult:
    end = t.line_end(row.source, row.start)
    chunk = t.chunk_at(row.source, row.start, end)
    notes = _notes_chunk(t, row)
    return BenchmarkResult(
        metric=_metric_key(row.metric), vertical=row.vertical, value=row.typical,
        low=row.typical_low, high=row.typical_high, low_value=row.low_value, high_value=row.high_value,
        qualifier=row.when, **citing(chunk, row.source),
        metric_name=row.metric_name, low_text=row.low, high_text=row.high, unit=row.unit,
        notes_chunk_id=notes.id if notes and (chunk is None or notes.id != chunk.id) else None,
    )


def _notes_chunk(t: _Tables, row: BenchmarkRow) -> Chunk | None:
    """The chunk holding the prose notes on this metric (a header such as "### CAC in ecommerce")."""
    text = t.texts[row.source]
    pat = compiled(r"^#{2,6} [^\n]*(?<![\w:])" + re.escape(row.metric) + r"(?![\w:])[^\n]*$", re.M)
    for m in pat.finditer(text, row.start):
        para_end = text.find("\n\n", m.end() + 2)
        return t.chunk_at(row.source, m.start(), para_end if para_end > 0 else m.end())
    return None


def _fallback_line(engine: "RetrievalEngine", t: _Tables, vertical: str, metric: str) -> BenchmarkResult | None:
    """Prose fallback for a pair with no table row: a sentence that names the vertical and the
    metric (and no other metric), carries a number in the metric's unit, and is not a negation
    ("no CPG CAC benchmark"). Anything looser would return a near miss."""
    v_syns = VOCABULARY["verticals"].get(vertical, [vertical])
    m_syns = VOCABULARY["metrics"].get(metric, [metric.lower()])
    unit = t.metric_units.get(metric, "")
    results = engine.search(f"{v_syns[0]} {metric} {m_syns[-1]}", top_k=10)
    for r in results:
        c = r.chunk
        if c.source.startswith("benchmarks-") and "methodology" not in c.source:
            file_vertical = c.source[len("benchmarks-"):].rsplit(".", 1)[0]
            if file_vertical != vertical:
                continue  # another vertical's file: its numbers belong to that vertical
        for sent in loose_sentences(c.text):
            if sent.lstrip().startswith("|") or _NEGATION.search(sent):
                continue
            if set(match_terms(sent, VOCABULARY["verticals"])) != {vertical}:
                continue
            if set(match_terms(sent, VOCABULARY["metrics"])) != {metric}:
                continue
            nums = [n.strip() for n in _NUM_TOKEN.findall(sent)]
            nums = [n for n in nums if not unit or unit_of(n) == unit]
            if not nums:
                continue
            rng = parse_range(nums[0]) or (None, None)
            return BenchmarkResult(
                metric=metric, vertical=vertical, value=nums[0], low=rng[0], high=rng[1], low_value=None,
                high_value=None, qualifier=sent.strip(), **citing(c, c.source),
                metric_name=metric, unit=unit_of(nums[0]), matched_by="text",
            )
    return None


def benchmark_pairs(engine: "RetrievalEngine") -> list[tuple[str, str]]:
    """Every (vertical, metric) pair with a table row (for goldens and tests)."""
    return sorted(tables(engine).bench)


# ============================================================ audience sizing


_QUALIFIER = re.compile(r"[(,]")  # compiled once: every audience cell of every look-up is read


def _audience_name(cell: str) -> str:
    """An audience cell's name without its qualifier: "New parents (…)" → "new parents"."""
    return _QUALIFIER.split(cell, maxsplit=1)[0].strip().lower()
