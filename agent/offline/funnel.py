"""The funnel's own arithmetic on the user's figures: rates applied to counts and the metrics'
definitions, shown line by line.

Why: "20,000 clicks and we convert 2.5% — how many sales?", "2 million impressions at a 0.8% CTR,
how many clicks?", "CPC $1.20 and a 3% conversion rate — our effective CPA?", "$150k revenue on $50k
spend — ROAS?", "3 million impressions at a frequency of 4 — how many people?" need no benchmark
and no budget: each is one identity of media planning (clicks = impressions × CTR, conversions =
clicks × CVR, CPA = CPC ÷ CVR, CPC = CPM ÷ 1,000 ÷ CTR, ROAS = revenue ÷ spend, revenue = spend ×
ROAS, reach = impressions ÷ frequency). What each figure *is* is read from the metric names the
shared vocabulary gives (CTR, CVR, CPC, CPM, ROAS, their synonyms) and a few English cues next to
it ("convert 2.5%", "frequency of 4", "revenue"), never from a data set's wording. The inputs are
the user's; the result is computed; a figure it lacks is not guessed (no line at all).
"""
from __future__ import annotations

import re

from agent.offline.numbers import Num, digits, money, parse_numbers, plain, result
from agent.offline import compare
from agent.offline.askshape import JUDGED
from agent.offline.asking import asks
from agent.offline.parse import EVALUATE
from mpa.vocabulary import VOCABULARY, term_pattern
from rag.anyword import any_word


def _names(key: str, *extra: str) -> re.Pattern:
    return term_pattern(tuple([key.lower(), *VOCABULARY["metrics"].get(key, []), *extra]))


_CTR = _names("CTR")
_CVR = _names("CVR", "convert", "converts", "converting", "close rate")
_CPC = _names("CPC", "a click", "per click")
_CPM = _names("CPM")
_CPA = _names("CPA", "cac", "cost per sale", "cost per customer", "cost per purchase", "cost per order")
_ROAS = _names("ROAS")
_REVENUE = any_word("revenue", "sales of", "in sales", "made", "brought in", "generated", "turnover")
# money taken for what the ads sold: "booked about 44k in rooms", "drove 54k of sales", "$30k worth of orders"
# money put into ads said after the amount: "9k of google ads", "$5k in facebook ads", "4k on advertising"
_SPENT_ON = re.compile(r"^(?:of|in|on|into|worth of) (?:[a-z]+ ){0,2}(?:ads|advertising|ad spend|media)\b", re.I)
_EARNED = re.compile(r"\b(?:booked|sold|took in|earned|pulled in|drove|rang up)\b|^(?:in|of|worth of) (?:[a-z]+ )?(?:sales|revenue|"
                     r"bookings|rooms|orders|tickets|reservations|purchases|business)\b", re.I)
# revenue named right before its figure: "attributed revenue $30k", "sales were 21k", "revenue: $9,000"
_LABELLED_REVENUE = re.compile(r"\b(?:revenue|sales|turnover)(?:\s+(?:of|was|were|is|came to|at|totall?ed))?\s*:?\s*\$?\s*$", re.I)
_SPEND = any_word("spend", "spent", "spending", "ad spend", "budget", "invest(?:ed)?", "put", "putting", "sank",
                  "poured")
# money coming back for money put in: "got 90k back", "returned $40k", "brought in"
_BACK = any_word("back", "returned", "came in")
_IMPRESSIONS = re.compile(r"\bimpressions?\b", re.I)
_FREQUENCY = re.compile(r"\bfrequency (?:of )?(\d+(?:\.\d+)?)\b|\b(\d+(?:\.\d+)?)\s*(?:times|x)\s+(?:each|per person|apiece)\b|"
                        r"\bsees? (?:it|them|the ads?) (\d+(?:\.\d+)?) times\b", re.I)
_HOW_MANY = re.compile(r"\bhow many (?:more )?([a-z]+)", re.I)
_ASKS = re.compile(r"\?|\bwhat(?:'s| is| would| will)?\b|\bhow (?:many|much)\b", re.I)


def _near(t: str, n: Num, rx: re.Pattern, before: int = 5, after: int = 4) -> bool:
    low = t.lower()
    return bool(rx.search(" ".join(low[:n.start].split()[-before:])) or rx.search(" ".join(low[n.end:].split()[:after])))


def _earned(t: str, n: Num) -> bool:
    """The amount is what the ads sold: a selling verb just before it, or what was sold just after it."""
    low = t.lower()
    return bool(_EARNED.search(" ".join(low[:n.start].split()[-2:])) or _EARNED.match(" ".join(low[n.end:].split()[:4])))


