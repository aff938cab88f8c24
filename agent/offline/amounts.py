"""An amount the user states, moved or re-expressed, with the working shown line by line.

Why: planners ask for arithmetic on their own figures that needs no benchmark at all — "cut our
$80k by 20%, what's left?", "trim that CPA by a fifth", "we're halving the quarterly spend",
"$5k a week — what's that over a year?", "two thirds to search and the rest to social", "400k
people three times each: how many impressions?", "a customer costs $300 and brings $50 a month —
months to pay back?", "a $200 product at a 30% margin: the most a sale may cost?". Each is one
formula (amount × (1 ± change); amount × periods; total × share; reach × frequency; cost ÷
monthly value; price × margin). What is asked is read from English alone — verbs of change,
fraction words, period words, "the rest" — never from a data set's wording. Inputs are the
user's; with one missing or ambiguous, no line is written (the turn is left to the other rules).
"""
from __future__ import annotations

import re
from fractions import Fraction

from agent.offline import buyask, monthtest, periods
from agent.offline.asking import asks_anything
from agent.offline.buyline import reach_line
from agent.offline import phrasalup
from agent.offline.fractionwords import WORDS as FRACTION_WORDS, fraction
from agent.offline.arith import LESS, MORE
from agent.offline.numbers import Num, digits, money, parse_numbers, plain
from agent.offline.parse import parse
from rag.anyword import any_word

_FRAC_RX = FRACTION_WORDS  # fraction words: "a fifth", "two thirds", "half" (:mod:`fractionwords`)
_DOWN = re.compile(rf"\b(?:{LESS}|shave\w*|less|knock\w* off)\b", re.I)  # the verbs a budget cut is said with, and a few
_UP = re.compile(rf"\b(?:{MORE}|higher|growing|rising)\b", re.I)
_MULTIPLE = re.compile(r"\b(halv\w*|doubl\w*|tripl\w*)\b|\b(?:cut|slash\w*|chop\w*)\s+(?:\w+\s+){0,3}?in half\b", re.I)
_ASKS = re.compile(r"\?|\b(?:what|how much|tell me|work out|calculate)\b", re.I)


def _asks(t: str) -> bool:
    """Does the message ask for a figure: a question word or a request for the sum anywhere, or a sentence that
    asks (:func:`~agent.offline.asking.asks_anything`: "is that enough", typed with or without its "?")?"""
    return bool(_ASKS.search(t)) or asks_anything(t)
_HOW_MANY = re.compile(r"\bhow many\b", re.I)
_COUNTED = re.compile(r"\bhow many\b(?! (?:dollars|bucks)\b)", re.I)  # a count asked, not "how many dollars is that"
# "the smallest monthly amount a channel should get": a rule of the knowledge base asked, not the amount re-timed
_RULE_ASKED = re.compile(r"\b(?:should|ought to|must|need to|minimum|maximum|smallest|least|most|at most|at least)\b", re.I)
# periods in weeks (52 to a year)
_WEEKS = {"week": 1, "month": Fraction(52, 12), "quarter": 13, "year": 52}
_PERIOD_WORD = r"(week|wk|month|mo|quarter|qtr|year|yr)"
_OWN_PERIOD = re.compile(r"^\s*(?:dollars?|bucks|usd)?\s*(?:(?:a|an|per|each|every|/)\s*" + _PERIOD_WORD + r"\b|"
                         r"(weekly|monthly|quarterly|annually|yearly))", re.I)
_ASKED_PERIOD = re.compile(r"\b(?:per|a|an|each|every|for (?:a|the|one)|over (?:a|the|one)|in (?:a|the|one)|across (?:a|the))"
                           r"\s+(?:(?:full|whole|entire|calendar|fiscal)\s+)?" + _PERIOD_WORD + r"\b|"
                           r"\b(weekly|monthly|quarterly|annually|yearly|annual)\b", re.I)


def _period(word: str | None) -> str | None:
    """:func:`~agent.offline.periods.norm`, with the week (which budgets are also said for here)."""
    return "week" if (word or "").lower().startswith("w") else periods.norm(word)


def _money_amounts(t: str, nums: list[Num]) -> list[Num]:
    """Sums of money the message states ("$80k", "20k budget"): not percentages, not small counts."""
    return [n for n in nums if not n.pct and (n.money or n.value >= 1000)]


