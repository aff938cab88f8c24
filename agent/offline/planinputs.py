"""A number about the user's own plan whose inputs nobody has given: ask for them, name them, invent none.

Why: "how many demos will we book next quarter?", "can you work out our LTV to CAC?" and "how much should we
spend next summer?" are each one formula (results = budget ÷ what one costs; value ÷ acquisition cost; a
budget = the results wanted × what one may cost), and its inputs are the user's alone. Asked with none of them
in the message or earlier in the conversation, the question has no answer in any knowledge base: the search
found some passage sharing a word ("next quarter's launch", the ratio's caveats) and it was quoted as the
answer. The one right reply asks for the missing inputs. The shapes, read from English structure:

* a count of the user's own results, forecast (:func:`result_count`): "how many" + a modal or "expect" + the
  user as the one who gets them ("we", "our ads", "the push … us") + a verb of getting (book, land, get, bring
  in) — no budget said, and no price worked out in the message (the calculation asks for the budget itself
  when the unit's price is a metric, :func:`agent.offline.arith.missing`);
* the user's own metric computed (:func:`own_metric`): a verb of working out ("calculate", "work out", "figure
  out") or "what's our X", the metric the user's, no number said, none of the metric's inputs remembered — not
  a method ("how do we calculate …"), a target ("what should our CAC be") or a judgement ("is our ROAS ok");
* revenue the user's plan will bring (:func:`revenue`: "how much will our ads make us next month?"): the budget and
  the return per dollar;
* the user's own break-even price of one ("what's our break-even CPA?") or own budget judged ("is our budget big
  enough for TikTok?") with nothing said of it (:func:`own_threshold`): what one is worth to them, or the budget;
* the whole budget for a coming period (:func:`future_budget`) when the only budget said was what was *spent*
  in a period gone by ("last month we spent 8k"): a past spend is no plan for next summer, so the question is
  the one :func:`agent.offline.worthask.budget_need` asks when no budget was said.

A general question stays the knowledge base's: "how much should a dental practice spend?", "how many leads does
a typical firm get?" name no one of the user's own — nor is such a count asked back for a budget (:func:`of_others`,
which the policy reads before :func:`agent.offline.arith.missing`); inputs given now or earlier (a redo, a follow-up)
are used.
"""
from __future__ import annotations

import dataclasses
import re

from agent.offline.campaignwords import CAMPAIGN
from agent.offline.memory import Memory
from agent.offline.parse import DEFINITION, EVALUATE, Parsed, parse
from agent.offline.passages import message_sentences
from agent.offline import channelfig, platformfig, worthask

def _words(listed: str, plural: bool = False) -> re.Pattern:
    """Any of the white-space-separated words or phrases (each also with an "s" when ``plural``), as whole words."""
    alts = [w.replace("_", r"\s+") + ("s?" if plural else "") for w in listed.split()]
    return re.compile(r"\b(?:" + "|".join(alts) + r")\b", re.I)


_OWN = re.compile(r"\b(?:we|i|us|our|my|me)\b|\b(?:we|i)(?:'ll|’ll|'re|’re|'d|’d)", re.I)
_OWNED = re.compile(r"\b(?:our|my)\b", re.I)
# the user's own effort as the one that brings results: "the appeal", "this spring push", "the campaign"
_OWN_EFFORT = re.compile(r"\b(?:the|this|that)\s+(?:[a-z-]+\s+){0,2}?" + _words(" ".join(CAMPAIGN + ("ads", "effort"))).pattern, re.I)
# a forecast of the user's results: a modal, "going to", "expect"
_WILL = re.compile(_words("will would should can could might gonna going_to expect expects expected expecting").pattern
                   + r"|(?:'ll|’ll)\b", re.I)
# a verb of getting what a plan buys ("book", "land", "bring in", "drive"), not of doing ("use", "test", "run")
_GOT = _words("get getting book land win sign close generate drive bring acquire sell pull pick_up attract gain "
              "capture rack_up end_up_with expect expecting produce deliver convert add open enroll register recruit "
              "onboard score", plural=True)
# revenue brought in: "how much will our ads make us", "how much revenue will the launch bring in"
_EARN = _words("make earn bring generate drive get pull", plural=True)
_PRICED = _words("cost costs spend spent pay paid charge charges budget afford")
# what a general question says of someone else's results
_GENERAL = _words("typical typically average usually normally most other a_business companies firms brands like_us "
                  "like_ours like_mine")
