"""OfflineAgent — a deterministic extractive baseline policy, not Claude.

It exists so every eval can run without an API key and give the same numbers twice. It speaks
the same Messages shapes as Claude (it receives the system prompt, the history and the tool
definitions, and returns ``tool_use`` or ``text`` blocks), so the conversation engine, the tool
loop and the eval records are exercised exactly as with the real model.

Policy, in one round of tools per turn:

1. **Intent** from the user's text (and facts remembered from earlier user turns): a benchmark
   question (a metric plus a vertical and a benchmark cue), audience sizing (a sizing cue plus
   an audience), framework step guidance ("Step N"), a calculation the user spells out
   ("budget divided by CAC", "multiply customers by CAC"), or a general question.
2. **Tools**: ``get_benchmark`` per asked metric, ``get_audience_sizing`` per audience,
   ``get_step_guidance`` and/or ``search_knowledge_base`` — several in one response when the
   question has several parts.
3. **Answer** from the tool results only: the table values and key sentences quoted from the
   passages, each paragraph cited as "Based on Knowledge Base [chunk-id]" with ids the tools
   returned; the requested arithmetic shown ("$50,000 ÷ $55 ≈ 909 new customers"); and an
   honest "The knowledge base does not contain …" when the tools found nothing relevant.

It never writes a number that is neither in a tool result nor computed from the user's inputs.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

import Stemmer
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from agent.messages import ModelResponse
from mpa.vocabulary import VOCABULARY, find_first, match_terms
from rag.passages import parse_passages, text_before_passages

NAME = "offline-extractive-baseline"
_DEBUG = False

# ------------------------------------------------------------------ vocabulary for parsing
_DEFINITION = re.compile(r"\bwhat (?:is|does) (?:a |an |the )?(?:[A-Z]{2,5}|[\w:]+) (?:mean|stand for)\b|\bdefin(?:e|ition)\b|"
                         r"\bhow (?:is|do (?:you|i|we)) (?:calculate|compute|measure)\b|\bdifference between\b|"
                         r"\bwhat is (?:a |an )?(?:cac|cpa|cpm|cpc|ctr|cvr|roas|cpl|cpi|cpcv|ltv:cac)\s*\??$", re.I)
_RANGE_CUE = re.compile(r"\b(typical|typically|benchmarks?|range|average|normal|usual|expect|plan for|good|"
                        r"compare|comparison|pay|paying)\b", re.I)
_GUIDANCE = re.compile(r"\bwhat does (?:the |our )?[\w\s\-/]{0,60}\bsay\b|\bplaybook\b|\bguide\b|\brule\b|"
                       r"\brecommend", re.I)
_WHY = re.compile(r"\bwhy\b|\bhow come\b|\bexplain\b|\bhow should\b", re.I)
_SIZING_CUE = re.compile(r"\bhow (?:many|big|large)\b|\bsize\b|\bsizing\b|\baudience size\b|\bnumber of\b", re.I)
_STEP = re.compile(r"\bstep\s*(10|[1-9])\b", re.I)
_IDENT = re.compile(r"\b[A-Z][A-Z0-9]+(?:-[A-Z0-9/]+)+\b")
_OP_NUMBERS = re.compile(r"(?:times|×|\*|x)\s*1,?000\b|\b1 plus\b|\bdivided by 100\b", re.I)  # constants of the operation
_NUMBER = re.compile(
    r"(?<![\w.])(?P<cur>\$)?\s?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:\s?(?P<mag>k|K|thousand|million|M)\b)?(?P<pct>\s?%|\s?percent\b)?(?P<usd>\s?(?:dollars?|usd|USD)\b)?")
_CALC_TARGETS = ("customers", "new customers", "accounts", "funded accounts", "buyers", "purchases", "orders",
                 "conversions", "acquisitions", "leads", "installs", "impressions", "clicks", "enrollments",
                 "sign-ups", "signups", "subscribers", "users", "patients", "bookings", "sales")
_TARGET_METRIC = {"impressions": "CPM", "clicks": "CPC", "leads": "CPL", "installs": "CPI",
                  "purchases": "CPA", "orders": "CPA", "conversions": "CPA", "acquisitions": "CPA",
                  "enrollments": "CPA", "sales": "CPA", "bookings": "CPA"}
_PER_UNIT = {"customer": "CAC", "new customer": "CAC", "account": "CAC", "install": "CPI", "lead": "CPL",
             "click": "CPC", "purchase": "CPA", "acquisition": "CPA", "conversion": "CPA", "enrollment": "CPA",
             "order": "CPA", "thousand impressions": "CPM", "patient": "CAC"}
_ROLE_BEFORE = [  # (regex ending right before the number, role)
    (r"\b(?:budget|spend|spending|invest|investing|put|allocate|gave me|given|have|got|cut us to|raised (?:our budget )?to|"
     r"trimmed (?:our launch budget )?to|now have|is now)\b[^.?!\d]{0,25}$", "budget"),
    (r"\b(?:worth|lifetime value|ltv)\b[^.?!\d]{0,20}$", "LTV"),
    (r"\b(?:jumped|rose|increased|up|grew|fell|dropped)\b[^.?!\d]{0,12}$", "pct"),
    (r"\btarget is\b[^.?!\d]{0,10}$", "count"),
]
_ROLE_AFTER = [  # (regex starting right after the number, role)
    (r"^[^.?!\d]{0,12}\b(?:dollars? |usd )?(?:a|per|each) month\b", "budget"),
    (r"^\s*(?:new )?(?:customers|accounts|funded accounts|buyers|patients|subscribers|users)\b", "count"),
]
_STOP = frozenset(ENGLISH_STOP_WORDS) | {"typical", "typically", "say", "says", "does", "tell", "know", "want",
                                          "need", "like", "just", "please", "thing", "use", "using", "good",
                                          "make", "way", "ok", "okay"}
_STEM = Stemmer.Stemmer("english")
_WORD = re.compile(r"[a-z0-9][a-z0-9'\-:/]*")
# Words that only a media-planning question uses (ambiguous ones such as "rate", "return",
# "state" or "test" are left out): their presence lowers the bar for "the passages answer this".
_DOMAIN = {
    "ad", "ads", "advert", "advertising", "advertiser", "advertisers", "campaign", "campaigns", "marketing",
    "marketer", "media", "brand", "brands", "audience", "audiences", "impression", "impressions", "cpm", "cpc",
    "cpa", "cac", "ctr", "cvr", "roas", "iroas", "ltv", "cpl", "cpi", "cpcv", "kpi", "kpis", "channel", "channels",
    "budget", "budgets", "spend", "planning", "planner", "reach", "frequency", "attribution", "incrementality",
    "mmm", "mta", "conversion", "conversions", "retargeting", "prospecting", "lookalike", "lookalikes", "creative",
    "programmatic", "ctv", "ooh", "dma", "dmas", "segment", "segments", "targeting", "bidding", "pacing",
    "flighting", "benchmark", "benchmarks", "acquisition", "leads", "installs", "holdout", "geo-lift", "funnel",
    "awareness", "placements", "inventory", "publisher", "publishers", "crm", "first-party", "persona",
    "personas", "tam", "payback", "churn", "cohort", "cohorts", "mpa", "step", "sizing", "playbook", "vertical",
    "verticals", "dtc", "ecommerce", "saas", "cpg", "fintech", "mix", "measurement", "experiment", "experiments",
}


def _terms(text: str) -> list[str]:
    """Stemmed content words (lower case, stop words out); a compound ("new-market", "60/90",
    "LTV:CAC") counts whole and by its parts, so "new-market" still meets "new market"."""
    out = []
    for w in _WORD.findall(text.lower()):
        w = w.strip("'-:/")
        parts = [w] + (re.split(r"[-:/]", w) if re.search(r"[-:/]", w) else [])
        out += [_STEM.stemWord(x) for x in parts if x and x not in _STOP and len(x) > 1]
    return out


# ------------------------------------------------------------------ parsed user input
@dataclass
class Num:
    value: float
    start: int
    end: int
    money: bool
    pct: bool
    role: str | None = None


@dataclass
class Calc:
    """An arithmetic request: ``op`` is "div", "mul" or "increase"; ``a``/``b`` are role names."""

    op: str
    a: str
    b: str
    per_thousand: bool = False
    target: str = ""


@dataclass
class Parsed:
    text: str
    metrics: list[str] = field(default_factory=list)
    vertical: str | None = None
    industry_phrase: str | None = None  # an industry named in the text that is not a covered vertical
    audiences: list[tuple[str, str | None]] = field(default_factory=list)
    audience_phrase: str | None = None
    step: int | None = None
    identifiers: list[str] = field(default_factory=list)
    numbers: list[Num] = field(default_factory=list)
    calc: Calc | None = None
    sizing_cue: bool = False


def parse_numbers(text: str) -> list[Num]:
    """Numbers the user states as data (not step numbers, not parts of codes like MPA-10)."""
    nums = []
    for m in _NUMBER.finditer(text):
        before = text[max(0, m.start() - 8):m.start()]
        if re.search(r"\bsteps?\s*$", before, re.I) or re.search(r"[A-Za-z]-$", before):
            continue
        v = float(m.group("num").replace(",", ""))
        mag = (m.group("mag") or "").lower()
        v *= {"k": 1e3, "thousand": 1e3, "million": 1e6, "m": 1e6}.get(mag, 1.0)
        nums.append(Num(v, m.start(), m.end(), bool(m.group("cur") or m.group("usd")), bool(m.group("pct"))))
    return nums


def _metric_near(text: str, start: int, end: int) -> tuple[str | None, int]:
    """A metric named right before ("CAC of", "CAC is") or right after ("$14 CPM", "per
    install") a number, with its distance in characters."""
    best: tuple[str | None, int] = (None, 10 ** 6)
    before = text[max(0, start - 45):start]
    after = text[end:end + 40]
    # a metric belongs to the nearest number: stop at the neighbouring numbers
    before = re.split(r"\d(?=[^\d]*$)", before)[-1] if re.search(r"\d", before) else before
    after = re.split(r"[$\d]", after, maxsplit=1)[0]
    for key, syns in VOCABULARY["metrics"].items():
        pat = re.compile(r"(?<![a-z0-9])(?:" + "|".join(re.escape(s) for s in syns) + r")(?![a-z0-9])", re.I)
        for m in pat.finditer(before):
            if re.search(r"[.?!]", before[m.end():]):
                continue
            d = len(before) - m.end()
            if d < best[1]:
                best = (key, d)
        m = pat.search(after)
        if m and not re.search(r"[.?!,]", after[:m.start()]) and m.start() < best[1]:
            best = (key, m.start())
    m = re.match(r"^\s*(?:dollars?\s+)?(?:per|a|each)\s+(thousand impressions|new customer|customer|account|install|lead|"
                 r"click|purchase|acquisition|conversion|enrollment|order|patient)\b", after, re.I)
    if m:
        best = (_PER_UNIT[m.group(1).lower()], 0)
    m = re.search(r"\b(?:every|each) (customer|lead|install|click|purchase) costs?\b[^.?!\d]{0,25}$", before, re.I)
    if m:
        best = (_PER_UNIT[m.group(1).lower()], 0)
    return best


def assign_roles(text: str, nums: list[Num]) -> None:
    """Give each number a role (budget, a metric code, LTV, count, pct) from the words around it."""
    for n in nums:
        if n.pct:
            n.role = "pct"
            continue
        before = text[max(0, n.start - 45):n.start]
        after = text[n.end:n.end + 40]
        cands: list[tuple[int, str]] = []
        metric, d = _metric_near(text, n.start, n.end)
        if metric:
            cands.append((d, metric))
        for pat, role in _ROLE_BEFORE:
            m = re.search(pat, before, re.I)
            if m:
                cands.append((len(before) - m.start() - len(m.group(0)) + 5, role))
        for pat, role in _ROLE_AFTER:
            m = re.search(pat, after, re.I)
            if m:
                cands.append((len(m.group(0)) - len(m.group(0).lstrip()) + 2, role))
        if cands:
            n.role = min(cands)[1]


def _role_word(word: str) -> str | None:
    w = " ".join(word.lower().split())
    w = re.sub(r"^(?:the|our|your|old|new|a|an|total)\s+", "", w)
    if w.startswith("budget") or w in ("spend", "the budget", "ad spend"):
        return "budget"
    if w in ("ltv", "lifetime value", "customer lifetime value", "clv"):
        return "LTV"
    if w in ("customers", "new customers", "customer count", "target"):
        return "count"
    return find_first(w, VOCABULARY["metrics"])


def parse_calc(text: str) -> Calc | None:
    """The operation the user asks for, stated ("Budget divided by CAC", "Divide LTV by CAC",
    "Multiply customers by CAC", "Multiply the old CAC by 1 plus the increase") or implied by
    "how many <customers|impressions|leads…>" with a budget."""
    low = text.lower()
    m = re.search(r"multiply (?:the )?(?:old |current )?([\w:]+(?: [\w:]+)?) by 1 plus the (?:increase|percentage|change)", low)
    if m:
        return Calc("increase", _role_word(m.group(1)) or "CAC", "pct")
    m = re.search(r"([\w:]+) divided by (?:the |our |a |an )?([\w:]+(?: per \w+)?)( times 1,?000)?", low)
    if not m:
        m = re.search(r"divide (?:the |our |a )?([\w: ]+?) by (?:the |our |a )?([\w:]+)( times 1,?000)?", low)
    if m:
        a, b = _role_word(m.group(1)), _role_word(m.group(2))
        if a and b:
            return Calc("div", a, b, per_thousand=bool(m.group(3)) or b == "CPM", target=_target(low))
    m = re.search(r"multiply (?:the )?([\w:]+(?: [\w:]+)?) by (?:the |our )?([\w:]+)", low)
    if m:
        a, b = _role_word(m.group(1)), _role_word(m.group(2))
        if a and b:
            return Calc("mul", a, b, target="budget needed")
    target = _target(low)
    if target and re.search(r"\bhow many\b", low):
        metric = _TARGET_METRIC.get(target.split()[-1], "CAC")
        return Calc("div", "budget", metric, per_thousand=metric == "CPM", target=target)
    return None


def _target(low: str) -> str:
    m = re.search(r"how many (new |more |funded |qualified |paying )?(" + "|".join(
        re.escape(t) for t in sorted({t.split()[-1] for t in _CALC_TARGETS}, key=len, reverse=True)) + r")\b", low)
    return ((m.group(1) or "") + m.group(2)).strip() if m else ""


def _positions(text: str, table: dict[str, list[str]]) -> list[tuple[int, str]]:
    """(position, key) of every key whose synonym occurs in ``text``, earliest first; a match
    inside a longer match of another key does not count ("CAC" inside "LTV:CAC")."""
    low = text.lower()
    spans = []
    for key, syns in table.items():
        pat = re.compile(r"(?<![a-z0-9])(?:" + "|".join(sorted((re.escape(s) for s in syns), key=len, reverse=True))
                         + r")(?![a-z0-9])")
        for m in pat.finditer(low):
            spans.append((m.start(), -(m.end() - m.start()), m.end(), key))
    spans.sort()
    kept: list[tuple[int, int, str]] = []
    for start, _, end, key in spans:
        if any(start < e and end > s_ for s_, e, _ in kept):
            continue
        kept.append((start, end, key))
    out, seen = [], set()
    for start, _, key in kept:
        if key not in seen:
            seen.add(key)
            out.append((start, key))
    return out


_INDUSTRY = re.compile(
    r"\bfor (?:an? |the |our )?(?P<p>[a-z][a-z&/\- ]{2,40}?)(?:\s+(?:companies|company|brands?|businesses|business|"
    r"advertisers?|industry|vertical|sector|firms?|carriers?|exchanges?|apps?|sites?|chains?|brokerages?|"
    r"dispensaries|houses?|developers?|campaigns?|products?))?\s*(?:[?.!,]|$)", re.I)


def parse(text: str) -> Parsed:
    p = Parsed(text=text)
    p.metrics = [k for _, k in _positions(text, VOCABULARY["metrics"])]
    verticals = [k for _, k in _positions(text, VOCABULARY["verticals"])]
    uncovered = [k for _, k in _positions(text, VOCABULARY.get("uncovered_verticals", {}))]
    if uncovered:
        p.industry_phrase = uncovered[0]
    elif verticals:
        p.vertical = verticals[0]
    if p.vertical is None and p.industry_phrase is None and p.metrics:
        m = _INDUSTRY.search(text)
        if m and not match_terms(m.group("p"), VOCABULARY["metrics"]):
            p.industry_phrase = m.group("p").strip()
    p.sizing_cue = bool(_SIZING_CUE.search(text))
    m = _STEP.search(text)
    p.step = int(m.group(1)) if m else None
    p.identifiers = _IDENT.findall(text)
    # numbers: ignore the constants of the operation ("times 1000", "1 plus the increase")
    data_text = _OP_NUMBERS.sub(lambda m: " " * len(m.group(0)), text)
    p.numbers = parse_numbers(data_text)
    assign_roles(data_text, p.numbers)
    p.calc = parse_calc(text)
    if p.calc and p.calc.op == "div" and p.calc.a == "budget" and not re.search(r"divid|divide", text, re.I):
        if not any(n.money for n in p.numbers):
            p.calc = None  # "how many leads…" with no money anywhere is not a calculation
    auds = _positions(text, VOCABULARY["audiences"])
    geos = _geographies(text)
    for pos, key in auds:
        after = [g for gp, g in geos if gp > pos]
        p.audiences.append((key, after[0] if after else (geos[0][1] if geos else None)))
    if not auds and p.sizing_cue and not p.calc:
        m = re.search(r"how many ([a-z][a-z\- ]{2,40}?)(?: are there| are| live| do| in\b| across\b|\?|$)", text.lower())
        if m and m.group(1).split()[-1] not in {t.split()[-1] for t in _CALC_TARGETS} | {"people"}:
            p.audience_phrase = m.group(1).strip()
            p.audiences.append((p.audience_phrase, geos[0][1] if geos else None))
    return p


def _geographies(text: str) -> list[tuple[int, str]]:
    found = _positions(text, VOCABULARY["geographies"])
    for m in re.finditer(r"\b(?:in|across|for)\s+([A-Z]{2})\b", text):
        found.append((m.start(1), m.group(1)))
    for m in re.finditer(r"\b(?:the\s+)?(US|U\.S\.|USA)\b", text):
        found.append((m.start(1), "United States"))
    return sorted(found)


# ------------------------------------------------------------------ conversation memory
@dataclass
class Memory:
    """What earlier user turns established: the latest covered vertical and numbers by role."""

    vertical: str | None = None
    facts: dict[str, float] = field(default_factory=dict)


def remember(user_texts: list[str]) -> Memory:
    mem = Memory()
    for t in user_texts:
        p = parse(t)
        if p.vertical:
            mem.vertical = p.vertical
        for n in p.numbers:
            if n.role:
                mem.facts[n.role] = n.value
        m = re.search(r"\bour ([a-z][a-z \-]+?) is (\d[\d,]*(?:\.\d+)?)\b", t.lower())  # "Our monthly budget is 50000."
        if m:
            role = "budget" if "budget" in m.group(1) else _role_word(m.group(1).replace(" in dollars", ""))
            if role:
                mem.facts[role] = float(m.group(2).replace(",", ""))
    return mem


# ------------------------------------------------------------------ reading tool results
@dataclass
class ToolOutcome:
    name: str
    input: dict
    content: str
    is_error: bool
    passages: list[dict] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)

    @property
    def found(self) -> bool:
        return not self.is_error and bool(self.passages)


