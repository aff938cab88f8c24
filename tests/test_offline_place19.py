"""Slots across a planning conversation (agent/offline/asidetail.py, newaudience.py, ownratio.py, barebiz.py,
unitprice.py, judgedback.py): a place or an audience named in a follow-up with an aside after it, the user's own
ratio asked as it stands, a business said as a caption, a sale counted as "a sold X", and "is that good?" after the
user's own figures — on wording of this file's own, on the shipped KB and a plain-text one."""
from __future__ import annotations

import pytest

from agent.offline import asidetail, ownratio
from agent.offline.memory import Memory
from agent.offline.parse import parse
from tests.offline_turns import answer_on, turns
from tests.unseen_wording import assert_unseen

_PLACE = ["i run marketing for a whale watching outfit in maui. how big is the luxury traveler audience in the us?",
          "and in the new york dma?", "what about just the maui dma, for folks already vacationing there"]
_AUDIENCE = ["we refinance student loans. how many enrolled college students in new york state?",
             "how about first-time home buyers nationally, were thinking about a home loan add-on later"]
_TXT_AUDIENCE = ["we're a vet clinic chain in denver. how many people live in the denver dma?",
                 "how about households with a dog or cat nationally, we might add a wellness plan later"]
_MARKET = ["roughly how many hispanic adults does texas have?", "and the los angeles dma?",
           "ok and for the boise market, people already living there?"]
_OWN = ["we sell accounting software to small firms. what's our payback period on a new customer?",
        "my board wants to know what ltv:cac we are running at. what should i say?"]
_NORM = ["what LTV:CAC is typical for saas?"]
_DEALER = ["dana here. family owned honda store in fresno plus a used lot. what does a lead run us?",
           "and one car sold, all in"]
_JUDGED = ["we run three garden centers. what's a typical cpc for us?",
           "last spring we spent $10,000 on ads and sales were $42,000 from it. what's our roas?",
           "is that decent compared to typical for retailers?"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_PLACE, _MARKET, _AUDIENCE, _TXT_AUDIENCE, _OWN, _NORM, _DEALER, _JUDGED)


@pytest.mark.parametrize("text,head", [
    ("what about just the boise dma, for shoppers who live there", "what about just the boise dma"),
    ("how about renters nationally - we may add renters cover", "how about renters nationally"),
    ("and in ohio, meaning the whole state", "and in ohio, meaning the whole state"),   # a gloss is the question's
    ("and texas, how many there?", "and texas, how many there?"),                      # the tail asks
    ("and for the boise market, people living there?", "and for the boise market"),   # the closing "?" is the whole's
    ("and for 2 locations, 40k each", "and for 2 locations, 40k each")])                # the tail holds figures
def test_the_words_counted_stop_before_an_aside(text, head):
    assert asidetail.counted(text) == head


def test_a_dma_named_after_just_or_only_is_that_market():
    assert parse("what about just the boise dma, for shoppers there").geographies == ["Boise DMA"]
    assert parse("what about just the boise dma, for shoppers there").followup


def test_a_place_the_kb_lacks_is_declined_not_answered_with_the_last_place(shipped_engine, monkeypatch):
    out = answer_on(shipped_engine, _PLACE, monkeypatch)
    assert "does not contain a size" in out and "Maui DMA" in out and "453,000" not in out


def test_a_market_named_by_a_city_and_its_kind_is_that_place_not_the_last_one(shipped_engine, monkeypatch, meaning):
    """"the boise market": the encoder calls "boise" a place (off, nothing is read: marketname)."""
    got = turns(shipped_engine, _MARKET)
    assert got[-1][1] == [{"audience_type": "hispanic/latino adults", "geography": "Boise"}]
    assert "does not contain a size" in got[-1][0] and "5.9 million" not in got[-1][0]


def test_a_new_audience_with_an_aside_is_sized_at_the_place_it_names(shipped_engine, monkeypatch):
    out = answer_on(shipped_engine, _AUDIENCE, monkeypatch)
    assert "3.7 million" in out and "[audience-sizing-reference" in out


def test_a_new_audience_said_with_what_its_people_have_on_a_plain_text_kb(kb_txt_engine, monkeypatch):
    got = turns(kb_txt_engine, _TXT_AUDIENCE)
    assert got[-1][1] == [{"audience_type": "households with a dog or cat", "geography": "United States"}]
    assert "71.5M" in got[-1][0]


@pytest.mark.parametrize("text", _OWN)
def test_the_users_own_ratio_as_it_stands_asks_for_their_figures(text, shipped_engine, monkeypatch):
    out = answer_on(shipped_engine, [text], monkeypatch)
    assert out.startswith("To work that out I need") and out.endswith("?") and "Typical" not in out


def test_the_norm_of_a_ratio_is_still_the_kbs_figure():
    assert ownratio.need(parse(_NORM[0]), Memory()) is None
    assert ownratio.need(parse("what payback should we aim for?"), Memory()) is None
    one = ownratio.need(parse("what ltv to cac are we at then"), Memory(facts={"price": 300.0}))  # their cost said before
    assert one.startswith("lifetime value") and "CAC)" not in one
    assert ownratio.need(parse("what's our payback then"), Memory(facts={"price": 300.0})) is None  # others' to work
    mem = Memory(facts={"LTV": 3000.0, "price": 600.0})
    assert ownratio.need(parse("what ltv to cac are we running at"), mem) is None  # both figures said before


def test_a_business_said_as_a_caption_and_a_sale_counted_as_one_sold(shipped_engine, monkeypatch, meaning):
    """The caption names the business; the tool reads the whole sentence by meaning (its encoder on, as in the evals)."""
    got = turns(shipped_engine, _DEALER)
    assert "automotive CPL" in got[0][0]
    assert got[1][1] == [{"vertical": "automotive", "metric": "cost per car sold"}] and "automotive CAC" in got[1][0]


def test_is_that_good_after_ones_own_spend_and_sales_judges_their_roas(shipped_engine, monkeypatch):
    out = answer_on(shipped_engine, _JUDGED, monkeypatch)
    assert "4.20" in out and "retail ROAS" in out or "Retail ROAS" in out


_THAT = "once a demo turns into a signed deal, what does that customer typically run us?"
_SERVED = "we build payroll software for restaurants. what should a lead cost us?"


def test_that_unit_is_priced_as_the_unit_and_whom_a_product_serves_is_not_its_business():
    """priceforms: "what does that client cost" prices one client; parse: an uncovered vertical said as whom the
    business serves ("payroll software for bakeries") is not the business (served.outside, as for covered ones)."""
    assert_unseen(_THAT, _SERVED)
    assert parse(_THAT).metrics == ["CAC"]
    assert parse("what does that usually cost").metrics == []  # a pointer alone prices nothing
    p = parse(_SERVED)
    assert p.vertical == "saas" and p.industry_phrase is None
