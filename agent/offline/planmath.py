"""The arithmetic a planner expects once a rule or ratio is on the table, shown line by line.

Why: "split 50k the 60/30/10 way", "200k homes 4 times at a $25 CPM", "we should be at $20k and we
are at $17k", "margin is 40% — break-even ROAS?", "a customer is worth $900 and we want 3:1",
"the tool says 300k; how many real people?" are each one formula. The formulas are the generic
ones of media planning (a share of a total; impressions × price per thousand; actual ÷ plan;
1 ÷ margin; value ÷ ratio; a count × the KB's own multiplier); the inputs are the user's numbers
(never invented — a missing one is asked for); the rule's wording and any KB rate are quoted from
the retrieved passage that the answer cites. What the message *asks* is read from English cues
(a slash-separated split summing to 100, "N times", planned/actual, "break-even", "most we can
pay", "how many actually …"), not from any data set's wording.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent.offline.bands import rate_bands
from agent.offline.buyline import reach_line
from agent.offline.numbers import Num, digits, money, parse_numbers, plain
from agent.offline.passages import sentences, terms, units
from agent.offline.reportedcount import asked_words
from agent.offline import actualask, amounts, bandend, keptshare, budgetshare, carryrate, closerate, compare, funnel, goalcost, kbcostrule, periods, sharepick, tallies, userrule  # noqa: I001 (kept apart from the other imports)
from mpa.vocabulary import VOCABULARY, term_pattern
from rag.anyword import any_word

_SPLIT = re.compile(r"(?<![\d.$])\d{1,2}(?:\.\d+)?%?(?:(?:\s*/\s*\d{1,2}(?:\.\d+)?%?){1,4}|(?:-\d{1,2}(?:\.\d+)?%?){2,4})"
                    r"(?!\d|\.\d)")  # "… split 70/20/10." at a sentence's end
_FREQ = re.compile(r"(\d+(?:\.\d+)?)\s*(?:times|x)\b|\bfrequency (?:of )?(\d+(?:\.\d+)?)|\b(\d+(?:\.\d+)?)\s*(?:exposures|impressions each)",
                   re.I)
_PLAN = any_word("plan(?:ned)?", "budgeted", "budget to date", "forecast(?:ed)?", "scheduled", "supposed to",
                 "should (?:have|be)", "should'?ve", "expected to", "target(?:ed)?",
                 "(?:meant|intended|hoped|aimed|due) to")
_PACE = any_word("pac(?:e|ing)", "on track", "tracking", "behind", "ahead", r"under-?spen\w*", r"over-?spen\w*",
                 r"under-?deliver\w*", r"over-?deliver\w*")
_TO_DATE = re.compile(r"\bby (?:today|now|this point)\b|\bto date\b|\bso far\b|"  # a point in the period: "by day 15", "halfway through"
                      r"\bby (?:day|week) \d+\b|\b(?:halfway|half way|\d+ (?:days?|weeks?)) (?:through|into|in)\b|\bmid-?(?:month|way|flight|quarter)\b", re.I)
_OF_PLAN = re.compile(r"%\s*of\s+(?:the\s+|our\s+)?(?:plan(?:ned)?\b|budgeted\b|forecast)", re.I)
# break-even ROAS needs the margin; the most to pay per unit needs a value and a target ratio
_BREAK_EVEN = re.compile(r"\bbreak(?:s|ing)?[- ]?even\b|\b(?:not|without|never|no|don'?t|dont|won'?t|wont|stop) (?:los(?:e|ing)|burn(?:ing)?) (?:any )?money\b", re.I)
_MARGIN = re.compile(r"\bmargins?\b", re.I)
_MOST_PAY = re.compile(r"\b(?:most|max(?:imum)?|highest|ceiling|cap)\b[^.?!]{0,40}\b(?:pay|afford|spend|bid|cac)\b|"
                       r"\bafford to (?:pay|spend)\b|\ballowable (?:cac|cpa|cost)\b|\b(?:ceiling|cap|limit) per [a-z]", re.I)
_RATIO = re.compile(r"(\d+(?:\.\d+)?)\s*(?::|to)\s*1\b")  # "3:1", "3 to 1"
_WORTH = re.compile(r"\b(?:worth|value|ltv|lifetime|contribution|brings? in|generates?|profit)\b", re.I)
MULTIPLY = _MULTIPLY = re.compile(r"\bmultipl\w*\b[^.]{0,120}?\bby\s+\**(\d+(?:\.\d+)?)(?:[^.]{0,60}?\b(?:range|between) of "
                       r"(\d+(?:\.\d+)?)\s*(?:to|–|-)\s*(\d+(?:\.\d+)?))?", re.I)


@dataclass
class Work:
    lines: list[str]
    search: str = ""      # words to add to the knowledge-base search for the rule behind the formula
    value: float | None = None   # a percentage result to place in the KB's bands ("between 80% and 90%")
    base: float | None = None    # a customer's value said before, to take the KB's stated share of
    cited: bool = True           # False: arithmetic on the user's figures alone, whose lines claim nothing of a passage
    shares: tuple = ()           # a split's typed shares, one per line: each cited where a passage states it (sharecite)
    quote: str = ""              # the question the quoted rule answers, when the message's own words point elsewhere


def _nums(text: str) -> tuple[str, list[Num]]:
    t = digits(text)
    return t, parse_numbers(t)


def _near(text: str, n: Num, pattern: re.Pattern, words: int = 6) -> bool:
    before = " ".join(text[:n.start].split()[-words:])
    return bool(pattern.search(before))


def _cpm(text: str) -> bool:
    return bool(term_pattern(tuple(["cpm", *VOCABULARY["metrics"].get("CPM", [])])).search(text.lower()))


def _cash(v: float, is_money: bool) -> str:
    return money(v) if is_money else plain(v)


def split(text: str, budget: float | None) -> Work | None:
    t, nums = _nums(text)
    m = next((m for m in _SPLIT.finditer(t) if abs(sum(float(x) for x in re.findall(r"\d+(?:\.\d+)?", m.group(0)))
                                                     - 100) < 0.51), None)
    if not m or budgetshare.part(text):  # a count asked of one named part is the division's (arith, budgetshare)
        return None
    shares = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", m.group(0))]
    rest = [n for n in nums if n.end <= m.start() or n.start >= m.end()]
    base = max((n for n in rest if not n.pct), key=lambda n: n.value, default=None)
    total = base.value if base else budget
    if total is None:  # "what is the 70/20/10 rule?" asks about the rule, not for a split of nothing
        return None
    cash = bool(base is None or base.money or re.search(r"\b(?:budget|spend|dollars?|k)\b", t, re.I))
    lines = [f"{_cash(total, cash)} × {plain(s)}% = {_cash(total * s / 100, cash)}" for s in shares]
    return Work(lines, "/".join(plain(s) for s in shares) + " split budget", shares=tuple(shares))  # each line cited or not: sharecite


def reach_budget(text: str) -> Work | None:
    if not _cpm(text):
        return None
    t, nums = _nums(text)
    f = _FREQ.search(t)
    if not f:
        return None
    freq = float(next(g for g in f.groups() if g))
    price = next((n for n in nums if n.money and not (f.start() <= n.start < f.end())), None)
    count = max((n for n in nums if not n.money and not n.pct and not (f.start() <= n.start < f.end())),
                key=lambda n: n.value, default=None)
    pcts = [n for n in nums if n.pct]
    if price is None or count is None or count.value < 1000 or len(pcts) > 1:
        return None
    if pcts:  # "reach 30% of them 6 times": the pool × the reach share × the frequency
        imps, line = reach_line(count.value, pcts[0].value / 100, freq)
        return Work([line, f"{plain(imps)} ÷ 1,000 × {money(price.value)} = "
                     f"{money(round(imps * price.value / 1000, 2))} — the budget"], "households frequency CPM budget")
    imps = count.value * freq  # named with its formula's terms (as buyline.reach_line): a method said in other words supports it
    return Work([f"{plain(count.value)} × {plain(freq)} = {plain(imps)} impressions (audience × frequency)",
                 f"{plain(count.value)} × {plain(freq)} × {money(price.value)} ÷ 1,000 = {money(imps * price.value / 1000)}"
                 " — the budget"], "households frequency CPM budget")


_ELAPSED_OF = [  # (days elapsed, days in the period) said of a flight or month
    (re.compile(r"\b(\d+) days? (?:into|in|through) (?:a |an |the |our )?(\d+)[- ]day\b", re.I), False),
    (re.compile(r"\bday (\d+) (?:of|out of) (?:a |the )?(\d+)\b", re.I), False),
    (re.compile(r"\b(\d+) (?:of|out of) (?:the |our )?(\d+) days\b", re.I), False),
    (re.compile(r"\b(\d+) days? (?:left|remaining|to go) (?:in|of) (?:a |an |the |our )?(\d+)[- ]day\b", re.I), True),
]
_TIME = re.compile(r"\b(?:flight|month|quarter|week|campaign|period|time|days?)\b", re.I)


def straight_line(text: str) -> Work | None:
    """Pacing against a straight-line plan when the user gives what is spent, the budget and how far
    into the flight they are ("$18k of a $60k budget, 12 days into a 30-day month"), or the two
    shares ("55% through the budget, 40% through the flight"): planned to date = budget × days
    elapsed ÷ days in the flight; pacing index = spent ÷ planned × 100 (the KB's formula)."""
    t, nums = _nums(text)
    pcts = [n for n in nums if n.pct]
    if len(pcts) == 2 and len(nums) == 2:  # the spent share and the elapsed share
        spent = next((n for n in pcts if re.search(r"\b(?:budget|spend|money)\b", t[n.end:n.end + 30], re.I)), None)
        time = next((n for n in pcts if n is not spent and _TIME.search(t[n.end:n.end + 30])), None)
        if spent is None or time is None or not time.value:
            return None
        pct = spent.value / time.value * 100
        return Work([f"{plain(spent.value)} ÷ {plain(time.value)} × 100 = {plain(round(pct, 1))}, i.e. "
                     f"{plain(round(pct, 1))}% of a straight-line plan"], "pacing index tolerance band", pct)
    for rx, left in _ELAPSED_OF:
        m = rx.search(t)
        if not m:
            continue
        a, total = float(m.group(1)), float(m.group(2))
        done = total - a if left else a
        cash = sorted((n for n in nums if n.money or n.value >= 1000), key=lambda n: n.value)
        if not 0 < done <= total or len(cash) != 2:
            return None
        spent, budget = cash[0].value, cash[1].value
        plan = budget * done / total
        pct = spent / plan * 100
        return Work([f"{money(budget)} × {plain(done)} ÷ {plain(total)} = {money(round(plan, 2))} planned to date on a "
                     "straight line",
                     f"{money(spent)} ÷ {money(round(plan, 2))} × 100 = {plain(round(pct, 1))}, i.e. "
                     f"{plain(round(pct, 1))}% of plan"], "pacing index tolerance band", pct)
    return None


def pacing(text: str, asked_before: str = "") -> Work | None:
    t, nums = _nums(text)
    if _PACE.search(t) and (w := straight_line(text)) is not None:
        return w
    pcts = [n for n in nums if n.pct]
    of_plan = bool(_OF_PLAN.search(t))  # "we're at 85% of planned spend": a pacing index stated
    if len(pcts) == 1 and len(nums) == 1 and (_PACE.search(t) or of_plan or _PACE.search(asked_before)):
        return Work([], "pacing index tolerance band", pcts[0].value)  # "and at 130%?": where that sits
    if not (_PACE.search(t) or _TO_DATE.search(t)) or len([n for n in nums if not n.pct]) < 2:
        return None  # "spent $31k and the plan had us at $40k by today" compares the two without saying "pacing"
    nums = [n for n in nums if not any(d.start() <= n.start < d.end() for d in _TO_DATE.finditer(t))]  # not "day 15"
    plan = next((n for n in nums if not n.pct and _near(t, n, _PLAN)), None)
    if plan is None:
        return None
    others = [n for n in nums if not n.pct and n is not plan]
    actual = next((n for n in others if n.money == plan.money), others[0] if others else None)  # not "12 days in"
    if actual is None or not plan.value:
        return None
    pct = actual.value / plan.value * 100
    return Work([f"{money(actual.value)} ÷ {money(plan.value)} × 100 = {plain(round(pct, 1))}, i.e. "
                 f"{plain(round(pct, 1))}% of plan"],
                "pacing index tolerance band", pct)


def break_even(text: str, asked_before: str) -> Work | None:
    asks = _BREAK_EVEN.search(text) or keptshare.loses_money(text) or keptshare.floor_asked(text) or (_BREAK_EVEN.search(asked_before) and _MARGIN.search(text))
    if not asks or not re.search(r"\broas\b|return on ad", text + " " + asked_before, re.I):
        return None
    t, nums = _nums(text)
    m = next((n for n in nums if n.pct and _MARGIN.search(t)), None) or keptshare.kept(t, nums)  # "we keep 38% of each order"
    if m is None:
        return Work(["?contribution margin (as a percentage of revenue)"]) if re.search(r"\b(?:my|our)\b", text, re.I) \
            else None
    r = 100 / m.value
    return Work([f"break-even ROAS = 1 ÷ contribution margin = 1 ÷ {plain(m.value / 100)} = {plain(round(r, 2))}: each "
                 f"dollar of ad spend must bring back {money(r)} in revenue to break even"],
                "break-even ROAS margin")


def asks_most_per_unit(text: str) -> bool:
    """The most one can pay *per acquired unit* ("per student", "a CAC", "to get a customer"), not a spend cap."""
    return bool(_MOST_PAY.search(text) and re.search(r"\bper\s+[a-z]|\b(?:cac|cpa|acquisition cost)\b|"
                                                  r"\bto (?:get|win|land|acquire|sign(?: up)?) (?:a|an|one|each)\b", text, re.I))


def allowable(text: str, asked_before: str, ltv: float | None = None) -> Work | None:
    """The most to pay per unit: a customer's value ÷ the target ratio (``ltv``: a value the user said
    earlier in the conversation, used when this message states none)."""
    asks = asks_most_per_unit(text) or (asks_most_per_unit(asked_before) and (_RATIO.search(digits(text)) or _WORTH.search(text)))
    if not asks:
        return None
    t, nums = _nums(text)
    r = _RATIO.search(t)
    value = next((n for n in nums if n.money), None)
    if value is None and r is not None and ltv and not [n for n in nums if not n.pct and n.start < r.start()]:
        value = Num(ltv, 0, 0, True, False)
    said = [n for n in _nums(asked_before)[1] if not n.pct] if value is None and r is None and not nums else []
    if len(said) == 1 and _WORTH.search(asked_before):  # "a job brings us $150 profit" just before: the KB's target share
        return Work([], "target acquisition cost break-even", base=said[0].value)
    if value is None or r is None:
        need = " and ".join(w for w, have in (("value of a customer (contribution over their lifetime)", value),
                                              ("target LTV:CAC ratio", r)) if not have)
        return Work([f"?{need}"]) if not nums or re.search(r"\b(?:we|our|my|i)\b", text, re.I) else None
    ratio = float(r.group(1))
    return Work([f"{money(value.value)} ÷ {plain(ratio)} = {money(value.value / ratio)} — the most to pay per customer "
                 f"at {plain(ratio)}:1"], "allowable CAC target LTV:CAC ratio")


_CHANGE = re.compile(r"\b(?:up|down|more|less|fewer|higher|lower|increas\w*|decreas\w*|gr[eo]w\w*|drop\w*|fell|"
                     r"rose|cut|off|growth|decline\w*)\b", re.I)


def adjusted(text: str, quoted: str) -> list[str]:
    """A count the user reports × the multiplier the quoted rule states ("how many actually …")."""
    if not actualask.asks_actual(text):
        return []
    t, nums = _nums(text)
    count = max((n for n in nums if not n.pct and not n.money), key=lambda n: n.value, default=None)
    m = _MULTIPLY.search(quoted)
    shares = [n for n in nums if n.pct and not _CHANGE.search(" ".join(t[max(0, n.start - 25):n.end + 15].split()))]
    if count is not None and not m and shares:  # the user's own shares of the count, taken in turn (a KB example's
        lines, v = [], count.value                # illustrative shares are not theirs)
        for n in shares:
            lines.append(f"{plain(v)} × {plain(n.value)}% = {plain(round(v * n.value / 100, 2))}")
            v = v * n.value / 100
        return lines
    if count is not None and not m:  # "credited with 40-60% of what the platform claimed": that share of the count
        got = userrule.share_of(count.value, False, [{"id": "", "text": quoted}], text)
        return got[1] if got else []
    if count is None or not m:
        return []
    f = float(m.group(1))
    lines = [f"{plain(count.value)} × {plain(f)} = {plain(round(count.value * f, 2))}"]
    if m.group(2):
        lo, hi = float(m.group(2)), float(m.group(3))
        lines.append(f"range: {plain(count.value)} × {plain(lo)} = {plain(count.value * lo)} to "
                     f"{plain(count.value)} × {plain(hi)} = {plain(count.value * hi)}")
    return lines


_REDO = re.compile(r"\b(?:make (?:it|that)|instead|actually|change (?:it |that )?to|now|what if|how about|redo|rerun|"
                   r"re-?run|again|correction|updated?|new (?:budget|figure|number|total))\b|"
                   # one input moved to a new value, the rest kept: "if frequency goes up to 8", "say the CPM were 12, same reach"
                   r"\b(?:if|say|suppose)\b[^.?!]{0,40}?\b(?:goes|go|went|rises?|rose|drops?|dropped|falls?|fell|changes?|changed|"
                   r"moves?|moved|climbs?|climbed|jumps?|jumped|becomes?|were|was|is)(?: up| down| back)? to\b|"
                   r"\b(?:same|otherwise unchanged|everything else (?:the same|equal))\b", re.I)


def redone(text: str, asked_before: str, budget: float | None, sizes: list[tuple[str, str]] | None = None) -> Work | None:
    """"Now make the budget $60k" after a formula was worked: the same formula on the new figure — the
    last question's figure of the same kind (money, a percentage, a count) and the largest of them."""
    t, nums = _nums(text)
    if len(nums) != 1 or not _REDO.search(t) or not asked_before or work(asked_before, "", budget, sizes=sizes) is None:
        return None
    bt, before = _nums(asked_before)
    new = nums[0]
    same = [n for n in before if n.pct == new.pct and (n.money or n.value >= 1000) == (new.money or new.value >= 1000)]
    if not same:
        return None
    old = max(same, key=lambda n: n.value)
    said = (f"${new.value:g}" if old.money else f"{new.value:g}") + ("%" if new.pct else "")
    return work(bt[:old.start] + said + bt[old.end:], "", budget, sizes=sizes)


def work(text: str, asked_before: str, budget: float | None, answered: str = "",
         said: tuple[float, str | None] | None = None, ltv: float | None = None,
         sizes: list[tuple[str, str]] | None = None, cost: tuple[float, str] | None = None) -> Work | None:
    """The first formula the message asks for, or None (``answered``: the last answer, whose working
    a rate may be applied to; ``said``: the budget an earlier statement gave and its period, which
    "what's that per year?" points back to; ``cost``: the end of a range shown before that the message points at)."""
    for w in (split(text, budget), reach_budget(text), pacing(text, asked_before), break_even(text, asked_before)):
        if w is not None:
            return w
    if (a := tallies.work(text, asked_before, answered, sizes)) is not None:  # several of the user's figures tied
        return Work(*a, cited=False)
    if (a := amounts.work(text, said, cost)) is not None:  # the user's own amount moved, re-timed, shared out; payback; break-even
        return Work(*a, cited=a[1] not in amounts.OWN_ONLY)
    if (a := goalcost.work(text)) is not None:  # "$12k and the goal is 40 enrollments: realistic?": the cost each may take
        return Work(*a, cited=False)
    if (k := kbcostrule.work(text, asked_before, answered, ltv, asks_most_per_unit)) is not None:  # the KB's own rule
        return Work(k[0], k[1], quote=k[1])  # the rule's own sentence quoted, whatever the message's words
    if (w := closerate.work(text, asked_before, ltv, asks_most_per_unit) or allowable(text, asked_before, ltv)) is not None:
        return w
    f = funnel.work(text) or carryrate.work(text, answered) or compare.work(text)  # the metrics' identities; a rate
    # on the last count; two of the user's figures compared or a target worked back through a rate
    return Work(f[0], f[1], cited=f[1] not in compare.OWN_ONLY + funnel.OWN_ONLY) if f else redone(text, asked_before, budget, sizes)


def missing(w: Work | None) -> str | None:
    """The input to ask for when the formula lacks one."""
    if w is not None and w.lines and w.lines[0].startswith("?"):
        return w.lines[0][1:]
    return None


def rule_sentence(w: Work, passages: list[dict]) -> str | None:
    """The retrieved sentence stating the formula's rule (most of ``w.search``'s words, a literal
    split such as "70/20/10" counting double), quoted with its citation; None below two words."""
    want = [x.lower() for x in w.search.split()]
    best, where = 0, None
    for ps in passages[:8]:
        said = sentences(ps.get("text", ""))
        for i, sent in enumerate(said):
            low = sent.lower()
            score = sum((2 if "/" in x else 1) for x in want if x in low) + (3 if w.value is not None and
                                                                            _brackets(sent, w.value) else 0)
            if score > best:
                lead = said[i - 1] if i and not w.cited and sum(x in said[i - 1].lower() for x in want) >= 2 else ""
                best, where = score, (f"{lead} {sent}".strip(), ps["id"])  # own figures: the rule with its lead-in
    if best < 2 or where is None:
        return None
    return f"Based on Knowledge Base [{where[1]}]: {where[0]}"


def _brackets(sentence: str, v: float) -> bool:
    """The sentence states a band holding ``v`` ("between 80% and 90%", "above 120%")."""
    return any(lo <= v <= hi for lo, hi in rate_bands(sentence))


_FRACTIONS = {"half": (1, 2), "a half": (1, 2), "a third": (1, 3), "one third": (1, 3), "two thirds": (2, 3),
              "a quarter": (1, 4), "one quarter": (1, 4), "three quarters": (3, 4), "a fifth": (1, 5), "a tenth": (1, 10)}
_SHARE_RULE = re.compile(r"\b(?:(?P<pct>\d+(?:\.\d+)?)%|(?P<frac>" + "|".join(sorted(_FRACTIONS, key=len, reverse=True))
                         + r")) of (?:the |your |a |its )?(?:total )?(?P<per>monthly|annual|yearly|weekly|quarterly|"
                         r"(?:year|month|quarter|week)'s)?\s?(?:[a-z]+(?:'s)? )?(?:paid |media |marketing |ad |advertising )*(?:budget|spend)\b",
                         re.I)
_USER_PERIOD = re.compile(r"\b(?:a|per|for the|each|every|this|the)\s+(?P<p>year|yr|quarter|month|mo)\b|/\s*(?P<q>year|yr|month|mo)\b|"
                          r"\b(?P<r>annual(?:ly)?|yearly|quarterly|monthly)\b", re.I)


def share_of_budget(text: str, quoted: str) -> list[str]:
    """The quoted "N% of the (monthly) budget" (or "a third of the … budget") applied to the user's budget, converted to the
    rule's period first when the user gave another one (a yearly total spread evenly)."""
    m = sharepick.best(_SHARE_RULE, text, quoted)  # the share the question is about, of those the passage states
    t, nums = _nums(text)
    budget = max((n for n in nums if not n.pct), key=lambda n: n.value, default=None)
    if not m or budget is None or budget.value < 1000 or not re.search(r"\?|\b(?:what|how much|which)\b", t, re.I):
        return []
    lines, total = [], budget.value
    u = _USER_PERIOD.search(t)
    mine = periods.norm(u and (u.group("p") or u.group("q") or u.group("r")))
    rule = periods.norm(m.group("per"))
    if mine and rule and mine != rule:
        k = periods.MONTHS[mine] / periods.MONTHS[rule]
        lines.append(f"{money(total)} {f'÷ {plain(k)}' if k > 1 else f'× {plain(1 / k)}'} = {money(total / k)} a {rule}")  # "× 12", not "÷ 0.08"
        total = total / k
    if m.group("frac"):  # "at least a third of the budget": the budget divided into that many parts
        num, den = _FRACTIONS[m.group("frac").lower()]
        lines.append(f"{money(total)}{f' × {num}' if num != 1 else ''} ÷ {den} = {money(total * num / den)}")
        return lines
    pct = bandend.pct(text, quoted, m.start(), m.group(0)) or float(m.group("pct"))  # the band's clause and end asked
    lines.append(f"{money(total)} × {plain(pct)} ÷ 100 = {money(total * pct / 100)}")  # the rule's N% as N hundredths
    return lines


def rate_sentence(passages: list[dict]) -> str | None:
    """The first of the top passages' sentences telling to multiply by a factor, cited."""
    for ps in passages[:4]:
        for sent in sentences(ps.get("text", "")):
            if _MULTIPLY.search(sent):
                return f"Based on Knowledge Base [{ps['id']}]: {sent}"
    return None


def fitting(question: str, passages: list[dict], least: int = 2) -> list[dict]:
    """The passages' sentences telling to multiply by a factor that share at least ``least`` words
    with the question (with the heading they sit under — "platform" meets "platform's reported
    reach", not "annual births"), best first, each as a one-sentence passage under its own id: a
    factor for another kind of count is no answer."""
    asked = asked_words(question)
    found = [(len(asked & set(terms(f"{u.heading} {u.text}"))), -i, {"id": ps["id"], "text": u.text})
             for i, ps in enumerate(passages) for u in units(ps.get("text", "")) if _MULTIPLY.search(u.text)
             and not actualask.ratio_factor(u.text, question)]  # a ROAS's deflator is no factor for an audience
    return [ps for n, _, ps in sorted(found, key=lambda f: f[:2], reverse=True) if n >= least]


def shown(lines: list[str], cite: str | None = None) -> str:
    tag = f" [{cite}]" if cite else ""
    return "Working:\n" + "\n".join(f"- {ln}{tag}" for ln in lines)
