"""The counts an earlier answer worked at one price, worked again once that price has moved: "cost per lead jumped 25%
from that 120 — what does that do to leads on both halves of the split?" after "$24,000 ÷ $120 = 200 leads — on search"
and "$16,000 ÷ $120 ≈ 133 leads — on social".

Why: the move itself is worked ("$120 × (1 + 25%) = $120 × 1.25 = $150 — the new price"), but the counts the user asks
about were worked turns before, from amounts this message does not repeat (each half of a split), so only the new
price was shown and the leads on each half were never redone. Here the earlier answers' lines that divided an amount by
the old price are read back (with the share of the budget the amount was, when a line worked it: "$40,000 × 60% =
$24,000 — to search") and divided by the new price instead. What is read is English (the counted unit named, a point
back or "each/both") and the agent's own working lines; every figure is one the conversation already showed.
"""
from __future__ import annotations

import re

from agent.offline.numbers import money, plain, result

_NUM = r"\d[\d,]*(?:\.\d+)?"
# the move just worked: "$120 × (1 + 25%) = $120 × 1.25 = $150 — the new price"
_MOVED = re.compile(rf"\$(?P<old>{_NUM}) × \(1 [+−] [\d.]+%?\) = \$[\d,.]+ × [\d.]+ [=≈] \$(?P<new>{_NUM}) — the new ")
# a count worked at a price: "- $24,000 ÷ $120 = 200 leads — on search"
_COUNTED = re.compile(rf"^- \$(?P<a>{_NUM}) ÷ \$(?P<p>{_NUM}) [=≈] [\d,.]+ (?P<unit>[a-z]+)(?P<tail>(?: — | at | on | in )[^\n\[]*)?",
                      re.M)
# the amount as a share of a budget: "- $40,000 × 60% = $24,000 — to search"
_SHARE = r"^- \$(?P<b>{b}) × (?P<s>[\d.]+)% = \${a}\b"
_PARTS = re.compile(r"\b(?:both|each|every|either|halves|sides|split|parts|channels)\b", re.I)
_BACK = re.compile(r"\b(?:those|these|them|that|it|both|each|either|every|all|halves|sides|split|parts?)\b", re.I)


def _num(s: str) -> float:
    return float(s.replace(",", ""))


def lines(text: str, said: list[str], answer: str) -> list[str]:
    """The earlier counts at the old price, worked at the new one (module doc), or []."""
    moved = _MOVED.search(answer or "")
    if not moved or not _BACK.search(text or ""):
        return []
    old, new = _num(moved.group("old")), _num(moved.group("new"))
    out, parts = [], _PARTS.search(text)
    for earlier in reversed(said[-6:]):
        found = [m for m in _COUNTED.finditer(earlier) if abs(_num(m.group("p")) - old) < 0.005
                 and re.search(rf"\b{re.escape(m.group('unit'))}\b", text, re.I)]
        if parts and len(found) < 2:
            continue  # "both halves of the split": the answer that worked each part, not a total's one line
        for m in found:
            a = _num(m.group("a"))
            if f"{money(a)} ÷ {money(new)}" in answer:
                continue  # this answer counts that amount at the new price already
            share = re.search(_SHARE.format(b=_NUM, a=re.escape(m.group("a"))), earlier, re.M)
            how = f"${share.group('b')} × {share.group('s')}% ÷ {money(new)}" if share else f"{money(a)} ÷ {money(new)}"
            s, n = result(a / new, True)
            out.append(f"{how} {s} {n} {m.group('unit')}{(m.group('tail') or '').rstrip()} (at the new price)")
        if found:
            break
    return out


def amend(text: str, said: list[str], answer: str) -> str:
    """``answer`` with the earlier counts worked again at the moved price, after the move's own line."""
    got = lines(text, said, answer)
    if not got:
        return answer
    at = answer.find("\n", _MOVED.search(answer).end())
    at = len(answer) if at < 0 else at
    return answer[:at] + "".join(f"\n- {ln}" for ln in got) + answer[at:]
