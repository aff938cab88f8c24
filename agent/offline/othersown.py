"""Another company's own figures — "could you check how much our closest rival spends on tiktok", "what's the
bakery down the street paying for its ads", "what are our rivals bidding" — which no knowledge base of planning
guidance and benchmark ranges can hold.

Why: the question's words (a platform, "spend") match passages about spending on that platform, and the reader
quoted one — an answer about something else, where the honest answer is that the knowledge base has no company's
own figures. English marks the question: its subject is a particular competitor ("our main competitor", "our
rivals", "the shop across town", "the other guys") and its verb is what that company spends, pays, bids or budgets, asked as a fact ("how
much does … spend", "find out what … pays"); asked as a method ("how can we estimate what competitors spend?") it
is planning guidance, and left to the search.
"""
from __future__ import annotations

import re

# who: a competitor, however named
# (a particular one: "our closest rival", "the shop across town" — "what do competitors pay per click" asks the
# market's benchmark)
_RIVAL = (r"(?:(?:our|my|the|their|his|her)\s+(?:(?:biggest|main|largest|top|closest|local|nearest|main|direct|new)\s+)*"
          r"(?:competitors?|competition|rivals?|other\s+guys)|(?:the|that)\s+(?!(?:average|typical|normal|usual|median)\b)(?:[a-z]+\s+){1,2}"
          r"(?:(?:across|down|up|over|out)\s+(?:town|the\s+street|the\s+road|in\s+[a-z0-9]+|on\s+[a-z0-9]+|there)|next\s+door|"
          r"around\s+the\s+corner))")  # a particular business by where it is: "the spice shop down in Tulsa"
_MONEY_VERB = r"(?:spends?|spending|spent|pays?|paying|paid|bids?|bidding|budgets?|invests?|investing|puts?|putting)"
# a fact asked: "how much does X spend", "what X pays", "X's budget", "find out … X …"
_ASKED = re.compile(r"\b(?:how\s+much|what(?:'s|’s|s)?)\s+(?:(?:does|do|did|is|are|was|were|will|would)\s+)?" + _RIVAL + r"\s+"
                    r"(?:(?:usually|typically|really|actually)\s+)?" + _MONEY_VERB + r"\b|"
                    r"\b" + _RIVAL + r"(?:'s|’s|')?\s+(?:ad\s+|media\s+|marketing\s+|advertising\s+)?(?:budget|spend|bids?)\b",
                    re.I)
# a method asked: how the user could estimate or see it
_METHOD = re.compile(r"\bhow\s+(?:can|could|do|should|would|might)\s+(?:i|we|you|one)\s+(?:\w+\s+){0,2}?"
                     r"(?:estimate|find|figure|work|see|check|track|gauge|measure|benchmark|guess|tell)\b|"
                     r"\b(?:estimate|estimating|gauge|gauging)\b", re.I)

WHAT = "another company's own advertising spend, bids or budget: it holds planning guidance and typical ranges, " \
       "not any competitor's own figures"


def asks(text: str) -> bool:
    """Does the message ask a competitor's own spend, bids or budget as a fact (module doc)?"""
    return bool(_ASKED.search(text)) and not _METHOD.search(text)
