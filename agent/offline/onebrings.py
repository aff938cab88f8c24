"""Money one customer brings or spends: "a payer spends around $24", "each member nets us $18 a month", "the average
buyer is worth $60".

Why: money said without a "$"-budget word reads as a budget (:func:`agent.offline.roles.assign`), so "about 3% of
players end up paying and a payer spends around $24" divided $24 by the cost of a player ("$24 ÷ $60 ≈ 0 paying
players"), and a budget change moved the $24 (:mod:`~agent.offline.changedfig`). English says whose money it is: the
amount one person (a, each, every, the average …) spends or brings is what one is worth, never money to spend.
"""
from __future__ import annotations

import re

# what one customer brings or spends ("a member nets us $18 a month", "each payer spends $24"), said right before it
ONE_BRINGS = re.compile(r"\b(?:a|an|each|every|per|one|the average)\s+[a-z]+\s+(?:\w+\s+)?(?:nets?|earns?|brings?|pays?|spends?|"
                        r"is worth|generates?|makes?|contributes?)\b[^.?!,]{0,20}$", re.I)
