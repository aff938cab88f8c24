"""A KB that names the framework's steps its own way ("STEP 7 - FLIGHTING AND PACING", "Phase 3: Describe
the people"): the step tool declares those names (mpa.steps.kb_step_names), so a step asked for by its
topic is the KB's step of that topic and every answer labels a step as the KB does — before, the MPA-10
names were declared for every KB ("the measurement step" was step 8 on kb_txt, whose step 8 is the
creative plan, and answers said "Step 7 (Channel mix)" above kb_txt's flighting step). Wording of our own."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.stepask import declared_steps
from mpa.steps import STEP_NAMES, kb_step_names
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ASK = "Could you tell me about the measurement step?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([ASK])


def test_own_names_read_from_one_document_of_numbered_headings():
    doc = "\n".join(f"STEP {n} - {name.upper()}\nText." for n, name in
                    [(1, "Brief"), (2, "Maths"), (3, "People"), (4, "Places"), (5, "Money"), (6, "Words"), (7, "Timing")])
    assert kb_step_names([("plan.txt", doc)])[7] == "Timing" and 9 not in kb_step_names([("plan.txt", doc)])
    same = "\n".join(f"## Step {n}: {name}" for n, name in STEP_NAMES.items())
    assert kb_step_names([("overview.md", same)]) == STEP_NAMES  # the MPA-10's own names
    assert kb_step_names([("step-07-guide.md", doc)]) == {}  # a step's own guide numbers its stages


@pytest.mark.parametrize("kb,n,name", [("shipped_engine", 8, "Measurement & attribution"),
                                       ("kb_txt_engine", 9, "Measurement design"),
                                       ("kb_alt_engine", 8, "Decide how to measure")])
def test_the_step_of_a_topic_is_the_kbs_own(kb, n, name, request):
    tools = ToolExecutor(request.getfixturevalue(kb))
    assert declared_steps(tools.definitions())[n] == name
    text = ConversationEngine(OfflineAgent(), tools, max_tool_rounds=3).send(ASK).assistant
    word = "Phase" if kb == "kb_alt_engine" else "Step"  # each KB's own word for its steps
    assert text.startswith(f"{word} {n} ({name}):"), text


AFTER = "What's the stage after budget setting?"


@pytest.mark.parametrize("kb,n", [("shipped_engine", 6), ("kb_txt_engine", 6), ("kb_alt_engine", 6)])
def test_the_step_after_one_named_in_other_words(kb, n, request):
    """The anchor named in words that are not all the KB's name for it ("budget setting" for kb_txt's "Budget",
    kb_alt's "Size the budget"): its words are the reference, and a tie between two names is broken by the
    name whose object word ("budget") the phrase says."""
    assert_unseen([AFTER])
    text = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3).send(AFTER).assistant
    word = "Phase" if kb == "kb_alt_engine" else "Step"
    assert text.startswith(f"The next step after {word} 5 (") and f"is {word} {n} (" in text, text
