"""A question asking for a quantity's usual value ("what X is normal?", "how big is X usually?") is answered by
the section stating a range of figures for X, not by the one defining X (agent.offline.valueask). Wording of our
own, on hand-written passages and both knowledge bases."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, valueask
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.test_offline_section_choice import _sec
from tests.unseen_wording import assert_unseen

TUTOR_ASK = "what hourly fee is normal for a tutor?"
LOCKER_ASK = "how big is the locker deposit usually?"
E2E = [("shipped_engine", "What's a typical cookie window for affiliate programs?", "7–30 days"),
       ("shipped_engine", "What should a cookie window be for an affiliate program?", "7–30 days"),
       ("shipped_engine", "What does a host-read podcast spot cost?", "$20–$50"),
       ("shipped_engine", "What should our reserve be?", "[step-10-risk-contingency#"),  # its heading names the reserve
       ("shipped_engine", "What's a typical frequency cap for paid social?", "per week"),  # a frequency, not a share
       ("shipped_engine", "How big is the network override usually?", "20%–30%"),
       ("kb_txt_engine", "what conversion rate is typical for dentists on google?", "8.90-9.60%")]

TUTORS = [_sec("t#1", "Tutor fees", "Tutors charge an hourly fee per lesson, one fee per term, or a package fee. The "
               "hourly fee normally covers travel to the pupil. Set the hourly fee from Step 2 of the pricing guide."),
          _sec("t#4", "Scheduling", "Most tutors teach after school; a normal week holds twenty lessons."),
          _sec("t#6", "Illustrative price ranges", "| Item | Illustrative range |\n|---|---|\n"
               "| Hourly fee, beginner pupils | $30–$45 |\n| Hourly fee, advanced pupils | $50–$80 |")]
GYM = [_sec("g#2", "Locker deposits", "A locker deposit is usually paid at the desk with the first month, and the "
            "deposit is refunded when the key comes back; a big deposit puts members off."),
       _sec("g#5", "What members pay", "Monthly membership: $25 to $40. Locker deposit: $10 to $20 per key.")]


LESSONS = [_sec("l#2", "Trial lessons", "A private lesson trial runs over 3 to 5 weeks before the pupil commits to a "
                "term; the first private lesson is free."),
           _sec("l#7", "Price guide", "Private lesson: $35 to $60 each. Group lesson: $12 to $20 a head. Costs rise "
                "with the tutor's grade."),
           _sec("l#9", "Lesson plans", "A private lesson usually covers scales, a piece and sight-reading; a lesson "
                "length of 30–60 minutes suits most pupils.")]
OTHER_WORDS = ["What does a private lesson cost?", "What should the locker deposit be?", "how much would it cost?"]
EXTRAS = [_sec("x#1", "Desk rules", "Towels and lockers are handed out at the front desk; a lost key costs the deposit."),
          _sec("x#4", "Extras price list", "| Extra | Illustrative range |\n|---|---|\n| Towel deposit | $2–$4 |\n"
               "| Locker deposit | $10–$20 |\n| Day pass | $8–$15 |\n| Sauna deposit | $5–$9 |")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(TUTOR_ASK, LOCKER_ASK, [q for _, q, _ in E2E], OTHER_WORDS, "what does a locker deposit usually cost?")


def test_a_value_asked_without_a_word_of_the_norm():
    assert valueask.asked(OTHER_WORDS[0]) and valueask.asked(OTHER_WORDS[1])
    assert not valueask.asked(OTHER_WORDS[2])  # a pronoun's value is worked out, not looked up
    assert not valueask.asked("at a $9 CPM what does that run us?")


def test_the_range_in_the_asked_unit_answers():
    got = extract(OTHER_WORDS[0], LESSONS, 3)  # a money range, not the trial's span of weeks
    assert "[l#7]" in got and "$35 to $60" in got, got
    assert "[g#5]" in extract(OTHER_WORDS[1], GYM, 3)


def test_only_the_rows_stating_the_quantity_are_quoted():
    got = extract("what does a locker deposit usually cost?", EXTRAS, 3)
    assert "[x#4]" in got and "$10–$20" in got and "Towel" not in got and "Sauna" not in got, got


def test_a_usual_value_asked_and_the_quantity_it_names():
    assert valueask.asked(TUTOR_ASK) == {"normal"}
    assert valueask.named(TUTOR_ASK, {"hour", "fee", "tutor"}) == {"hour", "fee"}
    assert valueask.asked(LOCKER_ASK) == {"usual"}
    assert valueask.asked("the normal plan is fine, thanks") == set()  # no question of a value
    assert valueask.asked("how are lockers billed under your usual plan?") == set()  # the advisor's own norm: a rule


def test_a_range_stated_for_the_quantity_not_a_step_number():
    units = extract.__globals__["_units"]
    assert valueask.states({"fee"}, units([TUTORS[2]]))
    assert not valueask.states({"fee"}, units([TUTORS[0]]))  # "Step 2" is no figure, "twelve lessons" no range
    assert not valueask.states({"deposit"}, units([TUTORS[2]]))


@pytest.mark.parametrize("ask,passages,cite,said", [(TUTOR_ASK, TUTORS, "[t#6]", "$30–$45"),
                                                    (LOCKER_ASK, GYM, "[g#5]", "$10 to $20")])
def test_the_section_stating_the_range_answers(ask, passages, cite, said):
    got = extract(ask, passages, 3)
    assert cite in got and said in got, got


def test_asking_what_it_is_still_gets_the_definition():
    got = extract("how do tutors charge their fees?", TUTORS, 3)
    assert "[t#1]" in got, got


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_the_usual_value(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    assert said in conv.send(ask).assistant


def test_end_to_end_the_row_naming_most_of_the_quantity(request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue("shipped_engine")), max_tool_rounds=3)
    got = conv.send("What does a host-read podcast spot cost?").assistant
    assert "$20–$50" in got and "Programmatic podcast" not in got, got
