"""Turns that expect a calculation and got none or the wrong one (own wordings, shipped KB and plain-text KBs):
a share of the count asked in the same message as the count ("how many leads, and if we sell to 10% of them how many
bikes"), and again when the next message redoes it with a new budget; the KB's variant of a split for a business as
new as the user's ("new brands … closer to 50/30/20"); the multiplier rule the last answer quoted, applied to the count
the user reports next; clicks asked of the impressions just worked ("how many clicks is that then, the usual share
that click"), at the click-through rate of the platform the impressions were priced on."""
from __future__ import annotations

import pytest

from agent.offline import chainedrate, splitbend, worked
from agent.offline.chainrate import lookup
from tests.offline_turns import answer_on, turns
from tests.unseen_wording import assert_unseen

_BIKES = ["we sell used motorbikes from one lot. what does a lead usually cost for auto dealers",
          "we've got 7,000 a month. how many leads does that get us, and if we sell to 10% of them how many bikes go out",
          "the owner dropped it to 5,000 next month. same question"]
_ROOFS = ["we're a roofing contractor. what's a typical cost per lead on google ads?",
          "we can spend 4,500 a month. how many leads is that, and if we sign 20% of them how many roofs do we get"]
_ROASTER = ["we're a brand new coffee roaster with no track record yet. we have 24k for the quarter, how should we split "
            "it between proven, growing and test bets"]
_PODCAST = ["do podcast promo codes catch every sale? how should we count what a show drove",
            "a show we sponsored logged 60 code orders. whats the true number likely"]
_HOUSEHOLDS = ["our county has 40,000 households. so what's the real number of people roughly"]
_PIZZA = ["we make frozen pizza sold in grocery stores. what's a normal cpm for cpg brands",
          "with 20k how many impressions is that", "how many clicks is that then, what's the usual share that click"]
_GYM = ["we run a gym chain. what's a typical cpm on meta for fitness", "with 9,000 how many impressions is that",
        "how many clicks is that then, what's the usual share that click for gyms"]


def test_the_wordings_here_are_in_no_seen_data_set():
    assert_unseen(_BIKES + _ROASTER + _PODCAST + _PIZZA, _ROOFS + _HOUSEHOLDS + _GYM)


def test_a_share_asked_with_the_count_is_worked_and_redone_on_the_shipped_kb(shipped_engine):
    got = turns(shipped_engine, _BIKES)
    assert "116.67 × 10% ≈ 11.67 bikes" in got[1][0] and "280 × 10% = 28 bikes" in got[1][0], got[1][0]
    assert "83.33 × 10% ≈ 8.33 bikes" in got[2][0] and "200 × 10% = 20 bikes" in got[2][0], got[2][0]


def test_a_share_asked_with_the_count_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    out = answer_on(kb_txt2_engine, _ROOFS, monkeypatch, "tests/fixtures/kb_txt2")
    assert "37.19 × 20% ≈ 7.44 roofs" in out and "46.88 × 20% ≈ 9.38 roofs" in out, out


def test_no_share_no_count_or_a_change_adds_nothing():
    work = ("With the Typical automotive CPL (cost per lead) range of $25–$60 (Based on Knowledge Base [a#0]):\n"
            "- $7,000 ÷ $60 ≈ 117 leads at the top of the Typical range")
    assert chainedrate.same_turn("we have 7,000. how many leads is that", work) == work
    assert chainedrate.same_turn("how many leads if we cut the 7,000 by 10%", work) == work
    assert chainedrate.same_turn("and if we sell to 10% of them how many bikes", "Based on Knowledge Base [a#1]: x.") \
        == "Based on Knowledge Base [a#1]: x."


_SPLIT = "Applied to your figure: $24,000 × 70% = $16,800; $24,000 × 20% = $4,800; $24,000 × 10% = $2,400."
_BEND = [{"id": "a#3", "text": "New brands with little history may run closer to 50/30/20, because almost nothing is "
                               "proven yet."}]


def test_a_new_business_gets_the_kbs_split_for_new_businesses(shipped_engine):
    out = turns(shipped_engine, _ROASTER)[-1][0]
    assert "$24,000 × 50% = $12,000" in out and "$24,000 × 20% = $4,800" in out and "× 70%" not in out, out
    assert "[budget-allocation-pacing#10]" in out, out


