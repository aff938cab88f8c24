"""Budget workings in new wording (probe of 2026-11-30, h_calc2; the probe itself is kept outside the repo).

* a result named tersely with the period or the money it is counted over ("installs a week?", "leads per month?",
  "visits from that?") asks how many the budget buys — not the money re-timed (:data:`agent.offline.buyask.BARE`,
  :func:`agent.offline.amounts.per_period`);
* a budget changed through a pronoun ("cut it by a third", "it's trimmed by 20%") or halved with its own words
  between ("chop the monthly budget in half") re-runs the last division; a price that "goes up" of itself stays the
  price's (:mod:`agent.offline.budgetmove`);
* a rate applied to the count just worked out when the pointer comes first ("out of those clicks, how many …") or
  the next stage is asked at a rate ("and sales at a typical conversion rate?") (:mod:`agent.offline.carrycount`);
* selling through one's own site names an online store when no other phrase names the business; the bearer of a
  cost before where it buys ("cost a savings bank in paid search") (:mod:`agent.offline.business`).
Wording of our own, on kb/ and the plain-text fixture KB kb_txt2."""
from __future__ import annotations

from agent.offline.budgetmove import done_to_it, halved
from agent.offline.business import ONLINE_STORE, OMNICHANNEL, business
from agent.offline.buyask import bare
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

PUZZLE = ["mobile puzzle game, $900 a week. installs a week?"]
PESTS = ["pest control firm, 21k a quarter. leads per month?"]


def test_a_result_named_with_its_period_or_money():
    assert_unseen(PUZZLE, PESTS)
    assert bare(parse(PUZZLE[0])).unit == "installs"
    assert bare(parse("cat cafe, 3,000 a quarter — visits from that?")).unit == "visits"
    assert bare(parse("we have 4k a month. impressions now?")).calc.per_thousand
    for text in ("we have 4k a month. thanks?", "20k a month, benchmarks for that?", "leads per month?"):
        assert bare(parse(text)).calc is None, text  # nothing counted, or no budget


def test_a_result_named_with_its_period_on_the_shipped_kb(shipped_engine):
    [(text, calls)] = turns(shipped_engine, PUZZLE)
    assert {"vertical": "gaming", "metric": "CPI"} in calls, calls
    assert "$900 ÷ $5 = 180 installs" in text and "$900 ÷ $2.50 = 360 installs" in text, text


def test_a_result_named_with_its_period_on_a_plain_text_kb(kb_txt2_engine):
    [(text, _)] = turns(kb_txt2_engine, PESTS)
    assert "$21,000 ÷ 3 = $7,000 a month" in text and "$7,000 ÷ $57 ≈ 123 leads" in text, text  # a division, not only the spread


SHOES = ["we sell shoes online. 30k a month, how many customers?"]
VETS = ["veterinary clinic, 6k a month on google. how many clicks?"]


def test_a_change_done_to_it():
    assert done_to_it("what if we cut it by") and done_to_it("what if it's trimmed by") and done_to_it("finance wants it cut by")
    assert not done_to_it("what if it goes up") and not done_to_it("and if it drops by")  # a price moves of itself
    assert halved("chop the monthly budget in half") and halved("cut our media spend in half")
    assert not halved("cut the funnel in half")


def test_a_budget_changed_through_a_pronoun_on_the_shipped_kb(shipped_engine):
    assert_unseen(SHOES + ["what if we cut it by a third?", "chop the monthly budget in half", "what if it goes up 20%?"], VETS)
    (_, _), (third, _) = turns(shipped_engine, SHOES + ["what if we cut it by a third?"])
    assert "≈ $20,000 — the budget after the cut" in third and "$20,000 ÷ $55 ≈ 364 customers" in third, third
    (_, _), (half, _) = turns(shipped_engine, SHOES + ["chop the monthly budget in half"])
    assert "$15,000 ÷ $30 = 500 customers" in half, half
    (_, _), (up, _) = turns(shipped_engine, SHOES + ["what if it goes up 20%?"])
    assert "the new price" in up and "budget after" not in up, up  # "it goes up": the price, as before


