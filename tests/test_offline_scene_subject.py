""""We're moving money into bus-shelter posters. How do we know those posters actually drew people in?" — the
statement sets the scene, and the question names its own subject (agent.offline.setting, reader):

* a demonstrative with a noun of its own that is the subject of the question's clause ("those posters actually
  drew") names what the question is about; only a pronoun ("is that normal?", "did it work?") or a noun standing
  for the statement's figure ("that number") makes the statement the question's subject — so the statement's
  other words stay scene words, weighed below the question's own;
* what a question word or verb phrase asks for ("moving … into" a reallocation, "how often" a cadence) is read
  from the message's first asking sentence on when that names an attribute or its own subject: a statement before
  it tells the user's situation; a question naming neither leans on the statement ("The council is trimming our
  poster money. Which shelters should go first?" asks where to cut), and a statement after the question says more
  of what is asked.

Wording of our own, on hand-written passages and end to end on the shipped KB and the plain-text fixture KB.
"""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, setting
from agent.offline.reader import extract
from agent.offline.searchq import attributes
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

OWN = "We are moving our flyer money into bus-shelter posters. How do we know those posters actually drew people in?"
PRONOUN = "We are moving our flyer money into bus-shelter posters. How do we know it drew people in?"
AFTER = "Where should the poster money come from? I was going to trim every line a little."
LEANS = "The council is trimming our poster money. Which bus shelters should go first?"


def _sec(pid: str, heading: str, body: str) -> dict:
    return {"id": pid, "source": f"{pid.split('#')[0]}.md › {heading}", "text": f"### {heading}\n\n{body}"}


POSTERS = [_sec("p#1", "Moving money between channels", "Move money between channels in steps of a fifth at most, "
                "so that each move can be read before the next; flyer money moved into posters all at once hides "
                "which move did what."),
           _sec("p#4", "Did the posters work?", "Count visitors in the weeks the posters hang against matched weeks "
                "without them: the gap is the number of people the posters drew in.")]
E2E = [("shipped_engine", "I run a pet food brand shifting money into retailer ad networks. How can I tell whether "
        "those ads actually caused sales?", "[channel-retail-media#6]"),
       ("kb_txt_engine", "We are moving a chunk of our radio money into paid social next month. How will we know those "
        "ads actually caused extra sales?", "[measurement_and_testing#")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(OWN, PRONOUN, AFTER, LEANS, [q for _, q, _ in E2E])


def test_a_demonstrative_with_its_own_noun_leaves_the_statement_a_scene():
    assert {"flyer", "money", "move"} <= setting.scene_words(OWN)
    assert setting.scene_words(PRONOUN) == set()  # "it": the question takes its subject from the statement
    assert setting.scene_words("Our posters drew 300 people. Is that number good?") == set()  # a figure pointed at


def test_the_asked_attribute_is_read_from_the_question_on():
    assert attributes(OWN) == ["reallocation"]  # read from the whole message: the scene's "moving … into"
    assert "reallocation" not in setting.attributes_asked(OWN, attributes)  # the question names its own subject
    assert setting.attributes_asked(LEANS, attributes) == ["cut"]  # the question leans on the statement's verb
    assert setting.attributes_asked(AFTER, attributes) == ["cut"]  # a statement after the question says more of it
    assert setting.attributes_asked("we trim the posters", attributes) == ["cut"]  # nothing asks: the whole message
    assert setting.attributes_asked("We trim the posters. How often should we swap them?", attributes) == [
        "frequency cadence"]  # the question's own attribute


def test_the_section_on_the_question_beats_the_one_on_the_scene():
    got = extract(OWN, POSTERS, 3)
    assert got and "[p#4]" in got and "matched weeks" in got, got


@pytest.mark.parametrize("kb,ask,cited", E2E)
def test_end_to_end(kb, ask, cited, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert cited in got, got
