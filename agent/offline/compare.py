"""Two of the user's figures set against each other, or a target worked backwards through a rate.

Why: "we've spent $31k of $40k — what percent is that?", "$60k budget, $42k spent: how much is
left?", "CPA went from $40 to $52 — what increase is that?", "we need 300 customers and close 20%
of leads: how many leads?", "a lead costs $50 and 10% become customers: cost per customer?", "$50k
unspent with 2 months left: the monthly run rate?" are each one line of arithmetic (a ÷ b × 100;
b − a; (new − old) ÷ old × 100; target ÷ rate; price ÷ rate; amount ÷ periods). What is asked is
read from English ("what percent/share", "left/remaining", "from … to …", "need", "cost per",
"N months left"); every input is the user's, and with one missing no line is written.
"""
from __future__ import annotations

import re

from agent.offline.numbers import Num, digits, money, parse_numbers, plain, result

_PCT_ASK = re.compile(r"\bwhat (?:percent(?:age)?|share|proportion|fraction|portion)\b|\bhow much of\b|\bwhat %|"
                      r"\bin percent(?:age)? terms\b|\bas a (?:percent(?:age)?|share)\b", re.I)
# "how much is left", "what remains", "still to spend"
_LEFT_ASK = re.compile(r"\b(?:left|remain(?:s|ing)?|unspent|still (?:have|to spend)|to go)\b", re.I)
_SPENT = re.compile(r"\b(?:spent|used|burned|gone through|paid out|delivered)\b", re.I)


def _cash(t: str, nums: list[Num]) -> list[Num]:
    return [n for n in nums if not n.pct and (n.money or n.value >= 1000)]


def _eq(v: float) -> tuple[str, str]:
    r = round(v, 2)
    return ("=" if abs(v - r) < 1e-9 else "≈"), plain(r)


def share(t: str, nums: list[Num]) -> list[str]:
    """One amount as a percentage of another: "$31k of a $40k budget — what percent?"."""
    cash = _cash(t, nums)
    if len(cash) != 2 or len(nums) != 2 or not _PCT_ASK.search(t):
        return []
    part, whole = sorted(cash, key=lambda n: n.value)
    if not re.search(r"\b(?:of|out of)\b", t[part.end:whole.start] if part.start < whole.start else t[whole.end:part.start]) \
            or not whole.value:
        return []
    s, v = _eq(part.value / whole.value * 100)
    return [f"{money(part.value)} ÷ {money(whole.value)} × 100 {s} {v}, i.e. {v}%"]


def left(t: str, nums: list[Num]) -> list[str]:
    """What is left of an amount after what was spent: "budget $60k, spent $42k — how much is left?"."""
    cash = _cash(t, nums)
    if len(cash) != 2 or len(nums) != 2 or not _LEFT_ASK.search(t) or not _SPENT.search(t) or _PCT_ASK.search(t):
        return []
    spent, whole = sorted(cash, key=lambda n: n.value)
    return [f"{money(whole.value)} − {money(spent.value)} = {money(whole.value - spent.value)} left"]


# "what percent increase is that", "by how much did it drop", "how big a jump is that in %", "what change is that"
_MOVE_NOUN = r"(?:increase|decrease|rise|drop|change|jump|fall|climb|growth|decline|swing|hike|cut)"
_CHANGE_ASK = re.compile(r"\b(?:percent(?:age)?|%)\s*(?:increase|decrease|rise|drop|change|jump|fall|higher|lower|more|less|"
                         r"growth|decline|swing|hike|cut)|\bby (?:how much|what percent(?:age)?)\b|"
                         r"\bhow much (?:higher|lower|more|less|did it|better|worse|bigger|smaller)\b|\bin relative terms\b|\bwhat (?:kind of |sort of )?" + _MOVE_NOUN + r"\b|"
                         r"\bhow (?:big|large|much) (?:a |an |of an? )?" + _MOVE_NOUN + r"\b|" + _MOVE_NOUN +
                         r"s? (?:in|as an?) (?:percent(?:age)?|%)|\bpercent(?:age)?[- ]?wise\b", re.I)
# two figures of one kind joined as a movement: "from A to B", "A -> B", "A → B", "went A to B", "was A, now B"
_ARROW = re.compile(r"^\s*(?:-+>|→|=>|⇒|to|up to|down to|then)\s*$", re.I)
_MOVED = re.compile(r"\b(?:from|went|gone|moved?|rose|jumped|climbed|grew|fell|dropped|slid|sank|increased|decreased|"
                    r"shifted|changed|was|were|up|down)\s*$", re.I)
_NOW_WORDS = {"and", "but", "it", "it's", "its", "they", "they're", "we", "we're", "is", "are", "at", "now", "today",
              "sits", "sitting", "stands", "currently", "this", "month", "week", "quarter", "year"}


def _now_gap(gap: str) -> bool:
    """"…, now it's", "and now they are", "per thousand; today": what joins a figure that was to the one that is."""
    gap = re.sub(r"^\s*(?:per|a|an|each)\s+[a-z]+\b", " ", gap.lower())  # the unit of the first figure
    words = re.findall(r"[a-z']+", gap)
    return bool(words) and set(words) <= _NOW_WORDS and bool({"now", "today", "currently"} & set(words))