def test_a_budget_changed_through_a_pronoun_on_a_plain_text_kb(kb_txt2_engine):
    (_, _), (text, _) = turns(kb_txt2_engine, VETS + ["what if it's trimmed by 20%?"])
    assert "$6,000 × (1 − 20%) = $6,000 × 0.80 = $4,800" in text and "$4,800 ÷ $3.40 ≈ 1,412 clicks" in text, text


CLICKS = ["we sell shoes online. 30k a month, how many clicks?"]
NURSES = ["nursing degree program, 90k a year. how many inquiries?",
          "of those, how many would enroll at the usual inquiry to enrollment rate?"]


def test_a_rate_on_the_count_just_worked_out_on_the_shipped_kb(shipped_engine):
    first = ["out of those clicks, how many would buy at a typical conversion rate?"]
    nxt = ["and sales at a typical conversion rate?"]
    assert_unseen(CLICKS + first + nxt, NURSES)
    for follow in (first, nxt):
        (_, _), (text, calls) = turns(shipped_engine, CLICKS + follow)
        assert {"vertical": "ecommerce", "metric": "CVR"} in calls, calls
        assert "23,076.92 × 1.80% ≈ 415" in text and "42,857.14 × 3.20% ≈ 1,371" in text, text
    (_, _), (text, _) = turns(shipped_engine, CLICKS + nxt)
    assert "415 sales" in text, text  # what was asked, by its name
    (_, _), (rate, _) = turns(shipped_engine, CLICKS + ["what's a typical conversion rate?"])
    assert "×" not in rate, rate  # a rate asked alone is looked up, not applied


def test_a_rate_on_the_count_just_worked_out_on_a_plain_text_kb(kb_txt2_engine):
    (_, _), (text, _) = turns(kb_txt2_engine, NURSES)
    assert "500 × 8% = 40" in text and "600 × 8% = 48" in text, text


def test_who_the_business_is():
    assert business("small tea company, we sell on our own site. 8k a month, customers?").phrase == ONLINE_STORE
    assert getattr(business("we have 3 shops and sell on our website too"), "phrase", None) != ONLINE_STORE  # shops of its own
    assert business("what would a lead cost a roofing contractor in paid search?").phrase == "roofing contractor"
    assert business("what does a click cost a bakery?").phrase == "bakery"
    assert OMNICHANNEL  # (the other reading a web shop with shops of its own gets)


def test_who_the_business_is_on_the_shipped_kb(shipped_engine):
    soap = ["small tea company, we sell on our own site. 9 grand a month on ads, how many new customers?"]
    bank = ["what would one new account holder cost a savings bank in paid search?"]
    assert_unseen(soap, bank)
    [(text, calls)] = turns(shipped_engine, soap)
    assert "$9,000 ÷ $55" in text and "$9,000 ÷ $30 = 300" in text, text
    [(text, calls)] = turns(shipped_engine, bank)
    assert any(c.get("metric") == "CAC" for c in calls) and "$150–$350" in text, (calls, text)


def test_who_the_business_is_on_a_plain_text_kb(kb_txt2_engine):
    [(text, _)] = turns(kb_txt2_engine, ["what does a lead cost a roofing contractor in paid search?"])
    assert "$96-121" in text, text


GAME_WEEKS = ["mobile puzzle game, $900 a week. how many installs over the next 8 weeks?"]
GAME_AFTER = ["mobile puzzle game, $900 a week. installs a week?", "what does that add up to across ten weeks?"]
PESTS_AFTER = PESTS + ["and over the next 6 months?"]
MBA = ["online MBA, 120k for the school year, spread over 10 months. inquiries each month?"]
BANK_YEAR = ["savings bank here. the board approved 600k for next year. how many new customers is that?", "monthly?"]


