"""Facts from knowledge-base text in the forms such KBs are really written in.

A media-planning KB states its figures in many shapes; this module reads them all into one
list of :class:`Fact` records (benchmarks and audience sizes):

* **tables** — Markdown/pipe benchmark and audience tables (:mod:`mpa.tables`, as before);
* **lists** — ``- Label: value (note)`` or ``Label: value`` rows under a heading that names the
  metric, the platform/channel and the period (``BING ADS CPC BENCHMARKS - 2024`` /
  ``BY VERTICAL - HIGHEST TO LOWEST`` / ``- Accountants and Tax Services: $5.10-5.60``); the
  enclosing section heading fills in what the list heading leaves out;
* **metric lines** — ``Metric: value`` lines under a heading that names one vertical
  (``SOLAR - LEAD GENERATION PROFILE`` / ``Cost Per Lead: $95-140``);
* **sentences** — a sentence naming one metric and a vertical already known from a list or
  table, with one figure in the metric's unit;
* **audience figures** — ``- Denver DMA population 3.4M: …``, ``Phoenix: 950,000 target
  audience (18% of population)`` under an audience heading, and population sentences.

Rows that are not verticals (``Overall Average``, ``All Verticals Average``, country or state
names) are kept with ``vertical=None`` (aggregate rows) or as geography rows, never as a
vertical. Vertical labels are kept as written (``Plumbers and HVAC``); matching a user's words
to them is :func:`mpa.labels.match_labels`' job, not the extractor's.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Iterable, Iterator

from mpa.tables import audience_rows, benchmark_rows, parse_range, unit_of
from mpa.vocabulary import VOCABULARY, find_first, match_terms

_RULE = re.compile(r"^\s*([-=_*~])\1{9,}\s*$")
_DECLARED = re.compile(r"^\s*META(?:_[A-Z0-9_]+:| - )")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
# "Label: value (note)" — the value starts with a figure
_VALUE = r"[$€£]?\d[\d,]*(?:\.\d+)?(?:\s*(?:%|x|:1|[kKmM]\b|million\b|thousand\b|billion\b))?"
_RANGE = re.compile(rf"(?P<v>{_VALUE}(?:\s*(?:[-–—]|to)\s*{_VALUE})?)")
_LABELLED = re.compile(rf"^(?P<label>[^:\n]{{2,80}}?):\s+(?P<value>{_VALUE}(?:\s*(?:[-–—]|to)\s*{_VALUE})?)(?P<rest>.*)$")
_YEAR = re.compile(r"\b(?:(?:Q[1-4]|H[12])\s+)?(?:19|20)\d{2}\b")
_MD_HEADER = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
# rows that summarise a list rather than name a vertical
_AGGREGATE = re.compile(r"\b(average|overall|all verticals|all industries|median|total|mean|benchmark|blended)\b", re.I)
_POPULATION_WORDS = re.compile(r"\b(population|residents|people|persons|adults|households|target audience|audience|"
                               r"individuals|consumers)\b", re.I)
_PEOPLE_NUMBER = re.compile(r"(?<![\d$.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s*(?:M|K|million|thousand|billion)\b)",
                            re.I)
_GENERIC_LABEL = re.compile(r"^(base|result|total|step \d+|example|note|source|method)$", re.I)
_OPERATOR = re.compile(r"^[×x*÷/+−=≈]|^-\s*[$\d]")
_TITLE_WORD = re.compile(r"^(?:[A-Z][\w.'’&-]*|[A-Z]{2,}|DMA|of|the|and|St\.?)$")
_COUNTRIES = {"canada", "mexico", "united kingdom", "uk", "germany", "france", "australia", "japan", "india", "brazil",
              "spain", "italy", "netherlands", "ireland", "new zealand", "singapore", "china", "south korea",
              "united states", "us", "usa", "europe", "emea", "apac", "latam", "north america", "global", "worldwide"}
# words a heading uses around a vertical's name that are not part of it
_HEADING_FILLER = re.compile(r"\b(section|part|chapter|step|\d+|profile|profiles|vertical|verticals|benchmarks?|"
                             r"lead generation|blended|summary|overview|notes?|by|and|the|of|for|in|at|figures?|"
                             r"reference|metrics?|kpis?|performance|data|highest|lowest|to)\b", re.I)


@dataclass
class Fact:
    kind: str                  # "benchmark" | "audience"
    label: str                 # the row's label as written ("Plumbers and HVAC", "Phoenix")
    value: str                 # the figure verbatim ("$4.90-5.40", "3.4M")
    low: float | None
    high: float | None
    unit: str                  # "$" | "%" | "x" | "ratio" | "people" | ""
    source: str
    start: int                 # character span of the line or sentence in the document
    end: int
    form: str                  # "table" | "list" | "metric-line" | "sentence"
    vertical: str | None = None
    metric: str | None = None  # canonical metric key (VOCABULARY["metrics"]) or the KB's own label
    platform: str | None = None
    period: str | None = None
    geography: str | None = None
    audience: str | None = None
    qualifier: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


# ------------------------------------------------------------------ small readers
def fact_unit(value: str) -> str:
    """$, %, x, ratio (``3:1``), people (``3.4M``, ``950,000``) or ""."""
    u = unit_of(value)
    if u == ":1":
        return "ratio"
    if u:
        return u
    return "people" if re.search(r"\d\s*(M|K|million|thousand|billion)\b|\d{1,3}(,\d{3})+", value, re.I) else ""


def _number_range(value: str) -> tuple[float | None, float | None]:
    """"$4.20-5.00" → (4.2, 5.0) (the unit written once covers both ends); "5.2%" → (5.2, 5.2)."""
    rng = parse_range(re.sub(r"\bto\b", "-", value))
    return rng if rng is not None else (None, None)


def _period(*texts: str) -> str | None:
    for t in texts:
        m = _YEAR.search(t or "")
        if m:
            return m.group(0)
    return None


def _people(text: str) -> float | None:
    m = _PEOPLE_NUMBER.search(text)
    if not m:
        return None
    raw = m.group(1)
    scale = re.search(r"(million|thousand|billion|M|K)\b", raw, re.I)
    n = float(re.sub(r"[^\d.]", "", re.split(r"\s*(?:million|thousand|billion|M|K)\b", raw, flags=re.I)[0]))
    if scale:
        n *= {"m": 1e6, "million": 1e6, "k": 1e3, "thousand": 1e3, "billion": 1e9}[scale.group(1).lower()]
    return n


def is_heading(line: str) -> bool:
    """An ALL-CAPS line (a list or section heading in plain-text KBs) or a Markdown header."""
    s = line.strip()
    if not s or _RULE.match(s) or _DECLARED.match(s) or _BULLET.match(s):
        return False
    if _MD_HEADER.match(s):
        return True
    letters = [c for c in s if c.isalpha()]
    return 3 <= len(s) <= 100 and len(letters) >= 3 and all(c.isupper() for c in letters) and not s.endswith(".")


def _heading_text(line: str) -> str:
    m = _MD_HEADER.match(line.strip())
    return (m.group(1) if m else line).strip()


def platform_in(text: str) -> str | None:
    return find_first(text, VOCABULARY["platforms"])


def metric_in(text: str) -> str | None:
    return find_first(text, VOCABULARY["metrics"])


_GEO_NAMES = None


def is_geography(label: str) -> bool:
    """The whole label names a place: a country or region, a US state or known DMA, or
    ``<name> DMA``/``metro``."""
    global _GEO_NAMES
    if _GEO_NAMES is None:
        _GEO_NAMES = {s for k, syns in VOCABULARY["geographies"].items() for s in [k.lower(), *syns]} | _COUNTRIES
    low = " ".join(label.lower().replace("–", "-").split())
    return low in _GEO_NAMES or bool(re.fullmatch(r"[a-z][a-z .'-]* (dma|metro|msa|metro area)", low))


def _vertical_of_heading(heading: str) -> str | None:
    """The vertical a heading names (``SOLAR - BLENDED LEAD GENERATION PROFILE`` → Solar), when
    what is left after dropping metric, platform, period and filler words is a short name."""
    h = _YEAR.sub(" ", heading)
    for table in ("metrics", "platforms"):
        for syns in VOCABULARY[table].values():
            for s in sorted(syns, key=len, reverse=True):
                h = re.sub(rf"(?<![a-z0-9]){re.escape(s)}(?![a-z0-9])", " ", h, flags=re.I)
    parts = [p for p in re.split(r"\s+[-–—:]\s+|:", h) if p.strip()]
    if not parts:
        return None
    name = parts[0]
    left = _HEADING_FILLER.sub(" ", name)
    if not re.search(r"[A-Za-z]{3,}", left):
        return None
    name = " ".join(name.split()).strip(" -–—")
    return name.title() if name.isupper() else name


# ------------------------------------------------------------------ context of a line
@dataclass
class _Context:
    section: str = ""        # the enclosing section heading
    block: tuple[str, ...] = ()  # the heading lines right above the current list
    fresh: bool = False      # no prose between the block and this line: a list under its heading

    def text(self) -> str:
        return " ".join(self.block)

    def metric(self) -> str | None:
        return metric_in(self.text()) or metric_in(self.section)

    def platform(self) -> str | None:
        return platform_in(self.text()) or platform_in(self.section)

    def period(self) -> str | None:
        return _period(self.text(), self.section)

    def dimension(self) -> str:
        """What a list's rows are, from its heading's "BY …" clause: "vertical" (also the default),
        "geography", or another dimension ("inventory type") whose rows are not verticals."""
        m = re.search(r"\bby\s+([a-z][a-z ]*?)\s*(?:[-–—:(]|$)", self.text(), re.I)
        if not m:
            return "vertical"
        dim = m.group(1).lower().strip()
        if re.fullmatch(r"(verticals?|industr(y|ies)|categor(y|ies)|sectors?|business types?|advertiser types?)", dim):
            return "vertical"
        if re.fullmatch(r"(countr(y|ies)|markets?|regions?|states?|dmas?|geograph(y|ies)|cit(y|ies)|metros?)", dim):
            return "geography"
        return dim

    def vertical(self) -> str | None:
        for h in self.block:
            v = _vertical_of_heading(h)
            if v and not is_geography(v):
                return v
        return None


def _lines(text: str) -> Iterator[tuple[int, str]]:
    pos = 0
    for line in text.split("\n"):
        yield pos, line
        pos += len(line) + 1


def _framed(lines: list[tuple[int, str]], i: int) -> bool:
    """Line ``i`` sits between two rule lines (a framed section heading)."""
    return 0 < i < len(lines) - 1 and bool(_RULE.match(lines[i - 1][1])) and bool(_RULE.match(lines[i + 1][1]))


# ------------------------------------------------------------------ extraction
def extract_facts(source: str, text: str) -> list[Fact]:
    """Every list, metric-line and audience fact of one document (tables and sentences are
    read by :func:`kb_facts`, which needs the whole KB)."""
    out: list[Fact] = []
    lines = list(_lines(text))
    ctx = _Context()
    prev_heading = False
    for i, (off, line) in enumerate(lines):
        s = line.strip()
        if not s or _RULE.match(s) or _DECLARED.match(s) or s.startswith("|"):
            continue
        if is_heading(s):
            h = _heading_text(s)
            if _framed(lines, i) or (_MD_HEADER.match(s) and s.startswith("## ")):
                ctx = _Context(section=h)
            else:
                ctx.block = (ctx.block + (h,)) if prev_heading else (h,)
                ctx.fresh = True
            prev_heading = True
            continue
        prev_heading = False
        body = _BULLET.sub("", s, count=1)
        fact = _audience_line(source, off, line, body, ctx)
        if fact is None and ctx.fresh:
            fact = _labelled_line(source, off, line, body, ctx)
        if fact is not None:
            out.append(fact)
        elif not _BULLET.match(line) and not _LABELLED.match(body):
            ctx.fresh = False  # prose: what follows is no longer the heading's list
    return out


def _labelled_line(source: str, off: int, line: str, body: str, ctx: _Context) -> Fact | None:
    m = _LABELLED.match(body)
    if not m:
        return None
    label = " ".join(m.group("label").split())
    value = m.group("value").strip()
    rest = m.group("rest").strip()
    if _OPERATOR.match(rest):
        return None  # a worked calculation ("Spend: $250,000 ÷ 2,800 = …"), not a stated figure
    if re.match(r"^[A-Za-z]", rest) and not rest.startswith(("(", "—", "-", ";", ",")) and \
            not re.match(r"^(per|a|an|each)\b", rest, re.I):
        value_unit = fact_unit(value)
        if not value_unit:
            return None  # "Typical Decision Window: 45-90 days": a figure, but not one we can compare
    qualifier = rest.strip(" ()—-;,")
    low, high = _number_range(value)
    unit = fact_unit(value)
    span = (off, off + len(line))
    label_metric = metric_in(label)
    if label_metric and len(re.sub(r"[^a-z]", "", label.lower())) <= 2 * len(label_metric) + 20:
        # "Cost Per Lead: $62-78" inside a vertical's section
        vertical = ctx.vertical()
        if vertical is None:
            return None
        return Fact("benchmark", label, value, low, high, unit, source, *span, form="metric-line", vertical=vertical,
                    metric=label_metric, platform=ctx.platform(), period=ctx.period(), qualifier=qualifier)
    metric = ctx.metric()
    if metric is None or unit in ("", "people"):
        return None
    dim = ctx.dimension()
    geography = label if (dim == "geography" or is_geography(label)) and not _AGGREGATE.search(label) else None
    vertical = label if dim == "vertical" and geography is None and not _AGGREGATE.search(label) else None
    if vertical is None and geography is None and dim not in ("vertical", "geography"):
        qualifier = f"{dim}: {label}" + (f"; {qualifier}" if qualifier else "")
    return Fact("benchmark", label, value, low, high, unit, source, *span, form="list", vertical=vertical,
                metric=metric, platform=ctx.platform(), period=ctx.period(), geography=geography,
                qualifier=qualifier)


def _counted_line(source: str, off: int, line: str, body: str, ctx: _Context) -> Fact | None:
    """``- Adults 65 and older: 58.4M`` under a heading that names a place (``NATIONAL COUNTS -
    UNITED STATES``): the label is the audience, the heading gives the geography."""
    m = _LABELLED.match(body)
    if not m or fact_unit(m.group("value")) != "people" or "$" in m.group("value") or _OPERATOR.match(m.group("rest").strip()):
        return None
    geo = next((p.strip() for h in ctx.block for p in re.split(r"\s+[-–—:]\s+", h) if is_geography(p.strip())), None)
    if geo is None and re.search(r"\b(national|nationwide)\b", ctx.text(), re.I):
        geo = "United States"
    label = " ".join(m.group("label").split())
    if geo is None or metric_in(label) or not label[:1].isupper() or _GENERIC_LABEL.match(label):
        return None
    size = _people(m.group("value"))
    return Fact("audience", label, m.group("value").strip(), size, size, "people", source, off, off + len(line),
                form="list", geography=_audience_name(geo), audience=label, period=_period(body),
                qualifier=m.group("rest").strip(" ()—-;,"))


def _audience_line(source: str, off: int, line: str, body: str, ctx: _Context) -> Fact | None:
    return _population_line(source, off, line, body, ctx) or _counted_line(source, off, line, body, ctx)


def _population_line(source: str, off: int, line: str, body: str, ctx: _Context) -> Fact | None:
    """``Denver DMA population 3.4M: …`` or ``Phoenix: 950,000 target audience (18% of …)``."""
    if not _POPULATION_WORDS.search(body) and not _POPULATION_WORDS.search(ctx.text()):
        return None
    head, _, tail = body.partition(":")
    m = _PEOPLE_NUMBER.search(head) or (_PEOPLE_NUMBER.search(tail) if tail else None)
    if not m or "$" in body[max(0, m.start() - 2):m.start() + 1]:
        return None
    in_head = m.string is head
    if in_head:  # "Denver DMA population 3.4M: source"
        before = head[:m.start()]
        pw = _POPULATION_WORDS.search(before)
        if not pw or before[pw.end():].strip():
            return None  # the population word must sit right before the figure
        geo = before[:pw.start()].strip(" ,-–—")
        what = "population" if re.search(r"\bpopulation\b", head, re.I) else (ctx.text() or "population")
        note = tail.strip()
    else:  # "Phoenix: 950,000 target audience (18% of population)"
        geo = head.strip()
        after = tail[m.end():]
        if tail[:m.start()].strip() or not re.match(r"^\s*(?:" + _POPULATION_WORDS.pattern[2:-2] + r")\b", after, re.I):
            return None
        what = ctx.text() if ctx.block else "population"
        note = after.strip(" ()")
    words = geo.split()
    if not words or len(words) > 6 or re.search(r"[\d%=×÷]", geo) or metric_in(geo) or \
            not all(_TITLE_WORD.match(w) for w in re.split(r"[\s-]+", geo) if w):
        return None
    size = _people(m.group(1))
    return Fact("audience", geo, m.group(1).strip(), size, size, "people", source, off, off + len(line),
                form="list", geography=geo, audience=_audience_name(what), period=_period(body), qualifier=note)


def _audience_name(heading: str) -> str:
    h = " ".join(heading.split())
    return h.title() if h.isupper() else h


_SENTENCE = re.compile(r"(?:[^.!?]|[.!?](?=\d))+(?:[.!?]|$)")
_NEGATION = re.compile(r"\b(no|not|never|without|excluded|n/a)\b", re.I)
_PER_UNIT = re.compile(r"[$€£]\d[\d,.]*(?:\s*[-–—]\s*[$€£]?\d[\d,.]*)?\s+(?:a|per|each)\s+([a-z]+(?:\s+[a-z]+)?)", re.I)


def _paragraphs(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, paragraph text with line breaks folded, section heading) for prose paragraphs."""
    section, start, buf = "", None, []
    for off, line in list(_lines(text)) + [(len(text) + 1, "")]:
        s = line.strip()
        prose = bool(s) and not (is_heading(s) or _BULLET.match(line) or _LABELLED.match(s) or _DECLARED.match(s)
                                 or _RULE.match(s) or s.startswith("|"))
        if prose:
            if start is None:
                start = off
            buf.append(line)
            continue
        if start is not None:
            yield start, "\n".join(buf), section
            start, buf = None, []
        if is_heading(s):
            section = _heading_text(s)