def read_outcome(name: str, tool_input: dict, content: Any, is_error: bool) -> ToolOutcome:
    if isinstance(content, list):
        content = "\n".join(b.get("text", "") for b in content if isinstance(b, dict))
    content = content or ""
    o = ToolOutcome(name, tool_input, content, is_error)
    o.passages = [p.to_dict() for p in parse_passages(content)]
    head = text_before_passages(content)
    for line in head.splitlines():
        if ": " in line:
            k, v = line.split(": ", 1)
            o.fields.setdefault(k.strip(), v.strip())
    return o


def _bench_input(vertical: str, metric: str, text: str) -> dict:
    """get_benchmark input; the platform too when the user named one (Bing Ads, Meta …)."""
    inp = {"vertical": vertical, "metric": metric}
    platform = find_first(text, VOCABULARY["platforms"])
    if platform:
        inp["platform"] = platform
    return inp


# one benchmark fact line of a get_benchmark result: "- Bing Ads 2024: $4.30-4.80 — note [chunk#3]"
_FACT_LINE = re.compile(r"^- (.+?): (\S+?)(?: — .*)? \[([^\[\]]+)\]$", re.M)


# ------------------------------------------------------------------ formatting
def money(v: float) -> str:
    return f"${v:,.0f}" if float(v).is_integer() else f"${v:,.2f}"