def test_a_stretch_of_periods():
    from agent.offline import spans
    assert spans.stretch(GAME_WEEKS[0])[:3] == (8, "week", False)
    assert spans.stretch("spread over 10 months, inquiries each month?")[:3] == (10, "month", True)
    assert spans.stretch("how many leads over a year?") is None  # one period: agent.offline.periods spreads it
    assert spans.stretch("over 8 weeks or over 3 months?") is None  # two stretches: which is unsaid
    assert spans.total(GAME_WEEKS[0], 900, "week", None)[0] == 7200
    assert spans.total("how many over 13 weeks?", 3000, "month", None)[0] == 9000  # 13 weeks are 3 months
    assert spans.total("spread over 10 months, inquiries each month?", 120000, "year", "month")[0] == 12000
    assert spans.total(GAME_WEEKS[0], 900, None, None) is None  # the budget's period unknown: no stretch of it


def test_a_stretch_of_periods_on_the_shipped_kb(shipped_engine):
    assert_unseen(GAME_WEEKS + GAME_AFTER + BANK_YEAR, PESTS_AFTER + MBA)
    [(text, _)] = turns(shipped_engine, GAME_WEEKS)
    assert "$900 × 8 = $7,200 over 8 weeks" in text and "$7,200 ÷ $5 = 1,440 installs" in text, text
    (_, _), (text, _) = turns(shipped_engine, GAME_AFTER)
    assert "$900 × 10 = $9,000 over 10 weeks" in text and "$9,000 ÷ $2.50 = 3,600 installs" in text, text
    (_, _), (text, _) = turns(shipped_engine, BANK_YEAR)
    assert "$600,000 ÷ 12 = $50,000 a month" in text and "$50,000 ÷ $150 ≈ 333" in text, text  # "for next year": a year's


def test_a_stretch_of_periods_on_a_plain_text_kb(kb_txt2_engine):
    (_, _), (text, _) = turns(kb_txt2_engine, PESTS_AFTER)
    assert "$21,000 × 2 = $42,000 over 6 months" in text and "$42,000 ÷ $48 = 875 leads" in text, text
    [(text, _)] = turns(kb_txt2_engine, MBA)
    assert "$120,000 ÷ 10 = $12,000 a month" in text and "$12,000 ÷ $240 = 50 inquiries" in text, text


VET_MOVE = VETS + ["what if we shift all of it to microsoft ads?"]
SHOE_MOVE = CLICKS + ["what if we moved the whole budget to bing?"]
VENUE = ["wedding venue on pinterest, 2,000 a month. how many clicks?", "and impressions for that?"]


def test_a_working_moved_to_another_platform_on_the_shipped_kb(shipped_engine):
    assert_unseen(SHOE_MOVE, VET_MOVE + VENUE)
    (_, _), (text, calls) = turns(shipped_engine, SHOE_MOVE)
    assert any(c.get("platform") for c in calls) and "÷" in text, (calls, text)  # the same working, asked of that platform


def test_a_working_moved_to_another_platform_on_a_plain_text_kb(kb_txt2_engine):
    (_, _), (text, _) = turns(kb_txt2_engine, VET_MOVE)
    assert "$6,000 ÷ $2.55 ≈ 2,353 clicks" in text and "Microsoft Advertising 2025" in text, text


def test_a_counted_unit_is_no_platform(kb_txt2_engine):
    from agent.offline.platformslot import unknown_platform
    assert unknown_platform("and views?", "wedding venue on pinterest, how many clicks?", True) is None
    assert unknown_platform("and quora?", "what's the cpc on linkedin?", True) == "quora"  # an unknown platform still is one
    (_, _), (text, calls) = turns(kb_txt2_engine, VENUE)
    assert not any(c.get("platform") == "impressions" for c in calls), calls
    assert "$2,000 ÷ $9.40 × 1,000 ≈ 212,766 impressions" in text, text


DEALER = ["car dealership, 15k a month. how many clicks?"]
SELL = DEALER + ["what budget do we need to sell 25 vehicles a month?"]
YEAR_OF_LEADS = DEALER + ["say we want 300 leads every month for a year, what's the total budget?"]
PEST_TARGET = ["pest control company. how much for 80 leads a month over the next 6 months?"]