def _sentence_metric(sent: str) -> str | None:
    """The one metric a sentence states: named ("cost per lead", "CPC"), or implied by a price
    "per <thing>" ("$3.30 per click" → cost per click)."""
    named = match_terms(re.sub(r"\b([A-Z]{2,5})s\b", r"\1", sent), VOCABULARY["metrics"])  # "CPMs" names CPM
    if len(named) == 1:
        return named[0]
    if named:
        return None
    implied = {metric_in(f"cost per {m.group(1)}") or metric_in(f"cost per {m.group(1).split()[0]}")
               for m in _PER_UNIT.finditer(sent)}
    implied.discard(None)
    return implied.pop() if len(implied) == 1 else None


def sentence_facts(source: str, text: str, verticals: Iterable[str]) -> list[Fact]:
    """Figures stated in prose: a sentence naming exactly one metric (or a price per unit), one
    known vertical label, an optional platform, and one figure in a comparable unit; not a
    negation."""
    labels = sorted({v for v in verticals if v}, key=len, reverse=True)
    if not labels:
        return []
    pat = re.compile(r"(?<![A-Za-z])(" + "|".join(re.escape(v) for v in labels) + r")(?![A-Za-z])", re.I)
    out = []
    for off, para, section in _paragraphs(text):
        for m in _SENTENCE.finditer(para):
            sent = " ".join(m.group(0).split())
            names = {x.lower() for x in pat.findall(sent)}
            metric = _sentence_metric(sent)
            if metric is None or len(names) != 1 or _NEGATION.search(sent):
                continue
            figures = [f.group("v") for f in _RANGE.finditer(sent) if fact_unit(f.group("v")) in ("$", "%", "x")]
            if len(figures) != 1:
                continue
            value = figures[0].strip()
            low, high = _number_range(value)
            vertical = next(v for v in labels if v.lower() in names)
            out.append(Fact("benchmark", vertical, value, low, high, fact_unit(value), source, off + m.start(),
                            off + m.end(), form="sentence", vertical=vertical, metric=metric,
                            platform=platform_in(sent) or platform_in(section), period=_period(sent, section),
                            qualifier=sent))
    return out