def test_the_split_bends_only_for_a_new_business_and_a_split_not_named():
    assert "$24,000 × 30% = $7,200" in splitbend.bent(_SPLIT, ["we only just launched, nothing is proven yet"], _BEND)
    for said in ["I'm new to paid ads myself", "what does a brand new customer cost us", "we're new to tiktok",
                 "we're brand new, the board wants 70 20 10"]:
        assert splitbend.bent(_SPLIT, [said], _BEND) == _SPLIT, said
    assert splitbend.bent(_SPLIT, ["we're brand new"], [{"id": "b#1", "text": "Mature brands may run 80/15/5."}]) == _SPLIT


def test_no_split_is_bent_where_the_kb_states_none(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    out = turns(kb_txt2_engine, ["we're a brand new plumbing firm, nothing proven yet. how should we split 12,000 "
                                 "between search and social"])[-1][0]
    assert "× 50%" not in out and "50/30/20" not in out, out


def test_the_rule_the_last_answer_quoted_is_applied_to_the_count_reported(shipped_engine):
    out = turns(shipped_engine, _PODCAST)[-1][0]
    assert "60 × 2.50 = 150" in out and "[channel-audio#6]" in out, out


def test_the_quoted_rule_is_read_back_from_a_plain_text_kbs_answer(kb_txt2_engine, monkeypatch):
    quoted = ("Based on Knowledge Base [audience_and_dma_reference#1]: Counts are Nielsen estimates. Multiply households "
              "by 2.4 for a rough population figure in these markets.")
    assert worked.last_rule(("how do I get people from households", quoted, [])) == (
        "Based on Knowledge Base [audience_and_dma_reference#1]: Multiply households by 2.4 for a rough population "
        "figure in these markets.")
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    assert "40,000 × 2.40 = 96,000" in turns(kb_txt2_engine, _HOUSEHOLDS)[-1][0]


def test_clicks_asked_of_the_impressions_just_worked(shipped_engine):
    out, calls = turns(shipped_engine, _PIZZA)[-1]
    assert calls == [{"vertical": "cpg", "metric": "CTR"}], calls
    assert "2,000,000 × 0.70% = 14,000 clicks" in out and "4,000,000 × 1.30% = 52,000 clicks" in out, out


def test_clicks_at_the_ctr_of_the_platform_the_impressions_were_priced_on(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")
    out, calls = turns(kb_txt_engine, _GYM)[-1]
    assert calls and calls[0].get("platform") == "Meta" and calls[0].get("metric") == "CTR", calls
    assert "882,352.94 × 1.62% ≈ 14,294 clicks" in out, out
    assert lookup("how many clicks is that", "- $9,000 ÷ $10 × 1,000 = 900,000 impressions", "retail") is None  # no rate asked


_NURSERY = ["we run three plant nurseries. how quickly can money be shifted from one channel to another",
            "search is at $9,000 a month right now. what's the most it could be ten days from now"]
_META_DAILY = ["our daily budget on meta is $1,500 and a weekly check just came in outside its band. what's the most the "
               "daily budget could be two days from now"]
_QUIZ = ["we're two people making a word puzzle app. what does an install usually cost for games",
         "launch budget is $6,000. how many installs at each end",
         "heads up: our installs are coming in 20% above the top of that range. how many installs does the 6k buy now"]


def test_a_span_longer_than_the_window_is_more_than_one_move():
    from agent.offline import stepcap
    rule = "Change daily budgets by no more than 20% at a time and wait 3 days before the next change."
    assert stepcap.lines("our daily budget is $1,500. what's the most it could be two days from now", rule)
    assert stepcap.lines("our daily budget is $1,500. what's the most it could be a week from now", rule) == []


_ROOF_LEADS = ["we're a roofing contractor. what's a typical cost per lead on google ads?",
               "we can spend 4,500 a month. how many leads is that",
               "our leads are running 10% above the top of that range lately. how many leads does the 4,500 get"]


_BOATS = ["we sell boats from a marina lot, what does a lead cost for auto and vehicle dealers usually",
          "we spend 12,000 a month. how many leads is that", "our team closes about 1 in 8 leads. boats sold?",
          "and what does ours come to per boat in the worst case"]
_ROOF_JOBS = ["we're a roof repair company. what's a typical cost per lead on google ads?",
              "we have 7,500 a month, how many leads would that be", "and if 1 in 5 of those becomes a signed job?",
              "so what would each of those jobs have cost us at the pricey end"]


def test_no_cost_of_one_without_a_count_worked_or_with_a_figure():
    from agent.offline import owncost
    worked_out = "- $9,000 ÷ $60 = 150 leads at the top of the Typical range\n- 150 ÷ 10 = 15 trucks"
    assert owncost.work("what does ours come to", ["Based on Knowledge Base [a#1]: no working."]) is None
    assert owncost.work("what does ours come to at $700", [worked_out]) is None
    assert owncost.work("is that a lot?", [worked_out]) is None
    assert owncost.work("and what does ours come to", [worked_out])[-1].startswith("$9,000 ÷ 15 = $600")


_AGENCY = ["we write home and auto insurance out of one office. what does a lead usually cost in financial services?",
           "we pay about $150 a lead and sign 1 in 4 of them. so what does each new client cost us",
           "and at the middle of the usual lead range?"]
_ROOF_MID = ["we're a roofing contractor. what's a typical cost per lead on google ads?",
             "we pay about $130 a lead now and we close 1 in 4 leads. what does each new customer cost us",
             "and at the middle of the normal lead range?"]


_LAWN = ["we run a monthly lawn care plan. clients pay $80 a month and usually stay about 2 years. what's our lifetime "
         "value, and how does it stack up against a $400 cost per client"]
_VET_APP = ["we sell booking software to vet clinics. customers pay 250 a month and stay roughly 3 years. whats our lifetime "
            "value vs a 900 cost per customer, and is that a healthy ratio for b2b software"]


def test_a_monthly_budget_is_no_customers_payment():
    from agent.offline.ownresults import figures
    assert [f.role for f in figures("we spend 12,000 a month on ads")] != ["monthly"]
    assert [f.role for f in figures("each client brings in about $90 a month")] == ["monthly"]


_PAYROLL = ["we sell invoicing software to plumbers and spend 30k a quarter on ads",
            "say 70% of it into search and 30% into social. dollars on each side, and leads on each side at a $100 cost per lead?",
            "cost per lead climbed 20% from that 100. what does that do to leads on each side of the split"]
_ROOF_SPLIT = ["we fix roofs and have 6,000 a month. say we put 70% of it into search and 30% into social. dollars on each "
               "side, and leads on each side at a $110 cost per lead?",
               "our cost per lead went up 10% from that 110. what does that do to the leads on each side"]


def test_a_count_per_month_from_a_quarters_budget_gives_no_cost_of_one():
    from agent.offline import owncost
    monthly = "From the earlier working:\n- $30,000 ÷ $12 × 1,000 × 0.6% × 3% ÷ 3 = 150 conversions a month"
    assert owncost.work("is the cost per member that works out to in line with normal", [monthly]) is None


_SOAP = ["we sell handmade soap online. what's a normal cost per click for ecommerce",
         "we have 10k a month. how many clicks is that", "and what share of shoppers who click typically buy?",
         "ok so purchases from the smaller click number, going by that", "suppose the 10k doubled, how many purchases then"]
_ROOF_HALF = ["we're a roofing contractor. what's a typical cost per lead on google ads?",
              "our budget is 6,000 a month, how many leads would that be", "and if 1 in 6 of those turns into a signed job?",
              "what if the 6k gets halved — how many jobs then"]


_CU = ["i run the ads for a small credit union. what does a thousand ad impressions usually cost for banks",
       "we have 24k for the quarter on display. how many impressions is that",
       "and what share of people usually click on a bank ad", "so clicks from the bigger number, going by that",
       "and new members if 2% of those convert", "per month?",
       "what would we need to spend to hit 500 new members, if everything lands at the worst of those rates",
       "is the cost per member that works out to in line with what banks normally pay for a customer"]
_ROOF_BACK = ["we're a roofing contractor. what's a typical cost per lead on google ads?",
              "our budget is 6,000 a month, how many leads would that be", "and if 20% of those sign, how many jobs is that",
              "what would we need to spend to land 30 jobs at the pricey end", "so what's the cost per job that works out to"]


def test_a_target_is_worked_back_past_a_per_month_answer_on_the_shipped_kb(shipped_engine):
    got = turns(shipped_engine, _CU)
    assert "= 12,000 clicks" in got[4][0], got[4][0]  # the share's working says what each line counts
    assert "500 ÷ 2% ÷ 0.6% ÷ 1,000 × $25 ≈ $104,166.67" in got[-2][0] and "500 × $25 ÷ 1,000" not in got[-2][0], got[-2][0]
    assert "1 ÷ 2% ÷ 0.6% ÷ 1,000 × $25 ≈ $208.33 — your cost per one" in got[-1][0], got[-1][0]


def test_a_target_is_worked_back_at_the_end_named_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    got = turns(kb_txt2_engine, _ROOF_BACK)
    assert "30 ÷ 20% × $121 = $18,150 — the budget for 30 at the top of the range" in got[-2][0] and "$96" not in got[-2][0]
    assert "1 ÷ 20% × $121 = $605 — your cost per one at the top of the range" in got[-1][0], got[-1][0]



# one conversation each, on the shipped KB and on a plain-text KB: what the last answer must show, and must not
_LAST = [
    ('shipped_engine', None, _NURSERY, ['$9,000 × 20% = $1,800', '$9,000 + $1,800 = $10,800'], []),
    ('kb_txt7_engine', 'tests/fixtures/kb_txt7', _META_DAILY, ['$1,500 × 20% = $300', '$1,500 + $300 = $1,800', 'STANDARD W-2 - When'], []),
    ('shipped_engine', None, _QUIZ, ['$5 × (1 + 20%) = $5 × 1.20 = $6', '$6,000 ÷ $6 = 1,000 installs at the new price'], []),
    ('kb_txt2_engine', 'tests/fixtures/kb_txt2', _ROOF_LEADS, ['$121 × (1 + 10%)', 'leads at the new price'], []),
    ('shipped_engine', None, _BOATS, ['$12,000 ÷ 25 = $480 — your cost per boat'], ['÷ 60 ']),
    ('kb_txt2_engine', 'tests/fixtures/kb_txt2', _ROOF_JOBS, ['$7,500 ÷ 12.40 ≈ $605 — your cost per job'], []),
    ('shipped_engine', None, _AGENCY, ['($45 + $110) ÷ 2 = $77.50', '$77.50 ÷ 0.25 = $310', '[benchmarks-financial-services#2]'], []),
    ('kb_txt2_engine', 'tests/fixtures/kb_txt2', _ROOF_MID, ['($96 + $121) ÷ 2 = $108.50', '$108.50 ÷ 0.25 = $434', '[local_services_search_costs#3]'], []),
    ('shipped_engine', None, _VET_APP, ['$250 × 12 × 3 = $9,000 lifetime value', '$9,000 ÷ $900 = 10'], ['$900 ÷ $250']),
    ('kb_txt2_engine', 'tests/fixtures/kb_txt2', _LAWN, ['$80 × 12 × 2 = $1,920 lifetime value', '$1,920 ÷ $400 = 4.80:1'], []),
    ('shipped_engine', None, _PAYROLL, ['$100 × (1 + 20%) = $100 × 1.20 = $120', '$30,000 × 70% ÷ $120 = 175 leads — on search', '$30,000 × 30% ÷ $120 = 75 leads — on social'], []),
    ('kb_txt2_engine', 'tests/fixtures/kb_txt2', _ROOF_SPLIT, ['$6,000 × 70% ÷ $121 ≈ 35 leads — on search (at the new price)'], []),
    ('shipped_engine', None, _SOAP, ['$10,000 × 2 = $20,000 — the budget doubled', '$20,000 ÷ $1.30 × 1.80% ≈ 276.92 purchases', '$20,000 ÷ $0.70 × 3.20% ≈ 914.29 purchases'], []),
    ('kb_txt2_engine', 'tests/fixtures/kb_txt2', _ROOF_HALF, ['$6,000 ÷ 2 = $3,000', '$3,000 ÷ $121 ÷ 6 ≈ 4.13 jobs', '$3,000 ÷ $96 ÷ 6 ≈ 5.21 jobs'], []),
]


def test_the_later_wordings_are_unseen():
    assert_unseen(_NURSERY + _QUIZ + _BOATS + _AGENCY + _VET_APP + _PAYROLL + _SOAP + _CU,
                  _META_DAILY + _ROOF_LEADS + _ROOF_JOBS + _ROOF_MID + _LAWN + _ROOF_SPLIT + _ROOF_HALF + _ROOF_BACK)


@pytest.mark.parametrize("engine,folder,conversation,wants,nots", _LAST)
def test_the_last_answer_works_it(engine, folder, conversation, wants, nots, request, monkeypatch):
    out = answer_on(request.getfixturevalue(engine), conversation, monkeypatch, folder)
    assert all(w in out for w in wants) and not any(n in out for n in nots), out
