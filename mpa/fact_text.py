"""Reading the text around a figure: lines, headings (framed, ALL-CAPS, Markdown), prose paragraphs,
values and their units — shared by the benchmark and audience fact readers (:mod:`mpa.facts`,
:mod:`mpa.audience_facts`); what a list's captions name (metric, platform, period, vertical, dimension) is
read by :class:`mpa.line_context.Context`."""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Iterator

from mpa.money import ISO, LETTERS_BEFORE, SIGN_AFTER, local_unit
from mpa.tables import CURRENCY, NOT_DOLLAR, parse_range, unit_of
from mpa.vocabulary import VOCABULARY, find_first

RULE = re.compile(r"^\s*([-=_*~])\1{9,}\s*$")
DECLARED = re.compile(r"^\s*META(?:_[A-Z0-9_]+:| - )")
BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
# "Label: value (note)" — the value starts with a figure
VALUE = CURRENCY + r"?\d(?:[\d,]*\d)?(?:\.\d+)?(?:\s*(?:%|x|:1|[kKmM]\b|million\b|thousand\b|billion\b))?"
RANGE = re.compile(rf"(?P<v>{VALUE}(?:\s*(?:[-–—]|to)\s*{VALUE})?)")
# a figure a KB states as one bound ("under $7.00", "up to $9.50", "$420+"): the bound word and the "+" are
# part of the figure as written, so the tool quotes it as the KB does and its number is the bound
BOUND = r"(?:(?i:under|below|less than|up to|over|more than|at least)\s+)"
# a dollar of another country is written with its letters before the sign ("C$2.90", "NZ$1.35")
# a currency without a sign of its own: its ISO 4217 code ("CHF 6.80"), its letters ("R62-78") or its sign after
# the figure ("1.10-1.45 zł") (:mod:`mpa.money`)
_ISO = f"(?:{ISO}|{LETTERS_BEFORE})"
FIGURE = rf"(?:{BOUND}(?=(?:{_ISO})?[A-Z]{{0,3}}{CURRENCY}?\d))?(?:[A-Z]{{1,3}}(?=\$\d)|{_ISO})?{VALUE}(?:\s*(?:[-–—]|to)\s*{VALUE})?(?:\+(?![\d$])|{SIGN_AFTER})?"
# a hedge before the figure ("Pet owners: about 86 million households") is not part of the value
HEDGE = r"(?:(?:about|around|roughly|approximately|approx\.|nearly|almost|some|~)\s*)?"
LABELLED = re.compile(rf"^(?P<label>[^:\n]{{2,80}}?):\s+{HEDGE}(?P<value>{FIGURE})(?P<rest>.*)$")
YEAR = re.compile(r"\b(?:(?:Q[1-4]|H[12])\s+)?(?:19|20)\d{2}\b")
MD_HEADER = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
# rows that summarise a list rather than name a vertical
AGGREGATE = re.compile(r"\b(average|overall|all verticals|all industries|median|total|mean|benchmark|blended)\b", re.I)
OPERATOR = re.compile(r"^[×x*÷/+−=≈]|^-\s*[$\d]")
# countries and world regions a KB names as places, never as verticals (also mpa.audience_several)
COUNTRIES = {"canada", "mexico", "united kingdom", "uk", "germany", "france", "australia", "japan", "india", "brazil",
             "spain", "italy", "netherlands", "ireland", "new zealand", "singapore", "china", "south korea",
             "united states", "us", "usa", "europe", "emea", "apac", "latam", "north america", "global", "worldwide",
             "switzerland", "austria", "belgium", "portugal", "poland", "sweden", "norway", "denmark", "finland", "iceland",
             "argentina", "chile", "colombia", "peru", "south africa", "nigeria", "kenya", "egypt", "israel", "turkey",
             "united arab emirates", "uae", "saudi arabia", "indonesia", "thailand", "vietnam", "philippines",
             "malaysia", "hong kong", "taiwan"}


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
    floor: str = ""            # the stress-test bounds a KB states around the typical figure ("$1.10", "$2.40")
    ceiling: str = ""
    platform_name: str = ""    # the KB's own words for ``platform`` (mpa.platform_names), for showing it
    metric_name: str = ""      # the name a KB spells its own acronym ``metric`` out as ("cost per point" for CPP)

    def to_dict(self) -> dict:
        return asdict(self)


# ------------------------------------------------------------------ small readers
# a figure in time ("2-3 months", "11 months", "45-90 days"): its unit is the span, plural
DURATION = re.compile(r"^(seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b", re.I)
DURATIONS = ("seconds", "minutes", "hours", "days", "weeks", "months", "years")


