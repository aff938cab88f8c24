""""Is it ok if we upload …?" is answered by the sentence that says not to upload (agent.offline.forbids): a
section stating a prohibition on the very act asked leave for is preferred over a rule heading about something
else that shares the question's nouns. Wording of our own, on hand-written passages and two knowledge bases."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, forbids
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.test_offline_section_choice import _sec
from tests.unseen_wording import assert_unseen

ROSTER_ASK = "is it alright if we upload the cardio rehab roster so the platform can find lookalike people?"
CLUB = [_sec("c#1", "Unique rule: roster refresh", "An uploaded member roster loses about two points of matches a month, so "
             "any roster older than 60 days is re-uploaded before it is used as a seed for a lookalike audience."),
        _sec("c#2", "Sensitive groups", "Health conditions and money trouble are sensitive traits. Do not upload rosters "
             "whose very existence reveals one (for example, members of a cardiac rehab class).")]
E2E = [("shipped_engine", "is it alright if we upload our clinic's patient roster so meta can find lookalikes?", "do not upload lists"),
       ("kb_txt2_engine", "is it fine if we launch a prospecting campaign aimed at one small town?", "Do not launch a prospecting")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(ROSTER_ASK, [q for _, q, _ in E2E])


def test_the_act_asked_leave_for():
    assert forbids.acts(ROSTER_ASK) == {"upload"}
    assert forbids.acts("can we just pause the search campaigns over the holidays?") == {"paus"}
    assert forbids.acts("how often should we upload the roster?") == set()  # no yes/no question of leave
    assert forbids.acts("is it ok if we do that?") == set()  # a light verb names no act
    assert forbids.DIRECTIVE.search(CLUB[1]["text"]) and not forbids.DIRECTIVE.search(CLUB[0]["text"])


def test_the_section_forbidding_the_act_answers_not_the_rule_sharing_its_nouns(monkeypatch):
    got = extract(ROSTER_ASK, CLUB, 3)
    assert "[c#2]" in got and "Do not upload" in got, got
    monkeypatch.setattr(forbids, "BOOST", 1.0)  # without the preference the rule heading about the roster's decay won
    assert "[c#1]" in extract(ROSTER_ASK, CLUB, 3)


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_the_prohibition_answers(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert said in got, got
