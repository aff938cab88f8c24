""""Would that be a good deal for us?" after the conversation worked out what a budget buys: whether it
pays depends on what one result is worth to the user, a figure only they have.

The same holds for the whole budget asked for with nothing to derive it from ("what should we put in next
year's plan?"): a budget is the result the user wants times what one may cost (:func:`budget_need`), so
the result wanted is asked for rather than a figure invented or a passage on pacing quoted.

Why: a benchmark says whether a cost is typical, not whether it is good *for this business*; that
needs the user's value per customer (gross profit or lifetime value), which the agent must ask for
rather than assume. Read is English (a judgement word, a pronoun pointing back, the user speaking of
themselves, nothing new named) and the conversation's slots (a budget said, no value said).
"""
from __future__ import annotations

import re

from agent.offline import channelfig, ownratio, paybackask
from agent.offline.actionjudged import judges_action
from agent.offline.memory import Memory
from agent.offline.parse import EVALUATE, Parsed

_JUDGED = re.compile(r"\bworth (?:it|the money|doing)\b|\bpay (?:off|for itself)\b|\bprofitable\b|\bgood (?:deal|value)\b",
                     re.I)
_BACK = re.compile(r"\b(?:that|this|those|these)\b(?!\s+(?:time|year|month|week|quarter|season|spring|summer|fall|autumn|winter|round)\b)",
                   re.I)  # "worth it" has its own "it"; "this time" points at no result
# "what makes a goal a good one?", "what counts as a healthy …": the criteria asked, which the KB states
_CRITERIA = re.compile(r"\bwhat (?:makes|counts as|qualifies as)\b", re.I)
_OURS = re.compile(r"\b(?:us|our|we|me|my|i)\b", re.I)


def need(p: Parsed, mem: Memory) -> str | None:
    """The value to ask for before judging a worked-out result as good for the user, or None (also: the figures of
    the user's own ratio asked as it stands, ``ownratio``)."""
    if own := ownratio.need(p, mem):
        return own
    if not (EVALUATE.search(p.text) or _JUDGED.search(p.text)) or not _BACK.search(p.text) or not _OURS.search(p.text):
        return None
    if not _JUDGED.search(p.text) and judges_action(p.text):  # "is it ok to put the pixel on …?": a rule asked
        return None
    if _CRITERIA.search(p.text) or channelfig.named(p.text):  # the criteria asked; a channel judged: the KB's rules
        return None
    if p.metrics or p.metric_phrases or p.numbers or p.audiences or p.vertical or p.calc:
        return None
    if "budget" not in mem.facts or mem.facts.get("LTV") or mem.facts.get("price"):
        return None
    return "gross profit per customer (what one conversion is worth to you)"


# the whole budget asked for, also as an embedded question ("my CFO asked how much we ought to invest")
_WHOLE_BUDGET = re.compile(r"\bhow much (?:money )?(?:we|i) (?:should|need to|ought to|must) (?:budget|spend|set aside|invest)\b|"
                           # money put into advertising as a whole ("how much should we put into ads next year?")
                           r"\bhow much (?:money |cash )?(?:should|do|would|must) (?:we|i) (?:need to |plan to )?(?:put|pour|sink|invest|"
                           r"allocate|commit)\s+(?:in|into|on|towards?|behind)\s+(?:ads|advertising|marketing|media|paid media)\b",
                           re.I)
_SPEND = re.compile(r"\b(?:spend|budget|set aside|invest)\b", re.I)


def budget_need(p: Parsed, mem: Memory, channel_named: bool) -> str | None:
    """What to ask for when the message asks how much to spend in all — no figure, metric, channel or audience
    of its own, no budget said before: the target and what one may cost (only the cost when a count was said),
    or None."""
    # spending asked for ("what would that cost?" prices something said before: no whole budget)
    whole = _WHOLE_BUDGET.search(p.text) or (p.asks_cost and _SPEND.search(p.text))
    if not whole or p.calc or p.numbers or p.metrics or p.metric_phrases or p.audiences or channel_named or p.step \
            or p.identifiers:
        return None
    if mem.facts.get("budget") or (mem.facts.get("count") and mem.facts.get("price")):
        return None  # a budget said, or both its factors: nothing to ask
    if mem.facts.get("count"):
        return "cost you can afford per customer or lead"
    return "target for the period (how many customers or leads you need) and what one may cost you"



# a budget to be sized from a target the user has not said: "pick a budget that fills our open seats", "choose a number
# of calls to aim for and budget off that"
_FROM_TARGET = re.compile(r"\b(?:pick|choose|set|come up with|figure out|work out|decide on|settle on)\s+(?:a|the|our|my)\s+"
                          r"(?:budget|spend)\s+(?:that|to|which|for|big enough to)\s+(?:will\s+)?(?:fills?|hits?|gets?|reach(?:es)?|"
                          r"covers?|brings?)\b|\bbudget (?:off|from|around|backwards? from) (?:of )?(?:that|it|this|the (?:target|goal|number))\b",
                          re.I)
# the count that makes the ads pay for themselves: "how many orders do I need for the ads to cover their cost"
_BREAK_EVEN = re.compile(r"\bhow many (?!(?:more )?(?:months?|weeks?|days?|years?|quarters?)\b)[^.?!]{0,50}?\b(?:need|have to|must|should)\b[^.?!]{0,40}?\b(?:pay for (?:themselves|"
                         r"itself)|cover (?:their|its|the) (?:own )?(?:cost|spend)|break even|pay (?:off|back)|earn (?:it|that) back)\b",
                         re.I)
# the spend that pays for itself: "how much should we spend so the app pays for itself?" — it turns on what one sale earns
_SPEND_PAYS = re.compile(r"\bhow much\b[^.?!]{0,40}?\b(?:spend|budget|put in|invest)\b[^.?!]{0,40}?\b(?:pays? for (?:itself|"
                         r"themselves)|breaks? even|pays? (?:off|back)|earns? (?:it|itself) back)\b", re.I)


def target_need(p: Parsed, mem: Memory, said: list[str] | tuple[str, ...] = ()) -> str | None:
    """What to ask for when a budget is to be sized from a target nobody has said (whatever budget was said before:
    a new one is asked), or when the count that pays the ads back is asked with no profit per sale said; else None.
    A budget is the target times what one may cost; a break-even count is the spend over the profit on one sale —
    the target and the profit are the user's, never a benchmark's."""
    if (_BREAK_EVEN.search(p.text) or (_SPEND_PAYS.search(p.text) and not paybackask.worth_said(said))) and not (mem.facts.get("LTV") or (mem.facts.get("price") and mem.price_metric is None)) and not any(
            (n.role or "").startswith("price") for n in p.numbers):
        return "profit on one sale (what you keep from one order after the cost of the goods)"
    if _FROM_TARGET.search(p.text) and p.value("count") is None:
        return "target for the period (how many customers, enrollments or calls you need)"
    return None
