"""A funnel counted at two of the KB's ranges (a price, then a rate), counted again from a budget the user has just
changed: "and if the 12k got cut in half, how many orders would we be looking at?" after "$12,000 ÷ $1.30 ≈ 9,231
clicks … × 1.8% ≈ 166 orders" was worked at the ecommerce CPC and CVR ranges.

Why: the count asked is the funnel's last stage, two ranges deep; the message states only the change to the budget,
so the ordinary arithmetic (one price, one budget) either had nothing to divide or counted the first stage only, and
the turn was answered with a passage. The ranges are read back from the earlier answer's own heading ("Counted with
the Typical … range of $0.70–$1.30 (…), at the Typical … range of 1.8%–3.2% (…)"), cited as they were cited there;
the budget is that working's, moved as the user says (halved, doubled, or the one new amount they state); the count
is shown at the two ends that bound it (the dear price with the low rate, the cheap price with the high rate).
"""
from __future__ import annotations

import re

from agent.offline.chainrate import _user_rate
from agent.offline.numbers import digits, money, parse_numbers, plain, result

_NUM = r"\d[\d,]*(?:\.\d+)?"
_HEAD = re.compile(rf"(?:Counted with|With) the Typical (?P<w1>[^\n]*?) range of \$(?P<p1>{_NUM})\s*[–-]\s*\$?(?P<p2>{_NUM}) "
                   rf"\(Based on Knowledge Base \[(?P<c1>[^\]]+)\]\),? at the Typical (?P<w2>[^\n]*?) range of "
                   rf"(?P<r1>[\d.]+)%\s*[–-]\s*(?P<r2>[\d.]+)% \(Based on Knowledge Base \[(?P<c2>[^\]]+)\]\)")
# … or at the user's own rate: "Counted with the Typical … range of $96–$121 (Based on Knowledge Base [x#3]). At your rate of 1 in 6:"
_OWN = re.compile(rf"Counted with the Typical (?P<w1>[^\n]*?) range of \$(?P<p1>{_NUM})\s*[–-]\s*\$?(?P<p2>{_NUM}) "
                  rf"\(Based on Knowledge Base \[(?P<c1>[^\]]+)\]\)\. At your rate of (?P<said>[^:\n]+):")
_BUDGET = re.compile(rf"^- \$(?P<b>{_NUM}) ÷ \$", re.M)
_HOW_MANY = re.compile(r"\bhow many (?:new |more |paying )?(?P<unit>[a-z]+)\b", re.I)
# the budget moved in words: "cut in half", "halved", "doubled", "twice the budget"
_HALF = re.compile(r"\b(?:(?:cut|slashed|chopped|reduced|down|went|goes|go)\s+(?:it\s+|that\s+)?(?:in|by)\s+half|halved|halve|half of it)\b",
                   re.I)
_DOUBLE = re.compile(r"\b(?:doubled|double[sd]?|twice)\b", re.I)


def _num(s: str) -> float:
    return float(s.replace(",", ""))


def lines(text: str, said: list[str]) -> tuple[str, list[str]] | None:
    """(the heading, the working lines) of the funnel's count again from the budget the message moves, or None."""
    asked = _HOW_MANY.search(text or "")
    if not asked:
        return None
    for answer in reversed(said[-4:]):
        head, budget = _HEAD.search(answer) or _OWN.search(answer), _BUDGET.search(answer)
        if head and budget and re.search(rf"\b{re.escape(asked.group('unit'))}\b", answer):
            break
    else:
        return None
    own = _user_rate(head.group("said")) if "said" in head.groupdict() else None
    if "said" in head.groupdict() and not own:
        return None
    old = _num(budget.group("b"))
    stated = [n for n in parse_numbers(digits(text)) if not n.pct and (n.money or n.value >= 1000)]
    if _HALF.search(text) and all(abs(n.value - old) < 0.5 for n in stated):
        new, first = old / 2, f"{money(old)} ÷ 2 = {money(old / 2)} — the budget cut in half"
    elif _DOUBLE.search(text) and all(abs(n.value - old) < 0.5 for n in stated):
        new, first = old * 2, f"{money(old)} × 2 = {money(old * 2)} — the budget doubled"
    elif len(stated) == 1 and abs(stated[0].value - old) >= 0.5 and not re.search(r"%|\bpercent\b", text):
        new, first = stated[0].value, ""
    else:
        return None
    p1, p2 = sorted((_num(head["p1"]), _num(head["p2"])))
    unit, out = asked.group("unit").lower(), [first] if first else []
    k = 1000 if re.search(r"÷ \$[\d,.]+ × 1,000\b", answer) else 1  # a price per thousand (a CPM) buys thousands
    if own:  # the user's one rate at both ends of the price range
        ends = [(p2, own[0], own[2], "the top price"), (p1, own[0], own[2], "the bottom price")]
    else:  # the two ends that bound the count: the dear price with the low rate, the cheap price with the high rate
        r1, r2 = sorted((float(head["r1"]), float(head["r2"])))
        ends = [(p2, r1, f"× {plain(r1)}%", "the top price and the bottom rate"),
                (p1, r2, f"× {plain(r2)}%", "the bottom price and the top rate")]
    for price, rate, said_as, where in ends:
        s, n = result(new / price * k * rate / 100, False)
        out.append(f"{money(new)} ÷ {money(price)}{' × 1,000' if k > 1 else ''} {said_as} {s} {n} {unit} — at {where}")
    cited = f"Counted with the Typical {head['w1']} range of ${head['p1']}–${head['p2']} (Based on Knowledge Base [{head['c1']}])"
    heading = (f"{cited}, at your rate of {head['said'].strip()}" if own else
               f"{cited}, at the Typical {head['w2']} range of {head['r1']}%–{head['r2']}% (Based on Knowledge Base [{head['c2']}])")
    return heading + ", from the budget as it is now:", out


def amend(text: str, said: list[str], answer: str) -> str:
    """The funnel's count from the moved budget in place of an answer that works no count of it (module doc)."""
    got = lines(text, said)
    if not got:
        return answer
    unit, new = _HOW_MANY.search(text).group("unit"), re.search(r"\$[\d,.]+(?= ÷ \$)", got[1][-1]).group(0)
    if re.search(rf"^- {re.escape(new)} [^\n]*[=≈] [\d,.]+ {re.escape(unit)}\b", answer or "", re.M):
        return answer  # the composed answer counts them from the moved budget already (from the old one: it is replaced)
    return got[0] + "\n" + "\n".join(f"- {ln}" for ln in got[1])
