"""How many of a thing a budget buys at an end of a price the last answer quoted from the KB's prose.

Why: "Strava sponsored challenges cost brands from $2.10 to $2.80 per rider who joined the challenge" is a price the
KB states in a sentence, not in a row the benchmark tool reads; the answer quoted it, and the next question — "if we
put in $30,000, how many riders would join at the upper price?" — asks the budget divided by that price's end. No
look-up holds the price, so the turn searched again and quoted the sentence back without the count. Here the price
is read where the last answer quoted it ("from $A to $B per …", "between $A and $B per …", "$A to $B per …", "about
$A per …"), only when the thing the message counts ("how many riders") is what the price is per (the same word's
stem) and the message gives the budget and names an end (or the price has one figure); the count is worked at that
end and the sentence's citation kept. Nothing is invented: the price is the KB's, the budget and the end the user's.
"""
from __future__ import annotations

import re

from agent.offline.numbers import money, result
from agent.offline.parse import parse
from agent.offline.passages import terms
from rag.sentences import sentence_spans

_PRICE = re.compile(r"(?:(?:from|between)\s+)?\$(?P<lo>\d[\d,]*(?:\.\d+)?)(?:\s*(?:to|and|-|–)\s*\$?(?P<hi>\d[\d,]*(?:\.\d+)?))?"
                    r"\s+(?:per|a|for each|for every|for one)\s+(?P<unit>[a-z][a-z\- ]{1,40}?)(?=[,.;:()]|\s+(?:in|with|on|at|"
                    r"and|but|for|which|that|when|than)\b|$)", re.I)
_COUNT = re.compile(r"\bhow many (?P<noun>[a-z][a-z\-]+)\b", re.I)
_HIGH = re.compile(r"\b(?:upper|top|high|higher|highest|dearest|priciest|most expensive|maximum|max)\b", re.I)
_LOW = re.compile(r"\b(?:lower|bottom|low|lowest|cheap|cheapest|least expensive|minimum|min)\b", re.I)
_CITED = re.compile(r"Based on Knowledge Base \[(?P<id>[^\]\s]+#\d+)\]:(?P<body>[^\[]*)")


def work(text: str, answers: list[str]) -> str | None:
    """The count and its working, cited, for this message over the earlier ``answers``, or None."""
    m = _COUNT.search(text)
    if not m or not answers:
        return None
    p = parse(text)
    high, low = bool(_HIGH.search(text)), bool(_LOW.search(text))
    end = p.end if p.end in ("low", "high") else "high" if high and not low else "low" if low and not high else None
    budget = next((n.value for n in p.numbers if n.role == "budget" or (n.money and not n.pct and n.value >= 100)), None)
    noun = set(terms(m.group("noun")))
    if budget is None or not noun or p.metrics or p.metric_phrases:
        return None
    for q in _CITED.finditer(answers[-1]):
        for price in _PRICE.finditer(q.group("body")):
            if not noun & set(terms(price.group("unit"))):
                continue
            lo = float(price.group("lo").replace(",", ""))
            hi = float(price.group("hi").replace(",", "")) if price.group("hi") else lo
            if hi != lo and end is None:
                return None
            at = hi if end == "high" else lo
            s, n = result(budget / at, True)
            sentence = next((x for a, b in sentence_spans(q.group("body")) if a <= price.start() < b
                             for x in [q.group("body")[a:b]]), price.group(0))  # the sentence stating the price
            said = "" if hi == lo else ", at the top of that price" if at == hi else ", at the bottom of that price"
            return (f"Based on Knowledge Base [{q.group('id')}]: {sentence.strip().rstrip('.')}.\n\n"
                    f"With the price of {price.group(0).strip()} (Based on Knowledge Base [{q.group('id')}]):\n"
                    f"- {money(budget)} ÷ {money(at)} {s} {n} {m.group('noun')}{said}")
    return None
