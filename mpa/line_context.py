"""The context of a line of a KB's text: the section and list headings above it (a caption and what it names —
metric, platform, period, market, vertical, dimension), the verticals its section declares and the unit its caption
states — read by the benchmark, audience and grid fact readers (:mod:`mpa.facts`, :mod:`mpa.audience_facts`,
:mod:`mpa.grid_facts`).

Why a module of its own: :mod:`mpa.fact_text` reads the lines and values themselves and was at its 400 lines; the
context's readers are memoized here (:func:`_per_heading`), which a reader of every line needs — the headings change
only a few times a document, the readers were recomputed for each of its lines.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache, wraps

from mpa.captions import (caption_measure, caption_metric, caption_platform, caption_platform_after, caption_quantity,
                           caption_subject, metric_words)
from mpa.fact_text import YEAR, is_geography, metric_in, period, platform_in
from mpa.vocabulary import VOCABULARY

# words a heading uses around a vertical's name that are not part of it
_HEADING_FILLER = re.compile(r"\b(section|part|chapter|step|\d+|profile|profiles|vertical|verticals|benchmarks?|"
                             r"lead generation|blended|summary|overview|notes?|by|and|the|of|for|in|at|figures?|"
                             r"reference|metrics?|kpis?|performance|data|highest|lowest|to)\b", re.I)


# what a heading says its figures are, after the vertical's name: not part of the name — one list of words, read
# anywhere in a heading (is anything left that names a business?) and at its end (the name without them)
_PRICED = r"(?:advertising|ad|ads|marketing|media|costs?|prices?|pricing|rates?|spend(?:ing)?)"
_PRICE_WORDS = re.compile(rf"\b{_PRICED}\b", re.I)
_WHAT_IS_PRICED = re.compile(rf"(?:\s+{_PRICED})+$", re.I)
_CAPTION_MARKET = re.compile(r"\bIN\s+([A-Z][A-Za-z .'-]{1,40}?)\s*(?:[-–—]\s*(?:FY\s?)?(?:19|20)\d{2}\s*)?$")


@lru_cache(maxsize=1)
def _vocabulary_names() -> tuple[re.Pattern, ...]:
    """Every metric name, then every platform name, of the vocabulary (each key's longest first), as whole words in any
    case — in the order :func:`_vertical_of_heading` drops them from a heading. Compiled once: the vocabulary is
    constant, and its ~300 names overflow the ``re`` module's own cache of 512 patterns among a KB's others."""
    return tuple(re.compile(rf"(?<![a-z0-9]){re.escape(s)}(?![a-z0-9])", re.I)
                 for table in ("metrics", "platforms") for syns in VOCABULARY[table].values()
                 for s in sorted(syns, key=len, reverse=True))


@lru_cache(maxsize=4096)
def _vertical_of_heading(heading: str) -> str | None:
    """The vertical a heading names (``SOLAR - BLENDED LEAD GENERATION PROFILE`` → Solar), when
    what is left after dropping metric, platform, period and filler words is a short name. Cached: it reads
    nothing but ``heading`` and constants."""
    h = YEAR.sub(" ", heading)
    for name in _vocabulary_names():
        h = name.sub(" ", h)
    parts = [p for p in re.split(r"\s+[-–—:]\s+|:", h) if p.strip()]
    if not parts:
        return None
    name = parts[0]
    left = _PRICE_WORDS.sub(" ", _HEADING_FILLER.sub(" ", name))
    if not re.search(r"[A-Za-z]{3,}", left):
        return None  # "X ADS COST BENCHMARKS": what is priced and the caption word, no business
    name = " ".join(re.sub(r"\([^)]*\)", " ", name).split()).strip(" -–—")  # "(personal injury, …)": its scope
    name = _WHAT_IS_PRICED.sub("", name) or name  # "Restaurant advertising costs": the vertical is "Restaurant"
    return name.title() if name.isupper() else name


def _per_heading(reader):
    """A :class:`Context` reader memoized on the context's heading state — ``section``, ``block`` and ``declared``,
    all that the readers read (never ``fresh``, ``unit`` or ``scope``, which change at the lines of a list). A line
    reader asks them for every line, and that state changes only at headings and "META_VERTICALS:" lines: each list's
    lines share one answer. The memo is the context's own (one per document read, not shared between threads)."""
    @wraps(reader)
    def read(self):
        key = (reader.__name__, self.section, self.block, self.declared)
        if key not in self.memo:
            self.memo[key] = reader(self)
        return self.memo[key]
    return read


@dataclass
class Context:
    section: str = ""        # the enclosing section heading
    block: tuple[str, ...] = ()  # the heading lines right above the current list
    fresh: bool = False      # no prose between the block and this line: a list under its heading
    declared: str | None = None  # the verticals the section declares ("META_VERTICALS: ALL", "CRYPTO_EXCHANGES")
    unit: str = ""           # the unit the list caption states once (mpa.caption_unit: "…, US DOLLARS" → "$")
    scope: str | None = None  # the business a sentence above says the rows below are for (mpa.rowscope)
    memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # _per_heading's answers

    def text(self) -> str:
        return " ".join(self.block)

    @_per_heading
    def metric(self) -> str | None:
        """The list caption's metric (the vocabulary's, else one it names in its own words: "COST PER
        BOOKED CALL", "TIKTOK CPV BENCHMARKS"), else the section's, else what a caption over a "BY …" line
        names ("MINIMUM MONTHLY SPEND")."""
        return metric_in(self.text()) or next(filter(None, map(caption_metric, self.block)), None) \
            or metric_in(self.section) or caption_quantity(self.block)

    @_per_heading
    def platform(self) -> str | None:
        """The platform a caption names before its metric, unknown to the vocabulary ("REDDIT CPC BENCHMARKS"), else
        the vocabulary's in the caption, else the section's, else a capitals line's ("STREAMING AUDIO CPM")."""
        words, b = metric_words(self.metric()), self.block
        return next(filter(None, (caption_platform(h, words) or caption_platform_after(h, words, is_geography)
                                  for h in b)), None) or platform_in(self.text()) \
            or platform_in(self.section) or next(filter(None, (caption_platform(h, words, True) for h in b)), None)

    @_per_heading
    def period(self) -> str | None:
        return period(self.text(), self.section)

    @_per_heading
    def measure(self) -> str | None:
        """The age a list caption measures its metric at ("DAY-30 COHORT ROAS - 2025" → "day-30 cohort"), else None."""
        words = metric_words(self.metric())
        return next(filter(None, (caption_measure(h, words) for h in self.block)), None)

    @_per_heading
    def market(self) -> str | None:
        """The market a list caption says its figures are for ("GOOGLE ADS CPC IN AUSTRALIA - 2025" → Australia):
        a place after "in" at the caption's end, before its year; None otherwise."""
        for h in self.block:
            m = _CAPTION_MARKET.search(h)
            if m and is_geography(m.group(1)):
                return m.group(1).title() if m.group(1).isupper() else m.group(1)
        return None

    @_per_heading
    def dimension(self) -> str:
        """What a list's rows are, from its heading's "BY …" clause: "vertical" (also the default),
        "geography", or another dimension ("inventory type") whose rows are not verticals."""
        m = re.search(r"\bby\s+([a-z][a-z]*(?:[ -][a-z]+)*?)\s*(?:\s[-–—]\s|[-–—]$|[:(]|$)", self.text(), re.I)
        if not m:
            return "vertical"
        dim = m.group(1).lower().strip()
        if re.fullmatch(r"(?:[a-z]+ )?(verticals?|industr(y|ies)|categor(y|ies)|sectors?|(?:business|service) (types?|models?)|"
                        r"advertiser types?)", dim):  # "app category": a kind of category
            return "vertical"
        if re.fullmatch(r"(?:[a-z]+ )?(countr(y|ies)|markets?|regions?|states?|provinces?|territor(y|ies)|count(y|ies)|dmas?|"
                        r"geograph(y|ies)|cit(y|ies)|metros?)", dim):  # "uk region": a kind of region
            return "geography"
        return dim

    @_per_heading
    def rows_about(self) -> str | None:
        """The vertical a list of platform rows is about: named after its "BY PLATFORM -" clause
        ("BY PLATFORM - SAAS (MID-MARKET TIER)"), else before the caption's metric ("CRYPTO EXCHANGE COST
        PER INSTALL": the rows are platforms, so the words before the metric cannot be one), else by the
        section heading after its number ("SECTION 2 - CREDIT CARDS") unless the section declares itself
        about every vertical; None when nothing names one (the rows are the platforms' own figures)."""
        m = re.search(r"\bby\s+[a-z][a-z ]*?\s+[-–—]\s+(.+)$", self.text(), re.I)
        tail = " ".join(m.group(1).split()) if m else ""
        if tail and not re.match(r"(?:highest|lowest)(?:\s+to\s+(?:highest|lowest))?$|(?:FY\s?)?\d{4}\b", tail, re.I):  # "- FY2025": a year
            return tail.title() if tail.isupper() else tail
        words = metric_words(self.metric())
        said = next(filter(None, (caption_subject(h, words) for h in self.block)), None)
        if said and self._declares(said):
            return said
        name = re.sub(r"^(?:section|part|chapter)\s+\d+\s*[-–—:]\s*", "", self.section, flags=re.I)
        every = (self.declared or "").strip().upper() == "ALL"
        heading = _vertical_of_heading(name) if name and name != self.section and not every else None
        if heading is None or self._declares(heading):
            return heading
        return self._only_declared()  # "SECTION 5 - ON-SITE FUNNEL RATES" names a topic, not the section's verticals

    def _only_declared(self) -> str | None:
        """The one vertical the section declares ("META_VERTICALS: CYBERSECURITY" → Cybersecurity), else None."""
        toks = [t.strip() for t in (self.declared or "").split(",") if t.strip()]
        if len(toks) != 1 or toks[0].upper() == "ALL":
            return None
        return " ".join(toks[0].replace("_", " ").split()).title()

    def _declares(self, name: str) -> bool:
        """A name is one of the section's verticals, when it declares them ("CRYPTO_EXCHANGES" declares "Crypto
        Exchange"; "ALL" declares no single one: "PODCAST CPM BENCHMARKS" there names a channel)."""
        if self.declared is None:
            return True
        want = re.sub(r"s\b", "", " ".join(re.findall(r"[a-z]+", name.lower())))
        return any(want and want == re.sub(r"s\b", "", " ".join(re.findall(r"[a-z]+", tok.lower())))
                   for tok in self.declared.split(",") if tok.strip().upper() != "ALL")

    @_per_heading
    def vertical(self) -> str | None:
        """The vertical the list heading names, else the one the section heading names (a Markdown
        ``## Boutique hotels`` section whose lines are the metrics)."""
        for h in (*self.block, self.section):
            v = _vertical_of_heading(h) if h else None
            if v and not is_geography(v):
                return v
        return None
