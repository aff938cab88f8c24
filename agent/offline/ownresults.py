"""Several results worked from the user's own figures in one turn: "whats our cac and our roas",
"payback in months?", "ltv:cac if a customer stays 3 years", "what budget would 180 students take at
that cost", "dollars on each side, and leads on each side at $120 a lead", "revenue if we hold our
5.4 roas", "how are we doing?" after a spend and what it brought in.

Why a module: the other calculation rules each answer one operation read from the question's shape;
a turn that names two or three results (or states its inputs in business words — a tuition, an ACV, a
gross margin, first-time buyers) fell to one of them, which then worked one result, or the wrong one.
Here each figure the user states gets a role from the words around it (what it is *of*: a spend, a
count of what the spend won, revenue, a price of one sale, a margin, years, a cost per one, a ROAS, a
share of a budget), and each result the turn names is worked from the roles it needs, with the trade's
own formulas (CAC = spend ÷ customers won; ROAS = revenue ÷ spend; payback months = CAC ÷ monthly gross
profit of one customer; LTV:CAC = price × margin × years ÷ CAC). A role the message leaves out is taken
from the user's earlier messages only for what a conversation carries (a budget, a price, a margin, a
cost per one) — never a count, which belongs to the turn that said it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent.offline import closeshare, judgedcost
from agent.offline.compose import beside as beside_range, bench_fields, benchmark_para
from agent.offline.numbers import digits, money, plain, result, stated
from agent.offline.toolread import ToolOutcome
from mpa.vocabulary import canonical
from rag.regexes import compiled

_TIME = r"(?:days?|weeks?|months?|quarters?|years?|yrs?|hours?|times?|x)"
_NOT_WON = {"people", "persons", "times", "years", "months", "weeks", "days", "hours", "impressions", "dollars", "bucks",
            "percent", "stores", "hotels", "locations", "clinics", "shops", "offices", "channels", "platforms", "markets",
            "ads", "posts", "videos", "cohorts", "paddles", "units", "employees", "staff", "reps"}


@dataclass
class Fig:
    value: float
    role: str
    word: str = ""  # the noun it counts, or the channel a share goes to


def _moneyish(text: str, start: int, end: int, is_money: bool) -> bool:
    return is_money or bool(re.match(r"[\d,.]+\s*(?:k|m|mm|grand)\b", text[start:end].lstrip("$ "), re.I))


# a customer's payment said per month: "customers pay 250 a month", "each client brings in about $90 a month"
_PAYS = (r"\b(?:customers?|clients?|members?|subscribers?|users?|accounts?|patients?|they|each (?:one|customer|client|member))\s+"
         r"(?:\w+\s+){0,2}?(?:pay|pays|spend|spends|bring in|brings in|are worth|is worth)\s+(?:us\s+)?(?:about\s+|around\s+|"
         r"roughly\s+|~)?\$?\s*$")


def figures(text: str) -> list[Fig]:
    """Each number of ``text`` with the role the words around it give (unroled numbers are left out)."""
    text = digits(text)
    low = text.lower()
    out: list[Fig] = []
    rates = closeshare.spans(text)  # "we close 1 in 5": a close rate, no count of 5
    for n in stated(text):
        if any(a <= n.start < e for a, e in rates):
            continue
        before, after = low[max(0, n.start - 45):n.start], low[n.end:n.end + 45]
        cash = _moneyish(text, n.start, n.end, n.money)
        if n.pct:
            if re.match(r"\s*(?:gross\s+|contribution\s+)?margins?\b", after) or re.search(r"margins?\s*(?:of|is|at|=|:)?\s*(?:about|around)?\s*$", before):
                out.append(Fig(n.value / 100, "margin"))
            elif (m := re.match(r"\s*(?:of (?:it|that|the budget|the money|the spend)\s+)?(?:(?:in|into|to|on|for|goes? to|going to)\s+)?"
                                r"(?:the\s+)?([a-z][a-z-]{1,20})\b", after)) and not re.search(
                    r"\b(?:up|down|jump\w*|rose|rise\w*|increase\w*|decrease\w*|higher|lower|more|less|by|cut|drop\w*|grew|fell)\s*$", before) \
                    and m.group(1) not in {"higher", "lower", "more", "less", "off", "increase", "decrease", "of", "and", "gross", "margin",
                                           "conversion", "ctr", "cvr", "rate", "the", "a", "this", "that", "each", "per", "above", "below"}:
                out.append(Fig(n.value / 100, "share", m.group(1)))
            continue
        if re.match(r"\s*(?:cpms?\b|per (?:thousand|1,?000|mille)\b)", after):
            out.append(Fig(n.value, "cpm"))
        elif re.match(r"\s*(?:years?|yrs?)\b", after):
            out.append(Fig(n.value, "years"))
        elif re.match(r"\s*times\b", after):
            out.append(Fig(n.value, "times"))
        elif re.match(r"\s*(?:x\b|roas\b|return on ad spend)", after) or re.match(r"x\b", low[n.end:n.end + 2]):
            out.append(Fig(n.value, "roas"))
        elif re.search(r"\b(?:acv|tuition|price|aov|order value|contract value|deal size|average order|average sale|ticket|"
                       r"membership|subscription|annual fee|monthly fee|plan costs?)\b"
                       r"(?:\s+(?:is|was|of|at|for|runs?|costs?|=|:|about|around|roughly))*\s*\$?\s*$", before):
            out.append(Fig(n.value, "price"))
        elif re.match(r"\s*(?:dollars\s+|bucks\s+)?(?:a|per|/|each|every)\s*month\b", after) and re.search(_PAYS, before):
            out.append(Fig(n.value, "monthly"))  # "customers pay 250 a month": what one customer brings in a month
        elif re.match(r"\s*(?:people|persons|individuals|users|adults)\b", after) and not n.money:
            out.append(Fig(n.value, "people"))
        elif not n.money and (m := re.match(r"\s*(?:(?:brand[- ]new|new|first[- ]time|paying|qualified|more|total|enrolled|actual)\s+)*"
                                             r"([a-z][a-z-]+s)\b", after)) and m.group(1) not in _NOT_WON:
            out.append(Fig(n.value, "count", m.group(1)))
        elif re.match(r"\s*(?:per|a|an|each|for each|for every)\s+(?!" + _TIME + r"\b|thousand\b)[a-z]", after) \
                or re.match(r"\s*(?:each|apiece|a head|per head)\b", after) \
                or re.match(r"\s*to (?:land|get|acquire|win|sign|enroll|book|bring in) (?:a|an|one|each|every|the)\b", after) \
                or re.match(r"\s*(?:cost per|cpl|cpa|cac)\b", after) \
                or re.search(r"\b(?:cost per [a-z]+|cpl|cpa|cac)(?:\s+(?:was|is|of|at|runs?|=|:|about|around|roughly))*\s*\$?\s*$", before) \
                or re.search(r"\bat (?:our|my|the|that|a|an)\s*\$?\s*$", before) \
                or re.search(r"\b(?:a|an|each|one|every|the average)\s+(?:new\s+)?[a-z]+\s+(?:costs?|runs?)\s+(?:us\s+|me\s+)?"
                             r"(?:about\s+|around\s+|roughly\s+)?\$?\s*$", before):
            out.append(Fig(n.value, "unitcost"))
        elif re.match(r"\s*(?:in|of)?\s*(?:[a-z]+\s+)?(?:revenue|bookings)\b", after) and (cash or n.value >= 100) or (cash or n.value >= 100) and (
                re.match(r"\s*(?:in|of)\s+(?:[a-z]+\s+)?(?:sales|orders)\b", after) or re.search(
                r"\b(?:sales|revenue|bookings)\b[^.?!$]{0,25}$", before)):
            out.append(Fig(n.value, "revenue"))
        elif cash:
            out.append(Fig(n.value, "spend"))
        elif (m := re.search(r"\b(?:new\s+|paying\s+)?([a-z][a-z-]+s)\s*(?::|=|of|were|was|came to|totaled|totalled)?\s*$", before)) \
                and m.group(1) not in _NOT_WON | {"sales", "was", "is", "has", "this", "its", "us", "ads"} and n.value == int(n.value):
            out.append(Fig(n.value, "count", m.group(1)))  # "new clients 120": the count after its noun
        elif n.value >= 1000 and (re.search(r"\b(?:spent|spend|spending|budget|invested|have|is)\b[^.?!]{0,20}$", before) or re.search(
                r"\b(?:put|did|ran|was|were|dropped|threw|poured)\s+(?:about |around |roughly )?$", before) and re.match(
                r"\s*(?:on|into|in)\s+(?:the\s+)?[a-z]", after)):  # "we put 3,400 into google", "did 4,100 on meta"
            out.append(Fig(n.value, "spend"))
    return out


def _one(figs: list[Fig], role: str) -> Fig | None:
    """The one figure of ``role`` (a figure said twice — "180 enrollments … 180 students" — is one), else None;
    a spend that repeats a cost per one ("cost per student was $410 … is $410 normal?") is that cost."""
    got = {f.value: f for f in figs if f.role == role}
    if role == "spend":
        got = {v: f for v, f in got.items() if v not in {g.value for g in figs if g.role == "unitcost"}}
    return next(iter(got.values())) if len(got) == 1 else None


_ASK = {
    "cac": r"\bcac\b|\bcost (?:per|to get|to acquire|of acquiring|to land|to win) (?:a |one |each )?(?:new )?(?:customer|buyer|student|client|"
           r"sale|member|patient|order|account|subscriber|enrollment|enrolment)",
    "roas": r"\broas\b|\breturn on (?:ad |our )?spend\b",
    "payback": r"\bpay ?back\b|\bpays? (?:itself )?back\b|\bearns? (?:it )?back\b",
    "ltvcac": r"\bltv\s*(?::|to|/|-)\s*cac\b|\blifetime value to (?:cac|acquisition)",
    "budget": r"\bbudget\b|\bhow much\b|\bwhat would [^.?!]{0,30}\bcost\b|\bcost us\b|\btake at\b",
    "impressions": r"\bimpressions?\b",
    "revenue": r"\b(?:revenue|sales|bookings)\b",
    "dollars": r"\bdollars?\b|\bhow much (?:goes|to|for|on) each\b|\beach (?:piece|channel|side|one)\b|\bsplit\b|\bpieces\b",
    "judge": r"\bhow (?:are|r|did|have) (?:we|u|you|i) (?:doing|do|done|tracking|looking)\b|\bhow(?:'s| is) (?:that|this|it) looking\b|"
             r"\b(?:good|bad|ok|okay|decent|healthy) or (?:no|not|bad|what)\b|\b(?:is|was|are|were) (?:that|this|it|those|these) "
             r"(?:any )?(?:good|bad|ok|okay|decent|healthy|solid)\b|\bany good\b",
}


def _asks(low: str, what: str) -> bool:
    return bool(re.search(_ASK[what], low))


def _carried(figs: list[Fig], earlier: list[str], role: str) -> Fig | None:
    """The role from the current figures, else the latest earlier message that states it once."""
    if got := _one(figs, role):
        return got
    for msg in reversed(earlier):
        if got := _one(figures(msg), role):
            return got
    return None


def _line(expr: str, v: float, unit: str, what: str) -> str:
    if unit == "$":
        shown = money(round(v, 2))
        eq = "=" if abs(v - round(v, 2)) < 1e-9 else "≈"
    elif unit == "x":
        eq, s = result(v, False)
        shown = f"{s}x"
    elif unit == ":1":
        eq, s = result(v, False)
        shown = f"{s}:1"
    else:
        eq, shown = result(v, unit == "count" or abs(v - round(v)) < 1e-9)
        shown = shown + (f" {unit}" if unit not in ("count", "") else "")
    return f"- {expr} {eq} {shown} — {what}"


def lines(text: str, earlier: list[str] = (), cpm: tuple[float, float, str, str, str] | None = None) -> list[str]:
    """The working lines of every result the message asks for that its (and, for carried roles, the
    conversation's) figures decide; [] when it asks for none or lacks an input."""
    low = digits(text).lower()
    figs = figures(text)
    earlier = [e for e in earlier if e]
    out: list[str] = []
    spend, count, rev, price = _one(figs, "spend"), _one(figs, "count"), _one(figs, "revenue"), _one(figs, "price")
    unit = _one(figs, "unitcost")
    cac = None
    if _asks(low, "cac") and spend and count and not unit:
        cac = spend.value / count.value
        out.append(_line(f"{money(spend.value)} ÷ {plain(count.value)}", cac, "$", f"your CAC (spend over the {count.word} it won)"))
    elif (got := judgedcost.line(low, spend, count, unit or rev or _one(figs, "roas"), _COMPARED)) is not None:
        cac = got[0] if got[1] == "CAC" else None
        out.append(_line(f"{money(spend.value)} ÷ {plain(count.value)}", got[0], "$", got[2]))
    asks_roas = (_asks(low, "roas") and not _one(figs, "roas")) or (_asks(low, "judge") and rev is not None)
    if asks_roas and spend:
        if rev:
            out.append(_line(f"{money(rev.value)} ÷ {money(spend.value)}", rev.value / spend.value, "x", "your ROAS (revenue ÷ ad spend)"))
        elif price and count:
            total = price.value * count.value
            out.append(_line(f"{plain(count.value)} × {money(price.value)} = {money(total)} in revenue from {count.word}; "
                             f"{money(total)} ÷ {money(spend.value)}", total / spend.value, "x", "your ROAS (revenue ÷ ad spend)"))
    owned_cac = unit.value if unit else cac
    if _asks(low, "payback") and owned_cac and (price := price or _carried(figs, earlier, "price")):
        margin = _carried(figs, earlier, "margin")
        monthly = price.value * (margin.value if margin else 1) / 12
        per = f"{money(price.value)} × {margin.value:.0%} ÷ 12" if margin else f"{money(price.value)} ÷ 12"
        out.append(_line(f"{per} = {money(round(monthly, 2))} gross profit a month; {money(owned_cac)} ÷ {money(round(monthly, 2))}",
                         owned_cac / monthly, "months", "payback (CAC ÷ monthly gross profit per customer)"))
    years = _one(figs, "years")
    if _asks(low, "ltvcac") and years:
        price, margin = price or _carried(figs, earlier, "price"), _carried(figs, earlier, "margin")
        base = owned_cac or (c.value if (c := _carried(figs, earlier, "unitcost")) else None)
        if price and base:
            ltv = price.value * (margin.value if margin else 1) * years.value
            per = f"{money(price.value)} × {margin.value:.0%} × {plain(years.value)}" if margin else \
                f"{money(price.value)} × {plain(years.value)}"
            out.append(f"- {per} = {money(round(ltv, 2))} lifetime value over {plain(years.value)} years")
            out.append(_line(f"{money(round(ltv, 2))} ÷ {money(base)}", ltv / base, ":1", "your LTV:CAC"))
    if (monthly := _one(figs, "monthly")) and years and re.search(r"\b(?:lifetime value|ltv|clv)\b", low) and not any(
            "lifetime value over" in o for o in out):  # "pay 250 a month and stick around 3 years": a month × the months
        ltv = monthly.value * 12 * years.value
        out.append(f"- {money(monthly.value)} × 12 × {plain(years.value)} = {money(round(ltv, 2))} lifetime value over "
                   f"{plain(years.value)} years (a month's payment × the months a customer stays)")
        if base := owned_cac or (c.value if (c := _carried(figs, earlier, "unitcost")) else None):
            out.append(_line(f"{money(round(ltv, 2))} ÷ {money(base)}", ltv / base, ":1", "your LTV:CAC"))
    if unit and (closed := closeshare.lines(text, unit.value)):  # "1 in 5 close, $140 a lead": what one customer costs
        out += closed
    elif _asks(low, "budget") and count and unit and not spend:
        out.append(_line(f"{plain(count.value)} × {money(unit.value)}", count.value * unit.value, "$",
                         f"the budget for {plain(count.value)} {count.word} at your cost per one"))
    people, times = _one(figs, "people") or (count if count and count.word == "people" else None), _one(figs, "times")
    if _asks(low, "impressions") and people and times:
        imps = people.value * times.value
        out.append(_line(f"{plain(people.value)} × {plain(times.value)}", imps, "impressions", "people reached × average frequency"))
        own = _one(figs, "cpm")
        if own:
            out.append(_line(f"{plain(imps)} ÷ 1,000 × {money(own.value)}", imps / 1000 * own.value, "$", "the cost at your CPM"))
        elif cpm:  # the range's passage cited once, above the lines that use it
            out.append(f"\nWith the Typical {cpm[3]} range of {cpm[2]} (Based on Knowledge Base [{cpm[4]}]):")
            for end, c in zip(("low", "high"), cpm[:2]):
                out.append(_line(f"{plain(imps)} ÷ 1,000 × {money(c)}", imps / 1000 * c, "$", f"the cost at the {end} end of that range"))
    shares = [f for f in figs if f.role == "share"]
    if len(shares) >= 2 and sum(f.value for f in shares) <= 1.0001 and (_asks(low, "dollars") or re.search(r"\bleads?\b", low)):
        budget = spend or _carried([], earlier, "spend")
        if budget:
            for f in shares:
                out.append(_line(f"{money(budget.value)} × {f.value:.0%}", budget.value * f.value, "$", f"to {f.word}"))
            if unit and re.search(r"\bleads?\b", low):
                for f in shares:
                    out.append(_line(f"{money(budget.value * f.value)} ÷ {money(unit.value)}", budget.value * f.value / unit.value,
                                     "leads", f"on {f.word}"))
    if not shares and (moved := _resplit(low, earlier)):
        budget, split, was, src, dst = moved
        freed = was[src] - split[src]
        out.append(f"- {was[src]:.0%} − {split[src]:.0%} = {freed:.0%} — what {src} gives up")
        out.append(f"- {was[dst]:.0%} + {freed:.0%} = {split[dst]:.0%} — {dst}'s new share")
        out += [_line(f"{money(budget)} × {v:.0%}", budget * v, "$", f"to {ch}") for ch, v in split.items()]
    roas = _one(figs, "roas")
    if roas and _asks(low, "revenue") and (budget := spend or (_carried([], earlier, "spend") if shares else None)):
        out.append(_line(f"{money(budget.value)} × {plain(roas.value)}", budget.value * roas.value, "$", "revenue at that ROAS"))
    return out


_CALC_PARA = re.compile(r"^(?:Here is the calculation:|Working:)")


_BESIDE = re.compile(r"Your (?P<what>CAC|ROAS|LTV:CAC)(?: from your numbers)? of \S+ sits (?:inside|below|above|at) the "
                     r"(?P<of>[^.]*?) of (?P<fig>\$?[\d.,]+(?:x|:1|%)?(?:–\$?[\d.,]+(?:x|:1|%)?)?)\.")


_SET_TO = re.compile(r"\b(?:make|set|put|drop|cut|lower|raise|bump|take|trim|keep)\s+(?:the\s+)?([a-z][a-z-]+)\s+(?:(?:down |up |back )?(?:to|at)\s+|"
                     r"(?:share |piece |slice )?(?:to|at)\s+)?(\d+(?:\.\d+)?)\s*%")
_MOVED_TO = re.compile(r"\b(?:move|put|shift|give|send|add|push|throw|reallocate|hand)\s+(?:the\s+)?(?:other|rest|remaining|extra|freed[- ]up|leftover|"
                       r"difference|balance|spare)?\s*(?:\d+(?:\.\d+)?\s*%?\s*(?:points?|pts)?\s*)?(?:of (?:it|that)\s+)?"
                       r"(?:in|into|to|onto|over to|toward|towards)\s+(?:the\s+)?([a-z][a-z-]+)")


def _resplit(low: str, earlier: list[str]) -> tuple[float, dict[str, float], dict[str, float], str, str] | None:
    """A split said earlier, redone: one channel set to a new share ("make ctv 10%") and what it gives up moved
    to another the split named ("move the other 10 into search") — (the budget, the new shares, the old, the channel set,
    the one given what it freed), else None."""
    set_to, moved_to = _SET_TO.search(low), _MOVED_TO.search(low)
    if not (set_to and moved_to):
        return None
    for i in range(len(earlier) - 1, -1, -1):
        figs = figures(earlier[i])
        shares = {f.word: f.value for f in figs if f.role == "share"}
        if len(shares) >= 2:
            break
    else:
        return None
    budget = _carried([], earlier[:i + 1], "spend")
    src, dst = set_to.group(1), moved_to.group(1)
    if not budget or src not in shares or dst not in shares or src == dst:
        return None
    new = float(set_to.group(2)) / 100
    split = dict(shares)
    split[dst] += shares[src] - new
    split[src] = new
    return budget.value, split, shares, src, dst


def _worked(got: list[str], what: str) -> float | None:
    """The value of the result ``what`` the lines worked ("— your CAC …"), or None."""
    line = next((g for g in got if f"— your {what} " in g or g.endswith(f"— your {what}")), None)
    m = re.search(r"[=≈] \$?([\d,]+(?:\.\d+)?)(?:x|:1)? — your", line or "")
    return float(m.group(1).replace(",", "")) if m else None


def _stated(line: str, answer: str) -> bool:
    """Whether ``answer`` already states the result ``line`` works (its last figure after "=" or "≈")."""
    shown = re.findall(r"[=≈] \$?([\d,]+(?:\.\d+)?)", line)
    return bool(shown) and compiled(rf"(?<![\d,.]){re.escape(shown[-1])}(?![\d])").search(answer) is not None


def amend(text: str, earlier: list[str], answer: str, outcomes: list[ToolOutcome] = ()) -> str:
    """``answer`` with the turn's own results first, in place of a working block another rule wrote for part of
    the ask; a result another rule set beside the vertical's range is set there with the value worked here."""
    got = lines(text, earlier, cpm_range(outcomes))
    if not got or all(_stated(g, answer) for g in got if g.startswith("- ")):
        return answer  # another rule already worked every result asked: its answer stands

    def beside(m: re.Match) -> str:
        mine = _worked(got, m["what"])
        return (beside_range(mine, m["fig"], m["what"], m["of"]) or m.group(0)) if mine is not None else m.group(0)
    answer = _BESIDE.sub(beside, answer)
    paras = [p for p in answer.split("\n\n") if p.strip() and not _CALC_PARA.match(p.strip())]
    for what in _LOOKED.values():  # a norm looked up for a result worked here, which no paragraph shows yet
        if (mine := _worked(got, what)) is not None and (b := _looked_up(outcomes, what)) and b["typical"] not in answer:
            paras.append(benchmark_para(b, mine, what))
    return "\n\n".join(["From your figures:\n" + "\n".join(got), *paras])


_COMPARED = re.compile(r"\bstack(?:s)? up\b|\bcompare|\bnormal\b|\btypical|\busual|\brange\b|\bbenchmark|\baverage for\b|"
                       r"\bother (?:[a-z]+ )?(?:stores|shops|brands|companies|cos|businesses|firms|schools|hotels)\b|" + _ASK["judge"])
_LOOKED = {"cac": "CAC", "roas": "ROAS", "ltvcac": "LTV:CAC"}


def benchmark_calls(text: str, earlier: list[str], calls: list[tuple[str, dict]], vertical: str | None) -> list[tuple[str, dict]]:
    """``calls`` plus the vertical's figure for each result worked here that the message sets against the
    norm ("how do they stack up", "how are we doing?"), and its CPM when it prices impressions per thousand."""
    got = lines(text, earlier)
    low = digits(text).lower()
    if not got or not vertical:
        return calls
    have = {(i.get("metric") or "").upper() for n, i in calls if n == "get_benchmark"}
    want = []
    if _COMPARED.search(low):
        want += [m for k, m in _LOOKED.items() if any(f"your {m}" in g for g in got) and m.upper() not in have]
        # a cost per some other unit ("your cost per order"): asked by that name, which the benchmark tool reads against
        # what the KB says each of the business's metrics counts (an order: a purchase the CPA counts) or declines
        want += [u for g in got if (u := (re.search(r"— your (cost per [a-z][a-z -]*?) \(", g) or [None, None])[1])
                 and u.upper() not in have and (canonical(u, "metrics") or u).upper() not in have and not want]  # "cost per lead": the CPL asked
    if re.search(r"\bper (?:thousand|1,?000|mille)\b|\bcpms?\b", low) and "CPM" not in have and not _one(figures(text), "cpm"):
        want.append("CPM")
    return calls + [("get_benchmark", {"vertical": vertical, "metric": m}) for m in want]


def _looked_up(outcomes: list[ToolOutcome], metric: str) -> dict | None:
    """The table row a get_benchmark result of this turn states for ``metric`` (a Typical range), else None."""
    for o in outcomes:
        if o.name == "get_benchmark" and o.found and (o.input.get("metric") or "").upper() == metric.upper():
            b = bench_fields(o)
            if len(b["range"]) == 2 and b["typical"] and b["id"]:
                return b
    return None


def cpm_range(outcomes: list[ToolOutcome]) -> tuple[float, float, str, str, str] | None:
    """The Typical CPM range a get_benchmark result of this turn states (ends, as written, its label, its passage), else None."""
    b = _looked_up(outcomes, "CPM")
    return (b["range"][0], b["range"][1], b["typical"], b["label"], b["id"]) if b else None
