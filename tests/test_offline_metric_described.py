"""A benchmark metric described by what is paid for, not named, in this file's own wording
(``tests/unseen_wording.py``): the parser reads the price of the described unit (and keeps the
description out of the business slot), and the benchmark tool resolves the unit by what the KB says
each metric counts (:mod:`mpa.counted`) — on ``kb/``, on ``tests/fixtures/kb_txt``, ``kb_txt2`` and
``tests/fixtures/kb_alt`` — while a unit no metric counts is still declined. What a KB says the unit of its own
"cost per <unit>" metric is (:mod:`mpa.unitmeant`: "A booked call is a lead that ended with an appointment, an
inspection or a consultation …"; a glossary line for "Approved application"), the stop list's nouns that name a
counted thing ("call", "fill", :data:`mpa.counted.STOP_NOUNS`), the last word of a unit naming a metric only when
the vertical's note names a thing near the whole unit, the price forms of a described action ("per … sign-up",
"each applicant our underwriters approve", "what does it take to sell one car") and a KB's own step-to-step rate
asked as a share (:mod:`agent.offline.ownrate`) are read the same way."""
from __future__ import annotations

import pytest

from agent.offline.parse import parse
from mpa import counted
from mpa.fact_lookups import find_benchmarks
from tests.offline_turns import offline_conversation
from tests.unseen_wording import assert_unseen

PRICED = {  # message → the "cost per <unit>" phrase the parser hands the benchmark tool
    "for our dental practices, what's a fair price for each contact form people send us?": "cost per contact form",
    "hotel chain. what do we usually pay in media for each stay booked?": "cost per stay booked",
    "how much do we normally spend in media to get one showroom appointment booked?": "cost per showroom appointment booked",
    "and what about a person who only requests a printed prospectus?": "cost per printed prospectus request",
    "what about people merely requesting a callback?": "cost per callback request",
    "For our hotel, what's a typical cost for one direct booking?": "cost per direct booking",
    "We sell sofas online. what do we normally pay for each order placed through our ads?": "cost per order placed",
    "we're a small law practice. what does one first meeting with a prospective client usually cost us in ads?":
        "cost per meeting",
    # a person doing something to a thing: the thing done is the unit (a verb naming a metric's unit is the metric's)
    "for a dental clinic, what do we pay for each person who fills in our contact form?": "cost per contact form fill",
    "for a software firm, what do we usually pay per visitor who asks for a quote?": "cost per quote request",
    "for a dental clinic, what do we pay for each person who books a checkup?": "cost per checkup book",
    # a new buyer that only qualifies the thing priced is no new customer priced
    "for a tutoring firm, what's the typical cost of one new client enquiry form?": "cost per client enquiry",
    "for a game studio, what should each download of our app cost?": "cost per download",  # not "per app"
    # a described action priced: a call, a form fill, a sign-up; what is done to it; the spend it takes to make it happen
    "for a plumber, what does each inbound call cost us?": "cost per inbound call",
    "dentist here: what does every web form fill run us?": "cost per web form fill",
    "for a college, how much per seminar sign-up?": "cost per seminar sign-up",
    "credit union: what's the cost of each person who signs up for our savings newsletter?":
        "cost per savings newsletter sign-up",
    "for a lender, what do we pay on linkedin ads for each applicant our underwriters approve?": "cost per applicant",
    "roughly how much media does it take a dealership to sell a single truck?": "cost per truck sold",
    "what would it take in ads to get one viewing booked for an estate agent?": "cost per viewing booked",
    # an expense per unit is a price
    "We're a community college. What's the usual expense per enrollment inquiry?": "cost per enrollment inquiry",
}
NOT_NAMED = [
    "how long should our video ad be so people watch to the end?",   # no price asked
    "we run ads to reach every new customer",                         # no price of a new customer
    "of the people who click, how many are on mobile?",               # a share of clickers, but no conversion
    "what do we pay for a while",                                     # no unit
    "we have people who never bought — how do we reach them?",        # an audience reached, not a price
    "and someone requesting it?",                                     # a pronoun is no unit
    "how many times should we show the ad to each household?",         # times, but nothing repaid
    "what's the rate at which our budget is spent?",                  # a rate, but of money, not of people
]
BUSINESS_KEPT = {  # the payer beside a description is still the business; the description is none
    "for a juice brand, what should we pay for a streaming clip that viewers sit through to the end?": "juice",
    "how much do we normally spend in media to get one showroom appointment booked?": None,
    "what's the price for a clip people watch to the end?": None,
    "ads for a couple of vets - what's a normal CPC?": "vets",          # a group's members are the business
    "we're planning for a couple of weeks": None,
    "what is the normal cost for a skincare brand each time someone watches our whole video?": "skincare",
}
SHIPPED = [  # (vertical, described unit, metric) on kb/: by the vertical's note, its cell, the glossary, meaning
    ("automotive", "cost per showroom appointment booked", "CPA"),
    ("financial-services", "cost per completed loan application", "CPA"),  # not CPCV for sharing "completed"
    ("healthcare", "cost per contact form", "CPL"),
    ("saas", "cost per inbound contact form", "CPL"),
    ("education", "cost per finished application", "CPA"),
    ("education", "cost per prospectus request", "CPL"),
    ("gaming", "cost per paying player", "CAC"),
    ("cpg", "cost per sample requested", "CPA"),
    ("healthcare", "cost per contact form fill", "CPL"),   # the glossary's lead: "a form fill"
    ("healthcare", "cost per checkup book", "CPA"),        # healthcare CPA counts booked appointments
]
SHIPPED_DECLINED = [("saas", "cost per banana"), ("healthcare", "cost per car"), ("healthcare", "cost per parking space"),
                    ("travel", "cost per finished video view")]  # travel has no CPCV row: no other metric stands in
