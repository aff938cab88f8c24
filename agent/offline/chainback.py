"""A target count worked back through the funnel the conversation already walked: "we need 40 boats sold next
season, what should we spend?" after "$8,000 ÷ $50 = 160 leads" and "160 ÷ 8 = 20 boats" were worked.

Why: the steps between the budget and the count (the KB's price, then the user's own rate: "1 in 10 close", "a quarter
show up", or the KB's rate) were each worked out in earlier answers. Asked for a budget for a count, the calculator
sees one price (often the last benchmark looked up, a cost per customer) and skips the user's rate — "50 × $700". Here
the last chain of working lines is read back whole (:func:`chains.chains`), and each step undone in reverse order:
a division becomes a multiplication and the other way round, so "$9,000 ÷ $60 ÷ 10" gives "50 × 10 × $60". The
price is taken at each end of the range it came from (the answer's own "range of $25–$60"), or the end the user names
("the pricey end", "the top of that range"); a chain worked per period ("… × 12 … a year") is used when the target
is said per that period. What is read is English (a count wanted, a budget asked, an end named) and the agent's own
working lines.
"""
from __future__ import annotations

import re

from agent.offline.endwords import HIGH_END, LOW_END
from agent.offline.numbers import plain, result
from agent.offline.chains import _TOKEN, chains, of_period
from rag.anyword import any_word

_SPEND = re.compile(r"\b(?:spend|budget|invest|cost us|would (?:that|it|this) cost|how much (?:money|would|do|should))\b", re.I)
_NUM = re.compile(r"(?<![\d.,$])(\d[\d,]*)(?![\d.,]*\s*(?:%|percent|k\b|grand|bucks|dollars|in\s+\d|out of|weeks?|days?|months?\b|"
                  r"years?\b|hours?|x\b))")
_MONEYISH = re.compile(r"\$\s?\d|\d\s*(?:k\b|grand|bucks|dollars)|\d\s*(?:%|percent)|\b\d+\s+(?:in|out of)\s+\d", re.I)
# the count wanted is said after a verb of winning it: "we need 80", "hit 150", "sell 50", "a goal of 300"
_WANTED = re.compile(r"\b(?:need|needs|want|wants|get|hit|reach|sell|land|fill|book|win|close|sign(?: up)?|bring in|aim(?:ing)? "
                     r"(?:for|at)|goal (?:of|is)|target (?:of|is)|to)\b(?:\s+[a-z]+){0,3}\s*$", re.I)
_TOP = any_word(*HIGH_END, "pricier", "dear", "dearer", "bad")
_LOW = any_word(*LOW_END, "cheaper", "good")
_RANGE = re.compile(r"range of \$(?P<lo>[\d,]+(?:\.\d+)?)\s*[–-]\s*\$?(?P<hi>[\d,]+(?:\.\d+)?)")
_CITED_HEAD = re.compile(r"^(?:Counted with|With) the (?P<what>Typical [^(]*?\([^)]*\) range of [^ ]+) \(Based on Knowledge Base "
                         r"\[(?P<cite>[^\]]+)\]\)", re.M)


def _target(text: str) -> float | None:
    """The one count the message wants ("80 new patients a month", "hit 150 a year"), or None."""
    if _MONEYISH.search(text):
        return None
    found = [m for m in _NUM.finditer(text)]
    if len(found) != 1 or not _WANTED.search(text[max(0, found[0].start() - 40):found[0].start()]):
        return None  # "we run 3 clinics": what the business has, no count wanted
    n = float(found[0].group(1).replace(",", ""))
    return n if n > 1 else None


def _undone(expr: str, target: float, price: float) -> tuple[float, str]:
    """(the budget, its working "50 × 10 × $60") for ``target`` through the chain ``expr``, its price set to ``price``."""
    steps = _TOKEN.findall(expr)[1:]
    v, shown = target, [plain(target)]
    for i, (op, money, num, pct) in enumerate(reversed(steps)):
        x = price if money and i == len(steps) - 1 else float(num.replace(",", ""))
        x_shown = plain(x) if not pct else num
        x_val = x / 100 if pct else x
        v = v * x_val if op == "÷" else v / x_val
        shown.append(f"{'×' if op == '÷' else '÷'} {money}{x_shown}{pct}")
    return v, " ".join(shown)


def work(text: str, answers: list[str]) -> str | None:
    """The budget for the count the message wants, worked back through the last funnel chain, or None."""
    target = _target(text)
    if target is None or not _SPEND.search(text) or not answers:
        return None
    at = re.search(rf"\b{re.escape(plain(target))}\b", text)
    for i in range(len(answers) - 1, max(-1, len(answers) - 5), -1):
        found = [c for c in chains(answers[i], "\n".join(answers[max(0, i - 3):i]))
                 if len(_TOKEN.findall(c[1])) >= 3 and not re.match(r"(?:in |back)", c[2])]
        # "150 a year": the chain worked per year; a target per no period skips an answer that worked per month only
        found = of_period(found, text[at.end():at.end() + 30] if at else "")[0]
        if found:
            break
    else:
        return None
    said = "\n".join(answers[max(0, i - 3):i + 1])
    prices = []
    for c in found:
        first_price = next((float(n.replace(",", "")) for op, m, n, p in _TOKEN.findall(c[1])[1:] if m), None)
        ends = next(([float(r.group("lo").replace(",", "")), float(r.group("hi").replace(",", ""))]
                     for r in _RANGE.finditer(said) if first_price is not None and first_price in
                     (float(r.group("lo").replace(",", "")), float(r.group("hi").replace(",", "")))), [first_price])
        prices += [(c[1], p, ends) for p in ends if p is not None]
    top, low = _TOP.search(text), _LOW.search(text)
    if bool(top) != bool(low):  # one end named: that end only
        prices = [(e, p, ends) for e, p, ends in prices if p == (max(ends) if top else min(ends))]
    lines, seen = [], set()
    for expr, price, ends in prices:
        v, how = _undone(expr, target, price)
        if how in seen:
            continue
        seen.add(how)
        s, n = result(v, False)
        n = plain(v) if s == "=" else n
        end = "" if len(ends) < 2 else " at the top of the range" if price == max(ends) else " at the bottom of the range"
        lines.append(f"{how} {s} ${n} — the budget for {plain(target)}{end}")
    if not lines:
        return None
    h = _CITED_HEAD.search(said)
    head = (f"Worked back through the same steps as before, with the {h.group('what')} (Based on Knowledge Base "
            f"[{h.group('cite')}])" if h else "Worked back through the same steps as before")
    return head + ":\n" + "\n".join(f"- {ln}" for ln in lines)


def amend(text: str, answers: list[str], composed: str) -> str:
    """The composed answer with the worked-back budget first; a working of the same count that skipped a step dropped."""
    got = work(text, answers)
    if not got:
        return composed
    block, _, rest = (composed or "").partition("\n\n")
    target = plain(_target(text))
    own = [ln for ln in block.splitlines() if re.match(rf"- \$?{re.escape(target)} [×÷]", ln)]  # this count worked already
    if own:
        steps = {float(n.replace(",", "")) for ln in got.splitlines()[1:] for _, m, n, _ in _TOKEN.findall(ln.split(" — ")[0])[1:-1]
                 if not m}  # the chain's own rates ("÷ 25%", "× 10"), its price and result left out
        shown = {float(n.replace(",", "")) for ln in own for _, _, n, _ in _TOKEN.findall(ln)}
        if steps and steps <= shown:
            return composed  # every step already in that working
        composed = rest
    return got + ("\n\n" + composed if composed.strip() else "")
