"""Whose business? A figure the KB states business by business, asked where nobody has named the business, is
asked back (agent/offline/businessask.py) — on kb/ it used to quote whichever business's passage the search found
("what's a typical CTR?" → retail's), on the plain-text KBs it declined although the KB holds the figures. The
reply ("we sell furniture online", "a dental practice", "$14, we're a car dealership") answers the question it was
asked for."""
from __future__ import annotations

import pytest

from agent.offline import kbmetrics
from agent.offline.gaps import BUSINESS_Q
from mpa.tools import ToolExecutor
from tests.offline_turns import offline_conversation
from tests.unseen_wording import assert_unseen

ASKED = ["what's a typical CTR?", "What CPC should I expect?", "is a $3 CPC normal?", "Is 2% CTR good?"]
NOT_ASKED = ["typical CPC on meta?", "what's a typical CTR for our online store?", "what does CTR mean?"]
REPLIES = ["we sell furniture online", "a dental practice", "$14, we're a car dealership", "14 bucks", "we sell cars"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(ASKED, NOT_ASKED, REPLIES, ["Is my CPM too high?", "we're a dental office", "we're a family law practice"])


@pytest.mark.parametrize("kb, metrics", [("shipped_engine", {"CTR", "CPC", "CPL"}), ("kb_txt_engine", {"CPC", "CTR"})])
def test_the_benchmark_tool_declares_the_metrics_it_states_per_business(kb, metrics, request):
    tools = ToolExecutor(request.getfixturevalue(kb)).definitions()
    kbmetrics.declare(tools)
    assert metrics <= kbmetrics.by_business()
    assert "CPI" not in kbmetrics.by_business()  # kb/ states it for gaming alone; kb_txt not at all


@pytest.mark.parametrize("text", ASKED)
def test_a_figure_asked_without_a_business_is_asked_back(text, shipped_engine):
    turn = offline_conversation(shipped_engine).send(text)
    assert turn.tool_calls == [] and turn.assistant.endswith(BUSINESS_Q), turn.assistant


@pytest.mark.parametrize("text", NOT_ASKED)
def test_a_platform_a_business_or_a_meaning_named_is_answered(text, shipped_engine):
    assert BUSINESS_Q not in offline_conversation(shipped_engine).send(text).assistant


@pytest.mark.parametrize("first, reply, says", [
    ("what's a typical CTR?", "we sell furniture online", "Typical ecommerce CTR"),
    ("What CPC should I expect?", "a dental practice", "Typical healthcare CPC"),
    ("Is 2% CTR good?", "we're a car dealership", "Your CTR of 2% sits above the Typical range"),
])
def test_the_reply_answers_the_question_it_was_asked_for(first, reply, says, shipped_engine):
    conv = offline_conversation(shipped_engine)
    conv.send(first)
    assert says in conv.send(reply).assistant


def test_a_reply_that_asks_its_own_question_is_a_new_turn(shipped_engine):
    conv = offline_conversation(shipped_engine)
    conv.send("what's a typical CTR?")
    assert "Typical" not in conv.send("why do you ask?").assistant


@pytest.mark.parametrize("replies", [["$14, we're a car dealership"], ["14 bucks", "we sell cars"]])
def test_their_own_figure_and_their_business_asked_together_and_answered_in_turns(replies, shipped_engine):
    conv = offline_conversation(shipped_engine)
    first = conv.send("Is my CPM too high?").assistant
    assert "what is your CPM" in first and first.lower().endswith(BUSINESS_Q.lower())
    *_, last = [conv.send(r) for r in replies]
    assert "Your CPM of $14 sits inside the Typical range of $10–$18" in last.assistant, last.assistant


@pytest.mark.parametrize("kb, first, reply, says", [
    ("kb_txt_engine", "what's a typical CPC?", "we're a dental office", "Dental Practices CPC figures"),
    ("kb_alt_engine", "what's a typical CTR?", "we're a family law practice", "Legal Services CTR range is 3.2%-3.9%"),
])
def test_on_knowledge_bases_in_other_conventions(kb, first, reply, says, request):
    conv = offline_conversation(request.getfixturevalue(kb))
    assert conv.send(first).assistant.endswith(BUSINESS_Q)
    assert says in conv.send(reply).assistant


@pytest.mark.parametrize("kb, business, says", [("shipped_engine", "gaming", "$2.50–$5.00"),
                                                ("kb_txt3_engine", "Crypto Exchanges", "$6.80-8.20")])
def test_a_figure_stated_for_one_business_only_is_that_business_s(kb, business, says, request):
    turn = offline_conversation(request.getfixturevalue(kb)).send("what's a typical CPI?")  # stated for one business in each KB
    assert [(c["name"], c["input"].get("vertical")) for c in turn.tool_calls] == [("get_benchmark", business)]
    assert says in turn.assistant and BUSINESS_Q not in turn.assistant, turn.assistant


def test_a_platform_with_no_figures_of_its_own_asks_whose_business(shipped_engine, kb_txt_engine, kb_alt_engine):
    """kb/ states CPC by business and nothing by platform: "What does a click cost on Google Ads?" was declined. A KB
    whose figures are by platform and lacks the one named (kb_txt: no Pinterest) still declines; one listing the
    platform's figures by business (kb_alt) lists them, and the reply naming the business is read as the answer."""
    first, reply = "how much would one click set us back on google ads?", "we make project management software"
    assert_unseen([first, reply, "and how much would one click set us back on pinterest?", "we're a dog grooming salon"])
    conv = offline_conversation(shipped_engine)
    asked = conv.send(first).assistant
    assert asked.endswith(BUSINESS_Q) and "Google Ads" in asked, asked
    assert "$3.50–$7.00" in conv.send(reply).assistant  # the business's CPC, said not to be Google Ads's own
    declined = offline_conversation(kb_txt_engine).send("and how much would one click set us back on pinterest?").assistant
    assert BUSINESS_Q not in declined and "Pinterest" in declined, declined
    conv = offline_conversation(kb_alt_engine)
    listed = conv.send(first).assistant
    assert "Legal Services" in listed and "narrow it" in listed, listed
    assert "Grooming salons" in conv.send("we're a dog grooming salon").assistant
