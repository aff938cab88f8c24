"""A question asking the real figure behind a count the user was given: "how many of those are real?", "what did
the radio spots really drive?", "the tool tells me 300k — what number should we plan with?", "meta says our potential
reach is 900k — can I trust that number?".

Why a module: :func:`agent.offline.planmath.adjusted` applies the KB's stated multiplier (or credited share) to such a
count, and the ways people ask for the count's real value — a "how many actually", the true effect of what was
counted, which figure to plan with, whether the figure can be trusted — are English question forms that grow apart
from the arithmetic. A count a platform or tool reports, then a question of trust ("can I trust", "is that number
accurate", "how reliable is") asks the same as "how many are real": the KB's rule for reported counts answers it.
"""
from __future__ import annotations

import re

_ACTUAL = re.compile(r"\bhow many\b[^?]{0,60}\b(?:actual(?:ly)?|real(?:ly)?|truly|true|likely|probably|in fact|really)\b|"
                     # the true effect asked of what was counted: "what did the radio spots really drive?"
                     r"\b(?:what|how much)\b[^?.!]{0,40}\b(?:actually|really|truly|in (?:fact|reality))\s+(?:\w+\s+)?(?:driv|drove|"
                     r"deliver|bring|brought|generat|produc|caus|creat|sell|sold|earn|contribut|account|reach)\w*|"
                     r"\b(?:actual|real|true|unique)\b[^?]{0,20}\b(?:people|number|figure|count|reach|total)\b|"
                     # a count a tool reports, then which figure to plan with: "the tool tells me 300k … what do I use?"
                     r"\b(?:tell(?:s|ing)? (?:me|us)|says|show(?:s|ing)|report(?:s|ed|ing)|claim(?:s|ed|ing)|estimat(?:es|ed|ing))"
                     r"\b[^.?!]{0,40}?\d[\d,.]*\s*(?:k|m|mm|thousand|million|billion)?\s+[a-z][^?]*\b(?:what|which) (?:number |figure |count |one )?"
                     r"(?:should|do|would|can) (?:i|we) (?:use|plan with|go with|trust|believe|rely on)\b|"
                     # … or whether to trust it: "meta says our potential reach is 900k — can I trust that number?"
                     r"\b(?:tell(?:s|ing)? (?:me|us)|says|show(?:s|ing)|report(?:s|ed|ing)|claim(?:s|ed|ing)|estimat(?:es|ed|ing))"
                     r"\b[^.?!]{0,40}?\d[\d,.]*\s*(?:k|m|mm|thousand|million|billion)?\s+[a-z][^?]*\b(?:(?:can|should|could|do) (?:i|we) "
                     r"(?:really |actually )?(?:trust|believe|rely on|count on|go by|bank on) (?:that|this|it|those|these|them|the "
                     r"(?:number|figure|count|estimate))\b|(?:is|are) (?:that|this|it|those|these)(?: (?:number|figure|count|estimate)s?)? "
                     r"(?:really |actually )?(?:for )?(?:accurate|right|real|reliable|legit|true|trustworthy|correct|realistic)\b|how "
                     r"(?:accurate|reliable|realistic|trustworthy|real) (?:is|are)\b)", re.I)


def asks_actual(text: str) -> bool:
    """Whether the message asks the real value behind a count it states (module doc)."""
    return bool(_ACTUAL.search(text))


# what a factor multiplies, said before "multiplied by": a ratio or a rate ("Weekly platform ROAS is multiplied by 0.375")
_RATIO_SUBJECT = re.compile(r"\b(?:i?roas|return on (?:ad )?spend|ratio|[a-z]*rate|ctr|cvr|cpa|cpm|cpc|cac)\b[^.]{0,40}?\bmultipl", re.I)


def ratio_factor(sentence: str, question: str) -> bool:
    """Whether ``sentence``'s factor multiplies a ratio or a rate (a ROAS, a price) the question does not name: applied
    to a count of people or orders it gives a wrong number ("9,000,000 × 0.375" from a ROAS deflator)."""
    m = _RATIO_SUBJECT.search(sentence)
    return bool(m) and not re.search(r"\b" + re.escape(m.group(0).split()[0]) + r"\b", question, re.I)
