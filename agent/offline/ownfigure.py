"""The user's own figure set beside the one channel or platform figure quoted for it ("Is a $7 CPM
steep on TikTok?" → "Your CPM of $7 sits inside the range of $5–$12.").

Why a module: a benchmark table's answer already says where the user's figure sits
(:func:`~agent.offline.compose.beside`); a figure quoted from a channel's own list ("TikTok CPM:
$5–$12") did not, so a question that asks for a judgement got the range and no verdict. The rule
reads the answer's own quoted line: exactly one figure of the metric the user priced, written as a
range, and exactly one figure of that metric stated in the message.
"""
from __future__ import annotations

import re

from agent.offline.compose import beside
from agent.offline.parse import parse

_RANGE = r"\$?\d[\d,]*(?:\.\d+)?(?:%|x)?\s*[–-]\s*\$?\d[\d,]*(?:\.\d+)?(?:%|x)?"


def beside_quote(text: str, para: str | None) -> str | None:
    """``para`` with the user's figure placed in the one quoted range of its metric, else ``para`` unchanged."""
    if not para:
        return para
    p = parse(text)
    mine = [n for n in p.numbers if (n.role or "").startswith("price:") or (n.role == "pct" and len(p.metrics) == 1)]
    if len(mine) != 1 or len(p.numbers) != 1:
        return para
    metric = mine[0].role.split(":", 1)[1] if ":" in mine[0].role else p.metrics[0]
    ranges = re.findall(rf"\b{re.escape(metric)}\b[^:;.\n]{{0,30}}:\s*({_RANGE})", para, re.I)
    if len(ranges) != 1 or (mine[0].role == "pct") != ("%" in ranges[0]):
        return para  # "CPMs went up 30%": a share is no price — set beside a dollar range it read as "$30"
    said = beside(mine[0].value, ranges[0], metric, "range")
    return f"{para} {said}" if said else para
