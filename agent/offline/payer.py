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
PAYS = re.compile(r"\b(?:amount|sum|much|what|price|figure)\s+(?:that\s+)?(?:an?|the|one|your|every|each)\s+"
                  r"(?P<p>(?!(?:we|i|you|they|it|he|she|people|person|someone|one)\b)[a-z][a-z&/\- ]{2,40}?)\s+"
                  r"(?:usually |typically |normally |generally |would |should |might |will )?"
                  r"(?:pays|spends|pay|spend|shells out|forks out|invests)\b", re.I)