def fact_unit(value: str) -> str:
    """$, %, x, ratio (``3:1``), £, €, ¥ or ₹ (``£1.85``, ``₹38-52``), a span of time (``2-3 months``: "months"), people
    (``3.4M``, ``950,000``) or ""."""
    u = unit_of(value)
    if u == ":1":
        return "ratio"
    if not u and (local := local_unit(value)):
        return local  # "CHF 6.80-8.40", "R62-78", "1.10-1.45 zł": money in that currency, not a count
    if not u and re.search(NOT_DOLLAR + r"\s?\d", value):
        return value[re.search(NOT_DOLLAR, value).start()]  # a price in pounds, euros, yen or rupees: money, not a count
    if u:
        return u
    if span := re.search(r"\d\s*(second|minute|hour|day|week|month|year)s?\b", value, re.I):
        return span.group(1).lower() + "s"
    return "people" if re.search(r"\d\s*(M|K|million|thousand|billion)\b|\d{1,3}(,\d{3})+", value, re.I) else ""


def number_range(value: str) -> tuple[float | None, float | None]:
    """"$4.20-5.00" → (4.2, 5.0) (the unit written once covers both ends); "5.2%" → (5.2, 5.2)."""
    rng = parse_range(re.sub(r"\bto\b", "-", re.sub(rf"^{BOUND}", "", value.strip(), flags=re.I)))
    return rng if rng is not None else (None, None)


def period(*texts: str) -> str | None:
    for t in texts:
        m = YEAR.search(t or "")
        if m:
            return m.group(0)
    return None


_PARENS = re.compile(r"\([^()]*\)")
# "CPM: $13-16", "LTR: 88%", "CPM: SEK 95-120": a profile line whose label is an acronym — a figure, not a caption
_FIGURE_LINE = re.compile(r"^[^:]{1,60}:\s+(?:[A-Z]{0,3}\$|[€£¥₹]|[A-Z]{3}\s)?\d")


def is_heading(line: str) -> bool:
    """An ALL-CAPS line (a list or section heading in plain-text KBs) or a Markdown header. A note in
    parentheses may be in any case: "AUDIENCE SIZES (United States, 2025 estimates)"."""
    s = line.strip()
    if not s or RULE.match(s) or DECLARED.match(s) or BULLET.match(s):
        return False
    if MD_HEADER.match(s):
        return True
    if not 3 <= len(s) <= 100 or s.endswith(".") or _FIGURE_LINE.match(s):  # the cheap tests first: most lines are prose
        return False
    letters = 0  # at least three letters, every one upper case: stop at the first that is not
    for c in _PARENS.sub("", s):
        if c.isalpha():
            if not c.isupper():
                return False
            letters += 1
    return letters >= 3


def heading_text(line: str) -> str:
    m = MD_HEADER.match(line.strip())
    return (m.group(1) if m else line).strip()


def platform_in(text: str) -> str | None:
    return find_first(text, VOCABULARY["platforms"])


def metric_in(text: str) -> str | None:
    return find_first(text, VOCABULARY["metrics"])


# a price metric a KB names in its own words: "Cost per booking (CPB)", "CPB (cost per booking)",
# "Cost per consultation" — English's "cost per <unit>" form, whatever the unit is
_PER = r"(?:cost|price|spend) per [a-z][a-z-]*(?: [a-z][a-z-]*){0,2}"
OWN_METRIC = re.compile(rf"^(?:(?P<acr>[A-Z][A-Za-z]{{1,5}})\s*\((?P<long>{_PER})\)|(?P<long2>{_PER}?)"
                        rf"(?:\s*\((?P<acr2>[A-Z][A-Za-z]{{1,5}})\))?)$", re.I)


@lru_cache(maxsize=8192)  # pure; the same labels are read again on every look-up (~74,000 calls, ~3,000 labels)
def own_metric(label: str) -> tuple[str, str] | None:
    """(key, name) of a "cost per <unit>" metric the vocabulary does not know, named by a label:
    the key is the label's acronym when it gives one ("CPB"), else the name ("cost per consultation")."""
    m = OWN_METRIC.match(" ".join(label.split()).strip(" *"))
    if not m:
        return None
    name = (m.group("long") or m.group("long2")).lower()
    acr = m.group("acr") or m.group("acr2")
    if acr and not acr.isupper():
        return None
    return (acr.upper() if acr else name), name


