""""Stuff that works" is no match for a heading "Worked split of …": the words marking a heading as an
illustration (agent.offline.sectionkind.marker_terms) name the kind of section, not its topic, so the rule the
example illustrates answers. Wording of our own, on hand-written passages and two knowledge bases."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, sectionkind
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.test_offline_section_choice import _sec
from tests.unseen_wording import assert_unseen

SPLIT_ASK = "how should I split the pantry money between dishes that work and trying new things?"
KITCHEN = [_sec("k#1", "Worked split of a $9,000 month", "On $9,000 of pantry money: $5,400 for dishes, $2,700 for "
                "variations and $900 for trials."),
           _sec("k#2", "The 60/30/10 rule", "It divides the money by confidence: 60% to proven dishes, 30% to "
                "variations and 10% to new things.")]
E2E = [("shipped_engine", "how do we divide our money between what already works and new experiments?", "70/20/10"),
       ("kb_txt4_engine", "how should we pace spend so it works across the month?", "RULE P1")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(SPLIT_ASK, [q for _, q, _ in E2E])


def test_the_marker_of_an_illustration():
    assert sectionkind.marker_terms("Worked split of a $9,000 month") == {"work"}
    assert sectionkind.marker_terms("SECTION 5 - WORKED PACING EXAMPLE") == {"work", "exampl"}
    assert sectionkind.marker_terms("What worked last year") == frozenset()  # no illustration: a topic word


def test_the_rule_answers_not_the_example_sharing_a_marker_word(monkeypatch):
    got = extract(SPLIT_ASK, KITCHEN, 3)
    assert "[k#2]" in got and "60%" in got, got
    monkeypatch.setattr(sectionkind, "marker_terms", lambda h: frozenset())  # "work" matched "Worked": the example won
    assert "[k#1]" in extract(SPLIT_ASK, KITCHEN, 3)


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_the_rule_not_its_worked_case(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert said in got, got
