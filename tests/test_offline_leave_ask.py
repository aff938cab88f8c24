"""A yes/no question of what one may, must or should do also searches for the rule (agent.offline.leaveask,
searchq.form): the knowledge base states what may be done as rules, in words the user's plan does not share.

Wording of our own. Only the yes/no form asks for leave ("can we …?", "do we need to …?", "is it ok …?",
"… sensible?"); a wh-question with a modal ("how long should we …?") asks for a duration or a thing. The word is
searched only — the reader gets no "rule" hint (it weighs rule sections by its own normative test). Checked end to
end on the shipped KB (a proposed 30% move finds the reallocation speed limit, where the plain search quoted
ad-copy character limits) and on the plain-text fixture KB (its rules on control markets and mid-flight cuts).
"""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.leaveask import asks_leave
from agent.offline.searchq import attributes, form
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

LEAVE = ["can we move 30% of the display budget into search on monday?",
         "our leaflets look tired. do we need to print a whole new design?",
         "the shop wants to put 2% of spend on radio. sensible?",
         "is it ok to open a new store in a control market while the test runs?",
         "should we slash 40% mid-flight and keep the same goals?",
         "so could I pause the newsletter for a month?"]
NOT_LEAVE = ["how long should we keep a leaflet trial running?",
             "what should i put on the poster?",
             "how much should we set aside for leaflet tests?",
             "do we have figures for garden centres?",
             "which poster format works best?"]
E2E = [("shipped_engine", LEAVE[0], "BUD-SHIFT-20/14"),
       ("kb_txt_engine", LEAVE[3], "no new store openings"),
       ("kb_txt_engine", LEAVE[4], "goals must change")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(LEAVE, NOT_LEAVE)


@pytest.mark.parametrize("ask", LEAVE)
def test_a_yes_no_question_of_leave_searches_for_the_rule(ask):
    assert asks_leave(ask)
    assert any(q.endswith(" rule") or " rule " in q for q in form(ask).queries), form(ask).queries


@pytest.mark.parametrize("ask", NOT_LEAVE)
def test_a_wh_question_or_a_lookup_is_no_question_of_leave(ask):
    assert not asks_leave(ask)
    assert not any(" rule" in q for q in form(ask).queries)


def test_the_reader_gets_no_rule_hint():
    assert "rule" not in attributes(LEAVE[1]) and "rule" in attributes(LEAVE[1], searching=True)
    assert attributes(LEAVE[0]) == ["reallocation"]  # the other attributes it asks about stay hints


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_the_rule_answers_the_question_of_leave(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert said in got and "Based on Knowledge Base" in got, got