def test_a_target_backwards_on_the_shipped_kb(shipped_engine):
    assert_unseen(SELL + YEAR_OF_LEADS, PEST_TARGET)
    (_, _), (text, calls) = turns(shipped_engine, SELL)
    assert {"vertical": "automotive", "metric": "CAC"} in calls, calls  # a sale is a buyer won, not the last turn's click
    assert "25 × $700 = $17,500" in text and "25 × $350 = $8,750" in text, text
    (_, _), (text, _) = turns(shipped_engine, YEAR_OF_LEADS)
    assert "300 × 12 = 3,600" in text and "3,600 × $60 = $216,000" in text and "3,600 × $25 = $90,000" in text, text


def test_a_target_backwards_on_a_plain_text_kb(kb_txt2_engine):
    [(text, _)] = turns(kb_txt2_engine, PEST_TARGET)
    assert "80 × 6 = 480" in text and "480 × $57 = $27,360" in text and "480 × $48 = $23,040" in text, text


def test_a_result_named_after_a_budget_moved_without_a_figure(shipped_engine, kb_txt2_engine):
    tripled, doubled = CLICKS + ["we'll triple it for june. customers that month?"], VETS + ["let's double it next month. leads that month?"]
    assert_unseen(tripled, doubled)
    (_, _), (text, calls) = turns(shipped_engine, tripled)
    assert {"vertical": "ecommerce", "metric": "CAC"} in calls, calls  # the result named now, not the last working's clicks
    assert "$30,000 × 3 = $90,000" in text and "$90,000 ÷ $55 ≈ 1,636 customers" in text, text
    (_, _), (text, _) = turns(kb_txt2_engine, doubled)
    assert "$6,000 × 2 = $12,000" in text and "$12,000 ÷ $27 ≈ 444 leads" in text, text
    assert bare(parse("let's double the budget. installs?")).calc is not None  # moved, no figure: still the budget's
    assert bare(parse("customers that month?")).calc is None  # no budget said or moved


def test_a_count_of_several_words_on_a_plain_text_kb(kb_txt3_engine):
    tours = ["wedding venue, 4k a month. how many tours booked?", "of those, how many sign a contract at the tour-to-contract rate?"]
    assert_unseen(tours)
    (_, _), (text, _) = turns(kb_txt3_engine, tours)
    assert "44.44 × 28% ≈ 12" in text and "61.54 × 28% ≈ 17" in text, text  # "tours booked": found by its noun


LANGUAGE = ["language school. we have 20k for the quarter. how many enquirers (leads) will that bring?"]
ROOFER = ["roofing company. 8k a month. how many prospects (leads) is that?"]


def test_a_business_said_first_and_a_bracketed_gloss():
    from agent.offline.buyask import renamed
    assert_unseen(LANGUAGE, ROOFER)
    assert business("evening coding bootcamp. we've set aside 60k for the quarter.").phrase == "evening coding bootcamp"
    assert business("roofing company. 8k a month.").phrase
    assert business("thanks. we have 10k, how many leads?") is None  # a word of talk names no business
    assert renamed(parse("how many applicants (leads) would 9k get?")).unit == "leads"
    assert renamed(parse("how many leads (roughly) would 9k get?")).unit == "leads"  # no priced gloss: as said


def test_a_business_said_first_and_a_bracketed_gloss_on_both_kbs(shipped_engine, kb_txt2_engine):
    (school, calls), (roofer, _) = turns(shipped_engine, LANGUAGE)[0], turns(kb_txt2_engine, ROOFER)[0]
    assert {"vertical": "language school", "metric": "CPL"} in calls, calls  # kb/: the sentence names the business
    assert "$20,000 ÷ $85 ≈ 235 leads" in school and "$20,000 ÷ $35 ≈ 571 leads" in school, school
    assert "$8,000 ÷ $121 ≈ 66 leads" in roofer and "$8,000 ÷ $96 ≈ 83 leads" in roofer, roofer  # kb_txt2


