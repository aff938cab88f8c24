"""A sentence that is only the business, said without a verb: "family owned bike shop in Toledo plus a repair van.",
"gary here. small family bakery out of Austin. we spend …".

Why: people introduce their business as a caption — a noun phrase, where it is, what else it runs — and then ask.
The business forms (:mod:`agent.offline.business`) read a business after a verb ("we're a …", "we run …"), before
"here" or a colon, or as the message's very first words followed by a clause about it; a caption sentence after a
name ("gary here.") or with its place and a second site after it was read as nothing, so no benchmark was looked
up and the turn was declined (measured on dev19: a car dealership introduced this way lost its lead-cost turn).

The form: a sentence (the message's first, or one after ". ") that opens — after an article or a possessive at most —
with one to four words ending in a word that ends a business's own name (``_HEAD``: "store", "shop", "clinic" …,
optionally "group"/"chain"), and goes on with where it is ("in", "out of", "near", "based"), what else it has
("plus", "and", "with"), or ends its sentence (a comma opens a clause about it, which the opening form reads). The phrase is the business's name; the benchmark tool resolves it, and its
retry with the whole sentence reads the rest ("plus a used lot"). English grammar and the business head nouns only.
"""
from __future__ import annotations

import re


def caption(head: str) -> re.Pattern:
    """The caption form, for the business head nouns ``head`` (a regex alternation with its plural)."""
    return re.compile(r"(?:^|(?<=[.!?])\s+)\s*(?:(?:an?|our|my)\s+)?(?P<p>(?!(?:the|this|that|these|those|your|their|his|her|its|"
                      r"which|what|any|every|each|no)\b)(?:[a-z][a-z&\-]* ){0,3}?" + head
                      + r"(?: (?:group|chain))?)(?=\s+(?:in|out of|near|around|based|outside|plus|and|with)\b|\s*[.;!]|\s*$)", re.I)
