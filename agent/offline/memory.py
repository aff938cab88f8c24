"""The conversation's slots, carried across turns: the business (vertical or the user's phrase
for it), the metrics and audience last asked about, the geography, the budget, the last unit
price and count, the lifetime value, and the benchmark ranges the tools returned.

Why: people lean on earlier turns — "And for fintech?", "the top of that range", "same price,
how many now?", "our budget changed to 80000, redo it". Each slot is overwritten by the latest
turn that states it, so a data change replaces the old value. The benchmark ranges are read
from earlier turns' tool results (what the user was actually shown), never invented; the
audience is the one the sizing tool matched in the user's own words; a remembered price keeps
the metric it was a price of, so a CAC is never reused as a cost per lead. :func:`carry` fills
what a message leaves to the conversation, :func:`business_of` says which business a turn is about.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.offline import actionprice, askshape, bound, budgetmove, buyask, conceptask, declined, doask, eachcost, figlabel, judgedprice, kblabels, loosebiz, metricwords, newaudience, newcount, partshare, periods, personprice, platformsaid, seasonlen, slotsleft, stagerate, terseaudience, timeswap, twobiz, unitswap, marketname
from agent.offline.roles import ADVISED_COUNT
from agent.offline.parse import PER_THOUSAND, UNIT_OF, Calc, Parsed, parse
from agent.offline.unitmetric import unit_metric
from agent.offline.numbers import money, plain, unit_cost
from agent.offline.places import blanked, sized_place, same_figure_elsewhere
from agent.offline.shorthand import pointer_span, points_back
from agent.offline.passages import terms
from agent.offline.toolread import ToolOutcome, benchmark_of, table_vertical
from mpa.vocabulary import VOCABULARY, canonical, match_terms
from rag.analyzer import ENGLISH_STOP_WORDS


@dataclass
class Memory:
    vertical: str | None = None
    verticals: list[str] = field(default_factory=list)  # every vertical the last benchmark turn looked up, in order
    business: str | None = None          # a phrase the tool resolved (or not) to a vertical
    metrics: list[str] = field(default_factory=list)
    metric_phrases: list[str] = field(default_factory=list)
    audiences: list[tuple[str, str | None]] = field(default_factory=list)
    geography: str | None = None
    sized_elsewhere: list[str] = field(default_factory=list)  # where the tool said the last audience is also sized
    facts: dict[str, float] = field(default_factory=dict)   # budget, price, LTV, count
    price_metric: str | None = None       # what the remembered price is a price of
    price_from: tuple[float, float] | None = None  # (spend, count) the remembered price was worked out from
    price_work: list[str] = field(default_factory=list)  # the working lines that gave the remembered price
    sizes: list[tuple[str, str]] = field(default_factory=list)  # (geography, "370,000 people") of each size shown
    unit: str = ""
    ranges: dict[str, tuple[float, float, str]] = field(default_factory=dict)  # metric → (lo, hi, cite id)
    range_verticals: dict[str, str] = field(default_factory=dict)  # metric → the business its range was read for
    highs: dict[str, tuple[float, str]] = field(default_factory=dict)          # metric → (High value, cite id)
    labels: dict[str, str] = field(default_factory=dict)    # metric → the row's label ("saas CPL (cost per lead)")
    last_metric: str | None = None
    metric_turn: int = -1                 # the index of the turn that last named a metric (0: the first)
    last_kind: str | None = None          # "benchmark" / "audience" / "calc"
    last_roles: set[str] = field(default_factory=set)  # the roles of the figures the last turn stated
    calc: Calc | None = None              # the last calculation asked for (answered or waiting for an input)
    end: str | None = None                # the end of a range that calculation was asked at ("high" / "low")
    budget_period: str | None = None      # "year" / "quarter" / "month" the remembered budget was said for
    # per earlier turn: (its content words, the business slots after it) — what "back to X" returns to
    topics: list[tuple[frozenset[str], str | None, str | None]] = field(default_factory=list)


def bench_range(o: ToolOutcome) -> tuple[str, str, tuple[float, float] | None, float | None]:
    """(vertical, metric, (lo, hi) of the Typical range, High value) from a get_benchmark result, in
    either of its forms (:func:`~agent.offline.toolread.benchmark_of`): a table row, or the one figure a
    KB states in a list, a line or a grid. A single figure is a range of one value."""
    b = benchmark_of(o)
    rng = b["range"]
    high = re.search(r"\d[\d,]*(?:\.\d+)?", b["high"] or "")
    if len(rng) >= 2:
        typical = (rng[0], rng[1])
    else:  # "$41": one figure a KB's line states is its Typical range (a table row keeps its two ends)
        typical = (rng[0], rng[0]) if rng and len(b["facts"]) == 1 else _blended(b["facts"])
    return b["vertical"], b["metric"], typical, float(high.group(0).replace(",", "")) if high else None


def _blended(facts: list[tuple]) -> tuple[float, float] | None:
    """The range of the one figure line stated with no platform named among several ("no platform named (blended):
    $34–48", "TikTok: $31"): the range a later "the top of the range you gave" points at; None otherwise."""
    from agent.offline.toolread import figures
    plain_lines = [value for where, value, *_ in facts if where.startswith("no platform named")]
    got = figures(plain_lines[0]) if len(plain_lines) == 1 and len(facts) > 1 else []
    return (got[0], got[1]) if len(got) >= 2 else (got[0], got[0]) if got else None


def remember(history: list[tuple[str, list[ToolOutcome]]], mem: Memory | None = None) -> Memory:
    """Slots after the given (user text, tool outcomes) turns, oldest first (after ``mem``'s turns when given)."""
    mem = Memory() if mem is None else mem
    for text, outcomes in history:
        return_to(text, mem) or seasonlen.note(text, mem)  # (and a season's length said: remembered)
        update(mem, (q := judgedprice.read(stagerate.read(carry(personprice.read(newcount.read(timeswap.read(unitswap.read(loosebiz.read(twobiz.read(actionprice.read(eachcost.read(buyask.bare(parse(text)), text), text), text), text, mem), mem), mem), mem), text, mem), mem)), mem)), terseaudience.kept(text, q, outcomes))  # as the policy reads it
        mem.topics.append((frozenset(terms(text)), mem.vertical, mem.business))
    return mem


# "back to the app", "returning to our hotel question", "go back to the clinic": English discourse
# for resuming an earlier topic, whatever the topic is
_RETURN = re.compile(r"\b(?:back|return(?:ing)?)\s+to\s+(?:the|our|my|that|this|your)?\s*([a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
                     re.I)


# an amount of money to give something ("how much should go to X", "the least we should put on X",
# "what share should X get"): a question of the planning rules, not the last calculation re-run
_ALLOCATE = re.compile(r"\b(?:how much|what (?:share|portion|part|percentage|fraction)|(?:the )?(?:least|most|minimum|"
                       r"maximum))\b[^?.]{0,40}\b(?:should|must|ought to|do we|do i)\b[^?.]{0,30}\b(?:put|spend|give|"
                       r"allocate|assign|get|go|keep|set aside|reserve)\b|\bhow much of (?:it|that|this|the|our|my)\b", re.I)  # a part of it


# a question of what to do ("what should we cut first?", "where should the money go?"): advice asked of the
# knowledge base, not the last calculation re-run — even when it also reports a new budget
_ADVICE = re.compile(r"\b(?:what|which|where|how)\b(?! many\b| much\b)[^?.]{0,30}\b(?:should|ought to|must)\b"
                     r"(?![^?.]{0,25}\b(?:expect|get|buy|afford|reach|numbers?|figures?|totals?|look like|"
                     r"come (?:to|out))\b)", re.I)


def return_to(text: str, mem: Memory) -> None:
    """A message that returns to an earlier topic ("back to the app") restores the business the
    conversation was about when the user last used those words — not the one of the turn just
    before (a digression to another, perhaps uncovered, business must not stick)."""
    m = _RETURN.search(text)
    words = set(terms(m.group(1))) if m else set()
    if not words:
        return
    for said, vertical, business in reversed(mem.topics):
        if words & said and (vertical or business):
            mem.vertical, mem.business = vertical, business
            return


def update(mem: Memory, p: Parsed, outcomes: list[ToolOutcome]) -> None:
    if p.vertical:
        mem.vertical, mem.business = p.vertical, None
    elif p.industry_phrase:  # (or the KB label the message says in full, which it narrows: business_of)
        mem.vertical, mem.business = None, kblabels.named_in(p.text) or p.industry_phrase
    elif p.business_phrase and not (p.business_refers_back and (mem.vertical or mem.business)):
        # another of the KB's own businesses named ("… for a dog grooming salon" after a med spa's figures): the vertical
        # carried was the other's, and the phrase now names the business (a phrase the KB labels no way leaves it)
        if mem.vertical and (own := kblabels.named_in(p.business_phrase)) and own.lower() != mem.vertical.lower():
            mem.vertical = None
        mem.business = p.business_phrase
    if p.metrics or p.metric_phrases:
        mem.metrics, mem.metric_phrases = list(p.metrics), list(p.metric_phrases)
        mem.last_metric = (p.metrics or [None])[-1]
        mem.last_kind, mem.metric_turn = "benchmark", len(mem.topics)
    if p.audiences:
        mem.audiences = list(p.audiences)
        mem.last_kind = "audience"
    if p.geographies:
        mem.geography = p.geographies[-1]
    mem.last_roles = {n.role for n in p.numbers if n.role}
    for n in p.numbers:
        role = n.role or ""
        if role.startswith("price"):
            mem.facts["price"], mem.price_from, mem.price_work = n.value, None, []
            unit = role.split(":", 1)[1] if ":" in role else ""
            mem.price_metric = unit if unit in UNIT_OF else (unit_metric(unit) or p.calc and _metric_for_unit(p.unit)
                                                             or mem.price_metric)
        elif role in ("budget", "LTV", "count"):
            if role == "budget":  # "the 10k", "go to 20k": no period said, the budget's period stays
                mem.budget_period = periods.of_budget(p.norm, n) or periods.again(n.value, mem)
            mem.facts[role] = n.value
    if p.unit and (p.calc or not p.audiences and mem.calc is None):  # "how many EV intenders?": people; a unit asked, not worked, is not the last working's
        mem.unit = p.unit
    if p.calc:
        mem.last_kind = "calc"
        mem.calc, mem.end = p.calc, p.end
        if p.calc.op == "ratio" and "price" in (n.role for n in p.numbers):
            mem.price_metric = ratio_metric().split(":")[-1]  # the ratio's cost is the acquisition cost
        spent, won = mem.facts.get("budget"), mem.facts.get("count")
        if p.calc.op == "unit" and spent and won and {"budget", "count"} <= {n.role for n in p.numbers}:
            # "we spent 90k and got 450 new patients": that CAC is the user's own price from now on
            v, line = unit_cost(spent, won, p.calc.target, p.calc.target in PER_THOUSAND)
            mem.facts["price"], mem.price_metric, mem.price_from, mem.price_work = v, p.calc.target, (spent, won), [line]
        elif p.calc.op == "change" and mem.facts.get("price") and (pct := p.value("pct")) is not None and p.pct_sign and \
                not any(n.money for n in p.numbers) and not _HYPOTHETICAL.search(p.text):
            # "CAC rose 20%" (not "what if it rose 20%?"): the remembered price moves, and its working grows
            base = mem.facts["price"]
            mem.price_work = mem.price_work + [moved_line(base, pct, p.pct_sign, "price", p.text)]
            mem.facts["price"], mem.price_from = round(base * (1 + p.pct_sign * pct / 100.0), 2), None
    if (p.metrics or p.metric_phrases) and not (mem.vertical or mem.business or p.industry_phrase or platformsaid.said(p.text)):
        mem.vertical = table_vertical(outcomes)  # a benchmark asked by search alone: the one business whose table answered (a platform's figure asked: no business's)
    outcomes = declined.by_business(outcomes, mem)  # by platform alone: no one vertical's (and no declined business now)
    looked = list(dict.fromkeys(bench_range(o)[0] for o in outcomes if o.name == "get_benchmark" and o.found))
    if any(looked):
        mem.verticals = [v for v in looked if v]
    for o in outcomes:
        if o.name == "get_benchmark" and o.found:
            vertical, metric, rng, high = bench_range(o)
            if vertical and not p.industry_phrase:  # several labels answered ("A / B"): the business as it was asked
                mem.vertical = o.input.get("vertical") or vertical if " / " in vertical else vertical
            # under the tool's key and the name it was asked by ("CPB" for "cost per booking")
            keys = list(dict.fromkeys([metric, canonical(o.input.get("metric", ""), "metrics") or o.input.get("metric", "")]))
            for key in filter(None, keys):
                if rng:
                    mem.ranges[key] = (rng[0], rng[1], o.passages[0]["id"])
                    mem.range_verticals[key] = vertical or ""
                    mem.labels[key] = figlabel.with_platform(o.fields.get("get_benchmark", "").split(" — ")[0], benchmark_of(o)["facts"])
                if high is not None:
                    mem.highs[key] = (high, o.passages[0]["id"])
            if rng:
                mem.last_metric = metric
    sized = [(o.input.get("audience_type", ""), o.input.get("geography")) for o in outcomes
             if o.name == "get_audience_sizing" and o.found]
    asked = [(o.input.get("audience_type", ""), o.input.get("geography")) for o in outcomes
             if o.name == "get_audience_sizing" and not o.is_error]
    if asked and not sized and not p.audiences:  # not sized here: "and in Ohio?" still asks about these people
        mem.last_kind, mem.audiences, mem.sized_elsewhere = "audience", list(dict.fromkeys(asked)), []
    mem.sizes += [(o.fields.get("get_audience_sizing", "").partition(" — ")[2], f"{o.fields.get('Estimated size', '')} "
                   f"[{o.passages[-1]['id']}]") for o in outcomes if o.name == "get_audience_sizing" and o.found and
                  o.fields.get("Estimated size")]  # with where it is stated (its worked example, else its row): cited later
    if sized:
        mem.last_kind = "audience"
        also = next((o.fields.get("Also sized for", "") for o in outcomes if o.name == "get_audience_sizing" and o.found), "")
        mem.sized_elsewhere = [g.strip() for g in also.split(",") if g.strip()]
        if not p.audiences:  # an audience the tool matched in the user's own words
            mem.audiences = list({a: (a, g) for a, g in sized}.values())


_HYPOTHETICAL = re.compile(r"\b(?:if|suppose|supposing|say|assum\w*|imagine|were to|would|could|might)\b", re.I)


def moved_line(base: float, pct: float, sign: int, what: str, said: str = "%") -> str:
    """"$48 × (1 + 35%) = $48 × 1.35 = $64.80 — the new CAC": an amount moved by a percentage, shown (as a decimal,
    "(1 − 0.25)", when the user's ``said`` text names no percentage: "by a quarter")."""
    factor = 1 + sign * pct / 100.0
    new = base * factor
    share = f"{plain(pct)}%" if re.search(r"%|\bpercent", said, re.I) else plain(pct / 100)
    return (f"{money(base)} × (1 {'+' if sign > 0 else '−'} {share}) = {money(base)} × {plain(factor)} "
            f"{'=' if abs(new - round(new, 2)) < 1e-9 else '≈'} {money(round(new, 2))} — the new {what}")


def _metric_for_unit(unit: str) -> str | None:
    return unit_metric(re.sub(r"s$", "", unit)) if unit else None


def ratio_metric() -> str:
    """The vocabulary's lifetime-value ratio metric ("LTV:CAC")."""
    return next((k for k in VOCABULARY["metrics"] if ":" in k and k.split(":")[0] == "LTV"), "LTV:CAC")


_FETCH = set(terms("pull get grab fetch run add"))  # "pull retirees for Ohio too" while sizing: the same ask
_ASKS = re.compile(r"\?|\b(?:what|how|why|when|where|should|could|would|can|is|are|do|does)\b|(?:^|[.?!,;:]\s*|\b(?:and|but|so|or)\s+)"
                   r"(?:which|who|whom|whose)\b", re.I)  # a question, not a request (nor "members who work out": a relative)


def _audience_words(p: Parsed) -> set[str]:
    """The words the message's audiences may be said with (each one's synonyms), and comparing words."""
    said = [s for a, _ in p.audiences for s in [a, *VOCABULARY["audiences"].get(a, [])]]
    return set(terms(" ".join(said))) | {"vs", "versus", "compar", "each", "both"}


def carry(p: Parsed, mem: Memory) -> Parsed:
    """Fill what the message leaves to the conversation (English discourse, not wording):

    * a follow-up that only swaps a slot ("And for fintech?", "And nationally?", "LA DMA?", "what
      about the high end?") repeats the last question with the new slot;
    * a new number with nothing else asked ("Finance cut it to 45 grand. redo that?", an answer to
      "what is your budget?") re-runs the last calculation with it;
    * an audience and a place named while sizing audiences, or with nothing else, asks for that size;
    * one audience and two places asks for both rows."""
    advice = p.calc is None and (_ADVICE.search(p.text) is not None or ADVISED_COUNT.search(p.text) is not None or bound.caps_amount(p.text) or partshare.asks_parts(p.text))
    if (p.calc is None or p.calc.op == "change") and not p.metrics and not p.audiences and not advice \
            and _budget_moves(p, mem):
        p.calc, p.unit = mem.calc, p.unit or mem.unit  # "and if the budget drops by 20%?": the last division again
        p.end = p.end or mem.end  # at the end of the range it was worked at
    named = set(p.metrics) <= {mem.price_metric, ratio_metric(), *ratio_metric().split(":")} if mem.calc and \
        mem.calc.op == "ratio" else not p.metrics or (set(p.metrics) == {mem.price_metric or mem.last_metric} and any(
            (n.role or "").startswith("price") for n in p.numbers))  # "and if CAC climbs to $400?", "if clicks cost $4?"
    if p.calc is None and mem.calc is not None and named and not p.metric_phrases and not p.audiences and not advice \
            and not _ALLOCATE.search(p.text) and mem.calc.op in ("div", "mul", "ratio") and ({mem.calc.a, mem.calc.b} & {(
                n.role or "").split(":")[0] for n in p.numbers} or (p.end and not p.numbers and mem.last_kind == "calc")):
        # a new input ("and with 55k instead?", "if the click price rises to $5", "if cpc is $8": the unit counted before) or
        # an end of the range ("what about at the expensive end?") after a calculation: the same calculation again
        priced = next((n.role[6:] for n in p.numbers if (n.role or "").startswith("price:") and n.role[6:] not in UNIT_OF), "")
        p.calc, p.unit = mem.calc, p.unit or (priced + ("" if priced.endswith("s") else "s") if priced else mem.unit)
    if p.calc is None and not p.numbers and len(p.metrics) == 1 and p.metrics[0] in UNIT_OF and {"budget", "count"} <= \
            mem.last_roles and not conceptask.asks_concept(p.text):  # "… 400 leads." then "what's the CPL?": the cost of one
        p.calc = Calc("unit", "budget", "count", target=p.metrics[0])
    if p.calc is None and _judges_value(p, mem):
        p.calc = Calc("ratio", "LTV", "price")  # "would that be a good deal for us?": the cost against what one is worth
    if p.calc is None and "LTV" in mem.facts and re.search(r"\bratio\b|\bltv\s*[:/]\s*cac\b", p.text, re.I) and any(
            (n.role or "").startswith("price") for n in p.numbers):
        p.calc = Calc("ratio", "LTV", "price")  # "we pay $300 a customer — is that ratio ok?" with the value said before
    if p.calc is None and re.search(r"\bratio\b", p.text, re.I) and set(p.metrics) <= {ratio_metric().split(":")[1]} \
            and not p.value("LTV") and [
            n for n in p.numbers if (n.role or "").startswith("price")]:
        p.calc = Calc("ratio", "LTV", "price")  # "is our ratio ok? we pay $700 a customer": it needs what one is worth
    if p.calc is None and p.asks_count and p.unit and len(p.metrics) == 1 and p.metrics[0] in UNIT_OF and \
            "budget" in mem.facts and not p.numbers and not p.audiences:
        p.calc = Calc("div", "budget", "price", per_thousand=p.metrics[0] in PER_THOUSAND, target=p.unit)
        # "and how many purchases at a typical CPA?": the remembered budget at the price named
    p.calc = p.calc or buyask.calc(p, "budget" in mem.facts, mem.unit, mem.last_metric)  # "how many new members could we get?": budget ÷ price
    kind = (sized_place(p.text, mem.sized_elsewhere) or marketname.named(p.text)) if not p.geographies and mem.last_kind == "audience" else None  # "the boise market"
    if kind:  # "and statewide?" after a DMA, "san antonio?": a place the tool said it also sizes — a slot, no new words
        p.geographies, p.norm = [kind], blanked(p.norm, kind)
    short = p.followup or (len(p.text.split()) <= 8 and not p.metrics and not p.calc and not p.audiences)
    only_slots = p.followup or not slotsleft.leftover(p.norm, p.business_phrase)
    again = p.geographies and not p.metrics and not p.numbers and same_figure_elsewhere(p.text, slotsleft.leftover(p.norm, p.business_phrase))
    if (short and only_slots or again) and mem.last_kind == "audience" and not p.audiences and (p.geographies or p.followup) and not metricwords.described(p.norm, VOCABULARY["metrics"]) and not (p.metrics and not p.geographies):  # "and a paying customer?", "and clicks?": a price
        p.audiences = newaudience.named(p, slotsleft.leftover(p.norm, p.business_phrase), mem.audiences) or list(dict.fromkeys((a, p.geographies[0] if p.geographies else g) for a, g in mem.audiences))
        p.sizing_cue = True
    if p.followup and not p.metrics and not p.metric_phrases and not p.calc and mem.last_kind == "benchmark":
        priced = {unit_metric(w[:-1] if w.endswith("s") else w) for w in re.findall(r"[a-z]+", p.norm.lower())
                  if w not in ENGLISH_STOP_WORDS} - {None}
        if len(priced) == 1:  # "and impressions?" after a CPCV: the metric priced per that unit
            p.metrics = [priced.pop()]
    if short and mem.last_kind == "benchmark" and not p.metrics and match_terms(p.text, VOCABULARY["platforms"]):
        p.followup = True  # "Is Bing any cheaper?": the last figure again, on that platform
    if short and not p.metrics and not p.metric_phrases and not p.audiences and not p.calc and (p.end or (
            p.followup and not advice and not doask.asks_own_action(p)) or ((p.vertical or p.industry_phrase or p.business_phrase) and only_slots) or askshape.both_ends(p.norm)):
        p.metrics, p.metric_phrases = list(mem.metrics), list(mem.metric_phrases)
    if not p.audiences and not p.calc and mem.last_kind == "benchmark" and mem.metrics and points_back(p.text) \
            and (p.vertical or p.industry_phrase or p.business_phrase) and p.metrics in ([], mem.metrics):
        p.metrics, p.metric_phrases = list(mem.metrics), list(mem.metric_phrases)  # "those two for hotels?"
        p.numbers = [n for n in p.numbers if n.role not in ("count", None) or n.value > 4]  # not a quantity
    if p.metrics and not (p.vertical or p.industry_phrase or p.business_phrase or p.audiences or p.calc) and \
            mem.last_kind == "benchmark" and len(mem.verticals) > 1 and points_back(p.text):  # "those two, CTR this time": the businesses just compared
        p.vertical, p.verticals, p.followup = mem.verticals[0], list(mem.verticals), True
        s0, e0 = pointer_span(p.norm) or (0, 0)
        p.numbers = [n for n in p.numbers if not s0 <= n.start < e0]  # "two" counts the businesses: no figure
    if p.audiences and p.geographies and not (p.metrics or p.metric_phrases or p.calc) and (
            not slotsleft.leftover(p.norm, p.business_phrase) - _audience_words(p) - (_FETCH if mem.last_kind == "audience" else set())
            or (mem.last_kind == "audience" and not _ASKS.search(p.text))):
        # "now retirees for Ohio and Utah" after a size, or "nurses: NY vs OH?" saying nothing else: their sizes;
        # while sizing, a request that asks no question ("next: nurses in Ohio for the spring push") too
        p.sizing_cue = True
    if len(p.audiences) == 1 and len(p.geographies) > 1:
        p.audiences = [(p.audiences[0][0], g) for g in p.geographies]
    elif p.audiences and not any(g for _, g in p.audiences) and not p.geographies and mem.geography and \
            re.search(r"\b(?:same|that|this|there)\b", p.text, re.I):
        p.audiences = [(a, mem.geography) for a, _ in p.audiences]
    return p


# a judgement of value for money ("a good deal", "worth it", "does it pay off"): cost against what one brings in
_VALUE_JUDGED = re.compile(r"\b(?:good|great|bad|fair|decent|poor) (?:deal|value|investment|buy)\b|\bworth (?:it|the (?:money|"
                           r"spend|cost|price))\b|\bpay (?:off|for itself)\b|\bprofitable\b|\bmake (?:us |me )?money\b",
                           re.I)


_POINTED = re.compile(r"^\W*(?:\w+\W+)?(?:that|this|it|those)\b|\b(?:is|are|would|will|was|does|did|could|can)\s+(?:that|this|"
                      r"it|those)\b", re.I)  # the figure just shown is what is judged ("would that be …", "is it …")


def _judges_value(p: Parsed, mem: Memory) -> bool:
    """"Would that be a good deal for us?" right after a figure was shown: whether that cost pays for
    itself depends on what a customer is worth to the user — a value they have not said yet."""
    return bool(_VALUE_JUDGED.search(p.text) and _POINTED.search(p.text)
                and re.search(r"\b(?:us|our|we|me|my|i)\b", p.text, re.I) and not p.metrics and not p.numbers
                and not p.audiences and mem.last_kind in ("benchmark", "calc") and "LTV" not in mem.facts)


def _budget_moves(p: Parsed, mem: Memory) -> bool:
    """"and if the budget drops by 20%?" after a budget was divided: the same calculation again, on
    the budget moved by that percentage (arith.budget_change reads which way)."""
    if mem.calc is None or mem.calc.op != "div" or "budget" not in mem.facts or any(
            (n.role or "").startswith("price") or n.role == "budget" for n in p.numbers):
        return False
    return budgetmove.moves_budget(p, pointing=True)


def business_of(p: Parsed, mem: Memory) -> str | None:
    """The business this turn names (a KB label said in full before the industry it narrows), else the one it points back to or the talk is about."""
    if p.business_refers_back and not (p.vertical or p.industry_phrase) and (mem.vertical or mem.business):
        return mem.vertical or mem.business
    moved = bool(p.geographies and mem.vertical and parse(f"in {mem.vertical}").geographies == [mem.vertical])
    return (p.industry_phrase and kblabels.named_in(p.text)) or p.industry_phrase or p.vertical or p.business_phrase or declined.remembered(p.text, mem, p.geographies[0] if moved else None)
