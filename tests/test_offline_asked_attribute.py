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


# the framework asked for whole without the word "steps": "your planning process, start to finish" — but not another
# process ("the geo test process, start to finish") nor a single step
SEQUENCE_ASKS = ["could you lay out your planning framework from beginning to end?",
                 "give me the whole planning workflow in the proper sequence",
                 "summarize the planning process end to end"]
NOT_SEQUENCE = ["how does the geo test process run, start to finish?",
                "in your planning process, what does step 4 do, start to finish?"]
_STEPS = {1: "Goal", 2: "Money", 3: "People", 4: "Places", 5: "Budget"}


def test_sequence_wording_is_unseen():
    assert_unseen(SEQUENCE_ASKS, NOT_SEQUENCE)


@pytest.mark.parametrize("ask", SEQUENCE_ASKS)
def test_the_framework_asked_for_from_start_to_finish_is_the_whole_sequence(ask):
    from agent.offline.stepask import asks_all_steps
    assert asks_all_steps(ask, _STEPS)


@pytest.mark.parametrize("ask", NOT_SEQUENCE)
def test_another_process_or_one_step_is_not_the_whole_sequence(ask):
    from agent.offline.stepask import asks_all_steps
    assert not asks_all_steps(ask, _STEPS)


@pytest.mark.parametrize("kb,first", [("shipped_engine", "Step 1 (Objectives & KPIs)"),
                                      ("kb_txt_engine", "Step 1: Objectives And Success Metrics"),
                                      ("kb_alt_engine", "Step 1: Set the goal")])
@pytest.mark.parametrize("ask", SEQUENCE_ASKS[:2])
def test_end_to_end_the_sequence_is_listed_on_every_kb(kb, first, ask, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert first in got and "Step 5" in got, got


# a bare pronoun after a statement of the message's own stands for that statement: the last turn's topic is not
# carried into the search ("… two landing pages against each other. how long should we run that?")
INSIDE = ["we plan to pit two landing pages against each other. how long should we run that?",
          "the leaflet trial doubled coupon returns in the north streets. how should we read that?"]
BACK = ["could the leaflet cost go lower than that?", "we have 12k a month. how many coupons is that?"]


def test_inside_wording_is_unseen():
    assert_unseen(INSIDE, BACK)


def test_a_pronoun_after_the_messages_own_statement_does_not_lean_on_the_last_turn():
    from agent.offline.searchq import leans_on_previous
    assert not any(leans_on_previous(t) for t in INSIDE)
    assert all(leans_on_previous(t) for t in BACK)  # no statement before it; a figure it may stand for


@pytest.mark.parametrize("kb,first,unwanted", [("shipped_engine", "how much does a CTV campaign cost per thousand?", "CTV"),
                                               ("kb_txt_engine", "what does a CPM on connected tv usually cost?",
                                                "audience_dma_sizing")])
def test_end_to_end_the_last_turns_topic_does_not_drag_the_search(kb, first, unwanted, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    conv.send(first)
    rec = conv.send(INSIDE[0])
    queries = [(tc if isinstance(tc, dict) else vars(tc)).get("input", {}).get("query", "") for tc in rec.tool_calls]
    assert queries and not any("cost" in q.lower() or "cpm" in q.lower() for q in queries), queries
    assert unwanted not in rec.assistant, rec.assistant


# moving an amount out of one thing into another is a reallocation, however it is said
MOVES = ["can we shift a third of the radio money into social next week?",
         "we'd like to pull some leaflet money over to posters. how fast can that go?"]


def test_moves_wording_is_unseen():
    assert_unseen(MOVES)


def test_moving_money_into_another_thing_asks_about_reallocation():
    assert all("reallocation" in attributes(t) for t in MOVES)
    assert "reallocation" not in attributes("we moved to a new office last spring")


def test_end_to_end_a_proposed_move_reads_the_reallocation_rule(shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    got = conv.send(MOVES[0]).assistant
    assert "BUD-SHIFT-20/14" in got and "20%" in got, got


def test_a_section_the_words_prefer_by_far_is_no_collision(monkeypatch):
    """The meaning override of a word collision needs a rival the words found too: a section with less than
    OUTWORDED of the winner's word score does not take over, however near in meaning ("a rule stated in
    technical terms" is far in meaning from a plain question its words still match)."""
    from agent.offline import sectionmeaning
    sections = {k: [type("U", (), {"rank": k[0], "heading": k[1], "path": k[1], "text": k[1]})()]
                for k in [(0, "rule"), (1, "plain")]}
    monkeypatch.setattr(sectionmeaning, "similarities", lambda q, texts: [0.55 if t.endswith("plain") else 0.2
                                                                         for t in texts])
    got = sectionmeaning.blend("may the leaflet budget grow?", sections, {(0, "rule"): 10.0, (1, "plain"): 4.0})
    assert max(got, key=got.get) == (0, "rule")
    got = sectionmeaning.blend("may the leaflet budget grow?", sections, {(0, "rule"): 10.0, (1, "plain"): 6.0})
    assert max(got, key=got.get) == (1, "plain")