def own_period(t: str, n: Num) -> str | None:
    """The period an amount is said for ("$5k a week", "our monthly budget is 20k"): a week here, the
    longer ones as :mod:`~agent.offline.periods` reads them."""
    m = _OWN_PERIOD.match(t[n.end:n.end + 30])
    weekly = re.search(r"\bweekly\b(?:\s+[\w-]+){0,3}\s*$", t[max(0, n.start - 40):n.start], re.I)
    return "week" if weekly or (m and _period(m.group(1) or m.group(2)) == "week") else periods.of_budget(t, n)


def asked_periods(t: str, n: Num, own: str | None) -> list[str]:
    """The other periods the message asks the amount for, in the order asked ("per quarter and per year")."""
    out: list[str] = []
    said = _OWN_PERIOD.match(t[n.end:n.end + 30])
    for m in _ASKED_PERIOD.finditer(t):
        if said and n.end <= m.start() < n.end + said.end():  # the amount's own period word
            continue
        p = _period(m.group(1) or m.group(2))
        if p and p != own and p not in out:
            out.append(p)
    return out


def _factor(t: str, amount: Num, nums: list[Num]) -> tuple[Fraction | float, str] | None:
    """(the factor the amount is moved by, how it is said) — "by 20%" with a verb of change, "by a fifth",
    "halve", "double" — or None."""
    if m := _MULTIPLE.search(t):
        word = (m.group(1) or "halv").lower()
        k = {"halv": Fraction(1, 2), "doub": Fraction(2), "trip": Fraction(3)}[word[:4]]
        return k, f"× {plain(float(k))}"
    pcts = [n for n in nums if n.pct]
    if len(pcts) == 1:
        near = phrasalup.blank(t[max(0, pcts[0].start - 40):pcts[0].end + 25])  # "end up paying": no rise
        if re.search(r"\b(?:rate|ctr|cvr|conversion|margin|share)\b", t[pcts[0].end:pcts[0].end + 25], re.I):
            return None
        down, up = bool(_DOWN.search(near)), bool(_UP.search(near))
        if down != up:
            v = pcts[0].value
            return 1 + (v if up else -v) / 100, f"(1 {'+' if up else '−'} {plain(v)}%)"
        return None
    if pcts:
        return None
    m = re.search(r"\bby\s+" + _FRAC_RX + r"\b", t, re.I)
    if m:
        share = fraction(m.group(1), m.group(2))
        near = phrasalup.blank(t[max(0, m.start() - 40):m.end()])
        down, up = bool(_DOWN.search(near)), bool(_UP.search(near))
        if down != up and share < 1:
            return (1 - share if down else 1 + share), f"(1 {'−' if down else '+'} {share.numerator}/{share.denominator})"
    return None


def _decimal(k: Fraction | float) -> str | None:
    """``k`` written as a short decimal ("0.8", "1.15"), or None when it does not end (2/3)."""
    v = float(k)
    return plain(v) if abs(round(v, 2) - v) < 1e-12 else None


def _eq(amount: float, how: str, k: Fraction | float) -> tuple[str, float]:
    """"$50 × (1 − 1/5) = $50 × 0.8 = $40": the amount times its factor, said as it was asked."""
    new = amount * float(k)
    shown = round(new, 2)
    sign = "=" if abs(new - shown) < 1e-9 else "≈"
    dec = _decimal(k)
    if dec is None:
        k = Fraction(k).limit_denominator(100)
        return f"{money(amount)} × {k.numerator} ÷ {k.denominator} {sign} {money(shown)}", shown
    if how.startswith("×"):
        return f"{money(amount)} × {dec} {sign} {money(shown)}", shown
    return f"{money(amount)} × {how} = {money(amount)} × {dec} {sign} {money(shown)}", shown


def moved(text: str) -> list[str]:
    """An amount cut or raised (by a percentage, a fraction, half or double), then put into any other
    period asked: the new amount."""
    t = digits(text)
    nums = parse_numbers(t)
    cash = _money_amounts(t, nums)
    if len(cash) != 1 or _HOW_MANY.search(t) or not _asks(t) or _RULE_ASKED.search(t) or _counts(text):
        return []  # "we'll double it. customers that month?": what the moved budget buys (arith), not the money alone
    own = own_period(t, cash[0])
    wanted = asked_periods(t, cash[0], own) if own else []
    calc = parse(text).calc
    if calc is not None and not (calc.op == "change" and wanted):
        return []  # a change the question's own operation takes further (a new price, then a ratio) is arith's
    f = _factor(t, cash[0], nums)
    if f is None:
        return []
    line, new = _eq(cash[0].value, f[1], f[0])
    return [f"{line} — the amount after the {'cut' if float(f[0]) < 1 else 'increase'}"] + [
        _convert(new, own, want) for want in wanted]


