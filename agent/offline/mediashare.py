"""The user's share of what one result earns them, said to go to ads: the most one result may cost, worked out.

Why: a ceiling on the cost of one booked night, sale or signed job is what one earns the business times the share
of it the owner will spend on media — the user's two figures, said turn by turn: "our gross margin per booked night
is $80", then "I'm fine with a fifth of that going to ads. So what's my limit?". The share said of "that" (the
value said before) going to ads, media or marketing is no ratio to ask for and no share the KB must state: it is
the multiplier, and the limit is one multiplication — $80 × 20% = $16. The search behind it looks for the KB's own
rule for that ceiling (its words for the most one action may cost), which the answer quotes first.
"""
from __future__ import annotations

import re

from agent.offline import fractionwords
from agent.offline.numbers import money, plain

# "a fifth of that going to ads", "30% of that margin into ads", "a third of it on media", "put half of that to marketing"
_SHARE = re.compile(r"(?:(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent\b|per cent\b)|(?:" + fractionwords.WORDS + r"))\s+of\s+"
                    r"(?:that|it|this|the|our|my)(?:\s+(?:gross\s+)?(?:margin|profit|value|money|amount))?\s+"
                    r"(?:(?:going|goes|go|to go|put|spent)\s+)?(?:back\s+)?(?:to|into|on|towards?|in|for)\s+(?:the\s+)?"
                    r"(?:ads|advertising|ad spend|media|marketing|paid media)\b", re.I)
QUOTE = "what is the most one action may cost?"  # the question the quote answers: the KB's rule for the ceiling
_ASKS = re.compile(r"\?|\b(?:what(?:'s|s| is)?|how much)\b", re.I)
SEARCH = "the most one action may cost, from what one earns and the share of it spent on media"


def share(text: str) -> float | None:
    """The percentage of the user's value the message says goes to ads, else None."""
    m = _SHARE.search(text)
    if not m:
        return None
    if m.group("pct"):
        return float(m.group("pct"))
    return float(fractionwords.fraction(m.group(2), m.group(3))) * 100


def lines(text: str, value: float | None) -> list[str]:
    """The working of the most one result may cost — ``value`` (what one earns the user) × the share said — or []."""
    pct = share(text) if value else None
    if pct is None or not 0 < pct < 100 or not _ASKS.search(text):
        return []
    return [f"{money(value)} × {plain(round(pct, 7))}% = {money(round(value * pct / 100, 2))}, the most one may cost"]


_ENOUGH = re.compile(r"\b(?:enough|is (?:that|it|this) (?:realistic|workable|doable|competitive)|can (?:we|i) compete|"
                     r"will (?:that|it) (?:do|work|cut it))\b", re.I)


def beside(w, text: str, earlier: list) -> str | None:
    """"Is it enough?" after the limit: the limit set against the cost range the conversation was shown for the
    user's business (``earlier``: its get_benchmark outcomes, latest last) — its own figure and citation, and
    whether the limit falls below its low end. None when not asked or no cost range was shown."""
    if getattr(w, "search", "") != SEARCH or not _ENOUGH.search(text) or not w.lines:
        return None
    from agent.offline import compose  # (compose imports the reader: kept out of this module's import time)
    limit = re.search(r"= \$(\d[\d,]*(?:\.\d+)?)", w.lines[0])
    for o in reversed(earlier):
        if o.name != "get_benchmark" or not o.found or not str(o.input.get("metric", "")).lower().startswith("cost per"):
            continue
        b = compose.bench_fields(o)
        para = compose.benchmark_para(b)
        rng = re.search(r"\$(\d[\d,]*(?:\.\d+)?)(?:\s*(?:to|-|–)\s*\$?(\d[\d,]*(?:\.\d+)?))?", para)
        cite = re.search(r"\[([^\]\s]+#\d+)\]", para)
        if not (limit and rng and cite):
            return None
        mine, lo = float(limit.group(1).replace(",", "")), float(rng.group(1).replace(",", ""))
        where = "below the benchmark's low end" if mine < lo else "at or above the benchmark's low end"
        return (f"Based on Knowledge Base [{cite.group(1)}], the {b['label'].split(' — ')[0]} is {rng.group(0)}. "
                f"{money(mine)}, the most one action may cost you, is {where}.")
    return None
