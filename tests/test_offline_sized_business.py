"""A business said with its size or clientele before its name (agent.offline.sizedbiz): the kind is read, the
count, the clientele's possessive and a generic word pointing back are not — and the metric's spans still cover
their words. Own wordings only."""
from __future__ import annotations

import pytest

from agent.offline import askedkind, shelfroute, sizedbiz
from agent.offline.business import business
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

READ = [
    ("i own a 16 room inn near the lake. what do places like mine usually pay for one booking", "inn"),
    ("we run a 9 bedroom guesthouse outside Asheville. what does a booking cost from ads", "guesthouse"),
    ("our 30-key motel: what's a typical cost per booking", "motel"),
    ("we're a family-run 18-hole golf course. cpc?", "family-run golf course"),   # a word of kind before the count
    ("a 2-doctor veterinary practice here, cpc?", "veterinary practice"),       # the people it employs
    ("we run a children's orthodontics practice. what does a lead usually cost", "orthodontics practice"),
    ("a women's fertility clinic here. typical cost per lead?", "fertility clinic"),
    ("we're a neighborhood dog groomer's shop, cpc?", "neighborhood dog groomer"),
    ("my sister's bakery wants more orders. cpc?", "bakery"),
    ("I look after ads for Dr. Okafor's dental office, cpl?", "dental office"),  # the owner's name is no kind
    ("What's a fair cpc for a bakery?", "bakery"),    # "What's" is no owner   # a kin's shop: still the shop's kind
    ("we bake and ship shortbread tins from our own website, roas?", "shortbread tins from online store"),  # shipping sells
    ("we design and build backyard decks, cpl?", "backyard decks"),
    ("we're a trio of estate planning lawyers, what's a lead worth paying?", "estate planning lawyers"),
    ("we bottle hot sauce that gets stocked at supermarkets, cpm?", "stocked at supermarkets"),  # goods: by their route
    ("my company produces frozen dumplings for grocery chains, cpm?", "frozen dumplings"),  # the chains sell them
    ("I'm the owner's assistant at a florist's shop. What does a click usually cost?", "florist"),  # whose helper: no business
    ("I'm the practice manager's assistant at a dental office, what does a lead cost?", "dental office"),
]
SHELVES = [
    ("we're a little kombucha brewery and our cans are in grocery stores", "sold in grocery stores"),
    ("we make oat milk and you can find it in most supermarkets", "sold in most supermarkets"),
    ("we're on shelves at 40 regional grocers now", "sold in 40 regional grocers"),
    ("we're in Boise and sell pies", None),   # a place, not a kind of shop
]


def test_wording_is_unseen():
    assert_unseen([m for m, _ in READ + SHELVES])


@pytest.mark.parametrize("message,route", SHELVES)
def test_goods_on_shelves_read_as_a_route(message, route):
    assert shelfroute.said(message) == route


@pytest.mark.parametrize("message,phrase", READ)
def test_kind_read_past_size_and_clientele(message, phrase):
    got = askedkind.business(message, [], business)
    assert got is not None and got.phrase == phrase


def test_a_channel_route_names_no_business():
    assert askedkind.business("and what if we sell mostly through snapchat instead?", [], business) is None


def test_spans_move_with_the_text():
    text = "our 30-key motel: what's a typical cost per booking"
    at = text.index("cost per booking")
    out, spans = sizedbiz.plain(text, [(at, at + len("cost per booking"))])
    assert out[spans[0][0]:spans[0][1]] == "cost per booking" and "30-key" not in out
    assert sizedbiz.plain("what does a lead cost", [(12, 16)]) == ("what does a lead cost", [(12, 16)])


@pytest.mark.parametrize("message,vertical", [
    ("we run a 9 bedroom guesthouse outside Asheville. what does a booking cost from ads", "travel"),
    ("we run a children's orthodontics practice. what does a lead usually cost", "healthcare"),
    ("we're a little kombucha brewery and our cans are in grocery stores, cpm?", "cpg"),
])
def test_shipped_kb_answers_the_kind(shipped_engine, meaning, message, vertical):
    answer, calls = turns(shipped_engine, [message])[0]
    assert any(c.get("vertical") for c in calls) and f"benchmarks-{vertical}" in answer


@pytest.mark.parametrize("message", ["we run a 6-chair tattoo parlor, what does a click cost",
                                     "we're a women's boxing gym, cost per lead?"])
def test_a_kind_the_kb_lacks_still_declines(shipped_engine, message):
    answer, calls = turns(shipped_engine, [message])[0]
    assert any(c.get("vertical") for c in calls) and "does not contain" in answer or "has no" in answer
