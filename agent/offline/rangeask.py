"""Does a question naming a metric ask the range the benchmark tables hold for it (not a how-to, not a definition)?

Why a module of its own: the cues were one ``or``-joined statement across four lines of :mod:`agent.offline.policy`'s
plan. Any one cue is enough, so their order decides only which are read at all; it is kept as it was (the parse's own
flags first, then the cheap patterns, then the readers that consult the KB's names or the conversation), one per
entry, each read only when every cue before it was absent.
"""
from __future__ import annotations

import re

from agent.offline import askshape, judgedprice, metricask, shorthand, stagerate
from agent.offline.memory import Memory
from agent.offline.parse import EVALUATE, RANGE_CUE, Parsed


def asks(p: Parsed, text: str, mem: Memory) -> bool:
    """True when some cue of the message asks the figure's range (``p``: the parse of ``text``)."""
    return any(cue() for cue in (
        lambda: p.calc or p.followup or p.end,  # a working, a follow-up, or an end of a range asked
        lambda: stagerate.rate(p),  # the rate between two funnel stages
        lambda: askshape.both_ends(p.norm),  # "from what to what"
        lambda: RANGE_CUE.search(p.norm),  # "typical", "average", "benchmark", …
        lambda: p.metric_phrases or p.vertical or p.industry_phrase or p.business_phrase,  # a figure said in words; whose
        lambda: EVALUATE.search(p.norm),  # "is that good?"
        lambda: re.search(r"\bfor (?:us|me)\b", p.norm),  # "what's ROAS for us?": the business's figure
        lambda: shorthand.metric_list(text, p.metrics, bool(p.numbers)),  # "cpc, ctr?": metrics listed bare
        lambda: metricask.in_words(p.norm),  # "what percent of clicks convert?"
        lambda: metricask.of_business(p.norm, p.metrics, mem.vertical),  # "what's their CPM?"
        lambda: judgedprice.judged(p, mem),  # last, a figure of the user's judged right after a benchmark answer
    ))
