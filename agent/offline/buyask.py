"""A count of results the budget would buy, asked before any budget is known.

Why: "how many new members could we sign up?", "how many sales should we expect once ads start?",
"how many first-time buyers can we afford?" are a division (budget ÷ the price of one result) whose
dividend only the user has. Asked with no budget said anywhere in the conversation, the right reply
is a question for it — not a benchmark passage; and once the user answers with an amount, the same
division is worked with it (the calculation is remembered as waiting for its input). A result of
*new* or *paying* people of any kind ("new patients", "paying subscribers", "first-time guests") is
bought at the cost of a new customer (CAC), the rule :mod:`~agent.offline.metricforms` already applies
to prices of new buyers. Read from English alone: a verb of obtaining or expecting, a counted noun,
no figure, no audience or place being sized.
"""
from __future__ import annotations

import re
from dataclasses import replace

from agent.offline import kbmetrics, spans
from agent.offline.parse import PER_THOUSAND, UNIT_OF, Calc, Parsed
from agent.offline.unitmetric import unit_metric
from rag.regexes import compiled

_OBTAIN = re.compile(r"\b(?:afford|buy|get|gets|getting|expect|generate|bring in|brings in|win|acquire|sign(?:ing)? up|"
                     r"land|drive|end up (?:with|as)|turn into|become|produce|yield)\b", re.I)
_BUYER = re.compile(r"\b(?:new|first-time|first time|paying)\b", re.I)
_RESULT = re.compile(r"\b(?:orders?|sales|purchases?|customers?|conversions?|sign-?ups?|bookings?|leads?|installs?|"
                     r"subscribers?|members?|buyers?|clients?)\b", re.I)


def metric_of(unit: str) -> str | None:
    """The price metric a counted result is bought at: its own "cost per …" metric, or the cost of a
    new customer for new or paying people of any kind."""
    unit = (unit or "").strip().lower()
    if not unit:
        return None
    own = unit_metric(re.sub(r"s$", "", unit))
    if own:
        return own
    return unit_metric("customer") if _BUYER.search(unit) else None


def as_stated(cac: str | None) -> str | None:
    """The price of a new customer (:func:`metric_of`) to look up, as the knowledge base states it by business: its
    cost per acquisition when it declares that by business and no customer acquisition cost ("Figures by business …:
    CVR; CPA; …"), so "how many new patients will $5k bring?" divides by the KB's CPA for that business instead of
    asking the user for a cost the KB prices; the customer cost itself when the KB states it, or declares nothing."""
    stated = kbmetrics.by_business()
    cpa = unit_metric("acquisition")
    return cpa if cac == unit_metric("customer") and stated and cac not in stated and cpa in stated else cac


_OF_THOSE = re.compile(r"\bhow many of (?:those|them|these|the \w+)\b", re.I)
_PAY = re.compile(r"\b(?:pay|pays|paying|paid|buy|buys|buying|purchas\w*|spend\w* money)\b", re.I)
_RATE_NAMED = re.compile(r"\bconver\w*|\bcvr\b|\brates?\b|\bpercent|%", re.I)


def payers(p: Parsed, has_budget: bool, last_unit: str) -> Calc | None:
    """"How many of those end up paying?" after a budget bought installs or leads: the people who pay
    are customers, so the same budget is divided by the cost of one (not a share of a rate the
    message never names). After clicks or visits, which a conversion rate is a share of, it is not."""
    if p.calc is not None or not has_budget or p.numbers or p.audiences or not _OF_THOSE.search(p.text) or \
            not last_unit or re.search(r"\b(?:clicks?|visit\w*|sessions?|impressions?|views?|traffic)\b", last_unit, re.I) or \
            not _PAY.search(p.text[_OF_THOSE.search(p.text).end():]) or _RATE_NAMED.search(p.text) or p.unit:
        return None
    p.metrics, p.unit = [], "paying customers"
    return Calc("div", "budget", "price", target=p.unit)


