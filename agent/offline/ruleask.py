"""A question that asks how long, how fast, what to do, or whether a rule exists is searched, not looked up.

Why: the look-up route (get_benchmark) is taken when a message names a metric and a business and holds a word
that may ask for a figure ("should", "pay", "cost"). But "is there a rule for how long it should take to win
back what we pay per customer?" names a cost only as the thing the rule is about: it asks for a duration, a
speed or a rule, which a benchmark table does not hold and the knowledge base's prose does. The table's figure
answered such questions with a cost nobody asked for. The sentence that asks decides, judged by English
question forms alone:

* it asks a duration or a speed ("how long", "how many months", "how soon", "how fast", "how quickly"); what the
  asker should do, when, or how often ("what should we do if …", "when should we …", "how often should we …" —
  not "how often do people click", a rate's figure); or whether a rule, limit, cap or guideline exists ("is there
  a rule for …", "are there any limits on …");
* and no sentence that asks holds a word that asks for a figure of the metric itself ("how much", "how many", "typical",
  "benchmark", "range", "average", "normal", "usual", "ballpark") — "how long is a typical payback?" still asks
  the KB's figure, which the search also finds, but "is there a typical CPC?" is a look-up.

Only the route is decided here: which section of the search answers is the reader's, whose own tests of a rule
question (:mod:`~agent.offline.rulesection`, :mod:`~agent.offline.tossup`) weigh sections, not tools.
"""
from __future__ import annotations

import re

from agent.offline.asking import question_sentences
from mpa.fact_text import DURATIONS

_SPAN = r"(?:hours|days|weeks|months|quarters|years)"
_ASKER = r"(?:i|we|you)"
# what the asker should do or when, and how often they should do it: a procedure, a condition, a cadence — not "how
# often do people click" (a rate's figure)
_ACT = (r"|\bwhat (?:should|do|must|can|would) " + _ASKER + r" (?:\w+ )?do\b|\bwhen (?:should|do|must|can|would) " + _ASKER
        + r"\b|\bhow often (?:should|do|must|can|would) " + _ASKER + r"\b")
_RULE_FORM = re.compile(r"\bhow (?:long|soon|fast|quickly)\b|\bhow many " + _SPAN + r"\b" + _ACT + r"|\b(?:is|are) there (?:a|an|any)? ?(?:[\w-]+ )?"
                        r"(?:rules?|limits?|caps?|ceilings?|guidelines?|guardrails?|policy|policies|speed limits?)\b", re.I)
_FIGURE_ASKED = re.compile(r"\bhow much\b|\bhow many (?!" + _SPAN + r"\b)|\b(?:typical|typically|benchmarks?|range|average|avg|normal|normally|"
                           r"usual|usually|ballpark|going rate|median)\b", re.I)


def asks_rule(text: str) -> bool:
    """Does the message's asking sentence ask a duration, a speed or whether a rule exists, and no figure (module doc)?
    A duration asked of a metric the KB states in time ("how long is the payback …" where its payback figures are
    in months) asks that figure."""
    asked = question_sentences(text)  # a figure asked in another of its questions still wants the look-up
    return any(_RULE_FORM.search(s) for s in asked) and not any(_FIGURE_ASKED.search(s) for s in asked) \
        and not _timed_figure_named(" ".join(asked))


def _timed_figure_named(text: str) -> bool:
    """Does ``text`` name a metric of the KB's own whose figures the served KB states in time ("2-3 months")?"""
    from agent.offline import kbmetrics, servedkb
    names = {n for _, n in kbmetrics.named_in(text)}
    folder = servedkb.folder() if names else None
    return bool(folder) and any(f.metric and f.metric.lower() in names and f.unit in DURATIONS
                                for f in servedkb.facts(folder))
