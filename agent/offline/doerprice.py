"""A price of one person doing something to a thing, whoever the person is ("each mom who completes our request
form", "per pet owner who submits the booking form"), with a form's act said as a form fill.

Why: :func:`~agent.offline.priceforms.doers_priced` reads "what do we pay for each <person> who <does> <a thing>"
for a fixed list of person nouns (person, customer, patient, parent …). People name whoever fills their form — a
mom, a homeowner, a pet owner, a diner — and with another noun no unit was read: the benchmark tool was never asked
and the turn was declined or answered from a passage on another metric. The person is only who acts; the unit is the
thing done. So a noun of one or two words before "who"/"that" after "for each"/"per" reads as the list's "person".
And the act on a form — filled in, completed, submitted, sent — is one act, the "form fill" the benchmark tool
resolves by what the KB says a lead counts ("cost per booking form submit" resolved to nothing).
"""
from __future__ import annotations

import re

from agent.offline.priceforms import doers_priced

_PERSON = re.compile(r"\b((?:for|of)\s+(?:each|every|a|one|a single)|per(?:\s+(?:each|every))?)\s+"
                     r"((?!(?:person|one|time|month|week|day|year|dollar|thousand|click|lead|sale)\b)[a-z]+(?:\s+[a-z]+)?)"
                     r"(?=\s+(?:who|that)\s)", re.I)
# "each time a pet owner completes …", "every time someone fills in …": the same price, said with a time for each act
_EACH_TIME = re.compile(r"\b(?:each|every) time\s+(?:an?\s+|the\s+)?((?:[a-z]+\s+)?[a-z]+)\s+(?=(?:fill|fills|complete|completes|"
                        r"submit|submits|send|sends|request|requests|book|books|sign|signs|ask|asks)\b)", re.I)
_FORM_ACT = re.compile(r"^(cost per (?:[a-z\-]+ ){0,4}?forms?) (?:fill|complet|complete|submit|send|sent|fill-up)$")


def priced(text: str) -> list[tuple[int, str]]:
    """(position, "cost per <thing> <act>") for each price of one person doing something to a thing (module doc)."""
    found = doers_priced(text)
    if not found and (m := _EACH_TIME.search(text)):
        return [(pos, _FORM_ACT.sub(r"\1 fill", ph)) for pos, ph in priced(_EACH_TIME.sub("for each person who ", text, 1))]
    if not found and (m := _PERSON.search(text)):
        shift = len(m.group(2)) - len("person")
        said = f"{text[:m.start(2)]}person{text[m.end(2):]}"
        found = [(pos + shift if pos > m.start(2) else pos, ph) for pos, ph in doers_priced(said)]
    return [(pos, _FORM_ACT.sub(r"\1 fill", ph)) for pos, ph in found]