def plain(v: float) -> str:
    return f"{v:,.0f}" if float(v).is_integer() else f"{v:,.2f}"


def _result(v: float, integer: bool) -> tuple[str, str]:
    """("=", "909") or ("≈", "909"): counts are rounded to whole units."""
    if integer:
        r = round(v)
        return ("=" if abs(v - r) < 1e-9 else "≈"), f"{r:,}"
    r2 = round(v, 2)
    if abs(v - r2) < 1e-9:
        return "=", (f"{r2:,.1f}" if float(r2).is_integer() else f"{r2:,.2f}")
    return "≈", f"{r2:,.2f}"


def _sentences(text: str) -> list[str]:
    """Answer units of a passage: sentences of its prose; a lead-in line ending in ":" joined
    with the list that follows it; each table row read out with its column names. Headings,
    quoted user lines from worked conversations and fragments are skipped."""
    out: list[str] = []
    lines = [ln.rstrip() for ln in text.split("\n")]
    header: list[str] | None = None
    i = 0
    while i < len(lines):
        ln = lines[i].strip()
        i += 1
        if not ln or ln.startswith("#"):
            header = None if not ln.startswith("|") else header
            continue
        if ln.startswith("|"):
            cells = [c.strip() for c in ln.strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                continue
            if header is None:
                if i < len(lines) and re.fullmatch(r"\|?(?:\s*:?-{2,}:?\s*\|)+\s*:?-*:?\s*\|?", lines[i].strip()):
                    header = cells  # a header row is followed by the |---| separator
                continue
            if len(cells) == len(header) and cells[0]:
                rest = "; ".join(f"{h.lower()}: {c}" for h, c in zip(header[1:], cells[1:]) if c)
                out.append(f"{cells[0]} — {rest}.")
            continue
        header = None
        if re.match(r"^(?:\*\*)?user(?:\*\*)?:", ln, re.I):
            continue  # a quoted user line from a worked conversation is not an answer
        ln = re.sub(r"^(?:\*\*)?(?:mpa|assistant)(?:\*\*)?:\s*", "", ln, flags=re.I)
        is_item = bool(re.match(r"^(?:[-*•]|\d{1,2}[.)])\s+", ln))
        ln = re.sub(r"^(?:[-*•]|\d{1,2}[.)])\s+", "", ln)
        nxt = i
        while nxt < len(lines) and not lines[nxt].strip():
            nxt += 1
        if ln.endswith(":") and nxt < len(lines) and _ITEM.match(lines[nxt]):
            items = []
            i = nxt
            while i < len(lines) and (_ITEM.match(lines[i]) or (not lines[i].strip() and i + 1 < len(lines)
                                                               and _ITEM.match(lines[i + 1]))):
                if lines[i].strip():
                    items.append(_ITEM.sub("", lines[i]).strip().rstrip(";.,"))
                i += 1
            *before, lead = re.split(r"(?<=[.!?])\s+(?=[A-Z$(\"“*])", ln)
            out += [b.strip() for b in before if len(b.strip()) > 25]
            out.append(f"{lead} " + "; ".join(items) + ".")
            continue
        for sent in re.split(r"(?<=[.!?])\s+(?=[A-Z$(\"“*])", ln):
            sent = sent.strip()
            if len(sent) <= 25 or sent.endswith((":", "?")):
                continue
            if re.search(r"[.!)]$", sent) or (is_item and len(sent.split()) >= 5):
                out.append(sent if re.search(r"[.!)]$", sent) else sent.rstrip(";,") + ".")
    return out


# ------------------------------------------------------------------ the policy
class OfflineAgent:
    """OfflineAgent — a deterministic extractive baseline policy, not Claude (see module doc)."""

    name = NAME

    def __init__(self, max_sentences: int = 3, **_: Any):
        self.max_sentences = max_sentences

    # The Messages-API-shaped entry point ------------------------------------------------
    def create(self, *, system: str, messages: list[dict], tools: list[dict] | None = None,
               max_tokens: int | None = None, tool_choice: dict | None = None) -> ModelResponse:
        start = _turn_start(messages)
        user_text = _text_of(messages[start]["content"]) if start is not None else ""
        earlier = [_text_of(m["content"]) for m in messages[:start or 0]
                   if m["role"] == "user" and _text_of(m["content"]).strip()]
        outcomes = _outcomes(messages[start or 0:])
        tool_names = {t["name"] for t in tools or []}
        may_call = bool(tool_names) and not (tool_choice or {}).get("type") == "none"
        if not outcomes and may_call:
            calls = self.plan(user_text, earlier, tool_names)
            if calls:
                blocks = [{"type": "tool_use", "id": f"toolu_offline_{len(messages):03d}_{i}", "name": n, "input": inp}
                          for i, (n, inp) in enumerate(calls)]
                return ModelResponse(content=blocks, stop_reason="tool_use", model=NAME,
                                     usage={"input_tokens": 0, "output_tokens": 0})
        text = self.answer(user_text, earlier, outcomes)
        return ModelResponse(content=[{"type": "text", "text": text}], stop_reason="end_turn", model=NAME,
                             usage={"input_tokens": 0, "output_tokens": 0})

    # Intent → tool calls --------------------------------------------------------------------
    def plan(self, text: str, earlier: list[str], tools: set[str]) -> list[tuple[str, dict]]:
        p = parse(text)
        mem = remember(earlier)
        stmt = statement(text)
        vertical = p.industry_phrase or p.vertical or mem.vertical
        if stmt is not None:  # the user answered a question ("I don't know our X", "Our X is V")
            if p.metrics and vertical and "get_benchmark" in tools:
                return [("get_benchmark", _bench_input(vertical, m, text)) for m in p.metrics]
            if stmt[0] == "unknown" and "search_knowledge_base" in tools:
                return [("search_knowledge_base", {"query": f"how to estimate {stmt[1]}"})]
            return []
        calls: list[tuple[str, dict]] = []
        if p.audiences and p.sizing_cue and "get_audience_sizing" in tools:
            for aud, geo in p.audiences:
                inp = {"audience_type": aud}
                if geo:
                    inp["geography"] = geo
                calls.append(("get_audience_sizing", inp))
        metrics = list(p.metrics)
        if p.calc:
            for role in (p.calc.a, p.calc.b):
                if role in VOCABULARY["metrics"] and role not in metrics:
                    metrics.append(role)
        asks_range = bool(p.vertical or p.industry_phrase or p.calc or _RANGE_CUE.search(text))
        guidance = bool(p.step or _GUIDANCE.search(text)) and not _RANGE_CUE.search(text) and not p.calc
        if metrics and vertical and asks_range and not guidance and not _DEFINITION.search(text) \
                and "get_benchmark" in tools and not calls:
            for m in metrics:
                calls.append(("get_benchmark", _bench_input(vertical, m, text)))
            if _WHY.search(text) and "search_knowledge_base" in tools:
                calls.append(("search_knowledge_base", {"query": text.strip()[:500]}))
        if p.audience_phrase and calls and "search_knowledge_base" in tools:
            # not a known audience: the question may not be about sizing at all ("how many headlines…")
            calls.append(("search_knowledge_base", {"query": text.strip()[:500]}))
        if calls:
            return calls
        if p.step and "get_step_guidance" in tools:
            topic = _step_topic(text)
            calls.append(("get_step_guidance", {"step": p.step, **({"topic": topic} if topic else {})}))
        if p.calc and not calls and _calc_inputs(p, mem, {}) is not None:
            return []  # pure arithmetic on the user's own numbers: nothing to look up
        if "search_knowledge_base" in tools:
            calls.append(("search_knowledge_base", {"query": text.strip()[:500]}))
        return calls

    # Tool results → answer -------------------------------------------------------------------
    def answer(self, text: str, earlier: list[str], outcomes: list[ToolOutcome]) -> str:
        p = parse(text)
        mem = remember(earlier)
        stmt = statement(text)
        paras: list[str] = []
        misses: list[tuple[str, str]] = []
        bench: dict[str, dict] = {}
        for o in outcomes:
            if o.name == "get_benchmark":
                if o.found:
                    bench[o.input.get("metric", "")] = self._bench_fields(o)
                elif not o.is_error:
                    misses.append(_miss(o))
        calc_para = self._calculation(p, mem, bench)
        if calc_para:
            paras.append(calc_para)
        for o in outcomes:
            if o.name == "get_benchmark" and o.found:
                paras.append(self._benchmark_para(o, bench[o.input.get("metric", "")], p, mem))
            elif o.name == "get_audience_sizing":
                if o.found:
                    paras.append(self._audience_para(o))
                elif not o.is_error:
                    misses.append(_miss(o))
        ranked = _merge_passages([o for o in outcomes if o.name in ("search_knowledge_base", "get_step_guidance",
                                                                     "research_topic") and o.found])
        searched = any(o.name in ("search_knowledge_base", "get_step_guidance", "research_topic") for o in outcomes)
        if ranked and not paras:
            para = self._extract(stmt[1] if stmt else text, ranked)
            if para:
                paras.append(para)
        if p.audience_phrase and paras and any(o.name == "search_knowledge_base" for o in outcomes):
            misses = [m for m in misses if not m[0].startswith("a size for")]
        if searched and not paras and not stmt:
            misses.append(("information that answers this question", ""))
        errors = [o for o in outcomes if o.is_error]
        if stmt is not None:
            return "\n\n".join([_acknowledge(stmt)] + (paras or [_NO_DATA_YET if stmt[0] == "unknown" else ""])).strip()
        if not paras:
            return _abstain(misses, errors)
        if misses:
            paras.append(" ".join(f"The knowledge base has no {what}{f' ({why})' if why else ''}." for what, why in misses))
        return "\n\n".join(paras)

    # pieces ---------------------------------------------------------------------------------
    @staticmethod
    def _bench_fields(o: ToolOutcome) -> dict:
        head = o.fields.get("get_benchmark", "")
        lohi = re.match(r"Low: (?P<lo>.+?) · High: (?P<hi>.+?) \(", o.fields.get("Low", "") and
                        "Low: " + o.fields.get("Low", ""))
        typical = o.fields.get("Typical (plan with this)", "")
        rng = [float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*(?:\.\d+)?", re.sub(r":1\b", "", typical))]
        return {"label": head, "typical": typical, "low": lohi["lo"] if lohi else "", "high": lohi["hi"] if lohi else "",
                "when": o.fields.get("When it applies", ""), "range": rng[:2],
                "id": o.passages[0]["id"], "notes": o.passages[1] if len(o.passages) > 1 else None}

    def _benchmark_para(self, o: ToolOutcome, b: dict, p: Parsed, mem: Memory) -> str:
        facts = _FACT_LINE.findall(text_before_passages(o.content))
        if facts:  # one figure per platform, each with its own citation
            items = [f"{where}: {value} [{cid}]" for where, value, cid in facts]
            label = b["label"].split(" — ")[0]
            return (f"Based on Knowledge Base, the {label} figures are: " + "; ".join(items) + "."
                    + (" They differ by platform, so plan with the one you will buy." if len(items) > 1 else ""))
        out = [f"Based on Knowledge Base [{b['id']}], the Typical {b['label']} range is {b['typical']}"
               + (f", with {b['low']} at the Low end and {b['high']} at the High end." if b["low"] else ".")]
        if b["when"]:
            out.append(f"When it applies: {b['when']}")
        metric = o.input.get("metric", "")
        mine = _user_value(p, mem, metric)
        if mine is not None and len(b["range"]) == 2 and not (p.calc and metric in (p.calc.a, p.calc.b)):
            lo, hi = b["range"]
            where = "inside" if lo <= mine <= hi else ("below" if mine < lo else "above")
            shown = money(mine) if "$" in b["typical"] else plain(mine)
            stmt = statement(p.text)
            what = re.sub(r"\s+in (?:dollars|usd)\b", "", stmt[1], flags=re.I) if stmt and stmt[0] == "known" else metric
            out.append(f"Your {what} of {shown} sits {where} the Typical range of {b['typical']}.")
        notes = b.get("notes")
        if notes:
            sent = _note_sentence(notes["text"], b["typical"])
            if sent:
                out.append(f"{sent} [{notes['id']}]")
        return " ".join(out)

    @staticmethod
    def _audience_para(o: ToolOutcome) -> str:
        head = o.fields.get("get_audience_sizing", "")
        aud, _, geo = head.partition(" — ")
        size = o.fields.get("Estimated size", "")
        method = o.fields.get("Methodology", "")
        ids = [ps["id"] for ps in o.passages]
        out = [f"Based on Knowledge Base [{ids[0]}], {aud} in {geo}: about {size}."]
        if method:
            out.append(f"Methodology: {method}.")
        if len(o.passages) > 1:
            steps = [ln.strip() for ln in o.passages[1]["text"].splitlines() if re.match(r"^\d+\.\s", ln.strip())]
            if steps:
                return " ".join(out) + f"\nWorked example [{ids[1]}]:\n" + "\n".join(steps)
        return " ".join(out)

    def _extract(self, question: str, passages: list[dict]) -> str | None:
        """Quote the best-matching sentences of the best passage, cited — or None when the passages do not really answer the
        question (they share too little of its content, or miss a name or code it asks about).
        Query words are weighted by how rare they are among the candidate sentences, so
        "playbook" counts for more than "budget"."""
        q = set(_terms(_STEP.sub(" ", question)))
        top = passages[:4]
        if not q or not top:
            return None
        covered = set()
        for ps in top:
            covered |= q & set(_terms(ps["text"]))
        if not _relevant(question, q, covered, top):
            return None
        idents = [i.lower() for i in _IDENT.findall(question)]
        cands = []  # (passage rank, position, sentence, terms)
        for rank, ps in enumerate(top):
            for pos, sent in enumerate(_sentences(ps["text"])):
                cands.append((rank, pos, sent, set(_terms(sent))))
        # a document's opening summary ("This document covers …") describes, it does not answer
        answers = [c for c in cands if not _SUMMARY.match(c[2])]
        cands = answers or cands
        if not cands:
            return None
        n = len(cands)
        weight = {t: math.log(1.0 + n / (1 + sum(1 for c in cands if t in c[3]))) for t in q}

        def s_score(c) -> float:
            bonus = 2.0 if any(i in c[2].lower() for i in idents) else 0.0
            return sum(weight[t] for t in q & c[3]) + bonus - (1.0 if c[2].startswith("This document") else 0.0)

        def label_terms(r: int) -> set[str]:
            src = top[r].get("source", "")
            section = src.split("›", 1)[1] if "›" in src else ""
            return set(_terms(section))

        # the section a passage sits in is part of what it says ("Playbook: budget cuts")
        label_score = {r: 0.5 * sum(weight[t] for t in q & label_terms(r)) for r in range(len(top))}
        by_rank: dict[int, list] = {}
        for c in cands:
            sc = s_score(c)
            by_rank.setdefault(c[0], []).append((sc + label_score[c[0]] if sc > 0 else 0.0, c))
        best_of = {r: max(x for x, _ in v) for r, v in by_rank.items()}
        top_score = max(best_of.values())
        if top_score <= 0:
            return None
        # Trust the retriever's order: answer from the first passage that really matches —
        # unless one names the asked-about section ("the budget cut playbook") or is the
        # asked-about step's own document.
        eligible = [r for r in sorted(by_rank) if best_of[r] >= 0.5 * top_score]
        step = _STEP.search(question)
        step_doc = f"step-{int(step.group(1)):02d}-" if step else None

        def label_hits(r: int) -> int:
            return len(q & label_terms(r))

        strong = [r for r in eligible if label_hits(r) >= 2]
        in_step = [r for r in eligible if step_doc and top[r].get("source", "").startswith(step_doc)]
        best_r = (strong or in_step or eligible)[0]
        if _DEBUG:
            for r in sorted(by_rank):
                print("DEBUG", top[r]["id"], round(best_of[r], 2), "label", label_hits(r), "eligible", r in eligible)
        floor = 0.4 * best_of[best_r]
        best = sorted((x for x in by_rank[best_r] if x[0] > 0 and x[0] >= floor), key=lambda x: -x[0])[: self.max_sentences]
        if not best:
            return None
        picked = sorted(best, key=lambda x: x[1][1])
        paras = [f"Based on Knowledge Base [{top[best_r]['id']}]: " + " ".join(c[2] for _, c in picked)]
        return "\n\n".join(paras)

    def _calculation(self, p: Parsed, mem: Memory, bench: dict[str, dict]) -> str | None:
        if not p.calc:
            return None
        inputs = _calc_inputs(p, mem, bench)
        if inputs is None:
            return None
        c = p.calc
        lines = []
        cite = None
        for a, b, note, from_kb in inputs:
            if c.op == "increase":
                pct = b
                new = a * (1 + pct / 100.0)
                sign = "=" if abs(new - round(new, 2)) < 1e-9 else "≈"
                lines.append(f"{money(a)} × (1 + {plain(pct)}%) = {money(a)} × {plain(1 + pct / 100.0)} {sign} "
                             f"{money(round(new, 2))} — the new {c.a}")
                continue
            if c.op == "mul":
                total = a * b
                sign, shown = _result(total, True)
                lines.append(f"{_fmt_role(c.a, a)} × {_fmt_role(c.b, b)} {sign} ${shown} — the budget needed")
                continue
            if b == 0:
                continue
            value = a / b * (1000 if c.per_thousand else 1)
            is_ratio = c.a == "LTV"
            sign, shown = _result(value, not is_ratio)
            thousand = " × 1,000" if c.per_thousand else ""
            noun = _noun(c)
            eq = f"{_fmt_role(c.a, a)} ÷ {_fmt_role(c.b, b)}{thousand} {sign} {shown}{noun}"
            if is_ratio:
                eq += f", i.e. an LTV:CAC of {shown}:1"
            lines.append(eq + (f" {note}" if note else ""))
            if from_kb:
                cite = from_kb
        if not lines:
            return None
        head = "Here is the calculation" + (f", using the Typical range (Based on Knowledge Base [{cite}])" if cite else "")
        return head + ":\n" + "\n".join(f"- {ln}" for ln in lines)


def _fmt_role(role: str, v: float) -> str:
    return plain(v) if role in ("count", "pct") else money(v)


def _noun(c: Calc) -> str:
    if c.a == "LTV":
        return ""
    if c.target:
        return f" {c.target}"
    return {"CPM": " impressions", "CPL": " leads", "CPI": " installs", "CPC": " clicks", "CPA": " conversions",
            "CAC": " new customers"}.get(c.b, "")


def _user_value(p: Parsed, mem: Memory, role: str) -> float | None:
    for n in p.numbers:
        if n.role == role:
            return n.value
    return mem.facts.get(role)


def _calc_inputs(p: Parsed, mem: Memory, bench: dict[str, dict]) -> list[tuple[float, float, str, str | None]] | None:
    """[(a, b, note, cited benchmark id or None)] for the requested operation: the user's own
    numbers first (this message, then earlier ones); a metric the user did not give comes from
    the benchmark table (both ends of the Typical range)."""
    c = p.calc
    if c is None:
        return None
    values: dict[str, float] = {}
    free = [n for n in p.numbers if n.role is None and not n.pct]
    for n in p.numbers:
        if n.role and n.role not in values:
            values[n.role] = n.value
    for role in (c.a, c.b):
        if role in values or role == "pct":
            continue
        money_free = sorted((n for n in free if n.money or n.value >= 1), key=lambda n: n.value)
        if money_free:
            pick = money_free[-1] if role == "budget" else money_free[0]
            values[role] = pick.value
            free.remove(pick)
    if c.op == "increase":
        a = values.get(c.a, mem.facts.get(c.a))
        pct = next((n.value for n in p.numbers if n.pct), None)
        return [(a, pct, "", None)] if a is not None and pct is not None else None
    a = values.get(c.a, mem.facts.get(c.a))
    b = values.get(c.b, mem.facts.get(c.b) if c.b not in bench else None)
    if a is None:
        return None
    if b is not None:
        return [(a, b, "", None)]
    if c.b in bench and len(bench[c.b]["range"]) == 2:
        lo, hi = bench[c.b]["range"]
        bid = bench[c.b]["id"]
        return [(a, hi, "at the top of the Typical range", bid), (a, lo, "at the bottom of the Typical range", bid)]
    return None


def _note_sentence(text: str, typical: str) -> str | None:
    for s in _sentences(text):
        if typical and typical in s:
            return s
    return None


def _step_topic(text: str) -> str:
    t = _STEP.sub(" ", text)
    t = re.sub(r"\b(what|does|do|say|says|about|recommend|recommends|the|for|a|an|in|of|how|should|we|i)\b", " ", t,
               flags=re.I)
    return " ".join(re.sub(r"[?.!,]", " ", t).split())[:200]


def _relevant(question: str, q: set[str], covered: set[str], passages: list[dict]) -> bool:
    """Would a careful reader say these passages answer the question? Every code, proper name
    or acronym it asks about must appear in them, and one passage must share enough of its
    content words (less is needed when the question is plainly about media planning)."""
    raw = " ".join(ps["text"] for ps in passages)
    text = raw.lower()
    for ident in _IDENT.findall(question):
        if ident.lower() not in text:
            return False
    body = question.strip()
    names = re.findall(r"(?<![.?!]\s)(?<!^)\b([A-Z][a-z]+(?:[A-Z][a-z]+)*)\b", body)
    acronyms = re.findall(r"\b([A-Z]{2,5})s?\b", body)
    for w in names:
        if w.lower() in _DOMAIN or w.lower() in ("i", "what", "how", "which", "when", "why"):
            continue
        if w.lower() not in text and _STEM.stemWord(w.lower()) not in covered:
            return False
    for a in acronyms:
        if a.lower() in _DOMAIN or a in ("I", "US", "USA", "OK"):
            continue
        if not re.search(r"(?<![A-Za-z])" + re.escape(a) + r"s?(?![A-Za-z])", raw):
            return False
    words = {t for t in q if not t[0].isdigit()}
    if not words:
        return True
    share = max(len(words & set(_terms(ps["text"]))) for ps in passages) / len(words)
    domain = any(w in _DOMAIN for w in re.findall(r"[a-z0-9][a-z0-9\-]*", question.lower()))
    return share >= (0.34 if domain else 0.6)


def _miss(o: ToolOutcome) -> tuple[str, str]:
    """(what was asked, why the knowledge base has none) for a look-up that found nothing."""
    m = re.search(r"not in the knowledge base — (.*?)\. Tell the user", o.content, re.S)
    why = m.group(1).strip() if m else ""
    if o.name == "get_benchmark":
        what = f"{o.input.get('vertical', '')} {o.input.get('metric', '')} benchmark".strip()
        return f"{'an' if what[:1].lower() in 'aeiou' else 'a'} {what}", why
    if o.name == "get_audience_sizing":
        geo = o.input.get("geography")
        return f"a size for {o.input.get('audience_type', 'that audience')}" + (f" in {geo}" if geo else ""), why
    return "information that answers this question", why


def _abstain(misses: list[tuple[str, str]], errors: list[ToolOutcome]) -> str:
    if misses:
        parts = [f"{what}{f' — {why}' if why else ''}" for what, why in dict.fromkeys(misses)]
        numeric = any("benchmark" in w or "size" in w for w, _ in misses)
        return ("The knowledge base does not contain " + "; nor ".join(parts) + ". "
                + ("I won't substitute a number from another vertical, metric or audience. If you have your own data "
                   "or can run a small test, I can help you plan with that instead."
                   if numeric else "I can't answer that from the knowledge base."))
    if errors:
        return ("I couldn't look that up (" + "; ".join(o.content.removeprefix("Error: ") for o in errors)
                + "), so the knowledge base gave me nothing I can answer from.")
    return "The knowledge base does not contain information about that, so I can't answer it from the knowledge base."


_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")
_SUMMARY = re.compile(r"^(?:This|The) (?:document|guide|reference|file|playbook|page) (?:covers|explains|gives|describes|"
                      r"is about|sets out)\b", re.I)
_NO_DATA_YET = "I'll plan with the knowledge base's Typical ranges until you have it."
_DONT_KNOW = re.compile(r"^\s*(?:i|we)\s+(?:don't|do not|dont|can't|cannot)\s+(?:know|have|say)\s+(?:our|my|the|a|an|what)?\s*"
                        r"(?P<x>[^?]+?)\s*\.?\s*$", re.I)
_KNOWN = re.compile(r"^\s*our\s+(?P<x>[^?]+?)\s+(?:is|are|was)\s+(?P<v>[^?]+?)\s*\.?\s*$", re.I)


def statement(text: str) -> tuple[str, str] | tuple[str, str, str] | None:
    """("unknown", what) for "I don't know our X."; ("known", what, value) for "Our X is V.";
    None for anything else (questions, requests)."""
    if "?" in text:
        return None
    m = _DONT_KNOW.match(text)
    if m:
        return ("unknown", m.group("x").strip())
    m = _KNOWN.match(text)
    if m and re.search(r"\d", m.group("v")):
        return ("known", m.group("x").strip(), m.group("v").strip())
    return None


def _acknowledge(stmt: tuple) -> str:
    what = re.sub(r"\s+in (?:dollars|usd|percent)\b", "", stmt[1], flags=re.I)
    if stmt[0] == "unknown":
        return f"I can plan without your {what} for now."
    value = stmt[2]
    if re.search(r"\bin dollars\b", stmt[1], re.I) and re.fullmatch(r"\d[\d,]*(?:\.\d+)?", value):
        value = money(float(value.replace(",", "")))
    elif re.search(r"\b(?:in percent|percentage|pct)\b", stmt[1], re.I) and re.fullmatch(r"\d+(?:\.\d+)?", value):
        value += "%"
    return f"I'll use your {what} of {value} in the numbers from here on."


def _merge_passages(outcomes: list[ToolOutcome]) -> list[dict]:
    """Passages of several retrieval tools, interleaved by rank and de-duplicated."""
    out, seen = [], set()
    longest = max((len(o.passages) for o in outcomes), default=0)
    for r in range(longest):
        for o in outcomes:
            if r < len(o.passages) and o.passages[r]["id"] not in seen:
                seen.add(o.passages[r]["id"])
                out.append(o.passages[r])
    return out


# ------------------------------------------------------------------ message helpers
def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text")


def _turn_start(messages: list[dict]) -> int | None:
    """Index of the user message that opened the current turn (text, not tool results)."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if m["role"] != "user":
            continue
        c = m["content"]
        if isinstance(c, str) or not any(isinstance(b, dict) and b.get("type") == "tool_result" for b in c):
            return i
    return None


def _outcomes(turn_messages: list[dict]) -> list[ToolOutcome]:
    uses: dict[str, dict] = {}
    out = []
    for m in turn_messages:
        if not isinstance(m["content"], list):
            continue
        for b in m["content"]:
            if not isinstance(b, dict):
                continue
            if b.get("type") == "tool_use":
                uses[b["id"]] = b
            elif b.get("type") == "tool_result":
                u = uses.get(b.get("tool_use_id"), {})
                out.append(read_outcome(u.get("name", ""), u.get("input") or {}, b.get("content"), bool(b.get("is_error"))))
    return out