TXT = [("solar installers", "cost per enquiry form", "CPL"), ("senior living", "cost per brochure request", "CPL"),
       # CPA's definition counts "conversions, where a conversion is …": the KB's own sentence on what a conversion means
       ("dental practices", "cost per booked appointment", "CPA"), ("dental practices", "cost per submitted form", "CPA")]
TXT_DECLINED = [("solar installers", "cost per banana"), ("solar installers", "cost per signed contract")]
TXT2 = [  # kb_txt2: what its text says the unit of its own "cost per <unit>" metric is, or its glossary line
    ("Roofing Contractors", "cost per booked roof inspection", "cost per booked call"),  # "A booked call is … an inspection"
    ("Credit Cards", "cost per approved applicant", "cost per approved application"),  # its glossary line
    ("SaaS (Mid-Market Tier)", "cost per demo", "cost per demo request"),  # the one own name saying the word
]
TXT2_DECLINED = [("Roofing Contractors", "cost per signed roofing contract"), ("Veterinary Clinics", "cost per five-star review"),
                 ("Dog Grooming", "cost per booked grooming slot")]  # the business has a click price only
ALT = [("boutique hotels", "cost per stay booked", "CPB"),
       ("grooming salons", "cost per enquiry", "CPL"), ("grooming salons", "cost per appointment booked", "CPB"),
       ("legal services", "cost per sit-down meeting", "cost per consultation"), ("legal services", "cost per enquiry", "CPL")]
MEANT = [  # no word of the unit is the KB's: the counted item nearest by meaning, with the encoder on
    ("kb", "travel", "cost per room reservation", "CPA"), ("kb_alt", "boutique hotels", "cost per reservation", "CPB")]
ALT_DECLINED = [("boutique hotels", "cost per enquiry"),  # hotels have no lead figure there: declined, not CPB
                ("boutique hotels", "cost per banana")]
