""""At what level should we plan?" asks which level — a section headed with the asked noun ("Choosing the
targeting level") tells it in words, so it is not read as lacking the figure a "what level" question usually
wants (agent.offline.answerforms.noun_asked). Wording of our own, on hand-written passages and two knowledge bases."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, reader
from agent.offline.answerforms import noun_asked
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.test_offline_section_choice import _sec
from tests.unseen_wording import assert_unseen

LEVEL_ASK = "we only hold permits in a few counties. at what level should our delivery targeting sit?"
ZONES = [_sec("z#1", "County-level targeting", "Counties are the unit most delivery platforms accept; about 3,100 of them "
              "cover the country."),
         _sec("z#2", "Choosing the targeting level", "Permits held only in some counties: county for eligibility, "
              "postcode for delivery. Even demand across the country: national targeting.")]
E2E = [("shipped_engine", "we want a geo experiment next quarter. at what level should the markets be planned?",
        "recommended level"),
       ("kb_txt_engine", "at what level should we plan our markets if we only ship to part of the country?", "DMA")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(LEVEL_ASK, [q for _, q, _ in E2E])


def test_the_noun_a_what_question_asks_about():
    assert noun_asked(LEVEL_ASK) == {"level"}
    assert noun_asked("what share should go to search?") == {"share"}
    assert noun_asked("how often should we refresh the ads?") == set()


def test_the_section_headed_with_the_asked_noun_answers(monkeypatch):
    got = extract(LEVEL_ASK, ZONES, 3)
    assert "[z#2]" in got and "county for eligibility" in got, got
    monkeypatch.setattr(reader, "noun_asked", lambda q: set())  # read as asking a figure, the section with one won
    assert "[z#1]" in extract(LEVEL_ASK, ZONES, 3)


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_the_level_asked(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert said in got, got
