"""The arithmetic a planning question implies, with its inputs found and the working shown.

Why separate: the inputs come from three places in a fixed order — the user's numbers in this
message, then the numbers remembered from earlier turns, then a benchmark range the tools
returned (both ends of the Typical range, or the end the user named) — and the order is the
whole policy. Nothing here invents a number: with an input missing, :func:`missing` says which
one, and the agent asks for it instead of guessing.
"""
from __future__ import annotations

import re

from agent.offline import askshape, budgetadd, budgetshare, buyask, figlabel, kbmetrics, midrange, pastend, periods, phrasalup, pricedunit, rangenamed, seasonlen, spans, targetspend, thoseunit, unitmetric, unitsaid
from agent.offline.buyline import bought
from agent.offline.memory import Memory, moved_line, ratio_metric
from agent.offline.numbers import money, plain, result, unit_cost
from agent.offline.passages import terms
from agent.offline.parse import PER_THOUSAND, UNIT_OF, Parsed
from agent.offline.roles import said_of
from agent.offline.toolread import figures


# the prices of media units (a click, a thousand impressions, an install, a completed view): a remembered one
# prices only its own unit; a result (a lead, a sale, a customer) may be counted in many words
_MEDIA_UNIT = {"CPC", "CPM", "CPI", "CPCV"}


def price_metric(p: Parsed, mem: Memory) -> str | None:
    """Which metric the price in the calculation is (CPM for impressions, CPL for leads…)."""
    for n in p.numbers:
        if (n.role or "").startswith("price:"):
            unit = n.role.split(":", 1)[1]
            return unit if unit in UNIT_OF else unitmetric.unit_metric(unit)
    unit = p.unit or _counted(p)
    if unit and (own := kbmetrics.priced(re.sub(r"^(?:new|more|extra|additional|first-time) ", "", unit.lower()))):
        return own  # "how many new donors" where the KB prices its own "cost per donor": not the vocabulary's CAC
    if unit:
        if m := buyask.metric_of(unit):  # no price of the user's own: a new customer at the price the KB states
            return m if "price" in mem.facts else buyask.as_stated(m)
    if len(p.metrics) == 1 and p.metrics[0] in UNIT_OF:
        return p.metrics[0]
    if re.search(r"\bper thousand\b", p.norm, re.I):
        return next(iter(PER_THOUSAND), None)
    remembered = unitsaid.priced_before(p, mem) or rangenamed.metric(p.norm, mem.ranges) or mem.price_metric or targetspend.metric(p, mem) or (mem.last_metric if mem.last_metric in UNIT_OF or pricedunit.own_price(mem.last_metric) else None) or thoseunit.metric(p.norm, mem.ranges)
    if remembered in _MEDIA_UNIT and p.unit and not set(terms(UNIT_OF[remembered])) & set(terms(p.unit)):
        remembered = None  # "how many booked calls" after a CPC: a click's price buys clicks, not calls
    if remembered or not p.unit or p.calc is None or p.calc.op != "div":
        return remembered
    # a counted thing no vocabulary metric prices ("bookings", "enquiries"): the benchmark tool
    # resolves "cost per <it>" against the KB's own labels and notes, or says it has none
    unit = p.unit.lower().strip()
    if own := kbmetrics.priced(unit):  # a unit the KB's own metric prices
        return own
    one = unit if unit.endswith("ss") else askshape.one(unit)  # "enquiries" → "enquiry", "bookings" → "booking"
    # a unit the conversation already priced in the user's words ("each enquiry form" → "how many enquiries")
    said = [k for k in mem.ranges if k.startswith("cost per ") and terms(one) and set(terms(one)) <= set(terms(k[9:]))]
    return said[-1] if len(said) == 1 else f"cost per {one}"


def _counted(p: Parsed) -> str:
    """What a budget is asked for when no "how many" names it: the noun after the count
    ("budget for 2,000 leads" prices leads)."""
    if p.calc is None or p.calc.op != "mul":
        return ""
    count = next((n for n in p.numbers if n.role == "count"), None)
    m = re.match(r"\s*(?:new |more |qualified |paying )?([a-z]+)", p.norm[count.end:].lower()) if count else None
    if m and (pair := kbmetrics.priced_pair(p.norm[count.end:])):
        return pair  # "50 intro bookings": a noun of two words the KB's own price names
    if m and re.search(r"\b(?:sell|sells|selling|sold|move|moving|shift|close|closing)\s+(?:about |around |roughly )?$",
                       p.norm[:count.start].lower()) and not kbmetrics.priced(m.group(1)):  # "sell 2000 tickets": the KB's "cost per ticket sold"
        return "new customers"  # "to sell 30 cars a month": each sale is a buyer won, priced at what one costs
    return m.group(1) if m else ""


