"""Benchmark look-ups where the metric is said in everyday words and the business is described rather
than named, in this file's own wording: a bare "return" or a return on the ad money (ROAS), money back
compared with money spent (ROAS), a request for information (a lead), a paying customer in a follow-up
(CAC), goods a lender advertises (no other trade's question), a business supposed or a relative's, and
the web-shop and tutoring words of the vocabulary — on kb/ and on the plain-text tests/fixtures/kb_txt2,
and a pair the KB lacks still declined."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.focus import trade_unstated
from agent.offline.parse import parse
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

NOT_METRICS = [
    "how long until we make back what we spend on ads?",   # a time: the payback
    "what's a fair returns policy for an online store?",            # a shop's returns
    "how many paying subscribers do we need to break even?",        # a count, no price
]
TRADE_GOODS = ["we're promoting home loans this spring. what's a usual CPL?",
               "what are clicks worth on mortgage keywords?"]
OTHER_TRADE = ["what interest rate should a small shop pay on a loan?"]


def test_wording_is_own():
    assert_unseen(NOT_METRICS, TRADE_GOODS, OTHER_TRADE)


@pytest.mark.parametrize("text", NOT_METRICS)
def test_a_time_a_returns_policy_or_a_count_names_no_price(text):
    assert not {"ROAS", "CAC"} & set(parse(text).metrics)


def test_a_request_for_information_names_no_business():
    p = parse("we tutor kids. whats it cost to get a mom to register for more info?")
    assert p.metrics == ["CPL"] and "info" not in (p.business_phrase or "")


@pytest.mark.parametrize("text", TRADE_GOODS)
def test_lending_goods_advertised_are_no_other_trades_question(text):
    assert not trade_unstated(text, [])


@pytest.mark.parametrize("text", OTHER_TRADE)
def test_a_lending_question_itself_is_still_another_trades(text):
    assert trade_unstated(text, [])


@pytest.fixture(scope="module")
def kb_talk(shipped_engine):
    executor = ToolExecutor(shipped_engine)

    def send(*texts: str):
        conv = ConversationEngine(OfflineAgent(), executor, max_tool_rounds=3)
        return [conv.send(t) for t in texts]
    return send


def test_kb_a_web_shop_and_tutoring_name_their_verticals(kb_talk):
    shop, tutor = kb_talk("we sell teapots through our webshop. whats a normal return on the ad money?",
                          "and for a tutoring company, what's it cost to get a parent to sign up for more info?")
    assert "benchmarks-ecommerce" in " ".join(shop.citations) and "ROAS" in shop.assistant
    assert "benchmarks-education" in " ".join(tutor.citations) and "CPL" in tutor.assistant


def test_kb_a_paying_customer_after_a_lead_is_priced_not_sized(kb_talk):
    _, paying = kb_talk("we're a language school for adult learners. what does one enquiry form cost in ads?",
                        "and a paying student?")
    assert [c["name"] for c in paying.tool_calls] == ["get_benchmark"]
    assert "CAC" in paying.assistant


def test_kb_a_lender_pushing_loans_is_answered(kb_talk):
    (turn,) = kb_talk("we're a small bank pushing auto loans this quarter. what do we pay to get one new customer?")
    assert "benchmarks-financial-services" in " ".join(turn.citations)


def test_kb_a_pair_the_edition_leaves_out_is_still_declined(kb_talk):
    (turn,) = kb_talk("we make an indie puzzle game. what does it cost to get a parent to sign up for more info?")
    assert not turn.citations or "no" in turn.assistant.lower()


def test_kb_txt2_a_lead_said_as_asking_for_a_quote(kb_txt2_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3)
    turn = conv.send("my cousin's roofing business: what do they pay for each homeowner who asks for more information?")
    assert "$96-121" in turn.assistant
