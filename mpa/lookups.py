"""Structured look-ups behind the agent's tools: benchmarks and audience sizes.

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
from dataclasses import asdict, dataclass, field
from typing import Any

from mpa import resolve
from mpa.tables import AudienceRow, BenchmarkRow, audience_rows, benchmark_rows, parse_range, unit_of
from mpa.vocabulary import VOCABULARY, canonical, find_first, match_terms
from rag.analyzer import get_analyzer
from rag.engine import RetrievalEngine
from rag.types import Chunk

US_STATE_CODES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho",
    "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
    "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas",
    "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia",
    "WI": "Wisconsin", "WY": "Wyoming", "DC": "District of Columbia",
}
NATIONAL = "United States"
_NATIONAL_CODES = {"us", "usa", "u.s.", "u.s.a.", "u.s", "america", "united states of america", "national",
                   "nationwide", "nationally", "country", "the us", "the united states", "all of the us"}

# Words that describe any audience; a match on these alone is not a match.
_GENERIC_AUDIENCE_WORDS = {"new", "first", "time", "adult", "peopl", "household", "owner", "user", "custom",
                           "audienc", "consum", "buyer", "plan", "person", "size", "segment", "market", "group"}

_NEGATION = re.compile(r"\b(no|not|never|without|outside|out of scope|bm-nc|excluded|left out|n/a)\b", re.I)
_NUM_TOKEN = re.compile(r"[$€£]?\d[\d,]*(?:\.\d+)?\s*(?:%|x\b|:1\b)?(?:\s*[–—-]\s*[$€£]?\d[\d,]*(?:\.\d+)?\s*(?:%|x\b|:1\b)?)?")


# ============================================================ result types
@dataclass
class BenchmarkResult:
    """One vertical × metric benchmark. ``value`` is the Typical cell verbatim ("$30–$55");
    ``low``/``high`` are the numbers of that typical range; ``low_value``/``high_value`` are the
    Low and High columns (stress-test bounds)."""

    metric: str
    vertical: str
    value: str
    low: float | None
    high: float | None
    low_value: float | None
    high_value: float | None
    qualifier: str
    source: str
    chunk_id: str
    citation_text: str
    metric_name: str = ""
    low_text: str = ""
    high_text: str = ""
    unit: str = ""
    notes_chunk_id: str | None = None
    matched_by: str = "table"  # "table" | "text" (fallback line in prose) | a fact's form (mpa.facts)
    platform: str | None = None
    period: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class AudienceSizingResult:
    """A sized audience: ``total_size`` is a number (people, or households when ``unit`` says
    so); ``methodology`` is the factor chain and method that produced it."""

    audience_type: str
    total_size: float | None
    size_text: str
    methodology: str
    geography: str
    source: str
    chunk_id: str
    citation_text: str
    unit: str = "people"
    method: str = ""
    base_population: str = ""
    qualifiers: str = ""
    worked_example_id: str | None = None
    other_geographies: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Lookup:
    """A look-up answer with the reason when there is none (for the tool's message)."""

    result: Any
    reason: str = ""


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
    return find_first(low, VOCABULARY["verticals"])


def canonical_metric(name: str, known: list[str] | None = None) -> str | None:
    """Map "cost per acquisition" → CPA, "LTV/CAC" → LTV:CAC, or a table's own metric label."""
    low = " ".join((name or "").split())
    if not low:
        return None
    key = canonical(low, "metrics")
    if key:
        return key
    up = low.split("(")[0].strip().upper()
    if known and up in known:
        return up
    return None


def lookup_benchmark(engine: "RetrievalEngine", vertical: str, metric: str) -> Lookup:
    """:func:`get_benchmark` plus the reason when nothing is found."""
    t = tables(engine)
    known_metrics = sorted({m for _, m in t.bench})
    v = canonical_vertical(vertical, t.verticals)
    m = canonical_metric(metric, known_metrics)
    if v is None and not match_terms(vertical or "", VOCABULARY["uncovered_verticals"]):
        v = _resolve_vertical(engine, t, vertical, metric)
    if m is None:
        m = _resolve_metric(engine, t, metric, known_metrics)
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


def _resolve_vertical(engine: "RetrievalEngine", t: _Tables, vertical: str, metric: str) -> str | None:
    """A vertical the vocabulary does not know ("online shops", "store chains"): the vertical whose
    benchmark file's title and introduction cover the user's words, else the vertical of the best
    retrieved passage from a vertical benchmark file that shares most of them (mpa.resolve)."""
    file_vertical = {row.source: v for (v, _), row in t.bench.items()}
    intros = {}
    for source, v in file_vertical.items():
        head = t.texts[source].split("\n## ", 1)[0]
        intros[v] = head
    key = resolve.by_labels(vertical, intros)
    if key:
        return key
    return resolve.by_retrieval(engine, vertical, lambda c: file_vertical.get(c.source), min_coverage=1.0,
                                context="benchmarks")


def _resolve_metric(engine: "RetrievalEngine", t: _Tables, metric: str, known: list[str]) -> str | None:
    """A metric the vocabulary does not know ("cost of a lead", "price per download"): the table
    label that covers the user's words ("CPL (cost per lead)"), else the metric code that heads the
    best retrieved section sharing most of them ("### CPI (cost per install)")."""
    labels = {}
    for (_, m), row in t.bench.items():
        labels.setdefault(m, row.metric_name or m)
    key = resolve.by_labels(metric, labels, min_coverage=0.5)
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

    return resolve.by_retrieval(engine, metric, key_of, min_coverage=1.0)


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
        qualifier=row.when, source=row.source, chunk_id=chunk.id if chunk else "", citation_text=chunk.citation if chunk else row.source,
        metric_name=row.metric_name, low_text=row.low, high_text=row.high, unit=row.unit,
        notes_chunk_id=notes.id if notes and (chunk is None or notes.id != chunk.id) else None,
    )


