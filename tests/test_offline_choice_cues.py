"""Three cues by which the reader chooses, among the sections it read, the one that answers — wording of our own, on
hand-written passages and on the shipped KB and a plain-text one:

* "is it ok if we upload …?" is answered by the sentence saying not to upload (agent.offline.forbids), not by a rule
  heading about something else that shares the question's nouns;
* "at what level should we plan?" asks which level: a section headed with the asked noun ("Choosing the targeting
  level") tells it in words, and is not read as lacking a figure (agent.offline.answerforms.noun_asked);
* "stuff that works" is no match for a heading "Worked split of …": the words marking an illustration name its kind,
  not its topic (agent.offline.sectionkind.marker_terms).
"""
from __future__ import annotations

import pytest

from agent.offline import forbids, reader, sectionkind
from agent.offline.answerforms import noun_asked
from agent.offline.reader import extract
from tests.offline_turns import answer_to
from tests.test_offline_section_choice import _sec
from tests.unseen_wording import assert_unseen

ROSTER_ASK = "is it alright if we upload the cardio rehab roster so the platform can find lookalike people?"
CLUB = [_sec("c#1", "Unique rule: roster refresh", "An uploaded member roster loses about two points of matches a month, so "
             "any roster older than 60 days is re-uploaded before it is used as a seed for a lookalike audience."),
        _sec("c#2", "Sensitive groups", "Health conditions and money trouble are sensitive traits. Do not upload rosters "
             "whose very existence reveals one (for example, members of a cardiac rehab class).")]
LEVEL_ASK = "we only hold permits in a few counties. at what level should our delivery targeting sit?"
ZONES = [_sec("z#1", "County-level targeting", "Counties are the unit most delivery platforms accept; about 3,100 of them "
              "cover the country."),
         _sec("z#2", "Choosing the targeting level", "Permits held only in some counties: county for eligibility, "
              "postcode for delivery. Even demand across the country: national targeting.")]
SPLIT_ASK = "how should I split the pantry money between dishes that work and trying new things?"
KITCHEN = [_sec("k#1", "Worked split of a $9,000 month", "On $9,000 of pantry money: $5,400 (60%) for dishes, $2,700 for "
                "variations and $900 for trials."),
           _sec("k#2", "The 60/30/10 rule", "It divides the money by confidence: 60% to proven dishes, 30% to "
                "variations and 10% to new things.")]
E2E = [("shipped_engine", "is it alright if we upload our clinic's patient roster so meta can find lookalikes?", "do not upload lists"),
       ("kb_txt2_engine", "is it fine if we launch a prospecting campaign aimed at one small town?", "Do not launch a prospecting"),
       ("shipped_engine", "we want a geo experiment next quarter. at what level should the markets be planned?", "recommended level"),
       ("kb_txt_engine", "at what level should we plan our markets if we only ship to part of the country?", "DMA"),
       ("shipped_engine", "how do we divide our money between what already works and new experiments?", "70/20/10"),
       ("kb_txt4_engine", "how should we pace spend so it works across the month?", "RULE P1")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(ROSTER_ASK, LEVEL_ASK, SPLIT_ASK, [q for _, q, _ in E2E])


def test_the_act_asked_leave_for():
    assert forbids.acts(ROSTER_ASK) == {"upload"}
    assert forbids.acts("can we just pause the search campaigns over the holidays?") == {"paus"}
    assert forbids.acts("how often should we upload the roster?") == set()  # no yes/no question of leave
    assert forbids.acts("is it ok if we do that?") == set()  # a light verb names no act
    assert forbids.DIRECTIVE.search(CLUB[1]["text"]) and not forbids.DIRECTIVE.search(CLUB[0]["text"])


def test_the_noun_a_what_question_asks_about():
    assert noun_asked(LEVEL_ASK) == {"level"}
    assert noun_asked("what share should go to search?") == set()  # a share is a figure whatever the heading
    assert noun_asked("what frequency cap should our streaming spots use?") == set()  # a cap too
    assert noun_asked("how often should we refresh the ads?") == set()


def test_the_marker_of_an_illustration():
    assert sectionkind.marker_terms("Worked split of a $9,000 month") == {"work"}
    assert sectionkind.marker_terms("SECTION 5 - WORKED PACING EXAMPLE") == {"work", "exampl"}
    assert sectionkind.marker_terms("What worked last year") == frozenset()  # no illustration: a topic word


@pytest.mark.parametrize("ask,sections,want,wanted,module,name,off,lost", [
    # without the preference, the rule heading about the roster's decay won
    (ROSTER_ASK, CLUB, "[c#2]", "Do not upload", forbids, "BOOST", 1.0, "[c#1]"),
    # read as asking a figure, the section with one won
    (LEVEL_ASK, ZONES, "[z#2]", "county for eligibility", reader, "noun_asked", lambda q: set(), "[z#1]"),
    # "work" matched "Worked": the example won (it states a share too, so the division asked finds both)
    (SPLIT_ASK, KITCHEN, "[k#2]", "60%", sectionkind, "marker_terms", lambda h: frozenset(), "[k#1]"),
])
def test_the_cue_chooses_the_answering_section(ask, sections, want, wanted, module, name, off, lost, monkeypatch):
    got = extract(ask, sections, 3)
    assert want in got and wanted in got, got
    monkeypatch.setattr(module, name, off)
    assert lost in extract(ask, sections, 3)


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_the_answering_section(kb, ask, said, request):
    got = answer_to(request.getfixturevalue(kb), ask)
    assert said in got, got
