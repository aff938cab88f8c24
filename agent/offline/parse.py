"""What one user message asks for, read by general rules of English and of media-planning
arithmetic — never by the wording of any test set.

* **Metrics** come from the shared vocabulary (``mpa.vocabulary.VOCABULARY``), its names said
  loosely (:mod:`~agent.offline.metricnames`: "click-through rates", "return on spend",
  "LTV/CAC", "what share of visitors convert") and from the question forms people use for a
  price: "pay per X", "cost to win a X", "what does a X cost", "what a X should cost", "X cost"
  → the phrase "cost per X", resolved by the vocabulary or, failing that, handed to
  ``get_benchmark`` whose resolver reads the KB's own metric labels and notes.
* **The business**: a covered vertical from the vocabulary (inflected: "banks"), else the phrase
  the user describes the business with (:mod:`~agent.offline.business`), which the benchmark
  tool resolves against the KB.
* **Numbers and their roles** (budget, a unit price, a lifetime value, a count, a percentage)
  from the words around them; the **operation** from what is asked: "how many X" with a
  budget is budget ÷ price per X (× 1,000 for impressions); a count with "cost"/"budget" is
  count × price; a value and what one costs is value ÷ cost (an LTV:CAC, "ratio" said or not);
  spend and a count with a price metric asked is spend ÷ count (the user's own CAC, CPL …);
  "up/down N%" changes a price.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from agent.offline import addedtotal, askedkind, cues, asking, askshape, kbcovers, kbmetrics, kbrowname, midrange, ownwider, readingstate, metricforms, metricnames, metricwords, served, spans, workedon, doerplain, roles as number_roles, asidetail, totalask
from agent.offline.endwords import HIGH_END, LOW_END
from agent.offline.business import business as _business, without_channel_names, without_platforms
from agent.offline.numbers import Num, digits, parse_numbers
from agent.offline.passages import IDENT, STEP, message_sentences
from agent.offline.places import geographies as _geographies, without_places
from agent.offline.scope import HOW_ARE_YOU, PLEASANTRY, THANKS
from agent.offline.shallow import copied
from agent.offline.priceforms import PER_THOUSAND, UNIT_OF, requests_asked, takes_priced
from agent.offline.doerprice import priced as doers_priced  # any person who acts; a form's act read as a form fill
from agent.offline.unitmetric import metric_phrases, unit_metric
from mpa.resolve import says_words
from mpa.vocabulary import VOCABULARY, canonical, match_terms
from rag.anyword import any_word

HEADCOUNT = re.compile(r"\bwhat(?:'s| is) (?:the )?(?:number|count|headcount)\b(?! of)|^\s*(?:the\s+)?(?:total\s+)?(?:[a-z]+\s+(?:count|headcount)|number\s+of\s+[a-z]+)\s+(?:for|in|across)\b", re.I)  # of people somewhere; asked as a noun phrase
_NORM_ASKED = re.compile(r"\b(?:typical|typically|normal|normally|usual|usually|average|benchmark|healthy|standard)\b", re.I)
_RATIO = re.compile(r"\bratio\b|\bx to y\b", re.I)  # a ratio named; or asked as a multiple of worth over cost, or of cost repaid:
_WORTH = r"lifetime[- ]value|\bltv\b|worth|customer[- ]value|\brepa(?:y|ys|id)\b|\bpays? back\b|\bearns? back\b"
_RATIO_ASKED = re.compile(_RATIO.pattern + r"|\b(?:worth|value)\b[^.?!]{0,40}\bmultiple\b|\bmultiple\b[^.?!]{0,40}\bworth\b|\bhow many times(?: over)?\b[^.?!]{0,50}\b(?:repays?|pays? back|earns? back)\b", re.I)
RANGE_CUE = any_word("typical", "typically", "benchmarks?", "range", "average", "normal", "normally", "commonly", "norm", "usual",
                     "usually", "expect", "plan for", "plan around", "good", "compare", "comparison", "pay", "paying", "cost",
                     "costs", "charge", "charges", "go for", "should")
DEFINITION = re.compile(r"\bwhat (?:is|does) (?:a |an |the )?(?:[A-Z]{2,5}|[\w:]+) (?:mean|stand for)\b|\bdefin(?:e|ition)\b|"
                        r"\bhow (?:is|(?:do|should|can) (?:you|i|we)) (?:calculate|compute|measure|figure out|work out)\b|\bdifference between\b", re.I)
GUIDANCE = re.compile(r"\bwhat does (?:the |our )?[\w\s\-/]{0,60}\bsay\b|\bplaybook\b|\bguide\b|\brule\b|\brecommend|"
                      r"\bhow (?:do|should|can|would) (?:i|we|you)\b|\bsteps?\b|\bwhat should (?:i|we) do\b", re.I)
# a judgement asked for ("is that good?", "healthy for us?"), not an opening "Fine." / "OK," / "Good news:"
EVALUATE = re.compile(r"(?<!^)(?<!^\W)\b(?:good|ok|okay|healthy|normal|fine|bad|decent|reasonable|any good|acceptable|too (?:high|low|much|little|steep|expensive|cheap)|(?:over|under)paying|in line)\b(?!\s+news)", re.I)
WHY = any_word("why", "how come", "explain")
_SIZING = re.compile(r"\bhow (?:many|big|large)\b|\bsize\b|\bsizing\b|\bnumber of\b|\bpopulations?(?= (?:in|of|across|for|by)\b)|" + HEADCOUNT.pattern, re.I)  # "… adult population in TX"
_COUNT_ASK = re.compile(r"\bhow many\b|\b(?:estimat|calculat|work out|figure out|project|forecast)\w* (?:the |our |a |an )?(?:rough )?(?:number|count|volume) of\b|\bwhat(?:'s| is|s) the (?!c[a-z]{1,3} )[a-z]+ range (?:on|for|with|from) (?:that|this|it|\$?\d)|\bwhat(?:'s| is| does) (?:that|this|it) (?:in(?! (?:[a-z]+ )?(?:dollars|money|cash|bucks|terms)\b)|buy|get)\b|\bhow far\b|"
                        r"\bwhat (?:does|do|will|would|can) (?:the |our |my |that |this )?(?:\$?[\w.,]+ )?(?:budget|money|spend|it|that)"
                        r" (?:buy|get|bring|make)\b|\bwhat (?:do|would|will|could|can) (?:we|i) get\b|\breach in\b|\bwhat (?:does|do|will|would|can|could) "
                        r"\$?\d[\d.,]*(?:\s*(?:k|m|grand|bucks|dollars|thousand|million)\b){0,2} (?:buy|get|bring)\b", re.I)
_COST_ASK = re.compile(r"\bwhat (?:would|will|does|did) (?:that|this|it) cost\b|\bhow much (?:would|will|budget|money|do)\b|\bwhat budget\b|\b(?:what|how much) should (?:we|i) (?:budget|spend|set aside)\b|\bbudget (?:would|do) (?:we|i|that) need\b|\b(?:need|have|got) to spend\b|\bhow much (?:for|to get|to buy|to win|to land)\b|\bwhat(?:'s| is| would be) the (?:total|overall) (?:budget|spend|cost)\b|\bwhat (?:would|will|does|do) \d[\d,.]*k? [a-z][a-z ]{0,40}\b(?:cost|run)\b|\bwhat(?:'s| is| would be) the budget (?:for (?:that|this|those|them|it)|(?:we|i)(?:'d| would)? need)\b|\b(?:cost|run|set (?:us|me) back)(?: us| me)? (?:what|how much)\s*\??\s*$|(?:^|[,;:.]\s*|\btotal )budget\s*\?\s*$", re.I)  # "… would run what", "…, budget?"
_COST_CUE = cues.written_in(_COST_ASK, ("cost", "how much", "budget", "spend", "run", "set"))  # one in each branch
# one end of a range, named by a word of that end ("the pricey side", "upper bound") or "at the top/bottom"
_END_OF_RANGE = r"\b(?:{})\b(?:[- ]\w+)?\s*\b(?:end|side|bound|figure|of (?:that|the|this) range)\b|\bat the {}\b"
_HIGH_END = re.compile(_END_OF_RANGE.format("|".join(HIGH_END), "top"), re.I)
_LOW_END = re.compile(_END_OF_RANGE.format("|".join(LOW_END), "bottom"), re.I)
_SMALLTALK, _THANKED = re.compile(rf"^\W*(?:{PLEASANTRY}|{HOW_ARE_YOU})\b", re.I), re.compile(rf"\b(?:{THANKS})\b", re.I)
_FOLLOWUP = re.compile(r"^\s*(?:and|what about|how about|(?:(?:ok(?:ay)?|cool|great|alright|right|now|so|then|perfect|nice|thanks)[,.!]?\s+)*(?:(?:do|can|could) (?:you|u) (?:have|give me|do|get) )?(?:the )?same(?: question| thing| number| figure| size| count| again)? for|now for|also|ok(?:ay)?,? (?:and|what about)|vs\.?|versus|compared (?:to|with)|against|(?:(?:sorry|no|oops|actually|wait|sorry,? no)[,.!]?\s+)*(?:i|we) meant|how (?:does|do|did|would) (?:that|this|it|those|these|they) (?:compare|stack up|measure up|look)(?: (?:to|with|against|for))?)(?!\w)", re.I)
_OUR = re.compile(r"\b(?:our|my)\b", re.I)
# after the pleasantry, a connective and a question of four words or more: "ok, then what do we launch first?"
_ASKS_ON = re.compile(r"^[^?]*?[,.!:;-]\s*(?:(?:then|so|and|but|now)\s+)+(?:what|which|how|when|where|why|who|should|"
                      r"can|could|do|does|is|are)\b(?!\s+(?:are|is|have|has)\s+(?:you|things|it going)\b)"
                      r"(?:\s+\S+){2,}[^?]*\?\s*$", re.I)


@dataclass
class Calc:
    """An arithmetic request: ``op`` is "div" (a ÷ b), "mul" (a × b), "ratio" (a ÷ b as x:1),
    "unit" (spend ÷ count: the user's own price of one, ``target`` its metric) or "change"
    (a × (1 + pct)); ``a``/``b`` name roles (budget, price, LTV, count, pct)."""

    op: str
    a: str
    b: str
    per_thousand: bool = False
    target: str = ""


@dataclass
class Parsed:
    text: str
    norm: str = ""
    metrics: list[str] = field(default_factory=list)
    metric_phrases: list[str] = field(default_factory=list)   # "cost per …" the vocabulary does not know
    vertical: str | None = None
    verticals: list[str] = field(default_factory=list)   # every covered vertical named, in order
    industry_phrase: str | None = None   # a named industry the benchmark edition leaves out
    business_phrase: str | None = None   # how the user describes the business (for the tool to resolve)
    business_refers_back: bool = False  # "shops like this": the business already under discussion
    audiences: list[tuple[str, str | None]] = field(default_factory=list)
    geographies: list[str] = field(default_factory=list)
    step: int | None = None
    identifiers: list[str] = field(default_factory=list)
    numbers: list[Num] = field(default_factory=list)
    calc: Calc | None = None
    unit: str = ""           # the thing being counted ("downloads", "impressions")
    end: str | None = None   # "high" / "low": which end of a range the user wants
    sizing_cue: bool = False
    asks_count: bool = False
    asks_cost: bool = False
    smalltalk: bool = False
    followup: bool = False
    pct_sign: int = 0

    def value(self, role: str) -> float | None:
        return next((n.value for n in self.numbers if n.role == role), None)



def _role_word(word: str) -> str | None:
    w = re.sub(r"^(?:the|our|your|old|new|current|a|an|total)\s+", "", " ".join(word.lower().split()))
    if w.startswith(("budget", "spend", "ad spend")):
        return "budget"
    if w in ("ltv", "lifetime value", "customer lifetime value", "clv", "value"):
        return "LTV"
    if w in ("customers", "new customers", "customer count", "target", "count"):
        return "count"
    return "price" if canonical(w, "metrics") else None


def _stated_calc(low: str) -> Calc | None:
    """An operation the user spells out: "divide A by B", "A divided by B (times 1000)",
    "multiply A by B", "multiply the old X by 1 plus the increase"."""
    if re.search(r"multiply [\w: ]{0,30}by 1 plus\b", low):
        return Calc("change", "price", "pct")
    m = re.search(r"([\w:]+) divided by (?:the |our |a |an )?([\w:]+)( times 1,?000)?", low) or re.search(
        r"divide (?:the |our |a )?([\w: ]+?) by (?:the |our |a )?([\w:]+)( times 1,?000)?", low)
    if m:
        a, b = _role_word(m.group(1)), _role_word(m.group(2))
        if a and b:
            op = "ratio" if a == "LTV" else "div"
            return Calc(op, a, b, per_thousand=bool(m.group(3)) or canonical(m.group(2), "metrics") == "CPM")
    m = re.search(r"multiply (?:the )?([\w:]+(?: [\w:]+)?) by (?:the |our )?([\w:]+)", low)
    if m:
        a, b = _role_word(m.group(1)), _role_word(m.group(2))
        if a and b:
            return Calc("mul", "count", "price", target="budget needed")
    return None


def _calc(p: Parsed) -> Calc | None:
    """The operation the question asks for (module doc), or None."""
    low = p.norm.lower()
    stated = _stated_calc(low)
    if stated:
        if stated.op == "change" and not p.pct_sign:
            p.pct_sign = 1
        return stated
    changed_to = any((n.role or "").startswith("price") and number_roles.CHANGED_TO.search(
        p.norm[max(0, n.start - 40):n.start]) for n in p.numbers)  # "up 30% to $65": the new price is given
    if "pct" in {n.role for n in p.numbers} and p.pct_sign and not changed_to and not (  # a budget moved, then divided: arith
            p.asks_count and number_roles.said_of(p.norm, p.numbers) == "budget"):
        return Calc("change", "price", "pct", target=p.unit)
    roles = {(n.role or "").split(":")[0] for n in p.numbers if n.role or not spans.STRETCH.search(p.norm)}  # a span's count: no role
    if _RATIO.search(low) and ("LTV" in roles or "worth" in low and (p.numbers or not _NORM_ASKED.search(low))):
        return Calc("ratio", "LTV", "price")  # (no figure given and the norm asked: "is there a normal ratio of …": the benchmark)
    if "LTV" in roles and "price" in roles and not p.asks_count and not p.asks_cost:
        return Calc("ratio", "LTV", "price")  # a customer's value and what one costs: the ratio, said or not
    if p.asks_cost and "count" in roles:
        return Calc("mul", "count", "price", target="budget needed")
    if askshape.total_asked(p, low, UNIT_OF) and not EVALUATE.search(low):  # "2M views at a $9 CPM — the total?"
        return Calc("mul", "count", "price", target="budget needed")
    priced_metrics = [m for m in p.metrics if m in UNIT_OF] or askshape.per_unit(low, unit_metric)  # "that per click?"
    if {"budget", "count"} <= roles and priced_metrics and not p.asks_count and not p.asks_cost:
        return Calc("unit", "budget", "count", target=priced_metrics[0])  # "we spend X and win N: what's our CAC?"
    if roles == {"budget"} and len(priced_metrics) == 1 and len(p.metrics) == 1 and not p.asks_cost and \
            not p.sizing_cue:  # "we have $45k left; what's a normal CPC?": what the budget buys at that price
        return Calc("div", "budget", "price", per_thousand=priced_metrics[0] in PER_THOUSAND)
    priced = any((n.role or "").startswith(("price", "budget")) for n in p.numbers) or bool(
        unit_metric(re.sub(r"s$", "", p.unit))) or bool(re.search(r"\b(?:budget|spend|money|prices?)\b", low))
    if p.asks_count and priced and not p.sizing_only and not (roles == {"count"} and p.metrics and not set(
            p.metrics) & set(UNIT_OF)):  # "5,000 clicks: how many conversions at a typical CVR?" is a rate on a count
        thousand = bool(re.search(r"\bimpressions?\b|per thousand|\bcpm\b", low))
        return Calc("div", "budget", "price", per_thousand=thousand, target=p.unit)
    return None


# a word after "buy in" / "what's that in" is the result counted only as the whole noun phrase ("… buy in leads?", "…
# in clicks on Meta"): one followed by another noun qualifies it ("… buy in pet insurance": a business, not "pets")
_HEAD = (r"(?=\s*(?:[?.!,;:)]|$)|\s+(?:on|at|for|from|with|per|a|an|each|every|this|that|if|over|across|during|within|"
         r"off|then|now|and|or|instead|too|total|roughly|about|monthly|weekly|next|in)\b)")
# what the count is of: "450 new patients", "2,000 qualified leads"
_COUNTED = re.compile(r"^\s*(new|more|qualified|paying|first-time)?\s*([a-z]+)")


# the words after "how many" that begin no counted noun, and end one ("how many leads a month", "how many should we expect")
_NO_UNIT = (r"(?:do|does|did|would|will|can|could|should|might|must|shall|is|are|am|was|were|have|has|had|at|in|on|for|if|with|from|to|over|across|during|"
            r"within|that|this|we|you|i|then|now|there|a|an|per|each|every)\b")


def _implied_unit_cost(p: Parsed) -> str | None:
    """The metric a spend and a count imply when the user asks for a judgement without naming it:
    "we spent 20k and got 400 leads — good?" is a cost per lead; a count of *new* anything ("450
    new patients") is what acquiring one costs. None unless exactly one spend and one count are
    given and the message asks how that looks."""
    if p.asks_count or p.asks_cost or not (EVALUATE.search(p.norm) or askshape.JUDGED.search(p.norm)):
        return None
    budgets = [n for n in p.numbers if n.role == "budget"]
    counts = [n for n in p.numbers if n.role == "count"]
    if len(budgets) != 1 or len(counts) != 1:
        return None
    m = _COUNTED.match(p.norm[counts[0].end:].lower())
    if not m:
        return None
    noun = m.group(2)
    priced = unit_metric(noun[:-1] if noun.endswith("s") else noun)
    if priced:
        return priced
    return unit_metric("customer") if m.group(1) in ("new", "first-time") else None


def _named(text: str, table: str) -> list[tuple[int, str]]:
    """(position, key) of each key of a vocabulary table ``text`` names, as written or inflected
    ("banks", "online stores", "e commerce"), earliest first."""
    low = text.lower()
    syns = VOCABULARY[table]
    # a loose (stem) match must say the name's own words, singular or plural ("hospital" is no "hospitality")
    found = metricnames.positions(text, syns) + (metricnames.positions(low.replace("-", " "), syns) if "-" in low else []) + [  # (no hyphen: the same text)
        (i, k) for i, e, k in metricnames.find(low, syns) if says_words(low[i:e], " ".join(syns[k]))]
    out: dict[str, int] = {}
    for i, k in sorted(found):
        out.setdefault(k, i)
    return sorted((i, k) for k, i in out.items())


# informal spellings of function words, read as the words they stand for ("click thru", "w/ a budget")
_INFORMAL = re.compile(r"\b(thru|w/(?=\s))", re.I)
# the future said with "going to": "what's a customer going to cost an online store?", "how much is a lead gonna run us"
# — read as "what will a customer cost …", the form the price readers know
_GOING = re.compile(r"\b(what|how much)(?:'s|’s|\s+is|\s+are|\s+was)\s+((?:a|an|one|each|every|the|our|my|your)\s+"
                    r"[^?.!,;]{1,40}?)\s+(?:going\s+to|gonna)\s+(cost|run|set)\b", re.I)


@lru_cache(maxsize=2048)
def _parsed(text: str, state: tuple) -> tuple[Parsed, tuple[str, ...]]:  # state: readingstate.key(), all the reading depends on besides the text
    """The parse of ``text`` and the names of its list attributes (other than the numbers): what a copy copies."""
    p = _parse(text)
    return p, tuple(k for k, v in vars(p).items() if isinstance(v, list) and k != "numbers")


def parse(text: str) -> Parsed:
    """What ``text`` asks; cached (each turn re-reads every earlier message), copied (callers fill slots)."""
    kept, lists = _parsed(text, readingstate.key())
    p = copied(kept)  # its lists, numbers and calc copied too: a deep copy, faster
    held = p.__dict__
    for k in lists:
        held[k] = held[k].copy()
    held["numbers"], held["calc"] = [copied(n) for n in kept.numbers], copied(kept.calc)
    return p


def reading(text: str) -> Parsed:
    """What ``text`` asks, for a caller that only reads it: the kept parse itself, not copied — never to be changed
    (a turn asks this of every earlier message, and copying the parse cost more than reading it)."""
    return _parsed(text, readingstate.key())[0]


def _parse(text: str) -> Parsed:
    norm = _INFORMAL.sub(lambda m: "through" if m.group(1).lower() == "thru" else "with", digits(text))
    norm = _GOING.sub(lambda m: f"{m.group(1)} will {m.group(2)} {m.group(3)}", norm)
    p = Parsed(text=text, norm=norm)
    low = norm.lower()
    named = metricnames.positions(norm, VOCABULARY["metrics"], plural=True)
    named += [(i, k) for i, k in metricnames.positions(re.sub(r"(?<=[a-z])-(?=[a-z])", " ", low), VOCABULARY["metrics"], plural=True)
              if k not in {k0 for _, k0 in named}] if "-" in low else []  # "cost-per-click" is "cost per click" (no hyphen: the same text)
    phrased, described = [], []  # described: where a unit is said in the user's own words, which name no business
    spans = [(m.start(), m.end()) for m in metricnames.any_name(VOCABULARY["metrics"]).finditer(low)]  # as written
    for s0, e0, key in metricnames.find(low):  # "click-through rates", "return on spend", "LTV/CAC"
        if key not in {k for _, k in named} and not any(s0 < e1 and e0 > s1 for s1, e1 in spans) \
                and not kbmetrics.says(low[s0:e0]):  # the KB's own "cost per view" (CPV), not a completed view
            named.append((s0, key))
            spans.append((s0, e0))
    named += [(pos, key) for pos, key in metricnames.loosely_named(low, spans=spans) if key not in {k for _, k in named}]
    named += [x for x in metricnames.units_listed(low, spans, UNIT_OF) if x[1] not in {k for _, k in named}]
    kb_named = kbmetrics.named_in(norm)  # the KB's own names said (read once: a pure reading of the text)
    for pos, ph in doerplain.merged(kbmetrics.own_forms(metric_phrases(norm), norm) + kb_named + requests_asked(norm) + doers_priced(norm) + takes_priced(norm), norm):
        noun_words = ph.split()[2:] if ph.startswith("cost per") else []
        if noun_words and any(s0 <= low.find(w, pos) < e0 for w in noun_words for s0, e0 in spans):
            continue  # "acquisition cost" is already the named metric
        key = canonical(ph, "metrics") if ph.startswith("cost per") else None
        key = key or (unit_metric(ph[len("cost per "):]) if ph.startswith("cost per") and not kbmetrics.says(ph) else None)
        phrased.append((pos, key or ph))
        described += [(pos, pos + len(" ".join(noun_words)))] if not key and noun_words else []
    ordered = sorted(ownwider.drop_covered(named, kb_named, norm) + phrased)  # "CAC payback": the KB's
    for _, k in ordered:
        if k in VOCABULARY["metrics"]:
            if k not in p.metrics:
                p.metrics.append(k)
        elif k not in p.metric_phrases and not any(k in VOCABULARY["metrics"].get(m, []) for m in p.metrics):
            p.metric_phrases.append(k)
    if _RATIO_ASKED.search(low) and not any(":" in m for m in p.metrics):
        ratio_keys = [k for k in VOCABULARY["metrics"] if ":" in k and all(
            part in p.metrics or re.search(_WORTH, low) for part in k.split(":"))]
        if ratio_keys and (re.search(_WORTH + r"|value", low)):
            r = _RATIO_ASKED.search(low)  # a part also asked in a clause of its own ("what does a new customer cost, and …
            start, stop = low.rfind(",", 0, r.start()) + 1, re.search(r"[,;?.!]", low[r.end():])
            end = r.end() + (stop.start() if stop else len(low))
            asked = set() if re.search(r"\d", low) else {k for i, k in ordered if not start <= i < end}  # … the ratio?")
            p.metrics = [ratio_keys[0]] + [m for m in p.metrics if m not in ratio_keys[0].split(":") or m in asked]
            p.metric_phrases = []
    uncovered = kbcovers.left_out(served.outside(norm, named_uncovered := _named(norm, "uncovered_verticals")))  # as the served KB says; not whom it serves
    verticals = kbrowname.outside(norm, workedon.outside(norm, served.outside(norm, _named(without_channel_names(norm), "verticals"))))  # "logos for game studios", "we calibrate bank vaults"
    if askedkind.uncovered_first(norm, uncovered, verticals):  # not when the question names a covered one itself
        p.industry_phrase = uncovered[0][1]
    elif verticals:
        p.vertical = verticals[0][1]
        p.verticals = [k for _, k in verticals]  # "between software and healthcare clients": each
    elif (b := askedkind.business(norm, described + metricforms.unit_spans(low, VOCABULARY["metrics"]), _business) or kbcovers.as_business(named_uncovered, norm)) is not None:
        p.business_phrase, p.business_refers_back = b.phrase, b.refers_back
    geos = _geographies(norm)
    p.geographies = [g for _, g in geos]
    counted = number_roles.ADVISED_COUNT.sub(" ", norm)  # "how many channels should we run?" counts no people, no purchase
    p.sizing_cue, p.asks_count = bool(_SIZING.search(counted)), bool(_COUNT_ASK.search(counted))
    p.asks_cost = bool(cues.may_say(norm, _COST_CUE) and _COST_ASK.search(norm) or totalask.asked(norm))
    m = STEP.search(norm)
    p.step = int(m.group(1)) if m else None
    p.identifiers = IDENT.findall(norm)
    data = re.sub(r"(?:times|×|\*|x)\s*1,?000\b|\b1 plus\b|\bdivided by 100\b", lambda m: " " * len(m.group(0)), norm,
                  flags=re.I)
    number_roles.assign(data, numbers := parse_numbers(data))
    p.numbers = addedtotal.total_only(data, numbers)  # "another 6k, so we're at 24k": the total is the budget
    for n in p.numbers:  # "10k+", "50 or more": a threshold qualifying what is counted, not an amount
        if re.match(r"\s*(?:\+|or (?:more|above|over)\b|and (?:up|above|over)\b)", data[n.end:]):
            n.role = "threshold"
    m = re.search(r"\b(?:how many|(?:estimat|calculat|work out|figure out|project|forecast)\w* (?:the |our |a |an )?(?:rough )?(?:number|count|volume) of) (?:more |extra |additional )?((?:new )?[a-z][a-z\-]*(?: [a-z][a-z\-]*)?)", without_platforms(low))
    if m and not re.match(_NO_UNIT + r"|(?:of|people|it)\b", m.group(1)):  # "how many with $9k?": the last unit again
        p.unit = re.split(r"\s+" + _NO_UNIT, m.group(1))[0]  # "how many leads a month"
        p.unit = metricwords.times_shown(low, p.unit)  # "how many times would our ads get shown": impressions
    elif (m := re.search(r"\bwhat(?:'s| is) (?:that|this|it|our \w+) in (?!(?:[a-z]+ )?(?:dollars|money|cash|bucks|terms)\b)([a-z]+)\b" + _HEAD
                         + r"|\b(?:reach|buy|get|bring)(?: us| me)? in ([a-z]+)\b" + _HEAD + r"|\bwhat(?:'s| is|s) the ([a-z]+) range (?:on|for|with|from)\b|\bwhat(?:'s| is|s) the range of "
                         r"([a-z]+(?: [a-z]+)?s)\b", low)):  # "the lead range on 9k", "$9k: what's the range of sign-ups?" (a count, budget given)
        p.unit = m.group(1) or m.group(2) or (m.group(4) if "budget" in {n.role for n in p.numbers} else "") or (m.group(3) + "s" if unit_metric(m.group(3)) and not canonical(m.group(3), "metrics") else "")
        p.unit = "" if p.unit in p.verticals or match_terms(p.unit, VOCABULARY["verticals"]) else p.unit  # "… in ecommerce": where
        p.asks_count = p.asks_count or bool(p.unit and m.group(4))
    high, low_end = bool(_HIGH_END.search(norm)), bool(_LOW_END.search(norm))
    p.end = "mid" if midrange.asked(norm) else None if high == low_end or askshape.both_ends(norm) else ("high" if high else "low")  # both ends said: both
    askshape.bought(p, low, lambda w: bool(unit_metric(w) or kbmetrics.priced(w)))
    if "pct" in {n.role for n in p.numbers}:
        p.pct_sign = number_roles.pct_sign(low, "budget" in {n.role for n in p.numbers})
    auds = metricnames.positions(norm, VOCABULARY["audiences"]) or [(i, k) for i, _, k in metricnames.find(
        without_places(norm), VOCABULARY["audiences"])]  # "a gym goer", "the luxury traveler audience"
    for pos, key in [(i, k) for i, k in auds if not any(a <= i < b for a, b, _ in metricwords.described(low, VOCABULARY["metrics"]))]:  # "per student who pays": a price
        after = [g for gp, g in geos if gp > pos]
        p.audiences.append((key, after[0] if after else (geos[0][1] if geos else None)))
    p.calc = _calc(p)
    if p.calc is None and not p.metrics and (implied := _implied_unit_cost(p)):
        p.metrics, p.calc = [implied], Calc("unit", "budget", "count", target=implied)
    if not p.metrics and not p.calc and EVALUATE.search(norm):  # "we pay $30 per lead — is that good?"
        for n in p.numbers:
            unit = (n.role or "").partition(":")[2]
            key = unit if unit in UNIT_OF else unit_metric(unit)
            if (key or (key := kbmetrics.priced(unit))) and key not in p.metrics + p.metric_phrases:  # or the KB's own
                (p.metrics if key in VOCABULARY["metrics"] else p.metric_phrases).append(key)  # "$60 per booking"
    last = message_sentences(text)[-1]  # "huh, low. and for X?": a reaction, then the follow-up
    # short, or longer when it names one metric and no number: "what about the share of visitors who then book"
    p.followup = bool(_FOLLOWUP.match(text) or (last != text.strip() and _FOLLOWUP.match(last))) \
        and (len(asidetail.counted(text).split()) <= 9 or (len(p.metrics) == 1 and not p.numbers and len(text.split()) <= 14))
    # a place or a follow-up is domain too: "ok and across the whole country?" continues the last question
    domain = (p.metrics or p.metric_phrases or p.numbers or p.vertical or p.industry_phrase or p.audiences or p.step or p.end
              or p.calc or p.identifiers or p.geographies or p.followup)
    chat = _SMALLTALK.match(text) or (not asking.asks_anything(text) and _THANKED.search(text))
    p.smalltalk = bool(chat) and not domain and len(text.split()) <= 12 and not _ASKS_ON.search(text)
    return p


Parsed.sizing_only = property(lambda self: bool(self.audiences) and not any(
    (n.role or "") in ("budget",) for n in self.numbers))
