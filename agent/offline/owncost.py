"""What one of the counts worked out before cost the user: the budget the count was worked from ÷ the count — asked
back without a figure ("and what does ours come to on the bad case?", "what would each of those customers have cost
us at the pricey end?", "is the cost per member that works out to in line with normal?").

Why: after a funnel walked a turn at a time (budget → leads → trucks sold), the user's own cost of one is a number
the conversation already decides — spend ÷ what it won, the KB's own CAC arithmetic — but the message holds no
figure, so it was answered with the benchmark alone (or not at all). Here the earlier working lines are read back as
whole chains (:mod:`~agent.offline.chains`, recomputed from their operands), the case the user names picks its chain
(the bad / worst / pricey case is the fewest won, the good / best / cheap case the most), and the budget is divided by
the count. What is read is English (a cost of one asked of "ours" / "each of those" / "that works out to") and the
agent's own working lines; the benchmark answer the turn composed stays below it, to compare with.
"""
from __future__ import annotations

import re

from agent.offline.chains import chains, of_period
from agent.offline.numbers import money, plain, result

# the user's own cost of one asked back: "what does ours come to", "what would each of those customers have cost us",
# "the cost per member that works out to", "what did each one cost us"
_ASKED = re.compile(r"\bwhat (?:does|did|would|will) ours (?:come|work|run)(?: out)? to\b|\bours (?:come|comes|work|works) out\b|"
                    r"\b(?:each|every|one) of (?:those|these|them)(?: [a-z]+)? (?:have |has |would have |will |would )?"
                    r"(?:cost|run)\b|\bcost per [a-z]+ (?:that|this|it|those) (?:works?|comes?) out (?:to|at)\b|"
                    r"\bwhat (?:did|does|would) (?:each|every) (?:one|[a-z]+) (?:have )?cost (?:us|me)\b", re.I)
# the composed answer's note on a part of the question it could not answer: "… no answer to the part “…”."
_UNANSWERED = re.compile(r"The knowledge base has no answer to the part “([^”]*)”\.?$")
# "- 600 ÷ 3% ÷ 0.6% ÷ 1,000 × $25 ≈ $83,333.33 — the budget for 600 at the top of the range"
_BUDGET_FOR = re.compile(r"^- \d[\d,]* (?P<steps>[÷×][^\n=≈]*?) [=≈] \$(\d[\d,]*(?:\.\d+)?) — the budget for (\d[\d,]*)"
                         r"((?: at the [a-z]+ of the range)?)", re.M)
_FEW = re.compile(r"\b(?:bad|worst|worse|pessimistic|pricey|pricier|priciest|expensive|dear|high[- ]cost|top)\b", re.I)
_MANY = re.compile(r"\b(?:good|best|better|optimistic|cheap|cheaper|cheapest|low[- ]cost|bottom)\b", re.I)


def _num(s: str) -> float:
    return float(s.replace(",", ""))


def work(text: str, answers: list[str]) -> list[str] | None:
    """The working lines of the user's cost of one, from the latest answer whose working counted something from a
    budget, or None (module doc)."""
    if not answers or not _ASKED.search(text or "") or re.search(r"\d", text):
        return None
    if back := _BUDGET_FOR.findall(answers[-1]):  # a budget worked back for a target just before: the steps for one
        out = []
        for steps, b, n, where in back:
            one = _num(b) / _num(n)
            eq = "=" if abs(one - round(one, 2)) < 1e-9 else "≈"
            out.append(f"1 {steps} {eq} {money(round(one, 2))} — your cost per one{where} (the same steps for one: "
                       f"{money(_num(b))} ÷ {n})")
        return out
    found = next((c for a in reversed(answers[-4:]) if (c := of_period(chains(a), text)[0])), None)
    if not found:  # a count per month from a quarter's budget is no cost of one: the chains per no period (or the one named)
        return None
    if len(found) > 1 and _FEW.search(text) and not _MANY.search(text):
        found = [min(found, key=lambda c: c[0])]
    elif len(found) > 1 and _MANY.search(text) and not _FEW.search(text):
        found = [max(found, key=lambda c: c[0])]
    lines = []
    for count, how, unit, tail, budget in found:
        if not count:
            continue
        s, shown = result(round(count, 6), False)
        shown = plain(round(count, 6)) if s == "=" else shown  # "825", not "825.00"
        one = re.sub(r"s$", "", unit.split()[-1]) if unit else "one"  # "signed jobs": a job
        cost = budget / count  # from the count as worked, not as shown: a rounded count shows "≈"
        exact = s == "=" and abs(cost - round(cost, 2)) < 1e-9
        lines += [f"{how} {s} {shown} {unit}{tail}",
                  f"{money(budget)} ÷ {shown} {'=' if exact else '≈'} {money(round(cost, 2))} — "
                  f"your cost per {one} (the budget over the {unit} it won)"]
    return lines or None


def amend(text: str, answers: list[str], composed: str) -> str:
    """The composed answer with the user's cost of one worked first, when the message asks it (module doc)."""
    lines = work(text, answers)
    if not lines or "your cost per" in (composed or ""):
        return composed
    got = "From the counts worked out before:\n" + "\n".join(f"- {ln}" for ln in lines)
    rest = "\n\n".join(p for p in re.split(r"\n\s*\n", composed or "") if p.strip() and not (  # the part answered here
        (m := _UNANSWERED.match(p.strip())) and _ASKED.search(m.group(1))))
    return got + ("\n\n" + rest if rest else "")