def _counts(text: str) -> bool:
    """The message asks how many of a unit the amount buys, tersely ("leads per month?"): the division's, not a re-timing."""
    c = buyask.bare(parse(text)).calc
    return c is not None and c.op == "div" and bool(c.target)


def _convert(amount: float, have: str, want: str) -> str:
    """The amount in another period, said with the periods' counts in a year ("× 12 ÷ 52" a month to a week)."""
    a, b = round(52 / _WEEKS[have]), round(52 / _WEEKS[want])  # how many of each in a year
    k = Fraction(a, b)
    new = round(amount * float(k), 2)
    sign = "=" if abs(amount * float(k) - new) < 1e-9 else "≈"
    op = f"× {a // b}" if a % b == 0 else f"÷ {b // a}" if b % a == 0 else f"× {a} ÷ {b}"
    return f"{money(amount)} {op} {sign} {money(new)} a {want}"


def per_period(text: str) -> list[str]:
    """One amount said for one period, asked for others ("$30k a month — per quarter and per year?")."""
    t = digits(text)
    nums = parse_numbers(t)
    cash = _money_amounts(t, nums)
    if len(cash) != 1 or any(n.pct for n in nums) or _HOW_MANY.search(t) or not _asks(t) or _RULE_ASKED.search(t) \
            or _counts(text):  # "21k a quarter. leads per month?": what it buys each month, not the money re-timed
        return []
    days = re.search(r"\b(\d+)[- ]days?\b", t)
    if days and re.search(r"\b(?:daily|per day|a day|each day|every day)\b", t, re.I) and int(days.group(1)) > 1:
        k = int(days.group(1))  # "$30k for a 30-day flight — the daily budget?": spread evenly over its days
        v = round(cash[0].value / k, 2)
        return [f"{money(cash[0].value)} ÷ {k} {'=' if v * k == cash[0].value else '≈'} {money(v)} a day"]
    own = own_period(t, cash[0])
    want = asked_periods(t, cash[0], own) if own else []
    return [_convert(cash[0].value, own, w) for w in want]


# "two thirds [of the $90k] to search", "45% of our $200k into social", "the rest to video", "evenly between A and B"
_GOES_TO = r"\s+(?:goes\s+|go\s+)?(?:to|into|in|on|for)\s+(?P<what>[a-z][\w-]*)"
_OF_AMOUNT = r"(?:\s+of\s+(?:it|that|(?:the|our|my|your|this)\s+)?(?:\$?\d[\d,.]*\s*[km]?\b|\w+))?"
_SHARE = re.compile(r"\b(?:(?P<pct>\d+(?:\.\d+)?)\s?%|(?:(?P<n>a|an|one|two|three|four|[1-4])\s+)?(?P<f>half|thirds?|quarters?|"
                    r"fifths?|tenths?))" + _OF_AMOUNT + _GOES_TO, re.I)
_EVEN = re.compile(r"\b(?:evenly|equally|in equal (?:parts|shares))\s+(?:between|across|among|over)\s+(?:the\s+)?"
                   r"(?P<names>[a-z][\w-]*(?:(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+)[a-z][\w-]*){1,5})", re.I)
_REST = re.compile(r"\b(?:the\s+)?(?:rest|remainder|remaining|balance|what'?s left)\b(?:\s+\w+){0,2}?" + _GOES_TO, re.I)


_PCT_NAMED = re.compile(r"\b(?P<pct>\d+(?:\.\d+)?)\s?%\s+(?:to\s+|on\s+|for\s+|into\s+|in\s+)?(?P<what>[a-z][\w-]*)", re.I)