SHIPPED_NEAR = [  # kb/ with the encoder on: the vertical's note names a thing near the whole unit, with a margin
    ("saas", "cost per webinar sign-up", "CPL"),  # its CPL cell says webinars; only the general CPA definition says sign-up
    ("automotive", "cost per car sold", "CAC"),  # "vehicles sold to buyers": near by meaning
    ("healthcare", "cost per dental booking", "CPA"),  # "booked appointments"
    ("automotive", "cost per windscreen repair booking", None),  # its CPA counts "a booked test drive": far by meaning
]
ASKED_TXT2 = [  # message → a figure the answer states, and one it must not state
    ("pest control firm here. what does each tracked call from google cost us?", "$48-57", "$88-104"),
    ("for credit cards on tiktok, what's the going rate per six-second view?", "$0.041-0.049", "$11.40"),
    ("for undergraduate admissions, what percentage of inquiries go on to enroll?", "3.0-3.6%", "CVR"),
]


def test_wording_is_own():
    assert_unseen(list(PRICED), NOT_NAMED, list(BUSINESS_KEPT), CONVERSATION, [m for m, _, _ in ASKED_TXT2],
                  [m for _, m, _ in SHIPPED + TXT + TXT2 + ALT + SHIPPED_NEAR] + [m for _, _, m, _ in MEANT],
                  [m for _, m in SHIPPED_DECLINED + TXT_DECLINED + TXT2_DECLINED + ALT_DECLINED])


@pytest.mark.parametrize("text,phrase", PRICED.items())
def test_a_described_unit_is_priced(text, phrase):
    assert parse(text).metric_phrases == [phrase]


def test_a_range_of_things_with_a_budget_is_a_count_and_without_one_is_not():
    p = parse("my manager approved 30 grand for this. what's the range of demo requests we can expect?")
    assert p.asks_count and p.unit == "demo requests" and p.calc is not None
    p = parse("what's the range of prices for CTV?")
    assert not p.asks_count and p.calc is None


def test_a_multiple_asked_without_figures_is_a_benchmark_not_a_sum():
    assert parse("what's a good customer-value-to-acquisition-cost multiple for insurers?").calc is None


@pytest.mark.parametrize("text", NOT_NAMED)
def test_words_near_a_description_name_no_metric(text):
    p = parse(text)
    assert not p.metrics and not p.metric_phrases


@pytest.mark.parametrize("text,phrase", BUSINESS_KEPT.items())
def test_a_description_is_no_business(text, phrase):
    assert parse(text).business_phrase == phrase


@pytest.mark.parametrize("text,phrase", [("we have $9k. how many enquiries would that buy?", "cost per enquiry"),
                                         ("with 9 grand, how many tastings could we book?", "cost per tasting")])
def test_a_counted_unit_is_priced_as_one_of_it(text, phrase):
    from agent.offline.arith import price_metric
    from agent.offline.memory import Memory
    assert price_metric(parse(text), Memory()) == phrase


def _found(engine, vertical, metric):
    got = find_benchmarks(engine, vertical, metric).result
    return got[0].metric if got else None


_ENGINE = {"kb": "shipped_engine", "kb_txt": "kb_txt_engine", "kb_txt2": "kb_txt2_engine", "kb_alt": "kb_alt_engine"}
CASES = ([("kb", *c) for c in SHIPPED] + [("kb", v, u, None) for v, u in SHIPPED_DECLINED]
         + [("kb_txt", *c) for c in TXT] + [("kb_txt", v, u, None) for v, u in TXT_DECLINED]
         + [("kb_txt2", *c) for c in TXT2] + [("kb_txt2", v, u, None) for v, u in TXT2_DECLINED]
         + [("kb_alt", *c) for c in ALT] + [("kb_alt", v, u, None) for v, u in ALT_DECLINED])


