"""Look-ups and workings asked in forms the rules missed, in wording of our own (none of it in any set): the business
said as the message's opening noun phrase ("orthodontic practice, running …"); goods joined by "+"; "our" of another
sentence owning no figure; the span a count is asked over ("across the whole year"), a budget said again or replaced
keeping its period; a follow-up after a working that swaps only the counted unit or only the business. Checked on the
shipped KB and on the plain-text fixture KB kb_txt2 (a KB written in other words)."""
from __future__ import annotations

import re
from types import SimpleNamespace

from agent.offline import business, periods, shortforms
from tests.offline_turns import turns
from tests.test_offline_described_audience import _seen

OPENING = "orthodontic practice, running search ads for new braces consults. what's a normal cost per lead?"
SOAP = ["we sell beeswax wraps + reusable bags through our own site. what's normal to pay for one new customer?",
        "how many of those would 6k a month bring in?", "ok, and across the whole year at that spend?",
        "and clicks on that same spend"]
SWAP = ["how many paying customers does 20k a month get a b2b software company?", "and for a university"]
KT2 = ["termite and pest control firm in st louis. how many leads does 4k a month buy from google?",
       "and booked calls, same spend"]


def test_own_wording_is_not_in_the_seen_sets():
    seen = _seen()
    assert not [t for t in [OPENING, *SOAP, *SWAP, *KT2] if t.lower() in seen]


def test_a_plus_between_words_is_and():
    assert shortforms.expand("candles + soaps") == "candles and soaps"
    assert shortforms.expand("search+social") == "search and social"
    assert shortforms.expand("$5K+ budgets") == "$5K+ budgets"   # after a figure: "or more"
    assert shortforms.expand("3 + 4") == "3 + 4"


def test_the_opening_noun_phrase_names_the_business():
    assert business.business(OPENING).phrase == "orthodontic practice"
    assert business.business("garden centre chain, 6 sites. what's a typical cac?").phrase == "garden centre chain"
    assert business.business("quick question, looking at tiktok for our bakery").phrase == "bakery"  # talk, not a business
    assert business.business("thanks, looking good") is None


def test_the_span_a_count_is_asked_over():
    assert periods.asked("over the whole year at 30k a month, how many sign-ups?") == "year"
    assert periods.asked("and across a full quarter?") == "quarter"
    assert periods.asked("we have 50k for the year, how many leads?") is None      # the budget's own period
    assert periods.asked("how many of them would 8k a month get us?") is None      # the 8k's month, not the count's
    assert periods.asked("how many trials a quarter?") == "quarter"
    assert periods.asked("and trials per week from that", "trials") == "week"
    mem = SimpleNamespace(budget_period="month", facts={"budget": 12000.0})
    assert periods.again(20000.0, mem) == "month"   # "12k a month … what if we go to 20k"
    assert periods.again(20000.0, SimpleNamespace(budget_period=None, facts={})) is None


def _lines(answer: str) -> list[str]:
    return [line for line in answer.splitlines() if line.startswith("- ")]


def test_spans_swaps_and_our_of_another_sentence_on_the_shipped_kb(shipped_engine):
    (a0, _), (a1, _), (a2, _), (a3, c3) = turns(shipped_engine, SOAP)
    assert "$30–$55" in a0 and "?" not in a0.splitlines()[0]             # the range, not "what is your CAC?"
    assert "$6,000 ÷ $30 = 200" in a1
    assert "$6,000 × 12 = $72,000 a year" in a2 and "$72,000 ÷ $30 = 2,400" in a2
    assert any(i.get("metric") == "CPC" for i in c3) and re.search(r"÷ \$0\.70 ≈ [\d,]+ clicks", a3)
    (_, _), (b1, calls) = turns(shipped_engine, SWAP)
    assert calls[0].get("metric") == "CAC" and "$250–$600" in b1 and "$20,000 ÷ $250 = 80" in b1
    (o0, c0), = turns(shipped_engine, [OPENING])
    assert "$40–$90" in o0   # the practice's healthcare CPL, not a look-up for "new braces consults"


def test_a_kbs_own_unit_swapped_in_on_a_plain_text_kb(kb_txt2_engine):
    (a0, _), (a1, calls) = turns(kb_txt2_engine, KT2)
    assert "$4,000 ÷ $48" in a0
    assert calls and calls[0].get("metric") == "cost per booked call" and "$4,000 ÷ $88" in a1


PAIR = "i handle two accounts, a telehealth startup and a brick-and-mortar retailer — what's the cpc for each?"
PAST = ["we're an edtech company. what does one enrolled student cost us?", "and what was that back in 2020? just curious"]
PUSH = ["we're a packaged snacks brand. what does a completed video view cost?",
        "we've set aside $120k for a summer push, how many completed views is that?"]
REDO = ["we're a small edtech outfit. what does an enrolled student cost?",
        "our budget is ninety thousand a quarter — how many enrollments a month does that buy?",
        "finance trimmed it to 60k a quarter, redo it"]
