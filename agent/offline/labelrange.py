"""A budget worked at a range the last answer quoted under a label, named by that label's words: after "CTV (Open
exchange and FAST) CPM: $15–$30; CTV (Premium publisher or PMP) CPM: $30–$60", "we've got 6 grand, how many impressions
at the cheap and pricey ends of the open exchange range?" works $6,000 at $15 and at $30 — not at the business's
Typical CPM the turn looked up again.

Why: :mod:`agent.offline.rangenamed` names a range by its unit ("that lead range"); people as often name one by what
it is *for* — a platform, a format, a buying route — using the words of the label the answer showed it under. What is
read is the last answer's "<label> <METRIC>: $lo–$hi" lines (as the tools and readers write a figure by row) and the
question's "the <words> range"; exactly one label holding every word names the range. The budget is the one the
message states. Nothing is looked up or invented, and with no such label nothing is changed.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, money, parse_numbers, plain, result

_NAME = re.compile(r"\b(?:the|that|this|those)\s+(?P<name>(?:(?!(?:the|that|this|those|of|at|in|on|for)\b)[a-z][a-z&/-]*\s+){1,3}?)"
                   r"(?:price\s+|cost\s+)?(?:range|ranges|band)\b", re.I)
_FIG = re.compile(r"(?P<label>[A-Z][^:;\n\[\]]{1,80}?)\s+(?P<metric>CPM|CPC|CPL|CPI|CPCV|CPA)\s*:\s*\$(?P<lo>\d[\d,]*(?:\.\d+)?)\s*[–-]\s*"
                  r"\$(?P<hi>\d[\d,]*(?:\.\d+)?)")
_CITE = re.compile(r"\[([^\[\]\s]+#\d+)\]")
_UNIT = {"CPM": "impressions", "CPC": "clicks", "CPL": "leads", "CPI": "installs", "CPCV": "completed views", "CPA": "conversions"}
_STOP = {"the", "a", "an", "of", "and", "or", "for", "on", "in", "that", "this", "those", "typical", "normal", "usual", "whole"}
_CALC = re.compile(r"^(?:With the |Here is the calculation:|Working:|At each platform's)")


def _words(s: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", s.lower()) if w not in _STOP}


def named(text: str, said: str) -> tuple[str, str, float, float, str] | None:
    """(label, metric, low, high, cited id) of the one labelled range of ``said`` the message names, else None."""
    names = [_words(m.group("name")) for m in _NAME.finditer(text)]
    names = [n for n in names if n]  # the words right before "range", up to the article: "the open exchange range"
    if not names or not said:
        return None
    found = []
    for m in _FIG.finditer(said):
        label = _words(m.group("label"))
        if any(n <= label for n in names):
            cites = _CITE.findall(said[:m.start()])
            found.append((m.group("label").strip(), m.group("metric"), float(m.group("lo").replace(",", "")),
                          float(m.group("hi").replace(",", "")), cites[-1] if cites else ""))
    return found[0] if len({f[:4] for f in found}) == 1 else None


def amend(text: str, said: list[str], answer: str) -> str:
    """``answer`` with its working replaced by the budget worked at both ends of the named range (module doc)."""
    got = named(t := digits(text), said[-1] if said else "")
    budgets = [n for n in parse_numbers(t) if not n.pct and (n.money or n.value >= 100)]
    if not got or len(budgets) != 1 or not re.search(r"\bhow many\b|\bwhat (?:does|would|will) (?:that|it) (?:buy|get)\b", t, re.I):
        return answer
    label, metric, lo, hi, cid = got
    b, k = budgets[0].value, 1000 if metric == "CPM" else 1
    lines = []
    for price, end in ((hi, "the pricey end"), (lo, "the cheap end")):
        eq, shown = result(b / price * k, True)
        lines.append(f"- {money(b)} ÷ {money(price)}{' × 1,000' if k > 1 else ''} {eq} {shown} {_UNIT[metric]} at {end}")
    head = f"With the {label} {metric} range of ${plain(lo)}–${plain(hi)}" + (f" (Based on Knowledge Base [{cid}])" if cid else "") + ":"
    rest = [p for p in answer.split("\n\n") if p.strip() and not _CALC.match(p.strip())]
    return "\n\n".join([head + "\n" + "\n".join(lines), *rest])
