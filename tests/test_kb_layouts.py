"""KB layouts and prose from kb_txt12's blind read (session 34), read in general — each checked on KB text written here
(a bakery-and-florist KB in those habits) and, for what the change could disturb, on a fixture KB's facts:

* a caption with a kind word and pipes ("BENCHMARK: COST PER ORDER | ALL CHANNELS | 2025") is the caption "COST PER
  ORDER - 2025"; a platform may follow the metric ("… | GOOGLE LOCAL SERVICES ADS | …", "COST PER LEAD ON YELP");
* a row of "label: figure" cells joined by pipes under "AT A GLANCE: <BUSINESS>" is that business's profile, each cell
  a figure of its own name ("Average ticket: $42");
* "On Etsy, bakeries paid roughly $9 per order, well above their search ads" is Etsy's figure;
* "Omaha has about 486,000 residents in roughly 195,000 households" sizes both; ", Sintra about 385,600 and …" sizes
  each place of the clause with the first count's noun; residents are a place's population;
* an age asked ("residents aged 18 to 34") is no count of every age; "homeowners" are owner-occupied households
  (mpa/everyday.json);
* a glossary term with its definition indented under it ("PAID ORDER" / "    means: …") is "PAID ORDER: …";
* "custom bakery" is the "Custom Neighbourhood Bakeries", not every bakery label, when "custom" tells two apart, and
  "flower delivery vans" the "Refrigerated Delivery Vans" rather than a label sharing only its first word;
* "average ticket value" / "repeat buyer share" ask a profile's "Average ticket" / "Repeat buyers".
"""
from __future__ import annotations

from pathlib import Path

from mpa.facts import kb_facts
from mpa.fact_lookups import facts, find_audience, find_benchmarks
from mpa.layout import readable
from tests.kbtool import engine_of

ROOT = Path(__file__).resolve().parents[1]

SHOPS = """BAKERIES AND FLORISTS - WHAT AN ORDER COSTS - VERSION 1.0

--------------------------------------------------------------------------------
A. THE PRICE OF AN ORDER
--------------------------------------------------------------------------------

Shops judge media by the paid order.

BENCHMARK: COST PER PAID ORDER | ALL CHANNELS | 2025
- Neighbourhood Bakeries: $11-16 [weekend cakes]
- Flower Shops: $19-27

BENCHMARK: COST PER LEAD | GOOGLE LOCAL SERVICES ADS | 2025
- Flower Shops: $8-12

On Etsy, neighbourhood bakeries paid roughly $9 per paid order, well above their own search ads.

AT A GLANCE: FLOWER SHOP
Average ticket: $64 | Orders that start on a phone: 71% | Repeat buyers: 33%

--------------------------------------------------------------------------------
B. PLACES
--------------------------------------------------------------------------------

Omaha has about 486,000 residents in roughly 195,000 households. Braga has about 193,300 residents, Sintra about
385,600 and Cascais about 214,100.

RESIDENTS AGED 18 TO 34, BY CITY (2023)
- Omaha: 121,000 residents [25 percent]

OWNER-OCCUPIED HOUSEHOLDS, BY CITY (2023)
- Omaha: 113,000 households [58 percent of households]
"""


def test_a_piped_caption_and_a_glance_row_read_as_a_caption_and_a_profile():
    text = readable(SHOPS)
    assert len(text) == len(SHOPS) and "COST PER PAID ORDER - 2025" in text and "FLOWER SHOP PROFILE" in text
    assert "Average ticket: $64\n- Orders that start on a phone: 71%" in text
    table = "Search             | 22-30%  | 1.00\nMarket | Google Ads CPC\n| a | b |"
    assert readable(table) == table  # a table's cells with no label are no list


def test_the_facts_of_the_layouts(tmp_path, kb_txt5_engine):
    engine = engine_of(tmp_path, shops=SHOPS)
    got = {(f.vertical, f.metric, f.platform, f.value) for f in facts(engine) if f.kind == "benchmark"}
    assert ("Neighbourhood Bakeries", "cost per paid order", None, "$11-16") in got
    assert ("Flower Shops", "CPL", "Google Local Services Ads", "$8-12") in got
    assert ("Neighbourhood Bakeries", "cost per paid order", "Etsy", "$9") in got  # not the "search ads" said after
    assert ("Flower Shop Profile", "average ticket", None, "$64") in got
    assert ("Flower Shop Profile", "repeat buyers", None, "33%") in got
    # a vocabulary platform after the metric is the vocabulary's; a season or a fiscal year is no platform (kb_txt5)
    assert {f.platform for f in facts(kb_txt5_engine) if f.metric == "cost per tee time booking"} >= {"Meta", "Google Ads"}
    assert not {f.platform for f in facts(kb_txt5_engine)} & {"Season", "Fy2025"}
    assert [f.platform for f in kb_facts([("t.txt", "COST PER LEAD ON YELP - 2025\n- Tree Crews: $41-60\n")])] == ["Yelp"]


def test_prose_counts_of_two_units_and_of_several_places(tmp_path):
    engine = engine_of(tmp_path, shops=SHOPS)
    sized = {(f.geography, f.audience, f.value) for f in facts(engine) if f.kind == "audience"}
    assert {("Omaha", "residents", "486,000"), ("Omaha", "households", "195,000"), ("Sintra", "residents", "385,600")} <= sized
    assert find_audience(engine, "population", "Sintra").result.total_size == 385_600  # residents are the population
    assert find_audience(engine, "people", "Cascais").result.total_size == 214_100
    assert find_audience(engine, "households", "Omaha").result.total_size == 195_000
    assert find_audience(engine, "residents aged 18 to 34", "Omaha").result.total_size == 121_000
    assert find_audience(engine, "residents aged 18 to 34", "Sintra").result is None  # not Sintra's every resident
    assert find_audience(engine, "homeowners", "Omaha").result.total_size == 113_000  # everyday word for owner-occupied


def test_a_glossary_term_over_its_meaning_and_a_tie_told_apart_by_a_generic_word():
    from mpa.labels import match_labels
    text = "PAID ORDER\n    means: one order a customer paid for online, counted once\n    sum: cost per paid order = …\n"
    assert readable(text).startswith("PAID ORDER:") and len(readable(text)) == len(text)
    labels = ["Custom Neighbourhood Bakeries", "Neighbourhood Bakeries Chains", "Flower Shops"]
    assert match_labels("custom bakery", labels) == ["Custom Neighbourhood Bakeries"]
    assert match_labels("bakery", labels) == labels[:2]
    vans = ["Flower Shops", "Refrigerated Delivery Vans"]
    assert match_labels("flower delivery vans", vans) == ["Refrigerated Delivery Vans"]  # two words against one


def test_a_benchmark_asked_of_the_layouts(tmp_path):
    engine = engine_of(tmp_path, shops=SHOPS)
    found = find_benchmarks(engine, "flower shop", "cost per lead", "Google Local Services Ads")
    assert [r.value for r in found.result] == ["$8-12"]
    assert [r.value for r in find_benchmarks(engine, "Flower Shop Profile", "average ticket value").result] == ["$64"]
    assert [r.value for r in find_benchmarks(engine, "Flower Shop Profile", "repeat buyer share").result] == ["33%"]