_HOLDS = re.compile(r"(?P<geo>(?:[A-Z][\w.'’-]*\s+){0,4}(?:DMA|metro|market|[A-Z][\w.'’-]*))\s+(?:holds|has|counts|"
                    r"contains|is home to|numbers)\s+(?:roughly|about|approximately|around|some|an estimated\s+)?\s*"
                    r"(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s*(?:million|thousand|M|K)\b)\s+(?P<what>[^,;.]+)")


def prose_audience_facts(source: str, text: str) -> list[Fact]:
    """Audience sizes in sentences: "the Raleigh-Durham DMA holds roughly 186,000 adults aged
    25-44 with some college …"; "… the Columbus OH DMA holds about 168,000 of them" takes the
    audience of the sentence before."""
    out = []
    for off, para, _ in _paragraphs(text):
        flat = " ".join(para.split())
        last = None
        for m in _HOLDS.finditer(flat):
            what = " ".join(m.group("what").split())
            if re.match(r"^(of )?(them|these|those)\b", what, re.I):
                if last is None:
                    continue
                what = last
            elif not _POPULATION_WORDS.search(what) and not re.match(r"^[a-z]", what):
                continue
            what = re.split(r"\s+(?:the core|who are|which|that is)\b", what)[0].strip()
            last = what
            geo = re.sub(r"^(?:the|The)\s+", "", m.group("geo")).strip()
            size = _people(m.group("n"))
            out.append(Fact("audience", geo, m.group("n"), size, size, "people", source, off, off + len(para),
                            form="sentence", geography=geo, audience=what, qualifier=flat[m.start():m.end()]))
    return out


