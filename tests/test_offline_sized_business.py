"""A business said with its size or clientele before its name (agent.offline.sizedbiz): the kind is read, the
count, the clientele's possessive and a generic word pointing back are not — and the metric's spans still cover
their words. Own wordings only."""
from __future__ import annotations

import pytest

from agent.offline import askedkind, sizedbiz
from agent.offline.business import business
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

READ = [
    ("i own a 16 room inn near the lake. what do places like mine usually pay for one booking", "inn"),
    ("we run a 9 bedroom guesthouse outside Asheville. what does a booking cost from ads", "guesthouse"),
    ("our 30-key motel: what's a typical cost per booking", "motel"),
    ("we run a children's orthodontics practice. what does a lead usually cost", "orthodontics practice"),
    ("a women's fertility clinic here. typical cost per lead?", "fertility clinic"),
    ("we're a neighborhood dog groomer's shop, cpc?", "neighborhood dog groomer"),
    ("my sister's bakery wants more orders. cpc?", "bakery"),   # a kin's shop: still the shop's kind
]


def test_wording_is_unseen():
    assert_unseen([m for m, _ in READ])


@pytest.mark.parametrize("message,phrase", READ)
def test_kind_read_past_size_and_clientele(message, phrase):
    got = askedkind.business(message, [], business)
    assert got is not None and got.phrase == phrase


def test_spans_move_with_the_text():
    text = "our 30-key motel: what's a typical cost per booking"
    at = text.index("cost per booking")
    out, spans = sizedbiz.plain(text, [(at, at + len("cost per booking"))])
    assert out[spans[0][0]:spans[0][1]] == "cost per booking" and "30-key" not in out
    assert sizedbiz.plain("what does a lead cost", [(12, 16)]) == ("what does a lead cost", [(12, 16)])


@pytest.mark.parametrize("message,vertical", [
    ("we run a 9 bedroom guesthouse outside Asheville. what does a booking cost from ads", "travel"),
    ("we run a children's orthodontics practice. what does a lead usually cost", "healthcare"),
])
def test_shipped_kb_answers_the_kind(shipped_engine, meaning, message, vertical):
    answer, calls = turns(shipped_engine, [message])[0]
    assert any(c.get("vertical") for c in calls) and f"benchmarks-{vertical}" in answer
