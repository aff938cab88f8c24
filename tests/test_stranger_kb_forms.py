"""How stranger plain-text KBs write a figure or an audience, read by the look-ups (kb_txt2, kb_txt3 as evidence
of the conventions; small texts written here for the rule itself):

* a price stated for units in prose, two figures joined by "and" — "Walmart Connect clicks cost $0.55-0.80 for
  Home and Kitchen and $0.95-1.20 for Supplements and Vitamins" (:mod:`mpa.facts`, :mod:`mpa.clauses`);
* a format word after a platform's name in a list caption — "SIRIUSXM AUDIO CPM BENCHMARKS" (:mod:`mpa.captions`);
* an everyday word for the KB's audience term — "homes" for "households" (:mod:`mpa.audience_everyday`);
* an audience asked by its definition's words — "engaged adults" — or described in other words than its label —
  "people who just bought a house" (:mod:`mpa.audience_described`).
"""
from __future__ import annotations

import agent  # noqa: F401  (plugs the sentence encoder into the meaning matches, as every eval does)
from mpa.audience_described import defined_as, _content
from mpa.audience_everyday import head, kb_worded
from mpa.captions import caption_platform
from mpa.facts import sentence_facts
from mpa.tools import ToolExecutor


def _run(engine, tool, **inp):
    r = ToolExecutor(engine).execute(tool, inp)
    return r if isinstance(r, str) else r.content


# --- prices of units in prose -------------------------------------------------------------------------------

PROSE = ("SECTION 2 - SHOPRITE MEDIA\n\nShopRite Media sells sponsored listings. Across the sample, ShopRite Media "
         "clicks cost $0.40-0.60 for Pet Supplies and $1.10-1.30 for Baby Care.\n")


def test_units_priced_in_prose_give_one_figure_per_business():
    got = {(f.vertical, f.value, f.metric, f.platform) for f in
           sentence_facts("a.txt", PROSE, ["Pet Supplies", "Baby Care"])}
    assert got == {("Pet Supplies", "$0.40-0.60", "CPC", "ShopRite Media"),
                   ("Baby Care", "$1.10-1.30", "CPC", "ShopRite Media")}


def test_a_business_whose_units_are_priced_is_not_a_platform():
    text = "Across the sample, Pet Supplies leads cost $30-40 on average.\n"
    got = sentence_facts("a.txt", text, ["Pet Supplies"])
    assert [(f.value, f.metric, f.platform) for f in got] == [("$30-40", "CPL", None)]


def test_a_name_with_and_stays_one_name():
    text = "Clicks for Home and Kitchen cost $1.10 per click on the exchange.\n"
    got = sentence_facts("a.txt", text, ["Home and Kitchen", "Kitchen"])
    assert [(f.vertical, f.value) for f in got] == [("Home and Kitchen", "$1.10")]


def test_kb_txt2_walmart_connect_figures(kb_txt2_engine):
    out = _run(kb_txt2_engine, "get_benchmark", vertical="Home and Kitchen", metric="CPC", platform="Walmart Connect")
    assert "$0.55-0.80" in out and "not in the knowledge base" not in out, out
    out = _run(kb_txt2_engine, "get_benchmark", vertical="Supplements and Vitamins", metric="CPC")
    assert "$1.95-2.35" in out and "Walmart Connect: $0.95-1.20" in out, out


# --- a format word after a caption's platform ---------------------------------------------------------------

def test_caption_format_word_is_not_the_platform():
    assert caption_platform("SIRIUSXM AUDIO CPM BENCHMARKS - 2025", ["CPM"]) == "Siriusxm"
    assert caption_platform("ACME VIDEO CPV BENCHMARKS - 2025", ["CPV"]) == "Acme"
    assert caption_platform("YELP ADS CPC BENCHMARKS - 2025", ["CPC"]) == "Yelp Ads"
    assert caption_platform("AUDIO CPM BENCHMARKS - 2025", ["CPM"]) == "Audio"  # nothing left: the words stay
    assert caption_platform("APPLE SEARCH ADS CPI BENCHMARKS - 2025", ["CPI"]) == "Apple Search Ads"


def test_kb_txt3_siriusxm_by_its_prose_name(kb_txt3_engine):
    out = _run(kb_txt3_engine, "get_benchmark", vertical="home health agencies", metric="CPM", platform="SiriusXM")
    assert "SiriusXM 2025: $18-22" in out and "SiriusXM Audio" not in out, out


# --- everyday words for the KB's audience term --------------------------------------------------------------

def test_head_of_a_label():
    assert head("Recent Home Buyers") == "buyers"
    assert head("households in which someone receives paid care at home") == "households"
    assert head("DMA Households - 2025 Estimates") == "households"


