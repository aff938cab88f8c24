"""The reader's choice among sentences that match the question's words equally does not depend on the order in
which a set of words happens to iterate (agent/offline/reader.py sums word weights with math.fsum).

Why: a set of strings iterates in an order that follows the process's string hashing (PYTHONHASHSEED, random per
run) and the set's own insertion history. A plain float sum over it changes in its last bit with that order, so
table rows matching the same question words "tied" by one bit either way, and which rows an answer quoted changed
from one run of the same code to the next (one seen turn: 3 of 442 stored runs, 2 of 100 hash seeds). Here the word sets are handed to the
reader in chosen orders — one order for one row, the opposite for the others, then swapped — and the quote must
not change. Wording of our own, on a hand-written passage."""
from __future__ import annotations

import math
import random

import pytest

from agent.offline import reader
from agent.offline.reader import extract
from tests.test_offline_section_choice import _sec
from tests.unseen_wording import assert_unseen

ASK = "weekday vs weekend bus shelter posters, how far apart are they in price?"
SHELTERS = [_sec("s#2", "Shelter poster price ranges",
                 "| Shelter poster measure | Weekday bus shelter posting | Weekend bus shelter posting |\n|---|---|---|\n"
                 "| Four-week face rent | $300–$700 | $450–$900 |\n"
                 "| Price per thousand passers | $2–$5 | $3–$7 |\n"
                 "| Print and hanging | $80–$150 | $95–$170 |\n"
                 "| Share of faces lit | 40%–60% | 20%–35% |"),
            _sec("s#5", "Booking lead times", "Book shelter faces six weeks ahead; weekend-only postings need eight."),
            _sec("s#7", "Weekend audiences", "Weekend shelter audiences are shoppers and families rather than commuters."),
            _sec("s#9", "Route choice", "Pick bus routes that pass malls for weekend reach; weekday reach follows office routes.")]


class _Ordered(list):
    """A word set that iterates in a chosen order (what a set does under another string hashing)."""

    def __sub__(self, other):
        return _Ordered(t for t in self if t not in other)

    def __rsub__(self, other):
        return _Ordered(t for t in other if t not in self)

    def __and__(self, other):
        return _Ordered(t for t in self if t in other)

    __rand__ = __and__

    def __or__(self, other):
        return _Ordered([*self, *(t for t in other if t not in self)])

    __ror__ = __or__


def _quote_in_orders(monkeypatch, flip: bool) -> str:
    """The quote when the first row's matched words iterate one way and every other sentence's the other way."""
    plain = reader._matches

    def ordered(which, found, index=None):
        out = plain(which, found, index) if index is not None else plain(which, found)
        first_row = "four-week" in found or "rent" in found
        return _Ordered(sorted(out, reverse=first_row != flip))

    monkeypatch.setattr(reader, "_matches", ordered)
    return extract(ASK, SHELTERS, 3)


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([ASK, "weekday vs weekend bus shelter posters"])


def test_rows_matching_the_same_words_are_chosen_in_reading_order_whatever_order_their_words_iterate(monkeypatch):
    one = _quote_in_orders(monkeypatch, False)
    other = _quote_in_orders(monkeypatch, True)
    assert one == other, (one, other)
    assert "[s#2]" in one and "Four-week face rent" in one, one  # the tie breaks by reading order: the first rows


def test_a_sum_of_word_weights_is_the_same_in_every_order():
    """What the reader relies on: math.fsum is correctly rounded, so its result does not depend on the order."""
    rng = random.Random(7)
    weights = [math.log(1.0 + rng.randint(5, 40) / rng.randint(1, 30)) * rng.choice([1.0, 0.5, 0.8]) for _ in range(6)]
    sums = {math.fsum(rng.sample(weights, len(weights))) for _ in range(200)}
    assert len(sums) == 1
    assert len({sum(rng.sample(weights, len(weights))) for _ in range(200)}) > 1  # the plain sum did depend on it


@pytest.mark.parametrize("flip", [False, True])
def test_the_quote_reads_the_price_row(monkeypatch, flip):
    got = _quote_in_orders(monkeypatch, flip)
    assert "Price per thousand passers" in got, got
