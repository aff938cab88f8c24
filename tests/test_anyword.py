"""rag.anyword.any_word builds the very pattern the readers used to spell by hand, so swapping one for the other
changes no match: same pattern text, same flags, alternatives kept in the order given."""
from __future__ import annotations

import re

from rag.anyword import any_word


def test_same_pattern_as_spelled_by_hand():
    built = any_word("cheapest", "cheap", r"min(?:imum)?", "set (?:us|me) back")
    hand = re.compile(r"\b(?:cheapest|cheap|min(?:imum)?|set (?:us|me) back)\b", re.I)
    assert (built.pattern, built.flags) == (hand.pattern, hand.flags)


def test_whole_words_any_case():
    form = any_word("cap", "max(?:imum)?")
    assert form.search("what's the MAXIMUM we can pay") and form.search("a cap of 40")
    assert not form.search("capacity") and not form.search("maxed")


def test_order_kept_first_fitting_wins():
    assert any_word("most", "most expensive").search("the most expensive one").group(0) == "most"
    assert any_word("most expensive", "most").search("the most expensive one").group(0) == "most expensive"