# a figure set against the one it is measured from: "A vs the B", "A (in bookings) compared to last month's B"
_AGAINST = re.compile(r"^[^.?!\d$]{0,30}?\b(?:vs\.?|versus|against|compared (?:to|with)|relative to)\s+(?:the|our|what|last|"
                      r"that|this|my)?\s*(?:[a-z']+\s+){0,2}?\$?\s*$", re.I)


def _moved_pair(t: str, nums: list[Num]) -> tuple[Num, Num] | None:
    """The two figures the message says one moved to the other, in that order, or None."""
    a, b = sorted(nums, key=lambda n: n.start)
    gap, before = t[a.end:b.start], t[max(0, a.start - 30):a.start]
    if b.start > a.end and t[b.start - 1] == "$":
        gap = t[a.end:b.start - 1]
    if _ARROW.match(gap) and (_MOVED.search(before.rstrip(" $")) or not gap.strip().isalpha()):
        return a, b
    if _AGAINST.match(gap):  # "$131,000 vs the 118,800", "540 this month compared to the 450": moved from the second
        return b, a
    if _now_gap(gap) and re.search(r"\b(?:was|were|used to (?:be|cost|run)(?: us| me)?|had been)\s*(?:at\s*)?\$?\s*$", before):
        return a, b
    return None


# "in 3 weeks", "over two months": how long a move took, not a figure that moved
_SPAN_AFTER = re.compile(r"^\s*(?:days?|weeks?|months?|quarters?|years?|hours?)\b", re.I)


def _figures(t: str, nums: list[Num]) -> list[Num]:
    """The figures a change is read between: a span of time said with them ("in three weeks") set aside."""
    return [n for n in nums if n.pct or n.money or not _SPAN_AFTER.match(t[n.end:n.end + 10])]


def asks_percent(t: str) -> bool:
    """The message asks for a change or a share in percent ("what percent drop", "in percent terms")."""
    return bool(_CHANGE_ASK.search(t) or _PCT_ASK.search(t))


def moved(t: str, nums: list[Num]) -> bool:
    """The message asks how much one figure moved to another ("CPC went from 2.10 to 2.73 — by what percent?"):
    a percentage change, not one figure as a rate of the other."""
    nums = _figures(t, nums)
    return len(nums) == 2 and bool(_CHANGE_ASK.search(t)) and _moved_pair(t, nums) is not None


def change(t: str, nums: list[Num]) -> list[str]:
    """The percentage change from one figure to another: "CPA went from $40 to $52 — what increase is that?",
    "spend moved 40k -> 48k, how big a jump in %?", "it was $2.10 and now it's $2.60 — percent change?"."""
    nums = _figures(t, nums)
    if len(nums) != 2 or not (_CHANGE_ASK.search(t) or _PCT_ASK.search(t)):
        return []
    pair = _moved_pair(t, nums)
    if pair is None:
        return []
    a, b = pair
    if not a.value or a.pct != b.pct:
        return []
    s, v = _eq(abs(b.value - a.value) / a.value * 100)
    show = (lambda x: f"{plain(x)} points") if a.pct else money if a.money or b.money else plain  # rates: points
    hi, lo = max(a.value, b.value), min(a.value, b.value)
    word = "increase" if b.value > a.value else "decrease"
    return [f"{show(hi)} − {show(lo)} = {show(round(hi - lo, 4))}",
            f"{show(round(hi - lo, 4))} ÷ {show(a.value)} × 100 {s} {v}, i.e. a {v}% {word}"]


# "how many leads do we need", "how many clicks are needed"
_HOW_MANY_UNIT = re.compile(r"\bhow many ([a-z]+)\b", re.I)
_NEED = re.compile(r"\bhow many (?P<unit>[a-z]+) (?:do|would|will|should) (?:we|i) need\b|\bhow many (?P<unit2>[a-z]+) "
                   r"(?:are|is) needed\b|\bhow many (?P<unit3>[a-z]+) (?:must|to) (?:we|i)? ?(?:get|buy|generate)\b", re.I)


# a count said as the goal: "we need 120 sales", "our target is 300 sign-ups", "to hit 50 bookings"
TARGET = re.compile(r"\b(?:need|needs|want|wants|target(?:ing)?|goal(?: is)?|aim(?:ing)? for|to (?:get|hit|reach|land|win))"
                    r"(?: is| of)?(?: to (?:get|hit|reach|land|win))?(?: about| around| roughly)?\s*$", re.I)


