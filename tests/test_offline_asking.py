"""Which sentences of a message ask (agent.offline.asking): a question typed without its "?" is read — and answered —
as the same question with it, and a statement opening with a question word is not a question. Wording of our own,
on both the shipped KB and a plain-text KB written as a stranger's (kb_txt2)."""
from __future__ import annotations

import re

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, alternatives, asking, compose, setting, tallies
from agent.offline.numbers import parse_numbers
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ASKING = ["whats a sensible cpc for a florist", "how do we size the people who own boats in florida",
          "can we pause the radio flight for two weeks", "is a billboard worth it for one bakery", "is retargeting worth it for a florist",
          "should dentists bother with tiktok", "isn't that steep for a garage", "roughly how many clicks is that",
          "at what point do we stop a losing ad set", "say views cost $9 a thousand, what would the sum be",
          "tell me the usual cost of a lead for roofers.", "walk me through planning a product launch",
          "any tips for a first podcast campaign", "when to add a second channel",
          "we should begin with search, right", "keep the radio spots or not", "so which of the two reports is right"]
NOT_ASKING = ["what we need is reach in Texas.", "when the flight ended, our clicks fell",
              "how we report it matters to the board", "was hoping for cheaper clicks", "can't afford a TV flight",
              "would love some pointers", "our kitty is $70,000 a quarter", "we sell garden sheds",
              "what a helpful answer", "we want reach, which is hard in rural areas",
              "we don't know whether it works or not"]
# (KB fixture, a question typed without its "?") — each answered on main differently without the mark
E2E = [("shipped_engine", "our cpa is $80. what should we change first"),
       ("shipped_engine", "our cost per lead is $45 and we sell pool installs. is that reasonable"),
       ("shipped_engine", "leads went from 500 on the long form to 300 on the short one. should we worry"),
       ("kb_txt2_engine", "our cost per lead is $60 and we run a vet clinic. is that high"),
       ("kb_txt2_engine", "our cpc is $9. what should a law firm do about it"),
       ("kb_txt2_engine", "booked calls went from 80 in march to 50 in april. should we worry")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(ASKING, NOT_ASKING, [q for _, q in E2E])


@pytest.mark.parametrize("sentence", ASKING)
def test_a_sentence_worded_as_a_question_asks_without_its_mark(sentence):
    assert asking.asks(sentence) and asking.asks(f"{sentence.rstrip('.')}?")


@pytest.mark.parametrize("sentence", NOT_ASKING)
def test_a_statement_does_not_ask_whatever_its_first_word(sentence):
    assert not asking.asks(sentence)
    assert asking.asks(f"{sentence.rstrip('.')}?")  # the mark itself still asks ("whole country?")


def test_the_question_of_a_message():
    # marked questions are the user's questions; the sentence beside one is their situation
    assert asking.question_sentences("What we need is reach in Texas. Which channel gets there?") == \
        ["Which channel gets there?"]
    # unmarked: the sentences worded as questions …
    assert asking.question_sentences("we sell sheds. our kitty is $70k. how many leads is that") == \
        ["how many leads is that"]
    assert asking.question_sentences("what we need is reach in texas. which channel gets there") == \
        ["which channel gets there"]
    # … else the last sentence, where a run-on puts its ask
    assert asking.question_sentences("our kitty is $70k. leads at a usual price") == ["leads at a usual price"]
    assert asking.question_sentences("") == []


def test_the_encoder_reads_an_unmarked_question_with_its_mark():
    assert asking.marked("we sell sheds. how many leads is that") == "we sell sheds. how many leads is that?"
    assert asking.marked("we sell sheds. leads at a normal cost") == "we sell sheds. leads at a normal cost"
    assert asking.marked("How many leads? we sell sheds") == "How many leads? we sell sheds"  # marked by the user


def test_the_rules_read_the_question_without_its_mark():
    # a figure stated before an unmarked question is no input to acknowledge ("I'll use your CPA of $80. what …")
    assert compose.statement("our cpa is $80. what should we change first") is None
    assert compose.statement("our cpa is $80.") == ("known", "cpa", "$80")
    # a choice closing an unmarked question offers its two options
    assert alternatives.options("should we report by city or by region") == ({"citi"}, {"region"})
    assert alternatives.options("should we report by city or by region?") == ({"citi"}, {"region"})
    assert alternatives.options("we report by city or by region") is None
    # a count under two conditions, then a question about it: the drop is worked out, marked or not
    for text in ("signups went from 400 on the old page to 250 on the new one. should we worry",
                 "signups went from 400 on the old page to 250 on the new one. should we worry?"):
        assert tallies.drop(text, parse_numbers(text)), text
    assert not tallies.drop("signups went from 400 on the old page to 250 on the new one.",
                            parse_numbers("signups went from 400 on the old page to 250 on the new one."))
    # the setting's scene/question split uses the same judgement
    assert setting.scene_words("We sell garden sheds online. how do we find buyers in spring") == {
        "garden", "shed", "onlin", "sell"}


@pytest.mark.parametrize("kb,ask", E2E)
def test_end_to_end_a_question_without_its_mark_answers_as_with_it(kb, ask, request):
    engine = request.getfixturevalue(kb)
    answers = []
    for form in (f"{ask}?", ask):
        conv = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
        answers.append(conv.send(form).assistant)
    assert answers[0] == answers[1]
    assert not re.match(r"I'll use your", answers[1]), answers[1]  # the question is no figure to note
