""""Where do I start with a media plan?" asks for the framework's first step without naming a step
(agent.offline.opening); "what's the third step in planning a campaign?" asks about a whole step although
it says what is planned (stepask.about_whole_step). Wording of our own, on three knowledge bases; a question
about something else that is done "first" stays with the search."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, opening
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

STARTS = ["Where should we begin when putting together an advertising plan?",
          "ok so what do I work on first for a new campaign?",
          "what's the very first thing in the planning process?",
          "How do we get started on a paid media plan?",
          "What is the first step of planning a marketing campaign?"]
OTHER_FIRSTS = ["Where do we start with the geo holdout test?",
                "Which channels should we kick off first when the launch date moves up?",
                "what do we trim first if the ad budget shrinks?",
                "Where do I start?"]  # no planning word: mid-conversation it means the task at hand
STEPS = {1: "Objectives & KPIs", 2: "Unit economics", 3: "Audience definition & sizing"}
WHOLE_STEP = "what happens in the third step of planning a media campaign?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(STARTS + OTHER_FIRSTS + [WHOLE_STEP])


@pytest.mark.parametrize("ask", STARTS)
def test_asking_where_planning_starts_is_the_first_step(ask):
    assert opening.first_step(ask, STEPS) == (1, None)


@pytest.mark.parametrize("ask", OTHER_FIRSTS)
def test_something_else_done_first_is_not(ask):
    assert opening.first_step(ask, STEPS) is None


def test_no_declared_first_step_no_answer():
    assert opening.first_step(STARTS[0], {}) is None


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine", "kb_alt_engine"])
@pytest.mark.parametrize("ask,step", [(STARTS[0], 1), (STARTS[4], 1), (WHOLE_STEP, 3)])
def test_end_to_end_the_step_is_looked_up(kb, ask, step, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    turn = conv.send(ask)
    assert ("get_step_guidance", step) in [(c["name"], c["input"].get("step")) for c in turn.tool_calls], turn.tool_calls
    word = "Phase" if kb == "kb_alt_engine" else "Step"  # each KB's own word for its steps
    assert turn.assistant.startswith(f"{word} {step} ") and "[" in turn.assistant, turn.assistant


def test_a_bare_where_to_start_is_the_first_step_only_when_nothing_came_before():
    assert opening.first_step("so where should I begin?", STEPS, fresh=True) == (1, None)
    assert opening.first_step("so where should I begin?", STEPS) is None
    assert opening.first_step("so where should I begin with the audit?", STEPS, fresh=True) is None


def test_end_to_end_a_first_message_asking_where_to_begin(shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    assert conv.send("so where should I begin?").assistant.startswith("Step 1 ")


# mid-conversation, its own sentence beside a question about the first step's content (kb_txt12/13's blind goldens)
MID = ["Where does our campaign even begin? And how do I pick the most to pay for one lead?",
       "where would the media plan really start? then what's a sane ceiling per sale"]


def test_where_the_plan_starts_in_a_sentence_of_its_own():
    assert_unseen(MID)
    assert all(opening.first_step(m, STEPS) == (1, None) for m in MID)
    assert opening.first_step("Where does the geo test actually start? What should it cost?", STEPS) is None


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
def test_end_to_end_where_the_plan_starts_after_a_first_turn(kb, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    conv.send("We run a small chain of bakeries.")
    turn = conv.send(MID[0])
    assert ("get_step_guidance", 1) in [(c["name"], c["input"].get("step")) for c in turn.tool_calls], turn.tool_calls