def _asked(t: str, rx: re.Pattern) -> bool:
    """The metric is what the question (its last clause) asks for."""
    last = re.split(r"[.;!]\s|,\s(?=what|how)", t)[-1]
    return bool(rx.search(last.lower()) and (_ASKS.search(last) or asks(last)))


def work(text: str) -> tuple[list[str], str] | None:
    """(the working lines, words to search the KB for the definition) or None."""
    t = digits(text)
    nums = parse_numbers(t)
    pcts = [n for n in nums if n.pct]
    # an amount said of a budget is money with or without "$" ("our budget is 30k")
    cash = [n for n in nums if n.money or (not n.pct and n.value >= 1000 and (_near(t, n, _SPEND, 3, 0) or
                                                                         _near(t, n, _REVENUE, 3, 2) or _near(t, n, _BACK, 3, 2) or
                                                                         _earned(t, n) or _SPENT_ON.match(" ".join(t[n.end:].lower().split()[:4]))))]
    counts = [n for n in nums if not n.pct and n not in cash]
    for f in (_rates_on_count, _budget_through_clicks, _cost_from_rate, _roas, _reach, _rate_of_counts):
        w = f(t, pcts, cash, counts)
        if w:
            return w
    return None


def _rates_on_count(t, pcts, cash, counts):
    """count × CTR (→ clicks) × CVR (→ conversions), in funnel order."""
    m = _HOW_MANY.search(t)
    if not m or cash or len(counts) != 1 or counts[0].value < 10 or re.search(
            r"\bhow many [a-z]+ (?:do|would|will|should|must) (?:we|i) (?:need|have)\b|\bneeded\b", t, re.I) or \
            compare.TARGET.search(t[max(0, counts[0].start - 30):counts[0].start]):
        return None  # "to get 200 sales, how many clicks do we need?", "we need 120 sales": worked back (compare)
    ctr = next((n for n in pcts if _near(t, n, _CTR)), None)
    cvr = next((n for n in pcts if n is not ctr and _near(t, n, _CVR)), None)
    if not (ctr or cvr) or len(pcts) != bool(ctr) + bool(cvr):
        return None
    lines, v = [], counts[0].value
    for rate, noun in ((ctr, "clicks"), (cvr, "conversions")):
        if rate is None:
            continue
        new = v * rate.value / 100
        s, shown = result(new, True)
        last = rate is (cvr or ctr)
        lines.append(f"{plain(v)} × {plain(rate.value)}% {s} {shown} {m.group(1) if last else noun}")
        v = new
    return lines, (("click-through rate clicks impressions" if ctr else "") + (" conversion rate conversions clicks"
                                                                               if cvr else "")).strip()


def _budget_through_clicks(t, pcts, cash, counts):
    """budget ÷ CPC = clicks, × CVR = conversions: "$20k, $1 clicks, a 2% CVR — how many sales?"."""
    m = _HOW_MANY.search(t)
    if not m or len(cash) != 2 or len(pcts) != 1 or counts or not _near(t, pcts[0], _CVR):
        return None
    price, budget = sorted(cash, key=lambda n: n.value)
    if not (_near(t, price, _CPC) or re.match(r"\s*(?:per |a |each )?clicks?\b", t[price.end:])) or not price.value:
        return None
    clicks = budget.value / price.value
    s1, c = result(clicks, True)
    s2, conv = result(clicks * pcts[0].value / 100, True)
    # "how many clicks, and if 5% convert how many signups": the conversions are named by the count asked that is not clicks
    noun = next((x.group(1) for x in reversed(list(_HOW_MANY.finditer(t))) if not x.group(1).lower().startswith("click")),
                m.group(1))
    return [f"{money(budget.value)} ÷ {money(price.value)} {s1} {c} clicks",
            f"{c} × {plain(pcts[0].value)}% {s2} {conv} {noun}"], "conversion rate conversions clicks CPC"