def _notes_chunk(t: _Tables, row: BenchmarkRow) -> Chunk | None:
    """The chunk holding the prose notes on this metric (a header such as "### CAC in ecommerce")."""
    text = t.texts[row.source]
    pat = re.compile(r"^#{2,6} [^\n]*(?<![\w:])" + re.escape(row.metric) + r"(?![\w:])[^\n]*$", re.M)
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
        for sent in re.split(r"(?<=[.!?])\s+|\n+", c.text):
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
                high_value=None, qualifier=sent.strip(), source=c.source, chunk_id=c.id, citation_text=c.citation,
                metric_name=metric, unit=unit_of(nums[0]), matched_by="text",
            )
    return None


def benchmark_pairs(engine: "RetrievalEngine") -> list[tuple[str, str]]:
    """Every (vertical, metric) pair with a table row (for goldens and tests)."""
    return sorted(tables(engine).bench)


# ============================================================ audience sizing
def normalize_geography(geography: str | None, known: list[str] | None = None) -> list[str]:
    """Candidate table geographies for a user's geography, best first: None/"US" → United
    States; "TX" → Texas; "Chicago" → Chicago DMA; "New York" → New York, then New York DMA.
    A place that merely contains a known name ("Austin, Texas") does not become that name:
    the Texas size is not Austin's size."""
    if geography is None or not str(geography).strip():
        return [NATIONAL]
    raw = " ".join(str(geography).split()).strip(" .,")
    low = raw.lower()
    dash = _dash(low)
    by_low = {_dash(k.lower()): k for k in (known or [])}
    out: list[str] = []

    def add(name: str | None) -> None:
        if name and name not in out:
            out.append(name)

    if dash in by_low:
        add(by_low[dash])
    if dash in _NATIONAL_CODES:
        add(NATIONAL)
    if len(raw) == 2 and raw.upper() in US_STATE_CODES:
        add(US_STATE_CODES[raw.upper()])
        if raw.upper() == "LA":
            add("Los Angeles DMA")  # "LA" is far more often Los Angeles than Louisiana in media plans
    for kl, k in by_low.items():  # "Chicago" → "Chicago DMA", "Dallas" → "Dallas–Fort Worth DMA"
        if kl.endswith(" dma"):
            name = kl[:-4]
            if dash in {name, f"{name} metro", f"{name} area", f"{name} market", *(p.strip() for p in name.split("-"))}:
                add(k)
    key = find_first(dash, VOCABULARY["geographies"])
    if key:
        residue = dash
        for syn in sorted(VOCABULARY["geographies"][key] + [key.lower()], key=len, reverse=True):
            residue = re.sub(r"(?<![a-z])" + re.escape(_dash(syn)) + r"(?![a-z])", " ", residue)
        if not set(re.findall(r"[a-z]+", residue)) - _GEO_FILLER:
            add(key)
    for name in list(out):  # "New York" / "NY" may also mean the New York DMA (tried second)
        if f"{_dash(name.lower())} dma" in by_low:
            add(by_low[f"{_dash(name.lower())} dma"])
    if not out:
        add(raw)
    return out


