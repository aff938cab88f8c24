"""A total spend asked in the plain words people use for it, beyond "how much would it cost" and "what budget":
"what's the budget at the high end of the range?", "what would we spend at the top of that?", "what does that
run at the high end?", "budget at the upper end?".

Why: after a count of results ("we want 3,000 tickets", "60 demos this spring") such a question asks the count
times the price the conversation has read — the parser's cost question (:data:`agent.offline.parse._COST_ASK`)
knew "what budget" and "what would that cost" but not "the budget" asked bare, "what would we spend" or "what does
that run / come to", so the turn searched the KB and quoted its budgeting formula instead of working it out. The
forms here say a total is wanted and nothing else: a budget or a spend asked at one end of a range ("the budget at
the high end"; "what is the budget?" alone may ask the user's own), or what a stated quantity runs, comes or adds up to.
"""
from __future__ import annotations

import re

ASKED = re.compile(
    r"\bwhat(?:'s| is| would be| will be) the (?:total )?(?:budget|spend)(?: for (?:that|this|it|them|those))? at the "
    r"(?:very )?(?:top|high|higher|upper|bottom|low|lower)\b"                             # "what's the budget at the high end"
    r"|\bwhat (?:would|will|should|do) (?:we|i) (?:need to |have to )?(?:spend|be spending|budget)\b(?! on\b)"  # "what would we spend"
    r"|\bwhat (?:does|would|will) (?:that|this|it|those|these) (?:run|come to|add up to|work out to|total)\b"  # "what does that run"
    r"|(?:^|[.;:,?!-]\s*)budget at the (?:top|high|higher|upper|bottom|low|lower)\b",      # "- budget at the upper end?"
    re.I)


def asked(text: str) -> bool:
    """Whether ``text`` asks a total spend in one of the forms of the module doc."""
    return bool(ASKED.search(text or ""))
