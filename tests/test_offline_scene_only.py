""""We run four bakeries in Leeds and have 9k a month for ads." asks nothing yet (agent.offline.scene): it is
answered with a question, not with a passage its search found, and what it said is used by the next turn. The bakeries are
what the business has (agent.offline.roles: "owned"), never the count a spend won — "what CPC should we
expect?" after it quotes the benchmark, not "$9,000 ÷ 4 — your CPC". Wording of our own, on both KBs."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, scene
from agent.offline.parse import parse
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

SCENES = ["We run four bakeries in Leeds and have 9k a month for ads.",
          "I look after paid social for a chain of 3 pilates studios in Austin.",
          "Our agency handles search for a regional credit union in Ohio."]
NOT_SCENES = ["we run four bakeries in leeds, whats a normal cost per click",  # a question without "?"
              "We run four bakeries. Tell me what 9k a month buys.",  # a request
              "our bakeries spend 9k a month and at what point should we worry about CPC",
              "The weather in Leeds is awful today.",  # nothing of the user's own plan
              "I don't know our customer lifetime value.",  # an input the composer acknowledges
              "We spent 9k last month and got 300 orders."]  # a calculation's inputs
CLARIFIED = ("What CPL should we plan for?", "To work that out I need one number from you: what is your budget?", [])


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(SCENES, NOT_SCENES, ["We run 3 dental practices in Boise and put 12k a month into Google search.",
                                       "and how many bookings if 10% of the clicks convert?"])


@pytest.mark.parametrize("text", SCENES)
def test_a_message_that_only_sets_the_scene(text):
    assert scene.only(text, parse(text))


@pytest.mark.parametrize("text", NOT_SCENES)
def test_a_message_that_asks_or_gives_an_input_is_not(text):
    assert not scene.only(text, parse(text))


def test_a_reply_to_a_clarifying_question_is_an_input():
    text = "We have 9k a month for ads."
    assert scene.only(text, parse(text)) and not scene.only(text, parse(text), CLARIFIED)


def test_what_the_business_has_is_no_count_a_spend_won():
    assert [n.role for n in parse("We run 4 bakeries and have 9k a month.").numbers] == ["owned", "budget"]
    assert [n.role for n in parse("a chain of 12 gyms").numbers] == ["owned"]
    assert [n.role for n in parse("we run 45k a month on search").numbers] == ["budget"]  # money run, not places
    assert [n.role for n in parse("we spent 9k and got 300 orders").numbers] == ["budget", "count"]


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
def test_end_to_end_the_scene_then_the_question(kb, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    first = conv.send("We run 4 dental practices in Denver and have 9k a month for search ads.")
    assert first.assistant == scene.REPLY
    second = conv.send("What CPC should we expect on Google?")
    assert "÷ 4" not in second.assistant and "your CPC" not in second.assistant, second.assistant
    assert "CPC" in second.assistant and "[" in second.assistant, second.assistant
    third = conv.send("How many clicks would that buy?")
    assert "$9,000 ÷" in third.assistant, third.assistant


def test_the_platform_the_scene_names_and_a_rate_of_the_users_own(kb_txt_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), max_tool_rounds=3)
    conv.send("We run 3 dental practices in Boise and put 12k a month into Google search.")
    asked = conv.send("What CPC should we plan on?")
    assert [c["input"].get("platform") for c in asked.tool_calls if c["name"] == "get_benchmark"] == ["Google Ads"]
    clicks = conv.send("How many clicks would that buy?")
    assert "$12,000 ÷ $3.90 ≈ 3,077 clicks" in clicks.assistant, clicks.assistant
    booked = conv.send("and how many bookings if 10% of the clicks convert?")
    assert "3,076.92 × 10% ≈ 308 bookings" in booked.assistant, booked.assistant
    assert not [c for c in booked.tool_calls if c["name"] == "get_audience_sizing"], booked.tool_calls


def test_a_rate_needs_a_count_worked_out_before():
    from agent.offline.carryrate import work
    asked = "how many bookings if 10% of the clicks convert?"
    assert work(asked, "Typical CPC is $2-3.") is None
    worked = "- $1,000 ÷ $2 = 500 clicks at the top of the Typical range"
    assert "500 × 10% = 50 bookings" in work(asked, worked)[0]
    assert work(asked.replace("clicks", "visits"), worked) is None  # a count the last answer did not work out
    assert work("how many bookings if 10% or 20% of the clicks convert?", worked) is None  # which rate?


@pytest.mark.parametrize("noise", ["hmmm", "huh.", "I see", "interesting!"])
def test_a_listeners_noise_is_small_talk(noise, shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    turn = conv.send(noise)
    assert turn.tool_calls == [] and turn.assistant == "What would you like to look at next?"
