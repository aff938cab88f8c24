"""The business and the priced thing, read as people say them (issue 13): a business that sells
through its own website is an online store whatever it sells; a price said money-first ("we pay
$45 to land one") prices that one thing; a counted thing two metric notes mention is the one a note
counts as itself, not as part of a compound ("first-order customers" counts customers).

What ``business()`` reads of a message — every way a business is said, and what names none — is one table here
(``BUSINESS_SAID``), not a table in each file whose rule it was written for.

Every phrase here is this file's own; :func:`test_this_wording_is_not_dataset_wording` checks it
occurs in no dataset or seen paraphrase set."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, parse
from agent.offline.business import business
from mpa.lookups import lookup_benchmark
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- the business a message names (agent.offline.business)
# (message, the business phrase read | None: no business) — every test of what ``business()`` reads, in one table
BUSINESS_SAID = [
    # a business selling through its own site is an online store whatever it sells
    ("we sell lamps online, what should a customer cost?", "lamps online store"),
    ("I make ceramic mugs and sell them through my own website. Normal CPA?", "ceramic mugs online store"),
    ("we sell courses online. what's a fair price per lead?", "online courses"),   # the goods name a vertical
    ("for a bakery, what's a click worth?", "bakery"),                               # no selling online: unchanged
    # where the message opens, before a participle, a "(" or what is said about it
    ("An eye clinic: what do clicks on our ads normally cost?", "eye clinic"),
    ("We run a hospital network. What do we usually pay for every person who clicks?", "hospital network"),
    ("We're a snack food maker stocked in supermarkets. Typical CPM?", "snack food maker"),
    ("We're a regional credit union promoting a savings account. CPL?", "regional credit union"),
    ("We're a loan brokerage for first-time buyers. What's the usual cost per lead?", "loan brokerage"),
    ("What's a fair ROAS for a startup that sells standing desks through its own website?", "online store"),
    ("I run growth at a hospital. What's a typical CPL?", "hospital"),
    ("We're a bakery whose muffins go to cafes. Typical CPM?", "bakery"),
    ("what about a ski lodge?", "ski lodge"),
    ("I'm promoting a pottery school. Typical CPL?", "pottery school"),
    ("We sell a B2C budgeting app. Typical CPA?", "B2C budgeting app"),
    ("My parents own three garden centres and want more foot traffic.", "garden centres"),
    ("We make gluten-free crackers that ship to co-ops nationwide.", "gluten-free crackers"),
    ("We're a pottery studio based out of Leeds, any tips?", "pottery studio"),
    ("We're a kombucha label selling at farmers markets.", "kombucha label"),
    ("ads for a yoga retreat - how should we price it?", "yoga retreat"),
    ("Our company runs two boat rental docks.", "boat rental docks"),
    ("we own a roofing and gutter repair company and need leads", "roofing and gutter repair"),
    ("We're an accounting practice specializing in startups.", "accounting practice"),
    ("our studio publishes cozy farming games", "cozy farming games"),
    ("We sell wool scarves online (mostly our own site) and want ads.", "wool scarves online store"),  # "(" ends it
    ("We're a bike maker's in-house ad team.", "bike maker"),
    # a dash ends a self-description, as a comma does
    ("we're a chiropractic office — cost per booked appointment?", "chiropractic office"),
    ("I work at a regional credit union - what CPA should we expect?", "regional credit union"),
    ("we sell hand-dyed yarn – what's a normal ROAS?", "hand-dyed yarn"),
    # the business said by running it or by a trade's work
    ("I manage a two-vet animal clinic in San Antonio. What would a click on Google run us?", "two-vet animal clinic"),
    ("We own a bakery in Leeds.", "bakery"),
    ("We put solar panels on roofs. What does a click cost a company like ours?", "solar panels"),
    ("I fit blinds in offices.", "blinds"),
    # a trade named after "for" still is one; a purpose after "for", money or ads put into a channel are none
    ("typical cpc for a roofing company", "roofing"),
    ("what's a normal CPC for an online shop?", "shop online store"),
    ("is tiktok any good for reaching college students?", None),
    ("what CPC should we expect on indeed for hiring truck drivers?", None),
    ("is youtube worth it for targeting new parents?", None),
    ("we put more money into search", None),
    ("if we put half of that on LinkedIn", None),
    ("we put our ads on podcasts", None),
    ("we put a cap on frequency", None),
    ("What's the most we should be willing to pay for one lead?", None),
    # a stretch of time said in passing ("for a sec", "for a bit") is never the kind of business
    ("hang on for a sec — what CPC for a bakery?", "bakery"),
    ("give me a minute to think. typical CAC for a climbing gym?", "climbing gym"),
    ("just for a bit, pretend you know the CPM for a tattoo parlour", "tattoo parlour"),
    ("we run a second-hand bookshop, what does a click cost us?", "second-hand bookshop"),
    # a count before the business counts its sites (the business is still named); a counted period is none;
    # shops of one's own with a web store as well are an omnichannel retailer
    ("we operate 14 pilates studios. typical CPL?", "pilates studios"),
    ("i look after the ads for three chiropractic clinics in tacoma. typical cpc?", "chiropractic clinics"),
    ("handling marketing for 4 optometry practices near fresno - whats a good ctr", "optometry practices"),
    ("doing social for several yoga studios, what cpm should we plan on", "yoga studios"),
    ("I run paid search for 12 hair salons up in duluth. cpl?", "hair salons"),
    ("we need numbers for three months. typical cpl?", None),
    ("what about for 2 weeks instead", None),
    ("we're 4 furniture stores and also sell online. cpc?", "omnichannel retail"),
    ("we are three shoe outlets with an e-store too — what roas is normal?", "omnichannel retail"),
    ("we're 12 toy shops plus an internet shop. typical ctr?", "omnichannel retail"),
    ("we are six hardware stores as well as an online store; what should a sale cost?", "omnichannel retail"),
    ("we're two garden centres and a web shop. what's a normal conversion rate?", "omnichannel retail"),
    ("we're five dental offices in the midwest. cost per lead?", "dental offices"),
    # a group's members are the business; a place after it is where, not what; verbs of making
    ("what should a booking cost for our chain of ski lodges?", "ski lodges"),
    ("we're a family-owned group of 3 bakeries. cpc?", "bakeries"),
    ("we're a chain of 12 tire shops. what cpl?", "tire shops"),
    ("I do the ads for a network of 7 physio clinics near Boise. cac?", "physio clinics"),
    ("we manufacture dish soap. typical roas?", "dish soap"),
    ("we roast coffee beans. cpm?", "coffee beans"),
    # a business supposed, owned, or a relative's, in a sentence form of its own: the one asked
    ("suppose we counted ourselves as a wholesaler instead, what cpa then?", "wholesaler"),
    ("ok say you treat us as a franchise, would the cpc change", "franchise"),
    ("and if we sold it from a tiny corner boutique, what's a sale worth paying?", "tiny corner boutique"),
    ("what if i started selling them out of a pop-up stall?", "pop-up stall"),
    ("returning to my tea room — what's a good click price", "tea room"),
    ("going back to our surf school, normal cpl?", "surf school"),
    ("if it were a florist instead, what return would they see?", "florist"),
    ("what about my uncle's hardware store, what's a typical CPC?", "hardware store"),
    # modifiers one after another: the whole noun phrase, not its first word
    ("We run small, family-owned motels. What's a fair cpc?", "small, family-owned motels"),
    ("we operate low-cost, no-frills gyms. cost per lead?", "low-cost, no-frills gyms"),
    ("I sell vintage, hand-stitched quilts. what cpa?", "vintage, hand-stitched quilts"),
    ("we offer guided, multi-day kayak tours. roas?", "guided, multi-day kayak tours"),
    ("we build compact, electric city scooters. typical cpm?", "compact, electric city scooters"),
    # the product being made names the business, never the device it runs on; a genre alone is a game
    ("two-person team, we're building a roguelike for the switch. what do installs usually cost", "roguelike game"),
    ("we're developing a cozy sim on mobile, typical cpi?", "cozy sim game"),
    ("we make a tower defense game for ios and android, what cpm should we plan on", "tower defense game"),
    ("we're launching a budgeting app for phones, normal cost per install?", "budgeting app"),
    ("we are currently making a city builder for pc and console. usual cpm?", "city builder game"),
    ("we're building a funnel for our bakery, whats a good cpc", "bakery"),
    ("we're developing a plan for the fall, what cpm for a florist", "florist"),
]


def test_the_business_wording_is_unseen():
    assert_unseen([t for t, _ in BUSINESS_SAID])


@pytest.mark.parametrize("text,phrase", BUSINESS_SAID)
def test_the_business_a_message_names(text, phrase):
    """Read alike from the message as typed and as the agent reads it (normalised: numbers in digits)."""
    assert [getattr(business(t), "phrase", None) for t in (text, parse(text).norm)] == [phrase, phrase]


def test_shops_of_its_own_make_a_seller_no_pure_online_store():
    found = business("we own two showrooms and sell sofas online as well. typical CAC?")
    assert found is None or "online store" not in found.phrase


def test_an_online_store_of_unnamed_goods_reads_the_kb_s_online_store_table(shipped_engine):
    r = lookup_benchmark(shipped_engine, business("we sell lamps online, what should a customer cost?").phrase, "CAC").result
    assert r is not None and r.vertical == "ecommerce"


def test_the_counted_thing_is_the_word_itself_not_a_compound(shipped_engine):
    # both ecommerce notes mention orders; CPA counts repeat orders, CAC only first-order customers
    r = lookup_benchmark(shipped_engine, "ecommerce", "cost per order").result
    assert r is not None and r.metric == "CPA"
    r = lookup_benchmark(shipped_engine, "ecommerce", "cost per customer").result
    assert r is not None and r.metric == "CAC"


def test_a_whole_turn_online_seller_gets_the_online_store_figure(shipped_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    turn = c.send("We sell vintage lamps online and pay around $38 to land each customer. Reasonable?")
    calls = [(t["name"], t["input"]) for t in turn.tool_calls]
    assert any(n == "get_benchmark" and i.get("metric") == "CAC" for n, i in calls), calls
    assert "ecommerce CAC" in turn.assistant and "[benchmarks-ecommerce" in turn.assistant, turn.assistant


def _turn(engine, *messages: str, kb_engine=None):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    for m in messages:
        turn = c.send(m)
    return [(t["name"], t["input"]) for t in turn.tool_calls], turn.assistant


@pytest.mark.parametrize("text,slot,value", [
    # "retail media" is where a brand buys ads, not the retail vertical
    ("through retail media, what ROAS do cereal makers typically achieve?", "vertical", None),
    ("what's the average retail CPC?", "vertical", "retail"),
    ("we shift budget into grocer ad networks; a good retail CTR?", "vertical", "retail"),
    ("shifting budget into retailer ad networks. typical CTR for cereal makers?", "vertical", None),
    # where the user works names the business
    ("I'm at a kombucha maker looking for growth. CPA?", "business_phrase", "kombucha maker"),
    ("I work for a regional lender, typical CPL?", "business_phrase", "regional lender"),
    # a plural metric name is the metric
    ("ballpark CPCs for lenders?", "metrics", ["CPC"]),
    ("what are CTRs like for car ads", "metrics", ["CTR"]),
])
def test_channel_names_and_plural_metric_names(text, slot, value):
    assert getattr(parse(text), slot) == value


def test_a_year_is_no_budget():
    p = parse("Where will TikTok CPMs sit in 2031?")
    assert [n.role for n in p.numbers] == ["year"] and p.calc is None


def test_what_is_normal_for_a_business_like_ours_asks_the_typical_figure(shipped_engine):
    calls, answer = _turn(shipped_engine, "we roast tea and sell it on our own site. what's a typical CAC for a shop like ours?")
    assert [n for n, _ in calls] == ["get_benchmark"], calls
    assert "ecommerce CAC" in answer and "what is your" not in answer, answer
    calls, answer = _turn(shipped_engine, "is my CAC decent?")
    assert "what is your CAC" in answer


def test_what_is_the_number_of_people_somewhere_is_a_sizing_question(shipped_engine):
    calls, answer = _turn(shipped_engine, "new brief: RNs across New York, what's the count?")
    assert calls and calls[0][0] == "get_audience_sizing", calls
    assert "183,000" in answer


def test_a_platform_named_by_its_company_name_alone_is_that_platform(shipped_engine):
    from agent.offline.policy import bench_inputs
    assert bench_inputs("cpg", "ROAS", "what ROAS on amazon for cereal?")[0]["platform"] == "Amazon Ads"


def test_this_wording_is_not_dataset_wording():
    texts = " ".join(json.dumps(json.load(open(p))) for folder in (
        "datasets/scenarios", "tests/fixtures/paraphrase/scenarios", "tests/fixtures/paraphrase_holdout/scenarios",
        "tests/fixtures/paraphrase_holdout2/scenarios") for p in (ROOT / folder).glob("*.json")).lower()
    for phrase in ("lamps online", "ceramic mugs", "own website. normal", "sell courses online", "two showrooms",
                   "vintage lamps", "cost per order",
                   "$38 to land each", "uni degrees", "cereal makers", "ballpark cpcs", "ctrs like for car",
                   "in 2031", "we roast tea", "is my cac decent", "rns across new york", "on amazon for cereal",
                   "pinterest come in lower", "out the door and the plan", "ought to pay to land", "install range on that", "cpc range for lenders", "rooftop panels", "people are in the denver market, roughly", "podiatry", "tax clinic", "same-day booking", "pilates", "grocer ad networks", "retailer ad networks. typical", "kombucha", "regional lender"):
        assert phrase not in texts, phrase


def test_a_clipped_word_two_tables_could_start_is_settled_by_the_words_beside_it(shipped_engine):
    # "uni" starts "universities" (education) and "unions" (credit unions); only one of them names degrees
    r = lookup_benchmark(shipped_engine, "uni degrees", "CPL").result
    assert r is not None and r.vertical == "education"
    assert lookup_benchmark(shipped_engine, "uni", "CPL").result is None


def test_the_kind_of_place_is_the_last_word_when_one_table_names_it(shipped_engine):
    # the healthcare table's introduction names clinics; "podiatry" is a word the KB never uses
    r = lookup_benchmark(shipped_engine, "podiatry clinic", "CPL").result
    assert r is not None and r.vertical == "healthcare"
    # "tax" is a word the KB uses elsewhere, and not of healthcare: no guess
    assert lookup_benchmark(shipped_engine, "tax clinic", "CPL").result is None


def test_a_counted_thing_with_describing_words_is_its_last_word(shipped_engine):
    # the healthcare CPA note counts booked appointments: "same-day bookings" are bookings
    r = lookup_benchmark(shipped_engine, "healthcare", "cost per same-day booking").result
    assert r is not None and r.metric == "CPA"


def test_a_place_the_vocabulary_lacks_reaches_the_kb_s_own_rows(kb_txt_engine):
    # the plain-text KB sizes its DMAs in lists and lines; the question's other sentence is not the audience
    engine = kb_txt_engine  # the session's engine of tests/fixtures/kb_txt
    calls, answer = _turn(engine, "We fit rooftop panels and are expanding in Phoenix. How many homeowners there are solar-ready?")
    assert ("get_audience_sizing", {"audience_type": "homeowners solar-ready", "geography": "Phoenix"}) in calls, calls
    assert "612,000" in answer and "(12% of population)" in answer, answer
    calls, answer = _turn(engine, "How many people are in the Denver market, roughly?")
    assert "3.9M" in answer, answer


def test_the_range_of_a_counted_unit_on_a_budget_is_what_it_buys(shipped_engine):
    calls, answer = _turn(shipped_engine, "typical CPI for mobile games?", "we have 30k this month. what's the install range on that?")
    assert "$30,000 ÷ $5" in answer and "$30,000 ÷ $2.50" in answer, answer
    assert parse("what's the cpc range for lenders?").calc is None   # a price's range is asked, not a count


def test_the_most_to_pay_for_one_customer_asks_for_what_it_needs(shipped_engine):
    calls, answer = _turn(shipped_engine, "what's the max we ought to pay to land a single subscriber?")
    assert calls == [] and "two numbers from you" in answer and "value of a customer" in answer, (calls, answer)
    assert business("what's the max we ought to pay to land a single subscriber?") is None   # "pay to" is no business


def test_spend_against_a_plan_to_date_is_a_pacing_question_without_the_word(shipped_engine):
    calls, answer = _turn(shipped_engine, "three weeks in, we've put $18k out the door and the plan had us at $24k so far. bad?")
    assert "$18,000 ÷ $24,000 × 100 = 75" in answer, answer


def test_a_platform_alone_after_a_figure_asks_that_figure_on_the_platform(shipped_engine):
    calls, _ = _turn(shipped_engine, "typical CPC for lenders?", "would pinterest come in lower?")
    assert ("get_benchmark", {"vertical": "financial-services", "metric": "CPC", "platform": "Pinterest"}) in calls, calls