def _of_this_business(mem: Memory, metric: str) -> bool:
    """Whether the remembered range of ``metric`` was read for the business the conversation is about
    now: after "what if it were a shop instead?" and "back to my web store", a CAC range read for the
    shop is not the web store's (the look-up is made again)."""
    read_for = mem.range_verticals.get(metric)
    return not read_for or not mem.vertical or read_for == mem.vertical


def _price(p: Parsed, mem: Memory, bench: dict[str, dict], metric: str | None) -> list[tuple[float, str, str | None]]:
    """[(price, note, cited id)] — the user's price, else a remembered one, else the range."""
    given = next((n.value for n in p.numbers if (n.role or "").startswith("price")), None)
    if given is not None:
        return [(given, "", None)]
    rng = None
    if metric and metric in bench and (len(bench[metric]["range"]) == 2 or len(bench[metric]["range"]) == 1 and len(
            bench[metric].get("facts") or []) <= 1):  # one figure stated ("Pet Supplies: $1.15") is worked at that figure
        rng = (bench[metric]["range"][0], bench[metric]["range"][-1], bench[metric]["id"])
    elif metric and metric in mem.ranges and _of_this_business(mem, metric) and (p.end or re.search(r"\brange\b|\bends?\b", p.norm, re.I) or (
            p.calc is mem.calc and not ("price" in mem.facts and (metric == mem.price_metric or any(r.startswith("price") for r in mem.last_roles)))) or (
            # a re-run keeps the user's own price — the one the last message said ("120 jobs at $65 each", then "150. redo")
            p.calc and p.calc.op == "change" and mem.calc and mem.calc.op == "div") or (  # "and if CPCs drop 25%?" after it
            metric in bench and len(bench[metric].get("facts") or []) > 1)):
        rng = mem.ranges[metric]  # the range the user was shown (this turn's look-up gave one figure per platform)
    same = re.search(r"\b(?:same|that|this|the new|current)\b", p.norm, re.I)
    shown = _AT_SHOWN.search(p.norm)  # "at that price", "those prices": the figures the last answer showed
    # a remembered price is the price of what it was said of: never a CAC used as a cost per lead
    fits = metric is None or metric == mem.price_metric or (mem.price_metric is None and (bool(same) or p.calc is mem.calc))
    # (the last calculation re-run: its remembered price is the one it divided by, whatever the unit was called)
    if "price" in mem.facts and (same or not rng) and not p.end and fits:
        return [(mem.facts["price"], "", None)]
    if rng := rng or figlabel.ends_row(bench.get(metric) if metric else None, p.end):  # the one row with ends asked of
        lo, hi, cid = rng
        if lo == hi:  # one figure stated ("$1.45"), not a range: no ends to work at
            return [(lo, "at the Typical figure", cid)]
        if p.end in ("high", "low", "mid"):  # one end, or the middle worked from both ("the middle of that range")
            return [midrange.at(p.end, lo, hi, cid)]
        both = [midrange.at("high", lo, hi, cid), midrange.at("low", lo, hi, cid)]
        return both + _stress(mem, bench, metric) if shown else both
    if "price" in mem.facts and fits:
        return [(mem.facts["price"], "", None)]
    return _per_platform(bench, metric) if p.end is None else []


def _per_platform(bench: dict[str, dict], metric: str | None) -> list[tuple[float, str, str | None]]:
    """Each platform's own ends, when this turn's look-up gave one figure per platform and no Typical range
    ("Google Ads 2024: $3.40-3.90; Meta 2024: $1.30-1.55"): which one the user buys is not said, so every
    one is worked, each line citing its own row — not no working at all. A single figure ("Paid Social
    2025: $1.85") is worked the same way."""
    facts = (bench.get(metric) or {}).get("facts") or [] if metric else []
    if not facts or len((bench.get(metric) or {}).get("range") or []) == 2:
        return []
    out: list[tuple[float, str, str | None]] = []
    for where, value, cid in facts:
        nums = figures(value)[:2]
        if len(nums) == 2 and nums[0] != nums[1]:
            out += [(max(nums), f"at the top of the {where} range [{cid}]", cid),
                    (min(nums), f"at the bottom of the {where} range [{cid}]", cid)]
        elif nums:
            out.append((nums[0], f"at the {where} figure [{cid}]", cid))
    return out


