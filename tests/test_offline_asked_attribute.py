"""A how-to question is answered from the section whose heading names what its question word asks
for, not from one that merely shares its topic words (agent.offline.searchq, answerforms, reader).

General English, on wording of our own: "how often" asks for a frequency or a *cadence*; "the
shortest / longest … can run" asks for the bound of a duration (a minimum or maximum duration), in
the form of a duration; a section whose heading names that attribute ("Refresh cadence by channel",
"Minimum duration rules") is preferred over a section sharing more of the question's topic words.
A verb of reducing said in other words ("trim", "shrink", "pare back") also searches the plain verb
("cut"), and "where should the savings come from?" asks which source goes first (the form of an order);
a worked dialogue near in meaning yields to the rule the words rank first.
Checked on hand-written passages and end to end on the shipped KB and on the plain-text fixture KB.
"""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.reader import extract
from agent.offline.searchq import attributes, clean
from mpa.tools import ToolExecutor
from tests.test_offline_named_rules import _sec
from tests.unseen_wording import assert_unseen

SHORTEST = "what's the shortest a leaflet trial can run?"
LONGEST = "what's the longest we may keep a leaflet trial going?"
OFTEN = "how often should our window posters be swapped?"
OFTEN_SAID = "how often, as a frequency, should our window posters be swapped?"


TRIALS = [_sec("t#2", "Leaflet trials", "A leaflet trial compares two leaflet designs dropped in matched streets; "
               "the trial can run in any season and the leaflet with more coupons back wins the trial."),
          _sec("t#6", "Minimum duration rules", "Keep every trial in the field for at least 21 days, in whole "
               "weeks, so that each weekday is counted the same number of times.")]
POSTERS = [_sec("w#1", "Window posters", "Window posters sit in the shop window; swapped posters should match "
                "the season, and posters facing a bus stop are read the most."),
           _sec("w#3", "Refresh cadence by format", "Window posters: every 3 weeks. Flyers: every month. "
                "Counter cards: every quarter.")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(SHORTEST, LONGEST, OFTEN, OFTEN_SAID, [q for _, q, _ in E2E])


def test_question_words_name_the_attribute_they_ask_for():
    assert attributes(SHORTEST) == ["minimum duration"] and attributes(LONGEST) == ["maximum duration"]
    assert attributes(OFTEN) == ["frequency cadence"]
    assert attributes(OFTEN_SAID) == ["cadence"]  # a word the message says itself is not added again
    assert attributes("which leaflet design is best?") == []
    assert attributes("the council is shrinking our leaflet money") == ["cut"]
    assert attributes("we pared back the leaflet run") == ["cut"] and attributes("cut the leaflet run") == []


def test_the_section_headed_by_the_asked_attribute_beats_one_sharing_the_topic():
    got = extract(clean(SHORTEST), TRIALS, 3)
    assert got and "[t#6]" in got and "21 days" in got, got
    got = extract(clean(OFTEN), POSTERS, 3)
    assert got and "[w#3]" in got and "every 3 weeks" in got, got


E2E = [("shipped_engine", "what's the shortest a geo experiment can run?", "14 days"),
       ("shipped_engine", "what's the shortest a split test of two landing pages can last?", "14 days"),
       ("shipped_engine", "how often should we put new creative behind programmatic display?", "4–6 weeks"),
       ("shipped_engine", "the board is shrinking our spend next quarter. where should the savings come from?",
        "highest-marginal-CAC dollars first"),
       ("shipped_engine", "finance wants us to pare back spend a bit. which lines go first?", "highest-marginal-CAC"),
       ("kb_txt_engine", "our budget is being slashed mid-flight. which channels get trimmed first?", "outer channels"),
       ("kb_txt_engine", "what's the shortest an awareness flight should stay on air?", "three weeks"),
       ("kb_txt_engine", "what's the shortest a matched-market test can run and still mean something?", "four weeks")]


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_the_asked_attribute_chooses_the_section(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert said in got and "Based on Knowledge Base" in got, got
