"""Two more sentence forms that name the business a question is about: one supposed in place of the
user's own ("if it was a regular store instead", "if we were a bakery") and one that belongs to someone
the user names by kinship or role ("my sister's gift shop", "a friend's bike store").

Why a module: :mod:`agent.offline.business` reads the forms a user names *their* business with; these
two name another business for the question at hand, and a benchmark look-up must key on it, not on the
business remembered from earlier turns. Both are English grammar (a counterfactual copula, a possessive
of a person), not lists of businesses; the words that end a business's name come from that module.
"""
from __future__ import annotations

import re

# "if it was a regular store instead", "if we were a bakery", "say it were a clinic" — up to the clause's end
SUPPOSED = re.compile(r"\b(?:if|say|suppose|imagine|what if)\s+(?:it|we|this|they|that|i|the business|the company)\s+"
                      r"(?:was|were|is|are|had been|'d been)\s+(?:an?\s+)(?P<p>[a-z][a-z&/\- ]{2,40}?)"
                      r"(?=\s+(?:instead|rather|though|then|like|and|but|so|with|in|on|for)\b|\s+[-–—]\s|[.,;?!(]|$)", re.I)


def of_person(head: str) -> re.Pattern:
    """A business owned by someone named by kinship or role, ended by a word that ends a business's name
    (``head``): "my sister's gift shop", "our neighbour's bakery", "a friend's bike store"."""
    return re.compile(r"\b(?:my|our|a|his|her|their)\s+(?:[a-z]+\s+)?(?:sister|brother|mom|mum|mother|dad|father|"
                      r"parents|cousin|aunt|uncle|wife|husband|partner|friend|neighbou?r|son|daughter|client|boss|"
                      r"colleague|coworker|roommate|in-laws?|family)(?:'s|’s|s')\s+(?P<p>(?:[a-z][a-z&\-]* ){0,3}?"
                      + head + r")\b", re.I)


def run_by_person(head: str) -> re.Pattern:
    """The same business said with a verb: "my cousin has a little candle shop", "my aunt runs a hat store"."""
    return re.compile(r"\b(?:my|our)\s+(?:sister|brother|mom|mum|mother|dad|father|parents|cousin|aunt|uncle|wife|husband|"
                      r"partner|friend|neighbou?r|son|daughter|boss|in-laws?)\s+(?:has|have|runs|run|owns|own|opened|started|"
                      r"manages)\s+(?:an?|the|this|that)\s+(?:(?:little|small|tiny|new|local)\s+)?(?P<p>(?:[a-z][a-z&\-]* ){0,3}?"
                      + head + r")\b", re.I)
