""""Which step is about …?" answered from the section the KB heads with a numbered step (agent/offline/stepheaded.py):
on kb/ (a framework overview's "Step 2 (Unit economics): …") and on the plain-text kb_txt ("STEP 7 - FLIGHTING AND
PACING"). Wording of this file's own."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline import stepheaded
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
WORTH = "which step is about figuring out how much a customer is worth to us"
WRONG = "which step handles what could go wrong with the plan"
FLIGHT = "which step is about flighting and pacing the spend"
GUIDE, STEP2, OTHER = (0, "Why unit economics come first"), (3, "STEP 2 - UNIT ECONOMICS AND TARGET COSTS"), (5, "Worked example")


def test_wording_is_own():
    assert_unseen([WORTH, WRONG, FLIGHT])


def test_a_which_step_question_takes_the_section_headed_with_a_step():
    by = {GUIDE: 8.0, STEP2: 5.0, OTHER: 4.0}
    assert stepheaded.first(WORTH, [GUIDE, STEP2, OTHER], by)[0] == STEP2


@pytest.mark.parametrize("asked", ["how do we work out what a customer is worth?", "what comes out of step 2?"])
def test_other_questions_keep_the_order(asked):
    by = {GUIDE: 8.0, STEP2: 5.0, OTHER: 4.0}
    assert stepheaded.first(asked, [GUIDE, STEP2, OTHER], by) == [GUIDE, STEP2, OTHER]


def test_a_step_section_far_behind_does_not_answer():
    by = {GUIDE: 8.0, OTHER: 6.0, STEP2: 3.0}
    assert stepheaded.first(WORTH, [GUIDE, OTHER, STEP2], by) == [GUIDE, OTHER, STEP2]


@pytest.mark.parametrize("asked,step,cite", [(WORTH, "Step 2", "[mpa-framework-overview#3]"),
                                             (WRONG, "Step 10", "[mpa-framework-overview#")])
def test_on_kb_the_frameworks_step_section_answers(shipped_engine, monkeypatch, meaning, asked, step, cite):
    got = answer_on(shipped_engine, [asked], monkeypatch, str(ROOT / "kb"))
    assert got.startswith(f"That is {step} (") and cite in got


def test_on_a_plain_text_kb_the_step_section_answers(kb_txt_engine, monkeypatch, meaning):
    got = answer_on(kb_txt_engine, [FLIGHT], monkeypatch, str(ROOT / "tests" / "fixtures" / "kb_txt"))
    assert got.startswith("That is Step 7 (") and "[planning_workflow_steps#7]" in got
