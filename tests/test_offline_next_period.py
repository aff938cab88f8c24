""""next week", "next month", "tomorrow's" are times, not the next step (agent/offline/followup.py): "so what's the most
next week" after a quoted rule was read as asking what comes after it, and the rule's own sentences were taken out of the
passages before the reader chose — the answer applied another sentence. Wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline import followup
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

_PREVIOUS = ("how much can a campaign's budget go up each week?", "Based on Knowledge Base [b#2]: Raise a campaign's "
             "budget by at most 30% per week.", [])
_TXT2 = ["how much can a campaign's budget go up each week?", "we're at $4,500 a week now, so what's the most next week"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_TXT2 + ["ok, and what's next after that?", "what about next month then?"])


@pytest.mark.parametrize("text,asks", [("ok, and what's next after that?", True), ("and next?", True),
                                       ("we're at $4,500 a week now, so what's the most next week", False),
                                       ("what about next month then?", False)])
def test_next_asks_the_following_step_unless_it_names_a_time(text, asks):
    assert followup.asks_next(text, _PREVIOUS) is asks


def test_the_rule_just_quoted_stays_for_a_question_about_next_week(kb_txt2_engine, monkeypatch):
    out = answer_on(kb_txt2_engine, _TXT2, monkeypatch, "tests/fixtures/kb_txt2")
    assert "at most 30% per week" in out, out
