"""A channel the asking sentence names must be named by the section quoted (agent.offline.subject, reader):

* the reader weighs words by their rarity among the passages read, so the channel's own word — held by most of
  them — weighs least, and a general note that never names the channel can win on the question's rarer words;
  a section close enough that names the channel, and whose own heading names something else asked, answers;
* not a channel's overview or price list (its heading names nothing else the question asks), not when the first
  section states a rule (a rule holds for every channel), and not a channel named only in the scene before the
  question.

Wording of our own, on hand-written passages in Markdown and plain-text layouts, and end to end on the shipped KB.
"""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, subject
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.test_offline_scene_subject import _sec as _md  # a Markdown section as a passage
from tests.unseen_wording import assert_unseen

FLOOR_Q = "What is the least a podcast trial can run on each month if we want to learn anything?"
RULE_Q = "Can we move a third of our podcast money into search by next week?"
SCENE_Q = "Podcasts did nothing for us last quarter. What is the least a trial can run on each month?"
OVERVIEW_Q = "How long should a podcast trial run before we learn anything from it?"


def _txt(pid: str, heading: str, body: str) -> dict:
    rule = "-" * 80
    return {"id": pid, "source": f"{pid.split('#')[0]}.txt › {heading.title()}",
            "text": f"{rule}\n{heading.upper()}\n{rule}\nMETA_TOPICS: budget\n\n{body}"}


GENERAL = ("Constraints on a plan", "A line funded below the least amount at which anything can be learned each month "
           "should be funded properly or not at all; a trial below it teaches nothing and wastes the month.")
FLOORS = ("Monthly floors by channel", "These are the least monthly amounts per market. Paid search: $2,000. "
          "Paid social: $4,000. Podcast: $9,000, because a show needs several episodes before listeners respond.")
OVERVIEW = ("Podcast advertising", "Podcast listeners hear the host read the ad while commuting. Podcast ads are "
            "bought per thousand downloads.")
RULE = ("The reallocation limit", "No line may grow or shrink by more than a fifth in any two weeks; moving money "
        "faster resets the learning of every line it touches, podcast or search.")


def _passages(make, *secs):
    return [make(f"doc{i}#{i}", h, b) for i, (h, b) in enumerate(secs)] + [
        make(f"pod{i}#{i}", f"Podcast note {i}", "Podcast shows sell host-read spots; podcast audiences are loyal.")
        for i in range(4)]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(FLOOR_Q, RULE_Q, SCENE_Q, OVERVIEW_Q)


def test_the_channel_read_from_the_asking_sentence_only():
    assert subject.media(FLOOR_Q) == [[frozenset({"podcast"})]]
    assert subject.media(SCENE_Q) == []  # named in the scene before the question: the setting
    assert subject.media("Which channel should get the next dollar?") == []  # "channel" names no medium


@pytest.mark.parametrize("make", [_md, _txt], ids=["markdown", "plain_text"])
def test_the_section_naming_the_channel_beats_a_general_note(make):
    got = extract(FLOOR_Q, _passages(make, GENERAL, FLOORS), 3)
    assert got and "[doc1#1]" in got and "$9,000" in got, got


@pytest.mark.parametrize("make", [_md, _txt], ids=["markdown", "plain_text"])
def test_a_channel_overview_does_not_take_over(make):
    got = extract(OVERVIEW_Q, _passages(make, GENERAL, OVERVIEW), 3)
    assert got and "[doc0#0]" in got, got  # "Podcast advertising" names nothing else asked


@pytest.mark.parametrize("make", [_md, _txt], ids=["markdown", "plain_text"])
def test_a_rule_keeps_its_place(make):
    got = extract(RULE_Q, _passages(make, RULE, FLOORS), 3)
    assert got and "[doc0#0]" in got, got


# the table of every channel's floor, not the general note (its OOH row lies past what one answer quotes)
E2E = [("what's the minimum we'd spend to test ooh properly?", "[step-07-channel-mix#7]", "illustrative monthly minimum"),
       ("whats the minimum spend to test ctv properly", "[channel-ctv#10]", "target households × frequency")]


@pytest.mark.parametrize("ask,cited,said", E2E)
def test_end_to_end_on_the_shipped_kb(ask, cited, said, shipped_engine):
    assert_unseen(ask)
    got = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(ask).assistant
    assert cited in got and said in got, got
