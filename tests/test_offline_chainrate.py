"""A funnel chained across turns (agent/offline/chainrate): a rate said tersely — the user's ("1 in 6", "a third
of those"), or the KB's rate quoted by a later answer ("going by that") — applied to the count an earlier answer
worked out, at the end the user names. Own wording, on the shipped KB and a plain-text KB; the module's pure reading
is checked on made-up answers so these tests stay fast."""
from __future__ import annotations

from agent.offline.chainrate import lookup, work
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_CLICKS = ("With the Typical ecommerce CPC (cost per click) range of $0.70–$1.30 (Based on Knowledge Base "
           "[benchmarks-ecommerce#0]):\n- $9,000 ÷ $1.30 ≈ 6,923 clicks at the top of the Typical range\n"
           "- $9,000 ÷ $0.70 ≈ 12,857 clicks at the bottom of the Typical range")
_CVR = ("Based on Knowledge Base [benchmarks-ecommerce#5], the Typical ecommerce CVR (conversion rate) range is "
        "1.8%–3.2%, with 0.9% at the Low end.")
_KB = ["we run an online shop selling candles. what's a typical cost per click for ecommerce?",
       "we have 9k a month. how many clicks does that buy", "and what share of shoppers who click typically buy?",
       "ok so purchases from the bigger click number, going by that"]
_TXT = ["we're a roofing contractor. what's a typical cost per lead on google ads?",
        "our budget is 6,000 a month, how many leads would that be", "and if 1 in 6 of those turns into a signed job?"]
_OWN = ["ok and purchases off the lower click figure at that rate", "and if a third of those actually check out?",
        "if 2 out of 25 of them become members, how many members", "and if roughly half of them reply?",
        "what about the cheap end then", "what if we cut that by 10%?"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_KB + _OWN, _TXT)


def test_the_kb_rate_quoted_later_applies_to_the_end_named():
    out = work(_OWN[0], [_CLICKS, _CVR])
    assert "6,923.08 clicks" in out and "× 1.8% ≈ 125 purchases" in out and "12,857" not in out, out
    assert "[benchmarks-ecommerce#5]" in out and "[benchmarks-ecommerce#0]" in out


def test_a_share_said_in_words_applies_to_each_end():
    out = work(_OWN[1], [_CLICKS, _CVR])
    assert "÷ 3 ≈ 2,308 that check out" in out and "÷ 3 ≈ 4,286" in out, out
    assert "× 2 ÷ 25 ≈ 554 members" in work(_OWN[2], [_CLICKS, _CVR])
    assert "÷ 2 ≈ 3,462" in work(_OWN[3], [_CLICKS, "Based on Knowledge Base [x#1]: a rule."])


def test_no_rate_or_a_change_is_no_chain():
    assert work(_OWN[4], [_CLICKS, _CVR]) is None
    assert work(_OWN[5], [_CLICKS]) is None
    assert work("and if 3% of those buy?", [_CLICKS]) is None  # a percentage on the last working: carryrate's


def test_purchases_from_the_bigger_click_number_on_the_shipped_kb(shipped_engine):
    out, calls = turns(shipped_engine, _KB)[-1]
    assert "12,857.14 × 1.8% ≈ 231 purchases" in out and "× 3.2% ≈ 411 purchases" in out and not calls, out


def test_one_in_six_leads_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    out = turns(kb_txt2_engine, _TXT)[-1][0]
    assert "49.59 ÷ 6 ≈ 8 signed jobs" in out and "62.50 ÷ 6 ≈ 10 signed jobs" in out, out