def _cost_from_rate(t, pcts, cash, counts):
    """CPA = CPC ÷ CVR; CPC = CPM ÷ 1,000 ÷ CTR — when the cost asked for is not among the figures."""
    if len(cash) != 1 or len(pcts) != 1:
        return None
    price, rate = cash[0], pcts[0]
    if _near(t, price, _CPC) and _near(t, rate, _CVR) and _asked(t, _CPA) and rate.value:
        v = price.value / (rate.value / 100)
        return [f"{money(price.value)} ÷ {plain(rate.value)}% = {money(round(v, 2))} per conversion (CPC ÷ conversion "
                "rate)"], "CPA CPC conversion rate"
    if _near(t, price, _CPM) and _near(t, rate, _CTR) and _asked(t, _CPC) and rate.value:
        v = price.value / 1000 / (rate.value / 100)
        return [f"{money(price.value)} ÷ 1,000 ÷ {plain(rate.value)}% = {money(round(v, 2))} per click (CPM ÷ 1,000 ÷ "
                "click-through rate)"], "CPC CPM click-through rate"
    return None


def _roas(t, pcts, cash, counts):
    """ROAS = revenue ÷ spend, or revenue = spend × ROAS."""
    if pcts:
        return None
    judged = bool(EVALUATE.search(t) or JUDGED.search(t))  # "how did we land?" after a spend and its revenue: the ROAS
    if len(cash) == 2 and (_asked(t, _ROAS) or judged):
        # a label said before its figure ("ad spend $12k, attributed revenue $30k") is that figure's, before one after it
        rev = next((n for n in cash if _LABELLED_REVENUE.search(t[:n.start])), None) or next((n for n in cash if _near(t, n, _REVENUE, 3, 3)), None) or next(
            (n for n in cash if _near(t, n, _BACK, 3, 2) or _earned(t, n)), None)
        spend = next((n for n in cash if n is not rev and (_near(t, n, _SPEND, 3, 3) or _SPENT_ON.match(
            " ".join(t[n.end:].lower().split()[:4])))), None)
        if rev and spend and spend.value:
            r = rev.value / spend.value
            return [f"{money(rev.value)} ÷ {money(spend.value)} = {plain(round(r, 2))}, i.e. a ROAS of "
                    f"{plain(round(r, 2))}x"], "ROAS revenue ad spend"
    ratio = next((n for n in counts if re.match(r"\s*x\b", t[n.end:n.end + 2]) or _near(t, n, _ROAS, 3, 1)), None)
    if len(cash) == 1 and ratio and _asked(t, _REVENUE) and _near(t, cash[0], _SPEND, 3, 3):
        v = cash[0].value * ratio.value
        return [f"{money(cash[0].value)} × {plain(ratio.value)} = {money(round(v, 2))} in attributed revenue"], \
            "ROAS revenue ad spend"
    return None


def _reach(t, pcts, cash, counts):
    """reach = impressions ÷ average frequency."""
    f = _FREQUENCY.search(t)
    if not f or cash or pcts or not re.search(r"\bhow many (?:people|users|individuals|households)\b|\breach\b", t, re.I):
        return None
    freq = float(next(g for g in f.groups() if g))
    imps = [n for n in counts if _near(t, n, _IMPRESSIONS, 1, 2) and n.value > freq]
    if len(imps) != 1 or not freq:
        return None
    s, shown = result(imps[0].value / freq, True)
    return [f"{plain(imps[0].value)} ÷ {plain(freq)} {s} {shown} people reached (impressions ÷ average frequency)"], \
        "reach frequency impressions"


OWN_ONLY = ("click-through rate definition clicks impressions", "conversion rate definition conversions clicks")  # searches
# of working on the user's figures alone (no passage states its lines)
_RATE_ASKED = re.compile(r"\brate\b|\bwhat (?:percent(?:age)?|share|%|proportion|fraction)\b|\bas a (?:percent(?:age)?|%)", re.I)


def _rate_of_counts(t, pcts, cash, counts):
    """CTR = clicks ÷ impressions, CVR = conversions ÷ clicks: two counts, the rate of one out of the other asked."""
    if cash or pcts or len(counts) != 2 or not (_asked(t, _CTR) or _asked(t, _CVR) or _RATE_ASKED.search(t)) or \
            compare.moved(t, counts):  # "went from 40 to 50, what percent increase": a change, worked by compare
        return None
    part, whole = sorted(counts, key=lambda n: n.value)
    if not whole.value or part.value == whole.value:
        return None
    name = "click-through rate" if _asked(t, _CTR) or (_IMPRESSIONS.search(t) and re.search(r"\bclicks?\b", t, re.I)) \
        else "conversion rate"
    s, v = result(part.value / whole.value * 100, False)
    return [f"{plain(part.value)} ÷ {plain(whole.value)} × 100 {s} {v}, i.e. a {name} of {v}%"], \
        OWN_ONLY[0 if name.startswith("click") else 1]
