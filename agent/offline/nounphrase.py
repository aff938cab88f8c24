"""Is a phrase a noun phrase at all — the only thing that can name a kind of business?

Why a module: the business slot is filled by sentence forms ("what do … pay", "for a …", "we're a …") whose
gap is a run of words up to a cue word. When the cue is met inside a longer clause ("how long should it take to
win back what we pay for a customer?"), the gap holds a piece of that clause, not a name, and the look-up then
resolves that piece to whichever vertical it happens to sit nearest and quotes another business's figures.
A noun phrase naming a business never holds a personal pronoun (the asker, the listener, a third party) nor a
question word: those words belong to the clause around it. Judged by these closed word classes only, so it
holds for any wording and any knowledge base. ("it" is left out: "IT services" names a trade.)
"""
from __future__ import annotations

import re

# personal pronouns a business's name never holds; question words, which open a clause, never a name
_PRONOUNS = frozenset("i me we us you they them he him she her ourselves myself yourself themselves".split())
_QUESTION_WORDS = frozenset("what whats how why when where which whose whom".split())
# a subordinator or a finite copula opens or carries a clause ("whether the test is big enough", "X is too wide")
_CLAUSE_WORDS = frozenset("whether because although unless is are was were am".split())
# a noun phrase ends on its noun: never on an article, a preposition or a conjunction ("afford to", "rest of the")
_NO_LAST = frozenset("a an the to of for with at by from in on or and but nor".split())


def holds_clause_words(phrase: str) -> bool:
    """Does ``phrase`` hold a personal pronoun, a question word, a subordinator or a copula, or end on a function word
    (so it is a piece of a clause, no name)?"""
    said = re.findall(r"[a-z]+", phrase.lower())
    return bool(set(said) & (_PRONOUNS | _QUESTION_WORDS | _CLAUSE_WORDS)) or bool(said) and said[-1] in _NO_LAST
