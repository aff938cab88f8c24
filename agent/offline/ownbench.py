"""A metric the user works out from their own figures and asks to have judged, put beside their business's range.

Why: "we spent 8k on ads and booked 44k in rooms off them — good or bad?" asks two things: the metric their figures
make (ROAS = 44,000 ÷ 8,000 = 5.5x) and where it sits against what is normal for their business. The formula path
worked the first from the user's numbers and searched for the metric's definition only, so the answer never said
whether 5.5x is good; the benchmark tool holds the business's range for that metric. So when a working computes a
vocabulary metric, the message judges it ("good or bad?", "is that any good", "how did we do") and the conversation
names the business, the business's range for that metric is looked up and quoted beside the user's figure.
"""
from __future__ import annotations

import re

from agent.offline import compose
from agent.offline.askshape import JUDGED
from agent.offline.parse import EVALUATE
from agent.offline.toolread import ToolOutcome
from mpa.vocabulary import VOCABULARY


def metric(w) -> str | None:
    """The vocabulary metric a working computes from the user's figures, by the words it searches the KB with
    ("ROAS revenue ad spend" → ROAS), or None."""
    first = (getattr(w, "search", "") or "").split()[:1]
    return first[0] if first and first[0] in VOCABULARY["metrics"] and getattr(w, "lines", None) and not \
        w.lines[0].startswith("?") else None


def _value(w, name: str) -> float | None:
    """The user's figure the working ends on ("…, i.e. a ROAS of 5.5x")."""
    m = re.search(rf"\b{re.escape(name)} of \$?(\d[\d,]*(?:\.\d+)?)", w.lines[-1]) if w.lines else None
    return float(m.group(1).replace(",", "")) if m else None


def judged(text: str) -> bool:
    return bool(EVALUATE.search(text) or JUDGED.search(text))


def calls(w, text: str, vertical: str | None, tools: set[str]) -> list[tuple[str, dict]]:
    """The look-up of the business's range for the metric the working computes, when the message judges it."""
    name = metric(w)
    if not name or not vertical or "get_benchmark" not in tools or not judged(text):
        return []
    return [("get_benchmark", {"vertical": vertical, "metric": name})]


def paragraph(w, text: str, outcomes: list[ToolOutcome]) -> str | None:
    """The business's range for the computed metric, quoted and cited, with the user's figure placed against it."""
    name = metric(w)
    found = [o for o in outcomes if o.name == "get_benchmark" and o.found and o.input.get("metric") == name]
    if not name or not found:
        return None
    return compose.benchmark_para(compose.bench_fields(found[0], text), _value(w, name), name)