def test_the_counted_unit_named_takes_every_end_worked_lately():
    cheap = ("With the Typical automotive CPL (cost per lead) range of $25–$60 (Based on Knowledge Base [a#0]):\n"
             "- $9,000 ÷ $25 = 360 leads at the bottom of the Typical range")
    both = cheap.replace("- $9", "- $9,000 ÷ $60 = 150 leads at the top of the Typical range\n- $9", 1)
    rule = "Based on Knowledge Base [a#1]: a rule."  # a turn between: the count is no longer the last answer's
    out = work("our reps win maybe 1 in 12 leads. cars sold?", [both, cheap, rule])
    assert "150 ÷ 12 ≈ 12 cars" in out and "360 ÷ 12 = 30 cars" in out, out
    assert "150" not in work("and if 1 in 12 of those buy?", [both, cheap, rule])


_ASKS_RATE = ["we sell accounting software to dentists. what's a typical cost per click for saas?",
              "we have 15 grand for search this quarter. how many clicks is that",
              "and how many of those would usually buy, what's the normal rate for saas"]


def test_the_usual_rate_asked_after_a_working_is_looked_up_and_applied(shipped_engine):
    assert_unseen(_ASKS_RATE, [])
    out, calls = turns(shipped_engine, _ASKS_RATE)[-1]
    assert {"vertical": "saas", "metric": "CVR"} in calls, calls
    assert "4,285.71 × 2.50% ≈ 107" in out and "[benchmarks-saas#0]" in out, out


def test_the_rate_of_seen_ads_is_the_click_through_rate():
    seen = "With x:\n- $5,000 ÷ $8 × 1,000 = 625,000 impressions at the top of the Typical range"
    assert lookup("so how many clicks would those get, what's the usual share that click", seen, "cpg") == (
        "get_benchmark", {"vertical": "cpg", "metric": "CTR"})
    assert lookup("what's the usual rate for cpg", seen, "cpg") is None  # nothing pointed back at


def test_a_change_a_price_or_a_share_of_no_count_is_no_chain():
    quoted = "Based on Knowledge Base [b#0], the Typical gaming CVR (conversion rate) range is 20%–35%."
    for said in ["prices jumped 30% over two months. what do we pay now?", "finance wants a 15% trim. how is that done?",
                 "and at an eight dollar cpm what would those cost", "about 12% of the budget is left with a week to go",
                 "what sample does a test need before we start it?", "say we want half of the denver ones twice each"]:
        assert work(said, [_CLICKS, quoted]) is None, said


def test_clicks_of_the_impressions_worked_at_the_click_through_rate_quoted_since():
    seen = ("With the Typical cpg CPM (cost per thousand impressions) range of $5–$10 (Based on Knowledge Base [c#0]):\n"
            "- $8,000 ÷ $10 × 1,000 = 800,000 impressions at the top of the Typical range\n"
            "- $8,000 ÷ $5 × 1,000 = 1,600,000 impressions at the bottom of the Typical range")
    ctr = "Based on Knowledge Base [c#1], the Typical cpg CTR (click-through rate) range is 0.7%–1.3%, with 0.3% at the Low end."
    asked = ["right, and the clicks off the lower figure?", "so clicks then, roughly?"]
    assert_unseen(asked, [])
    out = work(asked[0], [seen, ctr])
    assert "800,000 × 0.7% = 5,600 clicks" in out and "800,000 × 1.3% = 10,400 clicks" in out and "1,600,000" not in out, out
    assert work(asked[1], [seen]) is None  # no click-through rate quoted since: nothing to apply


def test_a_users_share_of_a_funnel_chain_takes_its_last_step():
    from agent.offline.carryrate import work as share
    chain = ("Counted with x:\n- $8,000 ÷ $10 × 1,000 = 800,000 impressions at the top of the Typical range\n"
             "- 800,000 × 0.7% = 5,600 clicks\n- 800,000 × 1.3% = 10,400 clicks")
    lines, _ = share("and if 4% of those buy, how many?", chain)
    assert lines == ["$8,000 ÷ $10 × 1,000 × 0.7% = 5,600 clicks", "5,600 × 4% = 224 conversions",  # what each counts
                     "$8,000 ÷ $10 × 1,000 × 1.3% = 10,400 clicks", "10,400 × 4% = 416 conversions"], lines