_AT_SHOWN = re.compile(r"\b(?:that|this|those|these|the same|same) (?:prices?|rates?|costs?|figures?|numbers?|levels?)\b",
                       re.I)


def _stress(mem: Memory, bench: dict[str, dict], metric: str | None) -> list[tuple[float, str, str | None]]:
    """"At that price" after an answer that showed a benchmark's Typical range *and* its High value:
    which one the user means is not said, so the High is worked too — the KB's stress-test bound
    for a cost (benchmarks-methodology: plan with the Typical range, stress-test with Low/High),
    the end that buys least. Only for a figure the conversation has already shown."""
    if metric not in mem.ranges or metric not in mem.highs:
        return []
    high = bench.get(metric, {}).get("high") or ""
    v = float(high.replace("$", "").replace(",", "")) if re.fullmatch(r"\$?[\d,]+(?:\.\d+)?", high) else mem.highs[metric][0]
    return [(v, "at the High value (the stress-test bound)", mem.highs[metric][1])]


def _moved_ends(p: Parsed, mem: Memory, ends: list[tuple[float, str, str | None]], pct: float) -> list[str]:
    """"What if CPL rises 20%?" after a range was shown: each end moved, and what the budget buys at each then."""
    lines, budget = [], _get(p, mem, "budget")
    for end, note, _ in ends[:2]:
        lines.append(moved_line(end, pct, p.pct_sign, f"price {note}", p.text))
        new = round(end * (1 + p.pct_sign * pct / 100.0), 2)
        if budget is not None and new and (p.asks_count or mem.calc is not None and mem.calc.op == "div"):
            metric = price_metric(p, mem)
            lines.append(bought(budget, new, p.calc.per_thousand or metric in PER_THOUSAND, pricedunit.noun(p.unit, metric) or 'units', note))
    return lines


_GAP_ASKED = re.compile(r"\bhow many (?:more|fewer|less)\b|\b(?:the )?(?:difference|gap|spread) (?:between|in)\b", re.I)


def _get(p: Parsed, mem: Memory, role: str) -> float | None:
    v = p.value(role)
    return v if v is not None else mem.facts.get(role)


def lookups(p: Parsed, mem: Memory, metrics: list[str]) -> list[str]:
    """The benchmarks a calculation needs (the range a price comes from) or is judged against
    (the user's own CAC, their LTV:CAC): ``metrics`` (what the message names) amended."""
    c = p.calc
    if c is None:
        return metrics
    if c.op == "unit":  # with a lifetime value said too, the ratio is judged against its benchmark as well
        ratio = [ratio_metric()] if p.value("LTV") and c.target == ratio_metric().split(":")[1] else []
        return list(dict.fromkeys([*metrics, c.target, *ratio]))
    if c.op == "ratio":
        ratio = ratio_metric()
        return [ratio] + [m for m in metrics if m != ratio and m not in ratio.split(":")]
    pm = price_metric(p, mem)
    have = _price(p, mem, {}, pm)
    from agent.offline.platformfig import platforms  # (imported here: platformfig reads gaps, which reads this module)
    own = any((n.role or "").startswith("price") for n in p.numbers)  # the user's own price needs no range
    if pm and (not have or platforms(p.text) and not own) and pm not in metrics:  # "… into LinkedIn …": its own range
        return [*metrics, pm]
    return [] if have and not p.metrics else metrics


def own_figures(p: Parsed, mem: Memory) -> dict[str, float]:
    """The user's own figures this turn, by metric, to set beside the benchmark: a price they
    stated ("we pay $45 a customer"), a cost per unit or an LTV:CAC worked out from their numbers."""
    out: dict[str, float] = {}
    c = p.calc
    if c is not None and c.op == "unit" and p.value("budget") is not None and p.value("count"):
        out[c.target] = unit_cost(p.value("budget"), p.value("count"), c.target, c.target in PER_THOUSAND)[0]
        if p.value("LTV") and c.target == ratio_metric().split(":")[1]:
            out[ratio_metric()] = p.value("LTV") / out[c.target]
    if c is not None and c.op == "ratio":
        ltv, costs = _get(p, mem, "LTV"), _price(p, mem, {}, price_metric(p, mem))
        if ltv is not None and len(costs) == 1 and costs[0][0]:
            out[ratio_metric()] = ltv / costs[0][0]
    return out


