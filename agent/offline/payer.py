"""The business that pays a price, said as the subject of "pays" / "spends" inside the question: "what's the usual
amount a food pantry spends to find one volunteer?", "how much a dance school pays for each inquiry".

Why: :mod:`agent.offline.business` reads the payer of a question asked with an auxiliary ("what does a temple
pay"); people new to advertising also put the payer in a clause of its own, after "amount", "much" or "what",
with the verb in the present tense. Unread, the question had no business: it went to a plain search, whose
nearest passage was another business's figure — quoted for a kind of business the knowledge base does not
cover, where the benchmark tool, asked with the business, says plainly that it has none.
"""
from __future__ import annotations

import re

# "(the) amount a pantry spends", "how much a gym spends", "what a school pays" — a noun phrase between an article
# and the verb of paying (never a pronoun: "what we pay" is the user's own, read elsewhere)
_NO_PAYER = r"we|i|you|they|it|he|she|people|someone|one"  # the user, or anyone: never a business
_HOW_OFTEN = r"(?:usually |typically |normally |generally |would |should |might |will )?"
PAYS = re.compile(r"\b(?:amount|sum|much|what|price|figure)\s+(?:that\s+)?(?:an?|the|one|your|every|each)\s+"
                  r"(?P<p>(?!(?:" + _NO_PAYER + r"|person)\b)[a-z][a-z&/\- ]{2,40}?)\s+" + _HOW_OFTEN +
                  r"(?:pays|spends|pay|spend|shells out|forks out|invests)\b", re.I)

# … and plural payers said without an article, in a question embedded in another ("do you have anything on what dog
# groomers pay per lead?", "any idea how much florists spend per click?"): the plural's last word ends in "s", so a
# brand that pays ("what Google pays publishers") is no payer here; never a pronoun, a quantifier or money
PAYS_BARE = re.compile(r"\b(?:amount|sum|much|what)\s+(?:that\s+)?"
                       r"(?P<p>(?!(?:" + _NO_PAYER + r"|persons|most|some|many|few|other|others|"
                       r"all|these|those|such|similar|money|cash|ads|budgets?|advertisers|businesses|companies|brands)\b)"
                       r"[a-z][a-z&/\-]*(?: [a-z][a-z&/\-]*){0,3}?s)\s+" + _HOW_OFTEN +
                       r"(?:pay|spend|shell out|fork out|invest)\b", re.I)
