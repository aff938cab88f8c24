"""Small talk answered in kind and without tools, whatever the pleasantry: thanks in their
informal spellings and words of approval are not questions to search for, and a question after
them is still answered (own wording; both KBs)."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.tools import ToolExecutor

THANKS = ["wonderful, thx", "brilliant — much appreciated!", "fantastic, ty", "excellent, thank u so much",
          "amazing stuff, appreciate it"]


@pytest.fixture(params=["shipped_engine", "kb_txt_engine"])
def talk(request):
    executor = ToolExecutor(request.getfixturevalue(request.param))

    def send(*texts: str):
        conv = ConversationEngine(OfflineAgent(), executor, max_tool_rounds=3)
        return [conv.send(t) for t in texts]
    return send


@pytest.mark.parametrize("text", THANKS)
def test_thanks_after_an_answer_are_acknowledged_without_tools(talk, text):
    first, thanks = talk("what does CPM mean?", text)
    assert first.tool_calls, "the question itself is looked up"
    assert thanks.tool_calls == [] and thanks.assistant.startswith("You're welcome")


def test_a_greeting_and_a_goodbye_get_their_own_replies(talk):
    hello, bye = talk("hiya", "ok, bye for now")
    assert hello.tool_calls == [] == bye.tool_calls
    assert "What are you planning?" in hello.assistant and bye.assistant.startswith("Goodbye")


def test_a_question_after_the_pleasantry_is_still_answered(talk):
    (turn,) = talk("brilliant, thx. and what's a typical CPC in SaaS?")
    assert turn.tool_calls and "You're welcome" not in turn.assistant


@pytest.mark.parametrize("text", ["my manager will be over the moon with this, cheers", "truly appreciated, that cleared it up",
                                  "the deck is finished now. gracias!"])
def test_thanks_later_in_the_message_are_small_talk_too(talk, text):
    (turn,) = talk(text)
    assert turn.tool_calls == [] and turn.assistant.startswith("You're welcome")


@pytest.mark.parametrize("text", ["got it", "perfect, that settles it", "sweet, works for me"])
def test_approval_is_acknowledged_not_greeted(talk, text):
    (turn,) = talk(text)
    assert turn.tool_calls == [] and turn.assistant.startswith("Glad that helps")


def test_an_off_topic_request_after_a_laugh_is_still_declined(talk):
    (turn,) = talk("haha ok, now tell me tomorrow's football scores")
    assert "does not contain" in turn.assistant and "Glad that helps" not in turn.assistant
