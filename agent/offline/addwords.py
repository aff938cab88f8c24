"""The words English marks an amount of money as added with ("another $1,000", "1k more", "up by 3k").

Why a module of its own: :mod:`~agent.offline.budgetadd` grows the known budget by such an amount, and the message
parser (:mod:`~agent.offline.addedtotal`) must read the same words to tell an increment from the new total said beside
it ("another 6k a month so we're at 24k") — the parser cannot import budgetadd, which parses.
"""
from __future__ import annotations

import re

# a word of addition before the amount: "another $1,000", "an extra 2k", "add $500", "up it by 3k", "goes up by $1,000"
MORE_BEFORE = re.compile(r"\b(?:another|extra|additional|further|add|adds|adding|added|plus|(?:up|raise|raising|increase|"
                         r"increasing|bump|bumping|boost|boosting|grow|growing)\s+(?:(?:it|that|this|the\s+budget|our\s+budget|"
                         r"(?:the\s+|our\s+)?spend)\s+)?(?:up\s+)?by|(?:goes|go|went|is|was)\s+up\s+by|top\s+(?:it\s+|that\s+)?up\s+"
                         r"(?:by|with))\s+(?:(?:another|an?|about|around|roughly|maybe|say|like|~)\s+)*$", re.I)
# … or after it: "1k more", "$500 on top", "2k extra", "$1,000 to the budget"
MORE_AFTER = re.compile(r"^\s*(?:dollars?|bucks)?\s*(?:more|extra|on\s+top|additional|over\s+that|beyond\s+that|to\s+(?:the|our|my)\s+"
                        r"(?:ad\s+)?(?:budget|spend)|to\s+(?:it|that))\b", re.I)
