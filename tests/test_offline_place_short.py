"""The same audience elsewhere, asked the way people type a place right after a size (probe of 2026-11-29,
h_probe_aud): a state's postal code in lower case ("and in ny state"), a clipped name ("and cali", "and nash?"),
the country as "the us", or "the number for X" pointing back at the figure just given. Before, each kept the last
row's place (or searched the KB) and answered a size the user had not asked for. Wording of our own, on kb/ and on
the plain-text fixture KB kb_txt."""
from __future__ import annotations

from agent.offline.placeshort import said_short
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

NURSES = ["nurse recruiting gig. size of the RN pool in chicago dma?", "and in ny state", "and in the us overall"]
OWNERS = ["building a payroll tool, how many small business owners are there in the usa",
          "whats the number for california", "and cali"]
GYMS = ["how many gym goers are there in austin", "whats the number for seattle", "and nash?"]


def test_short_forms_read_only_against_the_places_sized():
    assert_unseen(NURSES, OWNERS, GYMS)  # the wording here is no data set's
    sized = ["United States", "California", "New York", "Chicago DMA"]
    assert said_short("and in ny state", sized) == "New York"
    assert said_short("and cali?", sized) == "California"
    assert said_short("and in the us overall", sized) == "United States"
    assert said_short("la too", ["Los Angeles DMA", "Texas"]) == "Los Angeles DMA"
    assert said_short("what about for us", sized) is None  # "us" alone is the pronoun
    assert said_short("and in our stores", sized) is None
    assert said_short("and in ny", ["Texas", "Florida"]) is None  # not a place the tool sized: nothing read
    assert said_short("ok and in", ["Oklahoma", "Indiana"]) is None  # codes that are English words


def test_short_places_on_the_shipped_kb(shipped_engine):
    (_, _), (ny, ny_in), (us, us_in) = turns(shipped_engine, NURSES)
    assert {"audience_type": "registered nurses", "geography": "New York"} in ny_in and "183,000" in ny, ny
    assert "3.2 million" in us and any(i.get("geography") == "United States" for i in us_in), us
    _, (ca, _), (cali, _) = turns(shipped_engine, OWNERS)
    assert "3.3 million" in ca, ca
    assert "3.3 million" in cali, cali


def test_short_places_on_a_plain_text_kb(kb_txt_engine):
    (austin, _), (seattle, _), (nash, _) = turns(kb_txt_engine, GYMS)
    assert "391,000" in austin and "800,000" in seattle and "364,000" in nash, (seattle, nash)


BUYERS = ["mortgage broker in dallas. how many first time buyers are in the market there", "statewide?", "and the country",
          "we'd spend 40k at a 60 dollar cpl, how many leads"]
GAMERS = ["mobile game studio. how many gen z gamers in los angeles", "us total?"]
TRAVEL = ["luxury cruise line. how many luxury travelers in the new york dma", "whats the national figure"]
PAYROLL_KB = "we run a payroll app for restaurants. how many small business owners are there in california"
PAYROLL_TXT = "payroll software company here. how many small businesses with 1-19 employees are there in the us"
DOGS = ["vet clinic owner. how many dog households in the atlanta area", "and the country?"]


def test_the_country_said_by_its_kind_and_a_trade_named_as_the_business(shipped_engine):
    assert_unseen(BUYERS, GAMERS, TRAVEL, [PAYROLL_KB, PAYROLL_TXT], DOGS)
    dfw, tx, us, leads = turns(shipped_engine, BUYERS)
    assert "114,000" in dfw[0] and "380,000" in tx[0] and "3.7 million" in us[0], (dfw[0], us[0])
    assert "$40,000 ÷ $60 ≈ 667 leads" in leads[0] and "country" not in leads[0], leads[0]  # not a business called "country"
    assert "46.2 million" in turns(shipped_engine, GAMERS)[1][0]
    assert "4.6 million" in turns(shipped_engine, TRAVEL)[1][0]
    assert "3.3 million" in turns(shipped_engine, [PAYROLL_KB])[0][0]


def test_the_country_and_a_trade_business_on_plain_text_kbs(kb_txt_engine, kb_txt2_engine):
    assert "5.6M" in turns(kb_txt_engine, [PAYROLL_TXT])[0][0]
    assert "65.1M" in turns(kb_txt2_engine, DOGS)[1][0]


def test_a_place_said_without_its_qualifier_on_a_plain_text_kb(kb_txt3_engine):
    """"what about london" after a UK region's size: the region the tool also sizes, "Greater London"."""
    solar = ["solar panels uk. how many homes suitable for rooftop solar in the south east", "what about london"]
    assert_unseen(solar)
    assert said_short("what about london", ["Greater London", "Wales"]) == "Greater London"
    assert said_short("and east?", ["South East", "Wales"]) is None  # a short word of a compass name says nothing
    assert "610k" in turns(kb_txt3_engine, solar)[1][0]


def test_a_scene_before_the_question_is_not_the_audience(shipped_engine, kb_txt3_engine):
    """"bridal shop in toronto, how many people planning a wedding in ontario": the clause that asks names the people;
    the shop said before the comma is a scene, not part of the audience looked up (before: no size matched). A
    clause that names no people of its own ("…, how many are there in texas") keeps the whole sentence. Then "and bc?"
    is the province the tool also sizes, by its initials."""
    from agent.offline.sizing import audience_phrase
    brides = ["bridal shop in toronto, how many people planning a wedding in ontario", "and bc?"]
    assert_unseen(brides, ["eco cleaning brand out of austin, how many households have a dog or cat in texas"])
    assert audience_phrase(brides[0]) == "people planning wedding ontario"
    assert "eco cleaning" in audience_phrase("eco cleaning brand out of austin, how many are there in texas")
    assert "newsletter" in audience_phrase("my newsletter has bounces lately, how many is too many")  # no people named
    (ontario, _), (bc, _) = turns(kb_txt3_engine, brides)
    assert "212,000" in ontario and "71,000" in bc, (ontario, bc)
    pets = turns(shipped_engine, ["eco cleaning brand out of austin, how many households have a dog or cat in texas"])
    assert "6.0 million" in pets[0][0]


def test_a_market_typed_in_lower_case_before_dma(shipped_engine, kb_txt_engine, kb_txt2_engine):
    """"how many people in the denver dma": "dma" says the words before it name a market the vocabulary may not
    list, so the sizing tool gets it as the place (before: the whole phrase as an audience, and a tier sentence
    quoted). Words that only say which market ("the whole dma", "each dma") name none. On kb/, whose sizing table
    has no population rows, the market's row is quoted with no "no size" note beside it."""
    from agent.offline.places import geographies
    asks = ["how many people in the denver dma", "how many households in the boise dma", "how many people in the houston dma"]
    assert_unseen(asks)
    assert [g for _, g in geographies("how many people in the denver dma")] == ["Denver DMA"]
    assert geographies("how many in the whole dma") == [] and geographies("a cap for each dma") == []
    assert "3.9M" in turns(kb_txt_engine, asks[:1])[0][0]
    assert "0.34M" in turns(kb_txt2_engine, asks[1:2])[0][0]
    houston = turns(shipped_engine, asks[2:])[0][0]
    assert "7.84M" in houston and "no size" not in houston, houston
    (minn, _), (pitt, calls) = turns(kb_txt2_engine, ["households in the minneapolis dma", "and pittsburgh"])
    assert "1.86M" in minn and "1.17M" in pitt and any(c.get("geography") == "Pittsburgh DMA" for c in calls), pitt