KT2_PAIR = "i look after two accounts, a roofing outfit and a moving company. google cpc for each?"


def test_more_own_wording_is_not_in_the_seen_sets():
    seen = _seen()
    assert not [t for t in [PAIR, *PAST, *PUSH, *REDO, KT2_PAIR] if t.lower() in seen]


def test_a_pair_of_businesses_asked_for_each(shipped_engine):
    (a0, calls), = turns(shipped_engine, [PAIR])
    assert len([c for c in calls if c.get("metric") == "CPC"]) == 2   # one look-up each, in the user's own words
    assert "$1.80–$4.00" in a0 and "$0.50–$1.10" in a0   # healthcare's and retail's CPC


def test_a_pair_of_businesses_on_a_plain_text_kb(kb_txt2_engine):
    (a0, calls), = turns(kb_txt2_engine, [KT2_PAIR])
    assert "$5.90-6.70" in a0 and "$3.70-4.30" in a0 and "not roofing" not in a0


def test_the_last_figure_asked_for_a_year_gone_by(shipped_engine):
    (_, _), (a1, _) = turns(shipped_engine, PAST)
    assert "$250–$600" in a1 and "no figures for 2020" in a1


def test_money_for_a_push_and_a_redo_per_month(shipped_engine):
    (_, _), (a1, _) = turns(shipped_engine, PUSH)
    assert "$120,000 ÷ $0.02 = 6,000,000" in a1   # the push's budget over the price of a view
    *_, (a2, _) = turns(shipped_engine, REDO)
    assert "$60,000 ÷ 3 = $20,000 a month" in a2 and "$20,000 ÷ $250 = 80" in a2


SPLIT = "we're an online shoe store with $50k a month: 70% to google and 30% to tiktok. how many clicks does the google share buy?"


def test_a_budget_split_by_name_divides_the_named_share(shipped_engine):
    from agent.offline import budgetshare
    assert budgetshare.part("30k: 70% on search and 30% on social. how many leads from the search part?") == (0.7, "search")
    assert budgetshare.part("30k, 70% on search. how many leads from the search part?") is None   # no split of two
    assert budgetshare.part("70% on search and 30% on social, how many leads?") is None            # no part named
    assert SPLIT.lower() not in _seen()
    (a0, _), = turns(shipped_engine, [SPLIT])
    assert "$50,000 × 70% = $35,000" in a0 and "$35,000 ÷ $0.70 = 50,000" in a0


ACTION = ["we're a fintech lender. what do we usually pay to get a person to apply?", "and getting them funded and active?"]
ACTION_KT2 = "we run a nursing degree program. how much does it cost to get someone to ask about enrolling?"


def test_the_price_of_getting_a_person_to_act():
    from agent.offline.actionprice import phrase
    assert phrase("how much does it cost to get someone to sign up on pinterest?") == "cost per sign-up"
    assert phrase("what would we pay to get a shopper to check out?") == "cost per purchase"
    assert phrase("how much to get folks to request a callback?") == "cost per inquiry"
    assert phrase("what does it take to get people to care?") is None            # no price asked
    assert phrase("what do we need to do to get users to click?") is None        # a how-to, not a price
    assert phrase("it costs us a lot to get them to buy") is None                # a statement


def test_an_action_priced_on_the_shipped_kb(shipped_engine):
    assert not [t for t in ACTION if t.lower() in _seen()]
    (a0, c0), = turns(shipped_engine, ACTION[:1])
    assert c0 and c0[0].get("metric") == "cost per application" and "$60–$140" in a0   # financial services' CPA


def test_an_action_priced_on_a_plain_text_kb(kb_txt2_engine):
    assert ACTION_KT2.lower() not in _seen()
    (a0, c0), = turns(kb_txt2_engine, [ACTION_KT2])
    assert c0 and c0[0].get("metric") == "cost per inquiry" and "$150-180" in a0   # the KB's own cost per inquiry


GENERAL = ["what's a normal cost per lead for a law firm?", "ok, forget that. what does a click cost on tiktok in general?"]


def test_a_figure_asked_in_general_drops_the_declined_business(shipped_engine):
    from agent.offline import declined
    mem = SimpleNamespace(vertical=None, business="legal services")
    assert declined.remembered("what does a click cost on tiktok in general?", mem) is None
    assert declined.remembered("and on tiktok?", mem) == "legal services"
    assert not [t for t in GENERAL if t.lower() in _seen()]
    (_, _), (a1, calls) = turns(shipped_engine, GENERAL)
    assert not [c for c in calls if c.get("vertical")] and "$0.40–$1.50" in a1   # TikTok's CPC, no law firm's


def test_what_a_unit_is_going_for(shipped_engine):
    assert "we're a saas shop. what's a lead going for right now?" not in _seen()
    (a0, calls), = turns(shipped_engine, ["we're a saas shop. what's a lead going for right now?"])
    assert calls and calls[0].get("metric") == "CPL" and "$80–$180" in a0