def table_facts(docs: list[tuple[str, str]]) -> list[Fact]:
    """Markdown/pipe tables (:mod:`mpa.tables`) as facts."""
    out = []
    for r in benchmark_rows(docs):
        out.append(Fact("benchmark", r.vertical, r.typical, r.typical_low, r.typical_high,
                        "ratio" if r.unit == ":1" else r.unit, r.source, r.start, r.start, form="table",
                        vertical=r.vertical, metric=r.metric, qualifier=r.when))
    for a in audience_rows(docs):
        out.append(Fact("audience", a.audience, a.estimated_size, a.size, a.size, "people", a.source, a.start, a.start,
                        form="table", geography=a.geography, audience=a.audience, qualifier=a.method))
    return out


def kb_facts(docs: list[tuple[str, str]]) -> list[Fact]:
    """Every fact of a KB given as (source, text) pairs: tables, lists and metric lines, then
    sentences about the verticals those name."""
    return table_facts(docs) + text_facts(docs)


def text_facts(docs: list[tuple[str, str]]) -> list[Fact]:
    """The facts outside tables: lists and metric lines, then sentences naming their verticals."""
    facts: list[Fact] = []
    for source, text in docs:
        facts.extend(extract_facts(source, text))
        facts.extend(prose_audience_facts(source, text))
    verticals = {f.vertical for f in facts if f.kind == "benchmark" and f.vertical and f.form != "table"}
    seen = {(f.source, f.vertical, f.metric, f.platform) for f in facts}
    for source, text in docs:
        for f in sentence_facts(source, text, verticals):
            if (f.source, f.vertical, f.metric, f.platform) not in seen:
                seen.add((f.source, f.vertical, f.metric, f.platform))
                facts.append(f)
    return facts