# a result named alone as the question, after the budget: "$1.2M/yr for UA. installs?", "50k a month — so, leads?"
# (any counted plural a budget buys, as "how many <it>" would ask: "clicks?", "patients?"; not a period or an amount).
# A terse question may still say over what period or out of what money it counts ("installs a week?", "leads per
# month?", "clicks from that?", "impressions now?"): words of time and a pointer back add nothing else to ask.
# Only the mark makes a lone noun a question, so this one reads the raw "?" (agent.offline.asking judges sentences
# worded as questions; "$50k a month. leads" without it may be a list of what the user has)
_EACH = r"(?:\s+(?:a|per|each|every|an?|that|this|next|the same)\s+(?:day|week|month|quarter|year|mo|wk|yr)|\s*/\s*(?:day|week|month|quarter|year|mo|wk|yr))?"
_OUT_OF = r"(?:\s+(?:from|for|with|out of|off)\s+(?:that|this|it|the (?:money|budget|spend|lot|amount)|(?:that |the |our |those )?" \
          r"\$?\d[\d,.]*\s*(?:k|grand|thousand|bucks|dollars)?))?"  # "clicks for that 9k?"
_THEN = r"(?:\s+(?:over|across|for|during|in)\s+(?:the\s+(?:next|first|coming)\s+)?[\w-]+\s+(?:weeks|months|quarters|years))?" \
        r"(?:\s+(?:then|now|too|instead|roughly|approx(?:imately)?|in total|total|altogether))?"  # "… over 8 weeks", "… total"
BARE = re.compile(r"(?:^|[.,;:!?—–→>-]\s*)(?:(?:and|so|then|ok|how about|what about)[\s,]+)*((?:new |paying )?"
                   r"(?!(?:dollars|bucks|months|weeks|years|days|quarters|thanks|ads|results|numbers|figures|thoughts|ideas|"
                   r"options|tips|steps|benchmarks|rates|costs|prices)\b)[a-z][a-z\-]{2,}s)" + _EACH + _OUT_OF + _THEN
                   + r"\s*\?+\s*$", re.I)


# the budget moved by a multiple or by a change done to "it" (agent.offline.budgetmove), or spread over a stretch
# (agent.offline.spans): a budget, said without a figure
_MOVED = re.compile(r"\b(?:doubl|tripl|quadrupl|halv)\w*\s+(?:it|that|this|(?:the|our|my) (?:budget|spend))\b|"
                    r"\b(?:cut|chop|slash)\w*\s+(?:it|that|this|(?:the|our|my) (?:budget|spend))\s+in half\b|"
                    r"\bspread(?:ing)?\s+(?:it\s+|that\s+|this\s+)?(?:evenly\s+|out\s+)?over\s+\w+\s+(?:weeks|months|quarters)\b", re.I)


def renamed(p: Parsed) -> Parsed:
    """"how many applicants (leads) does that get us?": a counted noun no metric prices, restated in brackets by one
    that a metric prices, is counted as the bracketed one (the user's gloss of their own word)."""
    m = compiled(rf"\b{re.escape(p.unit)}\s*\(\s*((?:new |paying )?[a-z][a-z\-]*s)\s*\)", re.I).search(p.text) if p.unit else None
    if m and metric_of(m.group(1)) and not metric_of(p.unit):
        p.unit = m.group(1).lower()
        if p.calc is not None and p.calc.op == "div":
            p.calc = replace(p.calc, target=p.unit)
    return p


def bare(p: Parsed) -> Parsed:
    """"We've got $1.2M a year. installs?": a budget stated and a result asked by its name alone asks how many of
    them the budget buys (English drops "how many" in a terse question; the budget is the message's only figure).
    Read before the conversation fills the message in, so the result named is this turn's, not the last one's."""
    p = renamed(p)
    m = BARE.search(p.text)
    stretch = [s.span() for s in spans.STRETCH.finditer(p.norm)]  # "spread over 10 months": a span's count is no figure
    roles = [n.role for n in p.numbers if not any(a <= n.start < b for a, b in stretch)]
    moved = not roles and _MOVED.search(p.text)  # "we'll triple it for june. customers that month?": the budget just divided
    if p.calc is None and m and (roles == ["budget"] or moved) and not p.metrics and not p.audiences:
        p.unit, p.asks_count = m.group(1).lower(), True
        p.calc = Calc("div", "budget", "price", per_thousand=metric_of(p.unit) in PER_THOUSAND, target=p.unit)
    return p


# a spend supposed and nothing else asked: "what if we spend 60 grand", "say we put in $25k?"
_SUPPOSED = re.compile(r"^\W*(?:ok(?:ay)?\W+|and\W+|so\W+)*(?:what if|how about|say|suppose|if)\b[^?.!,]*\b(?:spend|spent|put|"
                       r"invest|budget|have|had|got)\b[^?.!,\d]*\$?\d[\d,.]*\s*(?:k|m|grand|thousand|million|dollars|bucks|usd)?"
                       r"(?:\s+(?:a|per|each|every)\s+(?:month|week|year|quarter|mo|yr))?(?:\s+instead)?\s*[?.!]*\s*$", re.I)