def label_metric(label: str) -> str | None:
    """The metric a row label names: the vocabulary's, else a KB's own "cost per <unit>", else its own "<words>
    rate" ("Tour-to-Contract Rate: 28%" in a vertical's profile) or other figure named by its last noun ("Monthly
    Membership Churn: 6-9%")."""
    known = metric_in(label)
    if known:
        return known
    own = own_metric(label)
    if own:
        return own[0]
    plain = " ".join(label.split()).strip(" *")
    return plain.lower() if _OWN_RATE.match(plain) else None


_OWN_RATE = re.compile(r"^[A-Za-z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*){0,3} (?:rate|churn|margin|share|retention|price|value|fee|"
                       r"premium|cost)(?: (?:per|on|for) [a-z]+(?: [a-z]+)?)?$|"
                       r"^(?:revenue|profit|sales|income) per [a-z]+(?: [a-z]+){0,2}$", re.I)
# ("Monthly Membership Churn", "Average Monthly Fee", "First-Year Premium", "Build Cost", "Revenue Per Message Sent");
# a figure noun may carry what it is of or per ("Cleaning Fee Per Stay", "Gross Margin On Bikes"): the whole label
# names the metric, and a user asking for the "cleaning fee" reaches it by its words (mpa.ownmetric)


_GEO_NAMES = None


def is_geography(label: str) -> bool:
    """The whole label names a place: a country or region, a US state or known DMA, or
    ``<name> DMA``/``metro``."""
    global _GEO_NAMES
    if _GEO_NAMES is None:
        _GEO_NAMES = {s for k, syns in VOCABULARY["geographies"].items() for s in [k.lower(), *syns]} | COUNTRIES
    low = " ".join(label.lower().replace("–", "-").split())
    return low in _GEO_NAMES or bool(re.fullmatch(r"[a-z][a-z .'-]* (dma|metro|msa|metro area)", low))


def market_noted(qualifier: str | None) -> tuple[str | None, str]:
    """(the market a row's qualifier notes (:meth:`mpa.line_context.Context.market`) or None, the rest of the qualifier)."""
    q = qualifier or ""
    if not q.startswith(MARKET_NOTE):
        return None, q
    market, _, rest = q[len(MARKET_NOTE):].partition(";")
    return market.strip(), rest.strip()


# "… CPC IN AUSTRALIA - 2025", "… IN GERMANY": the market a caption's figures are for, noted first in each row's qualifier
MARKET_NOTE = "market: "
# "DAY-30 COHORT ROAS": the age a caption measures its metric at, noted first in each row's qualifier
MEASURE_NOTE = "measured at: "


def measure_noted(qualifier: str | None) -> str | None:
    """The age a row's qualifier notes (:meth:`mpa.line_context.Context.measure`: "day-30 cohort"), else None."""
    q = qualifier or ""
    return q[len(MEASURE_NOTE):].partition(";")[0].strip() if q.startswith(MEASURE_NOTE) else None


def lines_of(text: str) -> Iterator[tuple[int, str]]:
    pos = 0
    for line in text.split("\n"):
        yield pos, line
        pos += len(line) + 1


def framed(lines: list[tuple[int, str]], i: int) -> bool:
    """Line ``i`` sits between two rule lines (a framed section heading)."""
    return 0 < i < len(lines) - 1 and bool(RULE.match(lines[i - 1][1])) and bool(RULE.match(lines[i + 1][1]))


# ------------------------------------------------------------------ extraction


@lru_cache(maxsize=64)
def paragraphs(text: str) -> tuple[tuple[int, str, str], ...]:
    """(offset, paragraph text with line breaks folded, section heading) for prose paragraphs. Cached per text, all
    it reads: the sentence, audience and count readers of a KB's facts each read every document's paragraphs."""
    return tuple(_each_paragraph(text))


def _each_paragraph(text: str) -> Iterator[tuple[int, str, str]]:
    section, start, buf = "", None, []
    lines = list(lines_of(text)) + [(len(text) + 1, "")]
    for i, (off, line) in enumerate(lines):
        s = line.strip()
        head = bool(s) and (is_heading(s) or framed(lines, i))  # a framed heading in Title Case is no prose
        prose = bool(s) and not (head or BULLET.match(line) or LABELLED.match(s) or DECLARED.match(s)
                                 or RULE.match(s) or s.startswith("|"))
        if prose:
            if start is None:
                start = off
            buf.append(line)
            continue
        if start is not None:
            yield start, "\n".join(buf), section
            start, buf = None, []
        if head:
            section = heading_text(s)