@pytest.mark.parametrize("kb,vertical,unit,metric", CASES)
def test_each_kb_resolves_what_its_metrics_count_and_declines_the_rest(request, kb, vertical, unit, metric):
    """The vertical's notes and cells (kb/), the glossary's lines (kb_txt), what the text says a unit is (kb_txt2), the
    list of definitions (kb_alt); None: no metric of the business counts the unit — an honest "not in the knowledge
    base"."""
    assert _found(request.getfixturevalue(_ENGINE[kb]), vertical, unit) == metric


@pytest.mark.parametrize("vertical,unit,metric", SHIPPED_NEAR)
def test_the_shipped_kb_resolves_a_unit_by_its_vertical_notes_with_a_margin(shipped_engine, meaning, vertical, unit,
                                                                              metric):
    assert _found(shipped_engine, vertical, unit) == metric


@pytest.mark.parametrize("kb,vertical,unit,metric", MEANT)
def test_a_unit_in_other_words_resolves_by_meaning_only_with_the_encoder(shipped_engine, kb_alt_engine, meaning,
                                                                          kb, vertical, unit, metric):
    engine = shipped_engine if kb == "kb" else kb_alt_engine
    assert _found(engine, vertical, unit) == metric
    from agent.offline import semantic
    semantic.disable()
    assert _found(engine, vertical, unit) is None  # words alone leave the doubt: declined, not guessed


@pytest.mark.parametrize("vertical,unit", [("cpg", "cost per shelf"), ("ecommerce", "cost per refund"),
                                           ("saas", "cost per banana")])
def test_meaning_names_no_metric_for_a_thing_none_counts(shipped_engine, meaning, vertical, unit):
    from mpa.lookups import tables
    assert counted.counted_metric(tables(shipped_engine), vertical, unit) is None


def test_a_definition_is_read_from_a_heading_a_list_term_or_a_line_term():
    texts = {"a.md": "### CPX (cost per thing)\n\nSpend ÷ things, where a thing is a widget.\n",
             "b.md": "- **CPY (cost per item)**: spend divided by items shipped,\n  boxed or not.\n- **Other**: x\n",
             "c.txt": "CPZ - Cost per piece. Spend divided by pieces.\nNext - another term.\n",
             "d.txt": "CPW: $4-$6\n"}  # a figure after the name is a benchmark, not a definition
    got = counted.definitions(texts, {"CPX": ["CPX"], "CPY": ["CPY"], "CPZ": ["CPZ"], "CPW": ["CPW"]})
    assert got == {"CPX": "Spend ÷ things, where a thing is a widget.", "CPY": "spend divided by items shipped, boxed or not.",
                   "CPZ": "Cost per piece. Spend divided by pieces."}


CONVERSATION = ["we run a chain of dental clinics. what's a fair price for each contact form people send us?",
                "we have 27k a quarter. how many forms is that at the pricey end?",
                "We run two car dealerships. What is a typical CPC for us?",
                "and what's a normal CTR for clinics?", "we budget 27k a quarter. how many contacts would that bring?",
                "for our university, what does one finished application usually cost?",
                "and what about a person who only requests a printed prospectus?",
                "we sell candles through our own web shop. what does it cost to win someone who has never ordered from us?",
                "and what do labels like ours normally make back in revenue for each dollar on ads?",
                "We run a funeral home. What do we typically pay for each enquiry form someone sends?",
                "what do we usually pay for each umbrella someone borrows from the showroom?",
                "We install solar panels. What do we usually pay for each enquiry form someone fills in?",
                "we have 19k this quarter. how many enquiries at the pricey end?",
                "We run a boarding kennel. What do we usually pay for each stay booked through our ads?"]


def test_a_term_a_definition_counts_in_general_is_read_where_the_kb_says_what_it_means():
    texts = {"g.txt": "CPX - Spend divided by wins, where a win is whatever counts.\nCPY - A CPX where the win is a sale.\n",
             "n.txt": "Intro. A win here means a signed order or a paid deposit. Other text."}
    got = counted.definitions(texts, {"CPX": ["CPX"], "CPY": ["CPY"]})
    assert counted._term_meant(texts, got["CPX"]) == "A win here means a signed order or a paid deposit."
    assert counted._term_meant(texts, got["CPY"]) == ""  # "the win is a sale": it says which one itself