def missing(p: Parsed, mem: Memory) -> str | None:
    """The input the user must give before the calculation can be done (the budget, a value),
    when neither this message nor an earlier one states it; None when nothing is missing."""
    c = p.calc
    if c is None:
        return None
    if c.op == "div" and _get(p, mem, "budget") is None:
        return "budget"
    if c.op == "ratio" and _get(p, mem, "LTV") is None:
        return "customer lifetime value"
    return None


LESS = r"cut|cuts|cutting|trim|trims|trimm\w*|slash\w*|reduc\w*|lose|loses|losing|lost|shrink\w*|drop|drops|dropped|" \
        r"take (?:away|off)|took|taken|shav\w*|knock\w*|chop\w*|off|remove\w*|down|falls?|fell|decreas\w*|lower\w*"
MORE = r"add|adds|adding|added|increase\w*|raise\w*|boost\w*|extra|top up|grow|grows|grew|bump\w*|up|rises?|rose|" \
        r"climb\w*|jump\w*"


def budget_change(p: Parsed) -> float | None:
    """A percentage the budget moves by before it is divided ("after a 20% trim", "if we add 15%",
    "what's left after losing 10%"): signed percent, or None when no percentage is said of the
    budget (a rate such as "a 2% conversion rate" or a price change is not one)."""
    if p.calc is None or p.calc.op != "div" or said_of(p.norm, p.numbers) == "price":
        return None  # "if CPC rises 20%": the price moves (a change), not the budget
    low = p.norm.lower()
    if (m := re.search(r"\b(doubl|tripl|quadrupl|halv)\w*|\bin half\b|\bhalf (?:that|the|our|my|of)\b", low)) and re.search(
            r"\b(?:budget|spend|it\b|that\b)|\b(?:doubl|tripl|quadrupl|halv)\w*\s*[?.!]*$", low) \
            and not any(n.role == "pct" for n in p.numbers):  # "double the budget": +100%; "halve it", "what if we halve?": −50%
        return {"doubl": 100.0, "tripl": 200.0, "quadrupl": 300.0}.get(m.group(1) or "", -50.0)
    for n in p.numbers:
        if n.role != "pct":
            continue
        near = phrasalup.blank(low[max(0, n.start - 30):n.end + 30])  # "end up paying": no rise
        if re.search(r"\b(?:rate|ctr|cvr|conversion|click-through|share)\b", low[n.end:n.end + 25]):
            continue
        less, more = re.search(rf"\b(?:{LESS})\b", near), re.search(rf"\b(?:{MORE})\b", near)
        if less and not more or (not more and re.search(r"\bwhat(?:'s| is) left\b", low)):
            return -n.value
        if more and not less:
            return n.value
    return None


def _spread(p: Parsed, mem: Memory, budget: float) -> tuple[float, str] | None:
    """(the budget over the asked period, its working line) when the budget is said for another period."""
    said = next((n for n in p.numbers if n.role == "budget"), None)
    have = (periods.of_budget(p.norm, said) if said else None) or mem.budget_period  # no period said: the budget's (periods.again)
    want = periods.asked(p.norm, p.unit)
    if not have or not want or have == want:
        return None
    if want == "week":  # 52 weeks to the year: "$18,000 × 12 ÷ 52" for a month's budget
        per_year = 12 / periods.MONTHS[have]
        new = round(budget * per_year / 52, 2)
        return new, f"{money(budget)}{f' × {plain(per_year)}' if per_year != 1 else ''} ÷ 52 {'=' if abs(budget * per_year / 52 - new) < 1e-9 else '≈'} " \
            f"{money(new)} a week (the {have}'s budget spread evenly over its weeks)"
    k = periods.MONTHS[have] / periods.MONTHS[want]
    new = round(budget / k, 2)
    op = f"÷ {plain(k)}" if k > 1 else f"× {plain(1 / k)}"
    why = f"the {have}'s budget spread evenly" if k > 1 else f"{plain(1 / k)} {have}s at this budget"
    return new, f"{money(budget)} {op} = {money(new)} a {want} ({why})"


