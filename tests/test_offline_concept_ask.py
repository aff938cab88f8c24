"""A question about what a metric is — what it means, how two of its kinds differ — after the user stated a spend and
a count is answered from the KB, not by dividing the remembered figures (:mod:`agent.offline.conceptask`); a bare
"what's our CPL?" after the same figures still works the cost of one out. Wording of our own, on kb/ and on the
plain-text fixture KB."""
from __future__ import annotations

import pytest

from agent.offline.conceptask import asks_concept
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

SPENT = "we put 20k into search and got 400 leads"
CONCEPT = ["what does cpl mean exactly, is it only forms?", "so how is blended cac different from paid cac?"]
VALUE = ["and the cpl?", "so what's our CPL?"]
TXT_SPENT = "we spent $5,000 and got 125 leads"


def test_wording_is_our_own():
    assert_unseen([SPENT, TXT_SPENT, *CONCEPT, *VALUE])


def test_the_frame_marks_the_concept():
    assert all(asks_concept(q) for q in CONCEPT + ["cac vs cpa, which one do we report to the board?"])
    assert not any(asks_concept(q) for q in VALUE + ["what did each lead cost us?", "is a $50 cpl normal?"])


def test_a_meaning_is_read_not_worked_out_on_kb(shipped_engine, monkeypatch):
    text = answer_on(shipped_engine, [SPENT, CONCEPT[0]], monkeypatch)
    assert "$50" not in text and "Based on Knowledge Base" in text


def test_the_value_is_still_worked_out_on_kb(shipped_engine, monkeypatch):
    assert "$20,000 ÷ 400 = $50" in answer_on(shipped_engine, [SPENT, VALUE[0]], monkeypatch)


@pytest.mark.parametrize("question, worked", [("what does CPL mean exactly?", False), (VALUE[1], True)])
def test_on_a_plain_text_kb(kb_txt_engine, monkeypatch, question, worked):
    text = answer_on(kb_txt_engine, [TXT_SPENT, question], monkeypatch, "tests/fixtures/kb_txt")
    assert ("$5,000 ÷ 125 = $40" in text) is worked
    assert worked or "Cost per lead" in text