def test_reach_at_a_frequency_after_impressions(shipped_engine, kb_txt2_engine):
    game = ["mobile puzzle game, $900 a week. how many impressions?",
            "if the average person is shown it 3 times, how many individuals does that reach?"]
    venue = ["wedding venue on pinterest, 2,000 a month. how many impressions?", "say each viewer sees it 4 times — how many people is that?"]
    assert_unseen(game, venue)
    (_, _), (text, _) = turns(shipped_engine, game)
    assert "56,250.0 ÷ 3 = 18,750 people reached" in text and "112,500.0 ÷ 3 = 37,500 people reached" in text, text
    assert text.startswith("With the Typical gaming CPM"), text  # the cited prices the impressions were worked at
    (_, _), (text, _) = turns(kb_txt2_engine, venue)
    assert "212,765.96 ÷ 4 ≈ 53,191 people reached" in text, text


def test_a_split_between_two_names(shipped_engine, kb_txt2_engine):
    from agent.offline.budgetshare import part
    dental = ["dental clinic group. 30k a month, split 70/30 between search and social. how many leads does the search part buy?"]
    pests = ["pest control company. 10k a month split 80/20 between google and microsoft. how many leads from the google share?"]
    assert_unseen(dental, pests)
    assert part(dental[0]) == (0.7, "search")
    assert part("split 70/30 between search and social. what about the video part?") is None  # a part never named
    assert part("a 60/30 split between search and social, the search part?") is None  # shares that are not the whole
    [(text, _)] = turns(shipped_engine, dental)
    assert "$30,000 × 70% = $21,000 — the search share" in text and "$21,000 ÷ $40 = 525 leads" in text, text
    [(text, _)] = turns(kb_txt2_engine, pests)
    assert "$10,000 × 80% = $8,000 — the google share" in text and "$8,000 ÷ $48 ≈ 167 leads" in text, text


def test_a_budget_spread_without_its_figure_and_a_comparison(shipped_engine, kb_txt2_engine):
    bank = BANK_YEAR[:1] + ["spread evenly over 10 months, new customers each month?"]
    hotel = SHOES + ["for comparison, how many customers would a hotel get with the same 30k?"]
    college = ["we run a community college program. 90k for the school year. how many inquiries?",
               "spread evenly over 9 months, inquiries each month?",
               "for comparison, how many inquiries would a nursing program get with the same 90k?"]
    assert_unseen(bank, hotel, college)
    (_, _), (text, _) = turns(shipped_engine, bank)
    assert "$600,000 ÷ 10 = $60,000 a month" in text and "$60,000 ÷ $150 = 400 new customers" in text, text
    (_, _), (text, calls) = turns(shipped_engine, hotel)
    assert {"vertical": "travel", "metric": "CAC"} in calls or "travel CAC" in text, (calls, text)  # "comparison" is no business
    assert "$30,000 ÷ $40 = 750 customers" in text, text
    (_, _), (spread, _), (nursing, _) = turns(kb_txt2_engine, college)
    assert "$90,000 ÷ 9 = $10,000 a month" in spread and "$10,000 ÷ $38 ≈ 263 inquiries" in spread, spread
    assert "$90,000 ÷ $150 = 600 inquiries" in nursing, nursing
    assert getattr(business("for comparison, what would a bakery pay per click?"), "phrase", None) == "bakery"


def test_a_result_named_with_the_amount_it_comes_from(shipped_engine, kb_txt2_engine):
    game, vets = ["mobile game. installs for 20k?"], VETS + ["what about microsoft ads — clicks for that 6k?"]
    assert_unseen(game, vets)
    assert bare(parse(game[0])).unit == "installs"
    [(text, _)] = turns(shipped_engine, game)
    assert "$20,000 ÷ $5 = 4,000 installs" in text, text
    (_, _), (text, _) = turns(kb_txt2_engine, vets)
    assert "$6,000 ÷ $2.55 ≈ 2,353 clicks" in text and "Microsoft Advertising 2025" in text, text
