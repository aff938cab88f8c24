"""What the counts an earlier answer worked out are worth: the user's value per unit ("our average order is $38",
"we clear about $900 on each sale", "a session is $120 a head") times the count, and the return on the budget the
count was worked from (that revenue ÷ the budget: the money back for every dollar of ad spend).

Why: people walk a funnel a turn at a time (budget → clicks → orders) and then ask what it is worth ("so is that
profitable?", "what sales would that be at the pricey end?"). The count is in an earlier answer's working, not in the
message; the message's only figure is a price per unit, which the calculator otherwise reads as a budget ("$2,200 ÷
$60 ≈ 37 leads") or not at all. Here the earlier working lines are read back as whole chains ("$12,000 ÷ $1.30 ×
1.8%", recomputed from their operands, never from rounded results), the end the user names picks its chain
(through :func:`chainrate._pick`; the chains read by :mod:`chains`), a period the user names ("in a year") picks that period's lines, and each chain is
carried on × the value and ÷ the budget. What is read is English (a figure said per one of something, a question about
worth or return) and the agent's own working lines; the benchmark answer the turn composed stays below it.
"""
from __future__ import annotations

import re

from agent.offline.chainrate import _pick
from agent.offline.chains import chains, of_period
from agent.offline.numbers import plain, result
from rag.anyword import any_word

# a figure said per one of something: "$2,200 gross on each truck", "$650 a person", "1,800 a term", "$38 per order"
_FIG = r"\$?\s?(?P<v>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(?P<k>k\b)?"
_PER_AFTER = re.compile(_FIG + r"(?:\s+(?:dollars|bucks))?(?:\s+(?:gross|net|profit|margin|revenue|in \w+|back))?\s+"
                        r"(?:(?:on|from|for|off)\s+)?(?:each|every|per|a|an|one)\s+(?P<n>[a-z]+)", re.I)
# "our avg order is $38", "the average sale runs about $900", "a trip is $650", "tuition is 1,800"
_PER_BEFORE = re.compile(r"\b(?:(?:avg|average|typical|usual|mean)\s+(?P<n>[a-z]+)(?:\s+(?:value|size))?|(?:a|each|one|every)\s+"
                         r"(?P<n2>[a-z]+)|(?P<n3>tuition|fees?|ticket))\s+(?:is|are|runs?|comes? to|goes for|costs?|pays?|of|=|at)"
                         r"(?:\s+(?:us|me|them))?\s+(?:about |around |roughly |maybe |say |~)?\$?\s?(?P<v>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(?P<k>k\b)?", re.I)
_CALENDAR = {"month", "week", "day", "year", "quarter", "season", "hour", "minute", "time", "click", "lead", "thousand"}
_BUDGETISH = re.compile(r"\b(?:budget|spend(?:ing)?|ad money|put in|putting in|invest)\b[^.?!,]{0,25}$", re.I)
# the worth asked: sales, revenue, return, profit, what the count brings in
_WORTH = re.compile(r"\b(?:profit\w*|worth|sales|revenue|return|roas|comes? back|bring (?:in|back)|brings? (?:in|back)|"
                    r"make back|earn|pay(?:s|ing)? (?:off|for itself)|break even|gross)\b", re.I)
_LIFETIME = any_word("lifetime", "ltv", "whole course", "over their", "stick around", "per month for", "a month for",
                     "retention", "churn")
_MONEY = re.compile(r"(?<![\d.,])\$\s?(\d[\d,]*(?:\.\d+)?)\s*(k\b)?|(?<![\d.,$])(\d[\d,]*(?:\.\d+)?)\s*(k\b|grand\b|bucks\b|dollars\b)",
                    re.I)


_MARK = "(your figure), on the counts worked out before:"
_RETURN = re.compile(r"\b(?:profit\w*|return|roas|comes? back|pay(?:s|ing)? (?:off|for itself)|break even|worth it)\b", re.I)