def test_everyday_word_read_as_the_kbs_term():
    labels = ["Recent Home Buyers", "DMA Households - 2025 Estimates"]
    assert kb_worded("homes", labels) == "households"
    assert kb_worded("homes with a dog", labels) == "homes with a dog"  # more than the one phrase: left alone
    assert kb_worded("homes", ["Recent Home Buyers"]) == "homes"  # the KB never says households
    assert kb_worded("homes", ["Vacation Homes", "Households"]) == "homes"  # the KB counts homes themselves


def test_homes_in_a_market_are_its_households(kb_txt2_engine, kb_txt3_engine):
    out = _run(kb_txt2_engine, "get_audience_sizing", audience_type="homes", geography="Boise DMA")
    assert "0.34M" in out and "Recent Home Buyers" not in out, out
    out = _run(kb_txt3_engine, "get_audience_sizing", audience_type="homes", geography="Greater London")
    assert "3.6M" in out and "Households" in out.splitlines()[0] and "paid care" not in out.splitlines()[0], out


# --- an audience asked by its definition's words --------------------------------------------------------------

def test_defined_as_needs_one_row_saying_the_words():
    defs = {"Adults Planning A Wedding": "Adults Planning A Wedding Definition: engaged adults aged 22-45",
            "Jewelry Shoppers": "Jewelry Shoppers Definition: adults who bought a ring"}
    assert defined_as("engaged adults", _content("engaged adults"), defs) == "Adults Planning A Wedding"
    defs["Honeymooners"] = "Honeymooners Definition: recently married or engaged adults"
    assert defined_as("engaged adults", _content("engaged adults"), defs) is None
    assert defined_as("adults", _content("adults"), defs) is None
    defs["Engaged Adults"] = "Engaged Adults Definition: adults with a wedding date"
    assert defined_as("engaged adults", _content("engaged adults"), defs) is None  # a label says it: not this rule


def test_audiences_by_their_definitions(kb_txt2_engine, kb_txt3_engine, meaning):
    out = _run(kb_txt3_engine, "get_audience_sizing", audience_type="engaged adults", geography="Alberta")
    assert "66,000" in out and "Wedding" in out, out
    out = _run(kb_txt2_engine, "get_audience_sizing", audience_type="people who just bought a house",
               geography="St. Louis")
    assert "76,000" in out and "Recent Home Buyers" in out, out
    out = _run(kb_txt2_engine, "get_audience_sizing", audience_type="people who just sold a car", geography="St. Louis")
    assert "not in the knowledge base" in out, out


# --- a channel passed as the platform of a metric that names it -----------------------------------------------

def test_a_metric_named_by_its_channel_is_not_narrowed_by_it(kb_txt3_engine):
    """kb_txt3 captions "EMAIL OPEN RATE BENCHMARKS" (no platform) and "EMAIL CLICK RATE BENCHMARKS" (Email read as
    the platform): an email open rate asked "on Email" is the list's figure, one asked on Meta is not there — and
    the refusal names the row the KB has, not a neighbour found by meaning."""
    out = _run(kb_txt3_engine, "get_benchmark", vertical="Animal Welfare", metric="email open rate", platform="Email")
    assert "31-34%" in out and "not in the knowledge base" not in out, out
    out = _run(kb_txt3_engine, "get_benchmark", vertical="Animal Welfare", metric="email open rate", platform="Meta")
    assert "not in the knowledge base" in out and "Animal Welfare email open rate only for" in out, out
    assert "Pet Food" not in out, out
    out = _run(kb_txt3_engine, "get_benchmark", vertical="Animal Welfare", metric="CTR", platform="Email")
    assert "3.1%" in out, out


# --- several audiences fit the words ---------------------------------------------------------------------------

def test_the_bare_label_of_several():
    from mpa.audience_several import bare

    labels = ["DMA Households - 2025 Estimates", "Dog-Owning Households", "Renter households"]
    assert bare("households", labels) == ["DMA Households - 2025 Estimates"]
    assert bare("households", ["UK Region Households - 2025 Projections", "Households Suitable For Rooftop Solar"]) \
        == ["UK Region Households - 2025 Projections"]
    assert bare("households", ["Households with a cat", "Households with a dog"]) == []


def test_plain_households_nationally_are_asked_about_not_answered_with_dogs(kb_txt2_engine):
    """kb_txt2 sizes households nationally only with a dog, with a cat or renting: "homes" is none of them."""
    for words in ("households", "homes"):
        out = _run(kb_txt2_engine, "get_audience_sizing", audience_type=words)
        assert "not in the knowledge base" in out and "ask which one" in out and "65.1M" not in out, out
    out = _run(kb_txt2_engine, "get_audience_sizing", audience_type="households with a dog")
    assert "65.1M" in out, out