# a count of time, of repeats or of things to make or test is no result a budget buys
_NOT_RESULT = _words("time day week month year hour minute channel ad creative variant version keyword campaign platform "
                     "step test cell market touch exposure people", plural=True)
_SEASONS = "week month quarter year season summer spring fall autumn winter holiday_season holidays"
# the period a forecast or a budget is asked for: "next quarter", "this fall", "over the holidays", "in Q3"
_COMING = re.compile(r"\b(?:next|this\s+coming|the\s+coming|coming|upcoming|this)\s+" + _words(
    _SEASONS + " campaign launch push").pattern + r"|\bin\s+q[1-4]\b|\bover the holidays\b", re.I)
# a budget said of a period gone by: "last month we spent 8k", "spent about 12k"
_PAST_SPEND = re.compile(r"\b(?:last|past|previous)\s+" + _words(_SEASONS + " campaign").pattern + "|" + _words(
    "spent were_spending used_to_spend").pattern, re.I)
_PLANNED = _words("next upcoming coming plan planning plan_to planning_to will budget_is budget_of budget_for budgeted_for")

# working a figure out ("calculate", "work out", "figure out") or asking for the user's own value of it
_WORK_OUT = re.compile(r"\b(?:calculat\w*|comput\w*|crunch\w*|run the numbers|(?:work(?:ing)?|figur\w*)\s+(?:(?:it|that|this|"
                       r"them)\s+)?out)\b", re.I)
_WHATS_OURS = re.compile(r"\bwhat(?:'s|’s|s| is| are)\s+(?:our|my)\b", re.I)
# a method, a target or a comparison asked: the knowledge base's to answer
_NORM = re.compile(r"\bhow\s+(?:to|do|does|did|would|should|can|could|is|are)\b|" + _words(
    "should target goal aim ideal max maximum most min minimum least allowable good healthy benchmark benchmarks typical "
    "normal average compare compared stack range break-even break_even breakeven").pattern, re.I)
_BREAK_EVEN = re.compile(r"\bbreak[- ]?even\b", re.I)
# the user's own budget judged: "is our ad budget big enough for TikTok?"
_BUDGET_JUDGED = re.compile(r"\b(?:is|are)\s+(?:our|my)\s+(?:\w+\s+)?(?:budget|spend)\s+(?:big |large |high )?" + _words(
    "enough sufficient too_small too_low too_big too_high ok okay realistic adequate").pattern, re.I)
# revenue the user's plan will bring: "how much revenue will our ads bring in this fall?"
_HOW_MUCH_BACK = re.compile(r"\bhow much (?:in )?(?:revenue|sales|income|money|business)\b(.*)|\bhow much\b(.*)", re.I)

# each metric's inputs: (the memory role that holds it, or None, and how it is asked for)
_INPUTS: dict[str, tuple[tuple[str | None, str], ...]] = {
    "LTV:CAC": (("LTV", "customer lifetime value"), ("price", "acquisition cost per customer (CAC)")),
    "ROAS": ((None, "revenue the ads brought in"), ("budget", "ad spend over the same period")),
    "payback": (("price", "acquisition cost per customer (CAC)"),
                (None, "monthly contribution per customer (what one customer brings in each month, after costs)")),
    "LTV": ((None, "average revenue per customer per month and margin"), (None, "how many months a customer stays")),
}
_COUNTED = {"CAC": "new customers", "CPA": "conversions", "CPL": "leads", "CPC": "clicks", "CPM": "impressions",
            "CPI": "installs", "CPCV": "completed views"}
_RATES = {"CTR": ("clicks", "impressions"), "CVR": ("conversions", "clicks")}
_PAYBACK = re.compile(r"\bpay\s*back\b|\bpayback\b|\bearn\s+(?:it\s+)?back\b", re.I)
_LTV = re.compile(r"\b(?:ltv|clv|lifetime value|customer value)\b(?!\s*(?:to|:|/|vs\.?|versus|over|and)\s*(?:the\s+)?"
                  r"(?:cac|acquisition|cost))", re.I)


def need(p: Parsed, mem: Memory, said: list[str] | tuple[str, ...] = (), channel_named: bool = False) -> str | None:
    """The inputs to ask for (as :func:`agent.offline.compose.ask_for` words them) when the message asks a number of
    the user's own plan that the conversation cannot give, else None (``said``: the earlier user messages)."""
    return result_count(p, mem) or revenue(p, mem) or own_threshold(p, mem) or own_metric(p, mem) or future_budget(p, mem, said, channel_named)