def test_a_described_unit_then_a_budget_over_it(shipped_engine):
    c = offline_conversation(shipped_engine)
    turn = c.send(CONVERSATION[0])
    assert "$40–$90" in turn.assistant and "benchmarks-healthcare#" in turn.assistant
    turn = c.send(CONVERSATION[1])
    assert "300" in turn.assistant


def test_a_unit_priced_in_the_users_words_is_counted_after_another_metric(shipped_engine):
    c = offline_conversation(shipped_engine)
    c.send(CONVERSATION[0])
    c.send(CONVERSATION[3])  # the CTR: the last metric is no longer the price of a contact
    turn = c.send(CONVERSATION[4])
    assert "675" in turn.assistant and "300" in turn.assistant  # $27,000 ÷ $40 and ÷ $90 (the CPL of a contact form)


def test_a_follow_up_that_swaps_the_unit_for_a_request_keeps_the_business(shipped_engine):
    c = offline_conversation(shipped_engine)
    assert "$60–$150" in c.send(CONVERSATION[5]).assistant  # education CPA: a submitted application
    assert "$35–$85" in c.send(CONVERSATION[6]).assistant   # education CPL: its cell names brochure sign-ups


def test_normally_asks_for_the_usual_figure(shipped_engine):
    c = offline_conversation(shipped_engine)
    assert "$30–$55" in c.send(CONVERSATION[7]).assistant  # ecommerce CAC: one who never ordered is a new customer
    assert "2.5x–4.0x" in c.send(CONVERSATION[8]).assistant  # ecommerce ROAS, the business carried


def test_a_described_unit_outside_the_kb_is_still_declined(shipped_engine):
    for msgs in ([CONVERSATION[9]], [CONVERSATION[2], CONVERSATION[10]]):  # an uncovered business; a unit nothing counts
        c = offline_conversation(shipped_engine)
        turn = [c.send(m) for m in msgs][-1]
        assert "does not contain" in turn.assistant and "$" not in turn.assistant.split("does not contain")[0]


def test_a_described_unit_then_a_count_of_it_on_the_plain_text_kb(kb_txt_engine):
    c = offline_conversation(kb_txt_engine)
    assert "$95-140" in c.send(CONVERSATION[11]).assistant  # Solar's cost per lead: its glossary's lead is "a form"
    assert "136" in c.send(CONVERSATION[12]).assistant      # $19,000 ÷ $140


def test_a_described_unit_on_the_kb_that_defines_its_own_metrics(kb_alt_engine):
    turn = offline_conversation(kb_alt_engine).send(CONVERSATION[13])
    assert "$41" in turn.assistant and "CPB" in turn.assistant  # its glossary: CPB is spend ÷ confirmed bookings


@pytest.mark.parametrize("text,said,unsaid", ASKED_TXT2)
def test_the_agent_quotes_the_row_the_described_metric_is(kb_txt2_engine, text, said, unsaid):
    turn = offline_conversation(kb_txt2_engine).send(text)
    assert said in turn.assistant and unsaid not in turn.assistant


def test_an_event_the_vertical_does_not_count_is_declined_on_the_shipped_kb(shipped_engine, meaning):
    turn = offline_conversation(shipped_engine).send("car dealership: what do we pay per windscreen repair booking?")
    assert "$50" not in turn.assistant and "not" in turn.assistant.lower()


def test_the_conversation_vertical_holds_when_the_description_reads_like_a_business(shipped_engine):
    c = offline_conversation(shipped_engine)
    c.send(CONVERSATION[2])
    turn = c.send("how much do we normally spend in media to get one showroom appointment booked?")
    assert "$50–$120" in turn.assistant  # automotive CPA: a booked test drive or similar high-intent action