def _val(s: str, k: str | None) -> float:
    return float(s.replace(",", "")) * (1000 if k else 1)


def value_per_unit(text: str) -> tuple[float, str, str] | None:
    """(the value, as said, the unit it is per) of the one figure the message states per one of something, or None."""
    found = []
    for m in _PER_AFTER.finditer(text):
        n = m.group("n").lower().rstrip("s")
        if n not in _CALENDAR and not _BUDGETISH.search(text[:m.start()]):
            found.append((_val(m.group("v"), m.group("k")), m.group(0).strip(), n))
    for m in _PER_BEFORE.finditer(text):
        n = (m.group("n") or m.group("n2") or m.group("n3")).lower()
        if n.rstrip("s") not in _CALENDAR and not re.match(r"(?:budget|spend|month|week|cpc|cpl|cpm|cpa|cac|click|lead)", n):
            found.append((_val(m.group("v"), m.group("k")), m.group(0).strip(), n))
    vals = {f[0] for f in found}
    return found[0] if len(vals) == 1 else None


def work(text: str, answers: list[str]) -> str | None:
    """The working of what the counts worked out lately are worth at the user's value per unit, or None."""
    if not answers or not _WORTH.search(text) or _LIFETIME.search(text):
        return None
    got = value_per_unit(text)
    if not got and _MARK in answers[-1] and _RETURN.search(text) and not re.search(r"\d", text):
        return answers[-1].split("\n\n", 1)[0]  # "so is that profitable?" right after the worth: its return, again
    if not got:
        return None
    value, said, unit = got
    others = [_val(m.group(1) or m.group(3), m.group(2) or (m.group(4) if (m.group(4) or "").lower() == "k" else None))
              for m in _MONEY.finditer(text)]
    budget = next((o for o in others if o != value), None)  # "back to the full 5k": the working from that budget
    found, src = [], ""
    for a in reversed(answers[-4:]):
        c = chains(a)
        if c and (budget is None or any(abs(x[4] - budget) < 0.5 for x in c)):
            found, src = [x for x in c if budget is None or abs(x[4] - budget) < 0.5], a
            break
    if not found:
        return None
    kept, timed = of_period(found, text)
    found = kept or found
    lines, under = [], False
    for count, how, what, tail, budget_of in _pick(text, found):
        worth = count * value
        (s, shown), (s2, w) = _shown(count), _shown(worth)
        lines.append(f"{how} {s} {shown} {what}{tail}")
        lines.append(f"{shown} × ${plain(value)} {s2} ${w} in sales")
        if budget_of and not timed:  # a period's count against the budget of another period: no return
            s3, r = result(worth / budget_of, False)
            lines.append(f"${w} ÷ ${plain(budget_of)} {s3} ${r} back for every $1 of ad spend ({r}x)")
            under = under or worth < budget_of
    head = src.split("\n", 1)[0].strip()  # the cited prices and rates the counts were worked at
    head = head.rstrip(":").split(". At your")[0] + "; " if "Based on Knowledge Base [" in head else ""
    return (f"{head}{'a' if head else 'A'}t your ${plain(value)} per {unit} {_MARK}\n"
            + "\n".join(f"- {ln}" for ln in lines)
            + ("\n\nBelow $1 back for every $1 of ad spend, the ads cost more than the sales they bring in." if under else ""))


def _shown(v: float) -> tuple[str, str]:
    s, shown = result(v, False)
    return s, plain(v) if s == "=" else shown  # "15", not "15.0"

def amend(text: str, answers: list[str], composed: str) -> str:
    """The composed answer with the worth's working put first; a working that took the value for a budget dropped."""
    got = work(text, answers)
    if not got:
        return composed
    value = (value_per_unit(text) or (None,))[0]
    misread = value and re.search(rf"^-?\s*\$?{re.escape(plain(value))}\s*[÷×]", composed or "", re.M)
    return got if misread or not (composed or "").strip() else got + "\n\n" + composed
