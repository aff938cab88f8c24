"""The most to pay per lead, from what a customer is worth to the user and the share of leads they close,
by the multiplier the knowledge base's own rule states.

Why: a KB may state its allowable cost per lead as a product rule in words — "the allowable cost per lead
is gross profit times close rate, times 0.5 for a safety margin", "… times the close rate, times 0.6" —
rather than as a customer's value over a target LTV:CAC ratio (:func:`agent.offline.planmath.allowable`).
A user who has said what one customer brings in and now says how many leads they close ("we close about
25% of qualified leads", "about half of the people who call us") wants that rule worked on their figures.
What is read is English (a close verb and a share, a ceiling asked per unit, "times N" / "halved" in the
rule's sentence); the value and the share are the user's, the multiplier the KB's: nothing is invented,
and with no such rule retrieved nothing is worked.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.offline import ceilingask
from agent.offline.fractionwords import WORDS as FRACTION_WORDS, fraction
from agent.offline.numbers import digits, money, parse_numbers, plain
from agent.offline.passages import sentences

_CLOSE = r"(?:close|closes|closed|closing|convert|converts|converted|sign|signs|signed|win|wins|won|book|books|booked)"
# a share said in words after the verb ("we close about half", "two thirds"): the fraction grammar of amounts
_WORD_SHARE = re.compile(r"\b" + _CLOSE + r"\b\s+(?:about |around |roughly |nearly |almost |over |under |just )?"
                         + FRACTION_WORDS + r"\b", re.I)
_PCT_CLOSE = re.compile(r"\b" + _CLOSE + r"\b[^.?!]{0,25}?$|\bclose rate\b[^.?!]{0,15}$|^[^.?!]{0,12}\bclose rate\b", re.I)
# the rule: a value times the close rate, then an optional multiplier ("times 0.6", "× 0.5") or a halving
_RULE = re.compile(r"\b(?:profit|value|worth|margin)\b[^.]{0,60}?\btimes (?:the |your |their )?close rate\b"
                   r"(?P<rest>(?:[^.]|\.(?=\d)){0,40})", re.I)
_FACTOR = re.compile(r"^,?\s*(?:then\s+)?(?:times|×|multiplied by)\s*(?P<k>\d+(?:\.\d+)?)\b|^,?\s*(?:then\s+)?(?P<half>halved)\b", re.I)
# the most to pay for one unit ("the most we should be willing to pay for one qualified lead", "afford to pay for one lead")
_FOR_ONE = re.compile(r"(?:\b(?:most|max(?:imum)?|highest|ceiling|cap)\b[^.?!]{0,40}\b(?:pay|afford|spend|bid)\b|\bafford to "
                      r"(?:pay|spend)\b)[^.?!]{0,20}?\bfor (?:one|each|every|a single) [a-z]", re.I)
_WORTH = "gross profit from one new customer (what a customer is worth to you)"
_PER = re.compile(r"\bper ((?:new |qualified |booked |sales )?[a-z]+)\b", re.I)


@dataclass
class CloseWork:
    """A planner's formula turn (the fields :mod:`agent.offline.worked` and the policy read of a ``Work``)."""
    lines: list[str] = field(default_factory=list)
    search: str = ""
    value: float | None = None
    base: float | None = None    # what one customer is worth to the user
    cited: bool = True
    rate: float = 0.0            # the share of leads the user closes, in percent
    said_pct: bool = True        # said as a percentage ("25%"), not in words ("about half")


def close_rate(text: str) -> float | None:
    """The share of leads the message says the user closes, in percent ("we close about 25% of qualified leads",
    "we close about half of the people who call us"); None when it says none."""
    t = digits(text)
    if m := _WORD_SHARE.search(t):
        return float(fraction(m.group(1), m.group(2))) * 100
    for n in parse_numbers(t):
        if n.pct and (_PCT_CLOSE.search(t[:n.start]) or _PCT_CLOSE.search(t[n.end:n.end + 20])):
            return n.value
    return None


# what one customer brings in, said as a statement: "our gross profit per installed system in dollars is 5000"
_PROFIT_IS = re.compile(r"\b(?:gross profit|profit|contribution|margin|value) (?:per|from|of|on) (?:an? |one |each |every )?"
                        r"[a-z][a-z\- ]{0,40}?\b(?:is|=|:)\s*(?:about |around |roughly )?\$?\s*(\d[\d,]*(?:\.\d+)?)\b(?!\s*%)", re.I)


def work(text: str, asked_before: str, ltv: float | None, per_unit) -> CloseWork | None:
    """The formula turn when the message asks the most to pay per unit (``per_unit``: planmath's reading) and
    says the user's close rate; the value of a customer is the message's sum, else the one the message before
    stated, else one said earlier (``ltv``)."""
    if (rate := close_rate(text)) is None:
        # "what's the most we could pay for one lead?": the customer's worth is asked first (what any rule needs)
        return CloseWork([f"?{_WORTH}"]) if (_FOR_ONE.search(text) or ceilingask.asks(text)) and not per_unit(text) \
            and not ltv and not any(
            n.money for n in parse_numbers(digits(text))) else None
    if not per_unit(text):
        return None
    before = _PROFIT_IS.search(digits(asked_before or ""))
    value = next((n.value for n in parse_numbers(digits(text)) if n.money and not n.pct), None) or (
        float(before.group(1).replace(",", "")) if before else None) or ltv
    if not value:
        return CloseWork([f"?{_WORTH}"])
    return CloseWork([], "allowable cost per lead gross profit times close rate", base=value, rate=rate,
                     said_pct=not _WORD_SHARE.search(digits(text)))


def answer(text: str, w: CloseWork, passages: list[dict]) -> str | None:
    """The KB's rule sentence, quoted and cited, then the user's value × their close rate × the rule's multiplier;
    None when no retrieved passage states such a rule."""
    for ps in passages[:8]:
        for sent in sentences(ps.get("text", "")):
            m = _RULE.search(sent)
            if not m:
                continue
            f = _FACTOR.match(m.group("rest"))
            k = 0.5 if f and f.group("half") else float(f.group("k")) if f else 1.0
            result = w.base * w.rate / 100 * k
            unit = (_PER.search(text) or _PER.search(sent))
            what = f"per {unit.group(1).lower()}" if unit else "per lead"
            factor = f" × {plain(k)}" if k != 1.0 else ""
            rate = f"{plain(round(w.rate, 2))}%" if w.said_pct else plain(round(w.rate / 100, 4))  # as the user said it
            line = (f"{money(w.base)} × {rate}{factor} = {money(round(result, 2))} — the most to pay "
                    f"{what} (gross profit × close rate{factor and ' × the multiplier the rule states'})")
            return f"Based on Knowledge Base [{ps['id']}]: {sent}\n\nWorking:\n- {line} [{ps['id']}]"
    return None