def shares(text: str) -> list[str]:
    """A total shared out by the fractions or percentages said ("two thirds to search and the rest to social")."""
    t = digits(text)
    nums = parse_numbers(t)
    cash = _money_amounts(t, nums)
    found = list(_SHARE.finditer(t))
    listed = list(_PCT_NAMED.finditer(t))  # "40% search, 35% social, 25% CTV": shares named without a "to"
    if len(found) < 2 and len(listed) > 1 and abs(sum(float(m.group("pct")) for m in listed) - 100) < 0.51:
        found = listed
    even = _EVEN.search(t)
    if len(cash) == 1 and even and not found and not _HOW_MANY.search(t):  # "split $70k evenly between search and social"
        names = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", even.group("names"))
        k = len(names)
        return [f"{money(cash[0].value)} ÷ {k} {'=' if (cash[0].value / k) == round(cash[0].value / k, 2) else '≈'} "
                f"{money(round(cash[0].value / k, 2))} to each of {', '.join(names)}"] if 1 < k <= 6 else []
    if len(cash) != 1 or not found or _HOW_MANY.search(t):
        return []
    parts: list[tuple[Fraction, str]] = []
    for m in found:
        if m.group("pct"):
            parts.append((Fraction(m.group("pct")).limit_denominator(1000) / 100, m.group("what")))
        else:
            k = fraction(m.group("n"), m.group("f"))
            parts.append((k, m.group("what")))
    rest = _REST.search(t)
    used = sum(k for k, _ in parts)
    if rest and used < 1:
        parts.append((1 - used, rest.group("what")))
    one_said = len(found) == 1 and found[0].group("n") and found[0].group("f") and _asks(t)  # "a fifth goes to brand"
    if not (rest or len(parts) > 1 or one_said) or sum(k for k, _ in parts) > 1:  # (a bare "quarter" is a period)
        return []
    total = cash[0].value
    lines = []
    for k, what in parts:
        v = round(total * float(k), 2)
        sign = "=" if abs(total * float(k) - v) < 1e-9 else "≈"
        how = f"× {plain(float(k * 100))}%" if k.denominator in (1, 2, 4, 5, 10, 20, 25, 50, 100) else \
            f"× {k.numerator} ÷ {k.denominator}"
        lines.append(f"{money(total)} {how} {sign} {money(v)} to {what}")
    return lines


_PART = re.compile(r"%\s*(?:of\s+(?:it|that|this|the|our|my|your|\$?\d)|(?:of\s+\w+\s+)?(?:goes|go|went|is|are|gets?|"
                   r"should go)\s+(?:to|into|on|for|in)\b)", re.I)
# "put 15% toward tests", "set aside 10% for brand": the share given to something by the verb before it
_GIVEN = (re.compile(r"\b(?:put|putting|spend|spending|set aside|setting aside|allocat\w*|earmark\w*|devot\w*|dedicat\w*|"
                     r"reserv\w*|give|giving|move|moving|send|sending)\s+(?:about |around |roughly |only |just )?$", re.I),
          re.compile(r"\S*\s*(?:%|percent\b)\s*(?:of (?:it|that|this|the budget) )?(?:to|towards?|into|on|for)\b", re.I))


def part(text: str) -> list[str]:
    """A percentage of the one amount stated ("15% of our $200k", "if 15% goes to testing"), not a change of it."""
    t = digits(text)
    nums = parse_numbers(t)
    cash, pcts = _money_amounts(t, nums), [n for n in nums if n.pct]
    if len(cash) != 1 or len(pcts) != 1 or _COUNTED.search(t) or not _asks(t) or \
            not (_PART.match(t[pcts[0].end - 1:pcts[0].end + 40]) or (_GIVEN[0].search(t[max(0, pcts[0].start - 40):pcts[0].start])
                 and _GIVEN[1].match(t[pcts[0].start:pcts[0].end + 40]))) or _DOWN.search(t) or _UP.search(phrasalup.blank(t)):
        return []
    v = cash[0].value * pcts[0].value / 100
    return [f"{money(cash[0].value)} × {plain(pcts[0].value)} ÷ 100 {'=' if v == round(v, 2) else '≈'} {money(round(v, 2))}"]  # N% as N hundredths


_FREQ = re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:times|x)\b|\bfrequency (?:of )?(\d+(?:\.\d+)?)\b|"
                   r"\b(\d+(?:\.\d+)?)\s*(?:impressions|exposures|views|ads)\s+(?:each|apiece|per (?:person|head))\b", re.I)


# an impression said the plain way: "ad views", "exposures", "times the ad is seen"
_IMPRESSION = (r"(?:impressions?|(?:ad\s+)?views|exposures|showings|ad plays|times (?:the|our|an?|that) (?:ad|spot|video) "
               r"(?:is|are|gets?|will be|would be|gets) (?:seen|shown|served|viewed|played))")
_SAYS_IMPRESSION, _IMPRESSION_NEXT = re.compile(r"\b" + _IMPRESSION + r"\b", re.I), re.compile(r"\s*(?:\w+\s+)?" + _IMPRESSION + r"\b", re.I)
_IMPRESSIONS_ASKED = re.compile(r"\bhow many (?:total )?" + _IMPRESSION + r"|\b" + _IMPRESSION + r" (?:is|are|would|will|do)\b|"
                                r"\b(?:total|number of) " + _IMPRESSION, re.I)  # compiled once (were built on every call)


