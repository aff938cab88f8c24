"""A message that tells what happened and closes with "now what?" / "so what now" / "what next?" leans on the turn
before (searchq._WHAT_NOW): it asks what follows from the rule just quoted, so that turn's topic is carried —
before, its own words (a story of figures) were searched alone and the turn was declined. On kb/ and on the
plain-text KB kb_txt2, in wording of its own (checked against the seen sets)."""
from __future__ import annotations


import pytest

from agent.offline.searchq import leans_on_previous
from tests.test_offline_doask import _turns
from tests.unseen_wording import assert_unseen

KB_TURNS = ["what complaint rate is too high for marketing emails?", "Tuesday's promo blast hit 0.4% complaints. what now?"]
TXT_TURNS = ["how much can I raise a campaign budget in a week?",
             "our account manager doubled spend overnight yesterday. so what now"]


def test_the_wording_is_its_own():
    assert_unseen(KB_TURNS, TXT_TURNS)  # the wording here is no seen data set's


@pytest.mark.parametrize("text,leans", [
    ("the vendor paused every placement this morning. what next?", True),
    ("our agency moved half the money into search. then what", True),
    ("what now that the vendor paused every placement this morning and reporting broke?", False),  # asks its own
    ("the vendor paused every placement this morning, what should we check", False),
])
def test_a_closing_what_now_leans_on_the_turn_before(text, leans):
    assert leans_on_previous(text) is leans


def test_kb_what_now_after_a_rule_reads_that_rule(shipped_engine):
    _, (_, answer) = _turns(shipped_engine, *KB_TURNS)
    assert "[channel-email#" in answer and "0.3%" in answer


def test_plain_text_kb_so_what_now_after_a_rule_reads_that_rule(kb_txt2_engine):
    _, (_, answer) = _turns(kb_txt2_engine, *TXT_TURNS)
    assert "at most 30% per week" in answer
