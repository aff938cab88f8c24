"""A new user's own figures, kept through the arithmetic that follows from a budget (probe of 2026-11-29,
h_probe_aud):

* a new budget re-runs the last calculation at the price the user stated, not at the KB's range that was looked
  up beside it ("…at like a $10 cpm how many impressions" then "what if the budget goes to 35k");
* "how many impressions do i need" asks even without a question mark: reach share × frequency on the audience
  just sized is worked, not searched;
* "how many clicks and if 5% convert how many signups": the conversions are named by the count asked after the
  clicks, not called clicks again.

Wording of our own, on kb/ and on the plain-text fixture KB kb_txt."""
from __future__ import annotations

from agent.offline import funnel
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

CANDLES = ["i sell candles online. if i put 20k in at like a $10 cpm how many impressions is that",
           "what if the budget goes to 35k"]
SOLAR = ["solar installer here, google cpc for solar runs about $4.50 for us. with 30k how many clicks is that",
         "what if we get 45k"]
REMOTE = ["how many remote workers are in the chicago dma",
          "if i want to reach 65% of them 4 times each how many impressions do i need"]
GYMS = ["how many gym goers in austin", "we want to hit 50% of them 3 times how many impressions would that take"]
STUDIO = "we're putting in 12000 dollars, cpc of 2 bucks, how many clicks and if 5% convert how many signups"


def test_the_conversions_are_named_by_the_count_asked():
    assert_unseen(CANDLES, SOLAR, REMOTE, GYMS, [STUDIO])  # the wording here is no data set's
    lines, _ = funnel.work(STUDIO)
    assert lines == ["$12,000 ÷ $2 = 6,000 clicks", "6,000 × 5% = 300 signups"]
    assert funnel.work("$20k, $1 clicks, a 2% CVR — how many sales?")[0][-1] == "20,000 × 2% = 400 sales"


def test_own_figures_on_the_shipped_kb(shipped_engine):
    _, (again, _) = turns(shipped_engine, CANDLES)
    assert "$35,000 ÷ $10 × 1,000 = 3,500,000 impressions" in again and "$14" not in again, again
    _, (reach, _) = turns(shipped_engine, REMOTE)
    assert "1,400,000 × 0.65 × 4 = 3,640,000 impressions" in reach, reach
    (studio, _), = turns(shipped_engine, [STUDIO])
    assert "300 signups" in studio and "300 clicks" not in studio, studio


def test_own_figures_on_a_plain_text_kb(kb_txt_engine):
    _, (again, _) = turns(kb_txt_engine, SOLAR)
    assert "$45,000 ÷ $4.50 = 10,000 clicks" in again and "$5" not in again.replace("$5,", ""), again
    _, (reach, _) = turns(kb_txt_engine, GYMS)
    assert "391,000 × 0.50 × 3 = 586,500 impressions" in reach, reach
    (studio, _), = turns(kb_txt_engine, [STUDIO])
    assert "300 signups" in studio, studio


def test_half_that_budget(shipped_engine, kb_txt2_engine):
    saas = ["b2b saas, we have 90k for the quarter. whats typical cac and how many customers would that be",
            "what if we had half that budget"]
    pests = ["pest control, cost per lead on google?", "we have 10k, how many leads", "what if we had half that budget"]
    assert_unseen(saas, pests)
    halved = turns(shipped_engine, saas)[1][0]
    assert "$45,000 ÷ $900 = 50 customers" in halved and "$45,000 ÷ $450 = 100 customers" in halved, halved
    assert "$5,000 ÷ $48 ≈ 104 leads" in turns(kb_txt2_engine, pests)[2][0]


def test_a_budget_stated_alone_after_a_price_asks_what_it_buys(shipped_engine, kb_txt2_engine):
    """The budget given after the question that needed it: "cpl for education?" then "we have like fifteen grand"
    (before: "What would you like to work out first …?")."""
    college = ["community college marketing. cpl for education?", "we have like fifteen grand"]
    pests = ["pest control company, whats the cost per lead on search", "ok our budget's about 9k a month"]
    assert_unseen(college, pests)
    bought = turns(shipped_engine, college)[1][0]
    assert "$15,000 ÷ $85 ≈ 176 leads" in bought and "$15,000 ÷ $35 ≈ 429 leads" in bought, bought
    bought = turns(kb_txt2_engine, pests)[1][0]
    assert "$9,000 ÷ $57 ≈ 158 leads" in bought and "$9,000 ÷ $48 ≈ 188 leads" in bought, bought
    from agent.offline.buyask import _STATED
    assert not _STATED.search("we have 6 clinics") and not _STATED.search("we have 15 grand, how many leads")


def test_follow_ups_on_the_last_working(shipped_engine, kb_txt_engine):
    """After the budget was divided by a price: "and if 2% of those convert?" (a share said to act, with no "how
    many") takes the share of each count; "and leads at the typical cpl" divides the same budget by the price now
    named; "ok and per lead for them" still asks a price, not a count."""
    credit = ["credit union, how much do clicks cost in financial services", "if we spend $30k how many clicks would we get",
              "and if 2% of those convert?", "and leads at the typical cpl", "ok and per lead for them"]
    solar = ["google cpc for solar is what", "we got 30k. how many clicks is that", "and if 5% of those convert?",
             "and leads at the typical cpl"]
    assert_unseen(credit[2:], solar[2:])
    _, _, (conv, _), (leads, _), (per, _) = turns(shipped_engine, credit)
    assert "5,000 × 2% = 100 conversions" in conv and "12,000 × 2% = 240 conversions" in conv, conv
    assert "$30,000 ÷ $110 ≈ 273 leads" in leads and "$30,000 ÷ $45 ≈ 667 leads" in leads, leads
    assert "÷" not in per and "$45–$110" in per, per
    _, _, (conv, _), (leads, _) = turns(kb_txt_engine, solar)
    assert "6,000 × 5% = 300 conversions" in conv, conv
    assert "$30,000 ÷ $140 ≈ 214 leads" in leads and "$30,000 ÷ $95 ≈ 316 leads" in leads, leads


def test_impressions_each_and_the_place_by_its_everyday_name(shipped_engine, kb_txt_engine):
    """"3 impressions each" is a frequency; "the nyc ones" are the New York DMA's row, not the last size shown."""
    cruise = ["luxury cruise line. how many luxury travelers in the new york dma", "whats the national figure",
              "if we want 3 impressions each for 40% of the nyc ones how many impressions"]
    gyms = ["how many gym goers in seattle", "and austin?",
            "if we want 3 impressions each for 40% of the seattle ones how many impressions"]
    assert_unseen(cruise, gyms)
    assert "453,000 × 0.40 × 3 = 543,600 impressions" in turns(shipped_engine, cruise)[2][0]
    assert "800,000 × 0.40 × 3 = 960,000 impressions" in turns(kb_txt_engine, gyms)[2][0]


def test_a_moved_budget_re_runs_the_last_division_whatever_its_unit_is_called(shipped_engine, kb_txt2_engine):
    """"how many move-ins …" at the user's own cost of one, then "and if we double the budget?": the same division on
    the doubled budget (before: a unit the vocabulary does not price lost the remembered price, and a ramp rule was
    quoted)."""
    homes = ["we have 15000 a month. each new resident costs us about 3000 to acquire, how many move-ins can we expect a month",
             "and if we double the budget?"]
    assert_unseen(homes)
    for engine in (shipped_engine, kb_txt2_engine):
        doubled = turns(engine, homes)[1][0]
        assert "$30,000 ÷ $3,000 = 10 move-ins" in doubled, doubled