def impressions(text: str) -> list[str]:
    """People reached × how often each sees the ad = impressions (no price asked)."""
    t = digits(text)
    if not _SAYS_IMPRESSION.search(t) or not (_asks(t) or _HOW_MANY.search(t)) or re.search(
            r"\bcpm\b|\$", t, re.I):
        return []  # "how many impressions do i need" asks without a question mark, as people type
    f = _FREQ.search(t)
    nums = [n for n in parse_numbers(t) if not n.pct and not (f and f.start() <= n.start < f.end())]
    if not f or len(nums) != 1 or nums[0].value < 100 or _IMPRESSION_NEXT.match(t[nums[0].end:]) \
            or not _IMPRESSIONS_ASKED.search(t):
        return []  # a count of impressions is divided by the frequency (funnel), not multiplied
    freq = float(f.group(1) or f.group(2) or f.group(3))  # "4 times", "a frequency of 4", "4 impressions each"
    pcts = [n for n in parse_numbers(t) if n.pct]
    if len(pcts) > 1:
        return []
    if pcts:  # "reach 60% of a 500,000 audience 4 times": the pool × the reach share × the frequency
        return [reach_line(nums[0].value, pcts[0].value / 100, freq)[1]]
    return [f"{plain(nums[0].value)} × {plain(freq)} = {plain(nums[0].value * freq)} impressions (people reached × "
            "average frequency)"]


_PAYBACK = re.compile(r"\bpay\s?back\b|\b(?:pay|pays|paying|earn\w*|comes?|coming|came|made|makes|make|gets?|got|won|wins?|"
                      r"returns?)\b(?:\s+[\w$,.']+){0,4}?\s+back\b|\brecoup\w*|\brecover\w*|\bbreak even on\b|"
                      # "how many months until we're even", "… before they break even": the time to even out is a payback
                      r"\b(?:until|till|til|before|to)\s+(?:we|we're|we are|they|they're|they are|it|it's|it is|you|i|i'm)\s+"
                      r"(?:(?:are|is|am|get|go|come out|end up|reach|hit)\s+)?(?:(?:break|breaks|breaking)[- ]?)?even\b", re.I)
_WHEN = any_word("months?", "how (?:long|soon|quickly|fast)", "when")

# the payback of the user's own customers predicted ("when will a new subscriber have paid us back", "when does a member earn
# back their cost", "how many months before a client recoups it", "how long until payback on a new member")
_FORECAST = re.compile(r"\b(?:will|would|does|do|did|until|till|before|'ll)\b[^?.!]{0,40}\b(?:(?:pay|pays|earn|earns|make|"
                       r"makes)\s+(?:[\w']+\s+){0,3}?back\b|recoups?\b)|\bhow (?:soon|long|quickly|fast|many months)\b"
                       r"(?:\s+(?:is|are|until|till|before|to))?\s+(?:the\s+)?(?:pay\s?back|recoup\w*)\b", re.I)
# … not the norm asked: "how soon should …", "the usual payback", "what payback period is fine", "how long does
# payback typically take" — the KB states those
_NORM = re.compile(r"\b(?:typical|usual|normal|good|target|benchmark|average|standard|default)\s+(?:simple\s+)?pay\s?back\b|"
                   r"\b(?:healthy|acceptable|reasonable|ideal|usually|typically|normally|ideally|generally)\b", re.I)


_OWN = any_word("we", "we'?re", "our", "ours", "us", "my", "i", "i'?m", "me")


def _stated_for_a_kind(text: str) -> bool:
    """The payback of a kind of business, not of the user's own ("how long is the payback for a tutoring center"),
    where the served KB states payback figures: a look-up of its figure, not a sum needing the user's numbers."""
    from agent.offline import servedkb
    folder = servedkb.folder()
    return bool(folder) and not _OWN.search(text) and any(
        f.metric and "payback" in f.metric.lower() for f in servedkb.facts(folder))


def asks_payback(text: str) -> bool:
    """Whether the message asks how long a customer takes to pay back what they cost."""
    return bool(_PAYBACK.search(t := digits(text)) and _WHEN.search(t))