def _given(p: Parsed) -> bool:
    """Does the message state a figure of its own (money, a share, a count, a price or a value)?"""
    return any(n.money or n.pct or n.role in ("budget", "price", "LTV", "count") or (n.role or "").startswith("price")
               for n in p.numbers)


def _asks(text: str, *rxs: re.Pattern) -> list[str]:
    """The sentences of the message matching every pattern (a question's clause, not the scene before it)."""
    return [s for s in message_sentences(text) if all(rx.search(s) for rx in rxs)]


def singular(unit: str) -> str:
    """The unit counted, its last word singular ("new donors" → "new donor"); "" for none."""
    words = unit.split()
    last = words[-1] if words else ""
    if last.endswith("ies") and len(last) > 4:
        last = last[:-3] + "y"
    elif last.endswith("s") and not last.endswith("ss"):
        last = last[:-1]
    return " ".join(words[:-1] + [last]) if last else ""


def of_others(p: Parsed) -> bool:
    """Does the message ask how many others get ("how many leads do law firms usually get?"), not the user's plan?
    A general question the knowledge base answers (or declines): no budget of the user's is needed for it."""
    return p.asks_count and not _given(p) and any(
        re.search(r"\bhow many\b", s, re.I) and _GENERAL.search(s) and not _OWN.search(s) for s in message_sentences(p.text))


def _budget(mem: Memory) -> float | None:
    """The budget remembered — not the price of one said again ("earn back that 1,400" after a CAC of 1,400)."""
    b = mem.facts.get("budget")
    return None if b is None or b == mem.facts.get("price") else b


def result_count(p: Parsed, mem: Memory) -> str | None:
    """A forecast of how many of something the user's plan will bring, with no budget said: the budget for the
    period and what one costs (only the budget when a price of that unit was said before)."""
    if not p.asks_count or p.calc or (p.audiences and p.geographies) or _given(p) or _budget(mem) is not None:
        return None
    for s in message_sentences(p.text):
        m = re.search(r"\bhow many\b(.*)", s, re.I)
        if not m or _GENERAL.search(s) or DEFINITION.search(s):
            continue
        rest, head = m.group(1), (p.unit.split() or [""])[-1]  # what is counted: its last word ("test drives")
        # the noun as typed ("paid vacation days"), up to its verb, the asker, or the clause's own subject ("… accounts
        # the spring campaign will open": the campaign opens them, it is not what is counted)
        said = re.split(r"\s+(?:will|would|should|can|could|might|do|does|did|are|is|am|we|i|you|they|our|my|the|this|that|"
                        r"these|those|its|their)\b", rest, maxsplit=1, flags=re.I)[0].split()
        if not head or _NOT_RESULT.fullmatch(head) or said and _NOT_RESULT.fullmatch(said[-1]) or not (_WILL.search(rest) and _mine(rest) and _GOT.search(rest)):
            continue
        when = _when(s)
        one = singular(p.unit)
        if mem.facts.get("price") is not None and one and (mem.price_metric or "") and singular(_COUNTED.get(
                mem.price_metric, "")) == one:
            return f"budget{when}"
        return f"budget{when} and what one {one or 'result'} costs you"
    return None


def own_forecast(text: str) -> bool:
    """Does a "how many" clause of ``text`` forecast the user's own results ("how many new donors can we expect from
    that?"): a modal or "expect", the user or their effort, a verb of getting — not others' ("do firms usually get")?"""
    return any((m := re.search(r"\bhow many\b(.*)", s, re.I)) and not _GENERAL.search(s) and _WILL.search(m.group(1))
               and _mine(m.group(1)) and _GOT.search(m.group(1)) for s in message_sentences(text))


def _mine(clause: str) -> bool:
    return bool(_OWN.search(clause) or _OWN_EFFORT.search(clause))


def _when(sentence: str) -> str:
    period = _COMING.search(sentence)
    return f" for {period.group(0).lower()}" if period else ""