_GEO_FILLER = {"the", "state", "of", "dma", "metro", "area", "market", "region", "greater", "in", "us", "usa"}


def _dash(s: str) -> str:
    return s.replace("–", "-").replace("—", "-")


def _audience_name(cell: str) -> str:
    return re.split(r"[(,]", cell, maxsplit=1)[0].strip().lower()


def _stems(text: str) -> set[str]:
    return set(get_analyzer(True, True)(text))


def match_audience(query: str, names: list[str]) -> str | None:
    """The table audience (one of ``names``, the cells' lower-case names) that ``query``
    describes: a synonym from ``VOCABULARY["audiences"]`` first, else keyword overlap that
    covers at least half of the audience name's weight and includes a non-generic word."""
    q = " ".join((query or "").lower().split())
    if not q:
        return None
    if q in names:
        return q
    key = find_first(q, VOCABULARY["audiences"])
    if key and key in names:
        return key
    qs = _stems(q)
    best, best_score = None, 0.0
    for name in names:
        ns = _stems(name)
        if not ns:
            continue
        weight = {s: (0.3 if s in _GENERIC_AUDIENCE_WORDS else 1.0) for s in ns}
        hit = {s for s in ns if s in qs}
        if not any(weight[s] == 1.0 for s in hit):
            continue
        score = sum(weight[s] for s in hit) / sum(weight.values())
        if score >= 0.5 and score > best_score:
            best, best_score = name, score
    return best


def lookup_audience_sizing(engine: "RetrievalEngine", audience_type: str, geography: str | None = None) -> Lookup:
    """:func:`get_audience_sizing` plus the reason when nothing is found."""
    t = tables(engine)
    rows = t.audience
    if not rows:
        return Lookup(None, "the knowledge base has no audience sizing table")
    name = match_audience(audience_type, t.audience_names)
    if name is None:
        return Lookup(None, f"it does not size {audience_type!r} (sized audiences: "
                            + "; ".join(dict.fromkeys(_audience_name(r.audience) for r in rows)) + ")")
    mine = [r for r in rows if _audience_name(r.audience) == name]
    geos = [r.geography for r in mine]
    wanted = normalize_geography(geography, t.geographies)
    row = next((r for g in wanted for r in mine if r.geography.lower() == g.lower()), None)
    if row is None:
        return Lookup(None, f"it sizes {mine[0].audience} only for {', '.join(geos)}, not for {geography or NATIONAL}")
    return Lookup(_audience_result(t, row, [g for g in geos if g != row.geography]))


def get_audience_sizing(engine: "RetrievalEngine", audience_type: str,
                        geography: str | None = None) -> AudienceSizingResult | None:
    """The sized audience from the KB's sizing table, or ``None`` when that audience (or that
    geography for it) is not sized there. ``geography`` None means the United States."""
    return lookup_audience_sizing(engine, audience_type, geography).result


def _audience_result(t: _Tables, row: AudienceRow, others: list[str]) -> AudienceSizingResult:
    end = t.line_end(row.source, row.start)
    chunk = t.chunk_at(row.source, row.start, end)
    unit = "households" if "household" in row.audience.lower() else "people"
    chain = " ".join(x for x in (row.base_population, row.qualifiers) if x)
    methodology = f"{chain} = {row.estimated_size}" + (f" ({row.method})" if row.method else "")
    example = _worked_example(t, row)
    return AudienceSizingResult(
        audience_type=row.audience, total_size=row.size, size_text=row.estimated_size, methodology=methodology,
        geography=row.geography, source=row.source, chunk_id=chunk.id if chunk else "",
        citation_text=chunk.citation if chunk else row.source, unit=unit, method=row.method,
        base_population=row.base_population, qualifiers=row.qualifiers,
        worked_example_id=example.id if example else None, other_geographies=others,
    )


def _worked_example(t: _Tables, row: AudienceRow) -> Chunk | None:
    """The "Worked example: <audience> in <geography>" chunk for this row, if the KB has one."""
    name = _stems(_audience_name(row.audience))
    geo = row.geography.lower().replace("–", "-")
    for c in t.by_source.get(row.source, []):
        title = c.section.lower()
        if not title.startswith("worked example"):
            continue
        where = title.rsplit(" in ", 1)[-1].replace("–", "-")
        if where.strip() == geo and name & _stems(title.rsplit(" in ", 1)[0]):
            return c
    return None