# a budget stated and nothing else said: "we have like fifteen grand", "our budget's about 15k a month", "we got $9,000"
_STATED = re.compile(r"^\W*(?:(?:ok(?:ay)?|and|so|well|um+|hmm+)\W+)*(?:(?:we|i)(?:'ve|'d| have| had| can)?\s+(?:only\s+)?"
                     r"(?:got|have|has|had|spend|afford)|(?:(?:our|my|the)\s+)?budget(?:'s|\s+is|\s+would be|\s+will be)?)\b"
                     r"(?:\s+(?:like|about|around|roughly|maybe|only|just|approximately|approx|up to))*\s*\$?\d[\d,.]*\s*"
                     r"(?:k|m|grand|thousand|million|dollars|bucks|usd)?(?:\s+(?:a|per|each|every)\s+(?:month|week|year|quarter|mo|yr))?"
                     r"(?:\s+(?:to spend|for (?:it|this|ads|media)|total))?\s*[?.!]*\s*$", re.I)


def spent(p: Parsed, last_metric: str | None) -> Calc | None:
    """"What if we spend 60 grand", or a budget stated with nothing else ("we have like fifteen grand": the budget
    given after the question that needed it), right after a price was looked up: what that spend buys at it (the
    price's own unit: clicks for a CPC, impressions by the thousand for a CPM), or None."""
    unit = UNIT_OF.get(last_metric or "")
    if p.calc is not None or not unit or [n.role for n in p.numbers] != ["budget"] or p.metrics or p.unit \
            or p.audiences or not (_SUPPOSED.search(p.text) or _STATED.search(p.norm)):
        return None
    p.unit, p.asks_count = ("impressions" if last_metric in PER_THOUSAND else unit + "s"), True
    return Calc("div", "budget", "price", per_thousand=last_metric in PER_THOUSAND, target=p.unit)


_PRICE_ASKED = re.compile(r"\b(?:cost|costs|costing|price|prices|priced|pay|paying|charge|charges|how much|per|rate)\b", re.I)


def swapped(p: Parsed, has_budget: bool, last_unit: str) -> Calc | None:
    """"and impressions at the typical cpm" after the budget was divided by a CPC: the same budget at the price now
    named, counting that price's own unit (the follow-up names both, so no "how many" is needed), or None."""
    if p.calc is not None or not p.followup or not has_budget or not last_unit or p.numbers or p.audiences \
            or len(p.metrics) != 1 or p.metrics[0] not in UNIT_OF:
        return None
    metric = p.metrics[0]
    unit = "impression" if metric in PER_THOUSAND else UNIT_OF[metric]
    if not re.search(rf"\b{unit}s\b", p.text, re.I) or _PRICE_ASKED.search(p.text):
        return None  # the units counted ("impressions"), not their price asked ("and per lead?", "what do clicks cost?")
    p.unit, p.asks_count = unit + "s", True
    return Calc("div", "budget", "price", per_thousand=metric in PER_THOUSAND, target=p.unit)


def calc(p: Parsed, has_budget: bool, last_unit: str = "", last_metric: str | None = None) -> Calc | None:
    """The budget ÷ price division a bare "how many … can we get/expect?" (or a spend supposed after a price,
    :func:`spent`; or the budget at another price, :func:`swapped`) asks, or None (``last_unit``: what the last
    division counted)."""
    if (c := payers(p, has_budget, last_unit) or spent(p, last_metric) or swapped(p, has_budget, last_unit)) is not None:
        return c
    if p.calc is not None or not p.asks_count or p.numbers or p.audiences or p.geographies or p.metrics \
            or p.metric_phrases or not p.unit or not _OBTAIN.search(p.text):
        return None
    if not (_BUYER.search(p.unit) or _RESULT.search(p.unit)):
        return None
    if has_budget and metric_of(p.unit) is None:  # a budget known but no price for this result: not this rule's
        return None
    if _BUYER.search(p.unit.split()[-1]) and (m := re.search(re.escape(p.unit) + r"\s+([a-z]+s)\b", p.text, re.I)):
        p.unit = f"{p.unit} {m.group(1)}"  # "paying" of "how many paying subscribers": the people counted
    return Calc("div", "budget", "price", target=p.unit)
