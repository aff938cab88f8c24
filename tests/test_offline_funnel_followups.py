"""Counts carried down the funnel in users' own words (probe of 2026-11-29, h_calc):

* "and how many of those convert" after a clicks working: "those" with no noun (a verb follows) is the count the
  last working ended in — before, "convert" was read as the unit and no line matched (:mod:`agent.offline.carrycount`);
* "if i buy 2 million impressions how many clicks" / "if we got 3,000 clicks how many new patients?": a count of
  one stage and the next asked is the rate between them — CTR, then CVR — applied to it, not a budget question,
  and not the last turn's rate (:mod:`agent.offline.stagerate`).
Wording of our own, on kb/ and the plain-text fixture KB."""
from __future__ import annotations

from agent.offline.carrycount import _THOSE
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

AUTOS = ["what is the cpc for automotive", "budget 25k a month how many clicks", "and how many of those convert"]
DENTAL = ["what does a click cost for a dental practice on google", "say 8k a month, how many clicks is that",
          "and how many of those convert"]


def test_those_with_no_noun():
    assert_unseen(AUTOS, DENTAL)  # the wording here is no data set's
    assert _THOSE.search("and how many of those convert").group("unit") is None
    assert _THOSE.search("how many of them would buy").group("unit") is None
    assert _THOSE.search("how many of those bookings show up").group("unit") == "bookings"
    assert _THOSE.search("how many of those clicks turn into sales").group("unit") == "clicks"


def test_those_convert_on_the_shipped_kb(shipped_engine):
    *_, (text, calls) = turns(shipped_engine, AUTOS)
    assert {"vertical": "automotive", "metric": "CVR"} in calls, calls
    assert "≈ 9,615.38 clicks" in text and "9,615.38 × 2.50% ≈ 240 conversions" in text, text
    assert "20,833.33 × 5% ≈ 1,042 conversions" in text, text


def test_those_convert_on_a_plain_text_kb(kb_txt_engine):
    *_, (text, _) = turns(kb_txt_engine, DENTAL)
    assert "2,051.28 × 8.90% ≈ 183 conversions" in text and "applied to the clicks worked out before" in text, text


ECOM = ["ecommerce ctr?", "if i buy 2 million impressions how many clicks", "and if we get 20,000 clicks how many sales"]
PATIENTS = ["what does a click cost for a dental practice on google", "if we got 3,000 clicks how many new patients?"]


def test_the_rate_between_two_stages():
    from agent.offline.parse import parse
    from agent.offline.stagerate import rate
    assert_unseen(ECOM, PATIENTS)
    assert rate(parse("if i buy 2 million impressions how many clicks")) == "CTR"
    assert rate(parse("if we got 3,000 clicks how many new patients?")) == "CVR"
    assert rate(parse("50k site visits, how many signups?")) == "CVR"
    assert rate(parse("3,000 clicks at $2 a click, how many sales?")) is None  # a price: a cost question
    assert rate(parse("we have $20k, how many clicks?")) is None  # a budget, no count
    assert rate(parse("2 million impressions, how many people is that?")) is None  # reach, not a conversion


def test_stages_on_the_shipped_kb(shipped_engine):
    _, (clicks, calls), (sales, sale_calls) = turns(shipped_engine, ECOM)
    assert {"vertical": "ecommerce", "metric": "CTR"} in calls and "2,000,000 × 0.90% = 18,000 clicks" in clicks, clicks
    assert "budget?" not in clicks
    assert {"vertical": "ecommerce", "metric": "CVR"} in sale_calls, sale_calls  # not the CTR of the turn before
    assert "20,000 × 1.80% = 360 sales" in sales and "20,000 × 3.20% = 640 sales" in sales, sales


def test_stages_on_a_plain_text_kb(kb_txt_engine):
    _, (text, calls) = turns(kb_txt_engine, PATIENTS)
    assert any(c.get("metric") == "CVR" for c in calls), calls
    assert "3,000 × 8.90% = 267 patients" in text, text


RETAIL = ["roas benchmark for retail brands", "if i spend $200,000, what revenue"]
STORES = ["what roas do ecommerce stores get", "so if we spend 40k, what revenue comes back?"]


def test_revenue_of_a_spend_reads_roas():
    from agent.offline.parse import parse
    from agent.offline.stagerate import rate
    assert_unseen(RETAIL, STORES)
    assert rate(parse("if i spend $200,000, what revenue")) == "ROAS"
    assert rate(parse("how much will 50k of ads bring us back?")) == "ROAS"
    assert rate(parse("we spent $50k and made $150k in revenue, what's our roas?")) is None  # two figures: the identity's
    assert rate(parse("what revenue do retailers make?")) is None  # no spend


def test_revenue_of_a_spend_on_the_shipped_kb(shipped_engine):
    _, (text, calls) = turns(shipped_engine, RETAIL)
    assert {"vertical": "retail", "metric": "ROAS"} in calls, calls
    assert "$200,000 × 3.0 = $600,000" in text and "$200,000 × 5.0 = $1,000,000" in text, text


def test_revenue_of_a_spend_per_platform_on_a_plain_text_kb(kb_txt_engine):
    _, (text, _) = turns(kb_txt_engine, STORES)
    assert "$40,000 × 4.1 = $164,000" in text and "$40,000 × 2.3 = $92,000" in text, text  # Google's and Meta's own


ARROW = ["travel cvr?", "10,000 clicks → bookings?"]
DEALERS = ["what's the google conversion rate for auto dealers", "so 4000 clicks, leads?"]


def test_the_next_stage_asked_by_its_name_alone(shipped_engine, kb_txt_engine):
    assert_unseen(ARROW, DEALERS)
    _, (text, _) = turns(shipped_engine, ARROW)
    assert "10,000 × 1.50% = 150 bookings" in text and "10,000 × 3% = 300 bookings" in text, text
    _, (text, _) = turns(kb_txt_engine, DEALERS)
    assert "4,000 × 7.30% = 292 leads" in text, text
