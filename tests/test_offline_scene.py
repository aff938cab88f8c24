""""We just opened a second shop. How do we stop the bread going stale?" — the statement sets the scene, the
question says what to answer (agent.offline.setting): a word found only in the statement weighs less in the
reader's choice of section than a word of the question, so a section matching the scene does not outrank the
one matching what is asked. Wording of our own, on hand-written passages and both knowledge bases."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, setting
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.test_offline_section_choice import _sec
from tests.unseen_wording import assert_unseen

BREAD = "We just opened a second shop. How do we stop the bread going stale?"
BREAD_AFTER = "how do we stop the bread going stale? we just opened a second shop"
POINTED = "We just opened a second shop. how do we stop its bread going stale?"
BARE = "We just opened a second shop and the bread goes stale. problem?"
BAKERY = [_sec("b#1", "Opening a second shop", "Hire the manager of a second shop three months before it opens."),
          _sec("b#2", "Day-old loaves", "Bread goes stale within a day unless wrapped in linen; sell yesterday's loaves "
               "at half price.")]
# the scene names a business and an event; the question alone names the section (end to end: the answer is unchanged
# by the scene words, on both knowledge bases)
E2E = [("shipped_engine", "We sell sofas online and our agency changed in June. how often should the ads get new creative?",
        "channel-social#11"),
       ("shipped_engine", "Our founder loves billboards. what's the least we can spend on out-of-home and still learn "
        "something?", "channel-ooh"),
       ("kb_txt_engine", "We run four dental offices. how long is the default click window on search platforms?",
        "measurement_and_testing"),
       ("kb_txt_engine", "Our bakery opened a second shop. how many matched market pairs does a geo test need?",
        "geography_market_guidance")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([BREAD, BREAD_AFTER, POINTED, BARE], [q for _, q, _ in E2E])


def test_the_scene_is_what_only_the_statements_say():
    assert setting.scene_words(BREAD) == {"open", "second", "shop"}
    assert setting.scene_words(BREAD_AFTER) == {"open", "second", "shop"}  # a statement after the question too
    assert setting.scene_words("how do we stop the bread going stale?") == set()  # no statement
    assert setting.scene_words("We opened a shop. Bread goes stale.") == set()  # no question
    assert setting.scene_words(POINTED) == set()  # "its": the question takes its subject from the statement
    assert setting.scene_words(BARE) == set()  # "problem?" names no topic of its own
    assert setting.scene_words("Our second shop sold 300 loaves. How many went stale?") == set()  # a figure: input
    assert setting.asks("should we wrap the loaves") and not setting.asks("we wrap the loaves")


@pytest.mark.parametrize("ask", [BREAD, BREAD_AFTER])
def test_the_section_of_the_question_answers_not_the_scene(ask):
    got = extract(ask, BAKERY, 3)
    assert "[b#2]" in got and "linen" in got, got


def test_without_a_scene_the_words_decide_as_before():
    got = extract(POINTED, BAKERY, 3)  # the scene is the subject: its words count in full
    assert "[b#1]" in got, got


@pytest.mark.parametrize("kb,ask,cited", E2E)
def test_end_to_end_a_scene_does_not_move_the_answer(kb, ask, cited, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    assert f"[{cited}" in conv.send(ask).assistant