def payback(text: str, cost: tuple[float, str] | None = None) -> list[str]:
    """Months to earn back what a customer costs: the cost ÷ what the customer brings in a month (the KB's simple
    payback, "CAC ÷ monthly contribution per customer"). Asked of the user's own customers with no monthly figure
    said, that figure — one only the user has — is the input asked for. ``cost``: the end of a range shown before
    that the message points at ("at the cheap end of that donor cost") and the passage that states it, when the
    message states no cost itself."""
    t = digits(text)
    if not (_PAYBACK.search(t) and _WHEN.search(t)) and not monthtest.asks(t):  # "do we pass the 12 month test?"
        return []
    nums = parse_numbers(t)
    if not any(own_period(t, n) == "month" for n in nums if not n.pct) and _FORECAST.search(t) \
            and not _RULE_ASKED.search(t) and not _NORM.search(t) and not _stated_for_a_kind(t):
        return ["?monthly contribution per customer (what one customer brings in each month, after costs)"]
    cash = [n for n in nums if n.money and not n.pct]
    if len(nums) == 2 and not any(n.pct for n in nums):  # two sums, said bare or not: "CAC is 180, 45 a month in margin"
        cash = nums
    monthly = [n for n in cash if own_period(t, n) == "month"]
    once = [n for n in cash if n not in monthly]
    shown = f" [{cost[1]}]" if cost and cost[1] and not once else ""  # the remembered end, cited where it was read
    once = once or ([Num(cost[0], 0, 0, True, False)] if cost else [])
    if len(monthly) != 1 or len(once) != 1 or not monthly[0].value:
        return []
    v = once[0].value / monthly[0].value
    sign = "=" if abs(v - round(v, 2)) < 1e-9 else "≈"
    return [f"{money(once[0].value)}{shown} ÷ {money(monthly[0].value)} {sign} {plain(round(v, 2))} months — the payback "
            f"(CAC ÷ monthly contribution){monthtest.verdict(v, t)}"]


def break_even_cost(text: str) -> list[str]:
    """The most one sale may cost before it loses money: what the sale brings in × the margin."""
    t = digits(text)
    if not re.search(r"\bbreak[- ]?even\b|\blos(?:e|ing) money\b", t, re.I) or re.search(r"\broas\b|return on ad", t, re.I):
        return []
    nums = parse_numbers(t)
    margin = [n for n in nums if n.pct and re.search(r"\bmargins?\b", t[max(0, n.start - 30):n.end + 20], re.I)]
    cash = [n for n in nums if n.money and not n.pct]
    if len(margin) != 1 or len(cash) != 1 or len([n for n in nums if n.pct]) != 1:
        return []
    v = cash[0].value * margin[0].value / 100
    return [f"{money(cash[0].value)} × {plain(margin[0].value)}% = {money(round(v, 2))} — the most a sale can cost "
            "before it loses money (break-even CPA)"]


# the amount itself pointed back to: "cut it by 10%", "split that", "what's that per year?", "15% of it"
_POINTS_BACK = re.compile(r"\b(?:cut\w*|trim\w*|slash\w*|reduc\w*|rais\w*|increas\w*|boost\w*|bump\w*|halv\w*|doubl\w*|"
                          r"tripl\w*|split\w*|divid\w*|spread\w*|shar\w*|grow\w*|lower\w*|drop\w*)\s+(?:it|that|this)\b|"
                          r"\bwhat(?:'s| is| does| would)\s+(?:that|it|this)\b|\bof (?:that|it|this)\b", re.I)


OWN_ONLY = ("share of budget",)  # the searches of working on the user's figures alone: no passage states its lines


def work(text: str, said: tuple[float, str | None] | None = None, cost: tuple[float, str] | None = None) -> tuple[list[str], str] | None:
    """(working lines, words to search the KB for the rule) for the first of these the message asks, or None.
    A message stating no amount that points back to one ("what's that per year?", "and if we cut it by 10%?")
    is read with the budget said before (``said``: the amount and its period); ``cost``: a range end it points at."""
    t = digits(text)
    if said and said[0] and not _money_amounts(t, parse_numbers(t)) and _POINTS_BACK.search(t):
        text = f"${said[0]:g}{f' a {said[1]}' if said[1] else ''}: {text}"
    for f, search in ((break_even_cost, "break-even CPA margin"), (payback, "payback period months CAC"),
                      (shares, "budget split channels share"), (part, "share of budget"),
                      (impressions, "reach frequency impressions"),
                      (moved, "budget change reallocate"), (per_period, "monthly budget pacing")):
        lines = f(text, cost) if f is payback else f(text)
        if lines:
            return lines, search
    return None