def calculation(p: Parsed, mem: Memory, bench: dict[str, dict]) -> str | None:
    """The working for ``p.calc`` as a cited bullet list, or None when an input is missing."""
    c = p.calc
    if c is None:
        return None
    metric = price_metric(p, mem)
    lines: list[str] = []
    cite = None
    if c.op == "change":
        pct = p.value("pct")
        kind = said_of(p.norm, p.numbers)  # what the percentage moves: the price, the budget, or the figure stated
        said = next((n for n in p.numbers if (n.role or "").startswith(("price", "budget") if kind is None else (kind,))
                     and (n.money or (n.role or "").startswith("price") or n.value >= 1000)), None)  # "CPI was 3.20": bare
        end = pastend.base(p, mem, bench, metric, said, _price)  # "30% above the top of that range": that end
        base = said.value if said is not None else end[0] if end else mem.facts.get("price")
        of_budget = said is not None and said.role == "budget"  # "our budget is $20k and goes up 15%": the budget moves
        if base is None and pct is not None and p.pct_sign and (ends := _price(p, mem, bench, metric)) and len(ends) > 1:
            lines, cite = _moved_ends(p, mem, ends, pct), ends[0][2]  # "what if CPL rises 20%?" after a range: both ends
        elif base is None or pct is None:
            return None
        else:
            new = base * (1 + p.pct_sign * pct / 100.0)
            if said is None and not end and mem.price_work:  # a price worked out earlier: show from what
                lines += mem.price_work
            lines.append(pastend.line(base, pct, p, metric, end) if end else moved_line(base, pct, p.pct_sign, "budget" if of_budget else "price", p.text))
            cite = end[2] if end else cite
            budget, ltv = _get(p, mem, "budget"), _get(p, mem, "LTV")
            if budget is not None and not of_budget and (p.asks_count or re.search(r"\bbudget\b", p.norm, re.I) or pastend.recount(p.norm)):
                lines.append(bought(budget, round(new, 2), c.per_thousand or metric in PER_THOUSAND,  # at the price shown
                                    pricedunit.noun(p.unit, metric) or 'units', "at the new price"))
            if ltv is not None and (re.search(r"\bratio\b", p.norm, re.I) or "LTV" in p.metrics or "LTV:CAC" in p.metrics or (
                    mem.calc is not None and mem.calc.op == "ratio")):  # "what if CAC rises 20%?" just after the ratio
                s, shown = result(ltv / new, False)
                lines.append(f"{money(ltv)} ÷ {money(round(new, 2))} {s} {shown}, i.e. an LTV:CAC of {shown}:1")
    elif c.op == "unit":
        budget, count = _get(p, mem, "budget"), _get(p, mem, "count")  # "what's the CPL?" after "$20k got 400 leads"
        if budget is None or not count:
            return None
        v, line = unit_cost(budget, count, c.target, c.target in PER_THOUSAND)
        lines.append(line)
        if (ltv := p.value("LTV")) and c.target == ratio_metric().split(":")[1]:  # "… and LTV is ~$3,600": the ratio too
            s, shown = result(ltv / round(v, 2), False)
            lines.append(f"{money(ltv)} ÷ {money(round(v, 2))} {s} {shown}, i.e. an LTV:CAC of {shown}:1")
    elif c.op == "ratio":
        ltv = _get(p, mem, "LTV")
        costs = _price(p, mem, {}, metric)
        if ltv is None or not costs:
            return None
        for cost, note, _ in costs:
            if mem.price_work and cost == mem.facts.get("price"):  # a price worked out earlier: show from what
                lines += mem.price_work
            s, shown = result(ltv / cost, False)
            lines.append(f"{money(ltv)} ÷ {money(cost)} {s} {shown}, i.e. an LTV:CAC of {shown}:1")
    elif c.op == "mul":
        count = _get(p, mem, "count")
        prices = _price(p, mem, bench, metric)
        if count is None or not prices:
            return None
        if (over := spans.count_over(p, count) or seasonlen.count_over(p, mem, count)) is not None:  # "300 leads a month for a whole year": the span's count
            count, line = over
            lines.append(line)
        thousand = c.per_thousand or metric in PER_THOUSAND  # impressions are priced per thousand
        for price, note, cid in ([] if targetspend.extend(lines, p, mem, metric, count, prices) else prices):  # "400 orders" at a CPC: ÷ the rate
            s, shown = result(count * price / (1000 if thousand else 1), True)
            lines.append(f"{plain(count)} × {money(price)}{' ÷ 1,000' if thousand else ''} {s} ${shown} — the budget needed"
                         + (f" {note}" if note else ""))
        cite = cite or next((cid for _, _, cid in prices if cid), None)
    else:
        budget = budgetadd.grown(p, mem.facts.get("budget"), _get(p, mem, "budget"), lines)  # "another $1,000": added to the one known
        prices = _price(p, mem, bench, metric)
        if budget is None or not prices:
            return None
        if (moved := budget_change(p)) is not None:  # "after a 20% trim, how many X": the budget moves first
            factor = 1 + moved / 100.0
            new = budget * factor
            said = f"{plain(abs(moved))}%" if re.search(r"%|\bpercent", p.text, re.I) else plain(abs(moved) / 100)  # "a fifth"
            lines.append(f"{money(budget)} × (1 {'+' if moved > 0 else '−'} {said}) = {money(budget)} × "
                         f"{plain(factor)} {'=' if abs(new - round(new, 2)) < 1e-9 else '≈'} {money(round(new, 2))}"
                         f" — the budget after the {'increase' if moved > 0 else 'cut'}")
            budget = round(new, 2)
        if (span := spans.applied(p, mem, budget)) is not None:  # "over 13 weeks": the whole stretch's budget
            budget, line = span
            lines.append(line)
        elif (spread := _spread(p, mem, budget)) is not None:  # "1.2M a year … how many a month": the asked period's share
            lines.append(spread[1])
            budget = spread[0]
        if (share := budgetshare.applied(p.norm, budget)) is not None:  # "60% on google … the google part": that share
            budget, line = share
            lines.append(line)
        thousand = c.per_thousand or metric in PER_THOUSAND
        if mem.price_work and [p0 for p0, note, _ in prices] == [mem.facts.get("price")] and not any(
                (n.role or "").startswith("price") for n in p.numbers):  # a price worked out earlier: show from what
            lines[:0] = mem.price_work
        for price, note, cid in prices:
            if not price:
                continue
            lines.append(bought(budget, price, thousand, pricedunit.noun(p.unit, metric) or 'units', note))
            cite = cite or cid
        got = [round(budget / x * (1000 if thousand else 1)) for x, _, _ in prices[:2] if x]
        if len(got) == 2 and _GAP_ASKED.search(p.norm):  # "how many more at the low end than the high end?"
            lines.append(f"{max(got):,} − {min(got):,} = {max(got) - min(got):,} more {pricedunit.noun(p.unit, metric) or 'units'} at the "
                         "bottom of the range than at the top")
    if not lines:
        return None
    head = "Here is the calculation"
    if metric and any(ln.endswith(note) for ln in lines for _, note, _ in _per_platform(bench, metric)):
        head = f"At each platform's {metric} figure, since the figures differ by platform"
    elif cite and metric:
        read = metric in bench and (len(bench[metric]["range"]) == 2 or len(bench[metric]["range"]) == 1 and len(
            bench[metric].get("facts") or []) <= 1)  # this turn's look-up gave the range (or its one figure)
        rng = bench[metric]["range"] if read else list((figlabel.ends_row(bench.get(metric), p.end) or mem.ranges.get(metric, (0, 0)))[:2])
        shown_rng = bench[metric]["typical"] if read and "$" in bench[metric].get("typical", "") else \
            "–".join(money(v) for v in dict.fromkeys(rng))  # the row's own cell ("$0.60–$1.40") when it was just read
        # the metric as the cited row names it ("saas CPL (cost per lead)"), so the sentence says what the row says
        label = figlabel.with_platform(bench[metric]["label"].split(" — ")[0], bench[metric].get("facts")) if read and bench[metric].get("label") else (
            mem.labels.get(metric) or metric)
        head = f"With the Typical {label} {'figure' if len(set(rng)) == 1 else 'range'} of {shown_rng} (Based on Knowledge Base [{cite}])"
    return head + ":\n" + "\n".join(f"- {ln}" for ln in lines)
