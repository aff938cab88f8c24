"""A budget the user says exists but does not give: "the spring push has its own budget, how many leads would it bring?"

Why a module: the conversation remembers the last budget said ("with 9,000 a month …") and a later count is worked
from it. But a message that names *another* budget — one an effort has of its own, one separate from or other than
the one said before — and states no amount of it says the remembered budget is not the one to use: dividing it
again answers a question the user did not ask. The one right reply asks for that budget. Read from English
structure only: a possessive or a word of distinctness before "budget" ("its own", "a separate", "a different",
"another"), "a budget of its own", or "budget" then "separate/apart from" — with no money said in the message.
"""
from __future__ import annotations

import re

from agent.offline.campaignwords import CAMPAIGN
from agent.offline.parse import Parsed

_DISTINCT = r"(?:own|separate|different|distinct|dedicated|independent|standalone|stand-alone)"
_OTHER_BUDGET = re.compile(r"\b(?:(?:its|their|his|her|a|an|the)\s+" + _DISTINCT + r"|another|a\s+second|(?:its|their)\s+own\s+"
                           + _DISTINCT + r")\s+(?:[a-z-]+\s+)?budget\b|\bbudget\s+of\s+(?:its|their)\s+own\b|\bbudget\s+(?:that(?:'s| is)\s+|which is\s+)?"
                           r"(?:separate|apart|distinct|different)\s+from\b", re.I)
# whose budget it is: the effort named before it ("the spring campaign has its own budget")
_EFFORT = re.compile(r"\b(?:the|this|that|our|my)\s+((?:[a-z-]+\s+){0,2}?(?:" + "|".join(CAMPAIGN) + r"))\b", re.I)


# money another party or place would add, said without its amount: "if we added the budget from the Eastside store too",
# "if the shop next door chipped in on the budget", "with our partner's budget pooled in"
_ADDED = re.compile(r"\b(?:add(?:ed|ing)?|pool(?:ed|ing)?|combin(?:e|ed|ing)|fold(?:ed|ing)?|throw(?:n|ing)?|bring(?:ing)?|"
                    r"roll(?:ed|ing)?)\b(?:\s+in)?\s+(?:the\s+|their\s+)?(?:[a-z-]+\s+){0,2}?budget\s+(?:from|of)\s+(?:the|our|their|that|"
                    r"a|an)\b|\b(?:chip(?:ped|s|ping)?|pitch(?:ed|es|ing)?|kick(?:ed|s|ing)?)\s+in\b[^.?!]{0,25}\b(?:budget|money|"
                    r"spend|funds?)\b|\b(?:the other|another)\s+(?:[a-z-]+\s+){0,2}?(?:[a-z]+'s|[a-z]+s')\s+budget\b", re.I)


# a line of business the user would start, with "how many more" it brings asked and nothing said it would spend:
# "what if we also start offering gift boxes, how many more orders?" — its spend is new money, not the budget said
_NEW_LINE = re.compile(r"\b(?:if|once|when)\s+(?:we|i)\s+(?:also\s+)?(?:start(?:ed)?|beg[ia]n|add(?:ed)?|launch(?:ed)?|roll(?:ed)? out)\s+"
                       r"(?:(?:doing|offering|running|selling|making)\s+)?(?P<what>[^,.?!]{3,60}?)(?:\s+(?:too|as well)\b|(?=\s*[,.?!]))\s*[,.?!]?\s+"
                       r"[^.?!]*\bhow many more\b", re.I)


def need(p: Parsed) -> str | None:
    """The budget to ask for when the message names a budget other than the one remembered and gives no amount of
    it while asking for a count or a calculation; else None."""
    if not (p.asks_count or p.calc) or any(n.money or n.role == "budget" for n in p.numbers):
        return None
    m = _OTHER_BUDGET.search(p.text)
    if not m and (line := _NEW_LINE.search(p.text)):
        return f"added budget (in dollars, what you would spend on {line.group('what').strip()})"
    if not m:
        return "added budget (in dollars, what the other party or place would put in)" if _ADDED.search(p.text) else None
    effort = _EFFORT.search(p.text[:m.start()]) or _EFFORT.search(p.text)
    return f"budget for {effort.group(0).lower()}" if effort else "budget for this"