def revenue(p: Parsed, mem: Memory) -> str | None:
    """Revenue forecast from the user's own plan with no budget said: the budget and the return per dollar."""
    if _given(p) or p.calc or _budget(mem) is not None:
        return None
    for s in message_sentences(p.text):
        m = _HOW_MUCH_BACK.search(s)  # revenue named, or "how much will our ads make us" (not what they cost)
        rest = m and (m.group(1) if m.group(1) is not None else "" if _PRICED.search(m.group(2)) else m.group(2))
        if rest and not _GENERAL.search(s) and _WILL.search(rest) and _mine(rest) and _EARN.search(rest):
            return f"budget{_when(s)} and the revenue you expect back per dollar of ad spend (ROAS)"
    return None


def own_threshold(p: Parsed, mem: Memory) -> str | None:
    """The user's own break-even price of one ("what's our break-even CPA?") or their own budget judged ("is our
    budget big enough for TikTok?") with nothing said of it: what one is worth to them, or the budget."""
    if _given(p) or p.calc:
        return None
    if _BUDGET_JUDGED.search(p.text) and _budget(mem) is None:
        return f"budget{_when(p.text)}"
    if _BREAK_EVEN.search(p.text) and _OWNED.search(p.text) and any(m in _COUNTED for m in p.metrics) \
            and not mem.facts.get("LTV") and not DEFINITION.search(p.text):
        return "contribution per conversion (what one is worth to you after costs)"
    return None


def _qualified(p: Parsed, mem: Memory) -> bool:
    """Is a business, a platform, a channel or a place named (now or before)? Then "what's our X?" asks the figure
    of a business like theirs there — the knowledge base's — unless the user asks it worked out."""
    return bool(p.vertical or p.industry_phrase or p.business_phrase or mem.vertical or mem.business or p.geographies
                or platformfig.platforms(p.text) or channelfig.named(p.text))


def own_metric(p: Parsed, mem: Memory) -> str | None:
    """The inputs of the user's own metric asked to be worked out with none of them said now or before."""
    if _given(p) or p.calc or EVALUATE.search(p.text):
        return None
    said = message_sentences(p.text)  # "what'll our CPA come out to? can you calculate it": the two sentences ask it
    asks = [s for s in said if _WORK_OUT.search(s) or _WHATS_OURS.search(s)]
    if not asks or not any(_OWNED.search(s) for s in said) or any(
            _NORM.search(s) or DEFINITION.search(s) for s in said if "?" in s or s in asks):
        return None
    if not any(_WORK_OUT.search(s) for s in said) and _qualified(p, mem):  # "we're plumbers. what's our ROAS on Meta?"
        return None
    ask = " ".join(said)
    metric = next((m for m in p.metrics if m in _INPUTS or m in _COUNTED or m in _RATES), None)
    if metric is None:
        metric = "payback" if _PAYBACK.search(ask) else "LTV" if _LTV.search(ask) else None
    if metric is None:
        return None
    if metric in _COUNTED:
        inputs = (("budget", "ad spend"), ("count", f"number of {_COUNTED[metric]} it brought in over the same period"))
    elif metric in _RATES:
        inputs = ((None, f"number of {_RATES[metric][0]}"), (None, f"number of {_RATES[metric][1]}"))
    else:
        inputs = _INPUTS[metric]
    have = [role for role, _ in inputs if role and mem.facts.get(role) is not None]
    if have and any(role is None for role, _ in inputs):  # a figure remembered beside one memory holds no slot for
        return None
    missing = [words for role, words in inputs if not (role and mem.facts.get(role) is not None)]
    return " and ".join(missing) or None


def future_budget(p: Parsed, mem: Memory, said: list[str] | tuple[str, ...], channel_named: bool) -> str | None:
    """The whole budget asked for a coming period when the only budget said was spent in a period gone by: what
    :func:`agent.offline.worthask.budget_need` asks when none was said."""
    if mem.facts.get("budget") is None or not _COMING.search(p.text) or not _spent_before(mem.facts["budget"], said):
        return None
    return worthask.budget_need(p, dataclasses.replace(mem, facts={k: v for k, v in mem.facts.items() if k != "budget"}),
                                channel_named)


def _spent_before(budget: float, said: list[str] | tuple[str, ...]) -> bool:
    """Was ``budget`` last said as money spent in a period gone by ("last month we spent 8k on ads")?"""
    for text in reversed(said):
        q = parse(text)
        if any(n.role == "budget" for n in q.numbers):
            return any(n.role == "budget" and n.value == budget for n in q.numbers) and bool(_PAST_SPEND.search(text)) \
                and not _PLANNED.search(text)
    return False