def backwards(t: str, nums: list[Num]) -> list[str]:
    """A target count worked back through a rate ("300 customers at a 20% close rate: how many leads?"),
    and priced when a cost per unit is said ("clicks cost $3": the budget too)."""
    counts = [n for n in nums if not n.pct and not n.money]
    said = len(counts) == 1 and TARGET.search(t[max(0, counts[0].start - 30):counts[0].start]) and _HOW_MANY_UNIT.search(t)
    ask = _NEED.search(t) or said or (re.search(r"\bwhat budget\b|\bhow much (?:budget|money|do we need)\b", t, re.I) and
                                       re.search(r"\bhow many|\bneed|\bwant|\bget\b", t, re.I))
    pcts = [n for n in nums if n.pct]
    counts = [n for n in nums if not n.pct and not n.money]
    prices = [n for n in nums if n.money and not n.pct]
    if not ask or len(pcts) != 1 or len(counts) != 1 or len(prices) > 1 or not pcts[0].value:
        return []
    unit = next((g for g in (ask.groups() if isinstance(ask, re.Match) else ()) if g), "") or "clicks"
    unit = said.group(1) if said and not _NEED.search(t) else unit
    need = counts[0].value / (pcts[0].value / 100)
    s, shown = result(need, True)
    lines = [f"{plain(counts[0].value)} ÷ {plain(pcts[0].value)}% {s} {shown} {unit} needed"]
    if prices:
        total = round(need) * prices[0].value
        lines.append(f"{shown} × {money(prices[0].value)} = {money(total)} — the budget")
    return lines


_COST_PER = re.compile(r"\b(?:cost|price) (?:per|of an?|for an?|to (?:get|win|acquire) an?) (?P<unit>[a-z]+)\b", re.I)


def through_rate(t: str, nums: list[Num]) -> list[str]:
    """A price per step divided by the share that goes on: "a lead costs $50 and 10% become customers"."""
    ask = _COST_PER.search(t)
    pcts = [n for n in nums if n.pct]
    prices = [n for n in nums if n.money and not n.pct]
    if not ask or len(pcts) != 1 or len(prices) != 1 or len(nums) != 2 or not pcts[0].value:
        return []
    v = prices[0].value / (pcts[0].value / 100)
    s, shown = _eq(v)
    return [f"{money(prices[0].value)} ÷ {plain(pcts[0].value)}% {s} ${shown} per {ask.group('unit')}"]


# "2 months left", "3 weeks to go"
_LEFT_PERIODS = re.compile(r"\b(?P<n>\d+) (?P<p>months?|weeks?|days?|quarters?) (?:left|remaining|to go)\b", re.I)


_RATE_ASK = re.compile(r"\brun[- ]?rate\b|\b(?:per|a|each) (?:month|week|day|quarter)\b|\b(?:monthly|weekly|daily)\b", re.I)


def run_rate(t: str, nums: list[Num]) -> list[str]:
    """An amount spread over the periods left: "$50k unspent, 2 months left — monthly run rate?"."""
    m = _LEFT_PERIODS.search(t)
    cash = _cash(t, nums)
    if not m or len(cash) != 1 or not _RATE_ASK.search(t) or int(m.group("n")) < 1:
        return []
    k = int(m.group("n"))
    s, shown = _eq(cash[0].value / k)
    return [f"{money(cash[0].value)} ÷ {k} {s} ${shown} a {m.group('p').rstrip('s')}"]


_BLEND_ASK = re.compile(r"\b(?:blended|overall|combined|all[- ]in|across (?:both|all|the two|them)|in total|together)\b", re.I)


def blended(t: str, nums: list[Num]) -> list[str]:
    """Several spends, each with what it won ("search $20k for 400 sales, social $10k for 150"): each one's cost,
    then the blended one — all the spend over all that was won, not the average of the costs."""
    if not _BLEND_ASK.search(t) or any(n.pct for n in nums) or len(nums) < 4 or len(nums) % 2:
        return []
    pairs = [(a, b) for a, b in zip(nums[::2], nums[1::2])]
    if not all(a.money and not b.money and b.value for a, b in pairs):
        return []
    unit = re.match(r"\s*(?:new\s+)?([a-z]+)", t[pairs[0][1].end:])
    what = unit.group(1) if unit else "unit"
    lines = [f"{money(a.value)} ÷ {plain(b.value)} {_eq(a.value / b.value)[0]} {money(round(a.value / b.value, 2))} per "
             f"{what.rstrip('s')}" for a, b in pairs]
    spent, won = sum(a.value for a, _ in pairs), sum(b.value for _, b in pairs)
    s, v = _eq(spent / won)
    return lines + [f"{' + '.join(money(a.value) for a, _ in pairs)} = {money(spent)} spent in total",
                    f"{' + '.join(plain(b.value) for _, b in pairs)} = {plain(won)} {what} in total",
                    f"{money(spent)} ÷ {plain(won)} {s} ${v} — the blended cost per {what.rstrip('s')}"]


OWN_ONLY = ("percentage change", "blended cost per acquisition")  # the searches of working on the user's figures alone: no passage states its lines


def work(text: str) -> tuple[list[str], str] | None:
    """(working lines, words to search the KB for the rule) for the first of these the message asks, or None."""
    t = digits(text)
    nums = parse_numbers(t)
    for f, search in ((change, "percentage change"), (blended, "blended cost per acquisition"), (share, "pacing share of budget"), (left, "remaining budget"),
                      (backwards, "conversion rate funnel target"), (through_rate, "cost per acquisition conversion rate"),
                      (run_rate, "pacing run rate remaining budget")):
        lines = f(t, nums)
        if lines:
            return lines, search
    return None
