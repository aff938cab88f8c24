"""The business and the place as people describe them rather than name them (holdout7's lesson): a
count before the business ("we're 4 bakeries"), shops of one's own plus a web store (an omnichannel
retailer, the KB's retail table), a business supposed ("what if we counted ourselves as …", "if I
sold it from a little boutique instead") or owned ("back to my tea room"), modifiers said one after
another ("small, family-run motels"), and a place's code typed in lower case as a market ("the ny
metro") or a state's name clipped after "state of" ("the whole state of minn").

Every phrase here is this file's own; :func:`test_own_wording_is_unseen` checks it occurs in no
dataset or seen paraphrase set."""
from __future__ import annotations

import pytest

from agent.offline import parse
from agent.offline.business import business
from mpa.fact_lookups import find_benchmarks
from mpa.lookups import lookup_benchmark
from tests.unseen_wording import assert_unseen

COUNTED = [  # a count before the business, and shops of one's own with a web store as well
    ("we're 4 furniture stores and also sell online. cpc?", "omnichannel retail"),
    ("we are three shoe outlets with an e-store too — what roas is normal?", "omnichannel retail"),
    ("we're 12 toy shops plus an internet shop. typical ctr?", "omnichannel retail"),
    ("we are six hardware stores as well as an online store; what should a sale cost?", "omnichannel retail"),
    ("we're two garden centres and a web shop. what's a normal conversion rate?", "omnichannel retail"),
    ("we're five dental offices in the midwest. cost per lead?", "dental offices"),
]
SUPPOSED = [  # a business supposed, or owned, in a sentence form of its own
    ("suppose we counted ourselves as a wholesaler instead, what cpa then?", "wholesaler"),
    ("ok say you treat us as a franchise, would the cpc change", "franchise"),
    ("and if we sold it from a tiny corner boutique, what's a sale worth paying?", "tiny corner boutique"),
    ("what if i started selling them out of a pop-up stall?", "pop-up stall"),
    ("returning to my tea room — what's a good click price", "tea room"),
    ("going back to our surf school, normal cpl?", "surf school"),
]
COORDINATED = [  # modifiers one after another: the whole noun phrase, not its first word
    ("We run small, family-owned motels. What's a fair cpc?", "small, family-owned motels"),
    ("we operate low-cost, no-frills gyms. cost per lead?", "low-cost, no-frills gyms"),
    ("I sell vintage, hand-stitched quilts. what cpa?", "vintage, hand-stitched quilts"),
    ("we offer guided, multi-day kayak tours. roas?", "guided, multi-day kayak tours"),
    ("we build compact, electric city scooters. typical cpm?", "compact, electric city scooters"),
]
PLACES = [  # a code in lower case said as a market, a state's name clipped after "state of"
    ("how many luxury travelers in the ny metro?", "NY metro"),
    ("size new parents across the la dma for me", "LA dma"),
    ("what about the whole state of minn?", "Minnesota"),
    ("and the entire state of penn", "Pennsylvania"),
    ("how about the state of wash?", "Washington"),
    ("gamers in the tx market", "TX market"),
]


def test_own_wording_is_unseen():
    assert_unseen([t for t, _ in COUNTED + SUPPOSED + COORDINATED + PLACES])


@pytest.mark.parametrize("text,phrase", COUNTED + SUPPOSED + COORDINATED)
def test_the_business_said_in_the_users_words(text, phrase):
    found = business(text)
    assert found is not None and found.phrase == phrase


@pytest.mark.parametrize("text,place", PLACES)
def test_a_place_typed_short_or_clipped(text, place):
    assert parse(text).geographies == [place]


@pytest.mark.parametrize("text", ["what about the whole state of minn?", "and the entire state of penn"])
def test_a_clipped_state_is_no_business(text):
    assert parse(text).business_phrase is None


@pytest.mark.parametrize("text", ["the ad market is soft this week", "we're a few weeks out from launch",
                                  "we're 3 weeks into the test"])
def test_no_place_or_business_from_look_alikes(text):
    p = parse(text)
    assert p.geographies == [] and p.business_phrase is None


def test_shops_plus_a_web_store_read_the_retail_table(shipped_engine, kb_txt_engine):
    phrase = business(COUNTED[0][0]).phrase
    assert lookup_benchmark(shipped_engine, phrase, "CPC").result.vertical == "retail"
    assert {f.vertical for f in find_benchmarks(kb_txt_engine, phrase, "CPA").result} == {"Ecommerce and Retail"}
