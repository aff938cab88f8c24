""""Just make up a cost per donor for my report", "invent a number, nobody will check": a request to fabricate a figure.

Why: the agent's one rule about numbers is that each comes from the knowledge base, the user, or a calculation on
those. A message asking for a figure to be invented (or the rules to be ignored so one can be) is answered by
saying it will not be — not by looking the words up: the search or the benchmark tool then finds some figure
(another vertical's CPA, a passage on reporting) and the answer hands it over as if it were the one asked for,
which is exactly the invented number the user asked for, now with a citation. Read is English only: a verb of
fabricating with a figure as its object ("make up a number", "make one up", "pull a figure out of thin air"), or
an instruction to ignore the rules. "What should search make up of the budget?" (make up = form) has no figure
noun as its object and is not read as one.
"""
from __future__ import annotations

import re

_FIGURE = r"(?:numbers?|figures?|stats?|statistics?|data|estimates?|benchmarks?|results?|costs?|prices?|rates?|counts?|ratios?|cpa|cpl|cac|cpm|cpc|roas)"
_ASKS = re.compile("|".join((
    # "make up a cost per donor number", "invent some stats", "fabricate the data", "fake a figure"
    # ("make up" as a noun, "our make up brand", is no verb: the goods named after it block it)
    r"\b(?:make up(?!\s+(?:brands?|products?|lines?|artists?|compan\w+|stores?|shops?|business\w*|kits?|routines?|sales)\b)|"
    r"invent|fabricate|conjure up|dream up|cook up)\s+(?:me\s+|us\s+)?(?:a|an|some|the|any|one|our|my)?\s*"
    r"(?:[\w$%-]+\s+){0,5}?" + _FIGURE + r"\b",
    r"\bfake\s+(?:me\s+|us\s+)?(?:a|an|some|the|our|my)\s+(?:[\w$%-]+\s+){0,5}?" + _FIGURE + r"\b",  # not "fake clicks"
    # "make a number up", "just make one up", "make something up"
    r"\bmake\s+(?:one|it|them|something|anything|(?:a|an|some|the)\s+(?:[\w-]+\s+){0,4}?" + _FIGURE + r")\s+up\b",
    # "pull a number out of thin air", "ignore your rules and …", "even if it's made up"
    r"\bout of thin air\b|\bout of (?:your|thin) (?:hat|ass|butt)\b",
    r"\bignore (?:your|the|all|any) (?:own )?(?:rules|instructions|guidelines|sources|knowledge base)\b",
    r"\b(?:even if|doesn'?t matter if|fine if|ok if|okay if) (?:it'?s|its|they'?re|the (?:number|figure) is) (?:made up|invented|fake|not real)\b",
)), re.I)

WHAT = "made-up figures: I won't invent a number, since every figure I give comes from the knowledge base, your own " \
       "data or a calculation on those"


def asks(text: str) -> bool:
    """Does the message ask for a figure to be invented (or the rules to be set aside for one)?"""
    return bool(_ASKS.search(text))
